// SPDX-License-Identifier: MIT
/*
 * test_rt.c - the SPMD CPU runtime (include/idxgen_rt.h): every test
 * kernel against a plain C reference at 1, 2 and 4 threads, index streams
 * and block order from the device (history hits counted), bad input, trap,
 * printf, async launches, profiling hooks, and a stress test of launches
 * from several host threads at once.  Runs on whatever backend libidxgen
 * picks (the emulation on the host, the driver in the VM).
 *
 * usage: idxgen-rt-test [quick]    (quick: smaller sizes, for valgrind)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "idxgen_rt.h"
#include "kernels.h"
#include "tap.h"

static bool quick;

static uint32_t rnd_state = 12345;
static uint32_t rnd(void)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return rnd_state >> 8;
}

static float frnd(void)
{
	return (float)(rnd() % 2001) / 1000.0f - 1.0f;
}

static struct idxgen_rt *rt_new(unsigned int threads)
{
	struct idxgen_rt_options o = { .num_threads = threads };
	struct idxgen_rt *rt = NULL;
	int err = idxgen_rt_create(&o, &rt);

	if (err) {
		printf("# idxgen_rt_create(%u threads): %s\n", threads, idxgen_strerror(err));
		return NULL;
	}
	return rt;
}

/* ---- kernels against references ---- */

static void test_vadd(struct idxgen_rt *rt, unsigned int nt, uint32_t n, uint32_t bs)
{
	float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
	float *c = malloc(n * sizeof(float)), *r = malloc(n * sizeof(float));
	uint32_t i;
	int err;

	for (i = 0; i < n; i++)
		a[i] = frnd(), b[i] = frnd(), c[i] = -99;
	vadd_ref(a, b, r, n);
	void *args[] = { &a, &b, &c, &n };
	err = idxgen_rt_launch(rt, &vadd_kernel, IDXGEN_RT_DIM3((n + bs - 1) / bs, 1, 1),
			       IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
	tap_ok(!err && !memcmp(c, r, n * sizeof(float)), "vadd n=%u block=%u threads=%u (%s)", n, bs,
	       nt, idxgen_strerror(err));
	free(a), free(b), free(c), free(r);
}

static void test_reduce(struct idxgen_rt *rt, unsigned int nt, uint32_t n, uint32_t bs)
{
	uint32_t nb = (n + bs - 1) / bs, i;
	int32_t *in = malloc(n * sizeof(int32_t)), *out = calloc(nb, sizeof(int32_t));
	int32_t *ref = calloc(nb, sizeof(int32_t));
	int err;

	for (i = 0; i < n; i++) {
		in[i] = (int32_t)(rnd() % 1000) - 500;
		ref[i / bs] += in[i];
	}
	void *args[] = { &in, &out, &n };
	err = idxgen_rt_launch(rt, &reduce_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1),
			       bs * sizeof(int32_t), args);
	tap_ok(!err && !memcmp(out, ref, nb * sizeof(int32_t)),
	       "reduce (shared memory, barriers in a loop) n=%u block=%u threads=%u (%s)", n, bs, nt,
	       idxgen_strerror(err));
	free(in), free(out), free(ref);
}

static void test_matmul(struct idxgen_rt *rt, unsigned int nt, uint32_t n,
			const struct idxgen_rt_kernel *k)
{
	size_t sz = (size_t)n * n;
	float *A = malloc(sz * sizeof(float)), *B = malloc(sz * sizeof(float));
	float *C = malloc(sz * sizeof(float)), *R = malloc(sz * sizeof(float));
	int err;

	for (size_t i = 0; i < sz; i++)
		A[i] = frnd(), B[i] = frnd(), C[i] = -99;
	matmul_ref(A, B, R, n);
	void *args[] = { &A, &B, &C, &n };
	err = idxgen_rt_launch(rt, k, IDXGEN_RT_DIM3(n / MM_T, n / MM_T, 1),
			       IDXGEN_RT_DIM3(MM_T, MM_T, 1), 0, args);
	tap_ok(!err && !memcmp(C, R, sz * sizeof(float)),
	       "tiled matmul (%s) %ux%u (acc live across barriers) threads=%u (%s)", k->name, n, n, nt,
	       idxgen_strerror(err));
	free(A), free(B), free(C), free(R);
}

static void test_stencil(struct idxgen_rt *rt, unsigned int nt, uint32_t nx, uint32_t ny, uint32_t nz,
			 struct idxgen_rt_dim3 bd, const struct idxgen_rt_kernel *k)
{
	size_t sz = (size_t)nx * ny * nz;
	float *in = malloc(sz * sizeof(float)), *out = malloc(sz * sizeof(float));
	float *ref = malloc(sz * sizeof(float));
	int err;

	for (size_t i = 0; i < sz; i++)
		in[i] = frnd(), out[i] = -99;
	stencil_ref(in, ref, nx, ny, nz);
	void *args[] = { &in, &out, &nx, &ny, &nz };
	err = idxgen_rt_launch(rt, k,
			       IDXGEN_RT_DIM3((nx + bd.x - 1) / bd.x, (ny + bd.y - 1) / bd.y,
					      (nz + bd.z - 1) / bd.z), bd, 0, args);
	tap_ok(!err && !memcmp(out, ref, sz * sizeof(float)),
	       "3-D stencil (%s) %ux%ux%u block %ux%ux%u threads=%u (%s)", k->name, nx, ny, nz, bd.x, bd.y,
	       bd.z, nt, idxgen_strerror(err));
	free(in), free(out), free(ref);
}

static void test_rev(struct idxgen_rt *rt, unsigned int nt, uint32_t nb, uint32_t bs)
{
	uint32_t n = nb * bs;
	int32_t *d = malloc(n * sizeof(int32_t)), *ref = malloc(n * sizeof(int32_t));
	int err;

	for (uint32_t i = 0; i < n; i++)
		d[i] = (int32_t)(rnd() % 100000);
	for (uint32_t b = 0; b < nb; b++)
		for (uint32_t x = 0; x < bs; x++)
			ref[b * bs + x] = d[b * bs + bs - 1 - x] + d[b * bs + x];
	void *args[] = { &d };
	err = idxgen_rt_launch(rt, &rev_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
	tap_ok(!err && !memcmp(d, ref, n * sizeof(int32_t)),
	       "block-local reversal (value live across a barrier) %u blocks of %u threads=%u (%s)", nb,
	       bs, nt, idxgen_strerror(err));
	free(d), free(ref);
}

static void test_vote(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 37, bs = 96, n = nb * bs;
	int32_t *d = malloc(n * sizeof(int32_t)), total = 0, rtotal = 0;
	uint32_t *counts = calloc(4 * nb, sizeof(uint32_t)), ok = 1;
	uint64_t hist[8] = { 0 }, rhist[8] = { 0 };
	float ftotal = 0;
	int err;

	for (uint32_t i = 0; i < n; i++) {
		d[i] = (int32_t)(rnd() % 41) - 20;
		rtotal += d[i];
		rhist[d[i] & 7]++;
	}
	void *args[] = { &d, &counts, &(int32_t *){ &total }, &(float *){ &ftotal }, &(uint64_t *){ hist } };
	err = idxgen_rt_launch(rt, &vote_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
	for (uint32_t b = 0; b < nb; b++) {
		uint32_t c = 0, any = 0;
		int32_t s = 0;

		for (uint32_t x = 0; x < bs; x++) {
			c += d[b * bs + x] > 0;
			any |= d[b * bs + x] == 7;
			s += d[b * bs + x];
		}
		ok &= counts[4 * b] == c && counts[4 * b + 1] == 1 && counts[4 * b + 2] == any &&
		      counts[4 * b + 3] == (uint32_t)s;
	}
	tap_ok(!err && ok, "__syncthreads_count/and/or and a shared-memory atomicAdd per block, threads=%u",
	       nt);
	tap_ok(!err && total == rtotal && ftotal == 0.5f * n && !memcmp(hist, rhist, sizeof(hist)),
	       "global atomics: i32 add %d/%d, f32 add %g/%g, u64 histogram, threads=%u", total, rtotal,
	       (double)ftotal, 0.5 * n, nt);
	free(d), free(counts);
}

/* Every (block, thread) of a 3-D grid of 3-D blocks runs exactly once. */
static void test_visit(struct idxgen_rt *rt, struct idxgen_rt_dim3 g, struct idxgen_rt_dim3 b,
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

/*
 * Schedule orders: the thread loop runs the block's threads in the order the
 * device generated.  Zigzag is checked against its definition (odd rows
 * reversed); every order by the thread-at-position of the library's config,
 * and by the reversal kernel's result (a value live across a barrier).
 */
static void test_schedule(struct idxgen_rt *rt, unsigned int nt)
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

static void test_stream_order(struct idxgen_rt *rt, unsigned int nt)
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
static void test_abi_versions(struct idxgen_rt *rt)
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

/*
 * Cached launch state: after a launch whose configurations all hit the
 * history, launches of the shape need no device job and still run every
 * thread once; more shapes than a kernel keeps evict it, and it comes back.
 */
static void test_launch_cache(struct idxgen_rt *rt, unsigned int nt)
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
static void test_claims(struct idxgen_rt *rt, unsigned int nt)
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

/* ---- device index streams and history ---- */

static void test_history(struct idxgen_rt *rt)
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

/* ---- layout: private bytes from the block shape, shared areas ---- */

static uint32_t layout_seen_dim[3];
static size_t layout_priv(const uint32_t bd[3])
{
	memcpy(layout_seen_dim, bd, sizeof(layout_seen_dim));
	return bd[1] * sizeof(uint32_t);	/* a per-thread array of blockDim.y words */
}

/* Each thread fills its private array, a barrier, then checks it; shared areas checked too. */
static void layout_block(struct idxgen_rt_block *blk)
{
	uint32_t *bad = KARG(blk, 0, uint32_t *), ny = blk->block_dim[1];
	uint32_t *arr = IDXGEN_RT_PRIV(blk, uint32_t, 0);	/* arr[j * nthreads + t], j < ny */
	uint8_t *st = blk->shared, *dyn = blk->dyn_shared;

	if ((uintptr_t)st % IDXGEN_RT_ALIGN || (uintptr_t)dyn % IDXGEN_RT_ALIGN || (uintptr_t)arr % IDXGEN_RT_ALIGN ||
	    dyn < st + 100 || blk->priv_bytes != ny * sizeof(uint32_t))
		idxgen_rt_atomic_add_u32(bad, 1);
	IDXGEN_RT_FOR_THREADS(blk, t) {
		for (uint32_t j = 0; j < ny; j++)
			arr[j * blk->nthreads + t] = t * 31 + j;
		st[t % 100] = 1;
		dyn[t % 1000] = 2;
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		for (uint32_t j = 0; j < ny; j++)
			if (arr[j * blk->nthreads + t] != t * 31 + j)
				idxgen_rt_atomic_add_u32(bad, 1);
		if (st[t % 100] != 1 || dyn[t % 1000] != 2)
			idxgen_rt_atomic_add_u32(bad, 1);
	}
}

static void test_layout(struct idxgen_rt *rt)
{
	static const struct idxgen_rt_kernel k = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .name = "layout", .block = layout_block,
		.shared_bytes = 100, .priv_bytes = 1, .priv_bytes_fn = layout_priv, .nargs = 1,
	};
	uint32_t bad = 0, *pb = &bad;
	void *args[] = { &pb };
	int err = idxgen_rt_launch(rt, &k, IDXGEN_RT_DIM3(9, 2, 1), IDXGEN_RT_DIM3(7, 6, 5), 1000, args);

	tap_ok(!err && !bad && layout_seen_dim[0] == 7 && layout_seen_dim[1] == 6 && layout_seen_dim[2] == 5,
	       "priv_bytes_fn sizes the private area from blockDim; static and dynamic shared areas "
	       "aligned and apart (%u errors)", bad);
}

/* A hot kernel over more block shapes than it keeps regions for (4): evicted and recreated. */
static void test_shapes(struct idxgen_rt *rt)
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

/* ---- bad input ---- */

static void test_bad_input(struct idxgen_rt *rt)
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

/* ---- trap, printf ---- */

static void test_trap(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 64;
	int32_t *d = calloc(nb, sizeof(int32_t));
	uint32_t bad = 17;
	struct idxgen_rt_launch_info info;
	void *args[] = { &d, &bad };
	int err;

	err = idxgen_rt_launch_ex(rt, &trapper_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(8, 1, 1),
				  args, NULL, &info);
	tap_ok(err == -EFAULT && strstr(info.error, "trap in block (17,0,0)") &&
	       strstr(info.error, "thread 3 hit __trap()"),
	       "a trapping kernel fails the launch with -EFAULT, threads=%u: \"%s\"", nt, info.error);
	bad = nb;
	memset(d, 0, nb * sizeof(int32_t));
	err = idxgen_rt_launch(rt, &trapper_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(8, 1, 1), 0, args);
	int all = 1;

	for (uint32_t i = 0; i < nb; i++)
		all &= d[i] == 1;
	tap_ok(!err && all, "and the next launch runs every block");
	free(d);
}

static void test_printf(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 12, bs = 5;
	char path[] = "/tmp/idxgen-rt-printf-XXXXXX", line[64];
	int fd = mkstemp(path), saved, err;
	bool grouped = true, seen[12] = { false };
	unsigned int lines = 0, cur = ~0u, in_block = 0;
	FILE *f;

	fflush(stdout);
	saved = dup(1);
	dup2(fd, 1);
	err = idxgen_rt_launch(rt, &hello_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, NULL);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	f = fdopen(fd, "r");
	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		unsigned int b, t;

		if (sscanf(line, "block %u thread %u", &b, &t) != 2 || b >= nb) {
			grouped = false;
			continue;
		}
		lines++;
		if (b != cur) {	/* a new block starts: the previous one must be complete */
			if ((cur != ~0u && in_block != bs) || seen[b])
				grouped = false;
			cur = b;
			in_block = 0;
			seen[b] = true;
		}
		in_block++;
	}
	fclose(f);
	unlink(path);
	tap_ok(!err && lines == nb * bs && grouped,
	       "kernel printf: %u lines, each block's output in one piece, threads=%u", lines, nt);
}

/* ---- async ---- */

static void test_async(struct idxgen_rt *rt, unsigned int nt)
{
	enum { N = 4 };
	struct idxgen_rt_launch *l[N];
	float *a[N], *b[N], *c[N], *r[N];
	uint32_t n = 10000;
	int err = 0, ok = 1;

	for (int k = 0; k < N; k++) {
		a[k] = malloc(n * sizeof(float)), b[k] = malloc(n * sizeof(float));
		c[k] = malloc(n * sizeof(float)), r[k] = malloc(n * sizeof(float));
		for (uint32_t i = 0; i < n; i++)
			a[k][i] = frnd(), b[k][i] = frnd();
		vadd_ref(a[k], b[k], r[k], n);
		void *args[] = { &a[k], &b[k], &c[k], &n };	/* copied: arg_sizes is set */
		err |= idxgen_rt_launch_async(rt, &vadd_kernel, IDXGEN_RT_DIM3(n / 100, 1, 1),
					      IDXGEN_RT_DIM3(100, 1, 1), args, NULL, &l[k]);
	}
	for (int k = N - 1; k >= 0; k--) {
		struct idxgen_rt_launch_info info;

		err |= idxgen_rt_wait(l[k], &info);
		ok &= !memcmp(c[k], r[k], n * sizeof(float)) && info.blocks == n / 100;
		free(a[k]), free(b[k]), free(c[k]), free(r[k]);
	}
	tap_ok(!err && ok, "4 asynchronous launches in flight, waited in reverse order, threads=%u", nt);
}

/* ---- profiling ---- */

/*
 * The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID, the clock of the
 * records' cpu_ns), 0 if that clock is missing.
 */
static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Spins until its thread's CPU clock has moved on, and records by how much
 * in spent[block x]: the block then certainly cost CPU time, at any speed
 * and any resolution of the clock (0: no such clock, no spin).
 */
static void cpuspin_block(struct idxgen_rt_block *blk)
{
	uint64_t *spent = KARG(blk, 0, uint64_t *);
	uint64_t t0 = thread_cpu_ns(), t1 = t0;

	while (t0 && t1 == t0)
		t1 = thread_cpu_ns();
	spent[blk->block_idx[0]] = t1 - t0;
}

static const struct idxgen_rt_kernel cpuspin_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "cpuspin", .block = cpuspin_block, .nargs = 1,
};

struct prof_acc {
	pthread_mutex_t lock;
	const uint64_t *spent;		/* the kernel's own measure, per block */
	uint64_t n, bad, cpu_total, cpu_bad, wall_sum, min_start, max_end;
	uint32_t seen[64];
};

/*
 * Runs on the worker that ran the block (include/idxgen_rt.h), right after
 * it.  Every comparison is within one clock: the records' start/end with
 * the launch's own CLOCK_MONOTONIC figures (in test_prof), cpu_ns with this
 * thread's CPU clock: at least what the block itself saw pass (its reads
 * lie between the runtime's two), at most all the thread's CPU time so far.
 */
static void prof_cb(void *arg, const struct idxgen_rt_block_prof *rec)
{
	struct prof_acc *p = arg;
	uint64_t cpu_now = thread_cpu_ns();

	pthread_mutex_lock(&p->lock);
	p->n++;
	if (rec->end_ns < rec->start_ns || rec->block_idx[0] >= 64 || rec->seq >= 64) {
		p->bad++;
	} else {
		p->seen[rec->block_idx[0]]++;
		p->cpu_bad += !rec->cpu_ns || rec->cpu_ns < p->spent[rec->block_idx[0]] ||
			      rec->cpu_ns > cpu_now;
		p->wall_sum += rec->end_ns - rec->start_ns;
		if (rec->start_ns < p->min_start)
			p->min_start = rec->start_ns;
		if (rec->end_ns > p->max_end)
			p->max_end = rec->end_ns;
	}
	p->cpu_total += rec->cpu_ns;
	pthread_mutex_unlock(&p->lock);
}

static void test_prof(struct idxgen_rt *rt)
{
	struct prof_acc p = { .lock = PTHREAD_MUTEX_INITIALIZER, .min_start = UINT64_MAX };
	struct idxgen_rt_launch_opts o = { .prof_block = prof_cb, .prof_arg = &p,
					   .prof_events = IDXGEN_RT_PROF_CYCLES | IDXGEN_RT_PROF_INSTRUCTIONS };
	struct idxgen_rt_launch_info info;
	uint64_t *spent = calloc(64, sizeof(uint64_t));
	void *args[] = { &spent };
	int err, once = 1;

	p.spent = spent;
	err = idxgen_rt_launch_ex(rt, &cpuspin_kernel, IDXGEN_RT_DIM3(64, 1, 1), IDXGEN_RT_DIM3(32, 1, 1),
				  args, &o, &info);
	for (int i = 0; i < 64; i++)
		once &= p.seen[i] == 1;
	/* the records' times lie inside the launch's (same clock): at any speed */
	tap_ok(!err && p.n == 64 && !p.bad && once && p.wall_sum <= info.busy_ns &&
		       p.max_end - p.min_start <= info.run_ns,
	       "profiling hook: one record per block, times ordered and inside the launch's (busy %llu "
	       "ns, run %llu ns, perf counters opened: 0x%x)", (unsigned long long)info.busy_ns,
	       (unsigned long long)info.run_ns, info.prof_events_ok);
	if (!thread_cpu_ns())
		tap_skip("no CLOCK_THREAD_CPUTIME_ID here", "profiling records carry the block's thread CPU time");
	else
		tap_ok(!err && p.n == 64 && !p.cpu_bad,
		       "profiling records carry the block's thread CPU time (%llu ns over 64 blocks; %llu "
		       "records not between what the block saw pass and its thread's CPU time)",
		       (unsigned long long)p.cpu_total, (unsigned long long)p.cpu_bad);
	free(spent);
}

/* ---- stress: launches from several host threads ---- */

struct stress_arg {
	struct idxgen_rt *rt;
	int id, fails;
};

static void *stress_main(void *arg)
{
	struct stress_arg *s = arg;
	int iters = quick ? 6 : 40;

	for (int it = 0; it < iters; it++) {
		uint32_t n = 1000 + 37 * (uint32_t)(s->id * 7 + it), bs = 32u << (it % 3);
		float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
		float *c = malloc(n * sizeof(float)), *r = malloc(n * sizeof(float));
		int32_t *d = malloc(bs * 4 * sizeof(int32_t)), *dr = malloc(bs * 4 * sizeof(int32_t));
		struct idxgen_rt_launch *l;
		int err;

		for (uint32_t i = 0; i < n; i++)
			a[i] = (float)(i * s->id), b[i] = (float)it, c[i] = -1;
		vadd_ref(a, b, r, n);
		for (uint32_t i = 0; i < bs * 4; i++)
			d[i] = (int32_t)(i * 3 + (uint32_t)s->id);
		for (uint32_t blk = 0; blk < 4; blk++)
			for (uint32_t x = 0; x < bs; x++)
				dr[blk * bs + x] = d[blk * bs + bs - 1 - x] + d[blk * bs + x];
		void *args[] = { &a, &b, &c, &n };
		void *rargs[] = { &d };

		err = idxgen_rt_launch_async(s->rt, &vadd_kernel, IDXGEN_RT_DIM3((n + bs - 1) / bs, 1, 1),
					     IDXGEN_RT_DIM3(bs, 1, 1), args, NULL, &l);
		err |= idxgen_rt_launch(s->rt, &rev_kernel, IDXGEN_RT_DIM3(4, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1),
					0, rargs);
		if (!err)
			err = idxgen_rt_wait(l, NULL);
		if (err || memcmp(c, r, n * sizeof(float)) || memcmp(d, dr, bs * 4 * sizeof(int32_t)))
			s->fails++;
		free(a), free(b), free(c), free(r), free(d), free(dr);
	}
	return NULL;
}

static void test_stress(struct idxgen_rt *rt, unsigned int nt)
{
	enum { H = 4 };
	pthread_t th[H];
	struct stress_arg sa[H];
	int fails = 0;

	for (int i = 0; i < H; i++) {
		sa[i] = (struct stress_arg){ .rt = rt, .id = i + 1 };
		pthread_create(&th[i], NULL, stress_main, &sa[i]);
	}
	for (int i = 0; i < H; i++) {
		pthread_join(th[i], NULL);
		fails += sa[i].fails;
	}
	tap_ok(!fails, "stress: %d host threads, sync + async launches at once, threads=%u: %d failures", H,
	       nt, fails);
}

/* ---- the emulation announcement and the thread count ---- */

static void test_announce(void)
{
	int p[2], st;
	pid_t pid;
	char buf[512] = "";
	ssize_t len = 0, r;
	int lines = 0;

	if (pipe(p)) {
		tap_ok(0, "pipe");
		return;
	}
	pid = fork();
	if (pid == 0) {
		struct idxgen_rt *a = NULL, *b = NULL;

		dup2(p[1], 2);
		close(p[0]);
		idxgen_rt_create(NULL, &a);
		idxgen_rt_create(NULL, &b);
		idxgen_rt_destroy(a);
		idxgen_rt_destroy(b);
		_exit(a && b ? 0 : 1);
	}
	close(p[1]);
	while ((r = read(p[0], buf + len, sizeof(buf) - 1 - (size_t)len)) > 0)
		len += r;
	close(p[0]);
	waitpid(pid, &st, 0);
	for (char *s = buf; (s = strstr(s, "idxgen-rt:")); s++)
		lines++;
	struct idxgen_rt *rt = rt_new(1);
	bool emu = rt && idxgen_backend_of(idxgen_rt_device(rt)) == IDXGEN_BACKEND_EMU;

	idxgen_rt_destroy(rt);
	tap_ok(WIFEXITED(st) && !WEXITSTATUS(st) && lines == (emu ? 1 : 0) &&
	       (!emu || strstr(buf, "emulation")),
	       "two runtimes in one process: the emulation is announced %s (%d line%s)",
	       emu ? "once" : "never (a device)", lines, lines == 1 ? "" : "s");
}

/* IDXGEN_BACKEND=drm: a real device or -ENODEV, never a silent emulation. */
static void test_forced_drm(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		struct idxgen_rt *rt = NULL;
		int err, ok;

		setenv("IDXGEN_BACKEND", "drm", 1);
		err = idxgen_rt_create(NULL, &rt);
		ok = err ? (err == -ENODEV && !rt)
			 : idxgen_backend_of(idxgen_rt_device(rt)) == IDXGEN_BACKEND_DRM;
		idxgen_rt_destroy(rt);
		_exit(ok ? 0 : 1);
	}
	waitpid(pid, &st, 0);
	tap_ok(WIFEXITED(st) && !WEXITSTATUS(st),
	       "IDXGEN_BACKEND=drm: the device or -ENODEV, no fallback to the emulation");
}

static void test_num_threads(void)
{
	struct idxgen_rt *rt = NULL;
	char *old = getenv("IDXGEN_NUM_THREADS");
	char *saved = old ? strdup(old) : NULL;
	unsigned int a, b;

	setenv("IDXGEN_NUM_THREADS", "3", 1);
	idxgen_rt_create(NULL, &rt);
	a = idxgen_rt_num_threads(rt);
	idxgen_rt_destroy(rt);
	rt = rt_new(5);
	b = idxgen_rt_num_threads(rt);
	idxgen_rt_destroy(rt);
	if (saved)
		setenv("IDXGEN_NUM_THREADS", saved, 1);
	else
		unsetenv("IDXGEN_NUM_THREADS");
	free(saved);
	tap_ok(a == 3 && b == 5, "IDXGEN_NUM_THREADS=3 gives %u threads; the API's 5 gives %u", a, b);
}

int main(int argc, char **argv)
{
	static const unsigned int threads[] = { 1, 2, 4 };

	quick = argc > 1 && !strcmp(argv[1], "quick");
	setvbuf(stdout, NULL, _IOLBF, 0);
	test_announce();
	test_forced_drm();
	test_num_threads();
	for (unsigned int i = 0; i < sizeof(threads) / sizeof(threads[0]); i++) {
		unsigned int nt = threads[i];
		struct idxgen_rt *rt = rt_new(nt);

		if (!tap_ok(rt != NULL, "runtime with %u threads", nt))
			continue;
		test_vadd(rt, nt, quick ? 3000 : 100003, 256);
		test_vadd(rt, nt, 777, 64);
		test_reduce(rt, nt, quick ? 5000 : 100000, 128);
		test_reduce(rt, nt, 1000, 512);
		test_matmul(rt, nt, quick ? 32 : 96, &matmul_kernel);
		test_matmul(rt, nt, quick ? 32 : 96, &matmul_il_kernel);
		test_stencil(rt, nt, 19, 13, 11, IDXGEN_RT_DIM3(8, 4, 4), &stencil_kernel);
		test_stencil(rt, nt, 19, 13, 11, IDXGEN_RT_DIM3(8, 4, 4), &stencil_wr_kernel);
		test_stencil(rt, nt, 37, 9, 7, IDXGEN_RT_DIM3(40, 3, 2), &stencil_wr_kernel);
		if (!quick) {
			test_stencil(rt, nt, 64, 48, 40, IDXGEN_RT_DIM3(16, 4, 2), &stencil_kernel);
			test_stencil(rt, nt, 64, 48, 40, IDXGEN_RT_DIM3(32, 4, 2), &stencil_wr_kernel);
		}
		test_rev(rt, nt, quick ? 20 : 300, 256);
		test_rev(rt, nt, 7, 33);
		test_schedule(rt, nt);
		test_stream_order(rt, nt);
		test_launch_cache(rt, nt);
		test_claims(rt, nt);
		test_vote(rt, nt);
		test_trap(rt, nt);
		test_printf(rt, nt);
		test_async(rt, nt);
		test_stress(rt, nt);
		if (nt == 2) {
			test_history(rt);
			test_layout(rt);
			test_shapes(rt);
			test_bad_input(rt);
			test_abi_versions(rt);
			test_prof(rt);
			test_visit(rt, IDXGEN_RT_DIM3(3, 4, 5), IDXGEN_RT_DIM3(2, 3, 4), "3-D grid");
			test_visit(rt, IDXGEN_RT_DIM3(70000, 1, 1), IDXGEN_RT_DIM3(1, 1, 1),
				   "grid.x above the device's 65535: chunked");
			if (!quick)
				test_visit(rt, IDXGEN_RT_DIM3(1100, 1000, 1), IDXGEN_RT_DIM3(1, 1, 1),
					   "grid above the device's 1M threads: chunked");
		}
		idxgen_rt_destroy(rt);
	}
	return tap_done();
}
