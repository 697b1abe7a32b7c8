/* SPDX-License-Identifier: MIT */
/*
 * warp.h - what the files of the warp pass share (warp.c: lowering of warp
 * operations; warp_cg.c: cooperative groups; warp_inline.c: inlining of
 * __device__ functions with warp operations; warp_edit.c: text edits and
 * the map back to the user's columns).  Internal to idxgen-cc.
 */
#ifndef IDXGEN_CC_WARP_PASS_H
#define IDXGEN_CC_WARP_PASS_H

#include "cc.h"

/* The thread's linear id and the block's thread count, as source text. */
#define LIN "(threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)"
/* The thread takes part in warp operations (not returned, predicate set). */
#define GUARD "__idxgen_alive[" LIN "]"
#define NT "(blockDim.x * blockDim.y * blockDim.z)"

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
	bool guarded;		/* lowering the body of a predicated if (warp.c) */
	unsigned npred;		/* predicated ifs of the current kernel */
	unsigned first_op;	/* offsets of the kernel's first and last warp operation */
	unsigned last_op;
	unsigned loops;		/* loops around the statement being lowered */
	CXCursor body;		/* the kernel's body */
	const struct cx_kids *top;	/* the translation unit's declarations (warp_lower) */
	unsigned inner;		/* in the branch of an if that is not predicated, or a loop's body */
	struct wmask *masks;	/* the current kernel's mask variables (warp_agg.c) */
	unsigned nmasks;
	CXCursor agg_call;	/* the shuffle warp_agg read from its per-warp result, or null */
	char *agg_read;
};

/* A variable declared from a ballot (slot: its __idxgen_bN) or from __activemask(). */
struct wmask {
	CXCursor var;
	unsigned slot;
	bool ballot;
	char *kmask;	/* the ballot's mask argument, an integer constant */
};

void wl_edit(struct wlower *w, unsigned a, unsigned b, char *text);
char *wl_text(const struct source *s, CXCursor c);
/* Apply w's edits to w->s->text, chaining the column map. */
void wl_apply(struct wlower *w);

/* The warp operations and cooperative-groups calls under c. */
struct calls {
	CXCursor *c;
	unsigned n, cap;
	struct wlower *w;
};
struct calls wl_calls_in(struct wlower *w, CXCursor c);
CXCursor wl_body_of(CXCursor fn);

/*
 * Cooperative groups (include/cuda/cooperative_groups.h): a call of a
 * function or method of namespace cooperative_groups.  tile: 0 for the
 * thread block's methods and the free functions, N for thread_block_tile<N>.
 */
struct cgcall {
	char *name;
	unsigned tile;
	bool member;
	bool dyn;	/* of a thread_group or coalesced_group: a shape known at run time */
};
bool cg_of(CXCursor c, struct cgcall *g);
/* Is n the name of a warp-level function warp.c lowers (`__shfl_down_sync`, `__ballot`)? */
bool warp_op_named(const char *n);
bool cg_pure(const struct cgcall *g);
/* An index query or a collective of a tile of at most 32 threads but its sync: runs under a predicate. */
bool cg_predicable(CXCursor call);
bool cg_wide_tile_collective(const struct cgcall *g);	/* fibers run it, fission does not */
bool cg_large_tile_collective(struct source *s, CXCursor c);	/* diagnosed (fiber kernels) */
/* the name of a cooperative-groups call a template leaves dependent (nothing lowers it), or NULL */
char *cg_dependent_call(CXCursor c);
/* the name of a warp-level function a template leaves unresolved (`__shfl_xor_sync(m, v, o)` with v a T), or NULL */
char *warp_dependent_call(CXCursor c);
/* Rewrite one call; true if its statement needs the exchange (put: the publications). */
bool lower_cg(struct wlower *w, CXCursor call, const struct cgcall *g, struct buf *put);
/* The read that replaces the call (malloc'd; NULL: diagnosed), *exchange as lower_cg returns. */
char *cg_call_read(struct wlower *w, CXCursor call, const struct cgcall *g, struct buf *put, bool *exchange);

/*
 * A shuffle-tree loop (for (o = 16; o > 0; o /= 2) v += __shfl_down_sync(m, v, o);)
 * run once per warp by its leader (warp_tree.c): true if lowered so.
 */
bool warp_tree(struct wlower *w, CXCursor loop, bool in_compound);
/* A shuffle down from offset 16 over whole warps on a local, its sum in lane 0 (warp_tree.c)? *var: the local. */
bool warp_tree_whole_down(struct wlower *w, CXCursor loop, CXCursor *var);
/*
 * The two-level block sum from l[i] of block (warp_block_sum.c): each warp's tree,
 * lane 0's sum into __shared__ memory, a barrier, warp 0's tree of the sums,
 * thread 0's use.  Inserts the 1-D block's form in front of l[i] (the
 * statements as written become its else branch): the number of statements
 * of the pattern, whose end the caller closes with " }" after lowering
 * them (warp_block_sum_end); 0 where it is not proven.
 */
unsigned warp_block_sum(struct wlower *w, CXCursor block, const CXCursor *l, unsigned i, unsigned n);
void warp_block_sum_end(struct wlower *w, CXCursor last);
/* v's initializer init a contiguous load of a 1-D block: the text of where thread 0's lies (warp_block_load.c), else NULL. */
char *warp_block_load(struct wlower *w, CXCursor init, CXCursor var);
/* After statement st of fn_body, is var read only where threadIdx.x % 32 == 0 (warp_lane0.c)? */
bool lane0_reads_only(const struct source *s, CXCursor fn_body, CXCursor st, CXCursor var);

/* X % 32, X % warpSize, X & 31 (X: threadIdx.x or a local initialised so), or a local initialised so (warp_lane0.c). */
bool wl_is_lane(const struct source *s, CXCursor fn_body, CXCursor e);
/* A local of fn_body initialised by an expression that passes ok() and never assigned. */
bool wl_fixed_local(const struct source *s, CXCursor fn_body, CXCursor e,
		    bool (*ok)(const struct source *, CXCursor, CXCursor));
/* Is var named under c; assigned, incremented or addressed under c? */
bool wl_var_named(const struct source *s, CXCursor c, CXCursor var);
bool wl_var_written(const struct source *s, CXCursor c, CXCursor var);
/* Is var's address taken under c (&var)? */
bool wl_var_addressed(const struct source *s, CXCursor c, CXCursor var);

/*
 * Warp-aggregated atomics (warp_agg.c).  A mask variable a statement
 * declares from a ballot or __activemask() is recorded (wl_note_mask); the
 * leader's `if (lane == leader) r = atomicAdd(p, __popc(mask));` at l[i]
 * followed by `r = __shfl_sync(.., r, leader)` becomes one statement once
 * per block (warp_agg: true if l[i] was so replaced; the shuffle of l[i + 1]
 * is then w->agg_call, read as w->agg_read).
 */
void wl_note_mask(struct wlower *w, CXCursor st, CXCursor call, unsigned slot, bool ballot);
bool warp_agg(struct wlower *w, const CXCursor *l, unsigned i, unsigned n);
void wl_masks_free(struct wlower *w);

/* Literals and a template's value parameters joined by operators (`BS >> 1`; warp_tree.c). */
bool wl_template_const(const struct source *s, CXCursor e);
/* threadIdx.x, or a local of fn_body initialised so and never assigned (warp_lane0.c). */
bool wl_is_tidx(const struct source *s, CXCursor fn_body, CXCursor e);
/* An integer constant equal to want (warpSize: 32). */
bool wl_const_is(CXCursor e, long long want);
/*
 * The unrolled last warp over volatile shared memory (`if (tid < 32) { v[tid] +=
 * v[tid + 32]; ... }`) run by the block's leader in lock step (warp_volatile.c):
 * the number of such blocks of kernel fn rewritten so.
 */
unsigned warp_volatile_tails(struct wlower *w, CXCursor fn, CXCursor body);

/*
 * A __device__ function of the form warp_inline.c inlines, kept because a
 * function it cannot inline into names it: that function's name (NULL: fn
 * is not of that form, or nothing in the main file names it).  Freed by
 * the caller.
 */
char *warp_kept_caller(struct wlower *w, CXCursor fn);

/*
 * The call statement st (`y = f(a);`, `T y = f(a);`) of kernel inlined with
 * f's body running on y itself, where f returns its one parameter
 * (warp_inline_self.c): true if so edited; false leaves st to the general form.
 */
bool warp_inline_self(struct wlower *w, CXCursor kernel, CXCursor st, CXCursor call, CXCursor lhs, bool decl,
		      CXCursor fn, CXCursor body, CXCursor ret, bool braced);

/* warp.c's pieces the loop lowering reuses (warp_loop.c). */
bool wl_exchanges(CXCursor c);
/* The call's text starts with the callee's name (not a macro's). */
bool wl_spelled_here(const struct source *s, CXCursor call);
/*
 * The read replacing warp-level or cooperative-groups call `call` (malloc'd;
 * NULL: no such call, or diagnosed), its publication appended to put.
 */
char *wl_call_read(struct wlower *w, CXCursor call, struct buf *put, struct buf *after);
/* Is call an __activemask() that is the mask argument of another call of cs? */
bool wl_mask_of_other(const struct calls *cs, CXCursor call);
/* Is the call's value the same in every lane of its warp (a vote over a constant mask, ...)? */
bool wl_warp_uniform(struct wlower *w, CXCursor call);
/*
 * The mask of a warp operation the same in every lane of the warp (warp_mask.c):
 * a constant, __activemask(), a kernel parameter or a local set once to one
 * of those or to a ballot over one.
 */
bool wl_mask_uniform(const struct source *s, CXCursor fn_body, CXCursor e);
bool wl_is_activemask(CXCursor e);
char *wl_op_name(CXCursor c);
void wl_check_conditional(struct wlower *w, CXCursor c, bool cond);
/* Sets *(bool *)d at a return, break, continue, goto, lambda or __syncthreads(). */
enum CXChildVisitResult wl_find_jump(CXCursor c, CXCursor parent, CXClientData d);
/* Can st run under the lanes' predicate (__idxgen_alive); run it so. */
bool wl_guardable(struct wlower *w, CXCursor st);
void wl_guard_stmt(struct wlower *w, CXCursor st, bool in_compound);

/*
 * A for, while or do whose header calls a warp operation (warp_loop.c):
 * warp_loop_header says so; warp_loop_ok whether it is lowered (a value
 * the same in every lane of the warp, a body a predicate can run;
 * diagnose: say why not); warp_loop_lower lowers it or diagnoses.
 */
bool warp_loop_header(struct wlower *w, CXCursor st);
bool warp_loop_ok(struct wlower *w, CXCursor st, bool diagnose);
void warp_loop_lower(struct wlower *w, CXCursor st);

/* One round of inlining (warp_inline.c); *done: calls inlined. 0, 1 or 2. */
int warp_inline_round(struct source *s, CXIndex idx, char *const *args, int nargs, unsigned *slots, unsigned *done);

#endif
