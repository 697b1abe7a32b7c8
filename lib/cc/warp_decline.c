// SPDX-License-Identifier: MIT
/*
 * warp_decline.c - under --exec-model=auto, the kernels warp.c leaves as
 * written for the fibers, one by one (issue 38, twenty-ninth session;
 * lib/cc/README.md "Warps").
 *
 * warp.c lowers a file's warp operations for loop fission, or refuses what
 * it cannot lower.  Under auto a refusal used to send the whole file to the
 * fibers (warp.c skipped, every kernel with warp operations run as fibers):
 * one __device__ helper with a shuffle loop called in an `if` condition, or
 * one vote in a loop header, took every warp kernel of the file with it.
 * Now such a kernel is declined: its text stays as written (its lowering,
 * if any was done, is dropped), it runs as fibers with the reason recorded
 * here, and the file's other kernels are lowered as before.  A helper warp.c
 * cannot lower declines every kernel that reaches it through the main
 * file's definitions; a kernel a reach misses was lowered and then runs as
 * fibers for calling a function that suspends, which whole.c answers by
 * translating the file again without warp.c (slower, never wrong).
 * --exec-model=fission refuses as before.
 */
#include "cc.h"
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REACH_DEPTH 32 /* deeper calls are not followed (see above: slower, never wrong) */

bool warp_declining(const struct source *s)
{
	return s->model == EXEC_AUTO && s->quiet;
}

void warp_decline(struct source *s, CXCursor fn, const char *why)
{
	char *n = cx_spelling(fn);

	fiber_names_add(&s->warp_declined, n, why);
	free(n);
}

const char *warp_declined_why(const struct source *s, CXCursor fn)
{
	char *n;
	const char *why = NULL;

	if (!s->warp_declined.n)
		return NULL;
	n = cx_spelling(fn);
	if (fiber_names_has(&s->warp_declined, n))
		why = fiber_names_why(&s->warp_declined, n) ? fiber_names_why(&s->warp_declined, n)
							    : "?";
	free(n);
	return why;
}

struct reach {
	const struct source *s;
	const struct fiber_names *names;
	char *hit;
};

/* Is the name of c (a call, a reference) one of r->names?  Then r->hit. */
static bool named(struct reach *r, CXCursor c)
{
	char *n = cx_spelling(c);

	if (*n && fiber_names_has(r->names, n)) {
		r->hit = n;
		return true;
	}
	free(n);
	return false;
}

static enum fn_reach_step reach_ref(void *ctx, CXCursor decl)
{
	return named(ctx, decl) ? FN_REACH_STOP : FN_REACH_GO;
}

/* the main file's definitions only (warp.c lowers nothing else) */
static enum fn_reach_step reach_def(void *ctx, CXCursor def)
{
	return in_main(((struct reach *)ctx)->s, def) ? FN_REACH_GO : FN_REACH_SKIP;
}

static enum fn_reach_step reach_visit(void *ctx, CXCursor c, CXCursor fn)
{
	(void)fn;
	if (clang_getCursorKind(c) == CXCursor_CallExpr && named(ctx, c))
		return FN_REACH_STOP;	/* a dependent call too: by its name */
	return FN_REACH_GO;
}

char *warp_reaches(const struct source *s, CXCursor kernel, const struct fiber_names *names)
{
	struct reach r = { s, names, NULL };
	struct fn_reach walk = { reach_ref, reach_def, reach_visit, &r, REACH_DEPTH };

	if (names->n)
		fn_reach(kernel, &walk);
	return r.hit;
}
