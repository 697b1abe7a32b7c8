// SPDX-License-Identifier: MIT
/*
 * tree_fuse.c - the load of a block reduction fused with the tree's first
 * level (issue 40, item 1):
 *
 *	sdata[tid] = i < n ? in[i] : 0;			// the load: A[tid] only
 *	__syncthreads();
 *	for (s = blockDim.x / 2; s > 0; s >>= 1) {	// tree_level.c's tree
 *		if (tid < s)
 *			sdata[tid] += sdata[tid + s];
 *		__syncthreads();
 *	}
 *
 * Lowered apart, the load is a loop over the block's threads and the
 * first level a loop over half of them reading back what the load just
 * stored.  In a 1-D block of an even size B known as a constant (emit.c's
 * size branches), the first level's s is B / 2 and each working thread t
 * reads exactly the slots that threads t and t + s loaded; so emit.c runs,
 * for t in [0, s): thread t + s's load, thread t's load, thread t's first
 * level -- one loop.  This is faithful when:
 *
 *  - the load's statements are declarations of locals (recomputed or of
 *    this loop alone) and one last `A[TID] = E;`, TID threadIdx.x itself
 *    (tree_level.c's is_tid), A a __shared__ array that the tree's
 *    statement names: each thread writes only its own slot of A;
 *  - E and the initializers read no __shared__ memory and write nothing
 *    (no assignment, ++, --, &, *; calls only pure math built-ins; arrays
 *    only through kernel parameters never assigned, which cannot point to
 *    __shared__ memory): no thread's load reads what another load or the
 *    tree writes, so the loads may run in any order and after the tree's
 *    header, which reads only blockDim and s;
 *  - the tree is tree_level.c's halving form, its variable initialised to
 *    exactly `blockDim.x / 2` (or `>> 1`) in a type that holds it, tested by
 *    `s > 0` (`0 < s`, `s != 0`, `s >= 1`), and the load names nothing
 *    spelled as that variable (the load moves into the loop's scope).
 *
 * Then every thread's load runs once, before the first-level statement
 * that reads its slot, and that statement is formed exactly as in the
 * general code (the same operands, the same operation: float sums bit for
 * bit); the slots of the upper half keep their loaded values, as in CUDA.
 * Anything else (a second statement, another slot, another array, an odd
 * or unknown size) keeps the load and the tree apart.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

struct load_scan {
	const struct kernel *k;
	const char *var; /* the tree's variable: the load must not name it */
	bool bad;
};

/* Is v assigned, stepped or has its address taken anywhere in the kernel? */
struct assign_scan {
	const struct kernel *k;
	const struct var *v;
	bool hit;
};

static bool names(const struct kernel *k, CXCursor e, const struct var *v)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr && var_of(k, e) == v;
}

static enum CXChildVisitResult assign_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct assign_scan *a = d;
	enum CXCursorKind ck = clang_getCursorKind(c);
	CXCursor t, val;

	(void)parent;
	if ((ck == CXCursor_BinaryOperator || ck == CXCursor_CompoundAssignOperator) &&
	    assignment(a->k->src, c, &t, &val) && names(a->k, t, a->v))
		a->hit = true;
	if (ck == CXCursor_UnaryOperator && unary_op(a->k->src, c) && cx_only_child(c, &t) &&
	    names(a->k, t, a->v))
		a->hit = true;
	return a->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static bool never_assigned(const struct kernel *k, const struct var *v)
{
	struct assign_scan a = {.k = k, .v = v};

	if (v->addr_taken)
		return false;
	clang_visitChildren(k->body, assign_visit, &a);
	return !a.hit;
}

/* An array read the load may make: through a pointer parameter never assigned. */
static bool global_array(const struct kernel *k, CXCursor base)
{
	const struct var *v;

	base = strip(base);
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return false;
	v = var_of(k, base);
	return v && v->param && !v->shared &&
	       clang_getCanonicalType(clang_getCursorType(v->decl)).kind == CXType_Pointer &&
	       never_assigned(k, v);
}

/* A name the load may read: not the tree's variable, no __shared__ memory, locals of the load or
 * uniform. */
static bool load_name(const struct load_scan *ls, CXCursor ref, const CXCursor *l, unsigned n)
{
	CXCursor d = clang_getCursorReferenced(ref);
	enum CXCursorKind dk = clang_getCursorKind(d);
	char *sp = cx_spelling(ref);
	bool same = !strcmp(sp, ls->var);
	const struct var *v;

	free(sp);
	if (same)
		return false;
	if (dk == CXCursor_EnumConstantDecl || function_kind(dk))
		return true;
	v = var_of(ls->k, ref);
	if (v && v->shared)
		return false;
	if (v && (v->cls == V_REMAT || v->cls == V_LOCAL))
		return true;
	return uniform_in_loop(ls->k, l, n, ref);
}

struct load_ctx {
	struct load_scan *ls;
	const CXCursor *l;
	unsigned n;
};

/* threadIdx.x, blockIdx.y, blockDim.z, gridDim.x: the built-in index variables' members. */
static bool builtin_index(const struct source *src, CXCursor c)
{
	static const char *const vars[] = {"threadIdx.", "blockIdx.", "blockDim.", "gridDim."};
	char *t = text_squeezed(src, c_start(c), c_end(c));
	bool ok = false;

	for (unsigned i = 0; t && !in_macro(c) && i < sizeof(vars) / sizeof(*vars); i++) {
		size_t n = strlen(vars[i]);

		ok = ok || (!strncmp(t, vars[i], n) && t[n] >= 'x' && t[n] <= 'z' && !t[n + 1]);
	}
	free(t);
	return ok;
}

static enum CXChildVisitResult load_visit(CXCursor c, CXCursor parent, CXClientData d);

/* Does c (and what is under it) only read what the load may read? */
static bool sub_ok(struct load_ctx *x, CXCursor c)
{
	enum CXChildVisitResult r = load_visit(c, clang_getNullCursor(), x);

	if (r == CXChildVisit_Recurse && !x->ls->bad)
		clang_visitChildren(c, load_visit, x);
	return r != CXChildVisit_Break && !x->ls->bad;
}

static enum CXChildVisitResult load_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct load_ctx *x = d;
	struct load_scan *ls = x->ls;
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	bool ok;

	(void)parent;
	switch (pure_walk_step(c)) {
	case PURE_RECURSE:
		return CXChildVisit_Recurse;
	case PURE_BAD:
		goto bad;
	case PURE_OTHER:
		break;
	}
	switch (ck) {
	case CXCursor_MemberRefExpr: /* threadIdx.x, blockIdx.x, blockDim.x, gridDim.x */
		if (!builtin_index(ls->k->src, c))
			goto bad;
		return CXChildVisit_Continue;
	case CXCursor_ArraySubscriptExpr:
		ks = cx_kids_of(c);
		ok = ks.n == 2 && global_array(ls->k, ks.c[0]) && sub_ok(x, ks.c[1]);
		cx_kids_free(&ks);
		if (!ok)
			goto bad;
		return CXChildVisit_Continue;
	case CXCursor_DeclRefExpr:
		if (!load_name(ls, c, x->l, x->n))
			goto bad;
		return CXChildVisit_Continue;
	case CXCursor_UnaryOperator:
		if (unary_deref(ls->k->src, c) || unary_op(ls->k->src, c))
			goto bad;
		return CXChildVisit_Recurse;
	case CXCursor_BinaryOperator: {
		CXCursor t, val;

		if (assignment(ls->k->src, c, &t, &val))
			goto bad;
		return CXChildVisit_Recurse;
	}
	default:
		goto bad;
	}
bad:
	ls->bad = true;
	return CXChildVisit_Break;
}

/* Does c (and what is under it) only read locals, uniform values and parameters' arrays? */
static bool reads_only(struct load_scan *ls, CXCursor c, const CXCursor *l, unsigned n)
{
	struct load_ctx x = {.ls = ls, .l = l, .n = n};

	return sub_ok(&x, c);
}

struct ref_scan {
	const struct kernel *k;
	const struct var *v;
	bool hit;
};

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct ref_scan *r = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && var_of(r->k, c) == r->v)
		r->hit = true;
	return r->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The last statement `A[TID] = E;`: A (a __shared__ array the tree's statement names) and E
 * checked. */
static bool load_store(struct load_scan *ls, const struct tree_level *tl, CXCursor st,
		       const CXCursor *l, unsigned n)
{
	CXCursor t, val;
	struct cx_kids ks;
	struct ref_scan rs = {.k = ls->k};
	char op[4];
	bool ok;

	st = strip(st);
	if (clang_getCursorKind(st) != CXCursor_BinaryOperator || in_macro(st) ||
	    !assignment(ls->k->src, st, &t, &val))
		return false;
	op_text(ls->k->src, st, op);
	t = strip(t);
	if (strcmp(op, "=") || clang_getCursorKind(t) != CXCursor_ArraySubscriptExpr || in_macro(t))
		return false;
	ks = cx_kids_of(t);
	ok = ks.n == 2 && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr;
	if (ok) {
		rs.v = var_of(ls->k, strip(ks.c[0]));
		ok = rs.v && rs.v->shared && is_array_type(clang_getCursorType(rs.v->decl)) &&
		     tree_level_tid(ls->k, l, n, ks.c[1]);
	}
	cx_kids_free(&ks);
	if (!ok)
		return false;
	clang_visitChildren(tl->then, ref_visit, &rs); /* the tree's own array */
	return rs.hit && reads_only(ls, val, l, n);
}

/* The tree's header: its variable from exactly blockDim.x / 2, tested by s > 0. */
static bool first_level_half(const struct kernel *k, CXCursor loop, const struct tree_level *tl,
			     const char *v)
{
	CXCursor init, cond, inc, body, val;
	struct cx_kids ks;
	char *it, *ct, gt[80], lt[80], ne[80], ge[80];
	bool ok;

	for_parts(k->src, loop, &init, &cond, &inc, &body);
	if (clang_Cursor_isNull(init) || clang_Cursor_isNull(cond) ||
	    type_max(clang_getCanonicalType(clang_getCursorType(tl->var))) < 65535)
		return false;
	if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
		val = var_init(tl->var);
	} else {
		ks = cx_kids_of(strip(init));
		val = ks.n == 2 ? ks.c[1] : clang_getNullCursor();
		cx_kids_free(&ks);
	}
	if (clang_Cursor_isNull(val) || in_macro(val) || in_macro(cond))
		return false;
	it = text_squeezed(k->src, c_start(val), c_end(val));
	ct = text_squeezed(k->src, c_start(cond), c_end(cond));
	snprintf(gt, sizeof(gt), "%s>0", v);
	snprintf(lt, sizeof(lt), "0<%s", v);
	snprintf(ne, sizeof(ne), "%s!=0", v);
	snprintf(ge, sizeof(ge), "%s>=1", v);
	ok = it && ct && (!strcmp(it, "blockDim.x/2") || !strcmp(it, "blockDim.x>>1")) &&
	     (!strcmp(ct, gt) || !strcmp(ct, lt) || !strcmp(ct, ne) || !strcmp(ct, ge));
	free(it);
	free(ct);
	return ok;
}

bool tree_fuse(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor barrier,
	       CXCursor loop, struct tree_level *tl)
{
	struct load_scan ls = {.k = k};
	char *v;
	bool ok, fits = false;

	if (!n || !is_call_to(strip(barrier), "__syncthreads") || !tree_level_loop(k, loop, tl) ||
	    tl->doubling || k->done_flags)
		return false;
	for (unsigned i = 0; i < TREE_SIZES && !fits;
	     i++) /* a common size the tree's arrays hold */
		fits = tree_sizes[i] <= tl->extent;
	v = cx_spelling(tl->var);
	ls.var = v;
	ok = fits && strlen(v) < 60 && first_level_half(k, loop, tl, v);
	for (unsigned i = 0; ok && i + 1 < n; i++) {
		const struct stmt *s = stmt_of(k, l[i]);
		struct cx_kids ks;

		ok = s && s->cls == S_REGION && !s->stride &&
		     clang_getCursorKind(l[i]) == CXCursor_DeclStmt;
		if (!ok)
			break;
		ks = cx_kids_of(l[i]);
		for (unsigned j = 0; ok && j < ks.n; j++) {
			const struct var *var = var_decl(k, ks.c[j]);

			ok = clang_getCursorKind(ks.c[j]) == CXCursor_VarDecl && var &&
			     (var->cls == V_REMAT || var->cls == V_LOCAL);
		}
		cx_kids_free(&ks);
		ok = ok && reads_only(&ls, l[i], l, n);
	}
	if (ok) {
		const struct stmt *s = stmt_of(k, l[n - 1]);

		ok = s && s->cls == S_REGION && !s->stride && load_store(&ls, tl, l[n - 1], l, n);
	}
	free(v);
	return ok;
}

void dump_tree_fuse(const struct kernel *k, const CXCursor *l, unsigned n,
		    const struct tree_level *tl, struct buf *o)
{
	unsigned a, b, g;

	(void)k;
	clang_getExpansionLocation(clang_getCursorLocation(l[0]), NULL, &a, NULL, NULL);
	clang_getExpansionLocation(clang_getCursorLocation(l[n - 1]), NULL, &b, NULL, NULL);
	clang_getExpansionLocation(clang_getCursorLocation(tl->guard), NULL, &g, NULL, NULL);
	bprintf(
	    o,
	    "load fused with the tree's first level: lines %u-%u's store to the tree's array and "
	    "line "
	    "%u's first level run as one loop over threadIdx.x < blockDim.x / 2, each with its own "
	    "load and that of threadIdx.x + blockDim.x / 2, for 1-D blocks of a common size\n",
	    a, b, g);
}
