// SPDX-License-Identifier: MIT
/*
 * lane_warp_cond.c - is a condition the same in every lane of a warp when
 * the block's rows are whole warps (blockDim.x % 32 == 0)?  (issue 38, lane
 * loops; lib/cc/README.md "Lane loops".)
 *
 * A warp is 32 consecutive linear thread ids of its block.  Where
 * blockDim.x is a multiple of 32 its lanes share threadIdx.y and .z, and
 * their threadIdx.x are 32 w + l for the lanes l = 0..31 and one w: so
 * `threadIdx.x < 32`, `tid / 32 == 0` or `(threadIdx.x >> 5) == 1` hold
 * for the whole warp or for none of it.  lane_plan.c runs warp operations
 * under such a condition as lane loops inside a branch each warp takes or
 * skips as a whole, and the launch gives blocks of other shapes to the
 * kernel's fiber-per-thread body (whole.c).
 *
 * An expression is classed as the same for the block (WC_UNIFORM: what
 * the caller's test says, constants, blockDim), the same across each warp
 * (WC_WARP), a lane's position 32 w + l with w the same across the warp
 * (WC_LANE: threadIdx.x, blockIdx.x * blockDim.x + threadIdx.x), or none
 * of these.  A local variable counts as its initializer where nothing
 * assigns, steps, takes the address of or binds a reference to it.
 * Everything not listed is WC_NONE: the kernel keeps a fiber per thread.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

enum wclass { WC_NONE, WC_LANE, WC_WARP, WC_UNIFORM };

struct wv {
	enum wclass k;
	bool m32;   /* WC_UNIFORM or WC_WARP: a multiple of 32, never negative */
	bool nn;    /* ... never negative */
	bool known; /* a constant: val */
	long long val;
};

struct wc {
	const struct source *s;
	CXCursor fn;
	bool (*uniform)(const void *ctx, CXCursor ref);
	const void *ctx;
	unsigned depth; /* variables followed to their initializers */
};

static const struct wv none = {WC_NONE, false, false, false, 0};

static struct wv wc_expr(struct wc *c, CXCursor e);

static bool is_spelled(CXCursor c, const char *name)
{
	char *n = cx_spelling(c);
	bool r = !strcmp(n, name);

	free(n);
	return r;
}

/* ---- is a local variable ever changed after its declaration? ------------------------ */

struct wr {
	const struct source *s;
	CXCursor var;
	bool written;
};

static bool names_var(CXCursor e, CXCursor var)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

static enum CXChildVisitResult written_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct wr *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v;

	if (assignment(w->s, c, &t, &v) && !clang_Cursor_isNull(t) &&
	    names_var(lvalue_base(t), w->var))
		w->written = true;
	/* an operator a macro writes on it: its text is not where the cursor says */
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && in_macro(c)) {
		struct cx_kids ks = cx_kids_of(c);

		if (ks.n && names_var(lvalue_base(ks.c[0]), w->var))
			w->written = true;
		cx_kids_free(&ks);
	}
	if (k == CXCursor_UnaryOperator) {
		struct cx_kids ks = cx_kids_of(c);
		const char *tx = w->s->text;
		unsigned a = c_start(c), e = c_end(c);

		/* ++v, v--, &v (in a macro, its body too: offsets unknown, counted as a write) */
		if (ks.n == 1 && names_var(ks.c[0], w->var) &&
		    (macro_spelled(c) || a + 2 > e || tx[a] == '&' || !strncmp(tx + a, "++", 2) ||
		     !strncmp(tx + a, "--", 2) || !strncmp(tx + e - 2, "++", 2) ||
		     !strncmp(tx + e - 2, "--", 2)))
			w->written = true;
		cx_kids_free(&ks);
	}
	/* bound to a reference: an argument with no conversion, a reference variable */
	if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), w->var) &&
	    (clang_getCursorKind(parent) == CXCursor_CallExpr ||
	     (clang_getCursorKind(parent) == CXCursor_VarDecl &&
	      clang_getCursorType(parent).kind == CXType_LValueReference)))
		w->written = true;
	return w->written ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A local variable of the kernel declared `T v = e;` of an integer type, never changed after. */
static bool fixed_local(const struct wc *c, CXCursor r)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(r));
	struct wr w = {c->s, r, false};

	if (clang_getCursorKind(r) != CXCursor_VarDecl || clang_Cursor_isNull(var_init(r)) ||
	    !clang_equalCursors(clang_getCursorSemanticParent(r), c->fn) ||
	    clang_Cursor_getStorageClass(r) != CX_SC_None || has_annot(r, "shared") ||
	    clang_isVolatileQualifiedType(t) || t.kind < CXType_Bool || t.kind > CXType_Int128 ||
	    clang_Type_getSizeOf(t) < 4)
		return false;
	clang_visitChildren(c->fn, written_visit, &w);
	return !w.written;
}

static bool unsigned_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k == CXType_Bool || k == CXType_UChar || k == CXType_UShort || k == CXType_UInt ||
	       k == CXType_ULong || k == CXType_ULongLong;
}

/* ---- classes ------------------------------------------------------------------------ */

static struct wv uniform_of(CXCursor e, bool m32)
{
	struct wv r = {WC_UNIFORM, m32, unsigned_type(clang_getCursorType(e)), false, 0};

	if (int_constant(e, &r.val)) {
		r.nn = r.val >= 0;
		r.known = true;
		r.m32 = r.val >= 0 && r.val % 32 == 0;
	}
	return r;
}

/* threadIdx.x, blockDim.x, a member of a variable the block agrees on */
static struct wv member(struct wc *c, CXCursor e)
{
	struct cx_kids ks = cx_kids_of(e);
	CXCursor base = ks.n == 1 ? strip(ks.c[0]) : clang_getNullCursor(), r;
	struct wv v = none;
	char *m = cx_spelling(e);

	cx_kids_free(&ks);
	if (!clang_Cursor_isNull(base) && clang_getCursorKind(base) == CXCursor_DeclRefExpr) {
		r = clang_getCursorReferenced(base);
		if (!clang_Cursor_isNull(r) && decl_in_headers(r) && is_spelled(r, "threadIdx")) {
			v.k = !strcmp(m, "x") ? WC_LANE : WC_WARP;
			v.nn = true;
		} else if (!clang_Cursor_isNull(r) && c->uniform(c->ctx, r)) {
			/* blockDim.x: a multiple of 32 in the blocks this body runs */
			v = uniform_of(e, decl_in_headers(r) && is_spelled(r, "blockDim") &&
					      !strcmp(m, "x"));
		}
	}
	free(m);
	return v;
}

static struct wv ref(struct wc *c, CXCursor e)
{
	CXCursor r = clang_getCursorReferenced(e);
	struct wv v = none;

	if (clang_Cursor_isNull(r))
		return none;
	if (decl_in_headers(r) && is_spelled(r, "warpSize"))
		return (struct wv){WC_UNIFORM, true, true, true, 32};
	if (c->uniform(c->ctx, r))
		return uniform_of(e, false);
	if (c->depth < 8 && fixed_local(c, r)) {
		c->depth++;
		v = wc_expr(c, var_init(r));
		c->depth--;
	}
	return v;
}

static bool at_least_warp(struct wv v)
{
	return v.k == WC_WARP || v.k == WC_UNIFORM;
}

/* a LANE value op a value the warp agrees on (b); mirrored: b op a */
static struct wv lane_op(const char *op, struct wv b, bool mirrored)
{
	struct wv warp = {WC_WARP, false, false, false, 0}, lane = {WC_LANE, false, true, false, 0};
	bool k31 = b.known && b.val >= 0 && b.val % 32 == 31;

	if (!strcmp(op, "+") && b.m32)
		return lane;
	if (mirrored) { /* K > t is t < K, ... */
		if (!strcmp(op, ">"))
			op = "<";
		else if (!strcmp(op, "<="))
			op = ">=";
		else if (!strcmp(op, "<"))
			op = ">";
		else if (!strcmp(op, ">="))
			op = "<=";
		else
			return none;
	}
	/* 32 w + l < 32 d is w < d, for every l of 0..31 */
	if ((!strcmp(op, "<") || !strcmp(op, ">=")) && b.m32)
		return warp;
	if ((!strcmp(op, "<=") || !strcmp(op, ">")) && k31)
		return warp;
	/* (32 w + l) / 32 d is w / d, (32 w + l) % 32 d is 32 (w % d) + l: never negative */
	if (!strcmp(op, "/") && b.m32 && (!b.known || b.val > 0))
		return warp;
	if (!strcmp(op, "%") && b.m32 && (!b.known || b.val > 0))
		return lane;
	if (!strcmp(op, ">>") && b.known && b.val >= 5 && b.val < 64)
		return warp;
	if (!strcmp(op, "&") && b.known && b.val >= 0 && (b.val & 31) == 31)
		return lane;
	if (!strcmp(op, "&") && b.known && b.val >= 0 && (b.val & 31) == 0)
		return warp;
	return none;
}

static struct wv binary(struct wc *c, CXCursor e)
{
	struct cx_kids ks = cx_kids_of(e);
	struct wv a, b, r = none;
	char op[4];

	if (ks.n != 2 || in_macro(e)) {
		cx_kids_free(&ks);
		return none;
	}
	op_text(c->s, e, op);
	a = wc_expr(c, ks.c[0]);
	b = wc_expr(c, ks.c[1]);
	cx_kids_free(&ks);
	if (is_assign_op(op) || !op[0])
		return none;
	if (at_least_warp(a) && at_least_warp(b)) {
		r.k = a.k == WC_UNIFORM && b.k == WC_UNIFORM ? WC_UNIFORM : WC_WARP;
		if (!strcmp(op, "*"))
			r.m32 = (a.m32 && b.nn) || (b.m32 && a.nn);
		else if (!strcmp(op, "+"))
			r.m32 = a.m32 && b.m32;
		r.nn = r.m32 || ((!strcmp(op, "*") || !strcmp(op, "+")) && a.nn && b.nn);
		if (r.k == WC_UNIFORM && a.known && b.known)
			r = uniform_of(e, r.m32);
		return r;
	}
	/* blockIdx.x * blockDim.x: unsigned, a multiple of 32 */
	if (a.k == WC_LANE && at_least_warp(b))
		return lane_op(op, b, false);
	if (b.k == WC_LANE && at_least_warp(a))
		return lane_op(op, a, true);
	return none;
}

static struct wv wc_expr(struct wc *c, CXCursor e)
{
	enum CXCursorKind k;
	struct wv v;
	long long val;

	e = strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_IntegerLiteral || k == CXCursor_CXXBoolLiteralExpr ||
	    (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr && int_constant(e, &val)))
		return uniform_of(e, false);
	switch (k) {
	case CXCursor_DeclRefExpr:
		return ref(c, e);
	case CXCursor_MemberRefExpr:
		return member(c, e);
	case CXCursor_BinaryOperator:
		return binary(c, e);
	case CXCursor_UnaryOperator: {
		struct cx_kids ks = cx_kids_of(e);
		char o = c->s->text[c_start(e)];

		v = none;
		if (ks.n == 1 && !in_macro(e) && (o == '!' || o == '~' || o == '-') &&
		    strncmp(c->s->text + c_start(e), "--", 2)) {
			v = wc_expr(c, ks.c[0]);
			v = at_least_warp(v) ? (struct wv){v.k, false, false, false, 0} : none;
		}
		cx_kids_free(&ks);
		return v;
	}
	case CXCursor_ConditionalOperator: {
		struct cx_kids ks = cx_kids_of(e);
		bool ok = ks.n == 3;

		for (unsigned i = 0; i < ks.n && ok; i++)
			ok = at_least_warp(wc_expr(c, ks.c[i]));
		cx_kids_free(&ks);
		return ok ? (struct wv){WC_WARP, false, false, false, 0} : none;
	}
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr: {
		/* to an integer type of 4 bytes or more: the value stays what it was */
		CXType t = clang_getCanonicalType(clang_getCursorType(e));
		struct cx_kids ks = cx_kids_of(e);

		v = none;
		if (ks.n && t.kind >= CXType_Bool && t.kind <= CXType_Int128 &&
		    clang_Type_getSizeOf(t) >= 4)
			v = wc_expr(c, ks.c[ks.n - 1]);
		cx_kids_free(&ks);
		return v;
	}
	default:
		return none;
	}
}

bool lane_warp_cond(const struct source *s, CXCursor fn, CXCursor cond,
		    bool (*uniform)(const void *ctx, CXCursor ref), const void *ctx)
{
	struct wc c = {s, fn, uniform, ctx, 0};

	return !in_macro(cond) && at_least_warp(wc_expr(&c, cond));
}
