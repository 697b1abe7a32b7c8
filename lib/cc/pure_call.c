// SPDX-License-Identifier: MIT
/*
 * pure_call.c - is a call of one of the program's own __device__ functions
 * pure enough to run once per block?  Loop fission runs statements that do
 * not depend on the thread once per block (plan_stmts.c); a call counted
 * as an effect kept "unsigned u = twice(blockIdx.x);" in a thread loop, so
 * a barrier under "if (u > 0)" was refused (tests/cc/fuzz/regress/
 * uniform_call_cond.cu).  A callee qualifies when its definition is in the
 * file and its body, and that of every function it calls (a few levels;
 * recursion never qualifies), only computes: no memory access (subscript,
 * '*', '->'), no writes but to its own locals and by-value parameters, no
 * reference parameter, no global or static variable, no threadIdx (only
 * blockIdx, blockDim, gridDim, warpSize), no calls but the pure built-ins
 * and other such functions, no new/delete, lambda or asm.  Such a call
 * gives every thread the same value and changes nothing, so evaluating it
 * once for the block is what every thread would have seen.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* How deep calls of pure functions may nest before we stop looking (and say no). */
#define PURE_DEPTH 4


/* Is d declared inside the function definition def (a local or parameter)? */
static bool declared_in(CXCursor d, CXCursor def)
{
	return clang_Location_isFromMainFile(clang_getCursorLocation(d)) && c_start(d) >= c_start(def) &&
	       c_end(d) <= c_end(def) &&
	       clang_Cursor_getStorageClass(d) != CX_SC_Static;
}

static bool pure_ref(CXCursor e, CXCursor def)
{
	CXCursor r = clang_getCursorReferenced(e);
	enum CXCursorKind rk = clang_getCursorKind(r);
	static const char *const uniform[] = { "blockIdx", "blockDim", "gridDim", "warpSize", NULL };
	char *n = builtin_ref(e);
	bool ok;

	if (n) {
		ok = in_list(n, uniform);
		free(n);
		return ok;
	}
	if (rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl)
		return declared_in(r, def);
	return rk == CXCursor_FunctionDecl || rk == CXCursor_EnumConstantDecl;
}

/* Does assignment-like c write only a local or parameter of def? */
static bool pure_write(const struct source *src, CXCursor c, CXCursor def, bool incdec)
{
	CXCursor target = clang_getNullCursor(), value, b;
	struct cx_kids ks;

	if (incdec) {
		ks = cx_kids_of(c);
		if (ks.n)
			target = ks.c[0];
		cx_kids_free(&ks);
	} else if (!assignment(src, c, &target, &value)) {
		return true;
	}
	if (clang_Cursor_isNull(target))
		return false;
	b = lvalue_base(target);
	return clang_getCursorKind(b) == CXCursor_DeclRefExpr && declared_in(clang_getCursorReferenced(b), def);
}

static bool pure_walk(const struct source *src, CXCursor c, CXCursor def, int depth)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	bool ok = true;
	unsigned i;

	switch (ck) {
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_CXXNewExpr:
	case CXCursor_CXXDeleteExpr:
	case CXCursor_LambdaExpr:
	case CXCursor_GCCAsmStmt:
	case CXCursor_MSAsmStmt:
	case CXCursor_CXXThisExpr:
	case CXCursor_GotoStmt:
		return false;
	case CXCursor_CallExpr:
		if (!pure_builtin(c) && !pure_user_call(src, c, depth + 1))
			return false;
		break;
	case CXCursor_DeclRefExpr:
		if (!pure_ref(c, def))
			return false;
		break;
	case CXCursor_VarDecl:
		if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
			return false;
		break;
	case CXCursor_MemberRefExpr:
		ks = cx_kids_of(c);
		ok = !ks.n || clang_getCursorType(ks.c[0]).kind != CXType_Pointer;	/* no '->' */
		cx_kids_free(&ks);
		if (!ok)
			return false;
		break;
	case CXCursor_UnaryOperator:
		if (unary_deref(src, c) || unary_op(src, c) == '&')
			return false;	/* *p reads memory; &x lets the pointer escape */
		if (unary_op(src, c) == '+' && !pure_write(src, c, def, true))
			return false;
		break;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		if (!pure_write(src, c, def, false))
			return false;
		break;
	default:
		break;
	}
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n && ok; i++)
		ok = pure_walk(src, ks.c[i], def, depth);
	cx_kids_free(&ks);
	return ok;
}

/* No reference parameter (it could write the caller's variable), then the body. */
static bool pure_def(const struct source *src, CXCursor def, int depth)
{
	int i, n = clang_Cursor_getNumArguments(def);

	for (i = 0; i < n; i++) {
		enum CXTypeKind t = clang_getCursorType(clang_Cursor_getArgument(def, (unsigned)i)).kind;

		if (t == CXType_LValueReference || t == CXType_RValueReference)
			return false;
	}
	return pure_walk(src, def, def, depth);
}

bool pure_user_call(const struct source *src, CXCursor call, int depth)
{
	CXCursor r, def;

	if (depth > PURE_DEPTH || clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	r = clang_getCursorReferenced(call);
	if (clang_Cursor_isNull(r) || clang_getCursorKind(r) != CXCursor_FunctionDecl ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(r)))
		return false;
	def = clang_getCursorDefinition(r);
	if (clang_Cursor_isNull(def) || !clang_Location_isFromMainFile(clang_getCursorLocation(def)) ||
	    clang_Cursor_isVariadic(def))
		return false;
	return pure_def(src, def, depth);
}
