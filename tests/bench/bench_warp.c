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
 * Times are the process's CPU time (CLOCK_PROCESS_CPUTIME_ID, all its
 * threads: the runtime's one worker and the caller, which runs blocks
 * too), not the wall clock: on a machine shared with other builds the
 * wall clock counts the slices they took, CPU time does not.  Each figure
 * is the median of REPS launches after one not counted, with the spread
 * (max - min) / median.
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

static double cpu_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

#define REPS 9

/* The median of REPS runs and their spread, (max - min) / median. */
struct timing {
	double med, spread;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static struct timing summarise(double *t)
{
	qsort(t, REPS, sizeof(double), cmp_double);
	return (struct timing){ t[REPS / 2], (t[REPS - 1] - t[0]) / t[REPS / 2] };
}

static struct timing time_launch(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, unsigned nb, unsigned bs,
				 void *const *args, int *reset, size_t nreset, int *err)
{
	double t[REPS];

	/* One launch not counted: the first touches the buffers' pages and warms the caches. */
	for (int r = -1; r < REPS; r++) {
		if (reset)
			memset(reset, 0, nreset * sizeof(int));
		double t0 = cpu_ns();
		*err |= idxgen_rt_launch(rt, k, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
		if (r >= 0)
			t[r] = cpu_ns() - t0;
	}
	return summarise(t);
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

/* One line: the warp form, its rival, plain C, and the ratios (> 1: the warp form is faster). */
static void print_row(const char *what, const char *warp_name, struct timing w, const char *rival_name,
		      struct timing r, struct timing c, const char *ratio_name)
{
	printf("%-10s %-11s %10.0f ns (%3.0f%%)  %-11s %10.0f ns (%3.0f%%)  plain C %10.0f ns (%3.0f%%)  %s %.2f  C/warp %.2f\n",
	       what, warp_name, w.med, w.spread * 100, rival_name, r.med, r.spread * 100, c.med, c.spread * 100, ratio_name,
	       r.med / w.med, c.med / w.med);
}

int main(void)
{
	struct idxgen_rt_options ro = { .num_threads = 1 };
	struct idxgen_rt *rt;
	const unsigned bs = 256, nb = 4096, n = bs * nb;
	int nbins = 64, err = 0, bad = 0;
	int *in = malloc(n * sizeof(int)), *out = calloc(nb, sizeof(int)), *ref = calloc(nb, sizeof(int));
	int *hist = calloc(256, sizeof(int)), *href = calloc(256, sizeof(int));
	int *kept = malloc(n * sizeof(int)), *kref = malloc(n * sizeof(int)), count[1] = { 0 }, *pcount = count;
	int limit = 500;
	unsigned k;
	struct timing ts, th, tm, tc, hw, hs, hc, fw, fa, fc;
	double t[REPS];

	if (idxgen_rt_create(&ro, &rt))
		return 1;
	for (unsigned i = 0; i < n; i++)
		in[i] = (int)((i * 2654435761u) >> 20) % 1000;
	void *sargs[] = { &in, &out };
	void *hargs[] = { &in, &hist, &nbins };
	void *fargs[] = { &in, &kept, &pcount, &limit };

	sums_c(in, ref, nb, bs);
	ts = time_launch(rt, &idxgen_cc_kernel_sum_shfl, nb, bs, sargs, NULL, 0, &err);
	bad += memcmp(out, ref, nb * sizeof(int)) != 0;
	memset(out, 0, nb * sizeof(int));
	th = time_launch(rt, &idxgen_cc_kernel_sum_shfl_helper, nb, bs, sargs, NULL, 0, &err);
	bad += memcmp(out, ref, nb * sizeof(int)) != 0;
	memset(out, 0, nb * sizeof(int));
	tm = time_launch(rt, &idxgen_cc_kernel_sum_shared, nb, bs, sargs, NULL, 0, &err);
	bad += memcmp(out, ref, nb * sizeof(int)) != 0;
	for (int r = 0; r < REPS; r++) {
		double t0 = cpu_ns();
		sums_c(in, out, nb, bs);
		t[r] = cpu_ns() - t0;
	}
	tc = summarise(t);

	hist_c(in, href, n, nbins);
	hw = time_launch(rt, &idxgen_cc_kernel_hist_warp, nb, bs, hargs, hist, 256, &err);
	bad += memcmp(hist, href, (size_t)nbins * sizeof(int)) != 0;
	hs = time_launch(rt, &idxgen_cc_kernel_hist_shared, nb, bs, hargs, hist, 256, &err);
	bad += memcmp(hist, href, (size_t)nbins * sizeof(int)) != 0;
	for (int r = 0; r < REPS; r++) {
		double t0 = cpu_ns();
		hist_c(in, hist, n, nbins);
		t[r] = cpu_ns() - t0;
	}
	hc = summarise(t);

	k = filter_c(in, kref, n, limit);
	qsort(kref, k, sizeof(int), cmp_int);
	fw = time_launch(rt, &idxgen_cc_kernel_filter_warp, nb, bs, fargs, count, 1, &err);
	bad += !same_kept(kept, count[0], kref, k);
	fa = time_launch(rt, &idxgen_cc_kernel_filter_atomic, nb, bs, fargs, count, 1, &err);
	bad += !same_kept(kept, count[0], kref, k);
	for (int r = 0; r < REPS; r++) {
		double t0 = cpu_ns();
		filter_c(in, kept, n, limit);
		t[r] = cpu_ns() - t0;
	}
	fc = summarise(t);
	printf("warp benchmarks: %u blocks x %u threads, one worker, CPU time, median of %d (spread)%s\n", nb, bs, REPS,
	       err || bad ? " -- WRONG RESULTS OR LAUNCH ERRORS, figures void" : "");
	print_row("block sum", "shfl tree", ts, "shared tree", tm, tc, "shared/shfl");
	print_row("block sum", "shfl helper", th, "shared tree", tm, tc, "shared/shfl");
	print_row("histogram", "warp-aggr", hw, "shared atom", hs, hc, "shared/warp");
	print_row("filter", "warp-aggr", fw, "atomic each", fa, fc, "atomic/warp");
	idxgen_rt_destroy(rt);
	free(in), free(out), free(ref), free(hist), free(href), free(kept), free(kref);
	return err || bad;
}
