// SPDX-License-Identifier: MIT
/*
 * bench_warp.c - warp-level operations as idxgen-cc lowers them (issue 23)
 * against the same algorithms with shared memory and __syncthreads() and
 * against plain C, one worker, same sizes, side by side in one run
 * (tests/bench/cc/warp.cu; the block sum twice with shuffles: lane 0's
 * trees, and the public form with a warp-sum helper and a predicated
 * second tree).  Each result is checked against the plain C
 * before timing.  Prints ns per run and ratios (>1: the first is faster).
 * Not pass/fail: the goal is shuffle reduction >= shared memory.
 * The compaction's kept elements come out in the atomics' order: compared
 * as multisets (sorted) with the C loop's.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <idxgen_rt.h>

extern const struct idxgen_rt_kernel idxgen_cc_kernel_sum_shfl, idxgen_cc_kernel_sum_shfl_helper,
	idxgen_cc_kernel_sum_shared, idxgen_cc_kernel_hist_warp, idxgen_cc_kernel_hist_shared, idxgen_cc_kernel_filter_warp,
	idxgen_cc_kernel_filter_atomic;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static double best_launch(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, unsigned nb, unsigned bs,
			  void *const *args, int *reset, size_t nreset, int reps, int *err)
{
	double best = 1e30;

	for (int r = 0; r < reps; r++) {
		if (reset)
			memset(reset, 0, nreset * sizeof(int));
		double t0 = now();
		*err |= idxgen_rt_launch(rt, k, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
		double t = now() - t0;
		if (t < best)
			best = t;
	}
	return best;
}

static void sums_c(const int *in, int *out, unsigned nb, unsigned bs)
{
	for (unsigned b = 0; b < nb; b++) {
		int s = 0;

		for (unsigned t = 0; t < bs; t++)
			s += in[b * bs + t];
		out[b] = s;
	}
}

static void hist_c(const int *in, int *hist, unsigned n, int nbins)
{
	memset(hist, 0, (size_t)nbins * sizeof(int));
	for (unsigned i = 0; i < n; i++)
		hist[in[i] % nbins]++;
}

static unsigned filter_c(const int *in, int *out, unsigned n, int limit)
{
	unsigned k = 0;

	for (unsigned i = 0; i < n; i++)
		if (in[i] < limit)
			out[k++] = in[i];
	return k;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

/* The kernels' order of the kept elements is the atomics' order: compared as multisets. */
static int same_kept(int *got, int count, const int *want, unsigned k)
{
	if (count != (int)k)
		return 0;
	qsort(got, k, sizeof(int), cmp_int);
	return !memcmp(got, want, k * sizeof(int));
}

int main(void)
{
	struct idxgen_rt_options ro = { .num_threads = 1 };
	struct idxgen_rt *rt;
	const unsigned bs = 256, nb = 4096, n = bs * nb;
	int nbins = 64, reps = 7, err = 0, bad = 0;
	int *in = malloc(n * sizeof(int)), *out = calloc(nb, sizeof(int)), *ref = calloc(nb, sizeof(int));
	int *hist = calloc(256, sizeof(int)), *href = calloc(256, sizeof(int));
	int *kept = malloc(n * sizeof(int)), *kref = malloc(n * sizeof(int)), count[1] = { 0 }, *pcount = count;
	int limit = 500;
	unsigned k;
	double ts, th, tm, tc, hw, hs, hc, fw, fa, fc;

	if (idxgen_rt_create(&ro, &rt))
		return 1;
	for (unsigned i = 0; i < n; i++)
		in[i] = (int)((i * 2654435761u) >> 20) % 1000;
	void *sargs[] = { &in, &out };
	void *hargs[] = { &in, &hist, &nbins };
	void *fargs[] = { &in, &kept, &pcount, &limit };

	sums_c(in, ref, nb, bs);
	ts = best_launch(rt, &idxgen_cc_kernel_sum_shfl, nb, bs, sargs, NULL, 0, reps, &err);
	bad += memcmp(out, ref, nb * sizeof(int)) != 0;
	memset(out, 0, nb * sizeof(int));
	th = best_launch(rt, &idxgen_cc_kernel_sum_shfl_helper, nb, bs, sargs, NULL, 0, reps, &err);
	bad += memcmp(out, ref, nb * sizeof(int)) != 0;
	memset(out, 0, nb * sizeof(int));
	tm = best_launch(rt, &idxgen_cc_kernel_sum_shared, nb, bs, sargs, NULL, 0, reps, &err);
	bad += memcmp(out, ref, nb * sizeof(int)) != 0;
	tc = 1e30;
	for (int r = 0; r < reps; r++) {
		double t0 = now();
		sums_c(in, out, nb, bs);
		if (now() - t0 < tc)
			tc = now() - t0;
	}

	hist_c(in, href, n, nbins);
	hw = best_launch(rt, &idxgen_cc_kernel_hist_warp, nb, bs, hargs, hist, 256, reps, &err);
	bad += memcmp(hist, href, (size_t)nbins * sizeof(int)) != 0;
	hs = best_launch(rt, &idxgen_cc_kernel_hist_shared, nb, bs, hargs, hist, 256, reps, &err);
	bad += memcmp(hist, href, (size_t)nbins * sizeof(int)) != 0;
	hc = 1e30;
	for (int r = 0; r < reps; r++) {
		double t0 = now();
		hist_c(in, hist, n, nbins);
		if (now() - t0 < hc)
			hc = now() - t0;
	}

	k = filter_c(in, kref, n, limit);
	qsort(kref, k, sizeof(int), cmp_int);
	fw = best_launch(rt, &idxgen_cc_kernel_filter_warp, nb, bs, fargs, count, 1, reps, &err);
	bad += !same_kept(kept, count[0], kref, k);
	fa = best_launch(rt, &idxgen_cc_kernel_filter_atomic, nb, bs, fargs, count, 1, reps, &err);
	bad += !same_kept(kept, count[0], kref, k);
	fc = 1e30;
	for (int r = 0; r < reps; r++) {
		double t0 = now();
		filter_c(in, kept, n, limit);
		if (now() - t0 < fc)
			fc = now() - t0;
	}
	printf("warp benchmarks: %u blocks x %u threads, one worker, best of %d%s\n", nb, bs, reps,
	       err || bad ? " -- WRONG RESULTS OR LAUNCH ERRORS, figures void" : "");
	printf("block sum  shfl tree %12.0f ns  shared tree %12.0f ns  plain C %12.0f ns  shared/shfl %.2f  C/shfl %.2f\n",
	       ts, tm, tc, tm / ts, tc / ts);
	printf("block sum  shfl helper%12.0f ns  shared tree %12.0f ns  plain C %12.0f ns  shared/shfl %.2f  C/shfl %.2f\n",
	       th, tm, tc, tm / th, tc / th);
	printf("histogram  warp-aggr %12.0f ns  shared atom %12.0f ns  plain C %12.0f ns  shared/warp %.2f  C/warp %.2f\n",
	       hw, hs, hc, hs / hw, hc / hw);
	printf("filter     warp-aggr %12.0f ns  atomic each %12.0f ns  plain C %12.0f ns  atomic/warp %.2f  C/warp %.2f\n",
	       fw, fa, fc, fa / fw, fc / fw);
	idxgen_rt_destroy(rt);
	free(in), free(out), free(ref), free(hist), free(href), free(kept), free(kref);
	return err || bad;
}
