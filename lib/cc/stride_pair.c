// SPDX-License-Identifier: MIT
/*
 * stride_pair.c - may a computed-index stride round run with the next one,
 * each thread's two iterations in a row (issue 40; emit.c's
 * stride_pair_loop)?  The rounds one after another keep a thread's running
 * values in its per-thread arrays, loaded and stored again in each round
 * (dot's `temp += a[i] * b[i]`: three of its round's ten instructions);
 * two in a row load and store them once.
 *
 * Faithful where the loop's body writes no memory: only the thread's own
 * locals, none of them a reference, static or __shared__ (stride.c's
 * interchange has already refused barriers, warp operations, volatile
 * accesses, fences and impure calls).  Then a thread's iteration r + 1
 * and another thread's iteration r have nothing in common but what both
 * only read, so running them in either order gives every thread the same
 * values as the rounds one after another: nothing is reordered within a
 * thread, so floating sums keep their order bit for bit.
 */
#include "cc.h"

/* Does c name only the thread's own locals and write no memory it cannot see (asm)? */
static bool own_names(const struct kernel *k, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	bool ok = true;

	if (ck == CXCursor_AsmStmt || ck == CXCursor_MSAsmStmt || ck == CXCursor_LambdaExpr)
		return false;
	if (ck == CXCursor_VarDecl &&
	    (clang_Cursor_getStorageClass(c) == CX_SC_Static || is_shared_decl(c)))
		return false;	/* one variable for all threads */
	if (ck == CXCursor_DeclRefExpr) {
		struct var *v = var_of(k, c);
		enum CXTypeKind t = v ? clang_getCursorType(v->decl).kind : CXType_Invalid;

		/* a reference may be another thread's memory, a static or __shared__ local the block's */
		if (v && (v->shared || t == CXType_LValueReference || t == CXType_RValueReference ||
			  clang_Cursor_getStorageClass(v->decl) == CX_SC_Static))
			return false;
	}
	ks = cx_kids_of(c);
	for (unsigned i = 0; i < ks.n && ok; i++)
		ok = own_names(k, ks.c[i]);
	cx_kids_free(&ks);
	return ok;
}

bool stride_pairs(const struct kernel *k, const struct stride_index *ix)
{
	return !writes_memory(k, ix->body) && own_names(k, ix->body);
}
