// SPDX-License-Identifier: MIT
/*
 * contig.c - is a thread loop's memory traffic contiguous in threadIdx.x?
 * (issue 40: vectorise where it pays)
 *
 * The computed-index thread loop runs threadIdx.x innermost.  Forcing the
 * compiler to vectorise it (IDXGEN_CC_INDEPENDENT: clang's
 * vectorize(assume_safety) makes LLVM drop the scalar choice from its cost
 * model) pays when every access is either the same for all the loop's
 * threads or at consecutive addresses for consecutive threadIdx.x: plain
 * vector loads and stores.  Over scattered accesses it buys gathers and
 * scatters that run slower than the scalar loop (a lattice kernel ran
 * 2.7x slower forced than left alone).  So the loop is forced only where
 * this analysis proves the accesses contiguous; elsewhere the compiler
 * decides with its own dependence analysis and cost model (no pragma:
 * nothing assumed that it did not prove).
 *
 * The stride of an expression in threadIdx.x, in elements:
 *   ST_SAME   the same in every iteration of the innermost thread loop
 *             (uniform values, threadIdx.y/z, locals defined from them);
 *   ST_UNIT   +1 per threadIdx.x (threadIdx.x, plus or minus ST_SAME terms);
 *   ST_OTHER  anything else (products with threadIdx.x, loaded indices,
 *             calls, conditionals that depend on the thread).
 * A local's stride is the join over its definitions (its initializer,
 * assignments; `v += same` and ++/-- keep it: block-stride loops), which
 * is enough for a performance decision: correctness never depends on it.
 */
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum stride { ST_SAME, ST_UNIT, ST_OTHER };

#define MAX_DEPTH 8	/* locals defined from locals: deeper counts as ST_OTHER */

static enum stride join(enum stride a, enum stride b)
{
	return a > b ? a : b;
}

struct contig;
static enum stride expr_stride(const struct contig *x, CXCursor e, int depth);

/* threadIdx.x: ST_UNIT; threadIdx.y/.z: ST_SAME (fixed in the innermost loop); else -1. */
static int thread_idx_stride(CXCursor e)
{
	struct cx_kids ks;
	char *base, *field;
	int r = -1;

	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return -1;
	ks = cx_kids_of(e);
	base = ks.n == 1 ? builtin_ref(strip(ks.c[0])) : NULL;
	if (base && !strcmp(base, "threadIdx")) {
		field = cx_spelling(e);
		r = !strcmp(field, "x") ? ST_UNIT : ST_SAME;
		free(field);
	}
	free(base);
	cx_kids_free(&ks);
	return r;
}

/*
 * The analysis context of one thread loop: every definition of every
 * local, collected in one walk of the kernel's body, and the memo of
 * var_stride.  A local's stride is a pure function of the local and the
 * depth it is asked at (the depth bounds chains of locals defined from
 * locals), so it is computed once per (local, depth): asked afresh, each
 * use walked the whole body again, and each definition's uses again below
 * it, which took minutes on kernels with many chained locals.
 */
struct def {
	CXCursor value;		/* the initializer or the assigned value */
	char op[4];		/* "" for an initializer, else the assignment's operator */
	unsigned next;		/* the var's next definition + 1, or 0 */
};

struct contig {
	const struct kernel *k;
	bool chunk;		/* strides within a warp's 32 threads (threadIdx.x from a multiple of 32) */
	struct def *defs;
	unsigned ndefs, cap;
	unsigned *head;		/* per var: its first definition + 1, or 0 */
	signed char *memo;	/* per var and depth 0..MAX_DEPTH: a stride, or -1 */
};

static void add_def(struct contig *x, unsigned var, CXCursor value, const char *op)
{
	struct def *d;

	if (x->ndefs == x->cap) {
		x->cap = x->cap ? 2 * x->cap : 32;
		x->defs = cx_realloc(x->defs, x->cap * sizeof(*x->defs));
	}
	d = &x->defs[x->ndefs++];
	d->value = value;
	snprintf(d->op, sizeof(d->op), "%s", op);
	d->next = x->head[var];
	x->head[var] = x->ndefs;
}

/* Collect the definitions under c: declarations with an initializer, assignments. */
static void collect_defs(struct contig *x, CXCursor c)
{
	const struct kernel *k = x->k;
	CXCursor target, value;
	struct cx_kids ks;
	unsigned i;

	if (clang_getCursorKind(c) == CXCursor_VarDecl) {
		CXCursor init = var_init(c), canon = clang_getCanonicalCursor(c);

		for (i = 0; i < k->nv && !clang_Cursor_isNull(init); i++)
			if (clang_equalCursors(canon, clang_getCanonicalCursor(k->v[i].decl)))
				add_def(x, i, init, "");
	} else if (assignment(k->src, c, &target, &value) &&
		   clang_getCursorKind(strip(target)) == CXCursor_DeclRefExpr) {
		const struct var *v = var_of(k, strip(target));
		char op[4];

		if (v) {
			op_text(k->src, c, op);
			add_def(x, (unsigned)(v - k->v), value, op);
		}
	}
	/* ++/-- keep the stride; other writes (through &v) make v addr_taken */
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		collect_defs(x, ks.c[i]);
	cx_kids_free(&ks);
}

/* The join of the strides of v's definitions. */
static enum stride defs_stride(const struct contig *x, unsigned var, int depth)
{
	enum stride st = ST_SAME;
	unsigned i;

	for (i = x->head[var]; i && st != ST_OTHER; i = x->defs[i - 1].next) {
		const struct def *d = &x->defs[i - 1];

		if (!d->op[0] || !strcmp(d->op, "="))
			st = join(st, expr_stride(x, d->value, depth + 1));
		else if (strcmp(d->op, "+=") && strcmp(d->op, "-="))
			st = ST_OTHER;
		else if (expr_stride(x, d->value, depth + 1) != ST_SAME)
			st = ST_OTHER;
	}
	return st;
}

static enum stride var_stride(const struct contig *x, const struct var *v, int depth)
{
	unsigned var = (unsigned)(v - x->k->v);
	signed char *m;

	if (!v->variant)
		return ST_SAME;
	if (v->param || v->shared || v->array || v->addr_taken || depth > MAX_DEPTH)
		return ST_OTHER;
	m = &x->memo[var * (MAX_DEPTH + 1) + (unsigned)depth];
	if (*m < 0)
		*m = (signed char)defs_stride(x, var, depth);
	return (enum stride)*m;
}

/* threadIdx.x itself, directly or through locals defined once from it (`unsigned tid = threadIdx.x;`)? */
static bool tidx_itself(const struct contig *x, CXCursor e, int depth)
{
	const struct var *v;
	unsigned h;

	e = strip(e);
	if (thread_idx_stride(e) == ST_UNIT)
		return true;
	if (depth > MAX_DEPTH || clang_getCursorKind(e) != CXCursor_DeclRefExpr || !(v = var_of(x->k, e)) ||
	    v->param || v->shared || v->array || v->addr_taken)
		return false;
	h = x->head[v - x->k->v];
	return h && !x->defs[h - 1].next && !x->defs[h - 1].op[0] && tidx_itself(x, x->defs[h - 1].value, depth + 1);
}

/* The integer constant e, or -1 where it is none (or negative). */
static long long int_const(CXCursor e)
{
	long long v;

	return int_constant(strip(e), &v) ? v : -1;
}

/*
 * In a warp's 32 threads (x->chunk: the loop runs threadIdx.x in chunks
 * that start at multiples of 32), threadIdx.x % 32 (& 31, % 64, & 63, ...)
 * steps by one and threadIdx.x / 32 (>> 5, / 64, ...) is the same: -1
 * where a OP b is not such an operation.
 */
static int chunk_stride(const struct contig *x, CXCursor a, CXCursor b, const char *op, int depth)
{
	long long v;

	if (!x->chunk || !tidx_itself(x, a, depth))
		return -1;
	if ((v = int_const(b)) < 0) {	/* whole programs: warpSize is an extern const int */
		char *n = cx_spelling(strip(b));

		v = n && !strcmp(n, "warpSize") ? 32 : -1;
		free(n);
	}
	if (v <= 0)
		return -1;
	if (!strcmp(op, "%"))
		return v % 32 == 0 ? ST_UNIT : -1;
	if (!strcmp(op, "&"))
		return v >= 31 && (v & (v + 1)) == 0 ? ST_UNIT : -1;
	if (!strcmp(op, "/"))
		return v % 32 == 0 ? ST_SAME : -1;
	if (!strcmp(op, ">>"))
		return v >= 5 && v < 32 ? ST_SAME : -1;
	return -1;
}

static enum stride binary_stride(const struct contig *x, CXCursor e, int depth)
{
	const struct kernel *k = x->k;
	struct cx_kids ks = cx_kids_of(e);
	enum stride a, b, r = ST_OTHER;
	char op[4];
	int c;

	if (ks.n == 2) {
		op_text(k->src, e, op);
		if ((c = chunk_stride(x, ks.c[0], ks.c[1], op, depth)) >= 0) {
			cx_kids_free(&ks);
			return (enum stride)c;
		}
		a = expr_stride(x, ks.c[0], depth);
		b = expr_stride(x, ks.c[1], depth);
		if (!strcmp(op, "+"))
			r = a == ST_UNIT && b == ST_UNIT ? ST_OTHER : join(a, b);
		else if (!strcmp(op, "-"))
			r = b == ST_SAME ? a : ST_OTHER;
		else if (a == ST_SAME && b == ST_SAME)
			r = ST_SAME;
	}
	cx_kids_free(&ks);
	return r;
}

static enum stride expr_stride(const struct contig *x, CXCursor e, int depth)
{
	const struct kernel *k = x->k;
	enum CXCursorKind ek;
	struct cx_kids ks;
	enum stride r = ST_OTHER;
	int t;

	e = strip(e);
	ek = clang_getCursorKind(e);
	if ((t = thread_idx_stride(e)) >= 0)
		return (enum stride)t;
	if (!is_variant(k, e))
		return ST_SAME;
	if (depth > MAX_DEPTH)
		return ST_OTHER;
	switch (ek) {
	case CXCursor_DeclRefExpr: {
		const struct var *v = var_of(k, e);

		return v ? var_stride(x, v, depth) : ST_OTHER;
	}
	case CXCursor_BinaryOperator:
		return binary_stride(x, e, depth);
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
		/* an integer or pointer conversion keeps the index's steps */
		ks = cx_kids_of(e);
		if (ks.n)
			r = expr_stride(x, ks.c[ks.n - 1], depth);
		cx_kids_free(&ks);
		return r;
	case CXCursor_UnaryOperator:
		ks = cx_kids_of(e);
		if (ks.n == 1 && k->src->text[c_start(e)] == '+')
			r = expr_stride(x, ks.c[0], depth);
		cx_kids_free(&ks);
		return r;
	default:
		return ST_OTHER;
	}
}

/* A named array (its address is fixed; its elements may differ per thread)? */
static bool array_var(const struct kernel *k, CXCursor base)
{
	const struct var *v;

	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return false;
	if ((v = var_of(k, base)))
		return v->array || v->shared;
	return is_array_type(clang_getCursorType(base));
}

/* The stride of the address of the lvalue e (an element access, a dereference). */
static enum stride access_stride(const struct contig *x, CXCursor e)
{
	const struct kernel *k = x->k;
	enum CXCursorKind ek = clang_getCursorKind(e);
	struct cx_kids ks = cx_kids_of(e);
	enum stride r = ST_OTHER;

	if (ek == CXCursor_ArraySubscriptExpr && ks.n == 2) {
		CXCursor base = strip(ks.c[0]);
		enum stride idx = expr_stride(x, ks.c[1], 0);

		if (clang_getCursorKind(base) == CXCursor_ArraySubscriptExpr) {
			/* a[i][j]: a row of an array (i must be the same) or a loaded pointer */
			r = access_stride(x, base) == ST_SAME ? idx : ST_OTHER;
		} else {
			enum stride b = array_var(k, base) ? ST_SAME : expr_stride(x, base, 0);

			r = b == ST_UNIT && idx == ST_UNIT ? ST_OTHER : join(b, idx);
		}
	} else if (ek == CXCursor_UnaryOperator && ks.n == 1) {
		r = expr_stride(x, ks.c[0], 0);	/* *p */
	}
	cx_kids_free(&ks);
	return r;
}

/* A local array of the thread itself (one per iteration; not memory the threads share)? */
static bool thread_private(const struct kernel *k, CXCursor access)
{
	CXCursor b = lvalue_base(access);
	const struct var *v;

	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr || !(v = var_of(k, b)))
		return false;
	return v->array && !v->param && !v->shared && v->cls != V_PROMOTED;
}

/* The first access under c that is not contiguous, or a null cursor. */
static CXCursor scattered_in(const struct contig *x, CXCursor c)
{
	const struct kernel *k = x->k;
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	CXCursor r = clang_getNullCursor();
	unsigned i;
	char *n = NULL;

	if (ck == CXCursor_ArraySubscriptExpr ||
	    (ck == CXCursor_UnaryOperator && k->src->text[c_start(c)] == '*')) {
		if (!thread_private(k, c) && access_stride(x, c) == ST_OTHER)
			return c;
	} else if (ck == CXCursor_CallExpr && !(n = builtin_ref(c))) {
		/*
		 * A function of the program's: what it does with a pointer is not
		 * seen here.  libclang counts -1 arguments for a construction
		 * whose type a template leaves dependent (`T(0)`): no arguments
		 * to look at (cast to unsigned, that count ran 2^32 null
		 * arguments, about a minute per such call).
		 */
		int nargs = clang_Cursor_getNumArguments(c);

		for (i = 0; (int)i < nargs; i++) {
			enum CXTypeKind t = clang_getCanonicalType(
				clang_getCursorType(clang_Cursor_getArgument(c, i))).kind;

			if (t == CXType_Pointer || t == CXType_LValueReference ||
			    t == CXType_RValueReference)
				return c;
		}
	} else if (ck == CXCursor_CallExpr && (!strcmp(n, "idxgen_cc_block_tree_add") || !strcmp(n, "idxgen_cc_block_tree_once") ||
						 !strcmp(n, "idxgen_cc_block_sum2") || !strcmp(n, "idxgen_cc_block_sum2_from"))) {
		/* the block's shuffle trees run by its leader (warp_tree.c): loops of their own, not one per thread */
		free(n);
		return c;
	} else if (ck == CXCursor_MemberRefExpr) {
		/* p->m and a[i].m: a field of a per-thread struct is a strided access */
		ks = cx_kids_of(c);
		if (ks.n == 1 && thread_idx_stride(c) < 0 && expr_stride(x, ks.c[0], 0) != ST_SAME &&
		    clang_getCursorKind(strip(ks.c[0])) != CXCursor_DeclRefExpr)
			r = c;
		cx_kids_free(&ks);
		if (!clang_Cursor_isNull(r))
			return r;
	}
	free(n);
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n && clang_Cursor_isNull(r); i++)
		r = scattered_in(x, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

/*
 * Where the loop's accesses are contiguous only warp by warp (`warp_sums[tid
 * % 32]`, `s[tid / 32]`: a lane index, a warp index), *chunk is set and a
 * null cursor returned: the emitter runs threadIdx.x in chunks of the
 * block's warps, each forced (clang then sees tid % 32 step by one).
 */
CXCursor loop_scattered_access(const struct kernel *k, const CXCursor *l, unsigned n, bool *chunk)
{
	struct contig x = { .k = k };
	CXCursor r = clang_getNullCursor();
	unsigned i;

	*chunk = false;
	x.head = cx_alloc((size_t)k->nv * sizeof(*x.head));
	x.memo = cx_alloc((size_t)k->nv * (MAX_DEPTH + 1));
	memset(x.memo, -1, (size_t)k->nv * (MAX_DEPTH + 1));
	collect_defs(&x, k->body);
	for (i = 0; i < n && clang_Cursor_isNull(r); i++)
		r = scattered_in(&x, l[i]);
	if (!clang_Cursor_isNull(r)) {	/* again, warp by warp (the memo is of whole loops) */
		CXCursor w = clang_getNullCursor();

		x.chunk = true;
		memset(x.memo, -1, (size_t)k->nv * (MAX_DEPTH + 1));
		for (i = 0; i < n && clang_Cursor_isNull(w); i++)
			w = scattered_in(&x, l[i]);
		if (clang_Cursor_isNull(w)) {
			*chunk = true;
			r = w;
		}
	}
	free(x.defs);
	free(x.head);
	free(x.memo);
	return r;
}
