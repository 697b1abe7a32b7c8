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
bool cg_wide_tile_collective(const struct cgcall *g);	/* fibers run it, fission does not */
bool cg_large_tile_collective(struct source *s, CXCursor c);	/* diagnosed (fiber kernels) */
/* the name of a cooperative-groups call a template leaves dependent (nothing lowers it), or NULL */
char *cg_dependent_call(CXCursor c);
/* the name of a warp-level function a template leaves unresolved (`__shfl_xor_sync(m, v, o)` with v a T), or NULL */
char *warp_dependent_call(CXCursor c);
/* Rewrite one call; true if its statement needs the exchange (put: the publications). */
bool lower_cg(struct wlower *w, CXCursor call, const struct cgcall *g, struct buf *put);

/*
 * A shuffle-tree loop (for (o = 16; o > 0; o /= 2) v += __shfl_down_sync(m, v, o);)
 * run once per warp by its leader (warp_tree.c): true if lowered so.
 */
bool warp_tree(struct wlower *w, CXCursor loop, bool in_compound);
/* After statement st of fn_body, is var read only where threadIdx.x % 32 == 0 (warp_lane0.c)? */
bool lane0_reads_only(const struct source *s, CXCursor fn_body, CXCursor st, CXCursor var);

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

/* One round of inlining (warp_inline.c); *done: calls inlined. 0, 1 or 2. */
int warp_inline_round(struct source *s, CXIndex idx, char *const *args, int nargs, unsigned *slots, unsigned *done);

#endif
