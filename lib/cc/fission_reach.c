// SPDX-License-Identifier: MIT
/*
 * fission_reach.c - with --exec-model=fission, the warp-level functions a
 * kernel reaches that nothing lowers (issue 38; lib/cc/README.md "Two
 * execution models").
 *
 * warp.c lowers the warp operations of the main file only, and refuses
 * there what it cannot lower (a shuffle on a value of a type parameter's
 * type stays an unresolved call in the template).  A __device__ template in
 * a header of the program -- or any function of a header whose kernels are
 * translated with it (whole.c translate_headers: no warp.c there) -- was
 * never looked at: clang reports a resolved warp call in such a function
 * (frontend.c), an unresolved one it cannot, so the program built and its
 * launch stopped ("a warp-level function called outside a fiber kernel").
 * Here the kernel's calls are followed through their definitions at any
 * depth, and a dependent warp-level or cooperative-groups call in a
 * function warp.c did not lower is refused at its place.
 */
#include "cc.h"
#include "warp.h"

#include <stdlib.h>
#include <string.h>

#define REACH_DEPTH 64 /* deeper calls are not followed (a refusal missed, never a wrong one) */

struct reach {
	struct source *s;
	const char *kernel;
	CXCursor cur;	/* the function being visited */
	CXCursor *seen; /* definitions already looked at */
	unsigned nseen, depth;
	bool refused;
};

static void reach_fn(struct reach *r, CXCursor fn);

/* Did warp.c lower fn's text (the main file's, unless the file goes without warp.c)? */
static bool lowered(const struct reach *r, CXCursor fn)
{
	return !r->s->no_warp_lower && in_main(r->s, fn);
}

/* The definition to follow for a referenced function: a template's own for its instance. */
static void follow_decl(struct reach *r, CXCursor d)
{
	CXCursor t;

	if (clang_Cursor_isNull(d) || !function_kind(clang_getCursorKind(d)) || decl_in_headers(d))
		return;
	t = clang_getSpecializedCursorTemplate(d);
	if (!clang_Cursor_isNull(t))
		d = t;
	d = clang_getCursorDefinition(d);
	if (!clang_Cursor_isNull(d))
		reach_fn(r, d);
}

static enum CXChildVisitResult reach_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct reach *r = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor ref;
	char *n, *f;

	(void)parent;
	if (k == CXCursor_CallExpr && !lowered(r, r->cur)) {
		f = cx_spelling(r->cur);
		if ((n = cg_dependent_call(c)))
			error_at(r->s, c,
				 "cooperative groups: '%s' in '%s' names its group through a "
				 "template parameter: such calls run only as fibers (not with "
				 "--exec-model=fission); kernel '%s' reaches it",
				 n, f, r->kernel);
		else if ((n = warp_dependent_call(c)))
			error_at(r->s, c,
				 "'%s' in '%s' takes a value whose type depends on a template "
				 "parameter: such calls run only as fibers (not with "
				 "--exec-model=fission); kernel '%s' reaches it",
				 n, f, r->kernel);
		r->refused = n != NULL;
		free(n);
		free(f);
		if (r->refused)
			return CXChildVisit_Break;
	}
	if (k == CXCursor_OverloadedDeclRef) {
		for (unsigned i = 0; i < clang_getNumOverloadedDecls(c) && !r->refused; i++)
			follow_decl(r, clang_getOverloadedDecl(c, i));
	} else if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr ||
		   k == CXCursor_MemberRefExpr) {
		ref = clang_getCursorReferenced(c);
		if (!clang_Cursor_isNull(ref))
			follow_decl(r, ref);
	}
	return r->refused ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void reach_fn(struct reach *r, CXCursor fn)
{
	CXCursor caller = r->cur;

	for (unsigned i = 0; i < r->nseen; i++)
		if (clang_equalCursors(r->seen[i], fn))
			return;
	if (r->depth >= REACH_DEPTH)
		return;
	r->seen = cx_realloc(r->seen, (r->nseen + 1) * sizeof(*r->seen));
	r->seen[r->nseen++] = fn;
	r->depth++;
	r->cur = fn;
	clang_visitChildren(fn, reach_visit, r);
	r->cur = caller;
	r->depth--;
}

bool fission_unlowered_warps(struct source *s, CXCursor kernel)
{
	char *name = cx_spelling(kernel);
	struct reach r = {s, name, kernel, NULL, 0, 0, false};

	reach_fn(&r, kernel);
	free(r.seen);
	free(name);
	return r.refused;
}
