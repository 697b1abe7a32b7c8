// SPDX-License-Identifier: MIT
/*
 * lane_plan.c - lane loops: a fiber kernel run as one fiber per warp
 * (issue 38, speed; lib/cc/README.md "Lane loops").
 *
 * A kernel planned as fibers runs a fiber per thread, and every barrier
 * costs each thread a switch.  When every suspension point of the kernel is
 * a `__syncthreads();` statement in control flow uniform across the block,
 * the warp's 32 lanes can run together in one fiber: the code between two
 * barriers becomes a loop over the lanes (as loop fission's thread loops,
 * at warp scale: COX's hierarchical collapsing), a barrier switches among
 * the block's warp fibers, and a value a lane keeps across a barrier lives
 * in a per-warp array (loop fission's promotion).  The kernel's text stays
 * as written; lane_plan() decides whether the kernel is in the subset and
 * lists the splices that turn the text into lane loops, which whole.c
 * applies while it copies the kernel into its fiber namespace
 * (lane_splice_apply).
 *
 * The subset, all of it checked here (anything else keeps a fiber per
 * thread, with the reason in --dump=plan):
 *  - barriers: `__syncthreads();` as a statement of the kernel's body or
 *    of the braced body of an if/for/while/do (or a bare block) that holds
 *    one, whose condition or header reads only what is the same for every
 *    thread of the block: literals, enumerators, template arguments, `const`
 *    globals, blockIdx/blockDim/gridDim/warpSize, kernel parameters, the
 *    variables such headers declare and constants of the kernel -- none of
 *    them assigned, incremented or passed by reference by per-thread code;
 *  - warp operations (lane_ops: shuffles, votes, match_any, reduce_*,
 *    __syncwarp) written as statements of their own -- `op(...);`,
 *    `v = op(...);`, `v += op(...);` (v a variable of per-thread code),
 *    `T v = op(...);` -- in the same control flow, their mask as uniform as
 *    a header: a split too, the operation computed for the warp's live
 *    lanes between the two lane loops (op_stmt; no switch); an `if` around
 *    them (no barrier) may test a condition the same across each warp
 *    where blockDim.x % 32 == 0 (if_cond, lane_warp_cond.c): the kernel's
 *    fiber-per-thread body then runs blocks of other shapes (whole.c);
 *  - a call of a warp helper (a plain __device__ function of the file, or
 *    a template's instantiation, defined before the kernel, its parameters
 *    and result scalars or pointers by value) as such a statement
 *    (`v = f(a);`, `T v = f(a);`, `f(a);`): its arguments go to per-call
 *    arrays, and its own lane form, planned here the same way with its
 *    parameters per lane (helper_stmt), runs the warp's lanes through it;
 *  - no other suspension point anywhere (no barrier reduction, other
 *    warp-level function, cooperative group, lock-step meeting, spin loop,
 *    volatile store of warp-synchronous code, call of a function that may
 *    suspend);
 *  - no `goto`, no `break`/`continue` that leaves per-thread code for a
 *    loop with a barrier (a lane would leave its lane loop), no `return`
 *    inside a loop of per-thread code (elsewhere it is the lane's exit:
 *    the warp's exit mask);
 *  - no kernel parameter assigned by per-thread code (the lanes of a warp
 *    share the fiber's copy);
 *  - a variable declared by per-thread code and used after a barrier is a
 *    scalar or a pointer, declared alone (`T v = e;` or `T v;`, not in a
 *    macro), and its name names nothing else in the kernel: it becomes
 *    `T __idxgen_lv_v[32]` and, in each lane loop, `T &v = __idxgen_lv_v[l]`.
 *    A `const` variable with a constant initializer is no per-thread value:
 *    its declaration stays outside the lane loops, as do __shared__ ones.
 */
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum splice_kind {
	SP_PROLOGUE, /* the warp's lanes and the promoted arrays, after the body's `{` */
	SP_OPEN,     /* a lane loop starts */
	SP_CLOSE,    /* ... ends */
	SP_BARRIER,  /* `__syncthreads();`: end, barrier, start */
	SP_STRIP,    /* a promoted declaration's type: removed (`T v = e;` -> `v = e;`) */
	SP_EMPTY,    /* a promoted declaration without initializer: `;` */
	SP_RETURN,   /* `return;`: the lane leaves (the warp's exit mask) */
	SP_TEXT,     /* a warp operation's statement: its own text (struct lane_splice's text) */
	SP_WARPOP,   /* after it: end, the operation for the warp's lanes, start */
	SP_SPLIT,    /* after `__syncwarp();`: end, start */
	SP_BOPEN,    /* a loop's body without braces that holds a warp operation: `{` and start */
	SP_BCLOSE,   /* ... its end: end and `}` */
	SP_WOPEN,    /* an if's condition the same across each warp: evaluated in a lane loop */
	SP_WCLOSE,   /* ... its end */
	SP_HCALL,    /* after a warp helper's arguments: end, its lane form, start, the result */
};

struct range {
	unsigned a, b;
};

struct ldecl {
	CXCursor decl, stmt;
	bool promote;
	bool op; /* declared by a warp operation's statement (`T v = __shfl_sync(...);`) */
};

struct lp {
	struct source *s;
	CXCursor fn;
	struct lane_plan *out;
	struct range *seg; /* the text that runs as lane loops */
	unsigned nseg;
	struct ldecl *d; /* declarations of per-thread code at a split statement list's level */
	unsigned nd;
	CXCursor *uni; /* variables every thread of the block agrees on (headers' and constants) */
	unsigned nuni;
	CXCursor *region; /* the statements that run per lane */
	unsigned nregion;
	const char *what; /* what a header's check is for: "a barrier", "a warp operation" */
	bool mask;	  /* ... a warp operation's mask */
	bool bad;
	bool helper;		/* planning a warp helper's body: its parameters are per lane */
	unsigned depth;		/* helpers' nesting */
	struct lane_plan *root; /* the kernel's plan (the helpers' ids) */
	unsigned kstart;	/* where the kernel starts: helpers are defined before it */
	CXCursor kscope; /* the kernel's namespace: the helpers' lane forms are written there */
};

static void why_not(struct lp *x, CXCursor c, const char *fmt, const char *arg)
{
	unsigned line = 0, col = 0;

	if (x->bad)
		return;
	x->bad = true;
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, &col, NULL);
	warp_map_loc(x->s, c, &line, &col); /* where warp.c rewrote the text: the user's line */
	snprintf(x->out->why, sizeof(x->out->why), "line %u: ", line);
	snprintf(x->out->why + strlen(x->out->why), sizeof(x->out->why) - strlen(x->out->why), fmt,
		 arg ? arg : "");
}

static void add_splice(struct lp *x, enum splice_kind k, unsigned at, unsigned skip)
{
	struct lane_plan *p = x->out;

	p->sp = cx_realloc(p->sp, (p->nsp + 1) * sizeof(*p->sp));
	p->sp[p->nsp].at = at;
	p->sp[p->nsp].skip = skip;
	p->sp[p->nsp].kind = k;
	p->sp[p->nsp].text = NULL;
	p->sp[p->nsp].text2 = NULL;
	p->nsp++;
}

/* A splice whose text is known now (SP_TEXT). */
static void add_text(struct lp *x, unsigned at, unsigned skip, const char *text)
{
	add_splice(x, SP_TEXT, at, skip);
	x->out->sp[x->out->nsp - 1].text = cx_strdup(text);
}

static void add_seg(struct lp *x, unsigned a, unsigned b)
{
	x->seg = cx_realloc(x->seg, (x->nseg + 1) * sizeof(*x->seg));
	x->seg[x->nseg].a = a;
	x->seg[x->nseg].b = b;
	x->nseg++;
}

/* The lane-loop segment holding offset o, or -1 (a header, or outside the body). */
static int seg_of(const struct lp *x, unsigned o)
{
	for (unsigned i = 0; i < x->nseg; i++)
		if (o >= x->seg[i].a && o < x->seg[i].b)
			return (int)i;
	return -1;
}

static bool spelled(CXCursor c, const char *name)
{
	char *n = cx_spelling(c);
	bool r = !strcmp(n, name);

	free(n);
	return r;
}

static CXCursor lane_strip(CXCursor e)
{
	while (clang_getCursorKind(e) == CXCursor_UnexposedExpr ||
	       clang_getCursorKind(e) == CXCursor_ParenExpr) {
		struct cx_kids ks = cx_kids_of(e);
		CXCursor k = ks.n == 1 ? ks.c[0] : clang_getNullCursor();

		cx_kids_free(&ks);
		if (clang_Cursor_isNull(k))
			break;
		e = k;
	}
	return e;
}

/* The end of statement c, its `;` included. */
static unsigned end_of(const struct source *s, CXCursor c)
{
	unsigned e = c_end(c);

	if (e > 0 && e <= s->len && (s->text[e - 1] == ';' || s->text[e - 1] == '}'))
		return e;
	return stmt_end(s, c);
}

/* ---- what holds a barrier ------------------------------------------------ */

static enum CXChildVisitResult barrier_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if ((clang_getCursorKind(c) == CXCursor_DeclRefExpr ||
	     clang_getCursorKind(c) == CXCursor_OverloadedDeclRef) &&
	    spelled(c, "__syncthreads")) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool has_barrier(CXCursor c)
{
	bool r = false;

	clang_visitChildren(c, barrier_visit, &r);
	return r;
}

static bool text_is(const struct source *s, unsigned a, unsigned b, const char *want);

/* `__syncthreads();` as a statement of its own, written out (not a macro's); *end: after its `;` */
static bool barrier_stmt_end(const struct source *s, CXCursor c, unsigned *end)
{
	CXCursor r;

	if (clang_getCursorKind(c) == CXCursor_UnexposedExpr && !macro_spelled(c) &&
	    has_barrier(c) && text_is(s, c_start(c), c_end(c), "__syncthreads()")) {
		/* unresolved (a __device__ function of a whole program's parse): its text */
		*end = stmt_end(s, c);
		return *end > c_end(c) && s->text[*end - 1] == ';';
	}
	if (clang_getCursorKind(c) != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) != 0 ||
	    in_macro(c))
		return false;
	/* in a __device__ function of a whole program's parse the call may not resolve: its name */
	r = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(r) ? !spelled(c, "__syncthreads") : !spelled(r, "__syncthreads"))
		return false;
	*end = stmt_end(s, c);
	return *end > c_end(c) && s->text[*end - 1] == ';';
}

/* ---- uniform headers -------------------------------------------------------- */

static bool is_uni(const struct lp *x, CXCursor r)
{
	for (unsigned i = 0; i < x->nuni; i++)
		if (clang_equalCursors(x->uni[i], r))
			return true;
	return false;
}

static void add_uni(struct lp *x, CXCursor v)
{
	x->uni = cx_realloc(x->uni, (x->nuni + 1) * sizeof(*x->uni));
	x->uni[x->nuni++] = v;
}

static bool uniform_ref(const struct lp *x, CXCursor r)
{
	enum CXCursorKind k = clang_getCursorKind(r);
	static const char *const block[] = {"blockIdx", "blockDim", "gridDim", "warpSize", NULL};

	if (k == CXCursor_EnumConstantDecl || k == CXCursor_NonTypeTemplateParameter)
		return true;
	if (k == CXCursor_ParmDecl) /* a helper's parameters are per lane */
		return !x->helper && clang_equalCursors(clang_getCursorSemanticParent(r), x->fn);
	if (k != CXCursor_VarDecl)
		return false;
	if (is_uni(x, r))
		return true;
	if (decl_in_headers(r)) {
		char *n = cx_spelling(r);
		bool b = in_list(n, block);

		free(n);
		return b;
	}
	/* a const global (a table's size, a constexpr): the same for every thread */
	return clang_getCursorKind(clang_getCursorSemanticParent(r)) != CXCursor_FunctionDecl &&
	       clang_getCursorKind(clang_getCursorSemanticParent(r)) != CXCursor_FunctionTemplate &&
	       clang_isConstQualifiedType(clang_getCursorType(r));
}

static enum CXChildVisitResult header_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct lp *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr || k == CXCursor_LambdaExpr || k == CXCursor_MemberRefExpr) {
		/* blockDim.x: a member of a uniform object is uniform; a call is not looked into */
		if (k == CXCursor_MemberRefExpr)
			return CXChildVisit_Recurse;
		why_not(x, c,
			x->mask ? "%s calls a function"
				: "%s under a condition that calls a function",
			x->what);
		return CXChildVisit_Break;
	}
	if (k == CXCursor_VarDecl) {
		add_uni(x,
			c); /* `for (unsigned h = N / 2; ...)`: its initializer is checked below */
		return CXChildVisit_Recurse;
	}
	/* a header runs once per warp: it may step its own variables, never store to memory */
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
	    k == CXCursor_UnaryOperator) {
		CXCursor t, v;
		struct cx_kids ks = cx_kids_of(c);
		const char *tx = x->s->text;
		unsigned a = c_start(c), e = c_end(c);
		bool store = false;

		if (k != CXCursor_UnaryOperator && assignment(x->s, c, &t, &v))
			store = clang_getCursorKind(lane_strip(t)) != CXCursor_DeclRefExpr;
		else if (k == CXCursor_UnaryOperator && ks.n == 1 && a + 2 <= e &&
			 (!strncmp(tx + a, "++", 2) || !strncmp(tx + a, "--", 2) ||
			  !strncmp(tx + e - 2, "++", 2) || !strncmp(tx + e - 2, "--", 2)))
			store = clang_getCursorKind(lane_strip(ks.c[0])) != CXCursor_DeclRefExpr;
		cx_kids_free(&ks);
		if (store) {
			why_not(x, c,
				x->mask ? "%s stores to memory"
					: "%s under a loop whose header stores to memory",
				x->what);
			return CXChildVisit_Break;
		}
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef) {
		CXCursor r = clang_getCursorReferenced(c);

		if (clang_Cursor_isNull(r) || !uniform_ref(x, r)) {
			char *n = cx_spelling(c), what[200];

			snprintf(what, sizeof(what),
				 x->mask ? "%s reads '%s'" : "%s under a condition on '%s'",
				 x->what, n);
			why_not(x, c, "%s, not known to be the same for every thread of the block",
				what);
			free(n);
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static void header_uniform(struct lp *x, CXCursor h)
{
	enum CXCursorKind k = clang_getCursorKind(h);

	if (k == CXCursor_DeclRefExpr || k == CXCursor_VarDecl)
		header_visit(h, clang_getNullCursor(), x);
	if (!x->bad)
		clang_visitChildren(h, header_visit, x);
}

/* ---- per-thread code -------------------------------------------------------- */

struct esc {
	struct lp *x;
	unsigned loops, switches; /* loops and switches inside the statement */
};

/* `return f();`: the value of a void call a kernel returns */
static bool returns_value(CXCursor ret)
{
	struct cx_kids ks = cx_kids_of(ret);
	bool r = ks.n > 0;

	cx_kids_free(&ks);
	return r;
}

static enum CXChildVisitResult escape_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct esc *e = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue; /* its return leaves the lambda */
	if (k == CXCursor_ReturnStmt && (e->loops || in_macro(c)))
		why_not(e->x, c,
			"a return inside a loop of per-thread code, or written by a macro%s", NULL);
	else if (k == CXCursor_ReturnStmt && e->x->helper)
		why_not(e->x, c, "a warp helper's return other than its last statement%s", NULL);
	else if (k == CXCursor_ReturnStmt && returns_value(c))
		/* the splice below is the whole statement: f() of `return f();` was lost */
		why_not(e->x, c, "a return of a (void) call's value%s", NULL);
	else if (k == CXCursor_ReturnStmt) {
		/* the lane leaves: no later lane loop runs it (a `continue` of the lane loop; a
		 * switch passes it on) */
		add_splice(e->x, SP_RETURN, c_start(c), end_of(e->x->s, c));
		e->x->out->exits = true;
	} else if (k == CXCursor_GotoStmt || k == CXCursor_IndirectGotoStmt ||
		   k == CXCursor_LabelStmt)
		why_not(e->x, c, "goto%s", NULL);
	else if (k == CXCursor_BreakStmt && !e->loops && !e->switches)
		why_not(e->x, c, "a break out of a loop with a barrier%s", NULL);
	else if (k == CXCursor_ContinueStmt && !e->loops)
		why_not(e->x, c, "a continue of a loop with a barrier%s", NULL);
	if (e->x->bad)
		return CXChildVisit_Break;
	if (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	    k == CXCursor_CXXForRangeStmt || k == CXCursor_SwitchStmt) {
		bool sw = k == CXCursor_SwitchStmt;

		sw ? e->switches++ : e->loops++;
		clang_visitChildren(c, escape_visit, e);
		sw ? e->switches-- : e->loops--;
		return e->x->bad ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

/* Statement c runs per lane: it must not suspend nor leave the lane loop. */
static void region_stmt(struct lp *x, CXCursor c)
{
	struct esc e = {x, 0, 0};
	char what[160];

	if (has_barrier(c)) {
		why_not(x, c,
			"a barrier in control flow that is not uniform across the block, or not a "
			"statement of its own%s",
			NULL);
		return;
	}
	if (stmt_suspends(x->s, c, what, sizeof(what))) {
		why_not(
		    x, c,
		    "%s: lane loops take only `__syncthreads();` and warp operations written as "
		    "statements (`v = op(...);`) in uniform control flow as places to wait",
		    what);
		return;
	}
	if (!fiber_stmt_never_suspends(x->s, c)) {
		why_not(x, c, "a call that may suspend the thread, or that cannot be followed%s",
			NULL);
		return;
	}
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt ||
	    clang_getCursorKind(c) == CXCursor_BreakStmt ||
	    clang_getCursorKind(c) == CXCursor_ContinueStmt ||
	    clang_getCursorKind(c) == CXCursor_LabelStmt)
		escape_visit(c, clang_getNullCursor(), &e);
	else
		clang_visitChildren(c, escape_visit, &e);
	if (x->bad)
		return;
	x->region = cx_realloc(x->region, (x->nregion + 1) * sizeof(*x->region));
	x->region[x->nregion++] = c;
}

/* A constant of the kernel (`const int N = 64;`): the same for every thread, declared outside the
 * lane loops. */
static bool const_decl(CXCursor v)
{
	CXCursor init = var_init(v);

	return clang_getCursorKind(v) == CXCursor_VarDecl && clang_isConstQualifiedType(clang_getCursorType(v)) &&
	       !clang_Cursor_isNull(init) && arith_constant(init);
}

/*
 * A declaration statement that runs once per warp rather than per lane:
 * __shared__ and static variables, constants, types (declared outside the
 * lane loops, seen by all of them).  false: per lane.
 */
static bool warp_decl(struct lp *x, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned nvar = 0, nwarp = 0;

	for (unsigned i = 0; i < ks.n; i++) {
		CXCursor v = ks.c[i];

		if (clang_getCursorKind(v) != CXCursor_VarDecl)
			continue;
		nvar++;
		if ((has_annot(v, "shared") || clang_Cursor_getStorageClass(v) == CX_SC_Static ||
		     clang_Cursor_getStorageClass(v) == CX_SC_Extern) &&
		    x->helper)
			why_not(x, v, "a shared or static variable in a warp helper%s", NULL);
		if (has_annot(v, "shared") || clang_Cursor_getStorageClass(v) == CX_SC_Static ||
		    clang_Cursor_getStorageClass(v) == CX_SC_Extern || const_decl(v))
			nwarp++;
	}
	if (nwarp == nvar && nvar)
		for (unsigned i = 0; i < ks.n; i++)
			if (clang_getCursorKind(ks.c[i]) == CXCursor_VarDecl && const_decl(ks.c[i]))
				add_uni(x, ks.c[i]);
	cx_kids_free(&ks);
	if (nwarp && nwarp != nvar)
		why_not(x, c,
			"a declaration of per-thread and shared or constant variables together%s",
			NULL);
	return nvar == 0 || nwarp == nvar;
}

/* ---- warp operations at statement level ---------------------------------------------- */

/*
 * The warp-level functions lane loops compute between two loops, and the
 * description each lane hands in (include/idxgen_cc_fiber.h
 * __idxgen_cc_d_<name>, which the fiber form calls too); mask: the first
 * argument is the mask.  __syncwarp has none: between two lane loops every
 * lane has finished the one and none started the next.
 */
struct lane_op_name {
	const char *name, *desc;
	bool mask;
};

static const struct lane_op_name lane_ops[] = {
    {"__shfl_sync", "__idxgen_cc_d_shfl_sync", true},
    {"__shfl_up_sync", "__idxgen_cc_d_shfl_up_sync", true},
    {"__shfl_down_sync", "__idxgen_cc_d_shfl_down_sync", true},
    {"__shfl_xor_sync", "__idxgen_cc_d_shfl_xor_sync", true},
    {"__shfl", "__idxgen_cc_d_shfl", false},
    {"__shfl_up", "__idxgen_cc_d_shfl_up", false},
    {"__shfl_down", "__idxgen_cc_d_shfl_down", false},
    {"__shfl_xor", "__idxgen_cc_d_shfl_xor", false},
    {"__ballot_sync", "__idxgen_cc_d_ballot_sync", true},
    {"__any_sync", "__idxgen_cc_d_any_sync", true},
    {"__all_sync", "__idxgen_cc_d_all_sync", true},
    {"__uni_sync", "__idxgen_cc_d_uni_sync", true},
    {"__ballot", "__idxgen_cc_d_ballot", false},
    {"__any", "__idxgen_cc_d_any", false},
    {"__all", "__idxgen_cc_d_all", false},
    {"__match_any_sync", "__idxgen_cc_d_match_any_sync", true},
    {"__reduce_add_sync", "__idxgen_cc_d_reduce_add_sync", true},
    {"__reduce_min_sync", "__idxgen_cc_d_reduce_min_sync", true},
    {"__reduce_max_sync", "__idxgen_cc_d_reduce_max_sync", true},
    {"__reduce_and_sync", "__idxgen_cc_d_reduce_and_sync", true},
    {"__reduce_or_sync", "__idxgen_cc_d_reduce_or_sync", true},
    {"__reduce_xor_sync", "__idxgen_cc_d_reduce_xor_sync", true},
    {"__syncwarp", NULL, true},
};

/* The assignment operators a statement may give a warp operation's result with. */
static const char *const assign_ops[][2] = {
    {"=", "set"}, {"+=", "add"}, {"-=", "sub"},	 {"*=", "mul"},	 {"&=", "and"},
    {"|=", "or"}, {"^=", "xor"}, {"<<=", "shl"}, {">>=", "shr"},
};

/* Call c as one of lane_ops (CUDA's own, not a function of the program), or NULL. */
static const struct lane_op_name *lane_op_of(CXCursor c)
{
	const struct lane_op_name *r = NULL;
	CXCursor d;
	char *n;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return NULL;
	n = cx_spelling(c);
	d = clang_getCursorReferenced(c);
	if (!*n) { /* a call a template's argument decides: the name its callee spells */
		struct cx_kids ks = cx_kids_of(c);
		CXCursor callee = ks.n ? lane_strip(ks.c[0]) : clang_getNullCursor(), only;

		/* an unresolved name: DeclRefExpr '' holding OverloadedDeclRef '__shfl_sync' */
		if (!clang_Cursor_isNull(callee) &&
		    clang_getCursorKind(callee) == CXCursor_DeclRefExpr &&
		    cx_only_child(callee, &only) &&
		    clang_getCursorKind(only) == CXCursor_OverloadedDeclRef)
			callee = only;
		free(n);
		n = clang_Cursor_isNull(callee) ? cx_strdup("") : cx_spelling(callee);
		if (!clang_Cursor_isNull(callee) &&
		    clang_getCursorKind(callee) == CXCursor_OverloadedDeclRef &&
		    clang_getNumOverloadedDecls(callee))
			d = clang_getOverloadedDecl(callee, 0);
		cx_kids_free(&ks);
	}
	for (size_t i = 0; i < sizeof(lane_ops) / sizeof(lane_ops[0]) && !r; i++)
		if (!strcmp(n, lane_ops[i].name))
			r = &lane_ops[i];
	free(n);
	if (r && !clang_Cursor_isNull(d) && !decl_in_headers(d))
		return NULL;
	return r;
}

struct split_find {
	const struct lp *x;
	bool found;
};

static CXCursor helper_of(const struct lp *x, CXCursor call);

static enum CXChildVisitResult op_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct split_find *f = d;

	(void)parent;
	if (lane_op_of(c) || !clang_Cursor_isNull(helper_of(f->x, c))) {
		f->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does statement c hold a place lane loops split at: a barrier, a warp operation or helper? */
static bool has_split(const struct lp *x, CXCursor c)
{
	struct split_find f = {x, lane_op_of(c) || !clang_Cursor_isNull(helper_of(x, c))};

	if (!f.found)
		clang_visitChildren(c, op_visit, &f);
	return f.found || has_barrier(c);
}

/* A warp operation written as a statement of its own. */
struct op_stmt {
	CXCursor call;
	const struct lane_op_name *op;
	CXCursor lhs;	/* `v = op(...);`, `v += op(...);` (else null) */
	CXCursor var;	/* `T v = op(...);` (else null) */
	const char *as; /* the assignment: "set", "add", ... */
	bool shaped;	/* the statement has one of those shapes (call: the function it calls) */
};

/* Are the text's characters in [a, b) only spaces and then `want` (NULL: nothing)? */
static bool text_is(const struct source *s, unsigned a, unsigned b, const char *want)
{
	size_t n = want ? strlen(want) : 0;

	while (a < b && (s->text[a] == ' ' || s->text[a] == '\t' || s->text[a] == '\n'))
		a++;
	while (b > a && (s->text[b - 1] == ' ' || s->text[b - 1] == '\t' || s->text[b - 1] == '\n'))
		b--;
	return b - a == n && (!n || !strncmp(s->text + a, want, n));
}

/*
 * Is statement c a warp operation at statement level: `op(...);`,
 * `v = op(...);` (or `+=`, `-=`, ...) with v a variable, or `T v =
 * op(...);` declaring one variable?  Its shape only; op_stmt() checks the
 * rest.
 */
static bool op_stmt_shape(const struct lp *x, CXCursor c, struct op_stmt *o)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v;

	memset(o, 0, sizeof(*o));
	o->lhs = o->var = clang_getNullCursor();
	o->as = "set";
	if (k == CXCursor_CallExpr) {
		o->call = c;
	} else if (k == CXCursor_DeclStmt) {
		CXCursor only;

		if (!cx_only_child(c, &only) || clang_getCursorKind(only) != CXCursor_VarDecl ||
		    clang_Cursor_isNull(var_init(only)) || has_annot(only, "shared") ||
		    clang_Cursor_getStorageClass(only) != CX_SC_None)
			return false;
		o->var = only;
		o->call = lane_strip(var_init(only));
	} else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
		   assignment(x->s, c, &t, &v) && !clang_Cursor_isNull(t)) {
		o->lhs = t;
		o->call = lane_strip(v);
		o->as = NULL;
		for (size_t i = 0; i < sizeof(assign_ops) / sizeof(assign_ops[0]); i++)
			if (text_is(x->s, c_end(t), c_start(o->call), assign_ops[i][0]))
				o->as = assign_ops[i][1];
	} else {
		return false;
	}
	o->shaped = true;
	o->op = lane_op_of(o->call);
	return o->op != NULL;
}

/* The mask of a warp operation: the same for every lane (as a header's condition is). */
static void mask_uniform(struct lp *x, CXCursor m)
{
	x->what = "a warp operation's mask";
	x->mask = true;
	header_uniform(x, m);
	x->mask = false;
}

static void record_decls(struct lp *x, CXCursor stmt);

/* Is e a parameter of the warp helper being planned (kept per lane in its caller's array)? */
static bool helper_param(const struct lp *x, CXCursor e)
{
	CXCursor r = clang_getCursorReferenced(lane_strip(e));

	return x->helper && clang_getCursorKind(lane_strip(e)) == CXCursor_DeclRefExpr &&
	       clang_getCursorKind(r) == CXCursor_ParmDecl &&
	       clang_equalCursors(clang_getCursorSemanticParent(r), x->fn);
}

/*
 * Warp operation o, statement c, at a split statement list's level: its
 * text becomes __idxgen_cc_lane_put(...) (each lane hands in its
 * description and where the result goes, include/idxgen_cc_fiber.h) and a
 * split after it computes the operation for the warp's live lanes between
 * the two lane loops; the variable it assigns is kept in a per-warp array.
 */
static void op_stmt(struct lp *x, CXCursor c, const struct op_stmt *o)
{
	const struct source *s = x->s;
	unsigned a = c_start(c), e = end_of(s, c), cs = c_start(o->call), ce = c_end(o->call);
	unsigned nl = (unsigned)strlen(o->op->name), nargs, skip;
	char what[160], text[200], lead[400], push[200] = "", pop[100] = "";
	/* the statement is the file's text (a macro's call only where it is the operation) */
	bool stmt_ok = !in_macro(c) && (clang_equalCursors(c, o->call) || !macro_spelled(c)) &&
		       text_is(s, ce, e, ";");
	/* `__shfl_sync(...)` written out, not a longer name's start (`__shfl_sync_all(v)`) */
	bool written = stmt_ok && !macro_spelled(o->call) && cs + nl < s->len &&
		       !strncmp(s->text + cs, o->op->name, nl) &&
		       !text_ident_char(s->text[cs + nl]);
	/* `__shfl(value, 0)`, a macro of the file that is the call: kept, its name made the
	 * description's (lane_macro.c) */
	bool via_macro = stmt_ok && !written && lane_op_macro(s, o->call, o->op->name);

	if (!written && !via_macro) {
		why_not(x, c,
			"'%s' as a statement a macro writes, or not written out (a function-like "
			"macro of the file whose body is the call alone is taken)",
			o->op->name);
		return;
	}
	/* what replaces the operation's name: the description's, or nothing (the macro's call
	 * stays) */
	skip = written ? cs + nl : cs;
	if (via_macro && o->op->desc)
		lane_op_macro_texts(o->op->name, o->op->desc, push, sizeof(push), pop, sizeof(pop));
	if (!o->as) {
		why_not(x, c, "'%s''s result given with an assignment other than =, +=, ...",
			o->op->name);
		return;
	}
	nargs = (unsigned)clang_Cursor_getNumArguments(o->call);
	for (unsigned i = 0; i < nargs && !x->bad; i++) {
		CXCursor arg = clang_Cursor_getArgument(o->call, i);

		if (stmt_suspends(s, arg, what, sizeof(what)) || !fiber_stmt_never_suspends(s, arg))
			why_not(
			    x, arg,
			    "an argument of '%s' that may suspend the thread (a warp operation's "
			    "operand is computed in the lane loop)",
			    o->op->name);
	}
	if (!x->bad && o->op->mask && nargs)
		mask_uniform(x, clang_Cursor_getArgument(o->call, 0));
	if (x->bad)
		return;
	x->region = cx_realloc(x->region, (x->nregion + 1) * sizeof(*x->region));
	x->region[x->nregion++] = c;
	x->out->nops++;
	if (!o->op->desc) { /* __syncwarp(): the split is all */
		add_text(x, a, e, "");
		add_splice(x, SP_SPLIT, e, e);
		return;
	}
	x->out->puts = true;
	if (!clang_Cursor_isNull(o->var)) {
		unsigned name = off_of(clang_getCursorLocation(o->var));
		char *n = cx_spelling(o->var);

		record_decls(x, c);
		x->d[x->nd - 1].promote = x->d[x->nd - 1].op = true;
		snprintf(text, sizeof(text), "), __idxgen_cc_as_set(), %s",
			 written ? o->op->desc : "");
		snprintf(lead, sizeof(lead), "%s__idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(",
			 push);
		add_text(x, a, name, lead);
		if (!text_is(s, name + (unsigned)strlen(n), cs, "="))
			why_not(x, c,
				"'%s', a warp operation's result, is not declared as `T v = ...;`",
				n);
		add_text(x, name + (unsigned)strlen(n), skip, text);
		free(n);
	} else if (!clang_Cursor_isNull(o->lhs)) {
		CXCursor t = lane_strip(o->lhs), r = clang_getCursorReferenced(t);
		struct ldecl *l = NULL;

		for (unsigned i = 0; i < x->nd && clang_getCursorKind(t) == CXCursor_DeclRefExpr;
		     i++)
			if (clang_equalCursors(x->d[i].decl, r))
				l = &x->d[i];
		if ((!l && !helper_param(x, t)) || c_start(o->lhs) != a || in_macro(o->lhs)) {
			why_not(x, c,
				"the result of '%s' goes to something other than a variable that "
				"per-thread code of the kernel declares",
				o->op->name);
			return;
		}
		if (l)
			l->promote = true;
		snprintf(text, sizeof(text), "), __idxgen_cc_as_%s(), %s", o->as,
			 written ? o->op->desc : "");
		snprintf(lead, sizeof(lead), "%s__idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(",
			 push);
		add_text(x, a, a, lead);
		add_text(x, c_end(o->lhs), skip, text);
	} else {
		snprintf(lead, sizeof(lead), "%s__idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, %s",
			 push, written ? o->op->desc : "");
		add_text(x, cs, skip, lead);
	}
	add_text(x, ce, ce, ")");
	if (*pop)
		add_text(x, e, e, pop);
	add_splice(x, SP_WARPOP, e, e);
}

static void split_list(struct lp *x, CXCursor compound, bool body);

static CXCursor helper_of(const struct lp *x, CXCursor call);
static void helper_stmt(struct lp *x, CXCursor c, const struct op_stmt *o, CXCursor def);
static void helper_return(struct lp *x, CXCursor c);

static bool uniform_cb(const void *ctx, CXCursor r)
{
	return uniform_ref(ctx, r);
}

/*
 * The condition of an if that holds a split: the same for the whole block
 * (as a loop's header), or the same across each warp where blockDim.x % 32
 * == 0 (lane_warp_cond: `if (wid == 0)`, `if (threadIdx.x < 32)`).  Such a
 * condition is evaluated in a lane loop of its own, `if (({ bool
 * __idxgen_wc = false; LANES { ... __idxgen_wc = (cond); } __idxgen_wc;
 * }))` (every live lane gives the same value), and the warp takes or skips
 * the branch as a whole; a barrier under it would wait for warps that
 * never come, so none may be there.  The launch gives blocks whose rows
 * are not whole warps to the kernel's fiber-per-thread body (whole.c).
 */
static void if_cond(struct lp *x, CXCursor ifs, CXCursor cond)
{
	unsigned a = c_start(cond), e = c_end(cond), line = 0, col = 0;

	header_uniform(x, cond);
	if (!x->bad)
		return;
	if (clang_getCursorKind(cond) == CXCursor_VarDecl ||
	    !lane_warp_cond(x->s, x->fn, cond, uniform_cb, x)) {
		size_t n = strlen(x->out->why);

		snprintf(x->out->why + n, sizeof(x->out->why) - n, " nor of each warp");
		return;
	}
	x->bad = false;
	x->out->why[0] = 0;
	if (has_barrier(ifs)) {
		why_not(x, ifs,
			"a barrier under a condition the same only across each warp (where "
			"blockDim.x %% 32 == 0), not the block%s",
			NULL);
		return;
	}
	add_splice(x, SP_WOPEN, a, a);
	add_seg(x, a, e);
	add_splice(x, SP_WCLOSE, e, e);
	if (!x->out->warp_line) {
		clang_getExpansionLocation(clang_getCursorLocation(cond), NULL, &line, &col, NULL);
		warp_map_loc(x->s, cond, &line, &col);
		x->out->warp_line = line;
	}
}

/* A statement that holds a barrier: uniform control flow whose braced bodies are split in turn. */
static void split_control(struct lp *x, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ks;
	unsigned i;
	bool shape_ok = true;
	struct op_stmt bare;
	CXCursor unbraced = clang_getNullCursor();

	if (k == CXCursor_CompoundStmt) {
		split_list(x, c, false);
		return;
	}
	if (k == CXCursor_UnexposedStmt) {
		/* `#pragma unroll` before a loop: the statement (from the pragma) holds the loop */
		CXCursor only;

		if (cx_only_child(c, &only) && (clang_getCursorKind(only) == CXCursor_ForStmt ||
						clang_getCursorKind(only) == CXCursor_WhileStmt ||
						clang_getCursorKind(only) == CXCursor_DoStmt)) {
			split_control(x, only);
			return;
		}
	}
	x->what = has_barrier(c) ? "a barrier" : "a warp operation";
	if (k != CXCursor_ForStmt && k != CXCursor_WhileStmt && k != CXCursor_DoStmt &&
	    k != CXCursor_IfStmt) {
		why_not(x, c, "%s inside a statement other than if, for, while, do or a block",
			x->what);
		return;
	}
	if (in_macro(c)) {
		why_not(x, c, "%s in a statement a macro writes", x->what);
		return;
	}
	ks = cx_kids_of(c);
	/*
	 * The shapes taken: for/while: header parts, then a braced body; do: a
	 * braced body, then the condition; if: the condition, a braced then
	 * and perhaps a braced else.  Anything else (a body without braces, an
	 * else if, an if with an initialiser) keeps a fiber per thread.
	 */
	for (i = 0; i < ks.n; i++) {
		bool braced = clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt;
		bool want = k == CXCursor_DoStmt   ? i == 0
			    : k == CXCursor_IfStmt ? i > 0
						   : i + 1 == ks.n;

		/* `for (...) v += __shfl_down_sync(m, v, o);`: braces are added */
		if (!braced && want && (k == CXCursor_ForStmt || k == CXCursor_WhileStmt) &&
		    !has_barrier(ks.c[i]) && op_stmt_shape(x, ks.c[i], &bare))
			unbraced = ks.c[i];
		else if (braced != want)
			shape_ok = false;
	}
	if (!ks.n || (k == CXCursor_IfStmt && ks.n != 2 && ks.n != 3) ||
	    (k == CXCursor_DoStmt && ks.n != 2))
		shape_ok = false;
	if (!shape_ok)
		why_not(
		    x, c,
		    "a statement with %s whose bodies are not all braced blocks (or an else if)",
		    x->what);
	/* the headers first: what they declare is uniform in the bodies */
	for (i = 0; i < ks.n && !x->bad; i++)
		if (k == CXCursor_IfStmt && i == 0)
			if_cond(x, c, ks.c[i]);
		else if (clang_getCursorKind(ks.c[i]) != CXCursor_CompoundStmt &&
			 !clang_equalCursors(ks.c[i], unbraced))
			header_uniform(x, ks.c[i]);
	for (i = 0; i < ks.n && !x->bad; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
			split_list(x, ks.c[i], false);
	if (!x->bad && !clang_Cursor_isNull(unbraced)) {
		unsigned a = c_start(unbraced), e = end_of(x->s, unbraced);

		add_splice(x, SP_BOPEN, a, a);
		op_stmt(x, unbraced, &bare);
		add_seg(x, a, e);
		add_splice(x, SP_BCLOSE, e, e);
	}
	cx_kids_free(&ks);
}

static void record_decls(struct lp *x, CXCursor stmt)
{
	struct cx_kids ks = cx_kids_of(stmt);

	for (unsigned i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_VarDecl) {
			x->d = cx_realloc(x->d, (x->nd + 1) * sizeof(*x->d));
			x->d[x->nd].decl = ks.c[i];
			x->d[x->nd].stmt = stmt;
			x->d[x->nd].promote = false;
			x->d[x->nd].op = false;
			x->nd++;
		}
	cx_kids_free(&ks);
}

/*
 * The statements of a braced list with a barrier in it: lane loops between
 * the barriers and the statements that hold one; `{` and `}` open and
 * close the first and the last (body: the kernel's, after the prologue).
 */
static void split_list(struct lp *x, CXCursor compound, bool body)
{
	struct cx_kids ks = cx_kids_of(compound);
	const struct source *s = x->s;
	unsigned start = c_start(compound) + 1, i, end;

	if (in_macro(compound) || s->text[c_start(compound)] != '{' ||
	    s->text[c_end(compound) - 1] != '}') {
		why_not(x, compound, "a block with a barrier that a macro writes%s", NULL);
		cx_kids_free(&ks);
		return;
	}
	if (body)
		add_splice(x, SP_PROLOGUE, start, start);
	add_splice(x, SP_OPEN, start, start);
	for (i = 0; i < ks.n && !x->bad; i++) {
		CXCursor c = ks.c[i];
		unsigned a = c_start(c);

		struct op_stmt o;
		CXCursor def;

		if (barrier_stmt_end(s, c, &end)) {
			add_seg(x, start, a);
			add_splice(x, SP_BARRIER, a, end);
			x->out->nbarriers++;
			start = end;
		} else if (op_stmt_shape(x, c, &o)) {
			op_stmt(x, c, &o);
			add_seg(x, start, end_of(s, c));
			start = end_of(s, c);
		} else if (o.shaped && !clang_Cursor_isNull(def = helper_of(x, o.call))) {
			helper_stmt(x, c, &o, def);
			add_seg(x, start, end_of(s, c));
			start = end_of(s, c);
		} else if (body && x->helper && i + 1 == ks.n &&
			   clang_getCursorKind(c) == CXCursor_ReturnStmt &&
			   clang_getCursorResultType(x->fn).kind != CXType_Void) {
			helper_return(x, c);
		} else if (has_split(x, c)) {
			add_seg(x, start, a);
			add_splice(x, SP_CLOSE, a, a);
			split_control(x, c);
			start = end_of(s, c);
			add_splice(x, SP_OPEN, start, start);
		} else if (clang_getCursorKind(c) == CXCursor_DeclStmt && warp_decl(x, c)) {
			if (in_macro(c))
				why_not(x, c, "a shared declaration a macro writes%s", NULL);
			add_seg(x, start, a);
			add_splice(x, SP_CLOSE, a, a);
			start = end_of(s, c);
			add_splice(x, SP_OPEN, start, start);
		} else {
			region_stmt(x, c);
			if (clang_getCursorKind(c) == CXCursor_DeclStmt)
				record_decls(x, c);
		}
	}
	add_seg(x, start, c_end(compound) - 1);
	add_splice(x, SP_CLOSE, c_end(compound) - 1, c_end(compound) - 1);
	cx_kids_free(&ks);
}

/* ---- writes that per-thread code must not make ------------------------------- */

struct wr {
	struct lp *x;
	const struct source *s;
};

/* Is e (stripped) a plain use of a variable that must stay the same for every lane? */
static bool shared_by_lanes(const struct lp *x, CXCursor e)
{
	CXCursor r;

	e = lane_strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	r = clang_getCursorReferenced(e);
	if (clang_Cursor_isNull(r))
		return false;
	if (clang_getCursorKind(r) == CXCursor_ParmDecl)
		return !x->helper && clang_equalCursors(clang_getCursorSemanticParent(r), x->fn);
	return is_uni(x, r);
}

/*
 * Does writing through e write the storage of such a variable: the variable
 * itself, or a member or element of one of class type (`p.n = 0;` with p a
 * struct parameter; `p[i] = 0` with p a pointer writes memory, not p)?
 */
static bool writes_shared(const struct lp *x, CXCursor e)
{
	CXCursor b = lvalue_base(e), r;

	if (shared_by_lanes(x, e))
		return true;
	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr || !shared_by_lanes(x, b))
		return false;
	r = clang_getCursorReferenced(b);
	return clang_getCanonicalType(clang_getCursorType(r)).kind != CXType_Pointer;
}

/* A member function or operator called on such a variable (it may change it; a const one too, to be
 * safe). */
static bool calls_on_shared(const struct lp *x, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	char *n = cx_spelling(c);
	bool r = false;

	if (ks.n) {
		CXCursor callee = lane_strip(ks.c[0]);

		if (clang_getCursorKind(callee) == CXCursor_MemberRefExpr) {
			struct cx_kids obj = cx_kids_of(callee);

			r = obj.n && writes_shared(x, obj.c[0]);
			cx_kids_free(&obj);
		} else if (!strncmp(n, "operator", 8)) {
			r = writes_shared(x, ks.c[0]);
		}
	}
	free(n);
	cx_kids_free(&ks);
	return r;
}

static enum CXChildVisitResult write_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct wr *w = d;
	enum CXCursorKind k = clang_getCursorKind(c), pk = clang_getCursorKind(parent);
	CXCursor t, v;
	const char *why = NULL;

	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator ||
	     k == CXCursor_CallExpr) &&
	    assignment(w->s, c, &t, &v) && !clang_Cursor_isNull(t) && writes_shared(w->x, t))
		why = "is assigned";
	if (k == CXCursor_CallExpr && !why && calls_on_shared(w->x, c))
		why = "has a member function called";
	if (k == CXCursor_UnaryOperator) {
		unsigned a = c_start(c), e = c_end(c);
		const char *tx = w->s->text;
		struct cx_kids ks = cx_kids_of(c);

		if (ks.n == 1 && writes_shared(w->x, ks.c[0]) && a + 2 <= e &&
		    (!strncmp(tx + a, "++", 2) || !strncmp(tx + a, "--", 2) ||
		     !strncmp(tx + e - 2, "++", 2) || !strncmp(tx + e - 2, "--", 2) ||
		     tx[a] == '&'))
			why = "is incremented, decremented or its address taken";
		cx_kids_free(&ks);
	}
	/* passed straight to a call (no conversion: perhaps by reference), or bound to a reference
	 */
	if (k == CXCursor_DeclRefExpr && shared_by_lanes(w->x, c) &&
	    ((pk == CXCursor_CallExpr && !lane_op_of(parent) /* its arguments are values */ &&
	      !clang_equalCursors(clang_getCursorReferenced(parent),
				  clang_getCursorReferenced(c))) ||
	     (pk == CXCursor_VarDecl &&
	      clang_getCursorType(parent).kind == CXType_LValueReference)))
		why = "is passed by reference";
	if (why) {
		why_not(w->x, c,
			"a kernel parameter or a uniform loop's variable (one copy for the warp's "
			"lanes) %s by per-thread code",
			why);
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static void check_writes(struct lp *x)
{
	struct wr w = {x, x->s};

	for (unsigned i = 0; i < x->nregion && !x->bad; i++) {
		write_visit(x->region[i], clang_getNullCursor(), &w);
		if (!x->bad)
			clang_visitChildren(x->region[i], write_visit, &w);
	}
}

/* ---- threadIdx ------------------------------------------------------------------ */

struct tid_use {
	struct lp *x;
	unsigned nested; /* inside a lambda or a local class */
	bool calls;	 /* a call of a function that may read the thread-local threadIdx */
};

/*
 * Inside a lane loop threadIdx is a local of the kernel, which a lambda
 * that does not capture it, or a member function of a local class, cannot
 * name: such a kernel keeps a fiber per thread.  And the file's
 * thread-local threadIdx is set per lane only where the kernel calls a
 * function of the program (or one the analysis cannot see), or traps
 * (the message names the thread from it).
 */
static enum CXChildVisitResult tid_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct tid_use *u = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_LambdaExpr || k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
	    k == CXCursor_UnionDecl) {
		u->nested++;
		clang_visitChildren(c, tid_visit, u);
		u->nested--;
		return u->x->bad ? CXChildVisit_Break : CXChildVisit_Continue;
	}
	if (k == CXCursor_DeclRefExpr && u->nested && spelled(c, "threadIdx")) {
		why_not(
		    u->x, c,
		    "threadIdx in a lambda or a local class (a local of each lane loop there)%s",
		    NULL);
		return CXChildVisit_Break;
	}
	if (k == CXCursor_CallExpr) {
		CXCursor r = clang_getCursorReferenced(c);

		if (clang_Cursor_isNull(r) || !decl_in_headers(r))
			u->calls = true;
	}
	return CXChildVisit_Recurse;
}

/* ---- promotion ---------------------------------------------------------------------- */

struct refs {
	struct lp *x;
};

static struct ldecl *ldecl_of(struct lp *x, CXCursor r)
{
	for (unsigned i = 0; i < x->nd; i++)
		if (clang_equalCursors(x->d[i].decl, r))
			return &x->d[i];
	return NULL;
}

/* Every use of a per-thread declaration in another lane loop than its own promotes it. */
static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct lp *x = d;
	struct ldecl *l;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	l = ldecl_of(x, clang_getCursorReferenced(c));
	if (l && seg_of(x, c_start(c)) != seg_of(x, c_start(l->decl)))
		l->promote = true;
	return CXChildVisit_Recurse;
}

struct names {
	const char *name;
	CXCursor self;
	bool other;
};

static enum CXChildVisitResult name_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct names *nm = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor r;

	(void)parent;
	if (k == CXCursor_VarDecl || k == CXCursor_ParmDecl)
		r = c;
	else if (k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef)
		r = clang_getCursorReferenced(c);
	else
		return CXChildVisit_Recurse;
	if (!spelled(c, nm->name) || clang_equalCursors(r, nm->self))
		return CXChildVisit_Recurse;
	nm->other = true;
	return CXChildVisit_Break;
}

static bool scalar_type(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	return (c.kind >= CXType_FirstBuiltin && c.kind <= CXType_LastBuiltin &&
		c.kind != CXType_Void) ||
	       c.kind == CXType_Pointer || c.kind == CXType_Enum;
}

/*
 * Declaration l becomes an array and its statement an assignment: `T v = e;`
 * -> `v = e;` (`T a = e, b = f;` -> `a = e, b = f;`, every variable of the
 * statement promoted), `T v;` -> `;`.  Checks that it can; the splice.
 */
static bool promotable(struct lp *x, CXCursor v)
{
	const struct source *s = x->s;
	CXType t = clang_getCursorType(v);
	char *n = cx_spelling(v),
	     *ts = cx_string(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
	unsigned name = off_of(clang_getCursorLocation(v)), after = name + (unsigned)strlen(n);
	struct names nm = {n, v, false};

	clang_visitChildren(x->fn, name_visit, &nm);
	while (after < s->len && (s->text[after] == ' ' || s->text[after] == '\t'))
		after++;
	if (in_macro(v))
		why_not(x, v, "'%s', kept across a barrier, is declared by a macro", n);
	else if (!scalar_type(t) || clang_isVolatileQualifiedType(t) || strstr(ts, "lambda") ||
		 strstr(ts, "unnamed") || strstr(ts, "auto") || strstr(ts, "decltype") ||
		 strchr(ts, '('))
		why_not(x, v,
			"'%s', kept across a barrier, is not a scalar or pointer lane loops keep "
			"in an array",
			n);
	else if (nm.other)
		why_not(x, v, "'%s', kept across a barrier, names something else too in the kernel",
			n);
	else if (name + strlen(n) > s->len || strncmp(s->text + name, n, strlen(n)) ||
		 (s->text[after] != '=' && s->text[after] != ';' && s->text[after] != ',') ||
		 (s->text[after] == '=' && s->text[after + 1] == '='))
		why_not(x, v,
			"'%s', kept across a barrier, is not declared as `T v = e;` or `T v;`", n);
	if (x->bad) {
		free(n);
		free(ts);
		return false;
	}
	x->out->pv = cx_realloc(x->out->pv, (x->out->npv + 1) * sizeof(*x->out->pv));
	x->out->pv[x->out->npv].name = n;
	x->out->pv[x->out->npv].type = ts;
	x->out->pv[x->out->npv].param = false;
	x->out->npv++;
	return true;
}

/* The offset of the text before o, spaces skipped, or ~0u. */
static unsigned before(const struct source *s, unsigned o, unsigned lo)
{
	while (o > lo && (s->text[o - 1] == ' ' || s->text[o - 1] == '\t'))
		o--;
	return o > lo ? o - 1 : ~0u;
}

static void promote_stmt(struct lp *x, CXCursor stmt, bool op)
{
	const struct source *s = x->s;
	struct cx_kids ks = cx_kids_of(stmt);
	unsigned nvar = 0, ninit = 0, first = ~0u;

	if (in_macro(stmt))
		why_not(x, stmt,
			"a declaration a macro writes holds a value kept across a barrier%s", NULL);
	for (unsigned i = 0; i < ks.n && !x->bad; i++) {
		CXCursor v = ks.c[i];
		unsigned name;

		if (clang_getCursorKind(v) != CXCursor_VarDecl)
			continue;
		name = off_of(clang_getCursorLocation(v));
		if (!promotable(x, v))
			break;
		/* after the first: `, b = f`, never `, *b = f` (a declarator the assignment would
		 * read as an expression) */
		if (nvar && (before(s, name, c_start(stmt)) == ~0u ||
			     s->text[before(s, name, c_start(stmt))] != ','))
			why_not(x, v,
				"a declaration of several variables kept across a barrier with "
				"declarators other than names%s",
				NULL);
		if (!nvar)
			first = name;
		nvar++;
		ninit += !clang_Cursor_isNull(var_init(v));
	}
	cx_kids_free(&ks);
	if (x->bad || op) /* a warp operation's declaration: op_stmt's splices */
		return;
	if (ninit && ninit != nvar)
		why_not(x, stmt,
			"a declaration of several variables kept across a barrier, some "
			"initialised and some not%s",
			NULL);
	else if (ninit)
		add_splice(x, SP_STRIP, c_start(stmt), first);
	else
		add_splice(x, SP_EMPTY, c_start(stmt), end_of(s, stmt));
}

/* ---- warp helpers called at statement level ------------------------------------------ */

static bool plan_fn(struct source *s, CXCursor fn, CXCursor body, struct lane_plan *out,
		    const struct lp *caller);

/* Does the text of c hold a launch's `<<<`? */
static bool has_launch(const struct source *s, CXCursor c)
{
	for (unsigned i = c_start(c); i + 3 <= c_end(c) && i + 3 <= s->len; i++)
		if (!strncmp(s->text + i, "<<<", 3))
			return true;
	return false;
}

/*
 * The definition of the function call c calls when that is a warp helper:
 * a plain (not template, not member) __device__ function of the main file
 * whose call may suspend; else a null cursor.
 */
static CXCursor helper_of(const struct lp *x, CXCursor call)
{
	CXCursor r, def;

	if (clang_Cursor_isNull(call) || clang_getCursorKind(call) != CXCursor_CallExpr)
		return clang_getNullCursor();
	r = clang_getCursorReferenced(call);
	if (clang_Cursor_isNull(r) || clang_getCursorKind(r) != CXCursor_FunctionDecl ||
	    decl_in_headers(r) || !has_annot(r, "device") || has_annot(r, "global"))
		return clang_getNullCursor();
	def = clang_getCursorDefinition(r);
	if (clang_Cursor_isNull(def) || clang_getCursorKind(def) != CXCursor_FunctionDecl ||
	    !in_main(x->s, def) || fiber_stmt_never_suspends(x->s, call))
		return clang_getNullCursor();
	return def;
}

static char *type_text(CXType t)
{
	return cx_string(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
}

/*
 * A helper that is a function template's instantiation (`template
 * <typename T> __device__ T warpReduceSum(T v)`): its lane form is a plain
 * function whose body starts by naming the template's parameters
 * (`typedef int T;`, `const int N = 4;`).  false: an argument of another
 * kind (a template template, a pack).
 */
static bool template_names(CXCursor fn, struct buf *b)
{
	CXCursor tp = clang_getSpecializedCursorTemplate(fn);
	int n = clang_Cursor_getNumTemplateArguments(fn), k = 0;
	struct cx_kids ks;
	bool ok = true;

	if (clang_Cursor_isNull(tp))
		return true;
	ks = cx_kids_of(tp);
	for (unsigned i = 0; i < ks.n && ok; i++) {
		enum CXCursorKind kind = clang_getCursorKind(ks.c[i]);
		char *name, *ty;

		if (kind != CXCursor_TemplateTypeParameter &&
		    kind != CXCursor_NonTypeTemplateParameter)
			continue;
		if (k >= n) {
			ok = false;
			break;
		}
		name = cx_spelling(ks.c[i]);
		if (kind == CXCursor_TemplateTypeParameter &&
		    clang_Cursor_getTemplateArgumentKind(fn, (unsigned)k) ==
			CXTemplateArgumentKind_Type) {
			ty = cx_string(clang_getTypeSpelling(clang_getCanonicalType(
			    clang_Cursor_getTemplateArgumentType(fn, (unsigned)k))));
			bprintf(b, " typedef %s %s;", ty, name);
			free(ty);
		} else if (kind == CXCursor_NonTypeTemplateParameter &&
			   clang_Cursor_getTemplateArgumentKind(fn, (unsigned)k) ==
			       CXTemplateArgumentKind_Integral) {
			ty = type_text(clang_getCursorType(ks.c[i]));
			bprintf(b, " const %s %s = (%s)%lldLL;", ty, name, ty,
				clang_Cursor_getTemplateArgumentValue(fn, (unsigned)k));
			free(ty);
		} else {
			ok = false;
		}
		ok = ok && *name;
		free(name);
		k++;
	}
	cx_kids_free(&ks);
	return ok && k == n;
}

/* Is type t one a per-lane array holds (a scalar or pointer, not volatile)? */
static bool lane_type(CXType t)
{
	return scalar_type(t) && !clang_isVolatileQualifiedType(t);
}

/* Helper def's lane form, planned once per kernel plan (the same call's twice share it). */
static struct lane_helper *helper_plan(struct lp *x, CXCursor def, CXCursor at)
{
	struct lane_plan *out = x->out, *hp;
	char *n = cx_spelling(def), msg[600];

	for (unsigned i = 0; i < out->nhp; i++)
		if (clang_equalCursors(out->hp[i].fn, def)) {
			free(n);
			return &out->hp[i];
		}
	hp = cx_realloc(NULL, sizeof(*hp));
	memset(hp, 0, sizeof(*hp));
	if (!plan_fn(x->s, def, cx_body_of(def), hp, x)) {
		snprintf(msg, sizeof(msg), "'%s', whose own lane form is not possible: %s", n,
			 hp->why);
		lane_plan_free(hp);
		free(hp);
		free(n);
		why_not(x, at, "a call of the warp helper %s", msg);
		return NULL;
	}
	free(n);
	out->hp = cx_realloc(out->hp, (out->nhp + 1) * sizeof(*out->hp));
	out->hp[out->nhp].fn = def;
	out->hp[out->nhp].id = x->root->nids++;
	out->hp[out->nhp].plan = hp;
	return &out->hp[out->nhp++];
}

/*
 * `v = f(a, b);` (or `+=`, ..., `T v = f(a, b);`, `f(a, b);`) with f a warp
 * helper: the arguments are evaluated in the lane loop into per-call arrays
 * of the kernel, the loop ends, f's lane form runs the warp's lanes through
 * f's body (its own lane loops, warp operations and barriers), and the next
 * loop starts with the result's assignment:
 *   __idxgen_h0_a0[__idxgen_l] = (a); __idxgen_h0_a1[__idxgen_l] = (b); }
 *   f__idxgen_lanes_0(__idxgen_h0_a0, __idxgen_h0_a1, __idxgen_h0_r, __idxgen_gone);
 *   __IDXGEN_CC_LANES(...) { ... v = __idxgen_h0_r[__idxgen_l];
 */
static void helper_stmt(struct lp *x, CXCursor c, const struct op_stmt *o, CXCursor def)
{
	const struct source *s = x->s;
	unsigned a = c_start(c), e = end_of(s, c), ce = c_end(o->call), k,
		 nargs = (unsigned)clang_Cursor_getNumArguments(o->call),
		 nparams = (unsigned)clang_Cursor_getNumArguments(def), prev;
	CXType rt = clang_getCursorResultType(def);
	bool isvoid = rt.kind == CXType_Void;
	struct lane_helper *h;
	struct buf call = {0}, decls = {0}, assign = {0};
	char *n = cx_spelling(def), what[160];

	if (x->depth >= 3)
		why_not(x, c, "warp helpers called more than three deep ('%s')", n);
	else if (in_macro(c) || macro_spelled(o->call) ||
		 (!clang_equalCursors(c, o->call) && macro_spelled(c)) || !text_is(s, ce, e, ";"))
		why_not(x, c, "a call of the warp helper '%s' a macro writes", n);
	else if (!o->as)
		why_not(x, c, "'%s''s result given with an assignment other than =, +=, ...", n);
	else if (c_end(def) > x->kstart)
		why_not(x, c, "the warp helper '%s' is defined after the kernel", n);
	else if (!clang_equalCursors(clang_getCursorSemanticParent(def), x->kscope))
		why_not(x, c, "the warp helper '%s' is in another namespace than the kernel", n);
	else if (nargs != nparams || clang_Cursor_isVariadic(def))
		why_not(x, c, "a call of the warp helper '%s' with default or variadic arguments",
			n);
	else if (!isvoid && !lane_type(rt))
		why_not(x, c, "the warp helper '%s' returns what lane loops keep in no array", n);
	else if (isvoid && (!clang_Cursor_isNull(o->var) || !clang_Cursor_isNull(o->lhs)))
		why_not(x, c, "the result of the void function '%s'", n);
	for (unsigned i = 0; i < nargs && !x->bad; i++) {
		CXCursor arg = clang_Cursor_getArgument(o->call, i),
			 prm = clang_Cursor_getArgument(def, i);

		if (!lane_type(clang_getCursorType(prm)) ||
		    clang_getCursorType(prm).kind == CXType_LValueReference)
			why_not(x, prm,
				"the warp helper '%s' takes a parameter that is not a scalar or "
				"pointer by value",
				n);
		else if (in_macro(arg) || c_start(arg) >= c_end(arg) ||
			 c_start(arg) < c_start(o->call) || c_end(arg) > ce ||
			 (i && c_start(arg) < c_end(clang_Cursor_getArgument(o->call, i - 1))))
			why_not(x, arg, "an argument of the warp helper '%s' not written out", n);
		else if (stmt_suspends(s, arg, what, sizeof(what)) ||
			 !fiber_stmt_never_suspends(s, arg))
			why_not(x, arg, "an argument of the warp helper '%s' that may suspend", n);
	}
	if (x->bad || !(h = helper_plan(x, def, c))) {
		free(n);
		return;
	}
	k = x->root->ncalls++;
	bprintf(&call, "%s__idxgen_lanes_%u(", n, h->id);
	for (unsigned i = 0; i < nargs; i++) {
		CXCursor arg = clang_Cursor_getArgument(o->call, i);
		char *ty = type_text(clang_getCursorType(clang_Cursor_getArgument(def, i)));

		bprintf(&decls, " %s __idxgen_h%u_a%u[32];", ty, k, i);
		bprintf(&call, "__idxgen_h%u_a%u, ", k, i);
		snprintf(what, sizeof(what), "%s__idxgen_h%u_a%u[__idxgen_l] = (", i ? "); " : "",
			 k, i);
		add_text(x, i ? c_end(clang_Cursor_getArgument(o->call, i - 1)) : a, c_start(arg),
			 what);
		free(ty);
	}
	prev = nargs ? c_end(clang_Cursor_getArgument(o->call, nargs - 1)) : a;
	add_text(x, prev, e, nargs ? ");" : "");
	if (!isvoid) {
		char *ty = type_text(rt);

		bprintf(&decls, " %s __idxgen_h%u_r[32];", ty, k);
		bprintf(&call, "__idxgen_h%u_r, ", k);
		free(ty);
	}
	if (!clang_Cursor_isNull(o->var)) {
		char *v = cx_spelling(o->var);

		record_decls(x, c);
		x->d[x->nd - 1].promote = x->d[x->nd - 1].op = true;
		bprintf(&assign, "%s = __idxgen_h%u_r[__idxgen_l];", v, k);
		free(v);
	} else if (!clang_Cursor_isNull(o->lhs)) {
		CXCursor t = lane_strip(o->lhs), r = clang_getCursorReferenced(t);
		struct ldecl *l = NULL;
		char *v = cx_spelling(t);

		for (unsigned i = 0; i < x->nd && clang_getCursorKind(t) == CXCursor_DeclRefExpr;
		     i++)
			if (clang_equalCursors(x->d[i].decl, r))
				l = &x->d[i];
		if ((!l && !helper_param(x, t)) || c_start(o->lhs) != a || in_macro(o->lhs))
			why_not(x, c,
				"the result of the warp helper '%s' goes to something other than a "
				"variable that per-thread code declares",
				n);
		else if (l)
			l->promote = true;
		for (size_t i = 0; i < sizeof(assign_ops) / sizeof(assign_ops[0]); i++)
			if (!strcmp(o->as, assign_ops[i][1]))
				bprintf(&assign, "%s %s __idxgen_h%u_r[__idxgen_l];", v,
					assign_ops[i][0], k);
		free(v);
	}
	x->region = cx_realloc(x->region, (x->nregion + 1) * sizeof(*x->region));
	x->region[x->nregion++] = c;
	x->out->nops++;
	add_splice(x, SP_HCALL, e, e);
	x->out->sp[x->out->nsp - 1].text = call.p;
	x->out->sp[x->out->nsp - 1].text2 = assign.p ? assign.p : cx_strdup("");
	if (decls.p) {
		size_t old = x->out->decls ? strlen(x->out->decls) : 0;

		x->out->decls = cx_realloc(x->out->decls, old + decls.n + 1);
		memcpy(x->out->decls + old, decls.p, decls.n + 1);
		free(decls.p);
	}
	if (h->plan->warp_line && !x->out->warp_line) {
		unsigned line = 0, col = 0;

		clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, &col, NULL);
		x->out->warp_line = line;
	}
	free(n);
}

/* A helper's last statement `return e;`: `__idxgen_hr[__idxgen_l] = (e);` in its last lane loop. */
static void helper_return(struct lp *x, CXCursor c)
{
	CXCursor e;

	if (in_macro(c) || macro_spelled(c) || !cx_only_child(c, &e) || in_macro(e) ||
	    c_start(e) <= c_start(c) || end_of(x->s, c) != c_end(e) + 1 ||
	    x->s->text[c_end(e)] != ';') {
		why_not(x, c, "a warp helper's return not written as `return e;`%s", NULL);
		return;
	}
	region_stmt(x, e);
	add_text(x, c_start(c), c_start(e), "__idxgen_hr[__idxgen_l] = (");
	add_text(x, c_end(e), c_end(e), ")");
}

/* A helper's parameters: kept in the caller's per-call arrays, bound in every lane loop. */
static void helper_params(struct lp *x)
{
	int n = clang_Cursor_getNumArguments(x->fn);

	for (int i = 0; i < n && !x->bad; i++) {
		CXCursor p = clang_Cursor_getArgument(x->fn, i);
		char *name = cx_spelling(p);
		struct names nm = {name, p, false};

		clang_visitChildren(x->fn, name_visit, &nm);
		if (!*name || nm.other || in_macro(p))
			why_not(
			    x, p,
			    "a warp helper's parameter '%s' unnamed, named by something else too, "
			    "or a macro's",
			    name);
		if (x->bad) {
			free(name);
			break;
		}
		x->out->pv = cx_realloc(x->out->pv, (x->out->npv + 1) * sizeof(*x->out->pv));
		x->out->pv[x->out->npv].name = name;
		x->out->pv[x->out->npv].type = type_text(clang_getCursorType(p));
		x->out->pv[x->out->npv].param = true;
		x->out->npv++;
	}
}

char *lane_helper_signature(const struct lane_helper *h)
{
	struct buf b = {0};
	char *n = cx_spelling(h->fn);
	CXType rt = clang_getCursorResultType(h->fn);
	bool first = true;

	bprintf(&b, "static inline void %s__idxgen_lanes_%u(", n, h->id);
	for (unsigned i = 0; i < h->plan->npv; i++)
		if (h->plan->pv[i].param) {
			bprintf(&b, "%s%s *__idxgen_lv_%s", first ? "" : ", ", h->plan->pv[i].type,
				h->plan->pv[i].name);
			first = false;
		}
	if (rt.kind != CXType_Void) {
		char *ty = type_text(rt);

		bprintf(&b, "%s%s *__idxgen_hr", first ? "" : ", ", ty);
		first = false;
		free(ty);
	}
	bprintf(&b, "%suint32_t __idxgen_gone_in)", first ? "" : ", ");
	free(n);
	return b.p;
}

/* ---- the splices' text -------------------------------------------------------------- */

static int splice_cmp(const void *a, const void *b)
{
	const struct lane_splice *p = a, *q = b;

	if (p->at != q->at)
		return p->at < q->at ? -1 : 1;
	return p->seq < q->seq ? -1 : p->seq > q->seq;
}

static char *open_text(const struct lane_plan *p)
{
	struct buf b = {0};

	bprintf(&b, "__IDXGEN_CC_LANES(__idxgen_ln) { %s__IDXGEN_CC_LANE_TID%s();",
		p->exits ? "if ((__idxgen_gone >> __idxgen_l) & 1u) continue; " : "",
		p->tls ? "_TLS" : "");
	for (unsigned i = 0; i < p->npv; i++)
		bprintf(&b, " %s &%s __attribute__((unused)) = __idxgen_lv_%s[__idxgen_l];",
			p->pv[i].type, p->pv[i].name, p->pv[i].name);
	bputs(&b, " ");
	return b.p;
}

static void splice_texts(const struct source *s, struct lane_plan *p)
{
	char *open = open_text(p);

	for (unsigned i = 0; i < p->nsp; i++) {
		struct lane_splice *sp = &p->sp[i];
		struct buf b = {0};
		/* a statement led by `#pragma unroll` starts at the pragma, which must begin its
		 * line */
		bool directive = sp->at < s->len && s->text[sp->at] == '#';

		switch (sp->kind) {
		case SP_PROLOGUE:
			bputs(&b, " const struct __idxgen_cc_lanes __idxgen_ln = "
				  "__idxgen_cc_lanes_here();");
			if (p->helper)
				bputs(&b, " uint32_t __idxgen_gone = __idxgen_gone_in;");
			else if (p->exits)
				bputs(&b, " uint32_t __idxgen_gone = 0;");
			if (p->puts)
				bputs(&b, " __idxgen_cc_lane_op __idxgen_wo;");
			/* a helper template's names first: the arrays' types use them */
			if (p->decls)
				bputs(&b, p->decls);
			for (unsigned j = 0; j < p->npv; j++)
				if (!p->pv[j].param)
					bprintf(&b, " %s __idxgen_lv_%s[32];", p->pv[j].type,
						p->pv[j].name);
			bputs(&b, " ");
			break;
		case SP_OPEN:
			bputs(&b, open);
			break;
		case SP_CLOSE:
			bputs(&b, "} ");
			break;
		case SP_BARRIER:
			bprintf(&b, "} __idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0); %s", open);
			break;
		case SP_STRIP:
			bputs(&b, "");
			break;
		case SP_EMPTY:
			bputs(&b, ";");
			break;
		case SP_RETURN:
			bputs(&b, "{ __idxgen_gone |= 1u << __idxgen_l; continue; }");
			break;
		case SP_TEXT:
			bputs(&b, sp->text);
			free(sp->text);
			break;
		case SP_WARPOP:
			bprintf(&b,
				" } __idxgen_cc_lane_run(__idxgen_wo, "
				"__idxgen_cc_lanes_live(__idxgen_ln, "
				"%s)); %s",
				p->exits ? "__idxgen_gone" : "0", open);
			break;
		case SP_SPLIT:
			bprintf(&b, " } %s", open);
			break;
		case SP_BOPEN:
			bprintf(&b, "{ %s", open);
			break;
		case SP_BCLOSE:
			bputs(&b, " } }");
			break;
		case SP_WOPEN:
			bprintf(&b, "({ bool __idxgen_wc = false; %s__idxgen_wc = (", open);
			break;
		case SP_WCLOSE:
			bputs(&b, "); } __idxgen_wc; })");
			break;
		case SP_HCALL:
			bprintf(&b, " } %s%s); %s%s", sp->text, p->exits ? "__idxgen_gone" : "0u",
				open, sp->text2);
			free(sp->text);
			free(sp->text2);
			sp->text2 = NULL;
			break;
		}
		if (directive && sp->skip == sp->at)
			bputs(&b, "\n");
		sp->text = b.p ? b.p : cx_strdup("");
	}
	free(open);
}

/* Does a splice cut an edit of the text (plan_rewrites) that emit_src applies whole? */
static bool cuts_an_edit(const struct source *s, const struct lane_plan *p)
{
	for (unsigned i = 0; i < p->nsp; i++)
		for (unsigned j = 0; j < s->nedits; j++) {
			const struct edit *e = &s->edits[j];
			unsigned a = p->sp[i].at, b = p->sp[i].skip;

			/* a group (shift.c) applies whole or not at all: a splice must not cut it */
			if ((a > e->group_a && a < e->group_b) || (b > a && a < e->group_b && b > e->group_a))
				return true;
		}
	return false;
}

bool lane_plan(struct source *s, CXCursor fn, CXCursor body, struct lane_plan *out)
{
	return plan_fn(s, fn, body, out, NULL);
}

/* Kernel fn's plan (caller NULL), or the plan of a warp helper fn that caller's code calls. */
static bool plan_fn(struct source *s, CXCursor fn, CXCursor body, struct lane_plan *out,
		    const struct lp *caller)
{
	struct lp x = {.s = s,
		       .fn = fn,
		       .out = out,
		       .what = "a barrier",
		       .helper = caller != NULL,
		       .depth = caller ? caller->depth + 1 : 0,
		       .root = caller ? caller->root : out,
		       .kstart = caller ? caller->kstart : c_start(fn),
		       .kscope = caller ? caller->kscope : clang_getCursorSemanticParent(fn)};
	unsigned *pts = NULL;

	memset(out, 0, sizeof(*out));
	out->helper = x.helper;
	out->exits = x.helper; /* lanes gone in the caller skip the helper's loops */
	if (x.helper) {
		struct buf names = {0};

		if (!template_names(fn, &names))
			why_not(&x, fn,
				"a warp helper template with arguments other than types and "
				"integers%s",
				NULL);
		out->decls = names.p;
	}
	if (x.bad || clang_Cursor_isNull(body)) {
		why_not(&x, fn, "no body%s", NULL); /* nothing new where the names failed */
	} else if (x.helper && has_launch(s, body)) {
		why_not(&x, fn, "a launch in a warp helper%s", NULL);
	} else if (lockstep_points(s, fn, &pts)) {
		why_not(
		    &x, fn,
		    "lanes meet in lock step in it: lane loops take only `__syncthreads();` and "
		    "warp operations as places to wait%s",
		    NULL);
	} else if (spin_line(s, fn)) {
		why_not(&x, fn, "it waits in a spin loop%s", NULL);
	}
	free(pts);
	if (!x.bad && x.helper)
		helper_params(&x);
	if (!x.bad) {
		struct tid_use u = {&x, 0, false};

		clang_visitChildren(body, tid_visit, &u);
		out->tls = u.calls || s->traps;
	}
	if (!x.bad)
		split_list(&x, body, true);
	if (!x.bad)
		check_writes(&x);
	if (!x.bad)
		clang_visitChildren(body, ref_visit, &x);
	/* a statement with one promoted variable promotes them all (it becomes one assignment) */
	for (unsigned i = 0; i < x.nd && !x.bad; i++)
		if (x.d[i].promote &&
		    (i == 0 || !clang_equalCursors(x.d[i - 1].stmt, x.d[i].stmt) ||
		     !x.d[i - 1].promote)) {
			unsigned j = i;

			while (j > 0 && clang_equalCursors(x.d[j - 1].stmt, x.d[i].stmt))
				j--;
			for (; j < x.nd && clang_equalCursors(x.d[j].stmt, x.d[i].stmt); j++)
				x.d[j].promote = true;
			promote_stmt(&x, x.d[i].stmt, x.d[i].op);
			while (i + 1 < x.nd && clang_equalCursors(x.d[i + 1].stmt, x.d[i].stmt))
				i++;
		}
	for (unsigned i = 0; i < out->nsp; i++)
		out->sp[i].seq = i;
	qsort(out->sp, out->nsp, sizeof(*out->sp), splice_cmp);
	for (unsigned i = 1; i < out->nsp && !x.bad; i++)
		if (out->sp[i].at < out->sp[i - 1].skip)
			why_not(&x, fn, "two of its statements overlap in the text (a macro)%s",
				NULL);
	if (!x.bad && cuts_an_edit(s, out))
		why_not(&x, fn, "its text is rewritten where lane loops would split it%s", NULL);
	if (!x.bad && !out->nbarriers && !out->nops)
		why_not(&x, fn, "no barrier or warp operation to split at%s", NULL);
	free(x.seg);
	free(x.d);
	free(x.uni);
	free(x.region);
	if (x.bad) {
		lane_plan_free(out);
		return false;
	}
	splice_texts(s, out);
	return true;
}

void lane_plan_free(struct lane_plan *p)
{
	for (unsigned i = 0; i < p->nsp; i++) {
		free(p->sp[i].text);
		free(p->sp[i].text2);
	}
	free(p->sp);
	for (unsigned i = 0; i < p->nhp; i++) {
		lane_plan_free(p->hp[i].plan);
		free(p->hp[i].plan);
	}
	free(p->hp);
	free(p->decls);
	p->hp = NULL;
	p->decls = NULL;
	p->nhp = 0;
	for (unsigned i = 0; i < p->npv; i++) {
		free(p->pv[i].name);
		free(p->pv[i].type);
	}
	free(p->pv);
	p->sp = NULL;
	p->pv = NULL;
	p->nsp = p->npv = p->next = 0;
}

/*
 * The next splice to write while the kernel's text [pos, b) is copied
 * (whole.c copy_to), or NULL: its text replaces [at, skip).
 */
const struct lane_splice *lane_splice_next(struct lane_plan *p, unsigned pos, unsigned b)
{
	const struct lane_splice *sp;

	if (p->next >= p->nsp)
		return NULL;
	sp = &p->sp[p->next];
	if (sp->at < pos || sp->at > b || sp->skip > b)
		return NULL;
	p->next++;
	return sp;
}
