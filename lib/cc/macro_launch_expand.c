// SPDX-License-Identifier: MIT
/*
 * macro_launch_expand.c - whole launches that a macro of one of the
 * program's headers writes, found before the parse so that their
 * invocations are written out (lib/cc/README.md, "nvcc's dialect as older
 * code writes it").
 *
 * macro_launch.c rewrites a launch where it is spelled, in a #define of the
 * file being translated.  A header that only defines launch helpers
 * (`#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)` in a `.cuh`) is
 * not translated, so its #define cannot be edited, and a launch of the
 * .cu's own #define whose callee, chevrons and argument list are not all in
 * its body (`#define L(k, n) k<<<1, n>>>` used as `L(k, 32)(p)`) cannot be
 * rewritten in it.  Each such launch is a kernel call of the main file whose
 * text is a macro's expansion; the invocation of that expansion is written
 * out one level, as macro_kernel_expand.c writes out the invocations that
 * write kernels, after which the launch is text (or another invocation,
 * written out in the next round: a macro of the .cu that calls a header's).
 * A launch whose chevrons are in the invocation's own text (a macro's
 * argument, `CHECK(k<<<g, b>>>(x))`) and one macro_launch.c rewrites are
 * left as they were.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

struct launch_uses {
	const struct source *s;
	CXFile main;
	struct offsets at;
};

/* Does the callee expression under a call name a __global__ function or template? */
static enum CXChildVisitResult names_kernel(CXCursor c, CXCursor parent, CXClientData data)
{
	bool *kernel = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_OverloadedDeclRef) {
		for (unsigned i = 0; i < clang_getNumOverloadedDecls(c) && !*kernel; i++)
			*kernel = has_annot(clang_getOverloadedDecl(c, i), "global");
	} else if (k == CXCursor_DeclRefExpr && has_annot(clang_getCursorReferenced(c), "global")) {
		*kernel = true;
	} else if (k == CXCursor_UnexposedExpr || k == CXCursor_DeclRefExpr) {
		return CXChildVisit_Recurse;	/* a dependent name: its candidates below */
	}
	return CXChildVisit_Break;	/* the first child is the callee; the arguments are not */
}

/*
 * Is the call c a kernel launch: its callee a __global__ function or
 * template, or, in a template, a name that only kernels of that name bear
 * (`LAUNCH(scale<T>, ...)`: the call is dependent, nothing is referenced)?
 */
bool is_kernel_call(CXCursor c)
{
	CXCursor r = clang_getCursorReferenced(c);
	bool kernel = false;

	if (!clang_Cursor_isNull(r))
		return has_annot(r, "global");
	clang_visitChildren(c, names_kernel, &kernel);
	return kernel;
}

/* Does the main file's text [a, e) spell `<<<` (a launch in a macro's argument)? */
static bool chevrons_in_text(const struct source *s, unsigned a, unsigned e)
{
	for (unsigned i = a; i + 3 <= e && i + 3 <= s->len; i++)
		if (!strncmp(s->text + i, "<<<", 3))
			return true;
	return false;
}

static enum CXChildVisitResult find_launch_uses(CXCursor c, CXCursor parent, CXClientData data)
{
	struct launch_uses *u = data;
	CXFile f;
	unsigned a, e;

	(void)parent;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f || !u->main || !clang_File_isEqual(f, u->main))
		return CXChildVisit_Continue;	/* a header's declarations: not written out */
	if (clang_getCursorKind(c) != CXCursor_CallExpr || !in_expansion(c) || !is_kernel_call(c))
		return CXChildVisit_Recurse;
	a = c_start(c);
	e = c_end(c);
	if (!chevrons_in_text(u->s, a, e) && !macro_launch_rewritten(u->s, a, e))
		offsets_add(&u->at, a);
	return CXChildVisit_Continue;
}

unsigned macro_launch_uses(const struct source *s, CXTranslationUnit tu, unsigned **off)
{
	struct launch_uses u = {.s = s, .main = clang_getFile(tu, s->path)};

	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_launch_uses, &u);
	*off = u.at.off;
	return u.at.n;
}
