// SPDX-License-Identifier: MIT
/*
 * plan_vars.c - planning, part 2: the variables of a kernel, once its
 * statements have their classes and regions (plan_stmts.c).  A local is one
 * copy per block (uniform, written only by once-per-block code), local to
 * one thread loop, or used in several: then promoted to a per-thread array
 * when it is live across a barrier (liveness at the thread loops' entries),
 * split into a fresh local per loop when it is not, recomputed per loop
 * when it is a cheap per-thread constant.  Last, the layout of the
 * runtime's private area: promoted arrays by decreasing alignment, then the
 * per-thread __done flags.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool var_scalar_ok(const struct var *v)
{
	return !v->variant && !v->addr_taken && !v->param && !v->shared && v->all_writes_uniform_level &&
	       (v->split_decl || v->header_decl);
}

/*
 * Liveness at region entries: the first thread loop other than the
 * declaring one that can read v before assigning it (its first statement
 * that mentions v is not "v = e;"), or -1 when none can.
 */
static int live_region(const struct kernel *k, const struct var *v)
{
	unsigned i;
	int r;

	for (r = 0; r < k->nregions; r++) {
		if (r == v->first_region)
			continue;
		for (i = 0; i < k->ns; i++) {
			if (k->s[i].cls != S_REGION || k->s[i].region != r || !refs_var(k, k->s[i].c, v))
				continue;
			if (!kills(k, k->s[i].c, v))
				return r;
			break;
		}
	}
	return -1;
}

/* v is live across a barrier (or into an interchanged stride loop): it needs a per-thread array */
static bool live_across(const struct kernel *k, const struct var *v)
{
	return v->array || v->addr_taken || live_region(k, v) >= 0;
}

/*
 * Does a barrier (a statement of its own) lie between the end of thread
 * loop 'from' and the start of a later thread loop 'to'?  Thread loops are
 * cut at barriers and at interchanged stride loops; 'to' before 'from' is
 * a turn of a loop around them, which only a barrier cuts.
 */
static bool barrier_between(const struct kernel *k, int from, int to)
{
	unsigned i, last_from = 0, first_to = k->ns;

	for (i = 0; i < k->ns; i++) {
		if (k->s[i].cls != S_REGION)
			continue;
		if (k->s[i].region == from)
			last_from = i;
		if (k->s[i].region == to && first_to == k->ns)
			first_to = i;
	}
	if (first_to < last_from || first_to == k->ns)
		return true;
	for (i = last_from; i < first_to; i++)
		if (k->s[i].cls == S_BARRIER || k->s[i].cls == S_CONTROL)
			return true;
	return false;
}

const char *promoted_why(const struct kernel *k, const struct var *v)
{
	int r;

	if (v->array)
		return "is an array used in several thread loops";
	if (v->addr_taken)
		return "has its address taken and is used in several thread loops";
	r = live_region(k, v);
	if (r < 0)
		return "shares its name with another variable of the kernel and is used in several thread loops";
	if (barrier_between(k, v->first_region, r))
		return "lives across __syncthreads()";
	return "is live into a later thread loop that an interchanged grid-stride loop starts (no barrier between)";
}

/* May an initializer be evaluated again in a later thread loop? */
static bool remat_refs_ok(const struct kernel *k, CXCursor e)
{
	struct cx_kids ks;
	unsigned i;
	bool ok = true;

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		struct var *v = var_of(k, e);

		/* a parameter may be assigned once per block between the two loops */
		if (v && (v->param ? written_anywhere(k, v) :
				     v->cls != V_REMAT &&
					     !(v->cls == V_SCALAR && !v->header_decl && !written_anywhere(k, v))))
			return false;
	}
	ks = cx_kids_of(e);
	for (i = 0; i < ks.n && ok; i++)
		ok = remat_refs_ok(k, ks.c[i]);
	cx_kids_free(&ks);
	return ok;
}

static const char *per_thread_why(const struct kernel *k, const struct var *v)
{
	unsigned i;

	if (v->variant)
		return "different in each thread";
	for (i = 0; i < k->ns; i++)
		if (k->s[i].cls == S_REGION && writes_in(k, k->s[i].c, v))
			return "assigned inside a thread loop";
	return "initialized inside a thread loop (declare it, then assign it in a statement of its own)";
}

static void first_classes(struct kernel *k)
{
	unsigned j;

	for (j = 0; j < k->nv; j++) {
		struct var *v = &k->v[j];
		bool scalar = var_scalar_ok(v);

		if (v->param || v->shared) {
			v->cls = V_SCALAR;
			continue;
		}
		if (v->header_decl && !scalar) {
			error_at(k->src, v->decl, "'%s' controls a loop containing __syncthreads() but is %s",
				 v->name, per_thread_why(k, v));
			continue;
		}
		if (scalar) {
			v->cls = V_SCALAR;
		} else if (v->split_decl && (v->nregions > 1 || v->uniform_ref)) {
			if (v->uniform_ref)
				error_at(k->src, v->decl,
					 "'%s' is used by code that runs once per block (a condition of a loop or branch containing __syncthreads()) but is %s",
					 v->name, per_thread_why(k, v));
			v->cls = V_PROMOTED;
		} else {
			v->cls = V_LOCAL;
		}
	}
}

/*
 * Does another variable of the kernel have v's name?  A variable split or
 * recomputed is declared by its name at the top of each thread loop that
 * uses it: two of one name there (a kernel's "int *ptr" and the parameter
 * "ptr" of a helper inlined into its inner block, warp_inline.c) would be
 * one redefinition.  Such a variable stays promoted (its own array).
 */
static bool name_shared(const struct kernel *k, const struct var *v)
{
	for (unsigned j = 0; j < k->nv; j++)
		if (&k->v[j] != v && !strcmp(k->v[j].name, v->name))
			return true;
	return false;
}

/* Promoted variables that are not live across a barrier, or cheap to recompute. */
static void refine_promoted(struct kernel *k)
{
	unsigned j;

	for (j = 0; j < k->nv; j++)
		if (k->v[j].cls == V_PROMOTED && !live_across(k, &k->v[j]) && !name_shared(k, &k->v[j]))
			k->v[j].cls = V_SPLIT;
	for (j = 0; j < k->nv; j++) {
		struct var *v = &k->v[j];
		CXCursor init = var_init(v->decl);

		if (v->cls != V_PROMOTED || v->array || v->addr_taken || clang_Cursor_isNull(init) || name_shared(k, v) ||
		    has_effects(k->src, init) || written_anywhere(k, v) || !remat_refs_ok(k, init))
			continue;
		v->cls = V_REMAT;
	}
}

/*
 * Parameters: each block unpacks its own copy (kernel.c), so once-per-block
 * code may assign one ("x += blockIdx.x * n;" at kernel level); a thread
 * loop may not (its threads share that copy).
 */
static void check_param_writes(struct kernel *k)
{
	unsigned i, j;

	for (i = 0; i < k->ns; i++)
		for (j = 0; j < k->nv; j++)
			if (k->v[j].param && k->s[i].cls == S_REGION && writes_in(k, k->s[i].c, &k->v[j]))
				error_at(k->src, k->s[i].c, "kernel parameter '%s' is assigned by code that runs per thread: copy it to a local variable",
					 k->v[j].name);
}

/*
 * The per-thread arrays in the runtime's private area, structure of arrays:
 * name_ (name_N_ for the Nth shadowing duplicate), by decreasing alignment,
 * each at an offset that is a multiple of its alignment (idxgen_rt.h,
 * "values live across a barrier"); then the __done flags where a thread can
 * leave before a later thread loop.
 */
static void layout(struct kernel *k)
{
	unsigned i, j, dup;
	long long al;

	for (i = 0; i < k->nv; i++) {
		struct var *v = &k->v[i];

		if (v->cls != V_PROMOTED)
			continue;
		for (j = 0, dup = 0; j < i; j++)
			if (k->v[j].cls == V_PROMOTED && !strcmp(k->v[j].name, v->name))
				dup++;
		if ((dup ? asprintf(&v->pname, "%s_%u_", v->name, dup) : asprintf(&v->pname, "%s_", v->name)) < 0) {
			perror("idxgen-cc");
			exit(2);
		}
	}
	k->priv_bytes = 0;
	for (al = 64; al >= 1; al /= 2)
		for (i = 0; i < k->nv; i++) {
			struct var *v = &k->v[i];
			CXType t = clang_getCursorType(v->decl);

			if (v->cls != V_PROMOTED || clang_Type_getAlignOf(t) != al)
				continue;
			v->offset = k->priv_bytes;
			k->priv_bytes += (size_t)clang_Type_getSizeOf(t);
		}
	k->done_flags = k->has_return && k->nregions > 1;
	if (k->done_flags) {
		k->done_offset = k->priv_bytes;
		k->priv_bytes += 1;
	}
}

void plan_variables(struct kernel *k)
{
	int errs0 = k->src->nerrors;

	first_classes(k);
	refine_promoted(k);
	check_param_writes(k);
	if (k->src->nerrors == errs0)
		layout(k);
}
