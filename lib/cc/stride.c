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
	case CXCursor_UnaryOperator:
		if (unary_op(k->src, e) || unary_deref(k->src, e))
			return false;	/* ++, --, &, * */
		break;
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

/*
 * ---- the index of round r computed -----------------------------------------
 *
 * Interchanged, a round loads each thread's index and carries it in a
 * per-thread array, so its accesses (a[i], b[i]) are gathers through that
 * array and each round stores the index back.  When the index starts at
 * B + threadIdx.a, only the step writes it, the condition is i < U and
 * nothing reads i after the loop, round r's index is B + threadIdx.a +
 * r * S for every thread that runs it, and those threads are the range
 * threadIdx.a < U - (B + r * S): the round is a plain loop over a
 * contiguous range with contiguous accesses (emit.c checks per block that
 * every value stays in the types' range, or runs the rounds as above).
 */

/* Does c, outside the subtree skip, write v? */
static bool writes_outside(const struct kernel *k, CXCursor c, CXCursor skip, const struct var *v)
{
	struct cx_kids ks = cx_kids_of(c);
	bool r = false;

	for (unsigned i = 0; i < ks.n && !r; i++) {
		CXCursor s = ks.c[i];

		if (clang_equalCursors(s, skip))
			continue;
		if (c_start(s) <= c_start(skip) && c_end(skip) <= c_end(s))
			r = writes_outside(k, s, skip, v);
		else
			r = writes_in(k, s, v);
	}
	cx_kids_free(&ks);
	return r;
}

/* Is v read anywhere after offset at? */
static bool read_after(const struct kernel *k, CXCursor c, unsigned at, const struct var *v)
{
	struct cx_kids ks;
	bool r = false;

	if (c_end(c) <= at)
		return false;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && c_start(c) >= at && var_of(k, c) == v)
		return true;
	ks = cx_kids_of(c);
	for (unsigned i = 0; i < ks.n && !r; i++)
		r = read_after(k, ks.c[i], at, v);
	cx_kids_free(&ks);
	return r;
}

/*
 * Does every loop around loop (in c) also hold decl?  Then each time the
 * loop starts, v's declaration ran before it since the loop last did.
 */
static bool decl_runs_first(CXCursor c, CXCursor loop, CXCursor decl)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	bool r = true;

	if (clang_equalCursors(c, loop))
		return true;
	if ((ck == CXCursor_ForStmt || ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt ||
	     ck == CXCursor_SwitchStmt) &&
	    (c_start(decl) < c_start(c) || c_end(c) < c_end(decl)))
		return false;	/* a loop around the loop and not around the declaration */
	ks = cx_kids_of(c);
	for (unsigned i = 0; i < ks.n && r; i++)
		if (c_start(ks.c[i]) <= c_start(loop) && c_end(loop) <= c_end(ks.c[i]))
			r = decl_runs_first(ks.c[i], loop, decl);
	cx_kids_free(&ks);
	return r;
}

/* Locals e reads are never assigned (their value at the declaration of v is the value at the loop). */
static bool fixed_locals(const struct kernel *k, CXCursor e)
{
	struct cx_kids ks;
	bool r = true;

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		const struct var *v = var_of(k, e);

		return !v || !written_anywhere(k, v);
	}
	ks = cx_kids_of(e);
	for (unsigned i = 0; i < ks.n && r; i++)
		r = fixed_locals(k, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

/* The condition as v < U + add, U uniform; fills bound, cmp, add and lowers limit. */
static bool index_cond(const struct kernel *k, CXCursor loop, struct stride_index *si)
{
	CXCursor c = strip(si->cond);
	struct cx_kids ks = cx_kids_of(c);
	bool ok = false;
	char op[4];

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || ks.n != 2 || in_macro(c))
		goto out;
	op_text(k->src, c, op);
	for (int side = 0; side < 2 && !ok; side++) {
		CXCursor x = strip(ks.c[side]), u = strip(ks.c[1 - side]);
		bool less = side == 0 ? op[0] == '<' : op[0] == '>';	/* U > v is v < U */

		if ((strcmp(op, "<") && strcmp(op, "<=") && strcmp(op, ">") && strcmp(op, ">=")) || !less)
			continue;
		if (clang_getCursorKind(x) != CXCursor_DeclRefExpr || var_of(k, x) != si->v ||
		    !uniform_in_loop(k, &loop, 1, u) || !fixed_locals(k, u))
			continue;
		si->cmp = clang_getCanonicalType(clang_getCursorType(ks.c[side]));
		if (!type_max(si->cmp))
			continue;
		/* an unsigned 64-bit bound above INT64_MAX: emit.c's range check fails */
		si->u64 = clang_Type_getSizeOf(si->cmp) == 8 &&
			  (si->cmp.kind == CXType_ULong || si->cmp.kind == CXType_ULongLong);
		si->limit = si->limit < type_max(si->cmp) ? si->limit : type_max(si->cmp);
		si->bound = u;
		si->add = !op[1] ? 0 : 1;
		ok = true;
	}
out:
	cx_kids_free(&ks);
	return ok;
}

bool stride_index(const struct kernel *k, CXCursor loop, struct stride_index *si)
{
	CXCursor init, inc, decl, start;
	struct cx_kids ks;
	struct var *v;
	uint64_t m;
	bool in_init;

	memset(si, 0, sizeof(*si));
	if (k->src->tls || !stride_loop(k, loop, &init, &si->cond, &inc, &si->body))
		return false;
	if (!clang_Cursor_isNull(inc)) {
		si->step_stmt = inc;
	} else {
		if (clang_getCursorKind(si->body) != CXCursor_CompoundStmt)
			return false;	/* the step alone: nothing to run */
		ks = body_list(k->src, si->body);
		si->step_stmt = unwrap_stmt(k->src, ks.c[ks.n - 1]);
		cx_kids_free(&ks);
	}
	/* v and S: stride_step's "v += S" or "v = v + S" (S on either side) */
	ks = cx_kids_of(si->step_stmt);
	v = ks.n == 2 ? var_of(k, strip(ks.c[0])) : NULL;
	if (v && clang_getCursorKind(si->step_stmt) == CXCursor_CompoundAssignOperator) {
		si->step = ks.c[1];
	} else if (v) {
		struct cx_kids ss = cx_kids_of(strip(ks.c[1]));

		if (ss.n == 2)
			si->step = var_of(k, strip(ss.c[0])) == v ? ss.c[1] : ss.c[0];
		cx_kids_free(&ss);
	}
	cx_kids_free(&ks);
	if (!v || clang_Cursor_isNull(si->step) || !fixed_locals(k, si->step))
		return false;
	si->v = v;
	decl = v->decl;
	start = var_init(decl);
	m = type_max(clang_getCursorType(decl));
	/* declared with its start, written only by the step, dead after the loop */
	in_init = !clang_Cursor_isNull(init) && c_start(init) <= c_start(decl) && c_end(decl) <= c_end(init);
	if (!m || clang_Cursor_isNull(start) || v->shared || v->param || v->array || v->addr_taken ||
	    (!in_init && c_start(decl) > c_start(loop)) || writes_outside(k, k->body, si->step_stmt, v) ||
	    read_after(k, k->body, c_end(loop), v) || !decl_runs_first(k->body, loop, decl))
		return false;
	if (!thread_index_form(k, &loop, 1, start, &si->axis, &si->base, &si->limit) ||
	    (!clang_Cursor_isNull(si->base) && !fixed_locals(k, si->base)))
		return false;
	si->limit = si->limit < m ? si->limit : m;
	return index_cond(k, loop, si);
}
