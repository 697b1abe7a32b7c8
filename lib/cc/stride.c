// SPDX-License-Identifier: MIT
/*
 * stride.c - grid-stride loops, interchanged (issue 40).  A thread loop
 * runs its threads one after another, so a thread's own loop
 *
 *	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
 *		y[i] = a * x[i];
 *
 * walks the whole array with a stride of the grid before the next thread
 * starts: every cache line is fetched again by each of the threads that
 * share it.  Interchanged, the rounds of the loop run once per block and
 * each round is a thread loop in which every thread runs its next
 * iteration: the block's threads touch neighbouring elements together,
 * as on the device.
 *
 * Faithful because CUDA orders nothing between the threads of a block
 * without a barrier: running iteration r of every thread before iteration
 * r + 1 of any is one schedule the device may use, as running each
 * thread to its end is.  What would make it differ is refused here: a
 * barrier or a warp operation in the loop (then it is no thread loop's
 * statement), a return, goto or a break/continue of the loop itself, a
 * condition that could turn true again after it failed (it reads memory,
 * calls, or reads anything but the thread's own locals, parameters,
 * constants and the built-in indices), and what could wait for another
 * thread's later iteration (volatile accesses, fences, calls of
 * functions that are not pure, atomics in an inner loop: a spin lock or
 * a flag polled in a loop).  Kept apart from profitability: only a loop
 * that steps a local by a uniform stride that involves blockDim or
 * gridDim (a grid- or block-stride loop) is interchanged, since another
 * loop's iterations may be each thread's own contiguous chunk.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* A local of the thread (or one copy per block) or a parameter, never a __shared__ one, a reference or one whose address is taken. */
static bool own_local(const struct kernel *k, CXCursor ref)
{
	struct var *v = var_of(k, ref);
	enum CXTypeKind t = v ? clang_getCursorType(v->decl).kind : CXType_Invalid;

	/* a reference is memory another thread may write */
	return v && !v->shared && !v->addr_taken && t != CXType_LValueReference && t != CXType_RValueReference;
}

/*
 * Is condition e one that stays false once false?  It may read only the
 * thread's locals (which only the loop's own iterations change),
 * parameters, constants and the built-in indices, with operators that
 * neither write nor dereference.
 */
static bool cond_ok(const struct kernel *k, CXCursor e)
{
	enum CXCursorKind ek = clang_getCursorKind(e);
	struct cx_kids ks;
	bool ok = true;
	char *n;

	switch (ek) {
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_CXXStaticCastExpr:
	case CXCursor_CXXFunctionalCastExpr:
	case CXCursor_BinaryOperator:
	case CXCursor_ConditionalOperator:
		break;
	case CXCursor_UnaryOperator: {
		unsigned a = c_start(e);

		if (unary_op(k->src, e) || (a < k->src->len && k->src->text[a] == '*'))
			return false;	/* ++, --, &, * */
		break;
	}
	case CXCursor_DeclRefExpr:
		if ((n = builtin_ref(e))) {
			free(n);
			return true;
		}
		return own_local(k, e) || clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_EnumConstantDecl;
	case CXCursor_MemberRefExpr:	/* blockDim.x, p.n of a struct parameter; never p->n (memory) */
		ks = cx_kids_of(e);
		ok = ks.n == 1 && clang_getCursorType(ks.c[0]).kind != CXType_Pointer && cond_ok(k, ks.c[0]);
		cx_kids_free(&ks);
		return ok;
	default:
		return false;
	}
	if (ek == CXCursor_BinaryOperator) {
		char op[4];

		op_text(k->src, e, op);
		if (is_assign_op(op) || !strcmp(op, ","))
			return false;
	}
	ks = cx_kids_of(e);
	for (unsigned i = 0; i < ks.n && ok; i++)
		ok = cond_ok(k, ks.c[i]);
	cx_kids_free(&ks);
	return ok;
}

/* A call the loop's body may make: a pure one, a memory read of the prelude, an atomic outside inner loops. */
static bool call_ok(const struct kernel *k, CXCursor c, int loops)
{
	static const char *const reads[] = { "__ldg", NULL };
	char *n;
	bool ok;

	if (pure_builtin(c) || pure_user_call(k->src, c, 0))
		return true;
	n = builtin_ref(c);
	if (!n) {
		CXCursor r = clang_getCursorReferenced(c);

		/* __ldg and its overloads are the prelude's, outside builtin_ref's list */
		if (clang_Cursor_isNull(r) || !in_parse_header(r))
			return false;
		n = cx_spelling(r);
	}
	ok = in_list(n, reads) || (!loops && block_atomic(k, c)) ||
	     (!loops && !strncmp(n, "atomic", 6) && strcmp(n, "atomicCAS") && strcmp(n, "atomicExch"));
	free(n);
	return ok;
}

/*
 * May the body c run interleaved with the other threads' iterations?
 * loops, switches: the inner loops and switches around c inside the body.
 */
static bool body_ok(const struct kernel *k, CXCursor c, int loops, int switches)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	CXType t = clang_getCursorType(c);
	struct cx_kids ks;
	bool ok = true;

	if (ck == CXCursor_ReturnStmt || ck == CXCursor_GotoStmt || ck == CXCursor_IndirectGotoStmt ||
	    ck == CXCursor_LabelStmt || ck == CXCursor_AsmStmt || ck == CXCursor_GCCAsmStmt ||
	    ck == CXCursor_MSAsmStmt || ck == CXCursor_LambdaExpr || ck == CXCursor_CXXNewExpr ||
	    ck == CXCursor_CXXDeleteExpr || ck == CXCursor_CXXThrowExpr || ck == CXCursor_CXXTryStmt)
		return false;
	if ((ck == CXCursor_BreakStmt && !loops && !switches) || (ck == CXCursor_ContinueStmt && !loops))
		return false;	/* leaves or restarts the interchanged loop itself */
	if (ck == CXCursor_CallExpr && !call_ok(k, c, loops))
		return false;
	if (clang_isExpression(ck) && t.kind != CXType_Invalid && clang_isVolatileQualifiedType(t))
		return false;
	if (clang_isExpression(ck) && t.kind == CXType_Pointer &&
	    clang_isVolatileQualifiedType(clang_getPointeeType(t)))
		return false;
	if (ck == CXCursor_DeclRefExpr) {
		CXCursor r = clang_getCursorReferenced(c);

		if (clang_getCursorKind(r) == CXCursor_VarDecl && clang_Cursor_getStorageClass(r) == CX_SC_Static &&
		    !var_of(k, c))
			return false;	/* a static local: shared by the threads, an order between them */
	}
	ks = cx_kids_of(c);
	for (unsigned i = 0; i < ks.n && ok; i++)
		ok = body_ok(k, ks.c[i],
			     loops + (ck == CXCursor_ForStmt || ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt),
			     switches + (ck == CXCursor_SwitchStmt));
	cx_kids_free(&ks);
	return ok;
}

/* Does e involve blockDim or gridDim, directly or through a local's initializer? */
static bool mentions_dims(const struct kernel *k, CXCursor e, int depth)
{
	struct cx_kids ks;
	bool r = false;
	char *n;

	if (depth > 4)
		return false;
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		struct var *v;

		if ((n = builtin_ref(e))) {
			r = !strcmp(n, "blockDim") || !strcmp(n, "gridDim");
			free(n);
			return r;
		}
		v = var_of(k, e);
		if (v && !v->param && !v->shared && !clang_Cursor_isNull(var_init(v->decl)))
			return mentions_dims(k, var_init(v->decl), depth + 1);
		return false;
	}
	ks = cx_kids_of(e);
	for (unsigned i = 0; i < ks.n && !r; i++)
		r = mentions_dims(k, ks.c[i], depth);
	cx_kids_free(&ks);
	return r;
}

/*
 * Is statement st "v += S;" or "v = v + S;" with v a local that cond
 * reads and S uniform, without effects or memory reads, involving the
 * block's or the grid's size?
 */
static bool stride_step(const struct kernel *k, CXCursor st, CXCursor cond)
{
	enum CXCursorKind ck = clang_getCursorKind(st);
	struct cx_kids ks = cx_kids_of(st);
	CXCursor target, step = clang_getNullCursor();
	struct var *v = NULL;
	bool ok = false;
	char op[4];

	if (ks.n != 2 || (ck != CXCursor_CompoundAssignOperator && ck != CXCursor_BinaryOperator))
		goto out;
	op_text(k->src, st, op);
	target = strip(ks.c[0]);
	if (clang_getCursorKind(target) != CXCursor_DeclRefExpr || !(v = var_of(k, target)) || v->shared ||
	    v->param || v->array || v->addr_taken)
		goto out;
	if (ck == CXCursor_CompoundAssignOperator && !strcmp(op, "+=")) {
		step = ks.c[1];
	} else if (ck == CXCursor_BinaryOperator && !strcmp(op, "=")) {
		CXCursor sum = strip(ks.c[1]);
		struct cx_kids ss = cx_kids_of(sum);
		char sop[4];

		if (clang_getCursorKind(sum) == CXCursor_BinaryOperator && ss.n == 2) {
			op_text(k->src, sum, sop);
			if (!strcmp(sop, "+") && clang_getCursorKind(strip(ss.c[0])) == CXCursor_DeclRefExpr &&
			    var_of(k, strip(ss.c[0])) == v)
				step = ss.c[1];
			else if (!strcmp(sop, "+") && clang_getCursorKind(strip(ss.c[1])) == CXCursor_DeclRefExpr &&
				 var_of(k, strip(ss.c[1])) == v)
				step = ss.c[0];
		}
		cx_kids_free(&ss);
	}
	ok = !clang_Cursor_isNull(step) && refs_var(k, cond, v) && !is_variant(k, step) &&
	     !has_effects(k->src, step) && !reads_memory(k, step) && mentions_dims(k, step, 0);
out:
	cx_kids_free(&ks);
	return ok;
}

bool stride_loop(const struct kernel *k, CXCursor c, CXCursor *init, CXCursor *cond, CXCursor *inc,
		 CXCursor *body)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	bool ok = false;

	*init = *cond = *inc = *body = clang_getNullCursor();
	if (in_macro(c) || count_barriers(c))
		return false;
	if (ck == CXCursor_ForStmt) {
		for_parts(k->src, c, init, cond, inc, body);
		if (clang_Cursor_isNull(*cond) || clang_Cursor_isNull(*inc) || clang_Cursor_isNull(*body))
			return false;
		ok = stride_step(k, *inc, *cond);
	} else if (ck == CXCursor_WhileStmt) {
		struct cx_kids ks = cx_kids_of(c), b;

		if (ks.n == 2 && clang_getCursorKind(ks.c[0]) != CXCursor_VarDecl) {
			*cond = ks.c[0];
			*body = ks.c[1];
			b = body_list(k->src, *body);
			ok = b.n > 0 && stride_step(k, unwrap_stmt(k->src, b.c[b.n - 1]), *cond);
			cx_kids_free(&b);
		}
		cx_kids_free(&ks);
	}
	if (!ok || !is_variant(k, *cond) || !cond_ok(k, *cond) || !body_ok(k, *body, 0, 0))
		return false;
	return clang_Cursor_isNull(*inc) || body_ok(k, *inc, 0, 0);
}
