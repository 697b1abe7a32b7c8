// SPDX-License-Identifier: MIT
/*
 * warp_agg.c - warp-aggregated atomics once per block (issue 40, lib/cc/README.md
 * "Warp-aggregated atomics").
 *
 * NVIDIA's idiom (the "warp-aggregated atomics" blog, cuda-samples, HeCBench's
 * filters; often inside an atomicAggInc helper, which warp_inline.c inlines):
 *
 *     unsigned mask = __ballot_sync(FULL, keep);     (or __activemask())
 *     int leader = __ffs(mask) - 1;
 *     int res = 0;                                   (a constant, or nothing)
 *     if (lane == leader) res = atomicAdd(p, __popc(mask));
 *     res = __shfl_sync(FULL, res, leader);
 *
 * Lowered call by call it is a publication of res, a split point and three
 * thread loops, and the leader's test in every lane.  What it means on a
 * CPU, where a warp's lanes are iterations of a loop: per warp, one atomic
 * of the warp's count by its lowest voting lane, and every lane reading
 * that atomic's old value.  The `if` becomes one statement the planner runs
 * once per block (idxgen_cc_warp_leader_add_*, include/idxgen_cc_warp.h:
 * a loop over the block's warps reading the ballot words the ballot already
 * computes once per warp), and the shuffle a read of the warp's result:
 * no exchange, no split point.  The lane must be threadIdx.x % 32 (& 31,
 * % warpSize, a local so initialised): the warp's lane in rows of whole
 * warps or one row; in other blocks the helper keeps what CUDA does there
 * (every lane whose threadIdx.x % 32 is the leader's lane adds).
 *
 * Taken only where every part is proven: mask a local declared from one
 * ballot with a constant mask (or __activemask()) in the same block, never
 * assigned; leader `__ffs(mask) - 1` (or such a local); the count
 * `__popc(mask)` (or such a local); p computed from parameters, constants,
 * blockIdx/blockDim/gridDim, addresses of __shared__ or file-scope
 * variables and such locals (the same in every thread: it is evaluated once
 * per block); res of *p's type (int, unsigned, unsigned long long),
 * declared in the block with a constant or no initializer and not named
 * between; the `if` at the kernel's level (not in a loop or under a
 * condition that is not predicated); the shuffle in the next statement,
 * from res at the leader, width 32, and res assigned there or not read
 * after.  Anything else is lowered call by call, as before.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wl_note_mask(struct wlower *w, CXCursor st, CXCursor call, unsigned slot, bool ballot)
{
	struct cx_kids ds;
	CXCursor init, kmask;
	long long k = -1;

	if (clang_getCursorKind(st) != CXCursor_DeclStmt)
		return;
	ds = cx_kids_of(st);
	init = ds.n == 1 ? var_init(ds.c[0]) : clang_getNullCursor();
	if (ds.n != 1 || clang_Cursor_isNull(init) || !clang_equalCursors(strip(init), call))
		goto out;
	if (ballot && clang_Cursor_getNumArguments(call) == 2) { /* __ballot_sync(mask, p) */
		kmask = clang_Cursor_getArgument(call, 0);
		if (!int_constant(strip(kmask), &k))
			goto out;
	}
	w->masks = cx_realloc(w->masks, (w->nmasks + 1) * sizeof(*w->masks));
	w->masks[w->nmasks].var = ds.c[0];
	w->masks[w->nmasks].slot = slot;
	w->masks[w->nmasks].ballot = ballot;
	if (asprintf(&w->masks[w->nmasks].kmask, "%#llxu", (unsigned long long)k & 0xffffffffull) <
	    0)
		abort();
	w->nmasks++;
out:
	cx_kids_free(&ds);
}

void wl_masks_free(struct wlower *w)
{
	for (unsigned i = 0; i < w->nmasks; i++)
		free(w->masks[i].kmask);
	free(w->masks);
	w->masks = NULL;
	w->nmasks = 0;
}

static CXCursor ref_of(CXCursor e)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr ? clang_getCursorReferenced(e)
							      : clang_getNullCursor();
}

static bool names(CXCursor e, CXCursor var)
{
	CXCursor r = ref_of(e);

	return !clang_Cursor_isNull(r) && clang_equalCursors(r, var);
}

/* The recorded mask variable e names, never assigned in the kernel. */
static const struct wmask *mask_of(struct wlower *w, CXCursor e)
{
	CXCursor r = ref_of(e);

	for (unsigned i = 0; !clang_Cursor_isNull(r) && i < w->nmasks; i++)
		if (clang_equalCursors(w->masks[i].var, r) && !wl_var_written(w->s, w->body, r))
			return &w->masks[i];
	return NULL;
}

/* e is `f(M)` (f: __ffs or __popc) with M the mask, `f(M) - sub`, or a fixed local initialised so.
 */
static bool mask_fn(struct wlower *w, CXCursor e, const char *f, bool minus1, const struct wmask *m)
{
	struct cx_kids ks;
	CXCursor d;
	char op[4];
	bool r = false;

	e = strip(e);
	d = ref_of(e);
	if (!clang_Cursor_isNull(d))
		return clang_getCursorKind(d) == CXCursor_VarDecl &&
		       !clang_Cursor_isNull(var_init(d)) && !wl_var_written(w->s, w->body, d) &&
		       mask_fn(w, var_init(d), f, minus1, m);
	ks = cx_kids_of(e);
	if (minus1) {
		op_text(w->s, e, op);
		r = clang_getCursorKind(e) == CXCursor_BinaryOperator && ks.n == 2 &&
		    !strcmp(op, "-") && wl_const_is(ks.c[1], 1) && mask_fn(w, ks.c[0], f, false, m);
	} else if (clang_getCursorKind(e) == CXCursor_CStyleCastExpr && !strcmp(f, "__popc") &&
		   ks.n) {
		r = mask_fn(w, ks.c[ks.n - 1], f, false, m); /* (unsigned long long)__popc(mask) */
	} else if (is_call_to(e, f) && clang_Cursor_getNumArguments(e) == 1) {
		r = mask_of(w, clang_Cursor_getArgument(e, 0)) == m;
	}
	cx_kids_free(&ks);
	return r;
}

static bool is_member_of(const struct source *s, CXCursor e, const char *const *bases)
{
	struct cx_kids ks = cx_kids_of(e);
	char *b = ks.n == 1 ? cx_spelling(strip(ks.c[0])) : NULL;
	bool r = b && in_list(b, bases);

	(void)s;
	free(b);
	cx_kids_free(&ks);
	return r;
}

static bool uniform_value(const struct source *s, CXCursor body, CXCursor e);
static bool uniform_value_in(const struct source *s, CXCursor body, CXCursor e, bool locals);

/* &x, &x[i], &a[i] with a a uniform pointer or a __shared__ / file-scope array: the same in every
 * thread. */
static bool uniform_address(const struct source *s, CXCursor body, CXCursor e, bool locals)
{
	CXCursor d;
	struct cx_kids ks;
	bool r = false;

	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr) {
		ks = cx_kids_of(e);
		r = ks.n == 2 &&
		    (uniform_address(s, body, ks.c[0], locals) ||
		     uniform_value_in(s, body, ks.c[0], locals)) &&
		    uniform_value_in(s, body, ks.c[1], locals);
		cx_kids_free(&ks);
		return r;
	}
	d = ref_of(e);
	return clang_getCursorKind(d) == CXCursor_VarDecl &&
	       (has_annot(d, "shared") ||
		clang_getCursorKind(clang_getCursorSemanticParent(d)) == CXCursor_TranslationUnit);
}

/*
 * A value the same in every thread of the block: constants, blockIdx,
 * blockDim, gridDim, parameters and locals never assigned whose
 * initializers are such values, uniform addresses, joined by operators
 * without effects.  No memory is read.
 */
static bool uniform_value(const struct source *s, CXCursor body, CXCursor e)
{
	return uniform_value_in(s, body, e, true);
}

/*
 * locals: may e name locals?  Not in a kernel with __idxgen_alive flags
 * (returns, predicated bodies): there the planner keeps such a local per
 * thread, and the statement would run per thread.
 */
static bool uniform_value_in(const struct source *s, CXCursor body, CXCursor e, bool locals)
{
	static const char *const block[] = {"blockIdx", "blockDim", "gridDim", NULL};
	enum CXCursorKind k;
	struct cx_kids ks;
	CXCursor d;
	bool r = true;
	char op[4];
	unsigned i;

	e = strip(e);
	k = clang_getCursorKind(e);
	if (k == CXCursor_IntegerLiteral)
		return true;
	if (k == CXCursor_MemberRefExpr)
		return is_member_of(s, e, block);
	if (k == CXCursor_DeclRefExpr) {
		d = clang_getCursorReferenced(e);
		if (clang_getCursorKind(d) == CXCursor_ParmDecl)
			return !wl_var_written(s, body, d);
		return locals && wl_fixed_local(s, body, e, uniform_value);
	}
	if (k == CXCursor_UnaryOperator) {
		ks = cx_kids_of(e);
		if (ks.n != 1 || unary_deref(s, e) || unary_op(s, e) == '+')
			r = false;
		else if (unary_op(s, e) == '&')
			r = uniform_address(s, body, ks.c[0], locals);
		else
			r = uniform_value_in(s, body, ks.c[0], locals);
		cx_kids_free(&ks);
		return r;
	}
	if (k == CXCursor_BinaryOperator) {
		op_text(s, e, op);
		if (is_assign_op(op) || !strcmp(op, ","))
			return false;
	} else if (k != CXCursor_CStyleCastExpr) {
		return false;
	}
	ks = cx_kids_of(e);
	for (i = 0; i < ks.n && r; i++)
		r = clang_isExpression(clang_getCursorKind(ks.c[i]))
			? uniform_value_in(s, body, ks.c[i], locals)
			: true;
	cx_kids_free(&ks);
	return r;
}

/* `(1u << lane) - 1`: the lanes below the caller's. */
static bool lanes_below(struct wlower *w, CXCursor e)
{
	struct cx_kids ks = cx_kids_of(strip(e)), sh;
	char op[4] = "";
	bool r = false;

	if (clang_getCursorKind(strip(e)) == CXCursor_BinaryOperator)
		op_text(w->s, strip(e), op);
	if (ks.n == 2 && !strcmp(op, "-") && wl_const_is(ks.c[1], 1) &&
	    clang_getCursorKind(strip(ks.c[0])) == CXCursor_BinaryOperator) {
		op_text(w->s, strip(ks.c[0]), op);
		sh = cx_kids_of(strip(ks.c[0]));
		r = sh.n == 2 && !strcmp(op, "<<") && wl_const_is(sh.c[0], 1) &&
		    wl_is_lane(w->s, w->body, sh.c[1]);
		cx_kids_free(&sh);
	}
	cx_kids_free(&ks);
	return r;
}

/* `__popc(mask & ((1u << lane) - 1))` (either order), or a fixed local initialised so: the lane's
 * rank in m. */
static bool rank_of(struct wlower *w, CXCursor e, const struct wmask *m)
{
	struct cx_kids ks;
	CXCursor d = ref_of(e), a;
	char op[4] = "";
	bool r = false;

	if (!clang_Cursor_isNull(d))
		return clang_getCursorKind(d) == CXCursor_VarDecl &&
		       !clang_Cursor_isNull(var_init(d)) && !wl_var_written(w->s, w->body, d) &&
		       rank_of(w, var_init(d), m);
	e = strip(e);
	if (!is_call_to(e, "__popc") || clang_Cursor_getNumArguments(e) != 1)
		return false;
	a = strip(clang_Cursor_getArgument(e, 0));
	if (clang_getCursorKind(a) == CXCursor_BinaryOperator)
		op_text(w->s, a, op);
	ks = cx_kids_of(a);
	r = ks.n == 2 && !strcmp(op, "&") &&
	    ((mask_of(w, ks.c[0]) == m && lanes_below(w, ks.c[1])) ||
	     (mask_of(w, ks.c[1]) == m && lanes_below(w, ks.c[0])));
	cx_kids_free(&ks);
	return r;
}

/*
 * The leader's test: `lane == leader` (either order; *how 1) or `rank ==
 * 0` (`0 == rank`, `!rank`; *how 3), of a recorded mask *m.
 */
static bool leader_test(struct wlower *w, CXCursor c, const struct wmask **m, int *how)
{
	struct cx_kids ks = cx_kids_of(strip(c));
	char op[4] = "";
	bool r = false;

	if (clang_getCursorKind(strip(c)) == CXCursor_BinaryOperator)
		op_text(w->s, strip(c), op);
	for (unsigned i = 0; i < w->nmasks && !r; i++) {
		const struct wmask *k = &w->masks[i];

		if (ks.n == 1 && clang_getCursorKind(strip(c)) == CXCursor_UnaryOperator &&
		    w->s->text[c_start(strip(c))] == '!')
			r = rank_of(w, ks.c[0], k) && (*how = 3);
		for (int side = 0; side < 2 && !r && ks.n == 2 && !strcmp(op, "=="); side++) {
			CXCursor x = ks.c[side], y = ks.c[1 - side];

			if (wl_is_lane(w->s, w->body, x) && mask_fn(w, y, "__ffs", true, k))
				r = (*how = 1);
			else if (wl_const_is(x, 0) && rank_of(w, y, k))
				r = (*how = 3);
		}
		if (r)
			*m = k;
	}
	cx_kids_free(&ks);
	return r;
}

/* The statement a then-branch holds: s itself, or a block's only statement. */
static CXCursor only_stmt(CXCursor s)
{
	struct cx_kids ks;
	CXCursor r = s;

	if (clang_getCursorKind(s) == CXCursor_CompoundStmt) {
		ks = cx_kids_of(s);
		r = ks.n == 1 ? ks.c[0] : clang_getNullCursor();
		cx_kids_free(&ks);
	}
	return r;
}

/* The value then's assignment stores (the atomicAdd call). */
static CXCursor leader_value(struct wlower *w, CXCursor then)
{
	CXCursor t, v;

	return assignment(w->s, then, &t, &v) ? v : clang_getNullCursor();
}

/* `res = atomicAdd(p, count)`: res's variable, p and the suffix of the helper for *p's type. */
static bool leader_add(struct wlower *w, CXCursor st, const struct wmask *m, CXCursor *res,
		       CXCursor *p, const char **sfx)
{
	CXCursor t, v, call;
	char *ty, *rt;
	bool ok;

	if (clang_Cursor_isNull(st) || clang_getCursorKind(st) != CXCursor_BinaryOperator ||
	    !assignment(w->s, st, &t, &v) || clang_Cursor_isNull(*res = ref_of(t)))
		return false;
	call = strip(v);
	if (!is_call_to(call, "atomicAdd") || clang_Cursor_getNumArguments(call) != 2 ||
	    !mask_fn(w, clang_Cursor_getArgument(call, 1), "__popc", false, m))
		return false;
	*p = clang_Cursor_getArgument(call, 0);
	ty = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(call))));
	rt = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(*res))));
	*sfx = !strcmp(ty, "int")		   ? "i"
	       : !strcmp(ty, "unsigned int")	   ? "u"
	       : !strcmp(ty, "unsigned long long") ? "ull"
						   : NULL;
	ok = *sfx && !strcmp(ty, rt) && clang_getCursorKind(*res) == CXCursor_VarDecl &&
	     uniform_value_in(w->s, w->body, *p, strcmp(w->alive, "__idxgen_alive") != 0);
	free(ty);
	free(rt);
	return ok;
}

/* res declared alone by l[j], j < i, a constant or no initializer (*init), not named in l[j+1 ..
 * i-1]. */
static bool fresh_result(struct wlower *w, const CXCursor *l, unsigned i, CXCursor res,
			 long long *init)
{
	for (unsigned j = 0; j < i; j++) {
		struct cx_kids ds;
		CXCursor e;
		bool ok;

		if (clang_getCursorKind(l[j]) != CXCursor_DeclStmt)
			continue;
		ds = cx_kids_of(l[j]);
		ok = ds.n == 1 && clang_equalCursors(ds.c[0], res) && !has_annot(res, "shared");
		cx_kids_free(&ds);
		if (!ok)
			continue;
		e = var_init(res);
		*init = 0;
		if (!clang_Cursor_isNull(e) && !int_constant(strip(e), init))
			return false;
		for (j++; j < i; j++)
			if (wl_var_named(w->s, l[j], res))
				return false;
		return true;
	}
	return false;
}

/* In st, the shuffle __shfl_sync(k, res, leader[, 32]) (or __shfl(res, leader[, 32])) of mask m's
 * leader. */
struct shfl_find {
	struct wlower *w;
	CXCursor res, hit;
	const struct wmask *m;
	unsigned n;
};

static enum CXChildVisitResult find_shfl(CXCursor c, CXCursor parent, CXClientData d)
{
	struct shfl_find *f = d;
	char *n = clang_getCursorKind(c) == CXCursor_CallExpr ? builtin_ref(c) : NULL;
	int a = n && !strcmp(n, "__shfl_sync") ? 1 : n && !strcmp(n, "__shfl") ? 0 : -1;
	int na = a < 0 ? 0 : clang_Cursor_getNumArguments(c);

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr) { /* not lowered there (wl_calls_in) */
		f->n++;
		return CXChildVisit_Continue;
	}
	if (n && warp_op_named(n))
		f->n++;
	if (a >= 0 && na >= a + 2 && na <= a + 3 &&
	    names(clang_Cursor_getArgument(c, (unsigned)a), f->res) &&
	    mask_fn(f->w, clang_Cursor_getArgument(c, (unsigned)a + 1), "__ffs", true, f->m) &&
	    (na == a + 2 || wl_const_is(clang_Cursor_getArgument(c, (unsigned)a + 2), 32)))
		f->hit = c;
	free(n);
	return CXChildVisit_Recurse;
}

static CXCursor broadcast(struct wlower *w, CXCursor st, CXCursor res, const struct wmask *m)
{
	struct shfl_find f = {w, res, clang_getNullCursor(), m, 0};

	find_shfl(st, st, &f);
	clang_visitChildren(st, find_shfl, &f);
	return f.n == 1 ? f.hit : clang_getNullCursor();
}

/* After the shuffle, res holds what CUDA's lanes hold: assigned by it, or not read again. */
static bool result_settled(struct wlower *w, const CXCursor *l, unsigned i, unsigned n,
			   CXCursor res)
{
	CXCursor t, v;

	if (clang_getCursorKind(l[i + 1]) == CXCursor_BinaryOperator &&
	    assignment(w->s, l[i + 1], &t, &v) && names(t, res))
		return true;
	for (unsigned j = i + 2; j < n; j++)
		if (wl_var_named(w->s, l[j], res))
			return false;
	return true;
}

bool warp_agg(struct wlower *w, const CXCursor *l, unsigned i, unsigned n)
{
	const struct wmask *m = NULL;
	struct cx_kids ks;
	CXCursor res = clang_getNullCursor(), p, shfl, then;
	const char *sfx = NULL;
	long long init = 0;
	int how = 0;
	unsigned slot, a, b, j;
	char *ptext, *rtype, *cond, *src, *count, *fn;
	struct buf t = {0};
	bool ok;

	if (w->loops || w->inner || i + 1 >= n || clang_getCursorKind(l[i]) != CXCursor_IfStmt ||
	    in_macro(l[i]))
		return false;
	ks = cx_kids_of(l[i]);
	then = ks.n == 2 ? only_stmt(ks.c[1]) : clang_getNullCursor();
	ok = ks.n == 2 && leader_test(w, ks.c[0], &m, &how) &&
	     leader_add(w, then, m, &res, &p, &sfx);
	cond = ok ? wl_text(w->s, ks.c[0]) : NULL;
	cx_kids_free(&ks);
	if (!ok || !fresh_result(w, l, i, res, &init)) {
		free(cond);
		return false;
	}
	ok = false; /* the mask declared in this block */
	for (j = 0; j < i && !ok; j++)
		if (clang_getCursorKind(l[j]) == CXCursor_DeclStmt) {
			struct cx_kids ds = cx_kids_of(l[j]);

			ok = ds.n == 1 && clang_equalCursors(ds.c[0], m->var);
			cx_kids_free(&ds);
		}
	ok = ok &&
	     (clang_isExpression(clang_getCursorKind(l[i + 1])) ||
	      clang_getCursorKind(l[i + 1]) == CXCursor_DeclStmt); /* lowered by lower_stmt_calls */
	shfl = ok ? broadcast(w, l[i + 1], res, m) : clang_getNullCursor();
	if (clang_Cursor_isNull(shfl) || !result_settled(w, l, i, n, res)) {
		free(cond);
		return false;
	}
	slot = w->nslot++;
	ptext = wl_text(w->s, p);
	rtype = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(res))));
	bprintf(&w->decls, " __shared__ %s __idxgen_l%u[32];", rtype, slot);
	if (m->ballot)
		bprintf(&t, "idxgen_cc_warp_leader_add_%s(__idxgen_l%u, __idxgen_b%u, %s, ", sfx,
			slot, m->slot, m->kmask);
	else
		bprintf(&t, "idxgen_cc_warp_leader_add_%s(__idxgen_l%u, (const unsigned *)0, ~0u, ",
			sfx, slot);
	bprintf(&t, NT ", blockDim.x, %d, %s, (%s)%lld, (%s));", how, w->alive, rtype, init, ptext);
	a = c_start(l[i]);
	b = stmt_end(w->s, l[i]);
	for (j = a; j < b; j++) /* the lines stay the user's */
		if (w->s->text[j] == '\n')
			bputs(&t, "\n");
	wl_edit(w, a, b, t.p);
	w->agg_call = shfl;
	free(w->agg_read);
	/* the test's and the shuffle's locals stay used (-Wunused-variable): nothing to compute */
	fn = builtin_ref(shfl); /* __shfl(r, src[, w]) or __shfl_sync(m, r, src[, w]) */
	src = wl_text(w->s, clang_Cursor_getArgument(shfl, strcmp(fn, "__shfl") ? 2 : 1));
	count = wl_text(w->s, clang_Cursor_getArgument(strip(leader_value(w, then)), 1));
	if (asprintf(&w->agg_read,
		     "((void)(%s), (void)(%s), (void)(%s), __idxgen_l%u[" LIN " / 32])", cond,
		     count, src, slot) < 0)
		abort();
	free(fn);
	free(src);
	free(count);
	free(cond);
	free(ptext);
	free(rtype);
	return true;
}
