// SPDX-License-Identifier: MIT
/*
 * block_atomic.c - atomics on __shared__ memory as plain updates (issue 40).
 *
 *	__shared__ unsigned temp[256];
 *	...
 *	atomicAdd(&temp[buffer[i]], 1);		// a block's histogram
 *
 * A block's __shared__ memory is touched only by its own threads, and the
 * threads of a block run on one CPU thread: a thread loop runs each
 * thread's statements to their end before the next thread starts (and a
 * fiber switches only at a barrier or a warp operation, never inside an
 * expression).  So no other thread can run between the read and the write
 * of an atomic there, and `idxgen_cc_block_atomicAdd` (a read, the
 * operation, a write; idxgen_cc_kernel.h, idxgen_cc_program.h) gives the
 * same old value and the same memory as the locked instruction, at a
 * fraction of its cost.  The loop around it is then never forced to
 * vectorise: two threads may update one element, an order the compiler
 * must keep (contig.c's "the compiler's choice").
 *
 * Taken: a call of atomicAdd, atomicSub, atomicExch, atomicMin, atomicMax,
 * atomicAnd, atomicOr, atomicXor, atomicInc, atomicDec or atomicCAS, not
 * from a macro, whose address is `&S[...]...`, `&S`, `S` or `S + I` with S
 * a __shared__ variable of the kernel, of an integer, float or double
 * element.  Left as it is: everything else (an address in a pointer
 * variable may point anywhere).
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

static const char *const block_ops[] = {
	"atomicAdd", "atomicSub", "atomicExch", "atomicMin", "atomicMax", "atomicAnd",
	"atomicOr", "atomicXor", "atomicInc", "atomicDec", "atomicCAS", NULL
};

/* S: a __shared__ variable of the kernel. */
static bool shared_var(const struct kernel *k, CXCursor x)
{
	const struct var *v;

	x = strip(x);
	return clang_getCursorKind(x) == CXCursor_DeclRefExpr && (v = var_of(k, x)) && v->shared;
}

/* An element of S: S[...], S[...][...], S itself. */
static bool shared_lvalue(const struct kernel *k, CXCursor x)
{
	struct cx_kids ks;
	bool r;

	x = strip(x);
	if (clang_getCursorKind(x) != CXCursor_ArraySubscriptExpr)
		return shared_var(k, x);
	ks = cx_kids_of(x);
	r = ks.n == 2 && shared_lvalue(k, ks.c[0]);
	cx_kids_free(&ks);
	return r;
}

/* The address a: &L with L an element of S, S, or S + I (I + S). */
static bool shared_address(const struct kernel *k, CXCursor a)
{
	enum CXCursorKind ak;
	struct cx_kids ks;
	bool r = false;
	char op[4];

	a = strip(a);
	ak = clang_getCursorKind(a);
	ks = cx_kids_of(a);
	if (ak == CXCursor_UnaryOperator && ks.n == 1 && k->src->text[c_start(a)] == '&')
		r = shared_lvalue(k, ks.c[0]);
	else if (ak == CXCursor_BinaryOperator && ks.n == 2) {
		op_text(k->src, a, op);
		r = !strcmp(op, "+") && (shared_var(k, ks.c[0]) || shared_var(k, ks.c[1]));
	} else if (ak == CXCursor_DeclRefExpr)
		r = shared_var(k, a);
	cx_kids_free(&ks);
	return r;
}

static bool plain_element(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Int: case CXType_UInt: case CXType_LongLong: case CXType_ULongLong:
	case CXType_UShort: case CXType_Float: case CXType_Double:
		return true;
	default:
		return false;
	}
}

bool block_atomic(const struct kernel *k, CXCursor c)
{
	struct cx_kids args;
	char *n;
	bool r;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || in_macro(c) || !(n = builtin_ref(c)))
		return false;
	r = in_list(n, block_ops);
	free(n);
	if (!r)
		return false;
	args = cx_kids_of(c);
	r = args.n >= 3 && plain_element(clang_getPointeeType(clang_getCursorType(strip(args.c[1])))) &&
	    shared_address(k, args.c[1]);
	cx_kids_free(&args);
	return r;
}

struct ba_find {
	const struct kernel *k;
	CXCursor found;
};

static enum CXChildVisitResult find_block_atomic(CXCursor c, CXCursor parent, CXClientData d)
{
	struct ba_find *f = d;

	(void)parent;
	if (block_atomic(f->k, c)) {
		f->found = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

CXCursor loop_block_atomic(const struct kernel *k, const CXCursor *l, unsigned n)
{
	struct ba_find f = { k, clang_getNullCursor() };

	for (unsigned i = 0; i < n && clang_Cursor_isNull(f.found); i++) {
		const struct stmt *s = stmt_of(k, l[i]);

		if (s && s->cls == S_REGION && !block_atomic(k, l[i]))
			clang_visitChildren(l[i], find_block_atomic, &f);
		else if (s && s->cls == S_REGION)
			f.found = l[i];
	}
	return f.found;
}
