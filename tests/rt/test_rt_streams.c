// SPDX-License-Identifier: MIT
/*
 * test_rt_streams.c - index streams from the device: every thread of a grid
 * once (chunked above the device's limits), history hits and dedicated
 * regions, regions per block shape, the cached launch state and the claims
 * planned from it.
 */
#include "test_rt.h"

/* Every (block, thread) of a 3-D grid of 3-D blocks runs exactly once. */
void test_visit(struct idxgen_rt *rt, struct idxgen_rt_dim3 g, struct idxgen_rt_dim3 b,
		const char *what)
{
	uint64_t n = (uint64_t)g.x * g.y * g.z * b.x * b.y * b.z, bad = 0;
	uint32_t *v = calloc(n, sizeof(uint32_t));
	struct idxgen_rt_launch_info info;
	int err;

	void *args[] = { &v };
	err = idxgen_rt_launch_ex(rt, &visit_kernel, g, b, args, NULL, &info);
	for (uint64_t i = 0; i < n; i++)
		bad += v[i] != 1;
	tap_ok(!err && !bad && info.blocks == (uint64_t)g.x * g.y * g.z,
	       "every thread of grid %ux%ux%u x block %ux%ux%u runs once (%s; %u device jobs; %s)", g.x,
	       g.y, g.z, b.x, b.y, b.z, what, info.device_jobs, idxgen_strerror(err));
	free(v);
}

void test_history(struct idxgen_rt *rt)
{
	struct idxgen_rt_launch_info i1, i2, i3;
	struct idxgen_rt_kernel_stats st;
	uint32_t *v = calloc(4 * 6 * 8 * 5, sizeof(uint32_t));
	void *args[] = { &v };
	static const struct idxgen_rt_kernel hot = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT,
		.name = "visit-hot", .block = visit_block, .nargs = 1,
	}, cold = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .name = "visit-cold", .block = visit_block, .nargs = 1,
	};
	int e1, e2, e3;
	e1 = idxgen_rt_launch_ex(rt, &hot, IDXGEN_RT_DIM3(4, 6, 1), IDXGEN_RT_DIM3(8, 5, 1), args, NULL, &i1);
	e2 = idxgen_rt_launch_ex(rt, &hot, IDXGEN_RT_DIM3(4, 6, 1), IDXGEN_RT_DIM3(8, 5, 1), args, NULL, &i2);
	tap_ok(!e1 && !e2 && i1.dedicated && i1.device_jobs == 2 && i1.device_hits == 0 &&
	       i2.dedicated && i2.device_jobs == 2 && i2.device_hits == 2,
	       "hot kernel: dedicated region, 1st launch %u/%u hits, 2nd %u/%u (block stream + grid order)",
	       i1.device_hits, i1.device_jobs, i2.device_hits, i2.device_jobs);
	e3 = idxgen_rt_kernel_stats(rt, &hot, &st);
	tap_ok(!e3 && st.launches == 2 && st.device_jobs == 4 &&
	       st.device_hits == 2 && st.dedicated, "kernel stats: %llu launches, %llu/%llu hits",
	       (unsigned long long)st.launches, (unsigned long long)st.device_hits,
	       (unsigned long long)st.device_jobs);

	e1 = idxgen_rt_launch_ex(rt, &cold, IDXGEN_RT_DIM3(4, 6, 1), IDXGEN_RT_DIM3(8, 5, 1), args, NULL, &i1);
	e2 = idxgen_rt_launch_ex(rt, &cold, IDXGEN_RT_DIM3(4, 6, 1), IDXGEN_RT_DIM3(8, 5, 1), args, NULL, &i2);
	e3 = idxgen_rt_launch_ex(rt, &cold, IDXGEN_RT_DIM3(4, 6, 1), IDXGEN_RT_DIM3(8, 5, 1), args, NULL, &i3);
	tap_ok(!e1 && !e2 && !e3 && !i1.dedicated && i2.dedicated && i3.dedicated && i3.device_hits == 2,
	       "cold kernel: 1st launch in the shared region, then dedicated (3rd: %u/%u hits)",
	       i3.device_hits, i3.device_jobs);
	tap_ok(idxgen_rt_kernel_stats(rt, &empty_kernel, &st) == -ENOENT, "stats of an unknown kernel: -ENOENT");
	free(v);
}

/* A hot kernel over more block shapes than it keeps regions for (4): evicted and recreated. */
void test_shapes(struct idxgen_rt *rt)
{
	static const struct idxgen_rt_kernel k = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT,
		.name = "visit-shapes", .block = visit_block, .nargs = 1,
	};
	uint32_t *v = calloc(3 * 2 * 9 * 4, sizeof(uint32_t));
	void *args[] = { &v };
	uint64_t bad = 0, hits = 0;
	int err = 0;

	for (int round = 0; round < 2; round++)
		for (uint32_t sh = 1; sh <= 6; sh++) {
			struct idxgen_rt_launch_info info;
			uint32_t n = 3 * 2 * sh * 4;

			memset(v, 0, n * sizeof(uint32_t));
			err |= idxgen_rt_launch_ex(rt, &k, IDXGEN_RT_DIM3(3, 2, 1), IDXGEN_RT_DIM3(sh, 4, 1),
						   args, NULL, &info);
			for (uint32_t i = 0; i < n; i++)
				bad += v[i] != 1;
			hits += info.device_hits;
		}
	tap_ok(!err && !bad && hits == 0,
	       "hot kernel over 6 block shapes twice: regions evicted and recreated, results right "
	       "(%llu hits: each shape's region was evicted before its second launch)",
	       (unsigned long long)hits);
	free(v);
}

/*
 * Cached launch state: after a launch whose configurations all hit the
 * history, launches of the shape need no device job and still run every
 * thread once; more shapes than a kernel keeps evict it, and it comes back.
 */
void test_launch_cache(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_kernel k = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT,
		.name = "visit-cached", .block = visit_block, .nargs = 1,
	};
	const uint32_t n = 7 * 5 * 8 * 6;
	uint32_t *v = calloc(n, sizeof(uint32_t)), jobs[7], bad = 0, other = 0;
	struct idxgen_rt_launch_info info;
	void *args[] = { &v };
	int err = 0;

	for (int r = 0; r < 7; r++) {
		if (r == 4)	/* five other shapes: the first one is evicted (4 kept per kernel) */
			for (uint32_t s = 2; s < 7 && !err; s++) {
				err |= idxgen_rt_launch_ex(rt, &k, IDXGEN_RT_DIM3(s, 1, 1),
							   IDXGEN_RT_DIM3(8, 6, 1), args, NULL, NULL);
				other++;
			}
		err |= idxgen_rt_launch_ex(rt, &k, IDXGEN_RT_DIM3(7, 5, 1), IDXGEN_RT_DIM3(8, 6, 1), args, NULL,
					   &info);
		jobs[r] = info.device_jobs;
		bad += !info.dedicated;
	}
	for (uint32_t i = 0; i < n; i++)
		bad += v[i] != 7 + (i < 2 * 48 ? other : i < 6 * 48 ? other - (i / 48 - 1) : 0);
	tap_ok(!err && !bad && jobs[0] == 2 && jobs[1] == 2 && jobs[2] == 0 && jobs[3] == 0 && jobs[4] == 2 &&
	       jobs[5] == 2 && jobs[6] == 0,
	       "cached launch state: device jobs per launch %u %u %u %u, evicted %u %u %u; every thread "
	       "counted, threads=%u", jobs[0], jobs[1], jobs[2], jobs[3], jobs[4], jobs[5], jobs[6], nt);
	free(v);
}

/*
 * Claims planned from the shape's last launch (cached launch state): big
 * first chunks on a grid of cheap blocks, one claim and no worker woken
 * for a tiny one; every thread still runs once per launch.
 */
void test_claims(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_kernel k = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT,
		.name = "visit-claims", .block = visit_block, .nargs = 1,
	};
	const uint32_t nb = 4000, tiny = 3;
	uint32_t *v = calloc(nb * 32, sizeof(uint32_t)), *w = calloc(tiny * 32, sizeof(uint32_t)), bad = 0;
	uint64_t blocks = 0;
	void *args[] = { &v }, *targs[] = { &w };
	int err = 0;

	for (int r = 0; r < 6; r++) {
		struct idxgen_rt_launch_info info;

		err |= idxgen_rt_launch_ex(rt, &k, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(32, 1, 1), args, NULL,
					   &info);
		blocks += info.blocks;
		err |= idxgen_rt_launch(rt, &k, IDXGEN_RT_DIM3(tiny, 1, 1), IDXGEN_RT_DIM3(32, 1, 1), 0, targs);
	}
	for (uint32_t i = 0; i < nb * 32; i++)
		bad += v[i] != 6;
	for (uint32_t i = 0; i < tiny * 32; i++)
		bad += w[i] != 6;
	tap_ok(!err && !bad && blocks == 6 * nb,
	       "claims planned from the last launch (big first chunks; a tiny grid in one claim): every "
	       "thread once per launch, 6 launches, threads=%u (%u wrong)", nt, bad);
	free(v), free(w);
}
