// SPDX-License-Identifier: MIT
/*
 * guard.c - threads that do nothing cost nothing (issue 40): a guard at the
 * top of a thread loop that compares a thread index with uniform values
 * becomes the bounds of the computed-index loops.
 *
 *	int i = blockIdx.x * blockDim.x + threadIdx.x;
 *	if (i >= n) return;		// the kernel's only thread loop
 *	if (i < n) { ... }		// the last statement of any thread loop
 *
 * A thread that fails the guard does nothing in the loop (what runs
 * before the guard are declarations and assignments that write nothing
 * but their own variables, which no later loop reads; they may read
 * memory), so the loop over threadIdx.x may start and stop where the guard
 * starts and stops holding.  Recognised: a conjunction of
 * comparisons (<, <=, >, >=, ==; for the return form a disjunction, negated)
 * between X and U, where X is threadIdx.a or B + threadIdx.a (directly or
 * through locals never assigned after their initializers, threadIdx.a
 * included: `int tid = threadIdx.x; int i = B + tid;`), B and U are
 * uniform (kernel parameters never assigned, per-block locals declared
 * before the loop, blockIdx, blockDim, gridDim, constants; no memory) and
 * every type on the way is an integer type.  Or the leading part of such a
 * chain: in `if (i < n && x[i] > t)` the rest is evaluated only where
 * `i < n` holds, so the thread does nothing where it fails (add_leading).
 * A residue, X % M == U or (X & (M - 1)) == U with M a constant (`lane ==
 * 0` after a warp's tree), makes the x loop step by M from the first
 * thread of the residue (add_modulus).
 *
 * The block reduction tree is the case that pays most:
 *
 *	for (s = blockDim.x / 2; s > 0; s >>= 1) {
 *		if (tid < s) sdata[tid] += sdata[tid + s];
 *		__syncthreads();
 *	}
 *
 * becomes, per level, a loop over tid in [0, s) -- 255 iterations for 256
 * threads instead of 8 x 256, each level a contiguous vectorised loop --
 * in exactly the tree's order of operations: nothing is reassociated, so
 * it holds for every operator and type, float + included.
 *
 * Emitted (emit_guard_bounds), per block:
 *
 *	b = (int64_t)(B); u = (int64_t)(T)(U);	T: the comparison's type
 *	if (0 <= b && b + bd - 1 <= limit)	every type on the way holds b + t exactly
 *		narrow [lo, hi) of that axis by the comparison solved for t
 *
 * and nothing otherwise (the full range).  The guard itself stays in the
 * loop's body, so the bounds only ever skip threads that fail it: exact
 * whatever the values.  The stream form of the loop (any other schedule)
 * runs every thread, as before.
 */
#include "cc.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BOUNDS 6

struct bound {
	int axis;		/* 0 x, 1 y, 2 z */
	bool lower;		/* lo = u - b + add, else hi = u - b + add */
	int add;
	CXCursor base;		/* B, or a null cursor for 0 */
	CXCursor u;
	CXType cmp;		/* the comparison's type */
	uint64_t limit;		/* the smallest maximum of the types on the way */
	long long mod;		/* X % mod == U (axis x): a step of mod from the first such thread; 0: not */
};

struct guard {
	CXCursor stmt;
	bool eq;		/* an X == U among the comparisons */
	unsigned nb;
	struct bound b[MAX_BOUNDS];
};

/* The largest value of integer type t, 0 when t is not an integer type we handle. */
uint64_t type_max(CXType t)
{
	long long size;
	bool is_signed;

	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Char_S: case CXType_SChar: case CXType_Short: case CXType_Int:
	case CXType_Long: case CXType_LongLong:
		is_signed = true;
		break;
	case CXType_Char_U: case CXType_UChar: case CXType_UShort: case CXType_UInt:
	case CXType_ULong: case CXType_ULongLong:
		is_signed = false;
		break;
	default:
		return 0;
	}
	size = clang_Type_getSizeOf(t);
	if (size <= 0 || size > 8)
		return 0;
	if (size == 8)
		return INT64_MAX;	/* the bounds are computed in int64_t */
	return is_signed ? (UINT64_C(1) << (8 * size - 1)) - 1 : (UINT64_C(1) << (8 * size)) - 1;
}

static uint64_t min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

/* The thread loop under analysis: its kernel and statements. */
struct loop {
	const struct kernel *k;
	const CXCursor *l;
	unsigned n;
};

/* Is the declaration d outside the loop's statements (so in scope, and set, before it)? */
static bool declared_before(const struct loop *lp, CXCursor d)
{
	for (unsigned i = 0; i < lp->n; i++)
		if (c_start(lp->l[i]) <= c_start(d) && c_start(d) < c_end(lp->l[i]))
			return false;
	return true;
}

/*
 * Uniform and computable in front of the loop: parameters never assigned,
 * per-block locals (only once-per-block code writes them, so their value
 * at the loop's head holds through it) declared before it, blockIdx & co,
 * constants.
 */
static bool uniform_operand(const struct loop *lp, CXCursor e)
{
	const struct kernel *k = lp->k;
	enum CXCursorKind ek = clang_getCursorKind(e);
	struct cx_kids ks;
	bool r = true;
	unsigned i;

	/* no memory: a thread of the loop could write it before another's guard reads it */
	if (ek == CXCursor_CallExpr || ek == CXCursor_LambdaExpr || has_effects(k->src, e) ||
	    is_variant(k, e) || reads_memory(k, e))
		return false;
	if (ek == CXCursor_DeclRefExpr) {
		const struct var *v = var_of(k, e);
		char *n;

		if (v && v->param)
			return !written_anywhere(k, v) && !v->addr_taken && !v->array;
		if (v)
			return v->cls == V_SCALAR && !v->shared && !v->array && !v->addr_taken &&
			       declared_before(lp, v->decl);
		n = builtin_ref(e);
		r = n && (!strcmp(n, "blockIdx") || !strcmp(n, "blockDim") || !strcmp(n, "gridDim"));
		free(n);
		if (!r)	/* an enumerator or a constant of the program's */
			r = clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_EnumConstantDecl;
		return r;
	}
	ks = cx_kids_of(e);
	for (i = 0; i < ks.n && r; i++)
		r = uniform_operand(lp, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

bool uniform_in_loop(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor e)
{
	const struct loop lp = { k, l, n };

	return uniform_operand(&lp, e);
}

/* threadIdx.a: its axis, else -1. */
static int thread_axis(CXCursor e)
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
		r = field[0] >= 'x' && field[0] <= 'z' && !field[1] ? field[0] - 'x' : -1;
		free(field);
	}
	free(base);
	cx_kids_free(&ks);
	return r;
}

/*
 * Is e (types on the way included) B + threadIdx.a?  Fills axis, base and
 * lowers *limit to the types' smallest maximum.
 */
static bool index_form(const struct loop *lp, CXCursor e, int depth, int *axis, CXCursor *base,
		       uint64_t *limit)
{
	const struct kernel *k = lp->k;
	enum CXCursorKind ek;
	struct cx_kids ks;
	bool r = false;
	uint64_t m;

	if (depth > 4)
		return false;
	for (;;) {	/* conversions: each type must hold the value */
		if (!(m = type_max(clang_getCursorType(e))))
			return false;
		*limit = min_u64(*limit, m);
		ek = clang_getCursorKind(e);
		if (ek != CXCursor_UnexposedExpr && ek != CXCursor_ParenExpr && ek != CXCursor_CStyleCastExpr)
			break;
		ks = cx_kids_of(e);
		if (!ks.n) {
			cx_kids_free(&ks);
			return false;
		}
		e = ks.c[ks.n - 1];
		cx_kids_free(&ks);
	}
	if ((*axis = thread_axis(e)) >= 0) {
		*base = clang_getNullCursor();
		return true;
	}
	if (ek == CXCursor_DeclRefExpr) {
		const struct var *v = var_of(k, e);
		CXCursor init;

		if (!v || v->param || v->array || v->addr_taken || v->shared || written_anywhere(k, v))
			return false;
		init = var_init(v->decl);
		return !clang_Cursor_isNull(init) && index_form(lp, init, depth + 1, axis, base, limit);
	}
	if (ek == CXCursor_BinaryOperator && !in_macro(e)) {
		char op[4];

		op_text(k->src, e, op);
		ks = cx_kids_of(e);
		if (!strcmp(op, "+") && ks.n == 2) {
			for (int side = 0; side < 2 && !r; side++) {
				CXCursor t, b = ks.c[1 - side];
				uint64_t side_limit = *limit;

				/*
				 * threadIdx.a, directly or through a local such as
				 * `int tid = threadIdx.x;` (its types lower the limit)
				 */
				if (!index_form(lp, ks.c[side], depth + 1, axis, &t, &side_limit) ||
				    !clang_Cursor_isNull(t) || !uniform_operand(lp, b))
					continue;
				*limit = side_limit;
				*base = b;
				r = true;
			}
		}
		cx_kids_free(&ks);
	}
	return r;
}

bool thread_index_form(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor e, int *axis,
		       CXCursor *base, uint64_t *limit)
{
	const struct loop lp = { k, l, n };

	*limit = INT64_MAX;
	return index_form(&lp, e, 0, axis, base, limit);
}

/* X == U (either side) as two bounds: t in [u - b, u - b + 1). */
static bool add_equality(const struct loop *lp, CXCursor c, struct guard *g)
{
	struct cx_kids ks = cx_kids_of(c);
	struct bound *b = &g->b[g->nb];
	bool r = false;

	for (int side = 0; side < 2 && !r && ks.n == 2; side++) {
		uint64_t limit = INT64_MAX;

		if (!index_form(lp, ks.c[side], 0, &b->axis, &b->base, &limit) ||
		    !uniform_operand(lp, strip(ks.c[1 - side])))
			continue;
		b->cmp = clang_getCanonicalType(clang_getCursorType(ks.c[side]));
		if (!type_max(b->cmp) || (clang_Type_getSizeOf(b->cmp) == 8 &&
					  (b->cmp.kind == CXType_ULong || b->cmp.kind == CXType_ULongLong)))
			continue;
		b->limit = min_u64(limit, type_max(b->cmp));
		b->u = strip(ks.c[1 - side]);
		b->lower = true;
		b->add = 0;
		b[1] = b[0];
		b[1].lower = false;
		b[1].add = 1;
		g->nb += 2;
		g->eq = true;
		r = true;
	}
	cx_kids_free(&ks);
	return r;
}

/*
 * The divisor of `X % M` (M > 1 an integer constant, or warpSize) or the
 * mask of `X & K` (K + 1 a power of two > 1, M = K + 1), else 0.
 */
static long long modulus_of(const struct source *s, CXCursor e, CXCursor *x)
{
	struct cx_kids ks = cx_kids_of(e);
	long long m = 0, c = 0;
	char op[4];
	bool known = false;

	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || ks.n != 2 || in_macro(e))
		goto out;
	op_text(s, e, op);
	if (strcmp(op, "%") && strcmp(op, "&"))
		goto out;
	if (int_constant(strip(ks.c[1]), &c)) {
		known = true;
	} else {	/* whole programs: warpSize is an extern const int */
		char *n = cx_spelling(strip(ks.c[1]));

		known = n && !strcmp(n, "warpSize") && op[0] == '%';
		c = 32;
		free(n);
	}
	if (!known || c < 1 || c > 65536)
		goto out;
	if (op[0] == '%')
		m = c > 1 ? c : 0;
	else
		m = (c & (c + 1)) == 0 ? c + 1 : 0;
	*x = ks.c[0];
out:
	cx_kids_free(&ks);
	return m;
}

/*
 * X % M == U (either side; X % M through conversions and locals never
 * assigned, such as `unsigned lane = threadIdx.x % 32;`) with X = B +
 * threadIdx.x: the threads of one residue, a step of M in the x loop
 * (issue 40: `if (lane == 0) sums[warp] = v;` runs 8 of 256 threads).
 * X is B + t >= 0 where the bounds apply (B >= 0 checked), so C's % and
 * the mask are the residue.
 */
static bool add_modulus(const struct loop *lp, CXCursor c, struct guard *g)
{
	const struct kernel *k = lp->k;
	struct cx_kids ks = cx_kids_of(c);
	struct bound *b = &g->b[g->nb];
	bool r = false;

	for (int side = 0; side < 2 && !r && ks.n == 2; side++) {
		uint64_t limit = INT64_MAX, outer = INT64_MAX;
		CXCursor e = ks.c[side], x;
		long long m = 0;

		for (int depth = 0; depth < 4 && !m; depth++) {
			for (;;) {	/* conversions: each type must hold a residue */
				enum CXCursorKind ek = clang_getCursorKind(e);
				struct cx_kids es;

				outer = min_u64(outer, type_max(clang_getCursorType(e)));
				if (ek != CXCursor_UnexposedExpr && ek != CXCursor_ParenExpr &&
				    ek != CXCursor_CStyleCastExpr)
					break;
				es = cx_kids_of(e);
				if (es.n)
					e = es.c[es.n - 1];
				cx_kids_free(&es);
				if (!es.n)
					break;
			}
			if ((m = modulus_of(k->src, e, &x)))
				break;
			if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
				break;
			const struct var *v = var_of(k, e);

			if (!v || v->param || v->array || v->addr_taken || v->shared || written_anywhere(k, v) ||
			    clang_Cursor_isNull(var_init(v->decl)))
				break;
			e = var_init(v->decl);
		}
		if (!m || outer < (uint64_t)m - 1 || !index_form(lp, x, 0, &b->axis, &b->base, &limit) ||
		    b->axis != 0 || !uniform_operand(lp, strip(ks.c[1 - side])))
			continue;
		b->cmp = clang_getCanonicalType(clang_getCursorType(ks.c[side]));
		if (!type_max(b->cmp) || (clang_Type_getSizeOf(b->cmp) == 8 &&
					  (b->cmp.kind == CXType_ULong || b->cmp.kind == CXType_ULongLong)))
			continue;
		b->limit = limit;
		b->u = strip(ks.c[1 - side]);
		b->lower = true;
		b->add = 0;
		b->mod = m;
		g->nb++;
		g->eq = true;	/* a residue never holds for a whole block of two or more */
		r = true;
	}
	cx_kids_free(&ks);
	return r;
}

/* Has g a step already (one residue per guard)? */
static bool has_step(const struct guard *g)
{
	for (unsigned i = 0; i < g->nb; i++)
		if (g->b[i].mod)
			return true;
	return false;
}

/* One comparison (negated: of a return guard) into g; false when it is not of the form. */
static bool add_comparison(const struct loop *lp, CXCursor c, bool negated, struct guard *g)
{
	const struct kernel *k = lp->k;
	struct cx_kids ks = cx_kids_of(c);
	struct bound *b = &g->b[g->nb];
	char op[4];
	bool r = false;

	/*
	 * Not an operator a macro wrote: the operands' text, copied in front of
	 * the loop, is then whole tokens of the file that expand to just them.
	 */
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || ks.n != 2 || g->nb == MAX_BOUNDS ||
	    in_macro(c))
		goto out;
	op_text(k->src, c, op);
	if (!strcmp(op, negated ? "!=" : "==")) {	/* X == U: X >= U && X <= U */
		r = g->nb + 2 <= MAX_BOUNDS && add_equality(lp, c, g);
		if (!r && !has_step(g))	/* X % M == U */
			r = add_modulus(lp, c, g);
		goto out;
	}
	for (int side = 0; side < 2 && !r; side++) {
		uint64_t limit = INT64_MAX;
		/* solved for X op U: X on the left; on the right the operator mirrors */
		bool less = op[0] == '<', strict = !op[1];

		if (strcmp(op, "<") && strcmp(op, "<=") && strcmp(op, ">") && strcmp(op, ">="))
			break;
		if (!index_form(lp, ks.c[side], 0, &b->axis, &b->base, &limit) ||
		    !uniform_operand(lp, strip(ks.c[1 - side])))
			continue;
		b->cmp = clang_getCanonicalType(clang_getCursorType(ks.c[side]));
		if (!type_max(b->cmp) || (clang_Type_getSizeOf(b->cmp) == 8 &&
					  (b->cmp.kind == CXType_ULong || b->cmp.kind == CXType_ULongLong)))
			continue;	/* an unsigned 64-bit comparison does not fit int64_t */
		b->limit = min_u64(limit, type_max(b->cmp));
		if (side == 1)
			less = !less;	/* U < X is X > U */
		if (negated) {	/* !(X < U) is X >= U */
			less = !less;
			strict = !strict;
		}
		/* X < U: t < u - b; X <= U: t < u - b + 1; X > U: t >= u - b + 1; X >= U: t >= u - b */
		b->lower = !less;
		b->add = less ? !strict : strict;
		b->u = strip(ks.c[1 - side]);
		r = true;
	}
	if (r)
		g->nb++;
out:
	cx_kids_free(&ks);
	return r;
}

/* The comparisons joined by && (or, negated, by ||) under c: all of the form? */
static bool add_conjunction(const struct loop *lp, CXCursor c, bool negated, struct guard *g)
{
	const struct kernel *k = lp->k;
	struct cx_kids ks;
	char op[4];
	bool r;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || in_macro(c))
		return false;
	op_text(k->src, c, op);
	if (strcmp(op, negated ? "||" : "&&"))
		return add_comparison(lp, c, negated, g);
	ks = cx_kids_of(c);
	r = ks.n == 2 && add_conjunction(lp, ks.c[0], negated, g) && add_conjunction(lp, ks.c[1], negated, g);
	cx_kids_free(&ks);
	return r;
}

/*
 * c, or else the longest leading operand chain of c's && (negated: ||)
 * that is of the form, into g; *part is the expression the bounds stand
 * for.  In `if (i < n && x[i] > t)` the rest is evaluated only where the
 * leading part holds (fails, for ||), so where it fails (holds) the whole
 * is false (true) as surely as the leading part is.
 */
static bool add_leading(const struct loop *lp, CXCursor c, bool negated, struct guard *g, CXCursor *part)
{
	char op[4];

	for (;;) {
		struct cx_kids ks;

		g->nb = 0;
		g->eq = false;
		if (add_conjunction(lp, c, negated, g)) {
			*part = c;
			return true;
		}
		c = strip(c);
		if (clang_getCursorKind(c) != CXCursor_BinaryOperator || in_macro(c))
			return false;
		op_text(lp->k->src, c, op);
		if (strcmp(op, negated ? "||" : "&&"))
			return false;
		ks = cx_kids_of(c);
		if (ks.n != 2) {
			cx_kids_free(&ks);
			return false;
		}
		c = ks.c[0];
		cx_kids_free(&ks);
	}
}

/* `return;` or `{ return; }` */
static bool just_return(const struct source *s, CXCursor c)
{
	struct cx_kids ks;
	bool r;

	if (clang_getCursorKind(c) == CXCursor_ReturnStmt) {
		/* `return f();` (f void) calls f: not a guard's bare exit */
		ks = cx_kids_of(c);
		r = ks.n == 0;
		cx_kids_free(&ks);
		return r;
	}
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return false;
	ks = stmt_list(s, c);
	r = ks.n == 1 && just_return(s, ks.c[0]);
	cx_kids_free(&ks);
	return r;
}

/*
 * Does e write nothing and call nothing but pure math?  Unlike has_effects(),
 * reads of memory pass: a thread skipped only does not read.
 */
static bool only_reads(const struct source *s, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct cx_kids ks;
	bool r = true;
	char op[4];

	if ((k == CXCursor_CallExpr && !pure_builtin(e) && !pure_user_call(s, e, 0)) ||
	    k == CXCursor_CompoundAssignOperator || k == CXCursor_CXXNewExpr || k == CXCursor_CXXDeleteExpr ||
	    k == CXCursor_LambdaExpr || (k == CXCursor_UnaryOperator && unary_op(s, e) == '+'))
		return false;
	if (k == CXCursor_BinaryOperator) {
		op_text(s, e, op);
		if (is_assign_op(op))
			return false;
	}
	ks = cx_kids_of(e);
	for (unsigned i = 0; i < ks.n && r; i++)
		r = only_reads(s, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

/* Declarations whose initializers have no effects (what may run before the guard). */
static bool plain_decls(const struct kernel *k, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	bool r = clang_getCursorKind(c) == CXCursor_DeclStmt;

	for (unsigned i = 0; i < ks.n && r; i++) {
		CXCursor init = clang_getCursorKind(ks.c[i]) == CXCursor_VarDecl ? var_init(ks.c[i]) :
										    clang_getNullCursor();

		const struct var *v = var_decl(k, ks.c[i]);

		/* a variable a later thread loop reads must be set by every thread */
		r = clang_getCursorKind(ks.c[i]) == CXCursor_VarDecl && v && v->cls != V_PROMOTED &&
		    (clang_Cursor_isNull(init) || only_reads(k->src, init));
	}
	cx_kids_free(&ks);
	return r;
}

/*
 * `v = E;` with E without effects, v a scalar local that no later thread
 * loop reads before assigning it (V_LOCAL, V_SPLIT): a thread skipped
 * would only have set a value nobody reads (the warp lowering's read of a
 * tree's result, `v = __idxgen_w0b[LIN];`, in front of `if (lane == 0)`).
 */
static bool dead_assignment(const struct kernel *k, CXCursor c)
{
	struct cx_kids ks;
	const struct var *v;
	char op[4];
	bool r;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || in_macro(c))
		return false;
	op_text(k->src, c, op);
	ks = cx_kids_of(c);
	r = !strcmp(op, "=") && ks.n == 2 && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr &&
	    only_reads(k->src, ks.c[1]);
	v = r ? var_of(k, strip(ks.c[0])) : NULL;
	r = v && !v->param && !v->array && !v->shared && !v->addr_taken &&
	    (v->cls == V_LOCAL || v->cls == V_SPLIT);
	cx_kids_free(&ks);
	return r;
}

/*
 * The guard of the thread loop l[0..n), or false: `if (G) return;` in a
 * kernel's only thread loop (a thread that returned elsewhere would need
 * its __done flag), `if (G) { ... }` as the last statement of any thread
 * loop (a thread failing G does nothing in this loop; later loops see
 * nothing of it).
 */
static bool find_guard(const struct kernel *k, const CXCursor *l, unsigned n, struct guard *g)
{
	const struct loop lp = { k, l, n };
	unsigned i, last = n;
	struct cx_kids ks;
	bool r = false;

	memset(g, 0, sizeof(*g));
	if (k->src->tls)
		return false;
	for (i = 0; i < n; i++) {
		const struct stmt *s = stmt_of(k, l[i]);

		if (s && s->cls == S_REGION)
			last = i;
	}
	for (i = 0; i < n; i++) {
		const struct stmt *s = stmt_of(k, l[i]);

		if (!s || s->cls != S_REGION)
			continue;
		if (plain_decls(k, l[i]) || dead_assignment(k, l[i]))
			continue;
		break;
	}
	if (i == n || clang_getCursorKind(l[i]) != CXCursor_IfStmt)
		return false;
	ks = cx_kids_of(l[i]);
	if (ks.n == 2) {	/* no else */
		CXCursor part;

		if (just_return(k->src, ks.c[1]))
			r = k->nregions == 1 && !k->done_flags && add_leading(&lp, ks.c[0], true, g, &part);
		else if (i == last)
			r = add_leading(&lp, ks.c[0], false, g, &part);
	}
	cx_kids_free(&ks);
	g->stmt = l[i];
	return r && g->nb;
}

static const char *const axis_name[3] = { "x", "y", "z" };

/*
 * The start of one bound's block, shared by the loops' bounds and the
 * per-block condition flags: __idxgen_b (the index's base), __idxgen_u (the
 * uniform side in the comparison's type) and, where base + block stays in
 * the comparison's range, __idxgen_v, the bound in thread-index terms.
 * Leaves the block and the if open for the caller's use of __idxgen_v.
 */
static void emit_bound_value(const struct kernel *k, const struct bound *b, struct buf *o)
{
	CXString ts = clang_getTypeSpelling(b->cmp);

	bputs(o, "\t{\n\t\tconst int64_t __idxgen_b = (int64_t)(");
	if (clang_Cursor_isNull(b->base))
		bputs(o, "0");
	else
		emit_src(k->src, c_start(b->base), c_end(b->base), o);
	bprintf(o, ");\n\t\tconst int64_t __idxgen_u = (int64_t)(%s)(", clang_getCString(ts));
	emit_src(k->src, c_start(b->u), c_end(b->u), o);
	bprintf(o, ");\n\t\tif (__idxgen_b >= 0 && __idxgen_b + (int64_t)__bd%s - 1 <= INT64_C(%llu)) {\n"
		   "\t\t\tconst int64_t __idxgen_v = __idxgen_u - __idxgen_b + %d;\n",
		axis_name[b->axis], (unsigned long long)b->limit, b->add);
	clang_disposeString(ts);
}

bool emit_guard_bounds(const struct kernel *k, const CXCursor *l, unsigned n, bool *step, struct buf *o)
{
	struct guard g;
	unsigned i, line;

	if (!find_guard(k, l, n, &g))
		return false;
	*step = has_step(&g);
	clang_getExpansionLocation(clang_getCursorLocation(g.stmt), NULL, &line, NULL, NULL);
	bprintf(o, "\t/* the guard of line %u as the loops' bounds: threads outside do nothing */\n", line);
	bputs(o, "\tuint32_t __idxgen_lo_x = 0, __idxgen_hi_x = __bdx, __idxgen_lo_y = 0,"
		 " __idxgen_hi_y = __bdy, __idxgen_lo_z = 0, __idxgen_hi_z = __bdz;\n");
	if (*step)
		bputs(o, "\tuint32_t __idxgen_st_x = 1, __idxgen_r_x = 0;\t/* x's step and residue */\n");
	for (i = 0; i < g.nb; i++) {
		const struct bound *b = &g.b[i];
		const char *a = axis_name[b->axis];

		emit_bound_value(k, b, o);
		if (b->mod)	/* no thread where U is no residue; else those of U - B's */
			bprintf(o, "\t\t\tif (__idxgen_u < 0 || __idxgen_u >= %lld) {\n"
				   "\t\t\t\t__idxgen_hi_x = 0;\n\t\t\t} else {\n"
				   "\t\t\t\t__idxgen_st_x = %lld;\n"
				   "\t\t\t\t__idxgen_r_x = (uint32_t)((__idxgen_v %% %lld + %lld) %% %lld);\n"
				   "\t\t\t}\n",
				b->mod, b->mod, b->mod, b->mod, b->mod);
		else if (b->lower)
			bprintf(o, "\t\t\tif (__idxgen_v > (int64_t)__idxgen_lo_%s)\n"
				   "\t\t\t\t__idxgen_lo_%s = __idxgen_v > (int64_t)__bd%s ? __bd%s : (uint32_t)__idxgen_v;\n",
				a, a, a, a);
		else
			bprintf(o, "\t\t\tif (__idxgen_v < (int64_t)__idxgen_hi_%s)\n"
				   "\t\t\t\t__idxgen_hi_%s = __idxgen_v < 0 ? 0 : (uint32_t)__idxgen_v;\n",
				a, a);
		bputs(o, "\t\t}\n\t}\n");
	}
	if (*step)	/* start at the first thread of [lo, hi) of the residue */
		bputs(o, "\t__idxgen_lo_x += (__idxgen_r_x + __idxgen_st_x - __idxgen_lo_x % __idxgen_st_x) % __idxgen_st_x;\n");
	return true;
}

/*
 * The bound of g on x whose index is a 32-bit B + threadIdx.x, B not 0;
 * NULL if none, a step, or bounds on y or z too: counted so, the 2-D and
 * 3-D kernels of the bench ran more instructions (conv11 +19 %, stencil3d
 * +13 %: 32-thread rows, each checked and set up twice), 1-D ones fewer.
 */
static const struct bound *x_base_bound(const struct guard *g)
{
	const struct bound *x = NULL;

	if (has_step(g))
		return NULL;
	for (unsigned i = 0; i < g->nb; i++) {
		if (g->b[i].axis)
			return NULL;
		/* a wider index is not widened per thread: nothing to win */
		if (!x && !clang_Cursor_isNull(g->b[i].base) && g->b[i].limit <= UINT32_MAX)
			x = &g->b[i];
	}
	return x;
}

bool emit_guard_x_base(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o)
{
	struct guard g;
	const struct bound *b;

	if (!find_guard(k, l, n, &g) || !(b = x_base_bound(&g)))
		return false;
	bputs(o, "\tconst uint32_t __idxgen_gb __attribute__((unused)) = (uint32_t)(");
	emit_src(k->src, c_start(b->base), c_end(b->base), o);
	bputs(o, ");\t/* the global index's base: the x loop counts by it */\n");
	return true;
}

bool guard_steps(const struct kernel *k, const CXCursor *l, unsigned n, long long *m)
{
	struct guard g;

	if (!find_guard(k, l, n, &g))
		return false;
	for (unsigned i = 0; i < g.nb; i++)
		if (g.b[i].mod) {
			*m = g.b[i].mod;
			return true;
		}
	return false;
}

void dump_guard(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o)
{
	struct guard g;
	unsigned i, line;
	bool axes[3] = { false, false, false };
	const char *sep = "";
	const struct bound *xb;

	if (!find_guard(k, l, n, &g))
		return;
	clang_getExpansionLocation(clang_getCursorLocation(g.stmt), NULL, &line, NULL, NULL);
	for (i = 0; i < g.nb; i++)
		axes[g.b[i].axis] = true;
	bprintf(o, "; bounds: the guard of line %u limits threadIdx.", line);
	for (i = 0; i < 3; i++)
		if (axes[i]) {
			bprintf(o, "%s%s", sep, axis_name[i]);
			sep = ", .";
		}
	bputs(o, " (threads outside it do nothing)");
	for (i = 0; i < g.nb; i++)
		if (g.b[i].mod)
			bprintf(o, ", threadIdx.x in steps of %lld (one residue modulo %lld)", g.b[i].mod, g.b[i].mod);
	xb = x_base_bound(&g);
	if (xb) {	/* emit.c's global_x_loop */
		bputs(o, "; a plain x loop counted by the global index ");
		emit_src(k->src, c_start(xb->base), c_end(xb->base), o);
		bputs(o, " + threadIdx.x in an int where it fits"
			 "; in a 1-D block whose conditions the bounds decide, that x loop alone (no y/z loops)");
	}
}

/*
 * Conditions decided per block (issue 40: no masked loads).  A condition
 * of the guard's form anywhere in a thread loop -- `i < n ? in[i] : 0`,
 * the guard itself, `if (i >= n) return;` -- is, within the loop's
 * iteration box, often true (or false) for every thread of the block.
 * Each such condition gets a flag computed per block with the guard's
 * arithmetic, and its text in the loop becomes `(__idxgen_cond_J || (C))`
 * (or `(!__idxgen_cond_J && (C))` for a condition that makes the thread
 * return): the same value for every thread (C has no effects: comparisons
 * of thread indices with uniform values), and a loop-invariant flag that
 * the compiler unswitches on, so the blocks where it is set run a loop
 * with no condition, vectorised with plain loads and stores instead of
 * masked ones (vector add, the reduction's load: 2-3x slower masked).
 */
static unsigned line_of(CXCursor c)
{
	unsigned line;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	return line;
}

static bool cond_of(const struct loop *lp, CXCursor c, bool negated, struct guard *g)
{
	memset(g, 0, sizeof(*g));
	g->stmt = c;
	/* == (one thread) is rarely true for all: not worth a second loop */
	return !in_macro(c) && add_conjunction(lp, c, negated, g) && g->nb && !g->eq;
}

/* The condition c or its leading part (add_leading) that a flag may stand for, into *part. */
static bool cond_part(const struct loop *lp, CXCursor c, bool negated, struct guard *g, CXCursor *part)
{
	struct guard whole;

	memset(&whole, 0, sizeof(whole));
	return !in_macro(c) && add_leading(lp, c, negated, &whole, part) && cond_of(lp, *part, negated, g);
}

static void scan_conds(const struct loop *lp, CXCursor c, struct loop_conds *lc)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	struct guard g;

	if (ck == CXCursor_LambdaExpr || lc->n == MAX_LOOP_CONDS)
		return;
	ks = cx_kids_of(c);
	if ((ck == CXCursor_IfStmt || ck == CXCursor_ConditionalOperator) && ks.n >= 2) {
		bool ret = ck == CXCursor_IfStmt && ks.n == 2 && just_return(lp->k->src, ks.c[1]);

		CXCursor part;

		if (cond_part(lp, ks.c[0], ret, &g, &part)) {
			lc->c[lc->n] = part;
			lc->negated[lc->n++] = ret;
		}
	}
	for (unsigned i = 0; i < ks.n; i++)
		scan_conds(lp, ks.c[i], lc);
	cx_kids_free(&ks);
}

void loop_conds(const struct kernel *k, const CXCursor *l, unsigned n, struct loop_conds *lc)
{
	const struct loop lp = { k, l, n };

	lc->n = 0;
	if (k->src->tls)
		return;
	for (unsigned i = 0; i < n; i++) {
		const struct stmt *s = stmt_of(k, l[i]);

		if (s && s->cls == S_REGION)
			scan_conds(&lp, l[i], lc);
	}
}

/* Writes __idxgen_cond_J: C (or, negated, !C) holds for every thread of the loop's box. */
void emit_cond_flags(const struct kernel *k, const CXCursor *l, unsigned n, const struct loop_conds *lc,
		     bool bounded, struct buf *o)
{
	const struct loop lp = { k, l, n };
	struct guard g;

	for (unsigned j = 0; j < lc->n; j++) {
		if (!cond_of(&lp, lc->c[j], lc->negated[j], &g))
			continue;	/* not reached: loop_conds found it */
		bprintf(o, "\tint __idxgen_cond_%u __attribute__((unused)) = 1;\t/* line %u's condition, the same for every thread */\n",
			j, line_of(lc->c[j]));
		for (unsigned i = 0; i < g.nb; i++) {
			const struct bound *b = &g.b[i];
			const char *a = axis_name[b->axis];

			emit_bound_value(k, b, o);
			/* every t of [lo, hi) has t >= v (lower) or t < v (upper) */
			if (b->lower)
				bprintf(o, "\t\t\tif (__idxgen_v > (int64_t)%s%s)\n", bounded ? "__idxgen_lo_" : "",
					bounded ? a : "0");
			else
				bprintf(o, "\t\t\tif (__idxgen_v < (int64_t)__%s%s)\n", bounded ? "idxgen_hi_" : "bd",
					a);
			bprintf(o, "\t\t\t\t__idxgen_cond_%u = 0;\n\t\t} else {\n\t\t\t__idxgen_cond_%u = 0;\n\t\t}\n\t}\n",
				j, j);
		}
	}
}
