// SPDX-License-Identifier: MIT
/*
 * aggregate.c - aggregated atomics (issue 40): an integer atomicAdd to one
 * address that is the same for every thread becomes one add per block and
 * thread loop.
 *
 *	if (i < n)
 *		atomicAdd(&count[0], in[i] > t);	// or atomicAdd(sum, in[i])
 *
 * Each thread of the loop adds its value into a local of the loop
 * (`__idxgen_agg_J`, in the unsigned type of the add's width: the sum
 * wraps like the atomic adds it replaces, in any order), and after the
 * loop one atomicAdd adds the total, when it is not 0.  The final value
 * of the address is the same sum; what changes is only which intermediate
 * values other threads could read while the loop runs, and CUDA orders no
 * read of another thread (of this block or another one) against these adds
 * without a barrier or a fence, so "none of this loop's adds yet" is one of
 * the values such a read may return.  The thread that adds must still see
 * its own add, so nothing may follow the add in the thread's code that
 * reads or writes memory or calls a function (a fence, a flag published
 * after the count): the add is taken only when every statement after it in
 * the loop works on the thread's locals.
 *
 * Another such add later in the thread's code is no access the thread
 * could see its own add by (its old value is unused): it does not stop an
 * earlier one, but its value is checked like any other code.
 *
 * float and double adds: a sum per loop would be wrong, (A + v1) + v2 is
 * not A + (v1 + v2) in floating point, and CUDA's result is always the
 * adds applied to A one by one in some order.  So the loop keeps the
 * values in order (a buffer of the loop, IDXGEN_RT_AGG_CAP values, applied
 * early when full) and after the loop one compare-and-swap loop applies
 * them one by one to A's current value (idxgen_rt_agg_flush_f32/f64): A
 * goes through the roundings of one order CUDA allows, this block's adds
 * one after the other.
 *
 * Taken: a statement `atomicAdd(A, V);` (its old value unused) in a thread
 * loop, not inside a loop or switch of the thread's own, A the address of
 * an int, unsigned int, unsigned long long, float or double: `&X[I]`,
 * `X + I`, `X` or `&X` with X a pointer parameter never assigned, a
 * __shared__ array or variable, and I uniform in the guard's sense
 * (guard.c).  Left as it is: everything else.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/*
 * The unsigned type the sum of T's adds wraps in, for float and double the
 * type itself (kept in order, not summed); NULL when T is not one we take.
 */
static const char *acc_type(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Int: case CXType_UInt:
		return "unsigned int";
	case CXType_ULongLong:
		return "unsigned long long";
	case CXType_Float:
		return "float";
	case CXType_Double:
		return "double";
	default:
		return NULL;
	}
}

/* The runtime's suffix for a floating add's buffer (idxgen_rt.h), NULL for an integer one. */
static const char *flt_sfx(const char *acc)
{
	return !strcmp(acc, "float") ? "f32" : !strcmp(acc, "double") ? "f64" : NULL;
}

/* X: a pointer parameter never assigned, or a __shared__ variable. */
static bool stable_base(const struct kernel *k, CXCursor x)
{
	const struct var *v;

	x = strip(x);
	if (clang_getCursorKind(x) != CXCursor_DeclRefExpr || !(v = var_of(k, x)))
		return false;
	if (v->shared)
		return true;
	return v->param && !v->array && !v->addr_taken && !written_anywhere(k, v) &&
	       clang_getCanonicalType(clang_getCursorType(x)).kind == CXType_Pointer;
}

/* A is &X[I], X + I, I + X, X or &X, with X stable and I uniform. */
static bool uniform_address(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor a)
{
	enum CXCursorKind ak;
	struct cx_kids ks;
	bool r = false;
	char op[4];

	a = strip(a);
	ak = clang_getCursorKind(a);
	ks = cx_kids_of(a);
	if (ak == CXCursor_UnaryOperator && ks.n == 1 && k->src->text[c_start(a)] == '&') {
		CXCursor x = strip(ks.c[0]);
		struct cx_kids xs = cx_kids_of(x);

		if (clang_getCursorKind(x) == CXCursor_ArraySubscriptExpr && xs.n == 2)
			r = stable_base(k, xs.c[0]) && uniform_in_loop(k, l, n, strip(xs.c[1]));
		else if (clang_getCursorKind(x) == CXCursor_DeclRefExpr)
			r = stable_base(k, x);
		cx_kids_free(&xs);
	} else if (ak == CXCursor_BinaryOperator && ks.n == 2) {
		op_text(k->src, a, op);
		if (!strcmp(op, "+"))
			r = (stable_base(k, ks.c[0]) && uniform_in_loop(k, l, n, strip(ks.c[1]))) ||
			    (stable_base(k, ks.c[1]) && uniform_in_loop(k, l, n, strip(ks.c[0])));
	} else if (ak == CXCursor_DeclRefExpr) {
		r = stable_base(k, a);
	}
	cx_kids_free(&ks);
	return r;
}

/* The adds of a loop that could be taken, but for what follows them. */
#define MAX_CANDS 16
struct cands {
	unsigned n;
	CXCursor call[MAX_CANDS], val[MAX_CANDS];
};

static int cand_index(const struct cands *cs, CXCursor c)
{
	for (unsigned j = 0; j < cs->n; j++)
		if (clang_equalCursors(c, cs->call[j]))
			return (int)j;
	return -1;
}

/*
 * Does anything under c that starts at or after offset `from` touch memory
 * or call?  A candidate add there counts only by its value.
 */
static bool memory_after(const struct kernel *k, const struct cands *cs, CXCursor c, unsigned from)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	bool r = false;
	int j;

	if (c_end(c) <= from)
		return false;
	if (c_start(c) >= from && (j = cand_index(cs, c)) >= 0)
		return memory_after(k, cs, cs->val[j], from);
	if (c_start(c) >= from) {
		if (ck == CXCursor_CallExpr || ck == CXCursor_ArraySubscriptExpr || ck == CXCursor_LambdaExpr ||
		    ck == CXCursor_MemberRefExpr)
			return true;
		if (ck == CXCursor_UnaryOperator && unary_deref(k->src, c))
			return true;
		if (ck == CXCursor_DeclRefExpr) {
			const struct var *v = var_of(k, c);

			if (!v || v->shared || v->array || v->addr_taken)
				return true;	/* a global, shared memory, an array in memory */
		}
	}
	ks = cx_kids_of(c);
	for (unsigned i = 0; i < ks.n && !r; i++)
		r = memory_after(k, cs, ks.c[i], from);
	cx_kids_free(&ks);
	return r;
}

static unsigned line_of(CXCursor c)
{
	unsigned line;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	return line;
}

struct agg_scan {
	const struct kernel *k;
	const CXCursor *l;
	unsigned n;
	struct cands cs;
};

/* Statements of the loop, outside the thread's own loops and switches: the candidate adds. */
static void scan_stmt(struct agg_scan *as, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks, args;

	if (ck == CXCursor_ForStmt || ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt ||
	    ck == CXCursor_SwitchStmt || ck == CXCursor_CXXForRangeStmt || ck == CXCursor_LambdaExpr ||
	    as->cs.n == MAX_CANDS)
		return;
	if (ck == CXCursor_CompoundStmt || ck == CXCursor_IfStmt) {
		ks = cx_kids_of(c);
		for (unsigned i = ck == CXCursor_IfStmt; i < ks.n; i++)	/* an if's condition is no statement */
			scan_stmt(as, ks.c[i]);
		cx_kids_free(&ks);
		return;
	}
	if (!is_call_to(c, "atomicAdd") || in_macro(c))
		return;
	args = cx_kids_of(c);
	if (args.n == 3 && acc_type(clang_getPointeeType(clang_getCursorType(strip(args.c[1])))) &&
	    uniform_address(as->k, as->l, as->n, args.c[1])) {
		as->cs.call[as->cs.n] = c;
		as->cs.val[as->cs.n++] = args.c[2];
	}
	cx_kids_free(&args);
}

void loop_aggs(const struct kernel *k, const CXCursor *l, unsigned n, struct loop_aggs *la)
{
	struct agg_scan as = { .k = k, .l = l, .n = n };

	la->n = 0;
	if (k->src->tls)
		return;
	for (unsigned i = 0; i < n; i++) {
		const struct stmt *s = stmt_of(k, l[i]);

		if (s && s->cls == S_REGION)
			scan_stmt(&as, l[i]);
	}
	for (unsigned j = 0; j < as.cs.n && la->n < MAX_LOOP_AGGS; j++) {
		CXCursor c = as.cs.call[j];
		struct cx_kids args = cx_kids_of(c);
		bool later = false;

		for (unsigned i = 0; i < n && !later; i++)
			later = memory_after(k, &as.cs, l[i], c_end(c));
		if (!later) {
			la->call[la->n] = c;
			la->addr[la->n] = args.c[1];
			la->val[la->n++] = args.c[2];
		}
		cx_kids_free(&args);
	}
}

static const char *agg_type(const struct loop_aggs *la, unsigned j)
{
	return acc_type(clang_getPointeeType(clang_getCursorType(strip(la->addr[j]))));
}

CXCursor aggs_in_order(const struct loop_aggs *la)
{
	for (unsigned j = 0; j < la->n; j++)
		if (flt_sfx(agg_type(la, j)))
			return la->call[j];
	return clang_getNullCursor();
}

void emit_agg_decls(const struct loop_aggs *la, struct buf *o)
{
	for (unsigned j = 0; j < la->n; j++) {
		const char *t = agg_type(la, j);

		if (flt_sfx(t))
			bprintf(o, "\t%s __idxgen_aggv_%u[IDXGEN_RT_AGG_CAP];\t/* line %u's atomicAdd values, in order */\n"
				   "\tuint32_t __idxgen_aggn_%u = 0;\n", t, j, line_of(la->call[j]), j);
		else
			bprintf(o, "\t%s __idxgen_agg_%u = 0;\t/* line %u's atomicAdd, once per loop */\n", t, j,
				line_of(la->call[j]));
	}
}

void emit_agg_flush(const struct kernel *k, const struct loop_aggs *la, struct buf *o)
{
	for (unsigned j = 0; j < la->n; j++) {
		const char *sfx = flt_sfx(agg_type(la, j));
		CXString ts = clang_getTypeSpelling(
			clang_getPointeeType(clang_getCursorType(strip(la->addr[j]))));

		if (sfx) {
			bprintf(o, "\tidxgen_rt_agg_flush_%s(", sfx);
			emit_src(k->src, c_start(la->addr[j]), c_end(la->addr[j]), o);
			bprintf(o, ", __idxgen_aggv_%u, __idxgen_aggn_%u);\n", j, j);
		} else {
			bprintf(o, "\tif (__idxgen_agg_%u)\n\t\tatomicAdd(", j);
			emit_src(k->src, c_start(la->addr[j]), c_end(la->addr[j]), o);
			bprintf(o, ", (%s)__idxgen_agg_%u);\n", clang_getCString(ts), j);
		}
		clang_disposeString(ts);
	}
}

void emit_agg_add(const struct kernel *k, const struct loop_aggs *la, unsigned j, struct buf *o)
{
	const char *t = agg_type(la, j), *sfx = flt_sfx(t);
	CXString ts = clang_getTypeSpelling(clang_getPointeeType(clang_getCursorType(strip(la->addr[j]))));

	if (sfx) {
		bprintf(o, "idxgen_rt_agg_push_%s(", sfx);
		emit_src(k->src, c_start(la->addr[j]), c_end(la->addr[j]), o);
		bprintf(o, ", __idxgen_aggv_%u, &__idxgen_aggn_%u, (%s)(", j, j, t);
	} else {
		bprintf(o, "(void)(__idxgen_agg_%u += (%s)(%s)(", j, t, clang_getCString(ts));
	}
	clang_disposeString(ts);
}

void dump_aggs(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o)
{
	struct loop_aggs la;

	loop_aggs(k, l, n, &la);
	for (int flt = 0; flt < 2; flt++) {
		const char *sep = "; atomics: line ";
		unsigned m = 0;

		for (unsigned j = 0; j < la.n; j++)
			if (!flt_sfx(agg_type(&la, j)) == !flt) {
				bprintf(o, "%s%u", sep, line_of(la.call[j]));
				sep = ", ";
				m++;
			}
		if (m && !flt)
			bputs(o, m == 1 ? "'s atomicAdd summed per loop, added once" :
					  "'s atomicAdds summed per loop, each added once");
		else if (m)
			bputs(o, m == 1 ? "'s floating atomicAdd kept in order per loop, applied once" :
					  "'s floating atomicAdds kept in order per loop, each applied once");
	}
}
