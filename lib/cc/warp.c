// SPDX-License-Identifier: MIT
/*
 * warp.c - warp-level operations (issue 23), lowered on the source text
 * before the translation passes see it (lib/cc/README.md, "Warps").
 *
 * Each statement S of a kernel that calls warp operations W1..Wk becomes
 *
 *     __idxgen_w1[LIN] = (operand of W1); ...  __idxgen_warp_sync();  S'
 *
 * where __idxgen_wI is a per-block exchange array (a __shared__ array of the
 * operand's type, one slot per thread, indexed by the LINEAR thread id LIN),
 * __idxgen_warp_sync() is a block barrier to the later passes (split point,
 * checked for uniform control flow like __syncthreads(), with its own
 * diagnostic), and S' is S with each Wi replaced by a read of the slots of
 * the caller's warp (include/idxgen_cc_warp.h).  Warps are thus CUDA's
 * (lin / 32) under every schedule order.  When the kernel can return, a
 * per-block array __idxgen_alive marks the threads that have not returned
 * (set at the kernel's start, cleared at each return).  Lines are kept, so
 * diagnostics of the later passes point at the user's lines.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


enum wop_kind { W_SHFL, W_SHFL_UP, W_SHFL_DOWN, W_SHFL_XOR, W_BALLOT, W_ANY, W_ALL, W_ACTIVEMASK,
		W_SYNCWARP, W_MATCH_ANY, W_MATCH_ALL, W_REDUCE_ADD, W_REDUCE_MIN, W_REDUCE_MAX,
		W_REDUCE_AND, W_REDUCE_OR, W_REDUCE_XOR };

struct wop {
	const char *name;
	enum wop_kind kind;
	bool legacy;	/* no mask argument (pre-CUDA 9 forms) */
};

static const struct wop wops[] = {
	{ "__shfl_sync", W_SHFL, false }, { "__shfl_up_sync", W_SHFL_UP, false },
	{ "__shfl_down_sync", W_SHFL_DOWN, false }, { "__shfl_xor_sync", W_SHFL_XOR, false },
	{ "__shfl", W_SHFL, true }, { "__shfl_up", W_SHFL_UP, true }, { "__shfl_down", W_SHFL_DOWN, true },
	{ "__shfl_xor", W_SHFL_XOR, true }, { "__ballot_sync", W_BALLOT, false }, { "__ballot", W_BALLOT, true },
	{ "__any_sync", W_ANY, false }, { "__any", W_ANY, true }, { "__all_sync", W_ALL, false },
	{ "__all", W_ALL, true }, { "__activemask", W_ACTIVEMASK, true }, { "__syncwarp", W_SYNCWARP, false },
	{ "__match_any_sync", W_MATCH_ANY, false }, { "__match_all_sync", W_MATCH_ALL, false },
	{ "__reduce_add_sync", W_REDUCE_ADD, false }, { "__reduce_min_sync", W_REDUCE_MIN, false },
	{ "__reduce_max_sync", W_REDUCE_MAX, false }, { "__reduce_and_sync", W_REDUCE_AND, false },
	{ "__reduce_or_sync", W_REDUCE_OR, false }, { "__reduce_xor_sync", W_REDUCE_XOR, false },
};

static const struct wop *wop_named(const char *n)
{
	for (size_t i = 0; i < sizeof(wops) / sizeof(wops[0]); i++)
		if (!strcmp(n, wops[i].name))
			return &wops[i];
	return NULL;
}

bool warp_op_named(const char *n)
{
	return wop_named(n) != NULL;
}

static const struct wop *wop_of(CXCursor c)
{
	const struct wop *op;
	char *n;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || !(n = builtin_ref(c)))
		return NULL;
	op = wop_named(n);
	free(n);
	return op;
}

/* A call that the lowering cuts the statement at (not a pure index query). */
bool wl_exchanges(CXCursor c)
{
	struct cgcall g;
	bool r;

	if (wop_of(c))
		return true;
	if (!cg_of(c, &g))
		return false;
	r = !cg_pure(&g);
	free(g.name);
	return r;
}

static bool lowered(CXCursor c)
{
	struct cgcall g;

	if (wop_of(c))
		return true;
	if (!cg_of(c, &g))
		return false;
	free(g.name);
	return true;
}

/* ---- finding the calls ------------------------------------------------------ */


static enum CXChildVisitResult find_calls(CXCursor c, CXCursor parent, CXClientData d)
{
	struct calls *cs = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (lowered(c)) {
		if (cs->n == cs->cap) {
			cs->cap = cs->cap ? 2 * cs->cap : 8;
			cs->c = cx_realloc(cs->c, cs->cap * sizeof(*cs->c));
		}
		cs->c[cs->n++] = c;
	}
	return CXChildVisit_Recurse;
}

/*
 * The operand of a warp operation is published by every thread before the
 * statement runs: a call that the statement evaluates only under a
 * condition of its own (the right side of && or ||, a branch of ?:) would
 * have its operand evaluated where the program does not (a[i] past the
 * end).  Diagnosed.
 */
void wl_check_conditional(struct wlower *w, CXCursor c, bool cond)
{
	struct cx_kids ks = cx_kids_of(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned i;
	char op[4] = "";

	if (cond && wl_exchanges(c))
		error_at(w->s, c,
			 "a warp-level function evaluated under a condition of its statement (&&, ||, ?:) is not supported: call it unconditionally into a variable first");
	if (k == CXCursor_BinaryOperator)
		op_text(w->s, c, op);
	for (i = 0; i < ks.n; i++) {
		bool sub = cond || (k == CXCursor_ConditionalOperator && i > 0) ||
			   (k == CXCursor_BinaryOperator && i > 0 && (!strcmp(op, "&&") || !strcmp(op, "||")));

		if (clang_getCursorKind(ks.c[i]) != CXCursor_LambdaExpr)
			wl_check_conditional(w, ks.c[i], sub);
	}
	cx_kids_free(&ks);
}

struct calls wl_calls_in(struct wlower *w, CXCursor c)
{
	struct calls cs = { 0 };

	cs.w = w;
	if (lowered(c))
		find_calls(c, c, &cs);
	else
		clang_visitChildren(c, find_calls, &cs);
	return cs;
}

/* ---- one warp call: its publication and its read ---------------------------- */

static char *arg_text(struct wlower *w, CXCursor call, const struct wop *op, int i, const char *dflt)
{
	int j = op->legacy ? i - 1 : i;	/* i counts the mask as argument 0 */

	char *t;

	if (j < 0 || j >= clang_Cursor_getNumArguments(call))
		return cx_strdup(dflt);
	t = wl_text(w->s, clang_Cursor_getArgument(call, (unsigned)j));
	if (!*t) {	/* a default argument: no text */
		free(t);
		return cx_strdup(dflt);
	}
	return t;
}

static char *canonical_type(CXType t)
{
	return cx_string(clang_getTypeSpelling(clang_getCanonicalType(t)));
}

/*
 * A ballot's value is its warp's (x & mask): the same in every lane but the
 * mask.  After the exchange the block computes it once per warp (one
 * statement that does not depend on the thread: once per block), and each
 * lane reads its warp's word and ANDs its mask in: a warp-aggregated atomic
 * asks for its warp's ballot in every lane (60 % of such a kernel, issue 40).
 */
static void ballot_per_warp(struct wlower *w, unsigned slot, const char *mask, struct buf *rd, struct buf *after)
{
	bprintf(&w->decls, " __shared__ unsigned __idxgen_b%u[32];", slot);
	bprintf(after, "idxgen_cc_ballots(__idxgen_b%u, __idxgen_w%u + 32, " NT ", %s); ", slot, slot, w->alive);
	bprintf(rd, "(__idxgen_b%u[" LIN " / 32] & (%s))", slot, mask);
}

/* __activemask() as read where warp.c lowers it: the warp's present lanes (malloc'd). */
static char *present_mask_text(struct wlower *w)
{
	char *t;

	if (asprintf(&t, "idxgen_cc_present_mask(" LIN ", " NT ", %s)", w->alive) < 0)
		abort();
	return t;
}

/*
 * Is call an __activemask() that is the mask argument of another call of cs
 * (`__any_sync(__activemask(), p)`)?  That call reads the present lanes in
 * its place (call_read), so it is no call of its own.
 */
bool wl_mask_of_other(const struct calls *cs, CXCursor call)
{
	for (unsigned j = 0; j < cs->n; j++) {
		const struct wop *op = wop_of(cs->c[j]);

		if (op && !op->legacy && clang_Cursor_getNumArguments(cs->c[j]) > 0 &&
		    clang_equalCursors(strip(clang_Cursor_getArgument(cs->c[j], 0)), call))
			return wl_is_activemask(call);
	}
	return false;
}

/* The read that replaces the call (malloc'd); its publication appended to put, what follows the barrier to after. */
static char *call_read(struct wlower *w, CXCursor call, const struct wop *op, struct buf *put, struct buf *after)
{
	unsigned slot = w->nslot++;
	char *mask = arg_text(w, call, op, 0, "0xffffffffu"), *val = NULL, *a2 = NULL, *a3 = NULL, *type;
	struct buf rd = { 0 };
	const char *f = NULL;

	if (!op->legacy && clang_Cursor_getNumArguments(call) > 0 &&
	    wl_is_activemask(clang_Cursor_getArgument(call, 0))) {	/* __any_sync(__activemask(), p) */
		free(mask);
		mask = present_mask_text(w);
	}
	if (op->kind == W_SYNCWARP) {
		bprintf(&rd, "__idxgen_warp_sync()");
		goto done;
	}
	if (op->kind == W_ACTIVEMASK) {
		bprintf(&rd, "idxgen_cc_present_mask(" LIN ", " NT ", %s)", w->alive);
		goto done;
	}
	val = arg_text(w, call, op, 1, "0");
	switch (op->kind) {
	case W_SHFL: case W_SHFL_UP: case W_SHFL_DOWN: case W_SHFL_XOR:
		type = canonical_type(clang_getCursorType(call));
		a2 = arg_text(w, call, op, 2, "0");
		a3 = arg_text(w, call, op, 3, "32");
		f = op->kind == W_SHFL ? "idxgen_cc_shfl_src" : op->kind == W_SHFL_UP ? "idxgen_cc_shfl_up_src" :
		    op->kind == W_SHFL_DOWN ? "idxgen_cc_shfl_down_src" : "idxgen_cc_shfl_xor_src";
		if (op->kind == W_SHFL_UP || op->kind == W_SHFL_DOWN)
			bprintf(&rd, "idxgen_cc_shfl_%s(__idxgen_w%u + 32, " LIN ", " NT ", %s, (%s), (%s))",
				op->kind == W_SHFL_UP ? "up" : "down", slot, w->alive, a2, a3);
		else
			bprintf(&rd, "(__idxgen_w%u + 32)[%s(" LIN ", " NT ", %s, (%s), (%s))]", slot, f, w->alive, a2, a3);
		break;
	case W_BALLOT: case W_ANY: case W_ALL:
		type = cx_strdup("int");
		f = op->kind == W_BALLOT ? "idxgen_cc_ballot" : op->kind == W_ANY ? "idxgen_cc_any" : "idxgen_cc_all";
		if (op->kind == W_BALLOT && after)
			ballot_per_warp(w, slot, mask, &rd, after);
		else
			bprintf(&rd, "%s(__idxgen_w%u + 32, " LIN ", " NT ", %s, (%s))", f, slot, w->alive, mask);
		break;
	case W_MATCH_ANY: case W_MATCH_ALL:
		type = canonical_type(clang_getCursorType(clang_Cursor_getArgument(call, 1)));
		if (op->kind == W_MATCH_ANY) {
			bprintf(&rd, "idxgen_cc_match_any(__idxgen_w%u + 32, " LIN ", " NT ", %s, (%s))", slot, w->alive,
				mask);
		} else {
			a2 = arg_text(w, call, op, 2, "0");
			bprintf(&rd, "idxgen_cc_match_all(__idxgen_w%u + 32, " LIN ", " NT ", %s, (%s), (%s))", slot,
				w->alive, mask, a2);
		}
		break;
	default:
		type = canonical_type(clang_getCursorType(call));
		f = op->kind == W_REDUCE_ADD ? "add" : op->kind == W_REDUCE_MIN ? "min" :
		    op->kind == W_REDUCE_MAX ? "max" : op->kind == W_REDUCE_AND ? "and" :
		    op->kind == W_REDUCE_OR ? "or" : "xor";
		bprintf(&rd, "idxgen_cc_reduce_%s(__idxgen_w%u + 32, " LIN ", " NT ", %s, (%s))", f, slot, w->alive,
			mask);
		break;
	}
		/* 32 slots of padding each side: shuffles up/down load unconditionally */
	bprintf(&w->decls, " __shared__ %s __idxgen_w%u[32 + 1024 + 32];", type, slot);
	if (op->kind == W_BALLOT || op->kind == W_ANY || op->kind == W_ALL)
		bprintf(put, "__idxgen_w%u[32 + " LIN "] = (%s) != 0; ", slot, val);
	else
		bprintf(put, "__idxgen_w%u[32 + " LIN "] = (%s); ", slot, val);
	free(type);
done:
	bputs(&rd, "");
	free(mask);
	free(val);
	free(a2);
	free(a3);
	return rd.p;
}

static void lower_call(struct wlower *w, CXCursor call, const struct wop *op, struct buf *put, struct buf *after)
{
	wl_edit(w, c_start(call), c_end(call), call_read(w, call, op, put, after));
}

char *wl_call_read(struct wlower *w, CXCursor call, struct buf *put, struct buf *after)
{
	const struct wop *op = wop_of(call);
	struct cgcall g;
	bool xchg;
	char *rd;

	if (op)
		return call_read(w, call, op, put, after);
	if (!cg_of(call, &g))
		return NULL;
	rd = cg_call_read(w, call, &g, put, &xchg);
	free(g.name);
	return rd;
}

/*
 * Is the call's value the same in every lane of its warp (warp_loop.c)?  A
 * vote or a __reduce_*_sync over a mask the same in every lane (a constant,
 * __activemask(), a ballot's variable: warp_mask.c; the legacy forms: the
 * warp), a __shfl_sync from a constant lane of the whole warp (no width, or
 * 32 and more).  Shuffles up, down and xor, match and the present mask give
 * lanes values of their own.
 */
bool wl_warp_uniform(struct wlower *w, CXCursor call)
{
	const struct wop *op = wop_of(call);
	int n = clang_Cursor_getNumArguments(call), m = op && !op->legacy ? 1 : 0;
	long long v;

	if (!op || (m && !wl_mask_uniform(w->s, w->body, clang_Cursor_getArgument(call, 0))))
		return false;
	switch (op->kind) {
	case W_BALLOT: case W_ANY: case W_ALL: case W_REDUCE_ADD: case W_REDUCE_MIN: case W_REDUCE_MAX:
	case W_REDUCE_AND: case W_REDUCE_OR: case W_REDUCE_XOR:
		return true;
	case W_SHFL:	/* (mask,) value, lane[, width] */
		return n > m + 1 && int_constant(clang_Cursor_getArgument(call, (unsigned)(m + 1)), &v) &&
		       (n <= m + 2 || (int_constant(clang_Cursor_getArgument(call, (unsigned)(m + 2)), &v) && v >= 32));
	default:
		return false;
	}
}

/* The name of the warp-level function call c calls, or NULL (malloc'd). */
char *wl_op_name(CXCursor c)
{
	const struct wop *op = wop_of(c);

	return op ? cx_strdup(op->name) : NULL;
}

/* ---- statements ------------------------------------------------------------- */

/* The call's text starts with the callee's name (not a macro's). */
bool wl_spelled_here(const struct source *s, CXCursor call)
{
	char *n = builtin_ref(call);
	unsigned a = c_start(call);
	bool r = n && a + strlen(n) <= s->len && !strncmp(s->text + a, n, strlen(n));

	free(n);
	return r;
}

static bool is_nested(CXCursor outer, CXCursor inner)
{
	return c_start(inner) >= c_start(outer) && c_end(inner) <= c_end(outer) &&
	       !clang_equalCursors(inner, outer);
}

static bool safe_everywhere(const struct source *s, CXCursor e);

static bool has_calls(struct wlower *w, CXCursor c)
{
	struct calls cs = wl_calls_in(w, c);

	free(cs.c);
	return cs.n > 0;
}

/*
 * In a predicated body: T a = e, ... becomes T a = GUARD ? (e) : 0, ...
 * (scalars) unless every thread may compute e.
 */
static void guard_inits(struct wlower *w, CXCursor decl)
{
	struct cx_kids vs = cx_kids_of(decl);
	unsigned j;

	for (j = 0; j < vs.n; j++) {
		CXCursor e = clang_Cursor_getVarDeclInitializer(vs.c[j]);

		if (clang_Cursor_isNull(e) || clang_isInvalid(clang_getCursorKind(e)) ||
		    (!has_calls(w, e) && safe_everywhere(w->s, e)))
			continue;	/* every thread may compute it: stays uniform where it is */
		wl_edit(w, c_start(e), c_start(e), cx_strdup(GUARD " ? ("));
		wl_edit(w, c_end(e), c_end(e), cx_strdup(") : 0"));
	}
	cx_kids_free(&vs);
}

/* S (or, for a branch, its condition part) calls warp operations: lower them. */
static void lower_stmt_calls(struct wlower *w, CXCursor st, CXCursor where, bool in_compound)
{
	struct calls cs = wl_calls_in(w, where);
	struct buf put = { 0 }, after = { 0 };
	bool barrier = false, xchg = false, agg = false;
	unsigned i, j;

	if (cs.n)
		wl_check_conditional(w, where, false);
	for (i = 0; i < cs.n && !wl_exchanges(cs.c[i]); i++)
		;
	if (i < cs.n && clang_getCursorKind(st) == CXCursor_DeclStmt) {
		struct cx_kids ds = cx_kids_of(st);

		if (ds.n > 1)
			error_at(w->s, cs.c[0],
				 "a warp-level function in a declaration of several variables is not supported: declare its variable on its own");
		cx_kids_free(&ds);
	}

	for (i = 0; i < cs.n; i++) {
		if (wl_mask_of_other(&cs, cs.c[i]))
			continue;	/* read in its call's place */
		for (j = 0; j < cs.n; j++)
			if (j != i && is_nested(cs.c[j], cs.c[i]))
				break;
		if (j < cs.n) {
			error_at(w->s, cs.c[i], "a warp-level function in the argument of another one is not supported");
			continue;
		}
		if (in_macro(cs.c[i]) || (wop_of(cs.c[i]) && !wl_spelled_here(w->s, cs.c[i]))) {
			error_at(w->s, cs.c[i], "a warp-level function inside a macro expansion is not supported");
			continue;
		}
		if (!wop_of(cs.c[i])) {
			struct cgcall g;

			cg_of(cs.c[i], &g);
			xchg |= lower_cg(w, cs.c[i], &g, &put);
			free(g.name);
			continue;
		}
		if (!clang_Cursor_isNull(w->agg_call) && clang_equalCursors(cs.c[i], w->agg_call)) {
			wl_edit(w, c_start(cs.c[i]), c_end(cs.c[i]), cx_strdup(w->agg_read));
			agg = true;	/* warp_agg.c: the warp's result, read without an exchange */
			w->agg_call = clang_getNullCursor();
			continue;
		}
		if (wop_of(cs.c[i])->kind == W_SYNCWARP && clang_equalCursors(cs.c[i], st))
			barrier = true;	/* __syncwarp(); is the barrier itself */
		else if (wop_of(cs.c[i])->kind != W_ACTIVEMASK || strcmp(w->alive, "__idxgen_alive") == 0)
			xchg = true;	/* the present mask reads no other lane's flag where none can change */
		if (cs.n == 1 && (wop_of(cs.c[i])->kind == W_BALLOT || wop_of(cs.c[i])->kind == W_ACTIVEMASK))
			wl_note_mask(w, st, cs.c[i], w->nslot, wop_of(cs.c[i])->kind == W_BALLOT);
		lower_call(w, cs.c[i], wop_of(cs.c[i]), &put, &after);
	}
	if (agg && !xchg && w->guarded) {	/* predicated: the read only where the predicate holds */
		if (clang_getCursorKind(st) == CXCursor_DeclStmt) {
			guard_inits(w, st);
		} else {
			wl_edit(w, c_start(st), c_start(st), cx_strdup("if (" GUARD ") { "));
			wl_edit(w, stmt_end(w->s, st), stmt_end(w->s, st), cx_strdup(" }"));
		}
	}
	if (xchg && !barrier) {
		struct buf pre = { 0 };

		if (!in_compound)
			bputs(&pre, "{ ");
		if (w->guarded) {	/* predicated: absent lanes publish nothing, run nothing */
			bprintf(&pre, "if (" GUARD ") { %s} __idxgen_warp_sync(); %s%s", put.p ? put.p : "",
				after.p ? after.p : "", clang_getCursorKind(st) == CXCursor_DeclStmt ? "" : "if (" GUARD ") ");
			if (clang_getCursorKind(st) == CXCursor_DeclStmt)
				guard_inits(w, st);
		} else
			bprintf(&pre, "%s__idxgen_warp_sync(); %s", put.p ? put.p : "", after.p ? after.p : "");
		wl_edit(w, c_start(st), c_start(st), pre.p);
		if (!in_compound)
			wl_edit(w, stmt_end(w->s, st), stmt_end(w->s, st), cx_strdup(" }"));
	}
	buf_free(&put);
	buf_free(&after);
	free(cs.c);
}

static void lower_stmt(struct wlower *w, CXCursor st, bool in_compound);

/* ---- predication ------------------------------------------------------------ */

enum CXChildVisitResult wl_find_jump(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	(void)parent;
	if (k == CXCursor_ReturnStmt || k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt ||
	    k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt || k == CXCursor_LambdaExpr) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	if (k == CXCursor_CallExpr && (n = cx_spelling(c))) {
		bool sync = !strncmp(n, "__syncthreads", 13);

		free(n);
		if (sync) {
			*(bool *)d = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/* A declaration whose variables are scalars: T a = e, ... (e guarded by ?:). */
static bool scalar_decl(CXCursor st)
{
	struct cx_kids ks = cx_kids_of(st);
	bool ok = ks.n > 0;
	unsigned i;

	for (i = 0; ok && i < ks.n; i++) {
		CXType t = clang_getCanonicalType(clang_getCursorType(ks.c[i]));

		ok = clang_getCursorKind(ks.c[i]) == CXCursor_VarDecl &&
		     ((t.kind >= CXType_Bool && t.kind <= CXType_LongDouble) || t.kind == CXType_Pointer) &&
		     clang_Cursor_getVarDeclInitializer(ks.c[i]).kind != CXCursor_InitListExpr;
	}
	cx_kids_free(&ks);
	return ok;
}

/*
 * Can e run for every thread, also where the program does not run it (a
 * lane outside a predicate)?  No call, memory access, assignment, or
 * division by anything but a nonzero literal.
 */
static bool safe_everywhere(const struct source *s, CXCursor e)
{
	struct cx_kids ks;
	enum CXCursorKind k = clang_getCursorKind(e);
	bool ok = !has_effects(s, e);
	unsigned i;

	if (ok && k == CXCursor_BinaryOperator) {
		char op[4];

		op_text(s, e, op);
		if (!strcmp(op, "/") || !strcmp(op, "%")) {
			struct cx_kids os = cx_kids_of(e);
			char *t = os.n == 2 && clang_getCursorKind(os.c[1]) == CXCursor_IntegerLiteral ?
					  wl_text(s, os.c[1]) : NULL;

			ok = t && strspn(t, "0uUlL") < strlen(t);
			free(t);
			cx_kids_free(&os);
		}
	}
	if (ok && k == CXCursor_MemberRefExpr) {
		struct cx_kids os = cx_kids_of(e);

		ok = os.n == 1 && clang_getCursorKind(os.c[0]) == CXCursor_DeclRefExpr &&
		     clang_getCanonicalType(clang_getCursorType(os.c[0])).kind != CXType_Pointer;
		cx_kids_free(&os);
	}
	ks = cx_kids_of(e);
	for (i = 0; ok && i < ks.n; i++)
		ok = safe_everywhere(s, ks.c[i]);
	cx_kids_free(&ks);
	return ok;
}

static bool is_one_of(CXCursor c, const struct cx_kids *ds)
{
	unsigned i;

	for (i = 0; i < ds->n; i++)
		if (clang_equalCursors(c, ds->c[i]))
			return true;
	return false;
}

/* inc of a for: i++, i += e, i <<= e, ... on a variable of the header. */
static bool updates_header_var(const struct source *s, CXCursor inc, const struct cx_kids *ds)
{
	struct cx_kids ks = cx_kids_of(inc);
	enum CXCursorKind k = clang_getCursorKind(inc);
	bool ok = ks.n >= 1 && clang_getCursorKind(ks.c[0]) == CXCursor_DeclRefExpr &&
		  is_one_of(clang_getCursorReferenced(ks.c[0]), ds);

	if (k == CXCursor_UnaryOperator) {
		ok = ok && ks.n == 1 && unary_op(s, inc) == '+';
	} else if (k == CXCursor_CompoundAssignOperator || k == CXCursor_BinaryOperator) {
		char op[4];

		op_text(s, inc, op);
		ok = ok && ks.n == 2 && is_assign_op(op) && safe_everywhere(s, ks.c[1]);
	} else {
		ok = false;
	}
	cx_kids_free(&ks);
	return ok;
}

/* A loop header every thread may run: its own variables, no effects else. */
static bool header_safe(struct wlower *w, CXCursor loop)
{
	CXCursor init, cond, inc, body;
	struct cx_kids ds = { 0 };
	struct calls cs = wl_calls_in(w, loop);
	bool ok = true;
	unsigned i;

	if (clang_getCursorKind(loop) == CXCursor_WhileStmt) {
		struct cx_kids ks = cx_kids_of(loop);

		ok = ks.n == 2 && clang_isExpression(clang_getCursorKind(ks.c[0])) && safe_everywhere(w->s, ks.c[0]);
		cx_kids_free(&ks);
		free(cs.c);
		return ok;
	}
	for_parts(w->s, loop, &init, &cond, &inc, &body);
	if (!clang_Cursor_isNull(init)) {
		ok = clang_getCursorKind(init) == CXCursor_DeclStmt && scalar_decl(init);
		ds = cx_kids_of(init);
		for (i = 0; ok && i < ds.n; i++) {
			CXCursor e = var_init(ds.c[i]);

			ok = !clang_Cursor_isNull(e) && safe_everywhere(w->s, e);
		}
	}
	ok = ok && (clang_Cursor_isNull(cond) || safe_everywhere(w->s, cond));
	ok = ok && (clang_Cursor_isNull(inc) || updates_header_var(w->s, inc, &ds));
	for (i = 0; ok && i < cs.n; i++)	/* warp operations in the body only */
		ok = c_start(cs.c[i]) >= c_start(body);
	cx_kids_free(&ds);
	free(cs.c);
	return ok;
}

static bool predicable(struct wlower *w, CXCursor st, unsigned *paren);

/* Are the calls of cs cooperative-groups index queries only (`tile.thread_rank()`), or none? */
static bool queries_only(const struct calls *cs)
{
	for (unsigned i = 0; i < cs->n; i++)
		if (wl_exchanges(cs->c[i]))
			return false;
	return true;
}

/* Can st, in the body of a predicated if, run under the predicate? */
bool wl_guardable(struct wlower *w, CXCursor st)
{
	enum CXCursorKind k = clang_getCursorKind(st);
	struct calls cs = wl_calls_in(w, st);
	struct cx_kids ks;
	bool ok = true;
	unsigned i;

	if (queries_only(&cs)) {	/* per-thread code, queries rewritten in place */
		free(cs.c);
		return k != CXCursor_DeclStmt || scalar_decl(st);
	}
	if (clang_isExpression(k) || k == CXCursor_DeclStmt) {
		ok = clang_isExpression(k) || scalar_decl(st);
		for (i = 0; ok && i < cs.n; i++)
			ok = wop_of(cs.c[i]) != NULL || cg_predicable(cs.c[i]);
		free(cs.c);
		return ok;
	}
	free(cs.c);
	if (k == CXCursor_IfStmt)
		return predicable(w, st, &i);
	if (warp_loop_header(w, st))	/* a vote in its header: warp_loop.c runs it under the predicate */
		return warp_loop_ok(w, st, false);
	if (k == CXCursor_UnexposedStmt) {	/* #pragma unroll for (...): the loop is what runs */
		ks = cx_kids_of(st);
		ok = ks.n == 1 && clang_isStatement(clang_getCursorKind(ks.c[0])) && wl_guardable(w, ks.c[0]);
		cx_kids_free(&ks);
		return ok;
	}
	if (k != CXCursor_CompoundStmt && k != CXCursor_ForStmt && k != CXCursor_WhileStmt)
		return false;
	if (k != CXCursor_CompoundStmt && !header_safe(w, st))
		return false;
	ks = cx_kids_of(st);
	if (k == CXCursor_CompoundStmt)
		for (i = 0; ok && i < ks.n; i++)
			ok = wl_guardable(w, ks.c[i]);
	else
		ok = ks.n > 0 && wl_guardable(w, ks.c[ks.n - 1]);
	cx_kids_free(&ks);
	return ok;
}

/*
 * An if without else whose body calls warp operations where guardable()
 * can run them under a predicate, with no jump, barrier or lambda, and no
 * warp operation in its condition: the condition becomes a predicate
 * (README, "Warps").  *paren: the offset of the condition's ')'.
 */
static bool predicable(struct wlower *w, CXCursor st, unsigned *paren)
{
	struct cx_kids ks = cx_kids_of(st);
	bool ok = ks.n == 2 && clang_getCursorKind(ks.c[1]) != CXCursor_DeclStmt && !in_macro(st), jump = false;
	struct calls cs;
	unsigned p;

	if (ok) {
		cs = wl_calls_in(w, ks.c[0]);
		ok = cs.n == 0 && clang_isExpression(clang_getCursorKind(ks.c[0]));
		free(cs.c);
	}
	for (p = ok ? c_end(ks.c[0]) : 0; ok && p < w->s->len && strchr(" \t\n", w->s->text[p]); p++)
		;
	ok = ok && p < w->s->len && w->s->text[p] == ')';
	*paren = p;
	if (ok)
		clang_visitChildren(ks.c[1], wl_find_jump, &jump);
	if (ok && !jump) {
		cs = wl_calls_in(w, ks.c[1]);
		ok = cs.n > 0 && wl_guardable(w, ks.c[1]);
		free(cs.c);
	} else {
		ok = false;
	}
	cx_kids_free(&ks);
	return ok;
}

static enum CXChildVisitResult find_predicable(CXCursor c, CXCursor parent, CXClientData d)
{
	struct wlower *w = d;
	unsigned p;

	(void)parent;
	if ((clang_getCursorKind(c) == CXCursor_IfStmt && predicable(w, c, &p)) || warp_loop_header(w, c)) {
		w->npred++;	/* the lanes' flags: a predicate, or a warp's loop (warp_loop.c) */
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static void predicate_if(struct wlower *w, CXCursor st, unsigned paren);
static void drop_loop_pragma(struct wlower *w, CXCursor loop);

/* Run st (guardable) under the predicate: edits. */
void wl_guard_stmt(struct wlower *w, CXCursor st, bool in_compound)
{
	enum CXCursorKind k = clang_getCursorKind(st);
	struct calls cs = wl_calls_in(w, st);
	struct cx_kids ks;
	unsigned i;

	if (queries_only(&cs)) {
		for (i = 0; i < cs.n; i++) {	/* `if (t8.thread_rank() == l) v = 0;`: index expressions */
			struct cgcall g;
			struct buf none = { 0 };

			if (cg_of(cs.c[i], &g)) {
				lower_cg(w, cs.c[i], &g, &none);
				free(g.name);
			}
			buf_free(&none);
		}
		free(cs.c);
		if (k == CXCursor_DeclStmt) {
			guard_inits(w, st);
		} else if (k != CXCursor_NullStmt) {
			wl_edit(w, c_start(st), c_start(st), cx_strdup("if (" GUARD ") { "));
			wl_edit(w, stmt_end(w->s, st), stmt_end(w->s, st), cx_strdup(" }"));
		}
		return;
	}
	free(cs.c);
	if (clang_isExpression(k) || k == CXCursor_DeclStmt) {
		lower_stmt_calls(w, st, st, in_compound);
		return;
	}
	if (k == CXCursor_IfStmt) {
		predicable(w, st, &i);
		predicate_if(w, st, i);
		return;
	}
	if (k == CXCursor_ForStmt && warp_tree(w, st, in_compound))
		return;	/* the whole tree once per block, its lanes those of the predicate */
	if (warp_loop_header(w, st)) {
		warp_loop_lower(w, st);	/* a vote in its header (warp_loop.c) */
		return;
	}
	ks = cx_kids_of(st);	/* a block, a loop with a safe header, or #pragma unroll and its loop */
	if (k == CXCursor_UnexposedStmt) {
		drop_loop_pragma(w, ks.c[0]);
		wl_guard_stmt(w, ks.c[0], in_compound);
	} else if (k == CXCursor_CompoundStmt) {
		for (i = 0; i < ks.n; i++)
			if (!warp_agg(w, ks.c, i, ks.n))
				wl_guard_stmt(w, ks.c[i], true);
	} else {
		w->inner++;	/* a loop's body */
		wl_guard_stmt(w, ks.c[ks.n - 1], false);
		w->inner--;
	}
	cx_kids_free(&ks);
}

/*
 * if (C) B becomes
 *   { __idxgen_warp_sync(); unsigned char __idxgen_pN = ALIVE;  ALIVE = __idxgen_pN && (C); B'
 *     __idxgen_warp_sync(); ALIVE = __idxgen_pN; }
 * with ALIVE the thread's __idxgen_alive slot: lanes whose condition is
 * false are absent from the body's warp operations (as returned ones are),
 * and every statement of B runs only where ALIVE is set (guard_stmt; a
 * declaration's initializer that is not safe_everywhere() as ALIVE ? (e)
 * : 0).  The syncs keep the flag of every lane fixed while the body's
 * operations read it.  && evaluates C only where the outer flag is set.
 */
static void predicate_if(struct wlower *w, CXCursor st, unsigned paren)
{
	struct cx_kids ks = cx_kids_of(st);
	unsigned n = w->npred++, end;
	bool outer = w->guarded;
	char *t;

	if (asprintf(&t, "{ __idxgen_warp_sync(); unsigned char __idxgen_p%u = " GUARD "; " GUARD
			 " = __idxgen_p%u && (",
		     n, n) < 0)
		t = NULL;
	wl_edit(w, c_start(st), c_start(ks.c[0]), t);
	wl_edit(w, paren, paren + 1, cx_strdup("); "));
	w->guarded = true;
	wl_guard_stmt(w, ks.c[1], true);
	w->guarded = outer;
	if (asprintf(&t, " __idxgen_warp_sync(); " GUARD " = __idxgen_p%u; }", n) < 0)
		t = NULL;
	end = clang_getCursorKind(ks.c[1]) == CXCursor_CompoundStmt ? c_end(ks.c[1]) : stmt_end(w->s, ks.c[1]);
	wl_edit(w, end, end, t);
	cx_kids_free(&ks);
}

/*
 * A loop that calls warp operations is split into thread loops and runs
 * once per block: a '#pragma unroll' in front of it has nothing to unroll
 * and would keep the later passes from seeing the loop.  Blanked (the line
 * stays).
 */
static void drop_loop_pragma(struct wlower *w, CXCursor loop)
{
	struct calls cs = wl_calls_in(w, loop);
	const char *t = w->s->text;
	unsigned a = c_start(loop), p;

	if (!cs.n) {
		free(cs.c);
		return;
	}
	free(cs.c);
	for (p = a; p > 0 && t[p - 1] != '#'; p--)
		if (t[p - 1] != ' ' && t[p - 1] != '\t' && t[p - 1] != '\n' && !(t[p - 1] >= 'a' && t[p - 1] <= 'z') &&
		    !(t[p - 1] >= '0' && t[p - 1] <= '9') && t[p - 1] != '(' && t[p - 1] != ')')
			return;
	if (p == 0 || strncmp(t + p, "pragma", 6))
		return;
	{
		unsigned e = p;

		while (e < a && t[e] != '\n')
			e++;
		wl_edit(w, p - 1, e, cx_strdup("/* #pragma dropped: warp loop */"));
	}
}

static void lower_body(struct wlower *w, CXCursor b)
{
	lower_stmt(w, b, clang_getCursorKind(b) == CXCursor_CompoundStmt);
}

static void lower_stmt(struct wlower *w, CXCursor st, bool in_compound)
{
	struct cx_kids ks = cx_kids_of(st);
	enum CXCursorKind k = clang_getCursorKind(st);
	unsigned i, m, sum_end = 0;

	switch (k) {
	case CXCursor_CompoundStmt:
		for (i = 0; i < ks.n; i++) {
			/* the two-level block sum: its 1-D form in front, the statements its else branch */
			if (i >= sum_end && (m = warp_block_sum(w, st, ks.c, i, ks.n)))
				sum_end = i + m;
			if (!warp_agg(w, ks.c, i, ks.n))
				lower_stmt(w, ks.c[i], true);
			if (i + 1 == sum_end)
				warp_block_sum_end(w, ks.c[i]);
		}
		break;
	case CXCursor_IfStmt:	/* cond, then [, else] */
		if (predicable(w, st, &i)) {
			predicate_if(w, st, i);
			break;
		}
		if (ks.n >= 2) {
			lower_stmt_calls(w, st, ks.c[0], in_compound);
			w->inner++;	/* a branch: its lanes may not be the warp's */
			for (i = 1; i < ks.n; i++)
				lower_body(w, ks.c[i]);
			w->inner--;
		}
		break;
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_SwitchStmt:
	case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
		if (k == CXCursor_ForStmt && warp_tree(w, st, in_compound))
			break;	/* the whole tree once per warp */
		if (warp_loop_header(w, st)) {
			warp_loop_lower(w, st);	/* a vote in its header (warp_loop.c) */
			break;
		}
		w->loops += k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
		w->inner++;
		for (i = 0; i < ks.n; i++) {
			enum CXCursorKind ck = clang_getCursorKind(ks.c[i]);
			/* a do's body comes first, its condition last (the condition was lowered as a body) */
			bool body = k == CXCursor_DoStmt ? i == 0 : i + 1 == ks.n;

			if (body && ck != CXCursor_NullStmt) {
				lower_body(w, ks.c[i]);
			} else {
				struct calls cs = wl_calls_in(w, ks.c[i]);
				unsigned j;

				for (j = 0; j < cs.n; j++) {
					struct cgcall g;

					if (wl_exchanges(cs.c[j])) {
						error_at(w->s, cs.c[j],
							 "a warp-level function in the header of a loop or switch is not supported (compute it into a variable before the loop and at the end of its body)");
						break;
					}
					cg_of(cs.c[j], &g);	/* an index query: rewritten in place */
					lower_cg(w, cs.c[j], &g, NULL);
					free(g.name);
				}
				free(cs.c);
			}
		}
		w->loops -= k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt;
		w->inner--;
		break;
	case CXCursor_UnexposedStmt:	/* an attributed statement: #pragma unroll for (...) */
		if (ks.n == 1 && clang_isStatement(clang_getCursorKind(ks.c[0]))) {
			drop_loop_pragma(w, ks.c[0]);
			lower_stmt(w, ks.c[0], in_compound);
			break;
		}
		lower_stmt_calls(w, st, st, in_compound);
		break;
	case CXCursor_ReturnStmt:
		lower_stmt_calls(w, st, st, in_compound);
		/*
		 * A return clears its lane's alive flag in the thread loop it is
		 * in.  After a warp operation that loop may be the one that reads
		 * the operation's result, where other lanes still count this lane:
		 * a lane's flag would change while its warp reads it (found by the
		 * fuzzer: a return after a __reduce_add_sync changed the sum seen
		 * by later lanes).  After the last warp operation, outside loops,
		 * no operation follows, so the flag need not change; anything else
		 * after a warp operation is not supported yet.
		 */
		if (c_start(st) > w->first_op && (w->loops || c_start(st) < w->last_op)) {
			error_at(w->s, st,
				 "a return after a warp-level function, where another warp-level function can follow it, is not supported yet");
			break;
		}
		if (c_start(st) < w->first_op && strcmp(w->alive, "__idxgen_alive") == 0) {
			wl_edit(w, c_start(st), c_start(st), cx_strdup("{ __idxgen_alive[" LIN "] = 0; "));
			wl_edit(w, stmt_end(w->s, st), stmt_end(w->s, st), cx_strdup(" }"));
		}
		break;
	default:
		lower_stmt_calls(w, st, st, in_compound);
		break;
	}
	cx_kids_free(&ks);
}

/* ---- functions -------------------------------------------------------------- */

CXCursor wl_body_of(CXCursor fn)
{
	struct cx_kids ks = cx_kids_of(fn);
	CXCursor b = clang_getNullCursor();

	if (ks.n && clang_getCursorKind(ks.c[ks.n - 1]) == CXCursor_CompoundStmt)
		b = ks.c[ks.n - 1];
	cx_kids_free(&ks);
	return b;
}

/*
 * A warp-level function a template leaves unresolved (`__shfl_up_sync(m, x,
 * d)` with x of a type parameter's type): the callee is a reference to an
 * overload set, not a function, so wop_of does not see it.  Its name, or
 * NULL.
 */
char *warp_dependent_call(CXCursor c)
{
	struct cx_kids ks;
	CXCursor r;
	char *n = NULL;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(c)))
		return NULL;
	ks = cx_kids_of(c);
	r = ks.n ? clang_getCursorReferenced(ks.c[0]) : clang_getNullCursor();
	if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(r)) {
		n = cx_spelling(clang_getOverloadedDecl(r, 0));
		if (!wop_named(n)) {
			free(n);
			n = NULL;
		}
	}
	cx_kids_free(&ks);
	return n;
}

static enum CXChildVisitResult find_dependent_cg(CXCursor c, CXCursor parent, CXClientData d)
{
	CXCursor *hit = d;
	char *n = cg_dependent_call(c);

	if (!n)
		n = warp_dependent_call(c);

	(void)parent;
	if (!n)
		return CXChildVisit_Recurse;
	free(n);
	*hit = c;
	return CXChildVisit_Break;
}

/*
 * --exec-model=fission: a cooperative-groups call a template leaves
 * dependent is lowered by nothing and aborted the launch ("a
 * cooperative-groups call outside a fiber kernel"), in a kernel template or
 * a __device__ template taking a tile; so did a warp-level function on a
 * value of a type parameter's type.  Refused here instead.  By default such
 * kernels run as fibers (fiber_plan.c).
 */
static bool refuse_dependent_cg(struct wlower *w, CXCursor fn, CXCursor body)
{
	CXCursor hit = clang_getNullCursor();
	char *n, *f;

	if (w->s->model != EXEC_FISSION)
		return false;
	clang_visitChildren(body, find_dependent_cg, &hit);
	if (clang_Cursor_isNull(hit))
		return false;
	f = cx_spelling(fn);
	if ((n = cg_dependent_call(hit)))
		error_at(w->s, hit,
			 "cooperative groups: '%s' in '%s' names its group through a template parameter: such calls run only as fibers (not with --exec-model=fission)",
			 n, f);
	else if ((n = warp_dependent_call(hit)))
		error_at(w->s, hit,
			 "'%s' in '%s' takes a value whose type depends on a template parameter: such calls run only as fibers (not with --exec-model=fission)",
			 n, f);
	free(n);
	free(f);
	return true;
}

static void lower_function(struct wlower *w, CXCursor fn)
{
	CXCursor body = wl_body_of(fn);
	struct calls cs;
	char *name;
	bool pred;

	if (clang_Cursor_isNull(body) || refuse_dependent_cg(w, fn, body))
		return;
	cs = wl_calls_in(w, body);
	if (!cs.n) {
		free(cs.c);
		warp_volatile_tails(w, fn, body);	/* a kernel without warp operations only */
		return;
	}
	if (!has_annot(fn, "global")) {
		char *caller = warp_kept_caller(w, fn);

		name = cx_spelling(fn);
		if (caller)	/* inlinable, but named where it is not inlined */
			error_at(w->s, cs.c[0],
				 "warp-level function in __device__ function '%s', which '%s' calls: loop fission inlines such a function only into kernels, each call a statement of its own (x = f(...);), so it cannot run it here; build without --exec-model=fission to run the kernel as fibers",
				 name, caller);
		else
			error_at(w->s, cs.c[0],
				 "warp-level function in __device__ function '%s' is not supported yet: such functions are inlined when they are not templates and have one return, their last statement",
				 name);
		free(caller);
		free(name);
		free(cs.c);
		return;
	}
	w->first_op = c_start(cs.c[0]);
	w->last_op = 0;
	for (unsigned i = 0; i < cs.n; i++) {
		w->first_op = c_start(cs.c[i]) < w->first_op ? c_start(cs.c[i]) : w->first_op;
		w->last_op = c_end(cs.c[i]) > w->last_op ? c_end(cs.c[i]) : w->last_op;
	}
	w->loops = 0;
	w->inner = 0;
	w->body = body;
	wl_masks_free(w);
	w->agg_call = clang_getNullCursor();
	free(cs.c);
	buf_free(&w->decls);
	w->npred = 0;
	clang_visitChildren(body, find_predicable, w);
	pred = w->npred > 0;
	w->npred = 0;
	w->alive = count_returns(body) || pred ? "__idxgen_alive" : "(const unsigned char *)0";
	if (count_returns(body) || pred)
		bputs(&w->decls, " __shared__ unsigned char __idxgen_alive[1024]; __idxgen_alive[" LIN "] = 1;");
	bputs(&w->decls, " __idxgen_warp_check(" NT ");");
	lower_stmt(w, body, true);
	bputs(&w->decls, "");
	wl_edit(w, c_start(body) + 1, c_start(body) + 1, w->decls.p);
	w->decls = (struct buf){ 0 };
}

static bool lowered_kind(const struct source *s, CXCursor fn)
{
	enum CXCursorKind k = clang_getCursorKind(fn);

	return in_main(s, fn) && (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate);
}

/*
 * lower_function(fn), or where it cannot, nothing: its edits dropped, its
 * diagnostic (counted, not printed: auto is quiet) returned (malloc'd),
 * NULL where it lowered.
 */
static char *lower_or_undo(struct wlower *w, CXCursor fn)
{
	struct source *s = w->s;
	unsigned ne = w->ne;
	int nerrors = s->nerrors;
	char *held = s->quiet_msg, *why;

	s->quiet_msg = NULL;
	lower_function(w, fn);
	why = s->quiet_msg;
	s->quiet_msg = held;
	if (s->nerrors == nerrors) {
		free(why);
		return NULL;
	}
	for (unsigned i = ne; i < w->ne; i++)
		free(w->e[i].text);
	w->ne = ne;
	s->nerrors = nerrors;
	return why ? why : cx_strdup("?");
}

/*
 * Under auto (warp_decline.c): the helpers first, those warp.c cannot
 * lower named; then each kernel, declined where it reaches one of them, an
 * inlining round declined it, or its own lowering fails.
 */
static void lower_per_kernel(struct wlower *w, const struct cx_kids *ks)
{
	struct fiber_names bad = { 0 };
	char why[600], *n, *err;

	for (unsigned i = 0; i < ks->n; i++)
		if (lowered_kind(w->s, ks->c[i]) && !has_annot(ks->c[i], "global") &&
		    (err = lower_or_undo(w, ks->c[i]))) {
			n = cx_spelling(ks->c[i]);
			fiber_names_add(&bad, n, err);
			free(n);
			free(err);
		}
	for (unsigned i = 0; i < ks->n; i++) {
		if (!lowered_kind(w->s, ks->c[i]) || !has_annot(ks->c[i], "global") ||
		    warp_declined_why(w->s, ks->c[i]))
			continue;
		if ((n = warp_reaches(w->s, ks->c[i], &bad))) {
			snprintf(why, sizeof(why), "it calls '%s', which warp.c cannot lower: %s", n,
				 fiber_names_why(&bad, n));
			warp_decline(w->s, ks->c[i], why);
			free(n);
		} else if ((err = lower_or_undo(w, ks->c[i]))) {
			warp_decline(w->s, ks->c[i], err);
			free(err);
		}
	}
	fiber_names_free(&bad);
}

static bool mentions_warp_ops(const struct source *s)
{
	static const char *const keys[] = { "__shfl", "__ballot", "__any", "__all", "__activemask",
					    "__syncwarp", "__match_", "__reduce_", "cooperative_groups",
					    "volatile", NULL };	/* warp_volatile.c */
	const char *const *k;

	for (k = keys; *k; k++)
		if (strstr(s->text, *k))
			return true;
	return false;
}

/*
 * Is there a __syncthreads() whose nearest __global__ or __device__ before
 * it in the text is __device__ (a helper with a barrier, which
 * warp_inline.c may inline)?  A guess by text that only saves the parse of
 * an inlining round where there is surely nothing to inline.
 */
static bool mentions_barrier_helper(const struct source *s)
{
	const char *p = s->text, *b, *g, *d;

	while ((b = strstr(p, "__syncthreads"))) {
		const char *kind = NULL;

		for (g = s->text; (d = strstr(g, "__device__")) && d < b; g = d + 1)
			kind = d;
		for (g = kind ? kind : s->text; (d = strstr(g, "__global__")) && d < b; g = d + 1)
			kind = d;
		if (kind && !strncmp(kind, "__device__", 10))
			return true;
		p = b + 1;
	}
	return false;
}

int warp_lower(struct source *s, CXIndex idx, char *const *args, int nargs)
{
	struct wlower w = { 0 };
	CXTranslationUnit tu;
	struct cx_kids ks;
	unsigned i, done = 1, round, slots = 0;
	int rc;
	bool warps = mentions_warp_ops(s);

	if (!warps && !mentions_barrier_helper(s))
		return 0;
	for (round = 0; done && round < 4; round++)
		if ((rc = warp_inline_round(s, idx, args, nargs, &slots, &done)))
			return rc;
	if (!warps)
		return 0;	/* only helpers with barriers were inlined */
	tu = source_parse(s, idx, args, nargs);
	if (!tu)
		return 2;
	if (s->nerrors) {
		clang_disposeTranslationUnit(tu);
		return 1;
	}
	w.s = s;
	w.agg_call = clang_getNullCursor();
	ks = cx_kids_of(clang_getTranslationUnitCursor(tu));
	w.top = &ks;
	if (warp_declining(s)) {
		lower_per_kernel(&w, &ks);
	} else {
		for (i = 0; i < ks.n; i++)
			if (lowered_kind(s, ks.c[i]))
				lower_function(&w, ks.c[i]);
	}
	cx_kids_free(&ks);
	if (!s->nerrors)
		wl_apply(&w);
	wl_masks_free(&w);
	free(w.agg_read);
	for (i = 0; i < w.ne; i++)
		free(w.e[i].text);
	free(w.e);
	buf_free(&w.decls);
	source_release(s, tu);
	return s->nerrors ? 1 : 0;
}
