// SPDX-License-Identifier: MIT
/*
 * macro_shift_expand.c - shifts by a count that is not a constant that a
 * macro writes in device code, written out before the translation
 * (lib/cc/README.md, "Shifts").
 *
 * shift.c writes such a shift through a helper that gives the GPU's result
 * for a count past the width, by edits made where the operator is spelled.
 * In a macro's text it is not (Parboil mri-gridding's `#define
 * CONFLICT_FREE_OFFSET(index) ((index) >> LNB + (index) >> (2*LNB))`
 * shifts by `LNB + index`, past 31 from index 28: the GPU gives 0, x86
 * masks the count, and the shared-memory index ran past the array).  Each
 * invocation of the main file whose expansion holds one in a function of
 * device code is written out one level in place, as kernel-writing macros
 * are (macro_kernel_expand.c); its nested macros are written out in the
 * rounds after, until the operator is text shift.c rewrites.  Only programs
 * with a `#define` that writes `<<` or `>>` pay for the parse that looks for
 * them.
 */
#include "cc.h"

#include <string.h>

/* Does the line [from, end) hold `<<` or `>>` (not `<<<`, `>>>` of a launch)? */
static bool shift_op_in(const char *text, size_t from, size_t end)
{
	for (size_t i = from; i + 1 < end; i++)
		if (text_shift_at(text, from, i, end))
			return true;
	return false;
}

bool defines_shift(const char *text, size_t len)
{
	return text_any_directive(text, len, shift_op_in);
}

struct shift_uses {
	const struct source *s;
	struct offsets at;
};

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct shift_uses *u = data;

	(void)parent;
	if (shift_in_macro(u->s, c))
		offsets_add(&u->at, c_start(c));
	return CXChildVisit_Recurse;
}

static void find_shift_uses(CXCursor fn, void *data)
{
	if (cuda_quals(fn) & CUDA_Q_DEVICE)
		clang_visitChildren(fn, body_visit, data);
}

unsigned macro_shift_uses(const struct source *s, CXTranslationUnit tu, unsigned **off)
{
	struct shift_uses u = {.s = s};

	main_fn_defs(tu, s->path, find_shift_uses, &u);
	*off = u.at.off;
	return u.at.n;
}
