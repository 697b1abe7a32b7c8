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
 * The value may be the same in every lane of the warp because its mask is
 * (a constant, __activemask(), a ballot's variable: warp_mask.c), or in
 * every lane of a static tile of at most 32 threads (`while (tile.any(p))`,
 * thirty-first session): the tile's lanes go round together, the tiles of
 * a warp each at their own pace, so the body may then call only the
 * collectives of tiles no larger.  A `break` that is the last statement of
 * a branch of an if at the body's top level (`if (done) break;`) clears the
 * lane's flag; since the others go on without it, their votes must ask for
 * the lanes at the call (__activemask()) for CUDA to define them.
 *
 * Refused, with a diagnostic (by default the kernel then runs as fibers,
 * warp_decline.c): an operation whose value may differ between the lanes
 * (a shuffle up, down or xor, a match, a lane that is not constant, a mask
 * not proved the same), more than one in a header, a body with a barrier
 * or another jump (the warps may take different numbers of turns;
 * `continue` and a `break` elsewhere would leave the block's loop), a break
 * under constant masks, a body that is not what a predicated if runs, a
 * header written by a macro, and the C path (its analysis does not take
 * the flags for one value per block).
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
		if (wl_mask_of_other(&cs, cs.c[i]))
			continue; /* __any_sync(__activemask(), p): read in its call's place */
		if (!clang_Cursor_isNull(r))
			*many = true;
		r = cs.c[i];
	}
	free(cs.c);
	return r;
}

/*
 * A tile's collective whose value is the same in every lane of the tile:
 * tile.any(p), tile.all(p), tile.ballot(p), tile.shfl(v, K) with K a
 * constant, cg::reduce(tile, v, op), of a thread_block_tile<N> (a static
 * tiled_partition<N>, N a power of two up to 32: its lanes a constant part
 * of the warp).  Returns N, or 0.
 */
static unsigned tile_uniform(CXCursor call)
{
	struct cgcall g;
	unsigned n = 0;
	long long v;

	if (!cg_of(call, &g))
		return 0;
	if (!g.dyn && g.tile >= 1 && g.tile <= 32 && !(g.tile & (g.tile - 1)) &&
	    ((g.member &&
	      (!strcmp(g.name, "any") || !strcmp(g.name, "all") || !strcmp(g.name, "ballot"))) ||
	     (g.member && !strcmp(g.name, "shfl") && clang_Cursor_getNumArguments(call) == 2 &&
	      int_constant(strip(clang_Cursor_getArgument(call, 1)), &v)) ||
	     (!g.member && !strcmp(g.name, "reduce"))))
		n = g.tile;
	free(g.name);
	return n;
}

/*
 * Under the header of a tile of n < 32 lanes, the warp's tiles leave the
 * loop at turns of their own: the body may then call only collectives of
 * tiles of at most n lanes (a tile's lanes all stay or all leave), never a
 * warp's operation, whose lanes CUDA would find in two places.
 */
static bool body_within_tile(struct wlower *w, CXCursor body, unsigned n)
{
	struct calls cs = wl_calls_in(w, body);
	bool ok = true;

	for (unsigned i = 0; i < cs.n && ok; i++) {
		struct cgcall g;

		if (!wl_exchanges(cs.c[i]))
			continue;
		ok = cg_of(cs.c[i], &g);
		if (ok) {
			ok = !g.dyn && g.tile >= 1 && g.tile <= n;
			free(g.name);
		}
	}
	free(cs.c);
	return ok;
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

/* Is call (null: none) one whose value the lanes of a warp, or of its tile, agree on? */
static bool call_ok(struct wlower *w, CXCursor call, bool diagnose)
{
	char *n;

	if (clang_Cursor_isNull(call) || wl_warp_uniform(w, call) || tile_uniform(call))
		return true;
	if (diagnose && (n = wl_op_name(call))) {
		error_at(
		    w->s, call,
		    "'%s' in the header of a loop may give the lanes of a warp different values, "
		    "so they may leave the loop at different turns, which loop fission cannot run: "
		    "in a loop header it lowers only a value the same in every lane (a vote or "
		    "__reduce_*_sync over a mask the same in every lane: a constant, "
		    "__activemask(), a ballot's variable; __shfl_sync from a constant lane)",
		    n);
		free(n);
	} else if (diagnose) {
		error_at(
		    w->s, call,
		    "a cooperative-groups call in the header of a loop is lowered for loop fission "
		    "only where its value is the same in every lane of a static tile of at most 32 "
		    "threads (tile.any, tile.all, tile.ballot, tile.shfl from a constant rank, "
		    "cg::reduce); compute it into a variable before the loop and at the end of its "
		    "body");
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

/* ---- break: a lane leaving while the others go on --------------------------- */

struct jumps {
	struct wlower *w;
	bool stray;    /* a jump the predicate cannot express */
	CXCursor *brk; /* the breaks that leave the loop */
	unsigned nbrk;
};

static enum CXChildVisitResult find_stray(CXCursor c, CXCursor parent, CXClientData d);

/* A jump under c (the predicate cannot express it) other than those leaving_if takes. */
static void stray_under(struct jumps *j, CXCursor c)
{
	if (!j->stray && find_stray(c, clang_getNullCursor(), j) == CXChildVisit_Recurse)
		clang_visitChildren(c, find_stray, j);
}

static bool inner_loop(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	return k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	       k == CXCursor_SwitchStmt || k == CXCursor_CXXForRangeStmt;
}

/* A return, goto, lambda or barrier: what wl_find_jump finds but break and continue. */
static enum CXChildVisitResult find_hard_jump(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt)
		return CXChildVisit_Continue;
	return wl_find_jump(c, parent, d);
}

/*
 * A loop or switch inside the body with no warp operation is per-thread
 * code, which the predicate runs as a whole: its own break and continue
 * are no jump out of ours.  Anywhere else break, continue, return, goto, a
 * lambda or a barrier is.
 */
static enum CXChildVisitResult find_stray(CXCursor c, CXCursor parent, CXClientData d)
{
	struct jumps *j = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	bool found = false;

	if (inner_loop(c) && !exchanging_in(j->w, c)) {
		clang_visitChildren(c, find_hard_jump, &found);
		j->stray |= found;
		return j->stray ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt)
		found = true;
	else
		wl_find_jump(c, parent, &found);
	j->stray |= found;
	return j->stray ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* A branch that ends by leaving the loop: `break;`, or a block whose last statement is. */
static bool leaving_branch(struct jumps *j, CXCursor b)
{
	struct cx_kids ks;
	bool ok;

	if (clang_getCursorKind(b) == CXCursor_BreakStmt) {
		j->brk = cx_realloc(j->brk, (j->nbrk + 1) * sizeof(*j->brk));
		j->brk[j->nbrk++] = b;
		return true;
	}
	if (clang_getCursorKind(b) != CXCursor_CompoundStmt)
		return false;
	ks = cx_kids_of(b);
	ok = ks.n > 0 && clang_getCursorKind(ks.c[ks.n - 1]) == CXCursor_BreakStmt;
	for (unsigned i = 0; ok && i + 1 < ks.n; i++)
		stray_under(j, ks.c[i]);
	if (ok)
		leaving_branch(j, ks.c[ks.n - 1]);
	cx_kids_free(&ks);
	return ok;
}

/* An if of the body's top level with no warp operation, whose branches may leave the loop. */
static void leaving_if(struct jumps *j, CXCursor st)
{
	struct cx_kids ks = cx_kids_of(st);

	for (unsigned i = 1; i < ks.n; i++) /* [0]: the condition */
		if (clang_getCursorKind(ks.c[i]) == CXCursor_IfStmt)
			leaving_if(j, ks.c[i]);
		else if (!leaving_branch(j, ks.c[i]))
			stray_under(j, ks.c[i]);
	if (ks.n < 2 || clang_getCursorKind(ks.c[0]) == CXCursor_DeclStmt)
		stray_under(j, st);
	else
		stray_under(j, ks.c[0]);
	cx_kids_free(&ks);
}

/*
 * The jumps of a loop's body: the breaks that leave it in j->brk, where
 * each is the last statement of a branch of an if at the body's top level
 * with no warp operation (`if (done) break;`), which the predicate runs as
 * the lane's flag cleared, the statements after it run where the flag is
 * set; any other jump, barrier or lambda: j->stray.
 */
static void body_jumps(struct jumps *j, CXCursor body)
{
	struct cx_kids ks;

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt) {
		stray_under(j, body);
		return;
	}
	ks = cx_kids_of(body);
	for (unsigned i = 0; i < ks.n && !j->stray; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_IfStmt &&
		    !exchanging_in(j->w, ks.c[i]))
			leaving_if(j, ks.c[i]);
		else
			stray_under(j, ks.c[i]);
	cx_kids_free(&ks);
}

/* A warp operation whose mask is __activemask() (or __activemask() itself). */
static bool active_mask_call(CXCursor call)
{
	char *n = wl_op_name(call);
	bool ok = n && strcmp(n, "__activemask") == 0;

	ok = ok || (n && strncmp(n + strlen(n) - 5, "_sync", 5) == 0 &&
		    clang_Cursor_getNumArguments(call) > 0 &&
		    wl_is_activemask(clang_Cursor_getArgument(call, 0)));
	free(n);
	return ok;
}

/*
 * Where a lane leaves the loop while the others go on, CUDA's later votes
 * of the loop count the lanes still in it only where their mask asks for
 * the lanes at the call, __activemask(): a constant mask names the lane
 * that left, which CUDA leaves undefined.  So every warp operation of the
 * header and the body must be over __activemask().
 */
static bool active_masks_only(struct wlower *w, CXCursor at, CXCursor body)
{
	struct calls cs = wl_calls_in(w, body);
	bool ok = active_mask_call(at);

	for (unsigned i = 0; i < cs.n && ok; i++)
		ok = !wl_exchanges(cs.c[i]) || active_mask_call(cs.c[i]);
	free(cs.c);
	return ok;
}

bool warp_loop_ok(struct wlower *w, CXCursor st, bool diagnose)
{
	struct wloop l;
	struct jumps j = {w, false, NULL, 0};
	bool many = false, jump = false;
	const char *why;
	unsigned tile;
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
	if ((tile = tile_uniform(at)) && tile < 32 && !body_within_tile(w, l.body, tile)) {
		if (diagnose)
			error_at(
			    w->s, at,
			    "a loop whose header calls a collective of a tile of %u threads may "
			    "call only collectives of tiles of at most %u threads in its body "
			    "under loop fission: the tiles of a warp leave it at different turns",
			    tile, tile);
		return false;
	}
	body_jumps(&j, l.body);
	free(j.brk);
	jump = j.stray || (j.nbrk && !active_masks_only(w, at, l.body));
	if (jump || !wl_guardable(w, l.body)) {
		if (diagnose)
			error_at(
			    w->s, at,
			    j.stray ? "a loop whose header calls a warp-level function may hold "
				      "no __syncthreads(), return, break, continue or goto under "
				      "loop fission: the warps of a block may take different "
				      "numbers of turns (a break may leave it as the last "
				      "statement of a branch of an if of its body's top level "
				      "with no warp operation, every warp operation of the loop "
				      "over __activemask())"
			    : jump  ? "a loop left by break, some lanes while others go on, "
				      "is lowered for loop fission only where its header's and "
				      "body's warp operations are over __activemask() (a "
				      "constant mask would name the lanes that left, which CUDA "
				      "leaves undefined)"
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

/* Does a break of j lie inside st? */
static bool holds_break(const struct jumps *j, CXCursor st)
{
	for (unsigned i = 0; i < j->nbrk; i++)
		if (c_start(j->brk[i]) >= c_start(st) && c_end(j->brk[i]) <= c_end(st))
			return true;
	return false;
}

/*
 * Each break that leaves the loop clears the lane's flag instead: the
 * statements after it run where the flag is set, the lane is absent from
 * the loop's later warp operations and tests, and the loop's end gives it
 * back its flag from before the loop.  An expression, so that `if (c)
 * break; else ...` stays one statement.  A split point goes before its if:
 * the thread loop before it may read the warp's flags (an operation's
 * result over the present lanes), and a lane's flag must not change while
 * lanes of its warp still read it (as for a return, warp.c).
 */
static bool lower_breaks(struct wlower *w, CXCursor body)
{
	bool any;
	struct jumps j = {w, false, NULL, 0};
	struct cx_kids ks;

	body_jumps(&j, body);
	for (unsigned i = 0; i < j.nbrk; i++)
		wl_edit(w, c_start(j.brk[i]), c_start(j.brk[i]) + 5,
			cx_strdup("(void)(" GUARD " = 0)"));
	ks = cx_kids_of(body);
	for (unsigned i = 0; j.nbrk && i < ks.n; i++)
		if (holds_break(&j,
				ks.c[i])) /* before the guard warp.c puts there (edits in order) */
			wl_edit(w, c_start(ks.c[i]), c_start(ks.c[i]),
				cx_strdup("__idxgen_warp_sync(); "));
	cx_kids_free(&ks);
	free(j.brk);
	any = j.nbrk > 0;
	return any;
}

/*
 * A body that breaks runs each of its statements under the lane's flag on
 * its own (a body with no warp operation would be guarded as a whole, the
 * statements after a break run by the lane that left).
 */
static void guard_each(struct wlower *w, CXCursor body)
{
	struct cx_kids ks = cx_kids_of(body);

	for (unsigned i = 0; i < ks.n; i++)
		if (!warp_agg(w, ks.c, i, ks.n))
			wl_guard_stmt(w, ks.c[i], true);
	cx_kids_free(&ks);
}

void warp_loop_lower(struct wlower *w, CXCursor st)
{
	struct wloop l;
	struct lowered_call cc, ic;
	struct buf head = {0}, tail = {0};
	unsigned n, body_end, ie = 0;
	bool outer = w->guarded, many = false, leaves;

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

	leaves = lower_breaks(w, l.body);
	w->guarded = true;
	w->loops++;
	w->inner++;
	if (leaves)
		guard_each(w, l.body);
	else
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
