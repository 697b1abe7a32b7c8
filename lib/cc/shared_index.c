// SPDX-License-Identifier: MIT
/*
 * shared_index.c - device code's 32-bit unsigned offsets into __shared__
 * memory, as the GPU computes the address.
 *
 * A GPU addresses shared memory in 32 bits: nvcc infers the address space
 * of a __shared__ array and of a local pointer only ever set from one, and
 * computes `p[i]` and `p + i` there as 32-bit sums, so an index of type
 * `unsigned int` wraps: `BSm1[~Ax]` (HeCBench merge's merge-path search)
 * is BSm1 - Ax - 1.  The CPU widens the index to 64 bits and adds 2^32 -
 * Ax - 1 elements.  Such an index is read as int32_t, `BSm1[(int32_t)(~Ax)]`:
 * for element size s, (2^32 - k) s and -k s are equal mod 2^32, so that is
 * the GPU's address for every index whose 32-bit signed value times s lies
 * within +-2^31 bytes of the base, which every access inside the shared
 * window (a block has far less than 2^31 bytes) that a program reaches by
 * a wrapped subtraction or complement is (an index of 2^31 / s or more
 * that the GPU wraps to a small offset is wrapped by neither; no program
 * we know does that).
 *
 * Rewritten: a subscript, `p + i`, `i + p`, `p - i`, `p += i` and
 * `p -= i` whose pointer is a __shared__ variable (static or extern), an
 * element of one, or a local pointer of the function every setting of
 * which is such a pointer (`vec_t *B = A + K + 2; vec_t *BSm1 = B + t;`,
 * followed through copies, moved by `+=`, `-=`, `++`, `--`; not one whose
 * address is taken, which is bound to a reference or handed bare to a
 * call), and whose offset has the type `unsigned int`.  Left as written:
 * a global or any other pointer (a GPU computes generic and global
 * addresses in 64 bits, as the CPU does), a parameter (any caller's
 * pointer), signed and 64-bit offsets (the same sum on both), an offset in
 * a macro's text.  One group of two edits (shift.c's), applied where the
 * offset is copied whole.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

struct shidx {
	struct source *s;
	struct cx_kids ptrs;	/* the function's local pointers ... */
	bool *out;		/* ... those found set from something else */
	struct cx_kids touched;	/* the variables set after their declaration */
};

/* No bound known: the offset may be 2^31 or more, where the GPU's sum and the CPU's part. */
#define NO_BOUND (1ll << 31)

static bool shared_var(CXCursor r)
{
	return clang_getCursorKind(r) == CXCursor_VarDecl && has_annot(r, "shared");
}

static bool array_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_ConstantArray || k == CXType_IncompleteArray || k == CXType_DependentSizedArray ||
	       k == CXType_VariableArray;
}

static bool pointer_type(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Pointer;
}

static bool arith_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k >= CXType_Bool && k <= CXType_LongDouble;
}

static int ptr_at(const struct shidx *x, CXCursor r)
{
	for (unsigned i = 0; i < x->ptrs.n; i++)
		if (clang_equalCursors(x->ptrs.c[i], r))
			return (int)i;
	return -1;
}

/* The binary operator c (also a template's unresolved one): its operator and operands. */
static bool binary(const struct source *s, CXCursor c, char op[4], CXCursor *l, CXCursor *r)
{
	struct cx_kids ks;
	bool ok = false;

	if (clang_getCursorKind(c) == CXCursor_CallExpr)
		return dependent_binary(c, op, l, r);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator &&
	    clang_getCursorKind(c) != CXCursor_CompoundAssignOperator)
		return false;
	ks = cx_kids_of(c);
	if (ks.n == 2) {
		op_text(s, c, op);
		*l = ks.c[0];
		*r = ks.c[1];
		ok = true;
	}
	cx_kids_free(&ks);
	return ok;
}

static bool lvalue_in_shared(const struct shidx *x, CXCursor e);

/* Does the pointer value e point into __shared__ memory (with the local pointers not yet ruled out)? */
static bool into_shared(const struct shidx *x, CXCursor e)
{
	enum CXCursorKind k;
	CXCursor l, r, only;
	char op[4];

	e = strip(e);
	k = clang_getCursorKind(e);
	if (arith_type(clang_getCursorType(e)))
		return false;	/* `(p - q) + i` is a number */
	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(e);
		int i = ptr_at(x, d);

		return (shared_var(d) && array_type(clang_getCursorType(d))) || (i >= 0 && !x->out[i]);
	}
	if (k == CXCursor_UnaryOperator)	/* &s[i], &s, &s[i].x */
		return unary_op(x->s, e) == '&' && cx_only_child(e, &only) && lvalue_in_shared(x, only);
	if (k == CXCursor_ArraySubscriptExpr)	/* tile[k] of a two-dimensional array */
		return array_type(clang_getCursorType(e)) && lvalue_in_shared(x, e);
	if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXReinterpretCastExpr) {
		struct cx_kids ks = cx_kids_of(e);
		bool in = ks.n && pointer_type(clang_getCursorType(e)) && into_shared(x, ks.c[ks.n - 1]);

		cx_kids_free(&ks);
		return in;
	}
	if (k == CXCursor_ConditionalOperator) {
		struct cx_kids ks = cx_kids_of(e);
		bool in = ks.n == 3 && into_shared(x, ks.c[1]) && into_shared(x, ks.c[2]);

		cx_kids_free(&ks);
		return in;
	}
	if (binary(x->s, e, op, &l, &r) && (!strcmp(op, "+") || !strcmp(op, "-")))
		return into_shared(x, l) || (!strcmp(op, "+") && into_shared(x, r));
	return false;
}

/* Is the lvalue e in __shared__ memory: `s`, `s[i]`, `p[i]`, `s[i].x`, `*p`? */
static bool lvalue_in_shared(const struct shidx *x, CXCursor e)
{
	enum CXCursorKind k;
	CXCursor only;
	struct cx_kids ks;
	bool in = false;

	e = strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_DeclRefExpr)
		return shared_var(clang_getCursorReferenced(e));
	if (k == CXCursor_UnaryOperator)
		return unary_deref(x->s, e) && cx_only_child(e, &only) && into_shared(x, only);
	if (k != CXCursor_ArraySubscriptExpr && k != CXCursor_MemberRefExpr)
		return false;
	ks = cx_kids_of(e);
	if (k == CXCursor_MemberRefExpr)	/* s[i].x, not p->x (a member of a pointer's target) */
		in = ks.n == 1 && !pointer_type(clang_getCursorType(ks.c[0])) && lvalue_in_shared(x, ks.c[0]);
	else
		for (unsigned i = 0; i < ks.n; i++) {
			CXType kt = clang_getCursorType(ks.c[i]);

			in |= (pointer_type(kt) || array_type(kt)) && into_shared(x, ks.c[i]);
		}
	cx_kids_free(&ks);
	return in;
}

/* A local pointer variable of the function (not a parameter, not static, not __shared__ itself). */
static bool local_pointer(CXCursor d)
{
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));

	return clang_getCursorKind(d) == CXCursor_VarDecl && pointer_type(clang_getCursorType(d)) &&
	       !has_annot(d, "shared") && clang_Cursor_getStorageClass(d) != CX_SC_Static &&
	       pk != CXCursor_TranslationUnit && pk != CXCursor_Namespace && pk != CXCursor_LinkageSpec;
}

static enum CXChildVisitResult collect_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct shidx *x = d;

	(void)parent;
	if (local_pointer(c) && ptr_at(x, c) < 0)
		cx_kids_add(&x->ptrs, c);
	return CXChildVisit_Recurse;
}

/* The local pointer the expression e names itself (`p`, `(p)`), or -1. */
static int named_ptr(const struct shidx *x, CXCursor e)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr ? ptr_at(x, clang_getCursorReferenced(e)) : -1;
}

static void rule_out(struct shidx *x, int i, bool *changed)
{
	if (i >= 0 && !x->out[i]) {
		x->out[i] = true;
		*changed = true;
	}
}

/* One pass over the body: rule out each pointer set from anything but __shared__ memory. */
static enum CXChildVisitResult settle_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	void **pd = d;
	struct shidx *x = pd[0];
	bool *changed = pd[1];
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v, only;
	char op[4];
	int i;

	(void)parent;
	if (k == CXCursor_VarDecl && (i = ptr_at(x, c)) >= 0) {
		v = var_init(c);
		if (!clang_Cursor_isNull(v) && !into_shared(x, v))
			rule_out(x, i, changed);
	} else if (k == CXCursor_VarDecl && clang_getCursorType(c).kind == CXType_LValueReference &&
		   !clang_Cursor_isNull(v = var_init(c))) {
		rule_out(x, named_ptr(x, v), changed);	/* `float *&r = p;`: r may set p */
	} else if (assignment(x->s, c, &t, &v) && (i = named_ptr(x, t)) >= 0) {
		op_text(x->s, c, op);
		/* `p += k` stays where p points; `p = v` points where v does */
		if (clang_getCursorKind(c) == CXCursor_CallExpr ||
		    (strcmp(op, "+=") && strcmp(op, "-=") && (strcmp(op, "=") || !into_shared(x, v))))
			rule_out(x, i, changed);
	} else if (k == CXCursor_UnaryOperator && unary_op(x->s, c) == '&' && cx_only_child(c, &only)) {
		rule_out(x, named_ptr(x, only), changed);	/* `&p`: set who knows where */
	} else if (k == CXCursor_CallExpr) {
		/* `f(p)` bare, no conversion: p bound to a reference parameter, which may set it */
		for (int a = 0; a < clang_Cursor_getNumArguments(c); a++) {
			CXCursor arg = clang_Cursor_getArgument(c, (unsigned)a);

			if (clang_getCursorKind(arg) == CXCursor_DeclRefExpr)
				rule_out(x, ptr_at(x, clang_getCursorReferenced(arg)), changed);
		}
	}
	return CXChildVisit_Recurse;
}

/* An offset the GPU adds in 32 bits that the CPU would widen without its sign: `unsigned int`. */
static bool u32_offset(CXCursor e)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(e));

	return (t.kind == CXType_UInt || t.kind == CXType_ULong || t.kind == CXType_Char32) &&
	       clang_Type_getSizeOf(t) == 4;
}

static bool is_touched(const struct shidx *x, CXCursor d)
{
	for (unsigned i = 0; i < x->touched.n; i++)
		if (clang_equalCursors(x->touched.c[i], d))
			return true;
	return false;
}

static void touch(struct shidx *x, CXCursor e)
{
	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr && !is_touched(x, clang_getCursorReferenced(e)))
		cx_kids_add(&x->touched, clang_getCursorReferenced(e));
}

/*
 * `v >>= k`, `v &= m`, `v %= m`, and `v /= k` of an unsigned v never make
 * a value that is not negative larger: a bound of v's declaration holds
 * (a tree reduction's `for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)`).
 */
static bool shrinks(const struct source *s, CXCursor c, CXCursor t)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(t)).kind;
	char op[4];

	if (clang_getCursorKind(c) != CXCursor_CompoundAssignOperator)
		return false;
	op_text(s, c, op);
	return !strcmp(op, ">>=") || !strcmp(op, "&=") || !strcmp(op, "%=") ||
	       (!strcmp(op, "/=") && (k == CXType_UInt || k == CXType_ULong || k == CXType_ULongLong ||
				      k == CXType_UShort || k == CXType_UChar));
}

/* Collect what the function sets besides declarations: `v = e`, `v += e`, `++v`, `&v`, `f(v)`, `int &r = v`. */
static enum CXChildVisitResult touch_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct shidx *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v, only;

	(void)parent;
	if (assignment(x->s, c, &t, &v) && !shrinks(x->s, c, t))
		touch(x, t);
	else if (k == CXCursor_UnaryOperator && unary_op(x->s, c) && cx_only_child(c, &only))
		touch(x, only);
	else if (k == CXCursor_VarDecl && clang_getCursorType(c).kind == CXType_LValueReference &&
		 !clang_Cursor_isNull(v = var_init(c)))
		touch(x, v);
	else if (k == CXCursor_CallExpr)
		for (int a = 0; a < clang_Cursor_getNumArguments(c); a++) {
			CXCursor arg = clang_Cursor_getArgument(c, (unsigned)a);

			if (clang_getCursorKind(arg) == CXCursor_DeclRefExpr)
				touch(x, arg);
		}
	return CXChildVisit_Recurse;
}

static long long cap(long long v)
{
	return v < 0 || v > NO_BOUND ? NO_BOUND : v;
}

/*
 * An upper bound of the unsigned offset e, NO_BOUND where none is known:
 * constants, threadIdx and blockDim (at most 1024), local variables set
 * only by their declaration, and +, *, /, %, &, |, >>, << of those.  Where
 * the offset is below 2^31 the cast changes nothing, and the text stays as
 * written (`s[threadIdx.x]`, `unsigned tid = threadIdx.x; ... s[tid + 1]`).
 */
static long long bound(const struct shidx *x, CXCursor e, int depth)
{
	enum CXCursorKind k;
	long long v, l, r;
	CXCursor a, b, only;
	char op[4];

	if (depth > 8)
		return NO_BOUND;
	if (int_constant(e, &v))
		return cap(v);
	e = strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_MemberRefExpr && cx_only_child(e, &only)) {
		char *n = builtin_ref(strip(only));
		bool small = n && (!strcmp(n, "threadIdx") || !strcmp(n, "blockDim"));

		free(n);
		return small ? 1024 : NO_BOUND;
	}
	if (k == CXCursor_DeclRefExpr) {
		CXCursor d = clang_getCursorReferenced(e);
		enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(d));
		char *n = cx_spelling(d);
		bool lane = !strcmp(n, "__idxgen_vt");

		free(n);
		if (lane)
			return 32;	/* warp_volatile.c's lane loops: a lane of the warp, below 32 */
		if (clang_getCursorKind(d) != CXCursor_VarDecl || pk == CXCursor_TranslationUnit ||
		    pk == CXCursor_Namespace || clang_Cursor_getStorageClass(d) == CX_SC_Static ||
		    clang_Cursor_isNull(var_init(d)) || is_touched(x, d))
			return NO_BOUND;
		return bound(x, var_init(d), depth + 1);
	}
	if (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr) {
		struct cx_kids ks = cx_kids_of(e);

		v = ks.n ? bound(x, ks.c[ks.n - 1], depth + 1) : NO_BOUND;
		cx_kids_free(&ks);
		return v;
	}
	if (k != CXCursor_BinaryOperator || !binary(x->s, e, op, &a, &b))
		return NO_BOUND;
	l = bound(x, a, depth + 1);
	r = bound(x, b, depth + 1);
	if (!strcmp(op, "+"))
		return cap(l + r);
	if (!strcmp(op, "*"))
		return l && r && (l >= NO_BOUND || r >= NO_BOUND) ? NO_BOUND : cap(l * r);
	if (!strcmp(op, "/") || !strcmp(op, ">>"))
		return l;
	if (!strcmp(op, "%"))
		return r > 0 && r < l ? r - 1 : l;
	if (!strcmp(op, "&"))
		return l < r ? l : r;
	if (!strcmp(op, "|") || !strcmp(op, "^")) {
		long long m = l > r ? l : r, p = 1;

		while (p <= m && p < NO_BOUND)
			p <<= 1;
		return cap(p - 1);
	}
	if (!strcmp(op, "<<") && int_constant(b, &v) && v >= 0 && v < 31)
		return cap(l << v);
	return NO_BOUND;
}

static void signed_offset(struct source *s, CXCursor e)
{
	unsigned a = c_start(e), b = c_end(e);

	if (!(a < b && b <= s->len) || macro_spelled(e) || in_macro(e))
		return;
	{
		struct edit g[2] = {
			{ a, a, "(int32_t)(", a, b, EDIT_OPEN, 0 },
			{ b, b, ")", a, b, EDIT_CLOSE, 0 },
		};

		source_edit_group(s, g, 2);
	}
}

/* An `unsigned int` offset that may be 2^31 or more. */
static bool wide_offset(const struct shidx *x, CXCursor e)
{
	return u32_offset(e) && bound(x, e, 0) >= NO_BOUND;
}

static enum CXChildVisitResult edit_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct shidx *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor l, r;
	char op[4];

	(void)parent;
	if (k == CXCursor_ArraySubscriptExpr) {
		struct cx_kids ks = cx_kids_of(c);

		if (ks.n == 2 && wide_offset(x, ks.c[1]) && into_shared(x, ks.c[0]))
			signed_offset(x->s, ks.c[1]);
		else if (ks.n == 2 && wide_offset(x, ks.c[0]) && into_shared(x, ks.c[1]))	/* i[p] */
			signed_offset(x->s, ks.c[0]);
		cx_kids_free(&ks);
	} else if (binary(x->s, c, op, &l, &r)) {
		if ((!strcmp(op, "+") || !strcmp(op, "-") || !strcmp(op, "+=") || !strcmp(op, "-=")) &&
		    wide_offset(x, r) && into_shared(x, l))
			signed_offset(x->s, r);
		else if (!strcmp(op, "+") && wide_offset(x, l) && into_shared(x, r))
			signed_offset(x->s, l);
	}
	return CXChildVisit_Recurse;	/* outer before inner: the order of their insertions (rewrite.c) */
}

static void function_edits(struct source *s, CXCursor fn)
{
	struct shidx x = { s, { 0 }, NULL, { 0 } };
	bool changed = true;
	void *pd[2] = { &x, &changed };

	clang_visitChildren(fn, collect_visit, &x);
	x.out = cx_alloc((x.ptrs.n + 1) * sizeof(*x.out));
	memset(x.out, 0, (x.ptrs.n + 1) * sizeof(*x.out));
	/* the greatest set: every pointer counts until a setting from elsewhere rules it out */
	while (changed) {
		changed = false;
		clang_visitChildren(fn, settle_visit, pd);
	}
	clang_visitChildren(fn, touch_visit, &x);
	clang_visitChildren(fn, edit_visit, &x);
	free(x.out);
	cx_kids_free(&x.ptrs);
	cx_kids_free(&x.touched);
}

static enum CXChildVisitResult file_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct source *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!in_main(s, c))
		return CXChildVisit_Continue;
	if (function_kind(k)) {
		if (clang_isCursorDefinition(c) && (cuda_quals(c) & CUDA_Q_DEVICE))
			function_edits(s, c);
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;	/* namespaces, classes, templates of classes */
}

void shared_index_edits(struct source *s, CXTranslationUnit tu)
{
	clang_visitChildren(clang_getTranslationUnitCursor(tu), file_visit, s);
}
