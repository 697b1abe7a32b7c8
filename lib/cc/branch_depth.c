// SPDX-License-Identifier: MIT
/*
 * branch_depth.c - how deep in branches and loops a lock-step meeting sits.
 *
 * The lanes of a warp meet where code counts on lock step (lockstep.c,
 * whole.c: __idxgen_cc_lockstep(), __idxgen_cc_vstore()).  When lanes of
 * a warp wait at different meetings, the runtime lets the deepest go on
 * first (lib/rt/fiber.c, coalesce_warp): a GPU's warp that diverged runs
 * the lanes inside a branch while those that skipped it wait where it
 * ends.  The depth is the number of if, switch and loop statements of the
 * function whose extent holds the meeting, a statement's own start not
 * counting (a meeting before an if is outside it; a loop's condition, met
 * before each test, is inside the loop).
 */
#include "cc.h"

struct depth_walk {
	unsigned at;	/* the meeting's offset */
	unsigned depth;
};

static bool opens_branch(enum CXCursorKind k)
{
	return k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_ForStmt ||
	       k == CXCursor_WhileStmt || k == CXCursor_DoStmt || k == CXCursor_CXXForRangeStmt;
}

static enum CXChildVisitResult depth_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct depth_walk *d = data;
	unsigned a = c_start(c);

	(void)parent;
	if (d->at < a || d->at >= c_end(c))
		return CXChildVisit_Continue;
	if (opens_branch(clang_getCursorKind(c)) && d->at != a)
		d->depth++;
	return CXChildVisit_Recurse;
}

unsigned branch_depth(CXCursor fn, unsigned at)
{
	struct depth_walk d = { .at = at, .depth = 0 };

	clang_visitChildren(fn, depth_visit, &d);
	return d.depth;
}
