// SPDX-License-Identifier: MIT
/*
 * bench_fiber.c - threads as fibers (include/idxgen_rt_fiber.h), one
 * worker, best of 9 (not pass/fail):
 *  1. ns per barrier per thread: a block of 256 threads that passes 1000
 *     __syncthreads() (fibers) minus the same block with none, divided by
 *     256 * 1000; also one warp operation (__shfl_down-style) per lane;
 *  2. a shared-memory tree reduction (256 threads, 8 barriers) written
 *     both ways: thread loops between barriers (loop fission's form, as
 *     idxgen-cc emits it) and fibers; the ratio fibers / fission.
 * The machine's load is printed first: figures taken under load say so.
 * Times are the process's CPU time (CLOCK_PROCESS_CPUTIME_ID: the one
 * worker's, the launching thread sleeps in the wait), best of 9: on a
 * loaded machine wall time counts the other processes' turns too (at load
 * 15 on 2 cores it read 35-47 ns per barrier where the CPU time says 7-11);
 * the tree reduction's wall times are printed beside, for comparison.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <idxgen_rt.h>
#include <idxgen_rt_fiber.h>

static double clock_s(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define REPS 9
#define NBAR 1000
#define BS 256

static void bar_entry(struct idxgen_rt_block *b)
{
	int nbar = *(const int *)b->args[0];

	for (int i = 0; i < nbar; i++)
		__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
}

static void bar_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, bar_entry);
}

static const struct idxgen_rt_kernel bar_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "bar", .block = bar_block, .nargs = 1,
};

static void shfl_fn(const void *slots, uint32_t present, uint32_t lane, const void *arg, void *out)
{
	uint32_t src = lane + 1 < 32 && (present >> (lane + 1) & 1) ? lane + 1 : lane;

	(void)arg;
	memcpy(out, (const char *)slots + src * __IDXGEN_FIBER_SLOT, sizeof(int));
}

static void warp_entry(struct idxgen_rt_block *b)
{
	int nbar = *(const int *)b->args[0], v = 1, r;

	for (int i = 0; i < nbar; i++) {
		__idxgen_fiber_warp(~0u, &v, sizeof(v), shfl_fn, NULL, &r);
		v += r;
	}
}

static void warp_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, warp_entry);
}

static const struct idxgen_rt_kernel warp_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "warp", .block = warp_block, .nargs = 1,
};

/* The tree reduction: out[block] = sum of in[block * BS .. + BS). */
static void red_fission(struct idxgen_rt_block *b)
{
	const int *in = *(const int *const *)b->args[0];
	int *out = *(int *const *)b->args[1];
	int *s = b->shared;
	uint32_t base = b->block_idx[0] * BS;

	for (uint32_t t = 0; t < b->nthreads; t++) {
		uint32_t x = b->tid_x[t];

		s[x] = in[base + x];
	}
	for (uint32_t h = BS / 2; h; h /= 2)
		for (uint32_t t = 0; t < b->nthreads; t++) {
			uint32_t x = b->tid_x[t];

			if (x < h)
				s[x] += s[x + h];
		}
	out[b->block_idx[0]] = s[0];
}

static void red_entry(struct idxgen_rt_block *b)
{
	const int *in = *(const int *const *)b->args[0];
	int *out = *(int *const *)b->args[1];
	int *s = b->shared;
	uint32_t x = __idxgen_fiber_self()->x, base = b->block_idx[0] * BS;

	s[x] = in[base + x];
	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	for (uint32_t h = BS / 2; h; h /= 2) {
		if (x < h)
			s[x] += s[x + h];
		__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	}
	if (x == 0)
		out[b->block_idx[0]] = s[0];
}

static void red_fibers(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, red_entry);
}

static const struct idxgen_rt_kernel red_f_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "red_fission", .block = red_fission,
	.shared_bytes = BS * sizeof(int), .nargs = 2,
};
static const struct idxgen_rt_kernel red_b_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "red_fibers", .block = red_fibers,
	.shared_bytes = BS * sizeof(int), .nargs = 2,
};

/* Best of REPS launches: CPU seconds (and, in *wall, the best wall-clock seconds). */
static double best(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, uint32_t nb, void **args, double *wall)
{
	double b = 1e30, bw = 1e30;

	for (int r = 0; r < REPS; r++) {
		double t = clock_s(CLOCK_PROCESS_CPUTIME_ID), w = clock_s(CLOCK_MONOTONIC);

		if (idxgen_rt_launch(rt, k, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(BS, 1, 1), 0, args)) {
			fprintf(stderr, "bench_fiber: launch of %s failed\n", k->name);
			exit(1);
		}
		t = clock_s(CLOCK_PROCESS_CPUTIME_ID) - t;
		w = clock_s(CLOCK_MONOTONIC) - w;
		b = t < b ? t : b;
		bw = w < bw ? w : bw;
	}
	if (wall)
		*wall = bw;
	return b;
}

int main(void)
{
	struct idxgen_rt_options o = { .num_threads = 1 };
	struct idxgen_rt *rt;
	char load[64] = "?";
	FILE *f = fopen("/proc/loadavg", "r");
	int nbar = NBAR, zero = 0;
	void *a1[] = { &nbar }, *a0[] = { &zero };
	const uint32_t nb = 4096;
	int *in = malloc(nb * BS * sizeof(int)), *out1 = calloc(nb, sizeof(int)), *out2 = calloc(nb, sizeof(int));
	void *ar1[] = { &in, &out1 }, *ar2[] = { &in, &out2 };
	double tb, t0, tw, tf, tfb, wf, wfb;

	if (f && fgets(load, sizeof(load), f))
		load[strcspn(load, "\n")] = 0;
	if (f)
		fclose(f);
	printf("# bench_fiber: one worker; load average %s\n", load);
	if (idxgen_rt_create(&o, &rt))
		return 1;
	for (uint32_t i = 0; i < nb * BS; i++)
		in[i] = (int)(i * 2654435761u >> 20);
	tb = best(rt, &bar_kernel, 16, a1, NULL);
	t0 = best(rt, &bar_kernel, 16, a0, NULL);
	tw = best(rt, &warp_kernel, 16, a1, NULL);
	printf("# CPU time of the process, best of %d\n", REPS);
	printf("a fiber's start and return: %.1f ns per thread (with the launch; a kernel without barriers)\n",
	       t0 * 1e9 / (16.0 * BS));
	printf("barrier on fibers: %.1f ns per barrier per thread (%d threads, %d barriers, 16 blocks)\n",
	       (tb - t0) * 1e9 / (16.0 * BS * NBAR), BS, NBAR);
	printf("warp operation on fibers: %.1f ns per operation per lane\n", (tw - t0) * 1e9 / (16.0 * BS * NBAR));
	tf = best(rt, &red_f_kernel, nb, ar1, &wf);
	tfb = best(rt, &red_b_kernel, nb, ar2, &wfb);
	printf("tree reduction, %u blocks of %d: fission %.3f ms, fibers %.3f ms, fibers / fission %.2f, results %s\n",
	       nb, BS, tf * 1e3, tfb * 1e3, tfb / tf, memcmp(out1, out2, nb * sizeof(int)) ? "DIFFER" : "equal");
	printf("  wall clock: fission %.3f ms, fibers %.3f ms\n", wf * 1e3, wfb * 1e3);
	idxgen_rt_destroy(rt);
	free(in);
	free(out1);
	free(out2);
	return 0;
}
