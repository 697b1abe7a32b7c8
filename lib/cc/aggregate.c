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
 * Taken: a statement `atomicAdd(A, V);` (its old value unused) in a thread
 * loop, not inside a loop or switch of the thread's own, A the address of
 * an int, unsigned int or unsigned long long: `&X[I]`, `X + I`, `X` or `&X`
 * with X a pointer parameter never assigned, a __shared__ array or
 * variable, and I uniform in the guard's sense (guard.c).  Left as it is:
 * everything else (float adds: the order of a float sum is its value).
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* The unsigned type the sum of T's adds wraps in, NULL when T is not one we take. */
static const char *acc_type(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Int: case CXType_UInt:
		return "unsigned int";
	case CXType_ULongLong:
		return "unsigned long long";
	default:
		return NULL;
	}
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

/* Does anything under c that starts at or after offset `from` touch memory or call? */
static bool memory_after(const struct kernel *k, CXCursor c, unsigned from)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	bool r = false;

	if (c_end(c) <= from)
		return false;
	if (c_start(c) >= from) {
		if (ck == CXCursor_CallExpr || ck == CXCursor_ArraySubscriptExpr || ck == CXCursor_LambdaExpr ||
		    ck == CXCursor_MemberRefExpr)
			return true;
		if (ck == CXCursor_UnaryOperator && k->src->text[c_start(c)] == '*')
			return true;
		if (ck == CXCursor_DeclRefExpr) {
			const struct var *v = var_of(k, c);

			if (!v || v->shared || v->array || v->addr_taken)
				return true;	/* a global, shared memory, an array in memory */
		}
	}
	ks = cx_kids_of(c);
	for (unsigned i = 0; i < ks.n && !r; i++)
		r = memory_after(k, ks.c[i], from);
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
	struct loop_aggs *la;
};

/* Statements of the loop, outside the thread's own loops and switches. */
static void scan_stmt(struct agg_scan *as, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks, args;
	struct loop_aggs *la = as->la;

	if (ck == CXCursor_ForStmt || ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt ||
	    ck == CXCursor_SwitchStmt || ck == CXCursor_CXXForRangeStmt || ck == CXCursor_LambdaExpr ||
	    la->n == MAX_LOOP_AGGS)
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
		bool later = false;

		for (unsigned i = 0; i < as->n && !later; i++)
			later = memory_after(as->k, as->l[i], c_end(c));
		if (!later) {
			la->call[la->n] = c;
			la->addr[la->n] = args.c[1];
			la->val[la->n++] = args.c[2];
		}
	}
	cx_kids_free(&args);
}

void loop_aggs(const struct kernel *k, const CXCursor *l, unsigned n, struct loop_aggs *la)
{
	struct agg_scan as = { k, l, n, la };

	la->n = 0;
	if (k->src->tls)
		return;
	for (unsigned i = 0; i < n; i++) {
		const struct stmt *s = stmt_of(k, l[i]);

		if (s && s->cls == S_REGION)
			scan_stmt(&as, l[i]);
	}
}

static const char *agg_type(const struct loop_aggs *la, unsigned j)
{
	return acc_type(clang_getPointeeType(clang_getCursorType(strip(la->addr[j]))));
}

void emit_agg_decls(const struct loop_aggs *la, struct buf *o)
{
	for (unsigned j = 0; j < la->n; j++)
		bprintf(o, "\t%s __idxgen_agg_%u = 0;\t/* line %u's atomicAdd, once per loop */\n", agg_type(la, j),
			j, line_of(la->call[j]));
}

void emit_agg_flush(const struct kernel *k, const struct loop_aggs *la, struct buf *o)
{
	for (unsigned j = 0; j < la->n; j++) {
		CXString ts = clang_getTypeSpelling(
			clang_getPointeeType(clang_getCursorType(strip(la->addr[j]))));

		bprintf(o, "\tif (__idxgen_agg_%u)\n\t\tatomicAdd(", j);
		emit_src(k->src, c_start(la->addr[j]), c_end(la->addr[j]), o);
		bprintf(o, ", (%s)__idxgen_agg_%u);\n", clang_getCString(ts), j);
		clang_disposeString(ts);
	}
}

void emit_agg_add(const struct loop_aggs *la, unsigned j, struct buf *o)
{
	CXString ts = clang_getTypeSpelling(clang_getPointeeType(clang_getCursorType(strip(la->addr[j]))));

	bprintf(o, "(void)(__idxgen_agg_%u += (%s)(%s)(", j, agg_type(la, j), clang_getCString(ts));
	clang_disposeString(ts);
}

void dump_aggs(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o)
{
	struct loop_aggs la;
	const char *sep = "; atomics: line ";

	loop_aggs(k, l, n, &la);
	for (unsigned j = 0; j < la.n; j++) {
		bprintf(o, "%s%u", sep, line_of(la.call[j]));
		sep = ", ";
	}
	if (la.n)
		bputs(o, la.n == 1 ? "'s atomicAdd summed per loop, added once" :
				     "'s atomicAdds summed per loop, each added once");
}
