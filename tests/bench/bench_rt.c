// SPDX-License-Identifier: MIT
/*
 * bench_rt.c - the SPMD CPU runtime against plain C, side by side in one
 * run (not pass/fail; ratios, best of several repetitions):
 *  1. launch overhead of a trivial kernel over one block vs a plain call;
 *  2. vector add, tiled matmul, 3-D stencil: runtime (1 thread) vs a
 *     hand-written C loop nest with the same flags, and the runtime's
 *     scaling from 1 to 2 threads (efficiency = t1 / (2 * t2));
 *  3. thread-loop cost per thread: indices read from the device's stream
 *     vs nested loops computing them vs div/mod of a linear index;
 *  4. dispatch of 10^5 tiny blocks (per block, 1 and 2 threads);
 *  5. roofline of the memory-bound kernels: bytes moved / time against
 *     memcpy's bandwidth on 1 and 2 threads.
 * The machine's load (/proc/loadavg) is printed first: figures taken
 * under load say so.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "idxgen_rt.h"
#include "kernels.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define REPS 9
#define BEST(var, stmt)                                      \
	do {                                                 \
		var = 1e30;                                  \
		for (int r_ = 0; r_ < REPS; r_++) {          \
			double t_ = now();                   \
			stmt;                                \
			t_ = now() - t_;                     \
			if (t_ < var)                        \
				var = t_;                    \
		}                                            \
	} while (0)

/*
 * CPU time of the whole process (all threads) spent in stmt, least of
 * REPS: the work a launch costs, whatever else runs on the machine (the
 * pool's idle workers sleep, they do not spin).  Work on 2 threads over
 * work on 1 is the work inflation (false sharing, memory contention,
 * dispatch), measurable under load where wall-clock scaling is not.
 */
static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define BEST_CPU(var, stmt)                                  \
	do {                                                 \
		var = 1e30;                                  \
		for (int r_ = 0; r_ < REPS; r_++) {          \
			double t_ = cpu_now();               \
			stmt;                                \
			t_ = cpu_now() - t_;                 \
			if (t_ < var)                        \
				var = t_;                    \
		}                                            \
	} while (0)

static struct idxgen_rt *rt_n(unsigned int n)
{
	struct idxgen_rt_options o = { .num_threads = n };
	struct idxgen_rt *rt;

	if (idxgen_rt_create(&o, &rt)) {
		fprintf(stderr, "bench_rt: no runtime\n");
		exit(1);
	}
	return rt;
}

static int launch_err;
#define LAUNCH(rt, k, g, b, sh, args) (launch_err |= idxgen_rt_launch((rt), (k), (g), (b), (sh), (args)))

/* ---- 1. launch overhead ---- */
static void (*volatile call_ptr)(struct idxgen_rt_block *) = empty_block;

static void bench_overhead(struct idxgen_rt *rt1)
{
	const int n = 20000;
	struct idxgen_rt_block blk = { .nthreads = 1 };
	double tl, tc;

	LAUNCH(rt1, &empty_kernel, IDXGEN_RT_DIM3(1, 1, 1), IDXGEN_RT_DIM3(1, 1, 1), 0, NULL);
	BEST(tl, for (int i = 0; i < n; i++)
			 LAUNCH(rt1, &empty_kernel, IDXGEN_RT_DIM3(1, 1, 1), IDXGEN_RT_DIM3(1, 1, 1), 0, NULL));
	BEST(tc, for (int i = 0; i < n; i++) call_ptr(&blk));
	printf("launch overhead, trivial kernel, 1 block of 1 thread: %.2f us per launch "
	       "(plain function call %.4f us; %.0fx)\n", 1e6 * tl / n, 1e6 * tc / n, tl / tc);
}

/* ---- 2. kernels vs loop nests ---- */
static void vadd_loop(const float *a, const float *b, float *c, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		c[i] = a[i] + b[i];
}

static void matmul_loop(const float *A, const float *B, float *C, uint32_t n)
{
	/* i-k-j: the cache-friendly plain loop nest */
	for (uint32_t i = 0; i < n; i++) {
		float *c = C + (size_t)i * n;

		for (uint32_t j = 0; j < n; j++)
			c[j] = 0;
		for (uint32_t k = 0; k < n; k++) {
			float a = A[(size_t)i * n + k];
			const float *b = B + (size_t)k * n;

			for (uint32_t j = 0; j < n; j++)
				c[j] += a * b[j];
		}
	}
}

static void report(const char *what, double tloop, double t1, double t2)
{
	printf("%-34s loop %8.3f ms | runtime 1 thread %8.3f ms = %.2fx of the loop | "
	       "2 threads %8.3f ms, scaling efficiency %.0f%%\n",
	       what, 1e3 * tloop, 1e3 * t1, tloop / t1, 1e3 * t2, 100 * t1 / (2 * t2));
}

/* Work (process CPU time) of the launch on 2 threads over 1 thread. */
#define REPORT_WORK(rt1, rt2, k, g, bd, args)                                                     \
	do {                                                                                      \
		double c1_, c2_;                                                                  \
		BEST_CPU(c1_, LAUNCH(rt1, k, g, bd, 0, args));                                    \
		BEST_CPU(c2_, LAUNCH(rt2, k, g, bd, 0, args));                                    \
		printf("%-34s work (CPU time) 1 thread %8.3f ms, 2 threads %8.3f ms: inflation %.2fx\n", \
		       "", 1e3 * c1_, 1e3 * c2_, c2_ / c1_);                                       \
	} while (0)

static void bench_kernels(struct idxgen_rt *rt1, struct idxgen_rt *rt2)
{
	double tl, t1, t2;

	{
		uint32_t n = 1u << 22;
		float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
		float *c = malloc(n * sizeof(float));
		void *args[] = { &a, &b, &c, &n };
		struct idxgen_rt_dim3 g = IDXGEN_RT_DIM3(n / 1024, 1, 1), bd = IDXGEN_RT_DIM3(1024, 1, 1);

		for (uint32_t i = 0; i < n; i++)
			a[i] = (float)i, b[i] = 1.0f, c[i] = 0;
		BEST(tl, vadd_loop(a, b, c, n));
		BEST(t1, LAUNCH(rt1, &vadd_kernel, g, bd, 0, args));
		BEST(t2, LAUNCH(rt2, &vadd_kernel, g, bd, 0, args));
		report("vector add 4M floats, blocks of 1024", tl, t1, t2);
		REPORT_WORK(rt1, rt2, &vadd_kernel, g, bd, args);
		free(a), free(b), free(c);
	}
	{
		uint32_t n = 256;
		size_t sz = (size_t)n * n;
		float *A = malloc(sz * sizeof(float)), *B = malloc(sz * sizeof(float));
		float *C = malloc(sz * sizeof(float));
		void *args[] = { &A, &B, &C, &n };
		struct idxgen_rt_dim3 g = IDXGEN_RT_DIM3(n / MM_T, n / MM_T, 1), bd = IDXGEN_RT_DIM3(MM_T, MM_T, 1);

		for (size_t i = 0; i < sz; i++)
			A[i] = (float)(i % 7), B[i] = (float)(i % 5);
		BEST(tl, matmul_loop(A, B, C, n));
		BEST(t1, LAUNCH(rt1, &matmul_kernel, g, bd, 0, args));
		BEST(t2, LAUNCH(rt2, &matmul_kernel, g, bd, 0, args));
		report("tiled matmul 256x256, 16x16 tiles", tl, t1, t2);
		REPORT_WORK(rt1, rt2, &matmul_kernel, g, bd, args);
		BEST(t1, LAUNCH(rt1, &matmul_il_kernel, g, bd, 0, args));
		BEST(t2, LAUNCH(rt2, &matmul_il_kernel, g, bd, 0, args));
		report("  same, k loop outside thread loop", tl, t1, t2);
		free(A), free(B), free(C);
	}
	{
		uint32_t nx = 128, ny = 128, nz = 128;
		size_t sz = (size_t)nx * ny * nz;
		float *in = malloc(sz * sizeof(float)), *out = malloc(sz * sizeof(float));
		void *args[] = { &in, &out, &nx, &ny, &nz };
		struct idxgen_rt_dim3 bd = IDXGEN_RT_DIM3(32, 4, 4);
		struct idxgen_rt_dim3 g = IDXGEN_RT_DIM3(nx / bd.x, ny / bd.y, nz / bd.z);

		for (size_t i = 0; i < sz; i++)
			in[i] = (float)(i % 11);
		BEST(tl, stencil_ref(in, out, nx, ny, nz));
		BEST(t1, LAUNCH(rt1, &stencil_kernel, g, bd, 0, args));
		BEST(t2, LAUNCH(rt2, &stencil_kernel, g, bd, 0, args));
		report("3-D stencil 128^3, blocks 32x4x4", tl, t1, t2);
		REPORT_WORK(rt1, rt2, &stencil_kernel, g, bd, args);
		BEST(t1, LAUNCH(rt1, &stencil_wr_kernel, g, bd, 0, args));
		BEST(t2, LAUNCH(rt2, &stencil_wr_kernel, g, bd, 0, args));
		report("  same, warp x-runs as lane loops", tl, t1, t2);
		REPORT_WORK(rt1, rt2, &stencil_wr_kernel, g, bd, args);
		free(in), free(out);
	}
}

/* ---- 4. dispatch of many tiny blocks ---- */
static void bench_dispatch(struct idxgen_rt *rt1, struct idxgen_rt *rt2)
{
	const uint32_t nb = 100000;
	double t1, t2;

	LAUNCH(rt1, &empty_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(1, 1, 1), 0, NULL);
	LAUNCH(rt2, &empty_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(1, 1, 1), 0, NULL);
	BEST(t1, LAUNCH(rt1, &empty_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(1, 1, 1), 0, NULL));
	BEST(t2, LAUNCH(rt2, &empty_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(1, 1, 1), 0, NULL));
	printf("dispatch of 10^5 empty blocks: 1 thread %.1f ns per block, 2 threads %.1f ns per block\n",
	       1e9 * t1 / nb, 1e9 * t2 / nb);
}

/* ---- 5. roofline: memcpy bandwidth ---- */
struct copy_arg {
	char *dst;
	const char *src;
	size_t n;
};

static void *copy_main(void *p)
{
	struct copy_arg *a = p;

	memcpy(a->dst, a->src, a->n);
	return NULL;
}

/* Bytes per second memcpy moves (read + written) over n bytes on nt threads (1 or 2). */
static double copy_bw(char *dst, const char *src, size_t n, int nt)
{
	struct copy_arg a[2] = { { dst, src, n / 2 }, { dst + n / 2, src + n / 2, n - n / 2 } };
	pthread_t th;
	double t;

	if (nt == 1) {
		a[0].n = n;
		BEST(t, copy_main(&a[0]));
	} else {
		BEST(t, pthread_create(&th, NULL, copy_main, &a[1]); copy_main(&a[0]); pthread_join(th, NULL));
	}
	return 2.0 * (double)n / t;
}

static void bench_roofline(struct idxgen_rt *rt1, struct idxgen_rt *rt2)
{
	size_t big = 64u << 20;
	char *s = malloc(big), *d = malloc(big);
	double bw1, bw2, t1, t2;

	memset(s, 1, big), memset(d, 2, big);
	bw1 = copy_bw(d, s, big, 1);
	bw2 = copy_bw(d, s, big, 2);
	printf("roofline: memcpy of 64 MiB moves %.1f GB/s on 1 thread, %.1f GB/s on 2 (read + written)\n",
	       bw1 / 1e9, bw2 / 1e9);
	free(s), free(d);
	{
		uint32_t n = 1u << 22;
		float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float)), *c = malloc(n * sizeof(float));
		memset(a, 0, n * sizeof(float)), memset(b, 0, n * sizeof(float)), memset(c, 0, n * sizeof(float));
		void *args[] = { &a, &b, &c, &n };
		struct idxgen_rt_dim3 g = IDXGEN_RT_DIM3(n / 1024, 1, 1), bd = IDXGEN_RT_DIM3(1024, 1, 1);
		double bytes = 3.0 * 4 * n;	/* a, b read; c written */

		BEST(t1, LAUNCH(rt1, &vadd_kernel, g, bd, 0, args));
		BEST(t2, LAUNCH(rt2, &vadd_kernel, g, bd, 0, args));
		printf("  vector add 4M floats: %.1f GB/s = %.0f%% of memcpy (1 thread), %.1f GB/s = %.0f%% (2)\n",
		       bytes / t1 / 1e9, 100 * bytes / t1 / bw1, bytes / t2 / 1e9, 100 * bytes / t2 / bw2);
		free(a), free(b), free(c);
	}
	{
		uint32_t nx = 128, ny = 128, nz = 128;
		size_t sz = (size_t)nx * ny * nz;
		float *in = malloc(sz * sizeof(float)), *out = malloc(sz * sizeof(float));
		memset(in, 0, sz * sizeof(float)), memset(out, 0, sz * sizeof(float));
		void *args[] = { &in, &out, &nx, &ny, &nz };
		struct idxgen_rt_dim3 bd = IDXGEN_RT_DIM3(32, 4, 4);
		struct idxgen_rt_dim3 g = IDXGEN_RT_DIM3(nx / bd.x, ny / bd.y, nz / bd.z);
		double bytes = 2.0 * 4 * sz;	/* in read once (neighbours from cache), out written */

		BEST(t1, LAUNCH(rt1, &stencil_wr_kernel, g, bd, 0, args));
		BEST(t2, LAUNCH(rt2, &stencil_wr_kernel, g, bd, 0, args));
		printf("  3-D stencil 128^3 (lane loops): %.1f GB/s = %.0f%% of memcpy (1 thread), %.1f GB/s = "
		       "%.0f%% (2)\n", bytes / t1 / 1e9, 100 * bytes / t1 / bw1, bytes / t2 / 1e9,
		       100 * bytes / t2 / bw2);
		free(in), free(out);
	}
}

/* ---- 3. thread-loop cost ---- */
static volatile uint64_t sink;

static uint64_t loop_stream(const struct idxgen_rt_block *blk)
{
	uint64_t s = 0;

	IDXGEN_RT_FOR_THREADS(blk, t)
		s += IDXGEN_RT_TID_X(blk, t) * 3u + IDXGEN_RT_TID_Y(blk, t) * 5u + IDXGEN_RT_TID_Z(blk, t) * 7u;
	return s;
}

static uint64_t loop_nested(const uint32_t d[3])
{
	uint64_t s = 0;

	for (uint32_t z = 0; z < d[2]; z++)
		for (uint32_t y = 0; y < d[1]; y++)
			for (uint32_t x = 0; x < d[0]; x++)
				s += x * 3u + y * 5u + z * 7u;
	return s;
}

static uint64_t loop_divmod(const uint32_t d[3], volatile uint32_t *dx)
{
	uint64_t s = 0;
	uint32_t n = d[0] * d[1] * d[2], bx = *dx, by = d[1];

	for (uint32_t i = 0; i < n; i++) {
		uint32_t x = i % bx, y = i / bx % by, z = i / bx / by;

		s += x * 3u + y * 5u + z * 7u;
	}
	return s;
}

/* The same sum decoding the device's packed words in the loop. */
static uint64_t loop_words(const void *words, unsigned int ws, uint32_t n, unsigned int mx,
			   unsigned int my)
{
	uint32_t mxm = (1u << mx) - 1, mym = (1u << my) - 1;
	uint64_t s = 0;

	if (ws == 2) {
		const uint16_t *w = words;

		for (uint32_t t = 0; t < n; t++)
			s += (w[t] & mxm) * 3u + ((w[t] >> mx) & mym) * 5u + (uint32_t)(w[t] >> (mx + my)) * 7u;
	} else {
		const uint32_t *w = words;

		for (uint32_t t = 0; t < n; t++)
			s += (w[t] & mxm) * 3u + ((w[t] >> mx) & mym) * 5u + (w[t] >> (mx + my)) * 7u;
	}
	return s;
}

/* Grab the stream of a launch through a one-block kernel. */
static struct idxgen_rt_block grabbed;
static uint16_t gx[1024], gy[1024], gz[1024];
static void grab_block(struct idxgen_rt_block *blk)
{
	grabbed = *blk;
	memcpy(gx, blk->tid_x, blk->nthreads * 2);
	memcpy(gy, blk->tid_y, blk->nthreads * 2);
	memcpy(gz, blk->tid_z, blk->nthreads * 2);
	grabbed.tid_x = gx, grabbed.tid_y = gy, grabbed.tid_z = gz;
}

static const struct idxgen_rt_kernel grab_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "grab", .block = grab_block,
};

static void bench_thread_loop(struct idxgen_rt *rt1)
{
	static const uint32_t shapes[][3] = { { 32, 8, 4 }, { 1024, 1, 1 }, { 8, 8, 8 }, { 10, 10, 10 } };

	for (unsigned int s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		const uint32_t *d = shapes[s];
		uint32_t n = d[0] * d[1] * d[2];
		volatile uint32_t dxv = d[0];
		const int reps = 20000;
		double ts, tn, td;

		LAUNCH(rt1, &grab_kernel, IDXGEN_RT_DIM3(1, 1, 1), IDXGEN_RT_DIM3(d[0], d[1], d[2]), 0, NULL);
		if (loop_stream(&grabbed) != loop_nested(d))
			printf("thread loop: stream and nested loops disagree!\n");
		BEST(ts, for (int i = 0; i < reps; i++) sink += loop_stream(&grabbed));
		BEST(tn, for (int i = 0; i < reps; i++) sink += loop_nested(d));
		BEST(td, for (int i = 0; i < reps; i++) sink += loop_divmod(d, &dxv));

		/* the packed words themselves, for the alternative ABI */
		struct idxgen_device *dev = idxgen_rt_device(rt1);
		struct idxgen_context *ctx;
		struct idxgen_region *reg;
		struct idxgen_config cfg;
		const void *map;
		double tw = 0, tu = 0;
		void *words = malloc(4 * n);

		if (words && !idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx)) {
			if (!idxgen_region_alloc(dev, 1 << 16, &reg)) {
				if (!idxgen_config_init(&cfg, dev, d[0], d[1], d[2], 0) &&
				    !idxgen_config_target(&cfg, reg, 0) && !idxgen_run(ctx, &cfg, NULL) &&
				    !idxgen_region_map(reg, &map)) {
					memcpy(words, map, n * cfg.word_size);
					if (loop_words(words, cfg.word_size, n, cfg.mx, cfg.my) != loop_nested(d))
						printf("thread loop: packed words disagree!\n");
					BEST(tw, for (int i = 0; i < reps; i++)
							 sink += loop_words(words, cfg.word_size, n, cfg.mx, cfg.my));
					BEST(tu, for (int i = 0; i < reps / 10; i++)
							 idxgen_unpack_words(words, cfg.word_size, cfg.mx, cfg.my, cfg.mz, n,
									     gx, gy, gz));
					tu *= 10;
				}
				idxgen_region_free(reg);
			}
			idxgen_context_destroy(ctx);
		}
		free(words);
		printf("thread loop %4ux%ux%u: device stream %.3f ns/thread | nested loops %.3f ns/thread "
		       "(stream %.2fx) | div/mod of a linear id %.3f ns/thread (stream %.2fx)\n",
		       d[0], d[1], d[2], 1e9 * ts / reps / n, 1e9 * tn / reps / n, tn / ts,
		       1e9 * td / reps / n, td / ts);
		printf("    alternative ABI, packed words decoded in the loop: %.3f ns/thread (pre-unpacked "
		       "stream %.2fx); the unpack, once per launch: %.3f ns/thread\n",
		       1e9 * tw / reps / n, tw / ts, 1e9 * tu / reps / n);
	}
}

int main(void)
{
	struct idxgen_rt *rt1 = rt_n(1), *rt2 = rt_n(2);

	char load[64] = "?";
	FILE *f = fopen("/proc/loadavg", "r");

	if (f) {
		if (!fgets(load, sizeof(load), f))
			strcpy(load, "?");
		fclose(f);
		load[strcspn(load, "\n")] = 0;
	}
	printf("# bench_rt: backend %s; ratios > 1 mean the runtime is faster; load average %s\n",
	       idxgen_backend_of(idxgen_rt_device(rt1)) == IDXGEN_BACKEND_EMU ? "emulation" : "device", load);
	bench_overhead(rt1);
	bench_kernels(rt1, rt2);
	bench_dispatch(rt1, rt2);
	bench_roofline(rt1, rt2);
	bench_thread_loop(rt1);
	{
		struct idxgen_rt_kernel_stats st;

		if (!idxgen_rt_kernel_stats(rt1, &vadd_kernel, &st))
			printf("device index streams of vadd on the 1-thread runtime: %llu launches, "
			       "%llu configurations, %llu history hits\n", (unsigned long long)st.launches,
			       (unsigned long long)st.device_jobs, (unsigned long long)st.device_hits);
	}
	idxgen_rt_destroy(rt1);
	idxgen_rt_destroy(rt2);
	if (launch_err)
		printf("bench_rt: a launch failed\n");
	return launch_err ? 1 : 0;
}
