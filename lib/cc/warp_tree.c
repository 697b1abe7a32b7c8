// SPDX-License-Identifier: MIT
/*
 * warp_tree.c - the shuffle tree of a warp, run once per warp (issue 40).
 *
 *     for (int o = 16; o > 0; o /= 2)
 *             v += __shfl_down_sync(0xffffffff, v, o);
 *
 * (also __shfl_xor_sync, the butterfly; o >>= 1; o = o / 2; o >= 1; o != 0;
 * v = v + ...; the legacy forms without a mask) lowered shuffle by shuffle
 * is five warp operations, each a publication, a block barrier and a read:
 * ten thread loops over the block.  Here the loop becomes one publication,
 * a barrier, a thread loop in which the block's leader (its lowest present
 * thread) runs every level of the tree for all the block's warps, each
 * level one loop over the block's slots from one exchange array into
 * another (idxgen_cc_block_tree_add, include/idxgen_cc_warp.h), a barrier
 * and one read of each thread's own slot:
 *
 *     __idxgen_wK[32 + LIN] = (v); __idxgen_warp_sync();
 *     if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
 *             idxgen_cc_block_tree_add(__idxgen_wK + 32, __idxgen_wKb + 32, NT, ALIVE, 16, (32), 0, ONLY0);
 *     __idxgen_warp_sync(); v = __idxgen_wKb[32 + LIN];
 *
 * (where lanes can be absent, returns or a predicate,
 * `idxgen_cc_block_tree_once(...)`: a statement of the block that the
 * planner runs once, the tree when some lane is present -- the leader's
 * test in every thread cost 2,500 of 13,100 instructions a block; the
 * levels alternate between the two arrays: an odd number ends in the
 * second; in braces where the loop is not a statement of a block), so that
 * the publication joins the thread loop before and the read the one after.
 * ONLY0: where only lane 0 of each warp reads v afterwards (warp_lane0.c;
 * a shuffle down; lanes may be absent: a present lane 0 reads what its
 * present sources give, an absent one reads nothing), the levels compute only the lanes lane 0's
 * value depends on, when threadIdx.x % 32 is the lane (rows of whole warps
 * or one row; else 0: every lane).
 *
 * Every present lane gets the value the loop gives it (each level computes
 * every lane from the level before, its own value plus its source's, with
 * the sources of the lowered shuffles: idxgen_cc_shfl_down_src/_xor_src),
 * in the same order of operations, so floating sums are the same bits.
 * The mask is not consulted by the lowered shuffles either (warp.c).
 *
 * Taken only where each part is proven: the offset a local of the loop's
 * header starting at a constant 1..32 (warpSize / 2 included) or at a
 * constant of each instantiation (`BS >> 1`, BS a template's value
 * parameter: the helper takes it as it comes and idxgen_cc_tree_odd()
 * picks the array the levels end in), halved to
 * 0, the body the one statement above on a local scalar (not __shared__,
 * not volatile) of the shuffle's own type, the shuffle's value that local
 * and its offset the loop's, its width a constant or absent.  In the body
 * of a predicated if (warp.c) the publication and the read run where the
 * predicate holds (`if (__idxgen_alive[LIN]) { ... }`) and the leader is
 * the lowest thread where it holds: lanes where it fails are absent, as
 * for the lowered shuffles.  Everything else is lowered shuffle by shuffle.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A constant int: a literal, warpSize, or / and >> of such (clang evaluates the rest). */
static bool const_int(const struct source *s, CXCursor e, long long *v)
{
	CXEvalResult r;
	char *n;
	bool ok = false;

	e = strip(e);
	r = clang_Cursor_Evaluate(e);
	if (r) {
		ok = clang_EvalResult_getKind(r) == CXEval_Int;
		if (ok)
			*v = clang_EvalResult_getAsLongLong(r);
		clang_EvalResult_dispose(r);
		if (ok)
			return true;
	}
	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {	/* whole programs: extern const int warpSize */
		n = cx_spelling(e);
		ok = n && !strcmp(n, "warpSize");
		free(n);
		*v = 32;
		return ok;
	}
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator) {	/* warpSize / 2, warpSize >> 1 */
		struct cx_kids ks = cx_kids_of(e);
		long long a, b;
		char op[4];

		op_text(s, e, op);
		ok = ks.n == 2 && const_int(s, ks.c[0], &a) && const_int(s, ks.c[1], &b) && b > 0 && b < 32;
		cx_kids_free(&ks);
		if (ok && !strcmp(op, "/"))
			*v = a / b;
		else if (ok && !strcmp(op, ">>"))
			*v = a >> b;
		else
			ok = false;
	}
	return ok;
}

static bool refs(CXCursor e, CXCursor var)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

/*
 * A constant of each instantiation: literals and a template's value
 * parameters joined by operators (`BS >> 1` in `template <int BS>`).
 */
bool wl_template_const(const struct source *s, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct cx_kids ks;
	bool ok;
	char op[4];
	unsigned i;

	if (k == CXCursor_IntegerLiteral)
		return true;
	if (k == CXCursor_DeclRefExpr)
		return clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_NonTypeTemplateParameter;
	if (k != CXCursor_BinaryOperator && k != CXCursor_ParenExpr && k != CXCursor_UnexposedExpr)
		return false;
	if (k == CXCursor_BinaryOperator) {
		op_text(s, e, op);
		if (is_assign_op(op) || !strcmp(op, ","))
			return false;
	}
	ks = cx_kids_of(e);
	ok = ks.n > 0;
	for (i = 0; ok && i < ks.n; i++)
		ok = wl_template_const(s, ks.c[i]);
	cx_kids_free(&ks);
	return ok;
}

/*
 * The header: T o = C (1 <= C <= 32; or *first = 0 and *start C, a constant
 * of each instantiation, T int or unsigned); o > 0 | o >= 1 | o != 0;
 * o /= 2 | o >>= 1 | o = o / 2 | o = o >> 1.
 */
static bool halving_header(struct wlower *w, CXCursor loop, CXCursor *off, long long *first, CXCursor *start,
			   CXCursor *body)
{
	CXCursor init, cond, inc;
	struct cx_kids ds, ks;
	long long c;
	char op[4];
	bool ok;

	for_parts(w->s, loop, &init, &cond, &inc, body);
	if (clang_Cursor_isNull(init) || clang_Cursor_isNull(cond) || clang_Cursor_isNull(inc) ||
	    clang_getCursorKind(init) != CXCursor_DeclStmt)
		return false;
	ds = cx_kids_of(init);
	ok = ds.n == 1 && clang_getCursorKind(ds.c[0]) == CXCursor_VarDecl;
	if (ok) {
		CXType t = clang_getCanonicalType(clang_getCursorType(ds.c[0]));
		CXCursor e = var_init(ds.c[0]);

		*off = ds.c[0];
		*start = e;
		ok = t.kind >= CXType_Char_U && t.kind <= CXType_LongLong && t.kind != CXType_Bool &&
		     !clang_Cursor_isNull(e) && const_int(w->s, e, first) && *first >= 1 && *first <= 32;
		if (!ok && (t.kind == CXType_Int || t.kind == CXType_UInt) && !clang_Cursor_isNull(e) &&
		    wl_template_const(w->s, e)) {
			*first = 0;	/* known per instantiation: the helper takes it as it comes */
			ok = true;
		}
	}
	cx_kids_free(&ds);
	if (!ok)
		return false;
	ks = cx_kids_of(cond);	/* o > 0, o >= 1, o != 0 */
	ok = clang_getCursorKind(cond) == CXCursor_BinaryOperator && ks.n == 2 && refs(ks.c[0], *off) &&
	     const_int(w->s, ks.c[1], &c);
	if (ok) {
		op_text(w->s, cond, op);
		ok = ((!strcmp(op, ">") || !strcmp(op, "!=")) && c == 0) || (!strcmp(op, ">=") && c == 1);
	}
	cx_kids_free(&ks);
	if (!ok)
		return false;
	ks = cx_kids_of(inc);	/* o /= 2, o >>= 1, o = o / 2, o = o >> 1 */
	ok = ks.n == 2 && refs(ks.c[0], *off);
	if (ok && clang_getCursorKind(inc) == CXCursor_CompoundAssignOperator) {
		op_text(w->s, inc, op);
		ok = const_int(w->s, ks.c[1], &c) && ((!strcmp(op, "/=") && c == 2) || (!strcmp(op, ">>=") && c == 1));
	} else if (ok && clang_getCursorKind(inc) == CXCursor_BinaryOperator) {
		CXCursor r = strip(ks.c[1]);
		struct cx_kids rs = cx_kids_of(r);

		op_text(w->s, inc, op);
		ok = !strcmp(op, "=") && clang_getCursorKind(r) == CXCursor_BinaryOperator && rs.n == 2 &&
		     refs(rs.c[0], *off) && const_int(w->s, rs.c[1], &c);
		if (ok) {
			op_text(w->s, r, op);
			ok = (!strcmp(op, "/") && c == 2) || (!strcmp(op, ">>") && c == 1);
		}
		cx_kids_free(&rs);
	} else {
		ok = false;
	}
	cx_kids_free(&ks);
	return ok;
}

/* A local scalar of the types the shuffles have, not __shared__, not volatile. */
static bool tree_var(CXCursor var)
{
	CXType t = clang_getCursorType(var);
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	if ((clang_getCursorKind(var) != CXCursor_VarDecl && clang_getCursorKind(var) != CXCursor_ParmDecl) ||
	    has_annot(var, "shared") || clang_isVolatileQualifiedType(t) ||
	    clang_Cursor_getStorageClass(var) == CX_SC_Static)
		return false;
	return k == CXType_Int || k == CXType_UInt || k == CXType_Long || k == CXType_ULong || k == CXType_LongLong ||
	       k == CXType_ULongLong || k == CXType_Float || k == CXType_Double;
}

/* The body's one statement: v += SHFL(m, v, o[, width]) or v = v + SHFL(...). *xor_: the butterfly. */
static bool tree_body(struct wlower *w, CXCursor body, CXCursor off, CXCursor *var, CXCursor *call, bool *xor_)
{
	struct cx_kids bs = body_list(w->s, body), ks = { 0 };
	CXCursor st, e;
	char op[4], *n = NULL;
	bool ok = bs.n == 1, legacy;

	st = ok ? bs.c[0] : clang_getNullCursor();
	cx_kids_free(&bs);
	if (!ok || in_macro(st))
		return false;
	ks = cx_kids_of(st);
	op[0] = 0;
	if (ks.n == 2 && (clang_getCursorKind(st) == CXCursor_CompoundAssignOperator ||
			  clang_getCursorKind(st) == CXCursor_BinaryOperator))
		op_text(w->s, st, op);
	if (!strcmp(op, "+=")) {
		e = strip(ks.c[1]);
	} else if (!strcmp(op, "=")) {	/* v = v + SHFL(...) */
		CXCursor r = strip(ks.c[1]);
		struct cx_kids rs = cx_kids_of(r);

		op[0] = 0;
		if (clang_getCursorKind(r) == CXCursor_BinaryOperator && rs.n == 2)
			op_text(w->s, r, op);
		ok = !strcmp(op, "+") && refs(rs.c[0], clang_getCursorReferenced(strip(ks.c[0])));
		e = ok ? strip(rs.c[1]) : clang_getNullCursor();
		cx_kids_free(&rs);
		if (!ok) {
			cx_kids_free(&ks);
			return false;
		}
	} else {
		cx_kids_free(&ks);
		return false;
	}
	ok = clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr;
	*var = ok ? clang_getCursorReferenced(strip(ks.c[0])) : clang_getNullCursor();
	cx_kids_free(&ks);
	if (!ok || !tree_var(*var) || clang_getCursorKind(e) != CXCursor_CallExpr || !(n = builtin_ref(e)))
		return false;
	*xor_ = !strcmp(n, "__shfl_xor_sync") || !strcmp(n, "__shfl_xor");
	legacy = !strcmp(n, "__shfl_down") || !strcmp(n, "__shfl_xor");
	ok = *xor_ || !strcmp(n, "__shfl_down_sync") || legacy;
	free(n);
	if (ok) {
		int na = clang_Cursor_getNumArguments(e), a0 = legacy ? 0 : 1;
		long long width = 32;

		ok = na >= a0 + 2 && na <= a0 + 3 && refs(clang_Cursor_getArgument(e, (unsigned)a0), *var) &&
		     refs(clang_Cursor_getArgument(e, (unsigned)a0 + 1), off);
		if (ok && na == a0 + 3) {	/* a width as written (a default argument has no text) */
			CXCursor wa = clang_Cursor_getArgument(e, (unsigned)a0 + 2);

			ok = c_start(wa) == c_end(wa) || const_int(w->s, wa, &width) || wl_template_const(w->s, strip(wa));
		}
		/* the shuffle's type is its value's, v's (a call with a dependent argument: known per instantiation) */
		ok = ok && (clang_equalTypes(clang_getCanonicalType(clang_getCursorType(e)),
					     clang_getCanonicalType(clang_getCursorType(*var))) ||
			    clang_getCursorType(e).kind == CXType_Dependent || clang_getCursorType(e).kind == CXType_Unexposed);
	}
	*call = e;
	return ok;
}

static char *arg_or(struct wlower *w, CXCursor call, int i, const char *dflt)
{
	CXCursor a;
	char *t;

	if (i >= clang_Cursor_getNumArguments(call))
		return cx_strdup(dflt);
	a = clang_Cursor_getArgument(call, (unsigned)i);
	t = wl_text(w->s, a);
	if (!*t) {
		free(t);
		return cx_strdup(dflt);
	}
	return t;
}

/*
 * A whole warp's sum into lane 0 (warp_block_sum.c asks): the loop a
 * shuffle down from offset 16 halved to 0 on a local of a tree's type,
 * over whole warps (the width 32 or absent), as warp_tree() lowers it.
 * *var: that local.
 */
bool warp_tree_whole_down(struct wlower *w, CXCursor loop, CXCursor *var)
{
	CXCursor off, body, call, start;
	long long first, width = 32;
	bool xor_, ok;
	char *fn;
	int wi;

	if (in_macro(loop) || clang_getCursorKind(loop) != CXCursor_ForStmt ||
	    !halving_header(w, loop, &off, &first, &start, &body) || first != 16 ||
	    !tree_body(w, body, off, var, &call, &xor_) || xor_)
		return false;
	fn = builtin_ref(call);
	wi = !strcmp(fn, "__shfl_down") ? 2 : 3;
	free(fn);
	ok = wi >= clang_Cursor_getNumArguments(call);
	if (!ok) {	/* a width as written: 32 (a default argument has no text) */
		CXCursor wa = clang_Cursor_getArgument(call, (unsigned)wi);

		ok = c_start(wa) == c_end(wa) || (const_int(w->s, wa, &width) && width == 32);
	}
	return ok;
}

bool warp_tree(struct wlower *w, CXCursor loop, bool in_compound)
{
	CXCursor off, body, var, call, start;
	long long first, first0;
	bool xor_;
	unsigned levels, slot, a = c_start(loop), b = stmt_end(w->s, loop), i;
	char *name, *type, *width, *fn, *leader;
	const char *only0, *guard_on, *guard_off;
	struct buf t = { 0 }, first_text = { 0 }, result = { 0 };
	char *start_text;

	if (in_macro(loop) || clang_getCursorKind(loop) != CXCursor_ForStmt ||
	    !halving_header(w, loop, &off, &first, &start, &body) || !tree_body(w, body, off, &var, &call, &xor_))
		return false;
	first0 = first;
	/* in a predicated body (warp.c): the publication and the read only where the predicate holds */
	guard_on = w->guarded ? "if (" GUARD ") { " : "";
	guard_off = w->guarded ? " }" : "";
	/* lane 0 alone reads the result: its lanes only, where threadIdx.x % 32 is the lane */
	only0 = !xor_ && lane0_reads_only(w->s, w->body, loop, var) ?
			"(blockDim.x % 32u == 0 || (blockDim.y == 1 && blockDim.z == 1))" :
			"0";
	/*
	 * No returns: thread 0, a condition guard.c makes the loop's bounds (one
	 * iteration, not a test per thread).  Lanes that can be absent: the tree
	 * as a statement of the block, which the planner runs once
	 * (idxgen_cc_block_tree_once: the tree when a lane is present), not
	 * the leader's test in every thread.
	 */
	leader = strcmp(w->alive, "__idxgen_alive") ?
			 cx_strdup("if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) idxgen_cc_block_tree_add") :
			 cx_strdup("idxgen_cc_block_tree_once");
	fn = builtin_ref(call);
	slot = w->nslot++;
	name = cx_spelling(var);
	type = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(var))));
	width = arg_or(w, call, !strcmp(fn, "__shfl_down") || !strcmp(fn, "__shfl_xor") ? 2 : 3, "32");
	for (levels = 0; first > 0; first /= 2)
		levels++;
	/* a start known per instantiation: the first value and the array the levels end in, computed there */
	start_text = wl_text(w->s, start);
	if (first0)
		bprintf(&first_text, "%lld", first0);
	else
		bprintf(&first_text, "(%s)", start_text);
	if (first0)
		bprintf(&result, "__idxgen_w%u%s", slot, levels % 2 ? "b" : "");
	else
		bprintf(&result, "(idxgen_cc_tree_odd(%s) ? __idxgen_w%ub : __idxgen_w%u)", first_text.p, slot, slot);
	bprintf(&w->decls, " __shared__ %s __idxgen_w%u[32 + 1024 + 32]; __shared__ %s __idxgen_w%ub[32 + 1024 + 32];",
		type, slot, type, slot);
	bprintf(&t,
		"%s%s__idxgen_w%u[32 + " LIN "] = (%s);%s __idxgen_warp_sync(); %s(__idxgen_w%u + 32, __idxgen_w%ub + 32, " NT ", %s, %s, (%s), %d, %s); "
		"__idxgen_warp_sync(); %s%s = %s[32 + " LIN "];%s%s",
		in_compound ? "" : "{ ", guard_on, slot, name, guard_off, leader, slot, slot, w->alive, first_text.p, width, xor_, only0, guard_on, name,
		result.p, guard_off, in_compound ? "" : " }");
	for (i = a; i < b; i++)	/* the lines stay the user's */
		if (w->s->text[i] == '\n')
			bputs(&t, "\n");
	wl_edit(w, a, b, t.p);
	free(fn);
	free(name);
	free(type);
	free(width);
	free(leader);
	free(start_text);
	buf_free(&first_text);
	buf_free(&result);
	return true;
}
