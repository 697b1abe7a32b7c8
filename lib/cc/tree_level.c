// SPDX-License-Identifier: MIT
/*
 * tree_level.c - the block reduction tree recognised (issue 40, item 1):
 * each level one loop over exactly the threads that work.
 *
 *	for (s = blockDim.x / 2; s > 0; s >>= 1) {	// or s = C, C a constant
 *		if (tid < s)
 *			sdata[tid] += sdata[tid + s];
 *		__syncthreads();
 *	}
 *	for (s = 1; s < blockDim.x; s *= 2) {		// the interleaved form
 *		if (tid % (2 * s) == 0)
 *			sdata[tid] += sdata[tid + s];
 *		__syncthreads();
 *	}
 *
 * Lowered as it is written, each level is a thread loop over the whole
 * block with the guard in every iteration: 8 x 256 iterations for 256
 * threads where 255 do work, and for the interleaved form a `%` in each
 * (guard.c bounds the first form's loops, not the second's).  What makes a
 * level one plain loop is proven here, on the syntax tree:
 *
 *  - the loop's body is exactly `if (G) STMT` and `__syncthreads();`, with
 *    no else; G is `TID < S` (`S > TID`), or `TID % M == 0` with M `2 * S`
 *    (`S * 2`, `S + S`, `S << 1`), where TID is threadIdx.x (directly or
 *    through locals never assigned, guard.c's thread_index_form) and S is
 *    the loop's variable, which halves (`s >>= 1`, `s /= 2`, ...) from
 *    blockDim (tree.c's tree_loop) or a constant, or, for the interleaved
 *    form, doubles (`s *= 2`, `s <<= 1`, `s += s`, ...) from a constant > 0;
 *  - STMT reads and writes memory only as A[TID] (its own slot) and reads
 *    A[TID + S] (the partner), A a __shared__ array; it assigns nothing else
 *    but locals it declares itself, calls nothing but pure math built-ins
 *    (fmaxf, min, ...), and names otherwise only uniform values (kernel
 *    parameters never assigned, per-block locals, constants) and thread
 *    indices recomputed per thread loop;
 *  - the kernel has no returning threads (their __done flags are kept per
 *    stream position, which the level loop does not walk).
 *
 * Then the threads of one level are independent: a working thread writes
 * only its own slots (below S, or multiples of 2S), and the partner slots
 * it reads (S and above, or S modulo 2S) are none of those.  So a level
 * may run its working threads in any order, and it runs them as one loop:
 * [0, S) (`S` converted to the comparison's type, clamped to the block) or
 * 0, M, 2M, ... below blockDim.x, with STMT alone in the body -- the same
 * operations on the same values, in the tree's own order of levels: float
 * sums are the general code's bit for bit, nothing is reassociated.  Only
 * for 1-D blocks: in a 2-D block threads of one threadIdx.x are several
 * and all of them would run STMT (emit.c keeps the general code there).
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* Is e, without casts and parentheses, a reference to the variable v? */
static bool is_var(CXCursor e, CXCursor v)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCanonicalCursor(clang_getCursorReferenced(e)),
				  clang_getCanonicalCursor(v));
}

static bool is_const(CXCursor e, long long val)
{
	long long x;

	return int_constant(strip(e), &x) && x == val;
}

/* The operator and the two operands of a binary expression (or compound assignment), else false. */
static bool binary(const struct source *s, CXCursor e, char op[4], CXCursor *l, CXCursor *r)
{
	enum CXCursorKind ek = clang_getCursorKind(e);
	struct cx_kids ks;
	bool ok;

	if ((ek != CXCursor_BinaryOperator && ek != CXCursor_CompoundAssignOperator) || in_macro(e))
		return false;
	ks = cx_kids_of(e);
	ok = ks.n == 2;
	if (ok) {
		op_text(s, e, op);
		*l = ks.c[0];
		*r = ks.c[1];
	}
	cx_kids_free(&ks);
	return ok;
}

/* Is e 2 * v (v * 2, v + v, v << 1)? */
static bool twice(const struct source *s, CXCursor e, CXCursor v)
{
	CXCursor l, r;
	char op[4];

	if (!binary(s, strip(e), op, &l, &r))
		return false;
	if (!strcmp(op, "*"))
		return (is_const(l, 2) && is_var(r, v)) || (is_var(l, v) && is_const(r, 2));
	if (!strcmp(op, "+"))
		return is_var(l, v) && is_var(r, v);
	return !strcmp(op, "<<") && is_var(l, v) && is_const(r, 1);
}

/* Does the step inc double v (`v *= 2`, `v <<= 1`, `v += v`, `v = 2 * v`, ...)? */
static bool doubles(const struct source *s, CXCursor inc, CXCursor v)
{
	CXCursor l, r;
	char op[4];

	if (!binary(s, strip(inc), op, &l, &r) || !is_var(l, v))
		return false;
	if (!strcmp(op, "*="))
		return is_const(r, 2);
	if (!strcmp(op, "<<="))
		return is_const(r, 1);
	if (!strcmp(op, "+="))
		return is_var(r, v);
	return !strcmp(op, "=") && twice(s, r, v);
}

/* The variable the for's init declares or assigns, and its value, else false. */
static bool loop_var(const struct source *s, CXCursor init, CXCursor *v, CXCursor *val)
{
	struct cx_kids ks;
	CXCursor l, r;
	char op[4];
	bool ok = false;

	if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
		ks = cx_kids_of(init);
		if (ks.n == 1 && clang_getCursorKind(ks.c[0]) == CXCursor_VarDecl) {
			*v = ks.c[0];
			*val = var_init(ks.c[0]);
			ok = !clang_Cursor_isNull(*val);
		}
		cx_kids_free(&ks);
		return ok;
	}
	if (!binary(s, strip(init), op, &l, &r) || strcmp(op, "=") ||
	    clang_getCursorKind(strip(l)) != CXCursor_DeclRefExpr)
		return false;
	*v = clang_getCursorReferenced(strip(l));
	*val = r;
	return clang_getCursorKind(*v) == CXCursor_VarDecl;
}

/* Is e threadIdx.x, directly or through locals never assigned (all recomputed per thread loop)? */
static bool is_tid(const struct kernel *k, CXCursor guard, CXCursor e)
{
	CXCursor base;
	uint64_t limit;
	int axis;

	return thread_index_form(k, &guard, 1, e, &axis, &base, &limit) && axis == 0 &&
	       clang_Cursor_isNull(base) && limit >= 65535;
}

/* The guard: TID < S, S > TID (halving) or TID % M == 0, 0 == TID % M (doubling). */
static bool level_guard(const struct kernel *k, struct tree_level *tl, CXCursor cond)
{
	CXCursor l, r, x, m;
	char op[4];
	const struct source *s = k->src;

	if (!binary(s, strip(cond), op, &l, &r))
		return false;
	tl->cmp = clang_getCanonicalType(clang_getCursorType(l));
	if (!tl->doubling) {
		if (!strcmp(op, ">")) {
			CXCursor t = l;

			l = r;
			r = t;
		} else if (strcmp(op, "<")) {
			return false;
		}
		tl->bound = strip(r);
		return is_tid(k, tl->guard, l) && is_var(r, tl->var);
	}
	if (strcmp(op, "=="))
		return false;
	if (is_const(l, 0)) {
		x = r;
		r = l;
		l = x;
	}
	if (!is_const(r, 0) || !binary(s, strip(l), op, &x, &m) || strcmp(op, "%"))
		return false;
	tl->cmp = clang_getCanonicalType(clang_getCursorType(x));
	tl->bound = strip(m);
	return is_tid(k, tl->guard, x) && twice(s, m, tl->var);
}

struct stmt_scan {
	const struct kernel *k;
	struct tree_level *tl;
	bool bad;
};

/* A __shared__ array of the kernel (not a pointer that could point anywhere). */
static bool shared_array(const struct kernel *k, CXCursor base)
{
	const struct var *v;

	base = strip(base);
	if (clang_getCursorKind(base) != CXCursor_DeclRefExpr)
		return false;
	v = var_of(k, base);
	return v && v->shared && is_array_type(clang_getCursorType(v->decl));
}

/* A[TID] (own) or, where partner_ok, A[TID + S] / A[S + TID]. */
static bool slot(const struct stmt_scan *sc, CXCursor e, bool partner_ok)
{
	struct cx_kids ks;
	CXCursor l, r, idx;
	char op[4];
	bool ok = false;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || in_macro(e))
		return false;
	ks = cx_kids_of(e);
	if (ks.n == 2 && shared_array(sc->k, ks.c[0])) {
		long long n =
		    clang_getArraySize(clang_getCursorType(var_of(sc->k, strip(ks.c[0]))->decl));

		if (n >= 0 &&
		    (unsigned long long)n < sc->tl->extent) /* extern __shared__ x[]: -1 */
			sc->tl->extent = (unsigned long long)n;
		idx = ks.c[1];
		ok = is_tid(sc->k, sc->tl->guard, idx);
		if (!ok && partner_ok && binary(sc->k->src, strip(idx), op, &l, &r) &&
		    !strcmp(op, "+"))
			ok = (is_tid(sc->k, sc->tl->guard, l) && is_var(r, sc->tl->var)) ||
			     (is_var(l, sc->tl->var) && is_tid(sc->k, sc->tl->guard, r));
	}
	cx_kids_free(&ks);
	return ok;
}

/* A variable STMT declares itself (a local of each thread's run of it). */
static bool declared_inside(const struct stmt_scan *sc, CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);
	unsigned at = c_start(d);

	return clang_getCursorKind(d) == CXCursor_VarDecl && c_start(sc->tl->then) <= at &&
	       at < c_end(sc->tl->then);
}

/* May the target of an assignment or ++/-- be written: an own slot or a local of STMT? */
static bool target_ok(const struct stmt_scan *sc, CXCursor t)
{
	t = strip(t);
	if (clang_getCursorKind(t) == CXCursor_DeclRefExpr)
		return declared_inside(sc, t);
	return slot(sc, t, false);
}

/* A name STMT reads: a local of its own, the loop's variable, a thread index recomputed per loop,
 * uniform. */
static bool name_ok(const struct stmt_scan *sc, CXCursor ref)
{
	const struct kernel *k = sc->k;
	CXCursor d = clang_getCursorReferenced(ref);
	enum CXCursorKind dk = clang_getCursorKind(d);
	const struct var *v;

	if (dk == CXCursor_EnumConstantDecl || function_kind(dk) || declared_inside(sc, ref) ||
	    is_var(ref, sc->tl->var))
		return true;
	v = var_of(k, ref);
	if (v && v->cls == V_REMAT && is_tid(k, sc->tl->guard, ref))
		return true;
	return uniform_in_loop(k, &sc->tl->guard, 1, ref);
}

static enum CXChildVisitResult scan(CXCursor c, CXCursor parent, CXClientData d)
{
	struct stmt_scan *sc = d;
	enum CXCursorKind ck = clang_getCursorKind(c);
	CXCursor t, val;

	(void)parent;
	switch (pure_walk_step(c)) {
	case PURE_RECURSE:
		return CXChildVisit_Recurse;
	case PURE_BAD:
		goto bad;
	case PURE_OTHER:
		break;
	}
	switch (ck) {
	case CXCursor_CompoundStmt:
	case CXCursor_IfStmt:
	case CXCursor_NullStmt:
		return CXChildVisit_Recurse;
	case CXCursor_ArraySubscriptExpr:
		if (!slot(sc, c, true))
			goto bad;
		return CXChildVisit_Continue; /* the index is proven: TID or TID + S */
	case CXCursor_DeclRefExpr:
		if (!name_ok(sc, c))
			goto bad;
		return CXChildVisit_Continue;
	case CXCursor_UnaryOperator:
		if (unary_deref(sc->k->src, c) || (unary_op(sc->k->src, c) == '&') ||
		    (unary_op(sc->k->src, c) == '+' &&
		     (!cx_only_child(c, &t) || !target_ok(sc, t))))
			goto bad;
		return CXChildVisit_Recurse;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
		if (assignment(sc->k->src, c, &t, &val) && !target_ok(sc, t))
			goto bad;
		return CXChildVisit_Recurse;
	default:
		goto bad;
	}
bad:
	sc->bad = true;
	return CXChildVisit_Break;
}

/* Does STMT touch only own and partner slots of __shared__ arrays (above)? */
static bool stmt_ok(const struct kernel *k, struct tree_level *tl)
{
	struct stmt_scan sc = {.k = k, .tl = tl};
	enum CXChildVisitResult r = scan(tl->then, clang_getNullCursor(), &sc);

	if (r == CXChildVisit_Break || sc.bad)
		return false;
	if (r == CXChildVisit_Recurse)
		clang_visitChildren(tl->then, scan, &sc);
	return !sc.bad;
}

/* The loop's header: S halving from blockDim or a constant, or doubling from a constant > 0. */
static bool level_header(const struct kernel *k, CXCursor loop, CXCursor inc, CXCursor init,
			 struct tree_level *tl)
{
	CXCursor val;
	long long c;

	if (!loop_var(k->src, init, &tl->var, &val) || !var_decl(k, tl->var) ||
	    var_decl(k, tl->var)->cls != V_SCALAR)
		return false;
	if (doubles(k->src, inc, tl->var)) {
		tl->doubling = true;
		return int_constant(strip(val), &c) && c > 0;
	}
	tl->doubling = false;
	return tree_loop(k, loop) || (int_constant(strip(val), &c) && c >= 0 && c <= 65536);
}

bool tree_level_loop(const struct kernel *k, CXCursor loop, struct tree_level *tl)
{
	CXCursor init, cond, inc, body;
	struct cx_kids b, ks;
	const struct stmt *g, *bar;
	bool ok = false;

	memset(tl, 0, sizeof(*tl));
	tl->extent = ~0ull;
	if (clang_getCursorKind(loop) != CXCursor_ForStmt || in_macro(loop) || k->done_flags ||
	    count_barriers(loop) != 1)
		return false;
	for_parts(k->src, loop, &init, &cond, &inc, &body);
	if (clang_Cursor_isNull(init) || clang_Cursor_isNull(inc) || clang_Cursor_isNull(body) ||
	    !level_header(k, loop, inc, init, tl))
		return false;
	b = body_list(k->src, body);
	if (b.n == 2 && clang_getCursorKind(b.c[0]) == CXCursor_IfStmt &&
	    is_call_to(strip(b.c[1]), "__syncthreads")) {
		g = stmt_of(k, b.c[0]);
		bar = stmt_of(k, b.c[1]);
		tl->guard = b.c[0];
		ks = cx_kids_of(b.c[0]);
		ok = g && bar && g->cls == S_REGION && bar->cls == S_BARRIER && ks.n == 2 &&
		     !in_macro(b.c[0]);
		if (ok) {
			tl->then = unwrap_stmt(k->src, ks.c[1]);
			ok =
			    level_guard(k, tl, ks.c[0]) && type_max(tl->cmp) >= 65535 &&
			    !(clang_Type_getSizeOf(tl->cmp) == 8 &&
			      (tl->cmp.kind == CXType_ULong || tl->cmp.kind == CXType_ULongLong)) &&
			    stmt_ok(k, tl);
		}
		cx_kids_free(&ks);
	}
	cx_kids_free(&b);
	return ok;
}

/*
 * A level's loop bounds, once per level: [0, __idxgen_lv_hi) in steps of
 * __idxgen_lv_st.  S (M) converted to the comparison's type first, as each
 * thread's guard converts it, then exactly: S <= 0 no thread, S past the
 * block the block; M <= 0 no thread (M = 2S with S doubled from a
 * positive constant: only an overflow, undefined already, gets there).
 */
void emit_tree_level_bounds(const struct kernel *k, const struct tree_level *tl, struct buf *o)
{
	char *t = cx_string(clang_getTypeSpelling(tl->cmp));

	bprintf(o, "\tconst int64_t __idxgen_lv_u = (int64_t)(%s)(", t);
	emit_src(k->src, c_start(tl->bound), c_end(tl->bound), o);
	bputs(o, ");\n");
	if (tl->doubling)
		bputs(o, "\tconst uint32_t __idxgen_lv_hi = __idxgen_lv_u <= 0 ? 0u : __bdx;\n"
			 "\tconst uint32_t __idxgen_lv_st = __idxgen_lv_u <= 0 ? 1u : "
			 "__idxgen_lv_u < (int64_t)__bdx ?"
			 " (uint32_t)__idxgen_lv_u : __bdx;\n");
	else
		bputs(o, "\tconst uint32_t __idxgen_lv_hi = __idxgen_lv_u <= 0 ? 0u : "
			 "__idxgen_lv_u < (int64_t)__bdx ?"
			 " (uint32_t)__idxgen_lv_u : __bdx;\n");
	free(t);
}

void dump_tree_level(const struct kernel *k, const struct tree_level *tl, struct buf *o)
{
	unsigned line, i, n = 0;
	char *v = cx_spelling(tl->var);

	(void)k;
	clang_getExpansionLocation(clang_getCursorLocation(tl->guard), NULL, &line, NULL, NULL);
	if (tl->doubling)
		bprintf(o,
			"reduction tree: each level one loop over the threads that work, "
			"threadIdx.x a multiple of 2 * %s "
			"(line %u's guard; %s doubles), for 1-D blocks",
			v, line, v);
	else
		bprintf(o,
			"reduction tree: each level one loop over the threads that work, "
			"threadIdx.x < %s "
			"(line %u's guard; %s halves), for 1-D blocks",
			v, line, v);
	free(v);
	for (i = 0; i < TREE_SIZES; i++)
		if (tree_sizes[i] <= tl->extent)
			bprintf(o, "%s%u", n++ ? ", " : "; written again for 1-D blocks of ",
				tree_sizes[i]);
	bputs(o, n ? " threads, the size a constant\n" : "\n");
}

/* Is e threadIdx.x in the thread loop l[0..n) (tree_fuse.c's store to the tree's array)? */
bool tree_level_tid(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor e)
{
	CXCursor base;
	uint64_t limit;
	int axis;

	return thread_index_form(k, l, n, e, &axis, &base, &limit) && axis == 0 && clang_Cursor_isNull(base) &&
	       limit >= 65535;
}
