// SPDX-License-Identifier: MIT
/*
 * macro_warp_expand.c - warp operations that a macro of the main file
 * writes in kernel code, written out before the lowering when the program
 * is forced to loop fission (lib/cc/README.md, "Kernels that a macro
 * writes").
 *
 * warp.c lowers a warp operation by cutting its statement around the call
 * (every lane publishes its operand, the warp meets, each reads its
 * partner's), edits made where the call is spelled.  In a macro's body
 * (`#define WARP_SUM(v, ...) for (...) v += __shfl_down_sync(m, v, o
 * __VA_OPT__(, ) __VA_ARGS__)`) it is not spelled in the kernel, so the
 * lowering refused it ("a warp-level function inside a macro expansion"),
 * and a program forced to fission did not build; by default such a kernel
 * runs as fibers, which take the macro as written.  Forced to fission, the
 * invocation is written out one level in place, as kernel-writing macros
 * are (macro_kernel_expand.c), after which the call is text; a macro that is
 * the call and nothing more (`#define __shfl(v, d) __shfl_sync(~0u, v, d)`)
 * too, since lane loops (lane_macro.c, which keeps its invocation) are a
 * fiber plan.  Left alone: an expansion that cannot be written out (its
 * refusal stays).
 */
#define _GNU_SOURCE /* memmem */
#include "cc.h"
#include "warp.h"

#include <stdlib.h>
#include <string.h>

struct warp_uses {
	const struct source *s;
	CXFile main;
	struct offsets at;
};

/* Is the call c a warp operation whose name the main file does not spell at its offset? */
static bool warp_op_from_macro(const struct source *s, CXCursor c)
{
	char *n = builtin_ref(c);
	unsigned a = c_start(c);
	bool r = n && warp_op_named(n) && in_expansion(c) &&
		 !(a + strlen(n) <= s->len && !strncmp(s->text + a, n, strlen(n)));

	free(n);
	return r;
}

static enum CXChildVisitResult find_warp_uses(CXCursor c, CXCursor parent, CXClientData data)
{
	struct warp_uses *u = data;
	CXFile f;

	(void)parent;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f || !u->main || !clang_File_isEqual(f, u->main))
		return CXChildVisit_Continue;	/* a header's code: warp.c lowers the main file only */
	if (clang_getCursorKind(c) == CXCursor_CallExpr && warp_op_from_macro(u->s, c))
		offsets_add(&u->at, c_start(c));
	return CXChildVisit_Recurse;
}

unsigned macro_warp_uses(const struct source *s, CXTranslationUnit tu, unsigned **off)
{
	struct warp_uses u = {.s = s, .main = clang_getFile(tu, s->path)};

	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_warp_uses, &u);
	*off = u.at.off;
	return u.at.n;
}

/* Does the line [from, end) name a warp-level function? */
static bool warp_op_in(const char *text, size_t from, size_t end)
{
	static const char *const names[] = { "__shfl", "__ballot", "__any", "__all", "__activemask",
					     "__syncwarp", "__match_", "__reduce_" };

	for (size_t j = 0; j < sizeof(names) / sizeof(names[0]); j++)
		if (memmem(text + from, end - from, names[j], strlen(names[j])))
			return true;
	return false;
}

bool defines_warp_op(const char *text, size_t len)
{
	return text_any_directive(text, len, warp_op_in);
}
