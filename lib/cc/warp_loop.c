// SPDX-License-Identifier: MIT
/*
 * warp_loop.c - a loop whose header calls a warp-level function of one value
 * for the whole warp (`while (__any_sync(FULL, pending))`, `for (; __ballot_sync(m,
 * x) != 0;)`, `do ... while (!__all_sync(...))`), lowered for loop fission
 * (issue 38, thirtieth session; lib/cc/README.md "Warps").
 *
 * Loop fission runs a loop that holds a split point once for the whole
 * block, every thread the same turns; the warps of a block may want
 * different numbers.  But where the header's value is the same in every lane
 * of a warp, the warp's lanes go round together, and the loop is a
 * predicated body (warp.c's predicate_if) run while any warp of the block
 * goes on:
 *
 *     { SPLIT; unsigned char P = ALIVE, C = 0;
 *       [init, where ALIVE]  EVAL
 *       while (idxgen_cc_block_any_present(NT, alive)) { B'  [inc, where ALIVE]  EVAL }
 *       SPLIT; ALIVE = P; }
 *
 * EVAL publishes the operation's operand where ALIVE, splits, computes each
 * lane's condition into C (reading the warp's slots and flags), splits, and
 * only then sets ALIVE = C: a lane's flag must not change while lanes of its
 * warp still read it.  A lane whose warp left the loop is absent from the
 * body's warp operations and runs none of its statements, as a returned lane
 * is; the block's test reads the flags, one value per block (a __shared__
 * array).  The do loop runs B' before its first EVAL; a for's increment runs
 * where ALIVE at the end of a turn (its warp operation lowered the same way).
 * The header's text is read, not edited in place: the condition is
 * evaluated before the loop and at the end of each turn.
 *
 * Refused, with a diagnostic (by default the kernel then runs as fibers,
 * warp_decline.c): an operation whose value may differ between the lanes
 * (a shuffle up, down or xor, a match, a lane that is not constant), more
 * than one in a header, a body with a barrier or a jump (the warps may take
 * different numbers of turns; `break` and `continue` would leave the block's
 * loop), a body that is not what a predicated if runs, a header written by a
 * macro, and the C path (its analysis does not take the flags for one value
 * per block).
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD_FLAGS "idxgen_cc_block_any_present(" NT ", __idxgen_alive)"

struct wloop {
	enum CXCursorKind kind;
	CXCursor init, cond, inc, body;
	CXCursor cond_call, inc_call; /* the warp operation of each, or null */
};

/* The exchanging calls under c (none: null); *many where more than one. */
static CXCursor the_call(struct wlower *w, CXCursor c, bool *many)
{
	CXCursor r = clang_getNullCursor();
	struct calls cs;

	if (clang_Cursor_isNull(c))
		return r;
	cs = wl_calls_in(w, c);
	for (unsigned i = 0; i < cs.n; i++) {
		if (!clang_Cursor_isNull(r))
			*many = true;
		r = cs.c[i];
	}
	free(cs.c);
	return r;
}

/* The parts of loop st; false where it is no for, while or do, or a while declares its condition.
 */
static bool loop_parts(const struct source *s, CXCursor st, struct wloop *l)
{
	struct cx_kids ks;
	bool ok = true;

	*l = (struct wloop){clang_getCursorKind(st), clang_getNullCursor(), clang_getNullCursor(),
			    clang_getNullCursor(),   clang_getNullCursor(), clang_getNullCursor(),
			    clang_getNullCursor()};
	if (l->kind == CXCursor_ForStmt) {
		for_parts(s, st, &l->init, &l->cond, &l->inc, &l->body);
		return true;
	}
	if (l->kind != CXCursor_WhileStmt && l->kind != CXCursor_DoStmt)
		return false;
	ks = cx_kids_of(st);
	ok = ks.n == 2;
	if (ok) {
		l->body = ks.c[l->kind == CXCursor_DoStmt ? 0 : 1];
		l->cond = ks.c[l->kind == CXCursor_DoStmt ? 1 : 0];
		ok = clang_isExpression(clang_getCursorKind(l->cond));
	}
	cx_kids_free(&ks);
	return ok;
}

static bool exchanging_in(struct wlower *w, CXCursor c)
{
	struct calls cs;
	bool r = false;

	if (clang_Cursor_isNull(c))
		return false;
	cs = wl_calls_in(w, c);
	for (unsigned i = 0; i < cs.n && !r; i++)
		r = wl_exchanges(cs.c[i]);
	free(cs.c);
	return r;
}

bool warp_loop_header(struct wlower *w, CXCursor st)
{
	struct wloop l;

	if (!loop_parts(w->s, st, &l))
		return false;
	return exchanging_in(w, l.init) || exchanging_in(w, l.cond) || exchanging_in(w, l.inc);
}

/*
 * Is call evaluated under a condition of e's own (right of && or ||, a
 * branch of ?:)?  Its operand is published by every present lane before
 * the test (`i < n && __any_sync(m, a[i] > 0)` would read a[i] past n), as
 * warp.c's statements refuse it.
 */
static bool under_condition(const struct source *s, CXCursor e, CXCursor call, bool cond)
{
	struct cx_kids ks;
	enum CXCursorKind k = clang_getCursorKind(e);
	char op[4] = "";
	bool r = false;

	if (clang_equalCursors(e, call))
		return cond;
	if (k == CXCursor_BinaryOperator)
		op_text(s, e, op);
	ks = cx_kids_of(e);
	for (unsigned i = 0; i < ks.n && !r; i++)
		r = under_condition(s, ks.c[i], call,
				    cond || (k == CXCursor_ConditionalOperator && i > 0) ||
					(k == CXCursor_BinaryOperator && i > 0 &&
					 (!strcmp(op, "&&") || !strcmp(op, "||"))));
	cx_kids_free(&ks);
	return r;
}

/* Is call (null: none) one whose value the lanes of a warp agree on? */
static bool call_ok(struct wlower *w, CXCursor call, bool diagnose)
{
	char *n;

	if (clang_Cursor_isNull(call) || wl_warp_uniform(call))
		return true;
	if (diagnose && (n = wl_op_name(call))) {
		error_at(
		    w->s, call,
		    "'%s' in the header of a loop may give the lanes of a warp different values, "
		    "so they may leave the loop at different turns, which loop fission cannot run: "
		    "in a loop header it lowers only a value the same in every lane (a vote or "
		    "__reduce_*_sync over a constant mask, __shfl_sync from a constant lane)",
		    n);
		free(n);
	} else if (diagnose) {
		error_at(
		    w->s, call,
		    "a cooperative-groups call in the header of a loop or switch is not supported "
		    "(compute it into a variable before the loop and at the end of its body)");
	}
	return false;
}

/* A warp-level call a macro writes (its text does not start with its name)? */
static bool in_macro_text(const struct source *s, CXCursor call)
{
	char *n = wl_op_name(call);
	bool r = n && !wl_spelled_here(s, call);

	free(n);
	return r;
}

/* Why the header of l (at: its warp operation) is not lowered, or NULL. */
static const char *header_refusal(struct wlower *w, CXCursor st, const struct wloop *l, CXCursor at,
				  bool many)
{
	if (!w->s->cxx)
		return "is lowered in whole programs only";
	if (in_macro(st) || in_macro(at) || in_macro_text(w->s, at))
		return "is not supported where a macro writes the loop or the call";
	if (exchanging_in(w, l->init))
		return "is not supported in the initialisation of a for";
	if (many)
		return "is not supported where the condition and increment hold more than one";
	if ((!clang_Cursor_isNull(l->cond_call) &&
	     under_condition(w->s, l->cond, l->cond_call, false)) ||
	    (!clang_Cursor_isNull(l->inc_call) &&
	     under_condition(w->s, l->inc, l->inc_call, false)))
		return "is not supported where the header evaluates it under a condition of its "
		       "own (&&, ||, ?:)";
	if (!clang_Cursor_isNull(l->init) && !wl_guardable(w, l->init))
		return "is not supported where the for declares other than scalars";
	return NULL;
}

bool warp_loop_ok(struct wlower *w, CXCursor st, bool diagnose)
{
	struct wloop l;
	bool many = false, jump = false;
	const char *why;
	CXCursor at;

	if (!loop_parts(w->s, st, &l))
		return false;
	l.cond_call = the_call(w, l.cond, &many);
	l.inc_call = the_call(w, l.inc, &many);
	if (exchanging_in(w, l.init))
		at = the_call(w, l.init, &many);
	else
		at = clang_Cursor_isNull(l.cond_call) ? l.inc_call : l.cond_call;
	if ((why = header_refusal(w, st, &l, at, many))) {
		if (diagnose)
			error_at(w->s, at,
				 "a warp-level function in the header of a loop %s (compute it "
				 "into a variable before the loop and at the end of its body)",
				 why);
		return false;
	}
	if (!call_ok(w, l.cond_call, diagnose) || !call_ok(w, l.inc_call, diagnose))
		return false;
	clang_visitChildren(l.body, wl_find_jump, &jump);
	if (jump || !wl_guardable(w, l.body)) {
		if (diagnose)
			error_at(w->s, at,
				 jump
				     ? "a loop whose header calls a warp-level function may hold "
				       "no __syncthreads(), return, break, continue or goto under "
				       "loop fission: the warps of a block may take different "
				       "numbers of turns"
				     : "a loop whose header calls a warp-level function runs its "
				       "body under a predicate under loop fission, which this body "
				       "does not take (statements, declarations of scalars, ifs "
				       "without else, loops whose header every thread may run)");
		return false;
	}
	return true;
}

/* The text of e (a condition or an increment) with its warp operation call read as rd. */
static void expr_text(const struct source *s, CXCursor e, CXCursor call, const char *rd,
		      struct buf *o)
{
	if (clang_Cursor_isNull(call)) {
		emit_src(s, c_start(e), c_end(e), o);
		return;
	}
	emit_src(s, c_start(e), c_start(call), o);
	bprintf(o, "(%s)", rd);
	emit_src(s, c_end(call), c_end(e), o);
}

struct lowered_call {
	struct buf put, after;
	char *rd;
};

static void lowered_call(struct wlower *w, CXCursor call, struct lowered_call *lc)
{
	*lc = (struct lowered_call){{0}, {0}, NULL};
	if (!clang_Cursor_isNull(call))
		lc->rd = wl_call_read(w, call, &lc->put, &lc->after);
	bputs(&lc->put, "");
	bputs(&lc->after, "");
}

static void lowered_call_free(struct lowered_call *lc)
{
	buf_free(&lc->put);
	buf_free(&lc->after);
	free(lc->rd);
}

/* EVAL: the condition of each present lane into __idxgen_cN, then its flag. */
static void eval_cond(struct wlower *w, const struct wloop *l, const struct lowered_call *lc,
		      unsigned n, struct buf *o)
{
	if (clang_Cursor_isNull(l->cond)) {
		bputs(o, "");
		return; /* for (;;): each present lane stays */
	}
	if (lc->rd)
		bprintf(o, "if (" GUARD ") { %s} __idxgen_warp_sync(); %s", lc->put.p, lc->after.p);
	bprintf(o, "__idxgen_c%u = " GUARD " && (", n);
	expr_text(w->s, l->cond, l->cond_call, lc->rd, o);
	bprintf(o, "); __idxgen_warp_sync(); " GUARD " = __idxgen_c%u; ", n);
}

/* A for's increment where the lane is present, its warp operation lowered. */
static void eval_inc(struct wlower *w, const struct wloop *l, const struct lowered_call *lc,
		     struct buf *o)
{
	if (clang_Cursor_isNull(l->inc))
		return;
	if (lc->rd)
		bprintf(o, "if (" GUARD ") { %s} __idxgen_warp_sync(); %s", lc->put.p, lc->after.p);
	bputs(o, "if (" GUARD ") { ");
	expr_text(w->s, l->inc, l->inc_call, lc->rd, o);
	bputs(o, "; } ");
}

/* Replace [a, b) with text, the lines of [a, b) kept (appended as newlines). */
static void replace_lines(struct wlower *w, unsigned a, unsigned b, struct buf *text)
{
	for (unsigned p = a; p < b; p++)
		if (w->s->text[p] == '\n')
			bputs(text, "\n");
	bputs(text, "");
	wl_edit(w, a, b, text->p);
	*text = (struct buf){0};
}

/* The offset just past the ';' that ends a for's initialisation. */
static unsigned init_end(const struct source *s, CXCursor init)
{
	unsigned p = c_end(init);

	if (p > 0 && s->text[p - 1] == ';')
		return p;
	while (p < s->len && s->text[p] != ';')
		p++;
	return p < s->len ? p + 1 : p;
}

/* The for's initialisation in place, where the lane is present. */
static void guard_init(struct wlower *w, CXCursor init, unsigned end)
{
	if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
		wl_guard_stmt(w, init,
			      true); /* T i = ALIVE ? (e) : 0 unless every thread may compute e */
		return;
	}
	wl_edit(w, c_start(init), c_start(init), cx_strdup("if (" GUARD ") { "));
	wl_edit(w, end, end, cx_strdup(" } "));
}

void warp_loop_lower(struct wlower *w, CXCursor st)
{
	struct wloop l;
	struct lowered_call cc, ic;
	struct buf head = {0}, tail = {0};
	unsigned n, body_end, ie = 0;
	bool outer = w->guarded, many = false;

	if (!warp_loop_ok(w, st, true) || !loop_parts(w->s, st, &l))
		return;
	l.cond_call = the_call(w, l.cond, &many);
	l.inc_call = the_call(w, l.inc, &many);
	n = w->npred++;
	lowered_call(w, l.cond_call, &cc);
	lowered_call(w, l.inc_call, &ic);
	bprintf(&head,
		"{ __idxgen_warp_sync(); unsigned char __idxgen_p%u = " GUARD
		", __idxgen_c%u = 0; ",
		n, n);
	if (!clang_Cursor_isNull(l.init)) { /* the initialisation stays where it is */
		ie = init_end(w->s, l.init);
		replace_lines(w, c_start(st), c_start(l.init), &head);
		guard_init(w, l.init, ie);
	}
	if (l.kind == CXCursor_DoStmt) {
		bputs(&head, "do { ");
	} else {
		eval_cond(w, &l, &cc, n, &head);
		bputs(&head, "while (" GUARD_FLAGS ") { ");
	}
	replace_lines(w, clang_Cursor_isNull(l.init) ? c_start(st) : ie, c_start(l.body), &head);

	w->guarded = true;
	w->loops++;
	w->inner++;
	wl_guard_stmt(w, l.body, true);
	w->inner--;
	w->loops--;
	w->guarded = outer;

	body_end = clang_getCursorKind(l.body) == CXCursor_CompoundStmt ? c_end(l.body)
									: stmt_end(w->s, l.body);
	bputs(&tail, " ");
	eval_inc(w, &l, &ic, &tail);
	eval_cond(w, &l, &cc, n, &tail);
	bprintf(&tail, "}%s __idxgen_warp_sync(); " GUARD " = __idxgen_p%u; }",
		l.kind == CXCursor_DoStmt ? " while (" GUARD_FLAGS ");" : "", n);
	if (l.kind == CXCursor_DoStmt)
		replace_lines(w, body_end, stmt_end(w->s, st),
			      &tail); /* `while (cond);` read above */
	else
		replace_lines(w, body_end, body_end, &tail);
	lowered_call_free(&cc);
	lowered_call_free(&ic);
}
