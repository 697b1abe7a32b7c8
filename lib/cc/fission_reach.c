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
};

/* Did warp.c lower fn's text (the main file's, unless the file goes without warp.c)? */
static bool lowered(const struct reach *r, CXCursor fn)
{
	return !r->s->no_warp_lower && in_main(r->s, fn);
}

/* the program's own functions: the headers' are ours or the system's */
static enum fn_reach_step reach_ref(void *ctx, CXCursor decl)
{
	(void)ctx;
	return decl_in_headers(decl) ? FN_REACH_SKIP : FN_REACH_GO;
}

/* c in function fn: a dependent call warp.c did not lower refused (the walk stops) */
static enum fn_reach_step reach_visit(void *ctx, CXCursor c, CXCursor fn)
{
	struct reach *r = ctx;
	char *n, *f;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || lowered(r, fn))
		return FN_REACH_GO;
	f = cx_spelling(fn);
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
	free(f);
	if (!n)
		return FN_REACH_GO;
	free(n);
	return FN_REACH_STOP;
}

bool fission_unlowered_warps(struct source *s, CXCursor kernel)
{
	char *name = cx_spelling(kernel);
	struct reach r = { s, name };
	struct fn_reach walk = { reach_ref, NULL, reach_visit, &r, REACH_DEPTH };
	bool refused = fn_reach(kernel, &walk);

	free(name);
	return refused;
}
