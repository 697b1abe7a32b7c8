// SPDX-License-Identifier: MIT
/*
 * test_rt_bad_input.c - launches the runtime refuses (NULL arguments, zero
 * and oversize dimensions, shared and private areas over the limits, bad
 * schedules), and a launch that still works after them.
 */
#include "test_rt.h"

void test_bad_input(struct idxgen_rt *rt)
{
	struct idxgen_rt_kernel k = vadd_kernel;
	struct idxgen_info di;
	struct idxgen_rt_launch *l = NULL;
	struct idxgen_rt_launch_opts o = { 0 };
	float *p = NULL;
	uint32_t n = 0;
	void *args[] = { &p, &p, &p, &n };
	const struct idxgen_rt_dim3 one = IDXGEN_RT_DIM3(1, 1, 1);
	uint32_t big;

	idxgen_get_info(idxgen_rt_device(rt), &di);
	big = di.max_dim[0] + 1;
	tap_ok(idxgen_rt_launch(NULL, &vadd_kernel, one, one, 0, args) == -EINVAL, "NULL runtime: -EINVAL");
	tap_ok(idxgen_rt_launch(rt, NULL, one, one, 0, args) == -EINVAL, "NULL kernel: -EINVAL");
	k.block = NULL;
	tap_ok(idxgen_rt_launch(rt, &k, one, one, 0, args) == -EINVAL, "NULL block function: -EINVAL");
	k = vadd_kernel;
	k.abi_version = 99;
	tap_ok(idxgen_rt_launch(rt, &k, one, one, 0, args) == -EINVAL, "wrong ABI version: -EINVAL");
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, one, one, 0, NULL) == -EINVAL,
	       "arguments missing: -EINVAL");
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, IDXGEN_RT_DIM3(0, 1, 1), one, 0, args) == -EINVAL &&
	       idxgen_rt_launch(rt, &vadd_kernel, IDXGEN_RT_DIM3(1, 1, 0), one, 0, args) == -EINVAL,
	       "zero grid dimension: -EINVAL");
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, one, IDXGEN_RT_DIM3(1, 0, 1), 0, args) == -EINVAL,
	       "zero block dimension: -EINVAL");
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, one, IDXGEN_RT_DIM3(big, 1, 1), 0, args) == -E2BIG,
	       "block.x %u above the device's %u: -E2BIG", big, di.max_dim[0]);
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, one, IDXGEN_RT_DIM3(1024, 1024, 2), 0, args) == -E2BIG,
	       "1024x1024x2 threads per block, more than the device's %u: -E2BIG", di.max_threads);
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, IDXGEN_RT_DIM3(1, 65536, 1), one, 0, args) == -E2BIG &&
	       idxgen_rt_launch(rt, &vadd_kernel, IDXGEN_RT_DIM3(0x80000000u, 1, 1), one, 0, args) == -E2BIG,
	       "oversize grid (y 65536, x 2^31): -E2BIG");
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, one, one, 2u << 20, args) == -E2BIG,
	       "2 MiB of dynamic shared memory: -E2BIG");
	k = vadd_kernel;
	k.shared_bytes = (1u << 20) - 8;
	tap_ok(idxgen_rt_launch(rt, &k, one, one, 64, args) == -E2BIG,
	       "static + dynamic shared memory above the limit: -E2BIG");
	k.shared_bytes = 0;
	k.priv_bytes = SIZE_MAX / 2;
	tap_ok(idxgen_rt_launch(rt, &k, one, IDXGEN_RT_DIM3(64, 1, 1), 0, args) == -E2BIG,
	       "private area overflowing: -E2BIG");
	o.schedule.order = 99;
	tap_ok(idxgen_rt_launch_ex(rt, &vadd_kernel, one, one, args, &o, NULL) == -EINVAL,
	       "unknown schedule order: -EINVAL");
	o.schedule.order = IDXGEN_SCHED_ZIGZAG;
	o.schedule.params[0] = 4;
	tap_ok(idxgen_rt_launch_ex(rt, &vadd_kernel, one, one, args, &o, NULL) == -EINVAL,
	       "zigzag with a stride: -EINVAL");
	memset(&o.schedule, 0, sizeof(o.schedule));
	tap_ok(idxgen_rt_launch_async(rt, NULL, one, one, args, NULL, &l) == -EINVAL && !l,
	       "async launch of a NULL kernel: -EINVAL, no handle");
	tap_ok(idxgen_rt_wait(NULL, NULL) == -EINVAL && idxgen_rt_create(NULL, NULL) == -EINVAL,
	       "wait(NULL), create(NULL): -EINVAL");
	n = 1;
	p = calloc(1, sizeof(float));
	tap_ok(idxgen_rt_launch(rt, &vadd_kernel, one, one, 0, args) == 0,
	       "the runtime still launches after the errors");
	free(p);
}
