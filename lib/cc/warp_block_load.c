// SPDX-License-Identifier: MIT
/*
 * warp_block_load.c - the block sum's v loaded contiguously, read in place
 * (issue 40).
 *
 * warp_block_sum.c publishes v's initializer once per thread, a thread loop
 * storing `__idxgen_wN[32 + LIN] = (E)` that idxgen_cc_block_sum2 then
 * reads: about 190 instructions a block of 256 of the public block sum's
 * 606.  Where E is the contiguous load of a 1-D block,
 *
 *     T v = A[blockIdx.x * blockDim.x + threadIdx.x];
 *
 * thread t's v is (A + blockIdx.x * blockDim.x)[t], and the collective
 * reads it there (idxgen_cc_block_sum2_from): no publication.  Proven on
 * the text: A a parameter of the kernel of pointer type, never assigned
 * nor addressed in it (the same pointer for every thread, at the load as
 * at the kernel's entry); the subscript `X + T` or `T + X`, X
 * `blockIdx.x * blockDim.x` in either order, T threadIdx.x or a local
 * initialised so and never assigned (wl_is_tidx); the element's type,
 * without const, v's type (no conversion), not volatile.  The index is
 * unsigned: it wraps at 2^32 where the pointer sum would not, so the
 * caller's 1-D branch also asks `blockIdx.x * blockDim.x <= 0u -
 * blockDim.x` (no thread's index wraps), once per block.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdlib.h>
#include <string.h>

/* NAME.x, NAME a builtin (blockIdx, blockDim). */
static bool builtin_x(CXCursor e, const char *name)
{
	struct cx_kids ks;
	char *m;
	bool r;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	ks = cx_kids_of(e);
	m = cx_spelling(e);
	r = ks.n == 1 && !strcmp(m, "x") &&
	    clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr;
	free(m);
	if (r) {
		m = cx_spelling(strip(ks.c[0]));
		r = !strcmp(m, name);
		free(m);
	}
	cx_kids_free(&ks);
	return r;
}

/* The binary operator c, op: its operands in l[0], l[1]. */
static bool binary_op(const struct source *s, CXCursor c, const char *op, CXCursor l[2])
{
	struct cx_kids ks;
	char o[4];
	bool ok;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op_text(s, c, o);
	ks = cx_kids_of(c);
	ok = ks.n == 2 && !strcmp(o, op);
	if (ok) {
		l[0] = ks.c[0];
		l[1] = ks.c[1];
	}
	cx_kids_free(&ks);
	return ok;
}

/* blockIdx.x * blockDim.x or blockDim.x * blockIdx.x. */
static bool block_base(const struct source *s, CXCursor e)
{
	CXCursor f[2];

	return binary_op(s, e, "*", f) &&
	       ((builtin_x(f[0], "blockIdx") && builtin_x(f[1], "blockDim")) ||
		(builtin_x(f[0], "blockDim") && builtin_x(f[1], "blockIdx")));
}

/* A parameter of the kernel, a pointer, neither assigned nor addressed in its body. */
static bool fixed_pointer_param(struct wlower *w, CXCursor e)
{
	CXCursor d;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	d = clang_getCursorReferenced(e);
	return clang_getCursorKind(d) == CXCursor_ParmDecl &&
	       clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_Pointer &&
	       !wl_var_written(w->s, w->body, d);
}

char *warp_block_load(struct wlower *w, CXCursor init, CXCursor var)
{
	struct cx_kids ks;
	CXCursor sum[2];
	CXType et;
	struct buf base = {0};
	char *a;
	bool ok;

	init = strip(init);
	if (clang_getCursorKind(init) != CXCursor_ArraySubscriptExpr)
		return NULL;
	et = clang_getCanonicalType(clang_getCursorType(init));
	if (clang_isVolatileQualifiedType(et) ||
	    !clang_equalTypes(clang_getUnqualifiedType(et),
			      clang_getCanonicalType(clang_getCursorType(var))))
		return NULL;
	ks = cx_kids_of(init);
	ok = ks.n == 2 && fixed_pointer_param(w, ks.c[0]) && binary_op(w->s, ks.c[1], "+", sum) &&
	     ((block_base(w->s, sum[0]) && wl_is_tidx(w->s, w->body, sum[1])) ||
	      (block_base(w->s, sum[1]) && wl_is_tidx(w->s, w->body, sum[0])));
	if (ok) {
		a = wl_text(w->s, ks.c[0]);
		bprintf(&base, "(%s) + blockIdx.x * blockDim.x", a);
		free(a);
	}
	cx_kids_free(&ks);
	return base.p;
}
