// SPDX-License-Identifier: MIT
/*
 * dump_plan.c - idxgen-cc --dump=plan: a kernel's plan as a reader wants
 * it, from the results of the analyses (no emission): its statements in
 * source order with what runs once per block, what runs in which thread
 * loop and where the barriers are; then every variable's class and why.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

static unsigned line_of(CXCursor c)
{
	unsigned line;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	return line;
}

static unsigned end_line_of(CXCursor c)
{
	unsigned line;

	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)), NULL, &line, NULL, NULL);
	return line;
}

/* The source lines of thread loop r: its statements' first and last lines. */
static void region_lines(const struct kernel *k, int r, unsigned *a, unsigned *b)
{
	unsigned i;

	*a = ~0u;
	*b = 0;
	for (i = 0; i < k->ns; i++)
		if (k->s[i].cls == S_REGION && k->s[i].region == r) {
			if (line_of(k->s[i].c) < *a)
				*a = line_of(k->s[i].c);
			if (end_line_of(k->s[i].c) > *b)
				*b = end_line_of(k->s[i].c);
		}
}

/* Does the text of statement c contain str? */
static bool text_in(const struct kernel *k, CXCursor c, const char *str)
{
	size_t n = strlen(str);

	for (unsigned p = c_start(c); p + n <= c_end(c); p++)
		if (!strncmp(k->src->text + p, str, n))
			return true;
	return false;
}

/*
 * A shuffle-tree loop run once per block (warp_tree.c): its statement calls
 * idxgen_cc_block_tree_add; a warp-synchronous tail (warp_volatile.c)
 * idxgen_cc_lockstep_warp.
 */
static void dump_warp_tree(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o)
{
	static const char key[] = "idxgen_cc_block_tree_add(", only0[] = "(blockDim.x % 32u == 0 ||",
			  vkey[] = "idxgen_cc_lockstep_warp(";
	unsigned i, p, q;

	for (i = 0; i < n; i++)
		for (p = c_start(l[i]); p + sizeof(key) - 1 <= c_end(l[i]); p++)
			if (!strncmp(k->src->text + p, key, sizeof(key) - 1)) {
				bprintf(o, "; warp tree: line %u's shuffle loop, each level one loop over the block's warps (its leader runs them)",
					line_of(l[i]));
				for (q = p; q + sizeof(only0) - 1 <= c_end(l[i]); q++)
					if (!strncmp(k->src->text + q, only0, sizeof(only0) - 1)) {
						bputs(o, ", only the lanes lane 0's value depends on (only lane 0 reads it)");
						break;
					}
				break;
			}
	for (i = 0; i < n; i++)	/* a warp-synchronous tail run by the leader (warp_volatile.c) */
		for (p = c_start(l[i]); p + sizeof(vkey) - 1 <= c_end(l[i]); p++)
			if (!strncmp(k->src->text + p, vkey, sizeof(vkey) - 1)) {
				bprintf(o, "; warp-synchronous tail: line %u's statements over threadIdx.x < 32, each an ascending loop over the lanes (lock step), run by the block's leader",
					line_of(l[i]));
				break;
			}
}

/* How thread loop r is vectorised (contig.c, emit.c's independent()). */
static void region_vectorise(const struct kernel *k, int r, struct buf *o)
{
	CXCursor *l = cx_alloc(((size_t)k->ns + 1) * sizeof(*l)), sc, ba;
	unsigned i, m, n = 0;
	long long step;
	bool chunk;

	for (i = 0; i < k->ns; i++)
		if (k->s[i].cls == S_REGION && k->s[i].region == r)
			l[n++] = k->s[i].c;
	sc = loop_scattered_access(k, l, n, &chunk);
	for (i = 0, m = 0; i < n; i++) {	/* the loop's statements: those inside no other */
		unsigned j;

		for (j = 0; j < n; j++)
			if (j != i && c_start(l[j]) <= c_start(l[i]) && c_end(l[i]) <= c_end(l[j]) &&
			    (c_start(l[j]) != c_start(l[i]) || c_end(l[j]) != c_end(l[i]) || j < i))
				break;
		if (j == n)
			l[m++] = l[i];
	}
	dump_guard(k, l, m, o);
	dump_warp_tree(k, l, m, o);
	dump_aggs(k, l, m, o);
	if (unroll_region(k, l, m))
		bputs(o, "; inner loops of constant count unrolled fully: the thread loop innermost");
	ba = loop_block_atomic(k, l, m);
	if (clang_Cursor_isNull(ba)) {	/* a floating add kept in order (aggregate.c) */
		struct loop_aggs la;

		loop_aggs(k, l, m, &la);
		ba = aggs_in_order(&la);
	}
	if (guard_steps(k, l, m, &step))
		bprintf(o, "; vectorisation: the compiler's choice (the guard's step of %lld)", step);
	else if (k->src->tls)
		bputs(o, "; vectorisation: the compiler's choice (threadIdx handed to __device__ functions)");
	else if (!clang_Cursor_isNull(ba))
		bprintf(o, "; vectorisation: the compiler's choice (line %u: an atomic on shared memory or a floating add kept in order)",
			line_of(ba));
	else if (clang_Cursor_isNull(sc) && chunk)
		bputs(o, "; vectorisation: forced warp by warp (every access contiguous in each warp's threadIdx.x, such as a lane index tid % 32, or the same for its threads)");
	else if (clang_Cursor_isNull(sc))
		bputs(o, "; vectorisation: forced (every access contiguous in threadIdx.x or the same for all threads)");
	else
		bprintf(o, "; vectorisation: the compiler's choice (line %u: an access not contiguous in threadIdx.x)",
			line_of(sc));
	free(l);
}

static const char *control_name(CXCursor c)
{
	switch (clang_getCursorKind(c)) {
	case CXCursor_ForStmt:
		return "for";
	case CXCursor_WhileStmt:
		return "while";
	case CXCursor_DoStmt:
		return "do-while";
	case CXCursor_IfStmt:
		return "if";
	default:
		return "block";
	}
}

static void dump_list(const struct kernel *k, CXCursor *l, unsigned n, int depth, int *shown, struct buf *o);
/* Is e a call of idxgen_cc_block_any_present, through clang's one-child wrappers (casts)? */
static bool block_any_call(CXCursor e)
{
	struct cx_kids ks;
	bool r;

	if (is_call_to(e, "idxgen_cc_block_any_present"))
		return true;
	if (clang_getCursorKind(e) == CXCursor_CallExpr)
		return false;
	ks = cx_kids_of(e);
	r = ks.n == 1 && block_any_call(ks.c[0]);
	cx_kids_free(&ks);
	return r;
}

/*
 * A while or do-while warp_loop.c wrote for a loop whose header calls a
 * warp operation: its condition is whether a lane of the block is still in
 * it.
 */
static bool warp_loop_test(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ks;
	bool r;

	if (k != CXCursor_WhileStmt && k != CXCursor_DoStmt)
		return false;
	ks = cx_kids_of(c);
	r = ks.n == 2 && block_any_call(ks.c[k == CXCursor_DoStmt]);
	cx_kids_free(&ks);
	return r;
}

/* The bodies of a control statement containing barriers. */
static void dump_bodies(const struct kernel *k, CXCursor c, int depth, int *shown, struct buf *o)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks = cx_kids_of(c), b;
	unsigned i;

	if (ck == CXCursor_CompoundStmt) {
		b = stmt_list(k->src, c);
		dump_list(k, b.c, b.n, depth, shown, o);
		cx_kids_free(&b);
	} else if (ck == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(k->src, c, &init, &cond, &inc, &body);
		b = body_list(k->src, body);
		dump_list(k, b.c, b.n, depth, shown, o);
		cx_kids_free(&b);
	} else {
		for (i = (ck == CXCursor_DoStmt ? 0 : 1); i < ks.n; i++) {
			if (ck == CXCursor_DoStmt && i > 0)
				break;
			if (i == 2)
				bprintf(o, "%*selse:\n", 2 * depth, "");
			b = body_list(k->src, ks.c[i]);
			dump_list(k, b.c, b.n, depth, shown, o);
			cx_kids_free(&b);
		}
	}
	cx_kids_free(&ks);
}

/* A thread loop's line, once (shown). */
static void dump_region(const struct kernel *k, int r, int ind, int *shown, struct buf *o)
{
	unsigned a, b;

	if (shown[r])
		return;
	shown[r] = 1;
	region_lines(k, r, &a, &b);
	bprintf(o, "%*sthread loop %d: lines %u-%u (every thread of the block)", ind, "", r, a, b);
	region_vectorise(k, r, o);
	bputs(o, "\n");
}

/* An interchanged stride loop (stride.c): its for's init ends the thread loop before it. */
static void dump_stride(const struct kernel *k, CXCursor loop, int ind, int *shown, struct buf *o)
{
	const struct stmt *s = stmt_of(k, loop);
	CXCursor init, cond, inc, body;
	struct stride_index ix;

	if (clang_getCursorKind(loop) == CXCursor_ForStmt) {
		for_parts(k->src, loop, &init, &cond, &inc, &body);
		if (!clang_Cursor_isNull(init) && stmt_of(k, init))
			dump_region(k, stmt_of(k, init)->region, ind, shown, o);
	}
	bprintf(o, "%*sstride loop: lines %u-%u, interchanged: its rounds once per block, every thread's next iteration in each",
		ind, "", line_of(loop), end_line_of(loop));
	if (stride_index(k, loop, &ix)) {
		bprintf(o, "; index computed: round r runs the threads whose %s = start + threadIdx.%c + r * stride is in"
			   " range, a contiguous range (per-thread indices where a value could leave its type)",
			ix.v->name, 'x' + ix.axis);
		if (ix.axis == 0 && ix.limit <= INT32_MAX)	/* emit.c's stride_x_base */
			bputs(o, "; in a 1-D block whose conditions the rounds decide, each round's x loop alone,"
				 " counted by its index in an int");
		if (ix.axis == 0 && ix.limit <= INT32_MAX && stride_pairs(k, &ix))	/* emit.c's stride_pair_loop */
			bputs(o, "; two rounds at a time where both are whole (the body writes only the thread's"
				 " own locals)");
	}
	bputs(o, "\n");
	dump_region(k, s->region, ind + 2, shown, o);
}

/*
 * The load in front of the tree at l[i] fused with its first level
 * (tree_fuse.c): the thread loop's statements as emit.c gathers them, the
 * hoisted ones left out, those before the barrier at l[i - 1].
 */
static void dump_fused_load(const struct kernel *k, CXCursor *l, unsigned i, int ind, struct buf *o)
{
	CXCursor *run;
	unsigned j, n = 0;
	struct tree_level tl;

	if (i < 2 || !stmt_of(k, l[i - 1]) || stmt_of(k, l[i - 1])->cls != S_BARRIER)
		return;
	run = cx_alloc(i * sizeof(*run));
	for (j = i - 1; j-- > 0;) {
		const struct stmt *s = stmt_of(k, l[j]);

		if (!s || (s->cls != S_REGION && s->cls != S_SHARED && !s->hoisted) || s->stride)
			break;
		if (!s->hoisted)
			run[n++] = l[j];
	}
	while (n && stmt_of(k, run[n - 1])->cls == S_SHARED)	/* a declaration opens no thread loop */
		n--;
	for (j = 0; j < n / 2; j++) {	/* in source order */
		CXCursor t = run[j];

		run[j] = run[n - 1 - j];
		run[n - 1 - j] = t;
	}
	if (n && tree_fuse(k, run, n, l[i - 1], l[i], &tl)) {
		bprintf(o, "%*s", ind, "");
		dump_tree_fuse(k, run, n, &tl, o);
	}
	free(run);
}

/* shown: the thread loops printed so far (a thread loop prints once, at its first statement). */
static void dump_list(const struct kernel *k, CXCursor *l, unsigned n, int depth, int *shown, struct buf *o)
{
	unsigned i, a, b;

	for (i = 0; i < n; i++) {
		const struct stmt *s = stmt_of(k, l[i]);
		int ind = 2 * depth;
		struct tree_level tl;

		if (!s)
			continue;
		switch (s->cls) {
		case S_REGION:
			if (s->stride) {
				dump_stride(k, l[i], ind, shown, o);
				break;
			}
			if (shown[s->region])
				break;
			shown[s->region] = 1;
			region_lines(k, s->region, &a, &b);
			bprintf(o, "%*sthread loop %d: lines %u-%u (every thread of the block)", ind, "", s->region, a, b);
			region_vectorise(k, s->region, o);
			bputs(o, "\n");
			break;
		case S_BARRIER:
			bprintf(o, "%*sbarrier: line %u\n", ind, "", line_of(l[i]));
			break;
		case S_SHARED:
			bprintf(o, "%*s__shared__ declaration: line %u (a local of the block function)\n", ind, "",
				line_of(l[i]));
			break;
		case S_UDECL:
		case S_UEXPR:
			if (block_tree_collective(l[i])) {
				bprintf(o, "%*sonce per block: line %u (warp tree: line %u's shuffle loop, each level one loop over the block's warps, when a lane is present: no leader test per thread%s)%s\n",
					ind, "", line_of(l[i]), line_of(l[i]),
					text_in(k, l[i], "(blockDim.x % 32u == 0 ||") ?
						"; only the lanes lane 0's value depends on (only lane 0 reads it)" : "",
					s->hoisted ? ", moved in front of the open thread loop" : "");
				break;
			}
			if (block_sum_collective(l[i])) {
				bprintf(o, "%*sonce per block: line %u (block sum in a 1-D block: every warp's shuffle tree, lane 0's sums through __shared__ memory, warp 0's tree of them, one loop over the block's warps, the adds in the trees' order; only thread 0 reads the result)%s%s\n",
					ind, "", line_of(l[i]),
					is_call_to(l[i], "idxgen_cc_block_sum2_from") ?
						", v read where its contiguous load reads it (no publication)" : "",
					s->hoisted ? ", moved in front of the open thread loop" : "");
				break;
			}
			if (block_collective(l[i])) {
				bprintf(o, "%*sonce per block: line %u (%s)%s\n", ind, "", line_of(l[i]),
					warp_leader_collective(l[i]) ?
						"every warp's aggregated atomic: one atomicAdd of the warp's count by its leader, the old value read by every lane" :
						"every warp's ballot, one word a warp",
					s->hoisted ? ", moved in front of the open thread loop" : "");
				break;
			}
			bprintf(o, "%*sonce per block: line %u (%s that does not depend on the thread)%s\n", ind, "",
				line_of(l[i]), s->cls == S_UDECL ? "a declaration" : "a statement",
				s->hoisted ? ", moved in front of the open thread loop" : "");
			break;
		case S_CONTROL:
			if (warp_loop_test(l[i]))
				bprintf(o, "%*s%s containing barriers: lines %u-%u, once per block while a lane of it goes on (a warp operation's loop: each warp's lanes go round together, absent once their warp left it)\n",
					ind, "", control_name(l[i]), line_of(l[i]), end_line_of(l[i]));
			else
				bprintf(o, "%*s%s containing barriers: lines %u-%u, once per block (its conditions are uniform)\n",
					ind, "", control_name(l[i]), line_of(l[i]), end_line_of(l[i]));
			if (tree_level_loop(k, l[i], &tl)) {
				bprintf(o, "%*s", ind + 2, "");
				dump_tree_level(k, &tl, o);
				dump_fused_load(k, l, i, ind + 2, o);
			} else if (tree_loop(k, l[i])) {
				bprintf(o, "%*sreduction tree: written again for 1-D blocks of 256, 128, 512 and 1024 threads, the size a constant\n",
					ind + 2, "");
			}
			dump_bodies(k, l[i], depth + 1, shown, o);
			break;
		}
	}
}

/* Does c declare or mention v? */
static bool mentions(const struct kernel *k, CXCursor c, const struct var *v)
{
	return (c_start(c) <= c_start(v->decl) && c_end(v->decl) <= c_end(c)) || refs_var(k, c, v);
}

/* The thread loops that use v: "0, 2, 3". */
static void loops_using(const struct kernel *k, const struct var *v, struct buf *o)
{
	const char *sep = "";
	unsigned i;
	int r;

	for (r = 0; r < k->nregions; r++)
		for (i = 0; i < k->ns; i++)
			if (k->s[i].cls == S_REGION && k->s[i].region == r && mentions(k, k->s[i].c, v)) {
				bprintf(o, "%s%d", sep, r);
				sep = ", ";
				break;
			}
}

static void var_class(const struct kernel *k, const struct var *v, struct buf *o)
{
	long long size = clang_Type_getSizeOf(clang_getCursorType(v->decl));

	if (v->param) {
		bputs(o, written_anywhere(k, v) ?
				 "per block: a kernel parameter (the block's copy, assigned by code that runs once per block)" :
				 "per block: a kernel parameter (one copy, read only)");
		return;
	}
	if (v->shared) {
		bputs(o, "per block: __shared__");
		return;
	}
	switch (v->cls) {
	case V_SCALAR:
		bputs(o, "per block (uniform): does not depend on the thread and only code that runs once per block writes it");
		break;
	case V_LOCAL:
		if (v->nregions)
			bprintf(o, "per-thread local of thread loop %d: used in that thread loop only", v->first_region);
		else
			bputs(o, "per-thread local: used inside one statement");
		break;
	case V_PROMOTED:
		bprintf(o, "promoted: per-thread array '%s' at offset %zu of the private area (size %lld): ",
			v->pname, v->offset, size);
		if (v->array)
			bputs(o, "an array used in several thread loops");
		else if (v->addr_taken)
			bputs(o, "its address is taken");
		else
			bputs(o, "live across a barrier or into an interchanged stride loop (a later thread loop reads it before assigning it)");
		break;
	case V_REMAT:
		bputs(o, "recomputed in each thread loop that uses it (");
		loops_using(k, v, o);
		bputs(o, "): a cheap per-thread constant (an initializer without effects, never assigned)");
		break;
	case V_SPLIT:
		bputs(o, "split: a fresh local in each thread loop that uses it (");
		loops_using(k, v, o);
		bputs(o, "); not live across a barrier (every later thread loop assigns it before reading it)");
		break;
	}
}

void dump_plan(struct kernel *k, struct buf *o)
{
	int *shown = cx_alloc(((size_t)k->nregions + 1) * sizeof(*shown));
	unsigned i;

	bprintf(o, "kernel %s: %s line %u: %d thread loop(s), %d barrier(s), private area %zu bytes a thread%s\n",
		k->name, k->src->path, line_of(k->fn), k->nregions, k->nbarriers, k->priv_bytes,
		k->done_flags ? " (with the __done flags of threads that returned)" : "");
	bputs(o, "  statements:\n");
	dump_list(k, k->top.c, k->top.n, 2, shown, o);
	bputs(o, "  variables:\n");
	for (i = 0; i < k->nv; i++) {
		const struct var *v = &k->v[i];

		if (v->param || v->shared)
			bprintf(o, "    %s (line %u): ", v->name, line_of(v->decl));
		else
			bprintf(o, "    %s (line %u, %s): ", v->name, line_of(v->decl),
				v->variant ? "different in each thread" : "the same in every thread");
		var_class(k, v, o);
		bputs(o, "\n");
	}
	free(shown);
}
