// SPDX-License-Identifier: MIT
/*
 * access.c - what a statement reads and writes: references to and writes
 * of a kernel's locals, reads and writes of memory.  Queried by planning
 * (once-per-block code, hoisting, liveness, recomputation).
 */
#include "cc.h"

bool refs_var(const struct kernel *k, CXCursor c, const struct var *v)
{
	struct cx_kids ks;
	unsigned i;
	bool r = false;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && var_of(k, c) == v)
		return true;
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n && !r; i++)
		r = refs_var(k, ks.c[i], v);
	cx_kids_free(&ks);
	return r;
}

/* Does c assign v (elems: or, for an array, one of its elements)? */
static bool writes_in_(const struct kernel *k, CXCursor c, const struct var *v, bool elems)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks = cx_kids_of(c);
	bool r = false;
	unsigned i;

	CXCursor target, value;

	if (assignment(k->src, c, &target, &value)) {
		CXCursor b = elems ? lvalue_base(target) : strip(target);

		r = clang_getCursorKind(b) == CXCursor_DeclRefExpr && var_of(k, b) == v;
	} else if (ck == CXCursor_UnaryOperator && unary_op(k->src, c) == '+' && ks.n == 1) {
		CXCursor b = elems ? lvalue_base(ks.c[0]) : strip(ks.c[0]);

		r = clang_getCursorKind(b) == CXCursor_DeclRefExpr && var_of(k, b) == v;
	}
	for (i = 0; i < ks.n && !r; i++)
		r = writes_in_(k, ks.c[i], v, elems);
	cx_kids_free(&ks);
	return r;
}

/* Does c assign v (or, for a local array, one of its elements)? */
bool writes_in(const struct kernel *k, CXCursor c, const struct var *v)
{
	return writes_in_(k, c, v, !v->param);
}

bool written_anywhere(const struct kernel *k, const struct var *v)
{
	unsigned i;

	for (i = 0; i < k->ns; i++)
		if (writes_in(k, k->s[i].c, v))
			return true;
	return false;
}

/* Does e read memory other than the kernel's local arrays? */
bool reads_memory(const struct kernel *k, CXCursor e)
{
	enum CXCursorKind ek = clang_getCursorKind(e);
	struct cx_kids ks;
	bool r = false;
	unsigned i;

	if (ek == CXCursor_ArraySubscriptExpr) {
		CXCursor b = lvalue_base(e);
		struct var *v = clang_getCursorKind(b) == CXCursor_DeclRefExpr ? var_of(k, b) : NULL;

		if (!v || !v->array || v->param)
			return true;
	}
	if (ek == CXCursor_UnaryOperator && unary_deref(k->src, e))
		return true;
	ks = cx_kids_of(e);
	for (i = 0; i < ks.n && !r; i++)
		r = reads_memory(k, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

/* Does c write memory (not a local variable of the kernel)? */
bool writes_memory(const struct kernel *k, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks = cx_kids_of(c);
	bool r = false;
	unsigned i;

	if ((ck == CXCursor_CallExpr && !pure_builtin(c) && !pure_user_call(k->src, c, 0)) ||
	    ck == CXCursor_CXXNewExpr || ck == CXCursor_CXXDeleteExpr)
		r = true;	/* a call, or new/delete: the allocator's memory */
	if (ck == CXCursor_BinaryOperator || ck == CXCursor_CompoundAssignOperator ||
	    ck == CXCursor_UnaryOperator || ck == CXCursor_CallExpr) {
		CXCursor target = clang_getNullCursor(), value;
		bool w = assignment(k->src, c, &target, &value);

		if (!w && ck == CXCursor_UnaryOperator && ks.n && unary_op(k->src, c) == '+') {
			w = true;
			target = ks.c[0];
		}
		if (w) {
			CXCursor t = strip(target), b = lvalue_base(target);
			struct var *v = clang_getCursorKind(b) == CXCursor_DeclRefExpr ? var_of(k, b) : NULL;

			if (!v || v->param || v->shared ||
			    (clang_getCursorKind(t) != CXCursor_DeclRefExpr && !v->array))
				r = true;
		}
	}
	for (i = 0; i < ks.n && !r; i++)
		r = writes_memory(k, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

/* Is statement c "v = e;" with e not reading v? */
bool kills(const struct kernel *k, CXCursor c, const struct var *v)
{
	struct cx_kids ks;
	bool r = false;
	char op[4];

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op_text(k->src, c, op);
	if (op[0] != '=' || op[1])
		return false;
	ks = cx_kids_of(c);
	r = ks.n == 2 && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr &&
	    var_of(k, strip(ks.c[0])) == v && !refs_var(k, ks.c[1], v);
	cx_kids_free(&ks);
	return r;
}
