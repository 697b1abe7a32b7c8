/* SPDX-License-Identifier: MIT */
/*
 * bench_model.c - throughput of the model's iterator + packer (not pass/fail).
 *
 * For each block shape, measured side by side in one run, with c = 32 lanes
 * (the hardware default) and the job's own word size:
 *
 *   gen      igm_gen_init + igm_gen_run: add/compare lanes, no divide
 *   memcpy   copying the same number of output bytes (the bandwidth ceiling)
 *   divmod   x = n % dx, y = (n / dx) % dy, z = n / (dx * dy) per thread
 *   recip    the same with each division by a precomputed reciprocal
 *            (Granlund-Montgomery round-up multiply, what compilers emit for
 *            constant divisors and what libdivide does at run time)
 *
 * Two regimes:
 *   cache    ~16 KiB of output (or the whole block if smaller), regenerated
 *            over and over into the same buffer: compute-bound;
 *   memory   64 MiB of output: the block written again and again at
 *            consecutive offsets of a 64 MiB buffer, which is larger than
 *            the last-level cache on the machines we run on: bandwidth-bound.
 *            memcpy copies the same block-sized pieces from a 64 MiB source.
 *
 * Every figure is the best of several timed trials (the machine is shared),
 * each trial repeated until it lasts long enough for clock_gettime.  Goals
 * (issue 2): gen >= 0.8x memcpy in memory, gen >= 1.5x recip in cache.
 *
 * The generator (igm_gen_init .. igm_gen_run) contains no '/' or '%'
 * operator: the first line of output says so, and `bench_model
 * --show-gen-source` prints that code with comments removed so a reviewer
 * can see it (tests/model/test_model checks the same thing).
 *
 * Build and run from the repo root:
 *	make -f tests/bench/model.mk		# builds build/bench/bench_model
 *	make -f tests/bench/model.mk run	# builds and runs it (~25 s)
 *	build/bench/bench_model --show-gen-source
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "idxgen_model.h"
#include "gen_source.h"
#include "gen_ref.h"

#ifndef IDXGEN_MODEL_C
#define IDXGEN_MODEL_C "qemu-device/model/idxgen_model.c"
#endif

#define LANES		32
#define CACHE_BYTES	(16u << 10)
#define MEM_BYTES	(64u << 20)
#define TRIALS		5
#define MIN_TRIAL_NS	40000000ull	/* 40 ms */

static uint8_t *dst, *src;

/* Keep the compiler from proving the stores dead. */
#if defined(__GNUC__)
static void clobber(void *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}
#else
static volatile uint32_t sink;

static void clobber(void *p)
{
	sink ^= *(volatile uint8_t *)p;
}
#endif

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* Baselines                                                           */
/* ------------------------------------------------------------------ */

struct shape {
	struct igm_job job;
	uint32_t threads;	/* threads per piece (whole block, or clipped for cache) */
	uint64_t piece_bytes;
};

static inline void put(uint8_t *o, uint32_t n, uint32_t w, uint32_t ws)
{
	if (ws == 2) {
		uint16_t h = (uint16_t)w;

		memcpy(o + 2 * (size_t)n, &h, 2);
	} else {
		memcpy(o + 4 * (size_t)n, &w, 4);
	}
}

/* Plain division and modulo per thread (the slow path docs/design.md#generator avoids). */
static __attribute__((noinline)) void run_divmod(const struct igm_job *j, uint8_t *o,
						 uint32_t count)
{
	uint32_t n, dx = j->dx, dy = j->dy, dxy = j->dx * j->dy;
	unsigned int sy = j->mx, sz = j->mx + j->my;

	if (j->word_size == 2) {
		for (n = 0; n < count; n++)
			put(o, n, n % dx | ((n / dx) % dy) << sy | (n / dxy) << sz, 2);
	} else {
		for (n = 0; n < count; n++)
			put(o, n, n % dx | ((n / dx) % dy) << sy | (n / dxy) << sz, 4);
	}
}

/*
 * Unsigned 32-bit division by a run-time invariant d via multiply
 * (Granlund & Montgomery 1994, fig. 4.1; libdivide's "add" path):
 *	l = ceil(log2 d), m = floor(2^32 * (2^l - d) / d) + 1
 *	t = mulhi(m, n), q = (t + ((n - t) >> min(l, 1))) >> max(l - 1, 0)
 * Exact for every n, d in [1, 2^32).  Checked against '/' at start-up.
 */
struct recip {
	uint32_t m;
	unsigned int sh1, sh2;
};

static struct recip recip_gen(uint32_t d)
{
	struct recip r;
	unsigned int l = idxgen_ref_width(d);

	r.m = (uint32_t)((((uint64_t)1 << 32) * (((uint64_t)1 << l) - d)) / d + 1);
	r.sh1 = l < 1 ? l : 1;
	r.sh2 = l > 1 ? l - 1 : 0;
	return r;
}

static inline uint32_t recip_div(uint32_t n, struct recip r)
{
	uint32_t t = (uint32_t)(((uint64_t)r.m * n) >> 32);

	return (t + ((n - t) >> r.sh1)) >> r.sh2;
}

static __attribute__((noinline)) void run_recip(const struct igm_job *j, uint8_t *o,
						uint32_t count)
{
	uint32_t n, dx = j->dx, dy = j->dy;
	struct recip rx = recip_gen(dx), ry = recip_gen(dy);
	unsigned int sy = j->mx, sz = j->mx + j->my;

	/* two divisions per thread: q = n / dx, z = q / dy; the modulos by multiply-subtract */
	if (j->word_size == 2) {
		for (n = 0; n < count; n++) {
			uint32_t q = recip_div(n, rx), z = recip_div(q, ry);

			put(o, n, (n - q * dx) | (q - z * dy) << sy | z << sz, 2);
		}
	} else {
		for (n = 0; n < count; n++) {
			uint32_t q = recip_div(n, rx), z = recip_div(q, ry);

			put(o, n, (n - q * dx) | (q - z * dy) << sy | z << sz, 4);
		}
	}
}

static int recip_selftest(void)
{
	static const uint32_t ds[] = { 1, 2, 3, 5, 7, 10, 32, 33, 100, 641, 1023, 1025,
				       65535, 65536, 1u << 31, 0x80000001u, 0xffffffffu };
	uint64_t s = 88172645463325252ull;
	size_t i;
	int k;

	for (i = 0; i < sizeof(ds) / sizeof(ds[0]); i++) {
		struct recip r = recip_gen(ds[i]);

		for (k = 0; k < 200000; k++) {
			uint32_t n;

			s ^= s << 13, s ^= s >> 7, s ^= s << 17;
			n = k < 1000 ? (uint32_t)k : k < 2000 ? 0xffffffffu - (uint32_t)k : (uint32_t)s;
			if (recip_div(n, r) != n / ds[i]) {
				fprintf(stderr, "recip: %u / %u wrong\n", n, ds[i]);
				return -1;
			}
		}
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Timing                                                              */
/* ------------------------------------------------------------------ */

enum method { M_GEN, M_MEMCPY, M_DIVMOD, M_RECIP, M_COUNT };
static const char *const method_name[M_COUNT] = { "gen", "memcpy", "divmod", "recip" };

/* One pass: fill total bytes of dst with pieces, with method m. */
static void pass(enum method m, const struct shape *s, uint64_t total)
{
	static struct igm_gen g;
	uint64_t off;

	for (off = 0; off + s->piece_bytes <= total; off += s->piece_bytes) {
		uint8_t *o = dst + off;

		switch (m) {
		case M_GEN:
			igm_gen_init(&g, &s->job);
			igm_gen_run(&g, o, (s->threads + LANES - 1) / LANES);
			break;
		case M_MEMCPY:
			memcpy(o, src + off, s->piece_bytes);
			break;
		case M_DIVMOD:
			run_divmod(&s->job, o, s->threads);
			break;
		case M_RECIP:
			run_recip(&s->job, o, s->threads);
			break;
		default:
			break;
		}
		clobber(o);
	}
}

/*
 * Best bytes per nanosecond (= GB/s) of every method over TRIALS trials.
 * Trials are interleaved (trial 1 of each method, then trial 2, ...) so
 * that a burst of load from other processes hits all methods alike.
 */
static void measure_all(const struct shape *s, uint64_t total, double best[M_COUNT])
{
	enum method m;
	int t;

	for (m = M_GEN; m < M_COUNT; m++)
		best[m] = 0;
	for (t = 0; t < TRIALS; t++) {
		for (m = M_GEN; m < M_COUNT; m++) {
			uint64_t t0 = now_ns(), t1, reps = 0, bytes;

			do {
				pass(m, s, total);
				reps++;
				t1 = now_ns();
			} while (t1 - t0 < MIN_TRIAL_NS);
			bytes = reps * (total / s->piece_bytes) * s->piece_bytes;
			if ((double)bytes / (double)(t1 - t0) > best[m])
				best[m] = (double)bytes / (double)(t1 - t0);
		}
	}
}

/* Check that every method really produced the reference output (fairness). */
static int verify(const struct shape *s)
{
	enum method m;

	for (m = M_GEN; m < M_COUNT; m++) {
		if (m == M_MEMCPY)
			continue;
		memset(dst, 0xa5, s->piece_bytes);
		pass(m, s, s->piece_bytes);
		for (uint32_t n = 0; n < s->threads; n++) {
			if (idxgen_ref_load(dst, n, s->job.word_size) !=
			    idxgen_ref_word(n, s->job.dx, s->job.dy, s->job.mx, s->job.my)) {
				fprintf(stderr, "%s wrong at thread %u\n", method_name[m], n);
				return -1;
			}
		}
	}
	return 0;
}


int main(int argc, char **argv)
{
	static const uint32_t shapes[][3] = {
		{ 32, 32, 1 }, { 1024, 1, 1 }, { 7, 9, 13 }, { 64, 64, 16 }, { 33, 33, 33 },
		{ 128, 128, 64 }, { 1024, 1024, 1 }, { 65535, 16, 1 },
	};
	size_t i;
	char *text;

	if (argc > 1 && !strcmp(argv[1], "--show-gen-source")) {
		int lines, ops;

		text = read_text(argc > 2 ? argv[2] : IDXGEN_MODEL_C);
		if (!text) {
			perror(argc > 2 ? argv[2] : IDXGEN_MODEL_C);
			return 1;
		}
		ops = count_div_ops(text, &lines, stdout);
		printf("# %d code lines of the generator, %d '/' or '%%' operators\n", lines, ops);
		free(text);
		return ops != 0;
	}
	if (argc > 1) {
		fprintf(stderr, "usage: bench_model [--show-gen-source [idxgen_model.c]]\n");
		return 2;
	}
	if (recip_selftest())
		return 1;
	dst = aligned_alloc(4096, MEM_BYTES);
	src = aligned_alloc(4096, MEM_BYTES);
	if (!dst || !src)
		return 1;
	memset(dst, 1, MEM_BYTES);	/* fault every page in before timing */
	memset(src, 2, MEM_BYTES);

	text = read_text(IDXGEN_MODEL_C);
	if (text) {
		int lines, ops = count_div_ops(text, &lines, NULL);

		printf("# generator source (%s): %d code lines, %d '/' or '%%' operators\n",
		       IDXGEN_MODEL_C, lines, ops);
		free(text);
	}
	printf("# idxgen model benchmark: c = %d lanes; GB/s of packed output, best of %d\n",
	       LANES, TRIALS);
	printf("# ratios: gen/memcpy (goal >= 0.8 in memory), gen/recip (goal >= 1.5 in cache)\n");
	printf("%-14s %-6s %3s %9s | %7s %7s %7s %7s | %7s %7s %7s\n", "shape", "regime", "ws",
	       "piece", "gen", "memcpy", "divmod", "recip", "/memcpy", "/divmod", "/recip");
	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		int regime;

		for (regime = 0; regime < 2; regime++) {
			struct shape s;
			double r[M_COUNT];
			char name[32];

			if (igm_job_init(&s.job, shapes[i][0], shapes[i][1], shapes[i][2], LANES,
					 0, NULL) != IDXGEN_CPL_OK)
				return 1;
			s.threads = (uint32_t)igm_job_threads(&s.job);
			/* cache: clip to ~16 KiB, whole warps (generation of a prefix) */
			if (regime == 0 && (uint64_t)s.threads * s.job.word_size > CACHE_BYTES)
				s.threads = CACHE_BYTES / s.job.word_size;
			s.piece_bytes = (uint64_t)s.threads * s.job.word_size;
			if (verify(&s))
				return 1;
			measure_all(&s, regime ? MEM_BYTES : s.piece_bytes, r);
			snprintf(name, sizeof(name), "%ux%ux%u", shapes[i][0], shapes[i][1],
				 shapes[i][2]);
			printf("%-14s %-6s %3u %8lluK | %7.2f %7.2f %7.2f %7.2f | %7.2f %7.2f %7.2f\n",
			       name, regime ? "memory" : "cache", s.job.word_size * 8,
			       (unsigned long long)(s.piece_bytes >> 10), r[M_GEN], r[M_MEMCPY],
			       r[M_DIVMOD], r[M_RECIP], r[M_GEN] / r[M_MEMCPY],
			       r[M_GEN] / r[M_DIVMOD], r[M_GEN] / r[M_RECIP]);
		}
	}
	free(dst);
	free(src);
	return 0;
}
