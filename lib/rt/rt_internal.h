/* SPDX-License-Identifier: MIT */
/*
 * rt_internal.h - what the runtime's launch path (rt.c) offers the schedule
 * controller (autotune.c): launching a box of a grid's blocks in a given
 * grid order.  Hidden symbols (not part of the API).
 */
#ifndef IDXGEN_RT_INTERNAL_H
#define IDXGEN_RT_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "idxgen_rt.h"

/* A part of a launch: the blocks org .. org + ext - 1 of the grid, in these orders. */
struct rt_part {
	uint32_t org[3], ext[3];
	uint32_t grid_order;		/* IDXGEN_RT_GRID_* */
	struct idxgen_rt_schedule sched;	/* thread order (a device order, not AUTO) */
};

/*
 * Run the parts of kernel<<<grid, block>>> (blockIdx and gridDim as in the
 * whole launch) as ONE synchronous launch: the parts' blocks are issued
 * one part after the other (workers claim them in that order, so two
 * parts may overlap at their boundary).  parts NULL: the whole grid in row
 * order under opts->schedule.  sample: a profiling sample, not counted as
 * a launch of the kernel and never given a dedicated region (dozens of
 * one-off shapes would evict the kernel's real ones).  The profiling
 * records' seq is the issue position across all parts.  Errors as
 * idxgen_rt_launch_ex, -EINVAL for a box outside the grid or an unknown
 * grid order.
 */
int rt_launch_parts(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		    struct idxgen_rt_dim3 block, void *const *args,
		    const struct idxgen_rt_launch_opts *opts, const struct rt_part *parts,
		    unsigned int nparts, bool sample, struct idxgen_rt_launch_info *info);

/* Whether rt's device has schedule orders (IDXGEN_FEAT_SCHED_ORDERS). */
bool rt_has_sched_orders(const struct idxgen_rt *rt);

#endif
