// SPDX-License-Identifier: MIT
/*
 * warp_lane0.c - is a variable read only by lane 0 of each warp after a
 * statement? (issue 40; warp_tree.c asks it of the shuffle tree's local.)
 *
 * The usual warp sum ends in lane 0 -- `if (lane == 0) sums[warp] = v;` --
 * and the other lanes' values of the tree are never read: the tree then
 * needs, per warp, only the lanes lane 0's value depends on, 31 adds
 * instead of 160.  Proven on the text: after the statement, in its block,
 * every statement that names v either assigns v anew from what does not
 * read it (the rest is free) or is an `if` without else whose condition
 * implies lane 0 (`tid % 32 == 0`, `(threadIdx.x & 31) == 0`, `lane == 0`,
 * `!(x % warpSize)`, `tid == 0`, or such a test joined by &&; tid and lane locals
 * initialised so and never assigned) and whose body does not assign v; the
 * block ends where v dies (v declared in it, or the function's body), or
 * the walk goes on outwards (lane0_reads_only).  Not
 * where v's address is taken, a lambda or goto is in the function.  The
 * lane is threadIdx.x % 32, the warp's lane only when the block's rows are
 * whole warps or it has one row (the caller tests that at run time).
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdlib.h>
#include <string.h>

static bool refs(CXCursor e, CXCursor var)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

struct find {
	const struct source *s;
	CXCursor var;
	bool named, written, addressed, jumps;
};

static enum CXChildVisitResult find_uses(CXCursor c, CXCursor parent, CXClientData d)
{
	struct find *f = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ks;
	char op[4];

	(void)parent;
	if (k == CXCursor_LambdaExpr || k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt ||
	    k == CXCursor_LabelStmt)
		f->jumps = true;
	if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), f->var))
		f->named = true;
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		ks = cx_kids_of(c);
		op_text(f->s, c, op);
		if (ks.n == 2 && is_assign_op(op) && refs(ks.c[0], f->var))
			f->written = true;
		cx_kids_free(&ks);
	} else if (k == CXCursor_UnaryOperator) {
		ks = cx_kids_of(c);
		if (ks.n == 1 && refs(ks.c[0], f->var)) {
			char u = unary_op(f->s, c);

			f->written |= u == '+' || u == '&';
			f->addressed |= u == '&';
		}
		cx_kids_free(&ks);
	}
	return CXChildVisit_Recurse;
}

static struct find uses_in(const struct source *s, CXCursor c, CXCursor var)
{
	struct find f = { s, var, false, false, false, false };

	find_uses(c, c, &f);
	clang_visitChildren(c, find_uses, &f);
	return f;
}

/* Is var (a VarDecl or ParmDecl) named, or assigned, incremented or addressed, under c? */
bool wl_var_named(const struct source *s, CXCursor c, CXCursor var)
{
	return uses_in(s, c, var).named;
}

bool wl_var_addressed(const struct source *s, CXCursor c, CXCursor var)
{
	return uses_in(s, c, var).addressed;
}

bool wl_var_written(const struct source *s, CXCursor c, CXCursor var)
{
	struct find f = uses_in(s, c, var);

	return f.written || f.addressed;
}

/* A local of the function, initialised by init and never assigned, whose initializer passes ok(). */
bool wl_fixed_local(const struct source *s, CXCursor fn_body, CXCursor e,
			bool (*ok)(const struct source *, CXCursor, CXCursor))
{
	CXCursor d;
	struct find f;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	d = clang_getCursorReferenced(e);
	if (clang_getCursorKind(d) != CXCursor_VarDecl || clang_Cursor_isNull(var_init(d)))
		return false;
	f = uses_in(s, fn_body, d);
	return !f.written && ok(s, fn_body, var_init(d));
}

/* threadIdx.x, or a local initialised so and never assigned. */
bool wl_is_tidx(const struct source *s, CXCursor fn_body, CXCursor e)
{
	struct cx_kids ks;
	char *m;
	bool r;

	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_MemberRefExpr) {
		ks = cx_kids_of(e);
		m = cx_spelling(e);
		r = ks.n == 1 && !strcmp(m, "x") && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr;
		free(m);
		if (r) {
			m = cx_spelling(strip(ks.c[0]));
			r = !strcmp(m, "threadIdx");
			free(m);
		}
		cx_kids_free(&ks);
		return r;
	}
	return wl_fixed_local(s, fn_body, e, wl_is_tidx);
}

bool wl_const_is(CXCursor e, long long want)
{
	long long v;
	bool ok = false;
	char *n;

	if (int_constant(strip(e), &v))
		return v == want;
	n = cx_spelling(strip(e));	/* whole programs: warpSize is an extern const int */
	ok = n && want == 32 && !strcmp(n, "warpSize");
	free(n);
	return ok;
}

/* X % 32, X % warpSize, X & 31 (X: threadIdx.x or tid), or a local initialised so and never assigned. */
bool wl_is_lane(const struct source *s, CXCursor fn_body, CXCursor e)
{
	struct cx_kids ks;
	char op[4];
	bool r = false;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
		return wl_fixed_local(s, fn_body, e, wl_is_lane);
	ks = cx_kids_of(e);
	op_text(s, e, op);
	if (ks.n == 2 && wl_is_tidx(s, fn_body, ks.c[0]))
		r = (!strcmp(op, "%") && wl_const_is(ks.c[1], 32)) || (!strcmp(op, "&") && wl_const_is(ks.c[1], 31));
	cx_kids_free(&ks);
	return r;
}

/* A condition that holds only where threadIdx.x % 32 == 0. */
static bool lane0_cond(const struct source *s, CXCursor fn_body, CXCursor c)
{
	struct cx_kids ks;
	enum CXCursorKind k;
	char op[4];
	bool r = false;

	c = strip(c);
	k = clang_getCursorKind(c);
	ks = cx_kids_of(c);
	if (k == CXCursor_BinaryOperator && ks.n == 2) {
		op_text(s, c, op);
		if (!strcmp(op, "&&"))
			r = lane0_cond(s, fn_body, ks.c[0]) || lane0_cond(s, fn_body, ks.c[1]);
		else if (!strcmp(op, "=="))
			r = ((wl_is_lane(s, fn_body, ks.c[0]) || wl_is_tidx(s, fn_body, ks.c[0])) && wl_const_is(ks.c[1], 0)) ||
			    ((wl_is_lane(s, fn_body, ks.c[1]) || wl_is_tidx(s, fn_body, ks.c[1])) && wl_const_is(ks.c[0], 0));
	} else if (k == CXCursor_UnaryOperator && ks.n == 1 && s->text[c_start(c)] == '!') {
		r = wl_is_lane(s, fn_body, ks.c[0]);
	}
	cx_kids_free(&ks);
	return r;
}

/* The compound statement of which st is a direct child, under c. */
static bool parent_of(CXCursor c, CXCursor st, CXCursor *parent)
{
	struct cx_kids ks = cx_kids_of(c);
	bool found = false;
	unsigned i;

	for (i = 0; i < ks.n && !found; i++)
		if (clang_equalCursors(ks.c[i], st)) {
			*parent = c;
			found = true;
		}
	for (i = 0; i < ks.n && !found; i++)
		if (c_start(ks.c[i]) <= c_start(st) && c_end(st) <= c_end(ks.c[i]))
			found = parent_of(ks.c[i], st, parent);
	cx_kids_free(&ks);
	return found;
}

enum walk { WALK_FAIL, WALK_DONE, WALK_ON };

/*
 * The statements of block after st: WALK_DONE where v is assigned anew or
 * dies at the block's end (declared in it before st, or the function's
 * body), WALK_FAIL where a statement reads it other than in lane-0 code,
 * WALK_ON where the block ends with v alive (its reads go on after it).
 */
static enum walk after_in_block(const struct source *s, CXCursor fn_body, CXCursor block, CXCursor st, CXCursor var)
{
	struct cx_kids ks = cx_kids_of(block);
	enum walk r = WALK_ON;
	bool dies = clang_equalCursors(block, fn_body), after = false;
	unsigned i;

	for (i = 0; i < ks.n && r == WALK_ON; i++) {
		CXCursor c = ks.c[i], t, v;
		struct cx_kids is;

		if (!after) {	/* before the statement: is v declared in this block? */
			after = clang_equalCursors(c, st);
			if (clang_getCursorKind(c) == CXCursor_DeclStmt) {
				struct cx_kids ds = cx_kids_of(c);

				for (unsigned j = 0; j < ds.n; j++)
					dies |= clang_equalCursors(ds.c[j], var);
				cx_kids_free(&ds);
			}
			continue;
		}
		if (!uses_in(s, c, var).named)
			continue;
		if (assignment(s, c, &t, &v) && clang_getCursorKind(c) == CXCursor_BinaryOperator && refs(t, var) &&
		    !uses_in(s, v, var).named) {
			r = WALK_DONE;	/* assigned anew: nothing after reads the tree's value */
			break;
		}
		is = cx_kids_of(c);
		if (!(clang_getCursorKind(c) == CXCursor_IfStmt && is.n == 2 && lane0_cond(s, fn_body, is.c[0]) &&
		      !uses_in(s, is.c[0], var).named && !uses_in(s, is.c[1], var).written))
			r = WALK_FAIL;
		cx_kids_free(&is);
	}
	cx_kids_free(&ks);
	return r == WALK_ON && dies ? WALK_DONE : r;
}

/*
 * Block by block outwards: where st's block ends with v alive, the walk
 * goes on after that block in the block around it, or after the if of
 * which it is a branch (an inlined helper's braces, `if (wid == 0) {
 * ... }`: straight-line code, run at most once); never out of a loop's
 * body (its next iteration reads what came before).
 */
bool lane0_reads_only(const struct source *s, CXCursor fn_body, CXCursor st, CXCursor var)
{
	CXCursor parent, up;
	struct find f = uses_in(s, fn_body, var);
	enum walk r;

	if (f.addressed || f.jumps || !parent_of(fn_body, st, &parent) ||
	    clang_getCursorKind(parent) != CXCursor_CompoundStmt)
		return false;
	while ((r = after_in_block(s, fn_body, parent, st, var)) == WALK_ON) {
		if (!parent_of(fn_body, parent, &up))
			return false;
		st = parent;
		if (clang_getCursorKind(up) == CXCursor_IfStmt) {
			st = up;
			if (!parent_of(fn_body, up, &up))
				return false;
		}
		if (clang_getCursorKind(up) != CXCursor_CompoundStmt)
			return false;
		parent = up;
	}
	return r == WALK_DONE;
}
