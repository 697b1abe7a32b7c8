// SPDX-License-Identifier: MIT
/*
 * warp_block_sum.c - the two-level shuffle block sum, recognised as the
 * block reduction it is (issue 40).
 *
 * The block sum most public code writes (a warpReduceSum helper, NVIDIA's
 * blog, bench_warp's sum_shfl and sum_shfl_helper):
 *
 *     TREE(v);                                   each warp's sum in lane 0
 *     if (lane == 0) sh[wid] = v;                lane 0 publishes it
 *     __syncthreads();
 *     v = threadIdx.x < blockDim.x / warpSize ? sh[lane] : 0;
 *     if (wid == 0) TREE(v);                     (or TREE(v) in every warp)
 *     if (threadIdx.x == 0) USE(v);
 *
 * lowered statement by statement runs ten thread loops over the block,
 * most of them for values nothing reads: only lane 0 of each warp reads the
 * first tree, only warp 0's lanes matter to the second, only thread 0
 * reads its result.  Here, in a 1-D block (a run-time test; any other
 * shape runs the statements as written, the else branch), the block
 * publishes v once (where v's initializer is a contiguous load, not at all:
 * idxgen_cc_block_sum2_from reads it in place, warp_block_load.c) and runs
 *
 *     idxgen_cc_block_sum2(x, y, n, sh, BOUND, ZERO);   once per block
 *     if (threadIdx.x == 0) USE(<the second tree's lane 0>);
 *
 * (include/idxgen_cc_warp.h): every warp's lane-0 tree, each sum stored
 * where lane 0 stores it, warp 0's lanes loaded as the program loads them
 * (lane j < BOUND ? sh[j] : ZERO, for the present lanes j < n), warp 0's
 * lane-0 tree -- the same levels of idxgen_cc_block_tree_add that the
 * statements as written run, so the same additions in the same order:
 * floating sums bit for bit, nothing reassociated (the rule of the
 * shared-memory tree's recogniser, tree_level.c).  Thread 0's use is
 * copied into the branch with the result in place of v (where v's
 * initializer is what the branch publishes, v's declaration stays in the
 * else branch: v is named nowhere else); where it cannot be copied (a
 * comment or a preprocessor line in it, v named in a macro) every thread's
 * v gets the result instead, which only thread 0 reads afterwards.
 *
 * Proven on the text, else the statements are lowered as before: both
 * trees shuffles down from 16 over whole warps on the same local v of the
 * trees' types (warp_tree_whole_down); the store's test lane 0 of a warp
 * (`lane == 0`, `tid % 32 == 0`, `!(threadIdx.x & 31)`), its slot the warp's
 * index (`wid`, `threadIdx.x / warpSize`, `tid >> 5`; lane and wid locals
 * initialised so and never assigned), sh a __shared__ array of v's type
 * of at least 32 elements, not volatile; the reload's test the lane or
 * threadIdx.x below a bound computed from blockDim.x and constants
 * (unsigned), its value sh[lane] (or sh[threadIdx.x]) else a constant, of
 * v's type; the second tree alone or the one statement of `if (wid == 0)`
 * (`threadIdx.x < 32` too); then `if (threadIdx.x == 0) USE` whose test
 * does not read v and whose body holds no warp operation, barrier,
 * return or jump; v named nowhere after it (declared in that block or the
 * kernel's), never addressed; the statements consecutive in one block at
 * the kernel's level (not in a loop, a branch or a predicated body), none
 * from a macro; a kernel without returns, gotos or lambdas.  In a 1-D
 * block threadIdx.x is the linear id, so the lane is lin % 32, the warp
 * lin / 32, thread 0 lin 0: what the form computes for thread 0 is what
 * the statements give it, and no other thread reads v.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool refs(CXCursor e, CXCursor var)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

/* The operator of binary c into op and its operands into *l, *r; false if c is not one. */
static bool binary(const struct source *s, CXCursor c, char op[4], CXCursor *l, CXCursor *r)
{
	struct cx_kids ks;
	bool ok;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	ks = cx_kids_of(c);
	ok = ks.n == 2;
	if (ok) {
		op_text(s, c, op);
		*l = ks.c[0];
		*r = ks.c[1];
	}
	cx_kids_free(&ks);
	return ok;
}

/* `e == 0`, `0 == e` or `!e`, with is(e). */
static bool is_zero_test(const struct source *s, CXCursor body, CXCursor c,
			 bool (*is)(const struct source *, CXCursor, CXCursor))
{
	CXCursor l, r;
	char op[4];
	bool ok = false;

	c = strip(c);
	if (binary(s, c, op, &l, &r))
		return !strcmp(op, "==") &&
		       ((is(s, body, l) && wl_const_is(r, 0)) || (is(s, body, r) && wl_const_is(l, 0)));
	if (clang_getCursorKind(c) == CXCursor_UnaryOperator && s->text[c_start(c)] == '!') {
		struct cx_kids ks = cx_kids_of(c);

		ok = ks.n == 1 && is(s, body, ks.c[0]);
		cx_kids_free(&ks);
	}
	return ok;
}

/* X / 32, X / warpSize, X >> 5 (X threadIdx.x or a local so), or a local initialised so: the warp's index. */
static bool is_warp_index(const struct source *s, CXCursor body, CXCursor e)
{
	CXCursor l, r;
	char op[4];

	if (!binary(s, e, op, &l, &r))
		return wl_fixed_local(s, body, e, is_warp_index);
	return wl_is_tidx(s, body, l) &&
	       ((!strcmp(op, "/") && wl_const_is(r, 32)) || (!strcmp(op, ">>") && wl_const_is(r, 5)));
}

static bool is_lane_or_tidx(const struct source *s, CXCursor body, CXCursor e)
{
	return wl_is_lane(s, body, e) || wl_is_tidx(s, body, e);
}

/* Warp 0: its index 0, or threadIdx.x < 32. */
static bool warp0_test(const struct source *s, CXCursor body, CXCursor c)
{
	CXCursor l, r;
	char op[4];

	if (is_zero_test(s, body, c, is_warp_index))
		return true;
	return binary(s, c, op, &l, &r) && !strcmp(op, "<") && wl_is_tidx(s, body, l) && wl_const_is(r, 32);
}

/* The one statement of a compound (or st itself), or null. */
static CXCursor only_stmt(CXCursor st)
{
	struct cx_kids ks;
	CXCursor r = st;

	while (clang_getCursorKind(r) == CXCursor_CompoundStmt) {
		ks = cx_kids_of(r);
		r = ks.n == 1 ? ks.c[0] : clang_getNullCursor();
		cx_kids_free(&ks);
	}
	return r;
}

/* st a whole warp's tree on var, alone or in braces (an inlined helper's). */
static bool tree_on(struct wlower *w, CXCursor st, CXCursor var)
{
	CXCursor v;

	st = only_stmt(st);
	return !clang_Cursor_isNull(st) && warp_tree_whole_down(w, st, &v) && clang_equalCursors(v, var);
}

/* `if (C) S` without else: C and S in *c, *then. */
static bool if_then(CXCursor st, CXCursor *c, CXCursor *then)
{
	struct cx_kids ks;
	bool ok;

	if (clang_getCursorKind(st) != CXCursor_IfStmt)
		return false;
	ks = cx_kids_of(st);
	ok = ks.n == 2;
	if (ok) {
		*c = ks.c[0];
		*then = ks.c[1];
	}
	cx_kids_free(&ks);
	return ok;
}

/* The assignment `t = e` (plain =): its sides. */
static bool plain_assign(const struct source *s, CXCursor st, CXCursor *t, CXCursor *e)
{
	char op[4];

	return binary(s, st, op, t, e) && !strcmp(op, "=");
}

static bool same_type(CXType a, CXType b)
{
	return clang_equalTypes(clang_getCanonicalType(a), clang_getCanonicalType(b));
}

/* sh[i] with sh a __shared__ array of at least 32 elements of var's type, not volatile, i passing is(). */
static bool shared_slot(const struct source *s, CXCursor body, CXCursor e, CXCursor var, CXCursor *sh,
			bool (*is)(const struct source *, CXCursor, CXCursor))
{
	struct cx_kids ks;
	CXType t;
	bool ok;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr)
		return false;
	ks = cx_kids_of(e);
	ok = ks.n == 2 && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr && is(s, body, ks.c[1]);
	if (ok) {
		*sh = clang_getCursorReferenced(strip(ks.c[0]));
		t = clang_getCanonicalType(clang_getCursorType(*sh));
		ok = clang_getCursorKind(*sh) == CXCursor_VarDecl && has_annot(*sh, "shared") &&
		     t.kind == CXType_ConstantArray && clang_getArraySize(t) >= 32 &&
		     !clang_isVolatileQualifiedType(clang_getArrayElementType(t)) &&
		     same_type(clang_getArrayElementType(t), clang_getCursorType(var));
	}
	cx_kids_free(&ks);
	return ok;
}

/* `if (lane == 0) sh[wid] = v;` */
static bool lane0_store(struct wlower *w, CXCursor st, CXCursor var, CXCursor *sh)
{
	CXCursor c, then, t, e;

	return if_then(st, &c, &then) && is_zero_test(w->s, w->body, c, wl_is_lane) &&
	       !clang_Cursor_isNull(then = only_stmt(then)) && plain_assign(w->s, then, &t, &e) && refs(e, var) &&
	       shared_slot(w->s, w->body, t, var, sh, is_warp_index);
}

/* The same for every thread: blockDim.x, constants, warpSize, and + - * / >> of such. */
static bool uniform_bound(const struct source *s, CXCursor e)
{
	CXCursor l, r;
	struct cx_kids ks;
	char op[4], *n;
	bool ok = false;

	e = strip(e);
	if (wl_const_is(e, 32) || clang_getCursorKind(e) == CXCursor_IntegerLiteral)
		return true;
	if (binary(s, e, op, &l, &r))
		return (!strcmp(op, "/") || !strcmp(op, ">>") || !strcmp(op, "+") || !strcmp(op, "-") ||
			!strcmp(op, "*")) &&
		       uniform_bound(s, l) && uniform_bound(s, r);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	ks = cx_kids_of(e);
	n = cx_spelling(e);
	ok = ks.n == 1 && !strcmp(n, "x") && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr;
	free(n);
	if (ok) {
		n = cx_spelling(strip(ks.c[0]));
		ok = !strcmp(n, "blockDim");
		free(n);
	}
	cx_kids_free(&ks);
	return ok;
}

static bool unsigned_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_UInt || k == CXType_ULong || k == CXType_ULongLong;
}

/* `v = lane < BOUND ? sh[lane] : ZERO;`: BOUND's and ZERO's texts. */
static bool reload(struct wlower *w, CXCursor st, CXCursor var, CXCursor sh, char **bound, char **zero)
{
	CXCursor t, e, l, r, s2;
	struct cx_kids ks;
	char op[4];
	bool ok;

	if (!plain_assign(w->s, st, &t, &e) || !refs(t, var) ||
	    clang_getCursorKind(e = strip(e)) != CXCursor_ConditionalOperator ||
	    !same_type(clang_getCursorType(e), clang_getCursorType(var)))
		return false;
	ks = cx_kids_of(e);
	ok = ks.n == 3 && binary(w->s, ks.c[0], op, &l, &r) && !strcmp(op, "<") &&
	     is_lane_or_tidx(w->s, w->body, l) && uniform_bound(w->s, r) && unsigned_type(clang_getCursorType(r)) &&
	     shared_slot(w->s, w->body, ks.c[1], var, &s2, is_lane_or_tidx) && clang_equalCursors(s2, sh) &&
	     arith_constant(strip(ks.c[2]));
	if (ok) {
		*bound = wl_text(w->s, r);
		*zero = wl_text(w->s, ks.c[2]);
	}
	cx_kids_free(&ks);
	return ok;
}

/* The second tree: alone, or the one statement of `if (wid == 0)`. */
static bool second_tree(struct wlower *w, CXCursor st, CXCursor var)
{
	CXCursor c, then;

	if (tree_on(w, st, var))
		return true;
	return if_then(st, &c, &then) && warp0_test(w->s, w->body, c) && tree_on(w, then, var);
}

struct jumps {
	bool loop_exits;	/* break, continue and return count too */
	bool hit;
};

static enum CXChildVisitResult find_jump(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct jumps *j = d;

	(void)parent;
	if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_LabelStmt ||
	    k == CXCursor_LambdaExpr ||
	    (j->loop_exits && (k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt || k == CXCursor_ReturnStmt))) {
		j->hit = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* A goto, label or lambda under c (loop_exits: or a break, continue, return), c itself included. */
static bool has_jump(CXCursor c, bool loop_exits)
{
	struct jumps j = { loop_exits, false };

	if (find_jump(c, c, &j) == CXChildVisit_Recurse)
		clang_visitChildren(c, find_jump, &j);
	return j.hit;
}

/* `if (threadIdx.x == 0) USE`: the test not reading var, USE without warp operations, barriers, jumps. */
static bool thread0_use(struct wlower *w, CXCursor st, CXCursor var)
{
	CXCursor c, then;
	struct calls cs;
	bool ok;

	if (!if_then(st, &c, &then) || !is_zero_test(w->s, w->body, c, wl_is_tidx) || wl_var_named(w->s, c, var) ||
	    count_barriers(then) || has_jump(then, true))
		return false;
	cs = wl_calls_in(w, then);
	ok = cs.n == 0;
	free(cs.c);
	return ok;
}

struct var_refs {
	CXCursor var;
	unsigned *at, n, cap;	/* the offsets of var's references */
	bool in_macro;
};

static enum CXChildVisitResult find_var_refs(CXCursor c, CXCursor parent, CXClientData d)
{
	struct var_refs *r = d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || !clang_equalCursors(clang_getCursorReferenced(c), r->var))
		return CXChildVisit_Recurse;
	if (in_macro(c)) {
		r->in_macro = true;
		return CXChildVisit_Break;
	}
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 4;
		r->at = cx_realloc(r->at, r->cap * sizeof(*r->at));
	}
	r->at[r->n++] = c_start(c);
	return CXChildVisit_Continue;
}

/*
 * Thread 0's use st with the result in place of var, on one line: the
 * 1-D form's copy of it (no copy of the result into every thread's var).
 * NULL where the text has a comment or a preprocessor line, or var is
 * named inside a macro's expansion.
 */
static char *use_with_result(struct wlower *w, CXCursor st, CXCursor var, const char *result)
{
	struct var_refs r = { var, NULL, 0, 0, false };
	unsigned a = c_start(st), b = stmt_end(w->s, st), k, j = 0;
	struct buf o = { 0 };
	char *name = cx_spelling(var);

	clang_visitChildren(st, find_var_refs, &r);
	for (k = a; k < b && !r.in_macro; k++)
		if (w->s->text[k] == '#' || (w->s->text[k] == '/' && k + 1 < b &&
					     (w->s->text[k + 1] == '/' || w->s->text[k + 1] == '*')))
			r.in_macro = true;
	for (k = a; k < b && !r.in_macro; k++) {
		if (j < r.n && k == r.at[j]) {
			if (strncmp(w->s->text + k, name, strlen(name))) {
				r.in_macro = true;	/* not spelled as the name here */
				break;
			}
			bputs(&o, result);
			k += (unsigned)strlen(name) - 1;
			j++;
			continue;
		}
		bprintf(&o, "%c", w->s->text[k] == '\n' ? ' ' : w->s->text[k]);
	}
	free(r.at);
	free(name);
	if (r.in_macro || j != r.n) {
		buf_free(&o);
		return NULL;
	}
	bputs(&o, "");
	return o.p;
}

/* var named nowhere after l[last] in block, and dying at the block's end (declared in it, or the kernel's). */
static bool dead_after(struct wlower *w, CXCursor block, const CXCursor *l, unsigned first, unsigned last,
		       unsigned n, CXCursor var)
{
	bool dies = clang_equalCursors(block, w->body);
	unsigned k;

	for (k = last + 1; k < n; k++)
		if (wl_var_named(w->s, l[k], var))
			return false;
	for (k = 0; k < first && !dies; k++)
		if (clang_getCursorKind(l[k]) == CXCursor_DeclStmt) {
			struct cx_kids ds = cx_kids_of(l[k]);

			for (unsigned j = 0; j < ds.n; j++)
				dies |= clang_equalCursors(ds.c[j], var);
			cx_kids_free(&ds);
		}
	return dies;
}

/*
 * The statement before the pattern `T v = E;`, v's declaration: then the
 * 1-D form publishes E itself (`int v;`, E evaluated once per thread in
 * either branch, where it was: nothing runs between), so that the thread
 * loop of the load stores no copy of v.  Taken where E holds no warp
 * operation, is one line without comments, follows `=`, and the statement
 * declares v alone.  *eq: the offset of the `=`.
 */
static bool fused_decl(struct wlower *w, CXCursor st, CXCursor var, CXCursor *init, unsigned *eq)
{
	struct cx_kids ds;
	struct calls cs;
	unsigned a, b, k;
	bool ok;

	if (clang_getCursorKind(st) != CXCursor_DeclStmt || in_macro(st))
		return false;
	ds = cx_kids_of(st);
	ok = ds.n == 1 && clang_equalCursors(ds.c[0], var);
	cx_kids_free(&ds);
	*init = var_init(var);
	if (!ok || clang_Cursor_isNull(*init) || in_macro(*init))
		return false;
	a = c_start(*init);
	b = c_end(*init);
	for (k = a; k < b; k++)
		if (w->s->text[k] == '\n' || (w->s->text[k] == '/' && k + 1 < b &&
					       (w->s->text[k + 1] == '/' || w->s->text[k + 1] == '*')))
			return false;
	for (k = a; k > c_start(st) && (w->s->text[k - 1] == ' ' || w->s->text[k - 1] == '\t'); k--)
		;
	if (k == c_start(st) || w->s->text[k - 1] != '=')
		return false;
	*eq = k - 1;
	cs = wl_calls_in(w, *init);
	ok = cs.n == 0;
	free(cs.c);
	return ok;
}

unsigned warp_block_sum(struct wlower *w, CXCursor block, const CXCursor *l, unsigned i, unsigned n)
{
	CXCursor var, first, sh, init;
	char *bound = NULL, *zero = NULL, *name, *type, *shn, *value, *use, *from = NULL;
	unsigned slot, k, eq, at;
	struct buf t = { 0 }, rest = { 0 }, result = { 0 };
	bool ok;

	if (w->loops || w->inner || w->guarded || i + 6 > n || count_returns(w->body) ||
	    clang_getCursorKind(block) != CXCursor_CompoundStmt || has_jump(w->body, false))
		return 0;
	for (k = i; k < i + 6; k++)
		if (in_macro(l[k]))
			return 0;
	first = only_stmt(l[i]);
	if (clang_Cursor_isNull(first) || !warp_tree_whole_down(w, first, &var) || wl_var_addressed(w->s, w->body, var))
		return 0;
	ok = lane0_store(w, l[i + 1], var, &sh) && is_barrier_stmt(l[i + 2]) &&
	     reload(w, l[i + 3], var, sh, &bound, &zero) && second_tree(w, l[i + 4], var) &&
	     thread0_use(w, l[i + 5], var) && dead_after(w, block, l, i, i + 5, n, var);
	if (!ok) {
		free(bound);
		free(zero);
		return 0;
	}
	slot = w->nslot++;
	name = cx_spelling(var);
	shn = cx_spelling(sh);
	type = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(var))));
	bprintf(&w->decls, " __shared__ %s __idxgen_w%u[32 + 1024 + 32]; __shared__ %s __idxgen_w%ub[32 + 1024 + 32];",
		type, slot, type, slot);
	/* thread 0's use reads the result itself where it can be copied; else every thread's v gets it */
	bprintf(&result, "__idxgen_w%ub[32]", slot);
	use = use_with_result(w, l[i + 5], var, result.p);
	at = c_start(l[i]);
	if (i > 0 && fused_decl(w, l[i - 1], var, &init, &eq)) {
		/* the 1-D form publishes v's initializer itself: no copy of v in the load's loop */
		value = wl_text(w->s, init);
		from = warp_block_load(w, init, var);
		if (from)	/* a contiguous load: the collective reads it in place, where no index wraps */
			bprintf(&t, "if (blockDim.y == 1 && blockDim.z == 1 && blockIdx.x * blockDim.x <= 0u - blockDim.x) { ");
		else
			bprintf(&t, "if (blockDim.y == 1 && blockDim.z == 1) { __idxgen_w%u[32 + " LIN "] = (%s); ", slot, value);
		if (use) {	/* v is named nowhere else: its declaration goes into the else branch as written */
			at = c_start(l[i - 1]);
		} else {	/* `T v;`, assigned in the else branch */
			wl_edit(w, eq, c_end(init), cx_strdup(""));
			bprintf(&rest, "%s = %s; ", name, value);
		}
		free(value);
	} else {	/* one publication joins the thread loop before */
		bprintf(&t, "__idxgen_w%u[32 + " LIN "] = (%s); if (blockDim.y == 1 && blockDim.z == 1) { ", slot, name);
	}
	if (from)
		bprintf(&t, "idxgen_cc_block_sum2_from(%s, __idxgen_w%u + 32, __idxgen_w%ub + 32, " NT ", %s, (%s), (%s)); "
			"__idxgen_warp_sync(); ", from, slot, slot, shn, bound, zero);
	else
		bprintf(&t, "__idxgen_warp_sync(); idxgen_cc_block_sum2(__idxgen_w%u + 32, __idxgen_w%ub + 32, " NT ", %s, (%s), (%s)); "
			"__idxgen_warp_sync(); ", slot, slot, shn, bound, zero);
	if (use)
		bprintf(&t, "%s", use);
	else
		bprintf(&t, "%s = %s;", name, result.p);
	/* the statements as written in the else branch */
	bprintf(&t, " } else { %s", rest.p ? rest.p : "");
	buf_free(&rest);
	buf_free(&result);
	wl_edit(w, at, at, t.p);
	int edits = use ? 6 : 5;	/* decided before use is freed: a freed pointer's value is indeterminate */

	free(name);
	free(shn);
	free(type);
	free(bound);
	free(zero);
	free(use);
	free(from);
	return edits;
}

void warp_block_sum_end(struct wlower *w, CXCursor last)
{
	unsigned e = stmt_end(w->s, last);

	wl_edit(w, e, e, cx_strdup(" }"));
}
