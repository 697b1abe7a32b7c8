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
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIN "(threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)"
#define NT "(blockDim.x * blockDim.y * blockDim.z)"

enum wop_kind { W_SHFL, W_SHFL_UP, W_SHFL_DOWN, W_SHFL_XOR, W_BALLOT, W_ANY, W_ALL, W_ACTIVEMASK,
		W_SYNCWARP, W_MATCH_ANY, W_MATCH_ALL, W_REDUCE_ADD, W_REDUCE_MIN, W_REDUCE_MAX };

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
	{ "__reduce_max_sync", W_REDUCE_MAX, false },
};

static const struct wop *wop_of(CXCursor c)
{
	char *n;
	size_t i;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || !(n = builtin_ref(c)))
		return NULL;
	for (i = 0; i < sizeof(wops) / sizeof(wops[0]); i++)
		if (!strcmp(n, wops[i].name)) {
			free(n);
			return &wops[i];
		}
	free(n);
	return NULL;
}

/*
 * Cooperative groups (include/cuda/cooperative_groups.h): a call of a
 * function or method of namespace cooperative_groups.  tile: 0 for the
 * thread block's methods and the free functions, N for thread_block_tile<N>.
 */
struct cgcall {
	char *name;
	unsigned tile;
	bool member;
};

static bool in_cg_namespace(CXCursor r)
{
	for (; !clang_Cursor_isNull(r) && clang_getCursorKind(r) != CXCursor_TranslationUnit;
	     r = clang_getCursorSemanticParent(r))
		if (clang_getCursorKind(r) == CXCursor_Namespace) {
			char *n = cx_spelling(r);
			bool yes = !strcmp(n, "cooperative_groups");

			free(n);
			return yes;
		}
	return false;
}

static unsigned tile_of_type(CXType t)
{
	char *s = cx_string(clang_getTypeSpelling(clang_getCanonicalType(t)));
	const char *p = strstr(s, "thread_block_tile<");
	unsigned n = p ? (unsigned)strtoul(p + 18, NULL, 10) : 0;

	free(s);
	return n;
}

static bool cg_of(CXCursor c, struct cgcall *g)
{
	CXCursor r;
	struct cx_kids ks;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	r = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(r) || clang_getCursorKind(r) == CXCursor_Constructor || !in_cg_namespace(r))
		return false;
	g->name = cx_spelling(r);
	g->member = clang_getCursorKind(r) == CXCursor_CXXMethod;
	g->tile = 0;
	if (g->member) {
		ks = cx_kids_of(c);	/* the MemberRefExpr; its child the object */
		if (ks.n) {
			struct cx_kids os = cx_kids_of(ks.c[0]);

			if (os.n)
				g->tile = tile_of_type(clang_getCursorType(os.c[0]));
			cx_kids_free(&os);
		}
		cx_kids_free(&ks);
	} else if (clang_Cursor_getNumArguments(c) > 0) {
		g->tile = tile_of_type(clang_getCursorType(clang_Cursor_getArgument(c, 0)));
	}
	if (!strcmp(g->name, "this_thread_block") || !strcmp(g->name, "tiled_partition") ||
	    !strcmp(g->name, "operator()")) {
		free(g->name);
		return false;	/* values of no cost: kept */
	}
	return true;
}

/* A cooperative-groups query that is an index expression (no exchange). */
static bool cg_pure(const struct cgcall *g)
{
	static const char *const block[] = { "thread_rank", "size", "num_threads", "group_index",
					     "thread_index", "dim_threads", NULL };
	static const char *const tile[] = { "thread_rank", "size", "num_threads", "meta_group_rank",
					    "meta_group_size", NULL };

	return g->member && in_list(g->name, g->tile ? tile : block);
}

/* A call that the lowering cuts the statement at (not a pure index query). */
static bool exchanges(CXCursor c)
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

/* One edit of the text: [a, b) replaced by text (a == b: an insertion). */
struct wedit {
	unsigned a, b, seq;
	char *text;
};

struct wlower {
	struct source *s;
	struct wedit *e;
	unsigned ne, cap, nslot;
	struct buf decls;	/* the current kernel's exchange arrays */
	const char *alive;	/* "__idxgen_alive" or "(const unsigned char *)0" */
};

static void edit(struct wlower *w, unsigned a, unsigned b, char *text)
{
	if (w->ne == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->e = cx_realloc(w->e, w->cap * sizeof(*w->e));
	}
	w->e[w->ne++] = (struct wedit){ a, b, w->ne, text };
}

static char *text_of(const struct source *s, CXCursor c)
{
	unsigned a = c_start(c), b = c_end(c);
	struct buf o = { 0 };

	emit_src(s, a, b, &o);
	bputs(&o, "");
	return o.p;
}

/* ---- finding the calls ------------------------------------------------------ */

struct calls {
	CXCursor *c;
	unsigned n, cap;
	struct wlower *w;
};

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
static void check_conditional(struct wlower *w, CXCursor c, bool cond)
{
	struct cx_kids ks = cx_kids_of(c);
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned i;
	char op[4] = "";

	if (cond && exchanges(c))
		error_at(w->s, c,
			 "a warp-level function evaluated under a condition of its statement (&&, ||, ?:) is not supported: call it unconditionally into a variable first");
	if (k == CXCursor_BinaryOperator)
		op_text(w->s, c, op);
	for (i = 0; i < ks.n; i++) {
		bool sub = cond || (k == CXCursor_ConditionalOperator && i > 0) ||
			   (k == CXCursor_BinaryOperator && i > 0 && (!strcmp(op, "&&") || !strcmp(op, "||")));

		if (clang_getCursorKind(ks.c[i]) != CXCursor_LambdaExpr)
			check_conditional(w, ks.c[i], sub);
	}
	cx_kids_free(&ks);
}

static struct calls calls_in(struct wlower *w, CXCursor c)
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
	t = text_of(w->s, clang_Cursor_getArgument(call, (unsigned)j));
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

static bool lower_call(struct wlower *w, CXCursor call, const struct wop *op, struct buf *put)
{
	unsigned slot = w->nslot++;
	char *mask = arg_text(w, call, op, 0, "0xffffffffu"), *val = NULL, *a2 = NULL, *a3 = NULL, *type;
	struct buf rd = { 0 };
	const char *f = NULL;

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
		f = op->kind == W_REDUCE_ADD ? "add" : op->kind == W_REDUCE_MIN ? "min" : "max";
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
	edit(w, c_start(call), c_end(call), rd.p);
	free(mask);
	free(val);
	free(a2);
	free(a3);
	return true;
}

/*
 * A cooperative-groups call: the thread-index expression it stands for, or
 * a warp operation over the tile's N lanes.  Returns whether the statement
 * needs the exchange (publication and split point).
 */
static bool lower_cg(struct wlower *w, CXCursor call, const struct cgcall *g, struct buf *put)
{
	const char *n = g->name;
	unsigned N = g->tile, slot;
	struct buf rd = { 0 };
	char *val = NULL, *a1 = NULL, *type = NULL;
	bool xchg = false;

	if (!g->member && !strcmp(n, "sync")) {
		bputs(&rd, "__syncthreads()");
	} else if (g->member && !N) {	/* thread_block */
		if (!strcmp(n, "sync"))
			bputs(&rd, "__syncthreads()");
		else if (!strcmp(n, "thread_rank"))
			bputs(&rd, "((unsigned int)" LIN ")");
		else if (!strcmp(n, "size") || !strcmp(n, "num_threads"))
			bputs(&rd, "((unsigned int)" NT ")");
		else if (!strcmp(n, "group_index"))
			bputs(&rd, "blockIdx");
		else if (!strcmp(n, "thread_index"))
			bputs(&rd, "threadIdx");
		else if (!strcmp(n, "dim_threads"))
			bputs(&rd, "blockDim");
	} else if (g->member) {	/* thread_block_tile<N> */
		if (!strcmp(n, "sync"))
			bputs(&rd, "__idxgen_warp_sync()");
		else if (!strcmp(n, "thread_rank"))
			bprintf(&rd, "((unsigned int)" LIN " %% %uu)", N);
		else if (!strcmp(n, "size") || !strcmp(n, "num_threads"))
			bprintf(&rd, "%uu", N);
		else if (!strcmp(n, "meta_group_rank"))
			bprintf(&rd, "((unsigned int)" LIN " / %uu)", N);
		else if (!strcmp(n, "meta_group_size"))
			bprintf(&rd, "((" NT " + %uu) / %uu)", N - 1, N);
		else
			xchg = true;
	} else if (!strcmp(n, "reduce") && N) {
		xchg = true;
	}
	if (!strcmp(n, "this_grid") || (g->member && !N && !rd.p && strstr(n, "grid"))) {
		error_at(w->s, call,
			 "grid-wide synchronisation (cooperative_groups::this_grid()) is not supported: the CPU runtime does not keep all blocks of a grid resident");
		return false;
	}
	if (!xchg && !rd.p) {
		error_at(w->s, call, "cooperative groups: '%s' is not supported here (lib/cc/README.md, \"Warps\")", n);
		return false;
	}
	if (xchg) {
		slot = w->nslot++;
		if (g->member) {
			val = text_of(w->s, clang_Cursor_getArgument(call, 0));
			a1 = clang_Cursor_getNumArguments(call) > 1 ? text_of(w->s, clang_Cursor_getArgument(call, 1)) : NULL;
		} else {
			val = text_of(w->s, clang_Cursor_getArgument(call, 1));
			a1 = text_of(w->s, clang_Cursor_getArgument(call, 2));
		}
		if (!strcmp(n, "ballot") || !strcmp(n, "any") || !strcmp(n, "all")) {
			type = cx_strdup("int");
			bprintf(put, "__idxgen_w%u[32 + " LIN "] = (%s) != 0; ", slot, val);
			bprintf(&rd, "idxgen_cc_tile_%s(__idxgen_w%u + 32, " LIN ", " NT ", %s, %uu)", n, slot, w->alive, N);
		} else {
			type = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(call))));
			bprintf(put, "__idxgen_w%u[32 + " LIN "] = (%s); ", slot, val);
			if (!strcmp(n, "reduce")) {
				char *op = cx_string(clang_getTypeSpelling(clang_getCanonicalType(
					clang_getCursorType(clang_Cursor_getArgument(call, 2)))));
				const char *f = strstr(op, "plus<") ? "add" : strstr(op, "less<") ? "min" :
						strstr(op, "greater<") ? "max" : NULL;

				if (!f)
					error_at(w->s, call, "cg::reduce with '%s': only plus, less and greater are supported", op);
				else
					bprintf(&rd, "idxgen_cc_tile_reduce(__idxgen_w%u + 32, " LIN ", " NT ", %s, %uu, IDXGEN_CC_OP_%s)",
						slot, w->alive, N, f[0] == 'a' ? "ADD" : f[1] == 'i' ? "MIN" : "MAX");
				free(op);
			} else if (!strcmp(n, "shfl_up") || !strcmp(n, "shfl_down")) {
				bprintf(&rd, "idxgen_cc_%s(__idxgen_w%u + 32, " LIN ", " NT ", %s, (%s), %u)", n, slot, w->alive,
					a1 ? a1 : "0", N);
			} else if (!strcmp(n, "shfl") || !strcmp(n, "shfl_xor")) {
				bprintf(&rd, "(__idxgen_w%u + 32)[idxgen_cc_%s_src(" LIN ", " NT ", %s, (%s), %u)]", slot, n,
					w->alive, a1 ? a1 : "0", N);
			} else {
				error_at(w->s, call, "cooperative groups: '%s' is not supported (lib/cc/README.md, \"Warps\")", n);
			}
		}
		bprintf(&w->decls, " __shared__ %s __idxgen_w%u[32 + 1024 + 32];", type, slot);
	}
	bputs(&rd, "");
	edit(w, c_start(call), c_end(call), rd.p);
	free(val);
	free(a1);
	free(type);
	return xchg;
}

/* ---- statements ------------------------------------------------------------- */

/* The call's text starts with the callee's name (not a macro's). */
static bool spelled_here(const struct source *s, CXCursor call)
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

/* S (or, for a branch, its condition part) calls warp operations: lower them. */
static void lower_stmt_calls(struct wlower *w, CXCursor st, CXCursor where, bool in_compound)
{
	struct calls cs = calls_in(w, where);
	struct buf put = { 0 };
	bool barrier = false, xchg = false;
	unsigned i, j;

	if (cs.n)
		check_conditional(w, where, false);
	for (i = 0; i < cs.n && !exchanges(cs.c[i]); i++)
		;
	if (i < cs.n && clang_getCursorKind(st) == CXCursor_DeclStmt) {
		struct cx_kids ds = cx_kids_of(st);

		if (ds.n > 1)
			error_at(w->s, cs.c[0],
				 "a warp-level function in a declaration of several variables is not supported: declare its variable on its own");
		cx_kids_free(&ds);
	}

	for (i = 0; i < cs.n; i++) {
		for (j = 0; j < cs.n; j++)
			if (j != i && is_nested(cs.c[j], cs.c[i]))
				break;
		if (j < cs.n) {
			error_at(w->s, cs.c[i], "a warp-level function in the argument of another one is not supported");
			continue;
		}
		if (in_macro(cs.c[i]) || (wop_of(cs.c[i]) && !spelled_here(w->s, cs.c[i]))) {
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
		if (wop_of(cs.c[i])->kind == W_SYNCWARP && clang_equalCursors(cs.c[i], st))
			barrier = true;	/* __syncwarp(); is the barrier itself */
		else
			xchg = true;
		lower_call(w, cs.c[i], wop_of(cs.c[i]), &put);
	}
	if (xchg && !barrier) {
		struct buf pre = { 0 };

		if (!in_compound)
			bputs(&pre, "{ ");
		bprintf(&pre, "%s__idxgen_warp_sync(); ", put.p ? put.p : "");
		edit(w, c_start(st), c_start(st), pre.p);
		if (!in_compound)
			edit(w, stmt_end(w->s, st), stmt_end(w->s, st), cx_strdup(" }"));
	}
	buf_free(&put);
	free(cs.c);
}

static void lower_stmt(struct wlower *w, CXCursor st, bool in_compound);

/*
 * A loop that calls warp operations is split into thread loops and runs
 * once per block: a '#pragma unroll' in front of it has nothing to unroll
 * and would keep the later passes from seeing the loop.  Blanked (the line
 * stays).
 */
static void drop_loop_pragma(struct wlower *w, CXCursor loop)
{
	struct calls cs = calls_in(w, loop);
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
		edit(w, p - 1, e, cx_strdup("/* #pragma dropped: warp loop */"));
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
	unsigned i;

	switch (k) {
	case CXCursor_CompoundStmt:
		for (i = 0; i < ks.n; i++)
			lower_stmt(w, ks.c[i], true);
		break;
	case CXCursor_IfStmt:	/* cond, then [, else] */
		if (ks.n >= 2) {
			lower_stmt_calls(w, st, ks.c[0], in_compound);
			for (i = 1; i < ks.n; i++)
				lower_body(w, ks.c[i]);
		}
		break;
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt: case CXCursor_SwitchStmt:
	case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
		for (i = 0; i < ks.n; i++) {
			enum CXCursorKind ck = clang_getCursorKind(ks.c[i]);
			bool body = i + 1 == ks.n || (k == CXCursor_DoStmt && i == 0);

			if (body && ck != CXCursor_NullStmt) {
				lower_body(w, ks.c[i]);
			} else {
				struct calls cs = calls_in(w, ks.c[i]);
				unsigned j;

				for (j = 0; j < cs.n; j++) {
					struct cgcall g;

					if (exchanges(cs.c[j])) {
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
		if (strcmp(w->alive, "__idxgen_alive") == 0) {
			edit(w, c_start(st), c_start(st), cx_strdup("{ __idxgen_alive[" LIN "] = 0; "));
			edit(w, stmt_end(w->s, st), stmt_end(w->s, st), cx_strdup(" }"));
		}
		break;
	default:
		lower_stmt_calls(w, st, st, in_compound);
		break;
	}
	cx_kids_free(&ks);
}

/* ---- functions -------------------------------------------------------------- */

static CXCursor body_of(CXCursor fn)
{
	struct cx_kids ks = cx_kids_of(fn);
	CXCursor b = clang_getNullCursor();

	if (ks.n && clang_getCursorKind(ks.c[ks.n - 1]) == CXCursor_CompoundStmt)
		b = ks.c[ks.n - 1];
	cx_kids_free(&ks);
	return b;
}

static void lower_function(struct wlower *w, CXCursor fn)
{
	CXCursor body = body_of(fn);
	struct calls cs;
	char *name;

	if (clang_Cursor_isNull(body))
		return;
	cs = calls_in(w, body);
	if (!cs.n) {
		free(cs.c);
		return;
	}
	if (!has_annot(fn, "global")) {
		name = cx_spelling(fn);
		error_at(w->s, cs.c[0],
			 "warp-level function in __device__ function '%s' is not supported yet: such functions are inlined when they are not templates and have one return, their last statement",
			 name);
		free(name);
		free(cs.c);
		return;
	}
	free(cs.c);
	buf_free(&w->decls);
	w->alive = count_returns(body) ? "__idxgen_alive" : "(const unsigned char *)0";
	if (count_returns(body))
		bputs(&w->decls, " __shared__ unsigned char __idxgen_alive[1024]; __idxgen_alive[" LIN "] = 1;");
	bputs(&w->decls, " __idxgen_warp_check(" NT ");");
	lower_stmt(w, body, true);
	bputs(&w->decls, "");
	edit(w, c_start(body) + 1, c_start(body) + 1, w->decls.p);
	w->decls = (struct buf){ 0 };
}

static int cmp_edit(const void *x, const void *y)
{
	const struct wedit *a = x, *b = y;

	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	if ((a->a == a->b) != (b->a == b->b))
		return a->a == a->b ? -1 : 1;	/* insertions before a replacement */
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * The rewritten text keeps lines; columns move.  The map keeps the original
 * text and, per edit, where it starts in both texts, so that diagnostics of
 * the later passes name the user's column (an offset inside inserted text
 * maps to the start of the statement or call it was made for).
 */
struct warp_map {
	char *orig;
	size_t orig_len;
	unsigned n, *new_a, *new_end, *old_a, *old_end;
	struct warp_map *prev;	/* an earlier rewrite (inlining before lowering) */
};

static void apply(struct wlower *w)
{
	struct buf o = { 0 };
	struct warp_map *m = cx_alloc(sizeof(*m));
	unsigned pos = 0, i;

	qsort(w->e, w->ne, sizeof(*w->e), cmp_edit);
	m->n = 0;
	m->new_a = cx_alloc((w->ne + 1) * sizeof(unsigned));
	m->new_end = cx_alloc((w->ne + 1) * sizeof(unsigned));
	m->old_a = cx_alloc((w->ne + 1) * sizeof(unsigned));
	m->old_end = cx_alloc((w->ne + 1) * sizeof(unsigned));
	for (i = 0; i < w->ne; i++) {
		if (w->e[i].a < pos)
			continue;	/* inside an earlier replacement (diagnosed) */
		emit_src(w->s, pos, w->e[i].a, &o);
		m->new_a[m->n] = (unsigned)o.n;
		m->old_a[m->n] = w->e[i].a;
		bputs(&o, w->e[i].text);
		m->new_end[m->n] = (unsigned)o.n;
		m->old_end[m->n++] = w->e[i].b;
		pos = w->e[i].b;
	}
	emit_src(w->s, pos, (unsigned)w->s->len, &o);
	bputs(&o, "");
	m->orig = w->s->text;
	m->orig_len = w->s->len;
	m->prev = w->s->wmap;
	w->s->text = o.p;
	w->s->len = o.n;
	w->s->wmap = m;
}

static unsigned old_offset(const struct warp_map *m, unsigned x)
{
	unsigned i, shift_new = 0, shift_old = 0;

	for (i = 0; i < m->n && m->new_a[i] <= x; i++) {
		if (x < m->new_end[i])
			return m->old_a[i];
		shift_new = m->new_end[i];
		shift_old = m->old_end[i];
	}
	return shift_old + (x - shift_new);
}

void warp_map_loc(const struct source *s, CXCursor c, unsigned *line, unsigned *col)
{
	warp_map_sloc(s, clang_getCursorLocation(c), line, col);
}

void warp_map_sloc(const struct source *s, CXSourceLocation loc, unsigned *line, unsigned *col)
{
	const struct warp_map *m = s->wmap;
	unsigned off, o, l = 1, k = 1;
	CXFile f;

	if (!m)
		return;
	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	if (!f || !s->file || !clang_File_isEqual(f, s->file))
		return;
	for (;; m = m->prev) {
		off = old_offset(m, off);
		if (!m->prev)
			break;
	}
	for (o = 0; o < off && o < m->orig_len; o++, k++)
		if (m->orig[o] == '\n')
			l++, k = 0;
	*line = l;
	*col = k;
}

void warp_map_free(struct source *s)
{
	struct warp_map *m = s->wmap, *p;

	for (; m; m = p) {
		p = m->prev;
		free(m->orig);
		free(m->new_a);
		free(m->new_end);
		free(m->old_a);
		free(m->old_end);
		free(m);
	}
	s->wmap = NULL;
}

static bool mentions_warp_ops(const struct source *s)
{
	static const char *const keys[] = { "__shfl", "__ballot", "__any", "__all", "__activemask",
					    "__syncwarp", "__match_", "__reduce_", "cooperative_groups", NULL };
	const char *const *k;

	for (k = keys; *k; k++)
		if (strstr(s->text, *k))
			return true;
	return false;
}

/* ---- inlining of __device__ functions with warp operations ------------------ */

/*
 * A non-template __device__ function whose body calls warp operations (or
 * cooperative-groups methods), with parameters by value and one return,
 * its last statement (none when void), is inlined at each call that is a
 * statement of a kernel's block: 'x = f(a);', 'x op= f(a);', 'T x = f(a);',
 * 'f(a);' become
 *     R __idxgen_rK; { P0 __idxgen_aK_0 = (a0); ... { P0 p0 = __idxgen_aK_0; ...
 *       BODY  __idxgen_rK = (e); } }  x = __idxgen_rK;
 * (arguments evaluated before the parameters exist: no capture), then the
 * warp lowering sees the operations in the kernel.  The definition is
 * blanked (its lines kept).  Other calls are diagnosed.
 */
static bool inlinable(struct wlower *w, CXCursor fn, CXCursor *body, CXCursor *ret)
{
	struct calls cs;
	struct cx_kids bs;
	bool isvoid = clang_getCursorResultType(fn).kind == CXType_Void;
	unsigned nret;

	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || !has_annot(fn, "device"))
		return false;
	*body = body_of(fn);
	if (clang_Cursor_isNull(*body))
		return false;
	cs = calls_in(w, *body);
	free(cs.c);
	if (!cs.n)
		return false;
	nret = count_returns(*body);
	bs = cx_kids_of(*body);
	*ret = bs.n ? bs.c[bs.n - 1] : clang_getNullCursor();
	cx_kids_free(&bs);
	if (isvoid)
		return nret == 0;
	return nret == 1 && !clang_Cursor_isNull(*ret) && clang_getCursorKind(*ret) == CXCursor_ReturnStmt;
}

/* The call at statement level of st, and what surrounds it; false if none. */
static bool call_stmt(CXCursor st, CXCursor *call, CXCursor *lhs, bool *decl)
{
	struct cx_kids ks = cx_kids_of(st);
	enum CXCursorKind k = clang_getCursorKind(st);
	CXCursor c = clang_getNullCursor();

	*decl = false;
	*lhs = clang_getNullCursor();
	if (k == CXCursor_CallExpr) {
		c = st;
	} else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && ks.n == 2) {
		*lhs = ks.c[0];
		c = ks.c[1];
	} else if (k == CXCursor_DeclStmt && ks.n == 1) {
		struct cx_kids vs = cx_kids_of(ks.c[0]);

		if (vs.n) {
			c = vs.c[vs.n - 1];
			*lhs = ks.c[0];
			*decl = true;
		}
		cx_kids_free(&vs);
	}
	cx_kids_free(&ks);
	while (!clang_Cursor_isNull(c) && clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		CXCursor o;

		if (!cx_only_child(c, &o))
			break;
		c = o;
	}
	*call = c;
	return !clang_Cursor_isNull(c) && clang_getCursorKind(c) == CXCursor_CallExpr;
}

static void inline_call(struct wlower *w, CXCursor st, CXCursor call, CXCursor lhs, bool decl, CXCursor fn,
			CXCursor body, CXCursor ret)
{
	unsigned k = w->nslot++, i, n = (unsigned)clang_Cursor_getNumArguments(fn);
	CXType rt = clang_getCursorResultType(fn);
	bool isvoid = rt.kind == CXType_Void;
	struct buf o = { 0 };
	char *t;

	if (!isvoid) {
		t = c_declaration(rt, "");
		bprintf(&o, "%s __idxgen_r%u; ", t, k);
		free(t);
	}
	bputs(&o, "{ ");
	for (i = 0; i < n; i++) {
		char *a = text_of(w->s, clang_Cursor_getArgument(call, i)), nm[48];

		snprintf(nm, sizeof(nm), "__idxgen_a%u_%u", k, i);
		t = c_declaration(clang_getCursorType(clang_Cursor_getArgument(fn, i)), nm);
		bprintf(&o, "%s = (%s); ", t, a);
		free(t);
		free(a);
	}
	bputs(&o, "{ ");
	for (i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(fn, i);
		char *pn = cx_spelling(p);

		t = c_declaration(clang_getCursorType(p), pn);
		bprintf(&o, "%s = __idxgen_a%u_%u; ", t, k, i);
		free(t);
		free(pn);
	}
	emit_src(w->s, c_start(body) + 1, isvoid ? c_end(body) - 1 : c_start(ret), &o);
	if (!isvoid) {
		struct cx_kids rk = cx_kids_of(ret);

		if (rk.n) {
			bprintf(&o, " __idxgen_r%u = (", k);
			emit_src(w->s, c_start(rk.c[0]), c_end(rk.c[0]), &o);
			bputs(&o, ");");
		}
		cx_kids_free(&rk);
	}
	bputs(&o, " } } ");
	if (decl) {
		/* 'T x = f(a)': the declaration up to its initializer, then the result */
		emit_src(w->s, c_start(st), c_start(call), &o);
		bprintf(&o, "__idxgen_r%u;", k);
	} else if (!clang_Cursor_isNull(lhs)) {
		emit_src(w->s, c_start(st), c_start(call), &o);
		bprintf(&o, "__idxgen_r%u;", k);
	}
	bputs(&o, "");
	edit(w, c_start(st), stmt_end(w->s, st), o.p);
}

struct inl {
	struct wlower *w;
	CXCursor *fns;
	unsigned nfns;
	unsigned done;
	CXCursor kernel;	/* the kernel being visited */
};

/* Names declared in a kernel (parameters, locals): inlined code must not see them. */
struct names {
	CXCursor fn;		/* the inlined function */
	CXCursor kernel;
	char *clash;		/* a name the function reads from file scope, declared in the kernel */
};

static enum CXChildVisitResult kernel_declares(CXCursor c, CXCursor parent, CXClientData d)
{
	const char **n = d;
	char *s;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl || clang_getCursorKind(c) == CXCursor_ParmDecl) {
		s = cx_spelling(c);
		if (!strcmp(s, *n))
			*n = NULL;
		free(s);
	}
	return *n ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* Is declaration r inside function fn (its parameters and locals)? */
static bool declared_in(CXCursor r, CXCursor fn)
{
	CXFile fr, ff;
	unsigned a;

	clang_getExpansionLocation(clang_getCursorLocation(r), &fr, NULL, NULL, &a);
	clang_getExpansionLocation(clang_getCursorLocation(fn), &ff, NULL, NULL, NULL);
	return fr && ff && clang_File_isEqual(fr, ff) && a >= c_start(fn) && a < c_end(fn);
}

static enum CXChildVisitResult outer_refs(CXCursor c, CXCursor parent, CXClientData d)
{
	struct names *nm = d;
	CXCursor r;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || nm->clash)
		return nm->clash ? CXChildVisit_Break : CXChildVisit_Recurse;
	r = clang_getCursorReferenced(c);
	if ((clang_getCursorKind(r) == CXCursor_VarDecl || clang_getCursorKind(r) == CXCursor_FunctionDecl ||
	     clang_getCursorKind(r) == CXCursor_EnumConstantDecl) &&
	    !declared_in(r, nm->fn)) {
		char *s = cx_spelling(r);
		const char *q = s;

		clang_visitChildren(nm->kernel, kernel_declares, &q);
		if (!q)
			nm->clash = s;
		else
			free(s);
	}
	return CXChildVisit_Recurse;
}

static int inlinable_index(struct inl *in, CXCursor call)
{
	CXCursor r = clang_getCursorReferenced(call);
	unsigned i;

	if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_isNull(r))
		return -1;
	r = clang_getCanonicalCursor(r);
	for (i = 0; i < in->nfns; i++)
		if (clang_equalCursors(clang_getCanonicalCursor(in->fns[i]), r))
			return (int)i;
	return -1;
}

static enum CXChildVisitResult inline_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct inl *in = d;
	enum CXCursorKind pk = clang_getCursorKind(parent);
	CXCursor call, lhs, body, ret;
	bool decl;
	int f;

	if (pk == CXCursor_CompoundStmt && call_stmt(c, &call, &lhs, &decl) && (f = inlinable_index(in, call)) >= 0) {
		struct names nm = { in->fns[f], in->kernel, NULL };

		clang_visitChildren(in->fns[f], outer_refs, &nm);
		if (nm.clash) {
			error_at(in->w->s, call,
				 "inlining this call would let '%s' of the kernel hide the file-scope '%s' the __device__ function reads: rename one",
				 nm.clash, nm.clash);
			free(nm.clash);
			return CXChildVisit_Continue;
		}
		inlinable(in->w, in->fns[f], &body, &ret);
		inline_call(in->w, c, call, lhs, decl, in->fns[f], body, ret);
		in->done++;
		return CXChildVisit_Continue;
	}
	if (inlinable_index(in, c) >= 0) {
		error_at(in->w->s, c,
			 "a call of a __device__ function with warp operations must be a statement of its own (x = f(...);) in a block");
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

/* One round of inlining; *done counts the calls inlined. */
static int inline_round(struct source *s, CXIndex idx, char *const *args, int nargs, unsigned *done)
{
	struct wlower w = { 0 };
	struct inl in = { 0 };
	CXTranslationUnit tu = source_parse(s, idx, args, nargs);
	struct cx_kids ks;
	CXCursor body, ret;
	unsigned i;

	*done = 0;
	if (!tu)
		return 2;
	if (s->nerrors) {
		clang_disposeTranslationUnit(tu);
		return 1;
	}
	w.s = s;
	in.w = &w;
	ks = cx_kids_of(clang_getTranslationUnitCursor(tu));
	in.fns = cx_alloc((ks.n + 1) * sizeof(CXCursor));
	for (i = 0; i < ks.n; i++)
		if (in_main(s, ks.c[i]) && inlinable(&w, ks.c[i], &body, &ret))
			in.fns[in.nfns++] = ks.c[i];
	for (i = 0; in.nfns && i < ks.n; i++)
		if (in_main(s, ks.c[i]) && has_annot(ks.c[i], "global") &&
		    !clang_Cursor_isNull(body = body_of(ks.c[i]))) {
			in.kernel = ks.c[i];
			clang_visitChildren(body, inline_visit, &in);
		}
	if (in.done) {	/* blank the inlined definitions, lines kept */
		for (i = 0; i < in.nfns; i++) {
			struct buf b = { 0 };
			unsigned a = c_start(in.fns[i]), e = c_end(in.fns[i]), p;

			bputs(&b, "/* inlined into its callers (warp operations) */");
			for (p = a; p < e; p++)
				if (s->text[p] == '\n')
					bputs(&b, "\n");
			edit(&w, a, e, b.p);
		}
	}
	cx_kids_free(&ks);
	free(in.fns);
	if (!s->nerrors && w.ne)
		apply(&w);
	*done = in.done;
	for (i = 0; i < w.ne; i++)
		free(w.e[i].text);
	free(w.e);
	clang_disposeTranslationUnit(tu);
	return s->nerrors ? 1 : 0;
}

int warp_lower(struct source *s, CXIndex idx, char *const *args, int nargs)
{
	struct wlower w = { 0 };
	CXTranslationUnit tu;
	struct cx_kids ks;
	unsigned i, done = 1, round;
	int rc;

	if (!mentions_warp_ops(s))
		return 0;
	for (round = 0; done && round < 4; round++)
		if ((rc = inline_round(s, idx, args, nargs, &done)))
			return rc;
	tu = source_parse(s, idx, args, nargs);
	if (!tu)
		return 2;
	if (s->nerrors) {
		clang_disposeTranslationUnit(tu);
		return 1;
	}
	w.s = s;
	ks = cx_kids_of(clang_getTranslationUnitCursor(tu));
	for (i = 0; i < ks.n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks.c[i]);

		if (in_main(s, ks.c[i]) && (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate))
			lower_function(&w, ks.c[i]);
	}
	cx_kids_free(&ks);
	if (!s->nerrors)
		apply(&w);
	for (i = 0; i < w.ne; i++)
		free(w.e[i].text);
	free(w.e);
	buf_free(&w.decls);
	clang_disposeTranslationUnit(tu);
	return s->nerrors ? 1 : 0;
}
