// SPDX-License-Identifier: MIT
/*
 * test_rt_order.c - the order of a block's threads: schedule orders (the
 * thread loop in the device's issue order), the stream order a block is told
 * (kernel ABI 2) and the kernel ABI versions the runtime accepts.
 */
#include "test_rt.h"

/*
 * Schedule orders: the thread loop runs the block's threads in the order the
 * device generated.  Zigzag is checked against its definition (odd rows
 * reversed); every order by the thread-at-position of the library's config,
 * and by the reversal kernel's result (a value live across a barrier).
 */
void test_schedule(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct { const char *name; struct idxgen_rt_schedule s; } sch[] = {
		{ "zigzag", { IDXGEN_SCHED_ZIGZAG, { 0 } } },
		{ "tiled:4x4", { IDXGEN_SCHED_TILED, { 0, 0, 4, 4 } } },
		{ "strided:4,2", { IDXGEN_SCHED_STRIDED, { 4, 2, 0, 0 } } },
		{ "hilbert", { IDXGEN_SCHED_HILBERT, { 0 } } },
	};
	const uint32_t bx = 12, by = 10;
	uint32_t pos[12 * 10];

	for (size_t i = 0; i < sizeof(sch) / sizeof(sch[0]); i++) {
		struct idxgen_rt_launch_opts o = { .schedule = sch[i].s };
		struct idxgen_schedule ls;
		struct idxgen_config cfg;
		uint16_t x, y, z;
		uint32_t bad = 0, zz = 0;
		void *args[] = { &(uint32_t *){ pos } };
		int err;

		memset(pos, 0xff, sizeof(pos));
		err = idxgen_rt_launch_ex(rt, &order_kernel, IDXGEN_RT_DIM3(2, 1, 1),
					  IDXGEN_RT_DIM3(bx, by, 1), args, &o, NULL);
		idxgen_schedule_parse(sch[i].name, &ls);
		idxgen_config_init(&cfg, NULL, bx, by, 1, 0);
		idxgen_config_schedule(&cfg, &ls);
		for (uint32_t p = 0; p < bx * by; p++) {
			if (idxgen_config_thread_at(&cfg, p, &x, &y, &z) || pos[y * bx + x] != p)
				bad++;
		}
		if (sch[i].s.order == IDXGEN_SCHED_ZIGZAG)
			for (uint32_t yy = 0; yy < by; yy++)
				for (uint32_t xx = 0; xx < bx; xx++)
					zz += pos[yy * bx + xx] != yy * bx + ((yy & 1) ? bx - 1 - xx : xx);
		tap_ok(!err && !bad && !zz, "schedule %s: the thread loop runs block %ux%u in the device's "
		       "issue order (%u/%u positions wrong), threads=%u (%s)", sch[i].name, bx, by,
		       bad + zz, bx * by, nt, idxgen_strerror(err));
	}
}

/* ---- stream order (kernel ABI 2) ---- */

/* Block (0,0,0) records its thread positions; every block its stream_order (in so[block]). */
static void so_block(struct idxgen_rt_block *blk)
{
	uint32_t *pos = KARG(blk, 0, uint32_t *), *so = KARG(blk, 1, uint32_t *);
	const uint32_t *b = blk->block_dim;

	so[blk->block_idx[0]] = blk->stream_order;
	so[blk->grid_dim[0]] = blk->warp_size;
	if (blk->block_idx[0])
		return;
	IDXGEN_RT_FOR_THREADS(blk, t)
		pos[((uint32_t)IDXGEN_RT_TID_Z(blk, t) * b[1] + IDXGEN_RT_TID_Y(blk, t)) * b[0] +
		    IDXGEN_RT_TID_X(blk, t)] = (uint32_t)t;
}

/*
 * The class the test expects from the positions it saw (pos[linear] =
 * stream position), written from the definitions in idxgen_rt.h, not
 * from the runtime's code: linear if pos is the identity; warps if every
 * warp-sized run of linear numbers starting at a multiple of w occupies
 * one warp of positions in the same lane order.
 */
static uint32_t so_expect(const uint32_t *pos, uint32_t n, uint32_t w)
{
	bool linear = true, warps = w > 0;

	for (uint32_t i = 0; i < n; i++) {
		linear &= pos[i] == i;
		/* linear i is lane i % w of the warp that holds linear i - i % w */
		warps &= w && pos[i] % w == i % w && pos[i] - i % w == pos[i - i % w];
	}
	return linear ? IDXGEN_RT_STREAM_LINEAR : warps ? IDXGEN_RT_STREAM_WARPS : IDXGEN_RT_STREAM_GENERAL;
}

void test_stream_order(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct { const char *name; struct idxgen_rt_schedule s; } sch[] = {
		{ "sequential", { IDXGEN_SCHED_SEQUENTIAL, { 0 } } },
		{ "zigzag", { IDXGEN_SCHED_ZIGZAG, { 0 } } },
		{ "tiled:4x4", { IDXGEN_SCHED_TILED, { 0, 0, 4, 4 } } },
		{ "strided:4,32 (whole warps)", { IDXGEN_SCHED_STRIDED, { 4, 32, 0, 0 } } },
		{ "strided:2,64", { IDXGEN_SCHED_STRIDED, { 2, 64, 0, 0 } } },
		{ "hilbert", { IDXGEN_SCHED_HILBERT, { 0 } } },
	};
	static const struct idxgen_rt_dim3 shapes[] = { { 64, 8, 1 }, { 40, 3, 2 }, { 16, 16, 1 } };
	static const struct idxgen_rt_kernel so_kernel = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .name = "stream-order", .block = so_block, .nargs = 2,
	};
	const uint32_t nb = 9;
	unsigned int classes = 0;

	for (size_t i = 0; i < sizeof(sch) / sizeof(sch[0]); i++)
		for (size_t j = 0; j < sizeof(shapes) / sizeof(shapes[0]); j++) {
			struct idxgen_rt_launch_opts o = { .schedule = sch[i].s };
			struct idxgen_rt_dim3 b = shapes[j];
			uint32_t n = b.x * b.y * b.z, pos[512], so[10], exp, diff = 0;
			void *args[] = { &(uint32_t *){ pos }, &(uint32_t *){ so } };
			int err;

			if (sch[i].s.order == IDXGEN_SCHED_TILED && b.z > 1)
				continue;
			memset(so, 0xff, sizeof(so));
			/* three launches: the 3rd of a shape reads the cached launch state */
			for (int r = 0; r < 3; r++)
				err = idxgen_rt_launch_ex(rt, &so_kernel, IDXGEN_RT_DIM3(nb, 1, 1), b, args, &o, NULL);
			exp = so_expect(pos, n, so[nb]);
			for (uint32_t k = 0; k < nb; k++)
				diff += so[k] != exp;
			classes |= 1u << exp;
			tap_ok(!err && !diff, "stream order %s, block %ux%ux%u: every block told %u (%s), threads=%u",
			       sch[i].name, b.x, b.y, b.z, exp,
			       exp == IDXGEN_RT_STREAM_LINEAR ? "linear" : exp == IDXGEN_RT_STREAM_WARPS ? "warps" : "general",
			       nt);
		}
	tap_ok(classes == 7, "stream order: the orders above cover linear, warps and general (mask %#x)", classes);
}

/* A kernel built for ABI 1 (no stream_order) still runs; ABI 0 and 3 are refused. */
void test_abi_versions(struct idxgen_rt *rt)
{
	uint32_t v[6 * 32] = { 0 }, bad = 0;
	void *args[] = { &(uint32_t *){ v } };
	struct idxgen_rt_kernel k = { .abi_version = 1, .name = "visit-abi1", .block = visit_block, .nargs = 1 };
	int err = idxgen_rt_launch(rt, &k, IDXGEN_RT_DIM3(6, 1, 1), IDXGEN_RT_DIM3(32, 1, 1), 0, args);

	for (int i = 0; i < 6 * 32; i++)
		bad += v[i] != 1;
	tap_ok(!err && !bad, "a kernel of ABI version 1 runs (%s)", idxgen_strerror(err));
	k.abi_version = 0;
	err = idxgen_rt_launch(rt, &k, IDXGEN_RT_DIM3(6, 1, 1), IDXGEN_RT_DIM3(32, 1, 1), 0, args);
	k.abi_version = IDXGEN_RT_ABI_VERSION + 1;
	tap_ok(err == -EINVAL && idxgen_rt_launch(rt, &k, IDXGEN_RT_DIM3(6, 1, 1), IDXGEN_RT_DIM3(32, 1, 1), 0,
						  args) == -EINVAL,
	       "ABI versions 0 and %d (newer than the runtime): -EINVAL", IDXGEN_RT_ABI_VERSION + 1);
}
