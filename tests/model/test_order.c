/* SPDX-License-Identifier: MIT */
/*
 * test_order - the schedule orders of the generator model against the
 * independent reference in tests/common/order_ref.h.
 *
 *  - every CUDA-legal block shape (x <= 1024, y <= 1024, z <= 64,
 *    x*y*z <= 1024) under every order; the strided and tiled parameters
 *    rotate through geometric sets (one pair per plane, so every pair meets
 *    many shapes), the step c and the chunking of gen_run rotate too;
 *  - every parameter pair on a set of small odd/even planes;
 *  - large and odd shapes (1024x1024, 65535x16, 1000x999, 255x257x3, ...);
 *  - the output is a permutation of the block, nothing is written outside
 *    the target; Hilbert steps are 4-neighbours except where parity forbids
 *    (counted and checked against the rule in docs/hardware.md);
 *  - validation codes 3 and 18..22, the feature gate, and the history key.
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_model.h"
#include "order_ref.h"
#include "tap.h"

static const uint32_t strides[] = { 1, 2, 3, 4, 7, 8, 16, 32, 64, 255, 1024, 65537, 4000000000u };
static const uint32_t grans[] = { 1, 2, 3, 5, 8, 32, 100, 1024, 65535 };
static const uint32_t tiles[] = { 1, 2, 3, 4, 5, 8, 16, 32, 33, 100, 1024, 65535 };
static const uint32_t steps[] = { 32, 1, 7, 31, 13 };
static const uint64_t chunks[] = { UINT64_MAX, 1, 3, 1000 };
#define N(a) (sizeof(a) / sizeof((a)[0]))

#define GUARD 64

static uint8_t *buf;
static uint32_t *ref;
static unsigned long runs, words, bad_runs;

struct ocfg {
	uint32_t order, stride, gran, tw, th;
};

/*
 * Run the model for (dx, dy, dz) under cfg and compare with ref (the plane
 * order, already computed).  Returns 0 if equal.
 */
static int run_one(uint32_t dx, uint32_t dy, uint32_t dz, const struct ocfg *o, uint32_t c,
		   uint64_t chunk, char *why, size_t whylen)
{
	static struct igm_gen g;
	struct igm_job j;
	uint64_t plane = (uint64_t)dx * dy, threads, p, total = 0, n;
	const uint64_t target = 8;
	uint8_t *out;
	int st;

	runs++;
	st = igm_job_init(&j, dx, dy, dz, c, target, NULL);
	if (st != IDXGEN_CPL_OK) {
		snprintf(why, whylen, "job_init %d", st);
		return -1;
	}
	j.order = o->order;
	j.stride = o->stride;
	j.granularity = o->gran;
	j.tile_w = o->tw;
	j.tile_h = o->th;
	st = igm_job_validate(&j, NULL);
	if (st != IDXGEN_CPL_OK) {
		snprintf(why, whylen, "validate %s", igm_cpl_status_name(st));
		return -1;
	}
	threads = igm_job_threads(&j);
	memset(buf, 0xa5, target + threads * j.word_size + GUARD);
	igm_gen_init(&g, &j);
	out = buf + target;
	while ((n = igm_gen_run(&g, out + g.next * j.word_size, chunk)) != 0)
		total += n;
	if (total != igm_job_warps(&j)) {
		snprintf(why, whylen, "%llu warps, expected %llu", (unsigned long long)total,
			 (unsigned long long)igm_job_warps(&j));
		return -1;
	}
	for (p = 0; p < target; p++)
		if (buf[p] != 0xa5) {
			snprintf(why, whylen, "byte %llu before the target written",
				 (unsigned long long)p);
			return -1;
		}
	for (p = 0; p < GUARD; p++)
		if (out[threads * j.word_size + p] != 0xa5) {
			snprintf(why, whylen, "byte %llu after the output written",
				 (unsigned long long)p);
			return -1;
		}
	for (p = 0; p < threads; p++) {
		uint64_t z = p / plane, lin = ref[p % plane];
		uint32_t want = (uint32_t)(lin % dx | (lin / dx) << j.mx | z << (j.mx + j.my));
		uint32_t got = j.word_size == 2 ? (uint32_t)(out[2 * p] | out[2 * p + 1] << 8)
						: (uint32_t)out[4 * p] | (uint32_t)out[4 * p + 1] << 8 |
							  (uint32_t)out[4 * p + 2] << 16 |
							  (uint32_t)out[4 * p + 3] << 24;

		if (got != want) {
			snprintf(why, whylen, "position %llu: word 0x%x, reference 0x%x",
				 (unsigned long long)p, got, want);
			return -1;
		}
	}
	words += threads;
	return 0;
}

/* Reference of one plane; also checks that it is a permutation. */
static int make_ref(uint32_t dx, uint32_t dy, const struct ocfg *o)
{
	uint64_t plane = (uint64_t)dx * dy, p;
	static uint8_t *seen;
	static uint64_t seen_len;
	int ok = 1;

	if (idxgen_order_ref_plane(ref, o->order, dx, dy, o->stride, o->gran, o->tw, o->th))
		return -1;
	if (seen_len < plane) {
		free(seen);
		seen = malloc(plane);
		seen_len = plane;
	}
	memset(seen, 0, plane);
	for (p = 0; p < plane; p++) {
		if (ref[p] >= plane || seen[ref[p]])
			ok = 0;
		else
			seen[ref[p]] = 1;
	}
	return ok ? 0 : -1;
}

static const char *oname(uint32_t o)
{
	static const char *const n[] = { "sequential", "strided", "zigzag", "tiled", "hilbert" };

	return o < N(n) ? n[o] : "?";
}

static void check_shape_set(uint32_t order)
{
	unsigned long fails = 0, k = 0, shapes = 0;
	uint32_t dx, dy, dz;
	char why[160], first[256] = "";

	for (dx = 1; dx <= 1024; dx++)
		for (dy = 1; dy <= 1024 && dx * dy <= 1024; dy++) {
			struct ocfg o = { order, 0, 0, 0, 0 };

			k++;
			if (order == IDXGEN_ORDER_STRIDED) {
				o.stride = strides[k % N(strides)];
				o.gran = grans[(k / N(strides)) % N(grans)];
			} else if (order == IDXGEN_ORDER_TILED) {
				o.tw = tiles[k % N(tiles)];
				o.th = tiles[(k / N(tiles)) % N(tiles)];
			}
			if (make_ref(dx, dy, &o)) {
				fails++;
				if (!first[0])
					snprintf(first, sizeof(first), "%ux%u: reference is no permutation", dx, dy);
				continue;
			}
			for (dz = 1; dz <= 64 && dx * dy * dz <= 1024; dz++) {
				shapes++;
				if (run_one(dx, dy, dz, &o, steps[(k + dz) % N(steps)],
					    chunks[(k + dz) % N(chunks)], why, sizeof(why))) {
					fails++;
					if (!first[0])
						snprintf(first, sizeof(first),
							 "%ux%ux%u s=%u g=%u t=%ux%u: %s", dx, dy,
							 dz, o.stride, o.gran, o.tw, o.th, why);
				}
			}
		}
	bad_runs += fails;
	tap_ok(fails == 0, "%s: model == reference on all %lu CUDA-legal shapes%s%s", oname(order),
	       shapes, first[0] ? "; first: " : "", first);
}

TAP_TEST(shape_sets)
{
	uint32_t o;

	for (o = 0; o < IDXGEN_ORDER_COUNT; o++)
		check_shape_set(o);
}

TAP_TEST(all_params)
{
	static const uint32_t dims[] = { 1, 2, 3, 5, 8, 17, 32, 33, 64 };
	unsigned long fails = 0, n = 0;
	char why[160], first[256] = "";
	size_t a, b, i, k;

	for (a = 0; a < N(dims); a++)
		for (b = 0; b < N(dims); b++) {
			uint32_t dx = dims[a], dy = dims[b];

			for (i = 0; i < N(strides); i++)
				for (k = 0; k < N(grans) + N(tiles); k++) {
					struct ocfg o = { 0 };

					if (k < N(grans)) {
						o.order = IDXGEN_ORDER_STRIDED;
						o.stride = strides[i];
						o.gran = grans[k];
					} else if (i < N(tiles)) {
						o.order = IDXGEN_ORDER_TILED;
						o.tw = tiles[i];
						o.th = tiles[k - N(grans)];
					} else {
						continue;
					}
					n++;
					if (make_ref(dx, dy, &o) ||
					    run_one(dx, dy, 2, &o, 32, 5, why, sizeof(why))) {
						fails++;
						if (!first[0])
							snprintf(first, sizeof(first),
								 "%ux%ux2 %s s=%u g=%u t=%ux%u: %s",
								 dx, dy, oname(o.order), o.stride,
								 o.gran, o.tw, o.th, why);
					}
				}
		}
	tap_ok(fails == 0, "every strided (s, g) and tiled (w, h) pair on 81 planes (%lu runs)%s%s",
	       n, first[0] ? "; first: " : "", first);
}

TAP_TEST(large)
{
	static const uint32_t shapes[][3] = {
		{ 1024, 1024, 1 }, { 65535, 16, 1 }, { 16, 65535, 1 }, { 1000, 999, 1 },
		{ 255, 257, 3 }, { 65535, 1, 1 }, { 1, 65535, 2 }, { 4097, 255, 1 },
		{ 1, 1, 65535 }, { 3, 5, 7 },
	};
	static const struct ocfg cfgs[] = {
		{ IDXGEN_ORDER_SEQUENTIAL, 0, 0, 0, 0 }, { IDXGEN_ORDER_STRIDED, 4, 32, 0, 0 },
		{ IDXGEN_ORDER_STRIDED, 1000, 7, 0, 0 }, { IDXGEN_ORDER_ZIGZAG, 0, 0, 0, 0 },
		{ IDXGEN_ORDER_TILED, 8, 8, 0, 0 },	/* fixed below */
		{ IDXGEN_ORDER_TILED, 0, 0, 33, 7 }, { IDXGEN_ORDER_HILBERT, 0, 0, 0, 0 },
	};
	size_t s, i;
	char why[160];

	for (s = 0; s < N(shapes); s++)
		for (i = 0; i < N(cfgs); i++) {
			struct ocfg o = cfgs[i];
			int ok;

			if (o.order == IDXGEN_ORDER_TILED && !o.tw) {
				o.tw = 8;
				o.th = 8;
				o.stride = o.gran = 0;
			}
			ok = make_ref(shapes[s][0], shapes[s][1], &o) == 0 &&
			     run_one(shapes[s][0], shapes[s][1], shapes[s][2], &o, 32, 4096, why,
				     sizeof(why)) == 0;
			tap_ok(ok, "%ux%ux%u %s s=%u g=%u t=%ux%u%s%s", shapes[s][0], shapes[s][1],
			       shapes[s][2], oname(o.order), o.stride, o.gran, o.tw, o.th,
			       ok ? "" : ": ", ok ? "" : why);
		}
}

/*
 * Hilbert adjacency: count the steps that are not between 4-neighbours.
 * The rule (docs/hardware.md): with L the side the curve runs along
 * (dx if dx >= dy, else dy) and S the other, every step is between
 * 4-neighbours, except exactly one diagonal step when L is odd, S even and
 * S > 2 (parity: a 4-connected path between two cells of equal colour
 * cannot cover an even number of cells).  Never a longer jump.
 */
TAP_TEST(adjacency)
{
	unsigned long planes = 0, wrong = 0, diag_planes = 0;
	uint32_t dx, dy;
	char first[160] = "";

	for (dx = 1; dx <= 1024; dx++)
		for (dy = 1; dy <= 1024 && dx * dy <= 4096; dy++) {
			struct ocfg o = { IDXGEN_ORDER_HILBERT, 0, 0, 0, 0 };
			uint32_t L = dx >= dy ? dx : dy, S = dx >= dy ? dy : dx;
			unsigned long diag = 0, jump = 0, p;
			int expect_diag = (L & 1) && !(S & 1) && S > 2;

			if (make_ref(dx, dy, &o)) {
				wrong++;
				continue;
			}
			planes++;
			for (p = 1; p < (unsigned long)dx * dy; p++) {
				long ax = ref[p - 1] % dx, ay = ref[p - 1] / dx;
				long bx = ref[p] % dx, by = ref[p] / dx;
				long ddx = labs(ax - bx), ddy = labs(ay - by);

				if (ddx + ddy == 1)
					continue;
				if (ddx == 1 && ddy == 1)
					diag++;
				else
					jump++;
			}
			diag_planes += diag != 0;
			if (jump || diag != (unsigned long)expect_diag) {
				wrong++;
				if (!first[0])
					snprintf(first, sizeof(first),
						 "%ux%u: %lu diagonal steps, %lu jumps", dx, dy, diag,
						 jump);
			}
		}
	tap_ok(wrong == 0,
	       "hilbert adjacency on %lu planes up to 4096 threads: 4-neighbours except one diagonal step exactly when the long side is odd and the short even and > 2 (%lu such planes)%s%s",
	       planes, diag_planes, first[0] ? "; first: " : "", first);
}

TAP_TEST(classic_hilbert)
{
	/* On 2^k x 2^k the curve is the classic Hilbert curve (Wikipedia d2xy). */
	uint32_t k, fails = 0;

	for (k = 0; k <= 6; k++) {
		uint32_t n = 1u << k, d;
		struct ocfg o = { IDXGEN_ORDER_HILBERT, 0, 0, 0, 0 };

		make_ref(n, n, &o);
		for (d = 0; d < n * n; d++) {
			uint32_t rx, ry, s, t = d, x = 0, y = 0;

			for (s = 1; s < n; s *= 2) {
				rx = 1 & (t / 2);
				ry = 1 & (t ^ rx);
				if (ry == 0) {
					if (rx == 1) {
						x = s - 1 - x;
						y = s - 1 - y;
					}
					{	/* swap x, y */
						uint32_t tmp = x;

						x = y;
						y = tmp;
					}
				}
				x += s * rx;
				y += s * ry;
				t /= 4;
			}
			if (ref[d] != x + y * n && !fails++)
				tap_diag("%ux%u: position %u is (%u,%u), classic (%u,%u)", n, n, d,
					 ref[d] % n, ref[d] / n, x, y);
		}
	}
	tap_ok(fails == 0, "hilbert on 1x1 .. 64x64 equals the classic Hilbert curve (Wikipedia's d2xy)");
}

/* A job of dx*dy*dz threads at step c in order o, run through igm_run: its cycles. */
static uint64_t run_cycles(uint32_t dx, uint32_t dy, uint32_t dz, uint32_t c, uint32_t order)
{
	struct igm_result r;
	struct igm_job j;

	if (igm_job_init(&j, dx, dy, dz, c, 0, NULL) != IDXGEN_CPL_OK)
		return 0;
	j.order = order;
	igm_run(NULL, NULL, buf, &j, &r);
	if (r.status != IDXGEN_CPL_OK || r.hit || igm_job_cycles(&j, false) != r.cycles ||
	    igm_job_cycles(&j, true) != IDXGEN_FILTER_CYCLES)
		return 0;
	return r.cycles;
}

TAP_TEST(hilbert_cycles)
{
	/* the circuit's counts, measured on fw/rtl/idxgen_hilbert.v (docs/rtl.md) */
	static const struct {
		uint32_t dx, dy, dz;
		uint64_t cycles;
	} rtl[] = { { 1, 1, 1, 5 }, { 64, 64, 1, 11948 }, { 1024, 1024, 1, 3058348 } };
	static const uint32_t cs[] = { 32, 1, 7 };
	uint32_t dx, dy, dz, i, fails = 0, planes = 0;

	for (i = 0; i < N(rtl); i++)
		tap_ok(run_cycles(rtl[i].dx, rtl[i].dy, rtl[i].dz, 32, IDXGEN_ORDER_HILBERT) ==
			       rtl[i].cycles,
		       "hilbert %ux%ux%u: %llu cycles, as the RTL", rtl[i].dx, rtl[i].dy, rtl[i].dz,
		       (unsigned long long)rtl[i].cycles);
	for (dx = 1; dx <= 40; dx++)
		for (dy = 1; dy <= 40; dy++)
			for (dz = 1; dz <= 3; dz++, planes++) {
				uint32_t c = cs[(dx + dy + dz) % N(cs)];
				uint64_t want = idxgen_oref_job_cycles(IDXGEN_ORDER_HILBERT, dx, dy,
								       dz, c);

				if (run_cycles(dx, dy, dz, c, IDXGEN_ORDER_HILBERT) != want &&
				    !fails++)
					tap_diag("hilbert %ux%ux%u c=%u: %llu cycles, reference %llu",
						 dx, dy, dz, c,
						 (unsigned long long)run_cycles(dx, dy, dz, c,
										IDXGEN_ORDER_HILBERT),
						 (unsigned long long)want);
			}
	tap_ok(fails == 0, "hilbert cycles on %u blocks up to 40x40x3 equal the textbook recursion's count",
	       planes);
	tap_ok(run_cycles(1000, 3, 2, 32, IDXGEN_ORDER_HILBERT) ==
			       idxgen_oref_job_cycles(IDXGEN_ORDER_HILBERT, 1000, 3, 2, 32) &&
		       run_cycles(3, 1000, 2, 32, IDXGEN_ORDER_HILBERT) ==
			       idxgen_oref_job_cycles(IDXGEN_ORDER_HILBERT, 3, 1000, 2, 32),
	       "hilbert cycles on 1000x3x2 and 3x1000x2 equal the reference");
	tap_ok(run_cycles(33, 33, 33, 32, IDXGEN_ORDER_SEQUENTIAL) == IDXGEN_FILTER_CYCLES + 1124 &&
		       run_cycles(33, 33, 33, 32, IDXGEN_ORDER_ZIGZAG) == IDXGEN_FILTER_CYCLES + 1124,
	       "the other orders: still %d + warps", IDXGEN_FILTER_CYCLES);
}

TAP_TEST(validation)
{
	struct igm_limits l;
	struct igm_job j;
	static const struct {
		uint32_t order, stride, gran, tw, th;
		int want;
	} v[] = {
		{ 5, 0, 0, 0, 0, IDXGEN_CPL_BAD_ORDER },
		{ 255, 0, 0, 0, 0, IDXGEN_CPL_BAD_ORDER },
		{ IDXGEN_ORDER_SEQUENTIAL, 1, 0, 0, 0, IDXGEN_CPL_ORDER_UNUSED_PARAM },
		{ IDXGEN_ORDER_ZIGZAG, 0, 0, 4, 0, IDXGEN_CPL_ORDER_UNUSED_PARAM },
		{ IDXGEN_ORDER_HILBERT, 0, 1, 0, 0, IDXGEN_CPL_ORDER_UNUSED_PARAM },
		{ IDXGEN_ORDER_STRIDED, 2, 1, 0, 1, IDXGEN_CPL_ORDER_UNUSED_PARAM },
		{ IDXGEN_ORDER_TILED, 1, 0, 4, 4, IDXGEN_CPL_ORDER_UNUSED_PARAM },
		{ IDXGEN_ORDER_STRIDED, 0, 1, 0, 0, IDXGEN_CPL_BAD_STRIDE },
		{ IDXGEN_ORDER_STRIDED, 0, 0, 0, 0, IDXGEN_CPL_BAD_STRIDE },
		{ IDXGEN_ORDER_STRIDED, 3, 0, 0, 0, IDXGEN_CPL_BAD_GRANULARITY },
		{ IDXGEN_ORDER_TILED, 0, 0, 0, 4, IDXGEN_CPL_BAD_TILE },
		{ IDXGEN_ORDER_TILED, 0, 0, 4, 0, IDXGEN_CPL_BAD_TILE },
		{ IDXGEN_ORDER_TILED, 0, 0, 65535, 65535, IDXGEN_CPL_OK },
		{ IDXGEN_ORDER_STRIDED, UINT32_MAX, 65535, 0, 0, IDXGEN_CPL_OK },
	};
	size_t i;

	for (i = 0; i < N(v); i++) {
		int st;

		igm_job_init(&j, 16, 8, 2, 32, 0, NULL);
		j.order = v[i].order;
		j.stride = v[i].stride;
		j.granularity = v[i].gran;
		j.tile_w = v[i].tw;
		j.tile_h = v[i].th;
		st = igm_job_validate(&j, NULL);
		tap_ok(st == v[i].want, "order %u s=%u g=%u t=%ux%u -> %s (got %s)", v[i].order,
		       v[i].stride, v[i].gran, v[i].tw, v[i].th, igm_cpl_status_name(v[i].want),
		       igm_cpl_status_name(st));
	}
	/* checked where BAD_ORDER is: before BAD_GRID and BAD_DIMS */
	igm_job_init(&j, 16, 8, 2, 32, 0, NULL);
	j.order = IDXGEN_ORDER_TILED;
	j.grid_blocks = 7;
	tap_ok(igm_job_validate(&j, NULL) == IDXGEN_CPL_BAD_TILE,
	       "order errors come before BAD_GRID");
	igm_limits_default(&l);
	l.features &= ~IDXGEN_FEAT_SCHED_ORDERS;
	igm_job_init(&j, 16, 8, 2, 32, 0, NULL);
	j.order = IDXGEN_ORDER_HILBERT;
	tap_ok(igm_job_validate(&j, &l) == IDXGEN_CPL_ORDER_DISABLED,
	       "hilbert without FEAT_SCHED_ORDERS -> ORDER_DISABLED");
	j.order = IDXGEN_ORDER_SEQUENTIAL;
	tap_ok(igm_job_validate(&j, &l) == IDXGEN_CPL_OK,
	       "sequential without FEAT_SCHED_ORDERS -> OK");
	j.order = 9;
	tap_ok(igm_job_validate(&j, &l) == IDXGEN_CPL_BAD_ORDER,
	       "unknown order without the feature -> BAD_ORDER");
}

TAP_TEST(history)
{
	static struct igm_hist h;
	struct igm_limits l;
	struct igm_job j;
	struct igm_result r;
	static const struct ocfg cfgs[] = {
		{ IDXGEN_ORDER_SEQUENTIAL, 0, 0, 0, 0 }, { IDXGEN_ORDER_STRIDED, 4, 32, 0, 0 },
		{ IDXGEN_ORDER_STRIDED, 4, 16, 0, 0 }, { IDXGEN_ORDER_STRIDED, 2, 32, 0, 0 },
		{ IDXGEN_ORDER_ZIGZAG, 0, 0, 0, 0 }, { IDXGEN_ORDER_TILED, 0, 0, 8, 8 },
		{ IDXGEN_ORDER_TILED, 0, 0, 8, 4 }, { IDXGEN_ORDER_TILED, 0, 0, 4, 8 },
		{ IDXGEN_ORDER_HILBERT, 0, 0, 0, 0 },
	};
	size_t a, b;
	int cross_hits = 0, self_ok = 1;

	igm_limits_default(&l);
	l.imem_size = 1 << 20;
	for (a = 0; a < N(cfgs); a++)
		for (b = 0; b < N(cfgs); b++) {
			const struct ocfg *o[2] = { &cfgs[a], &cfgs[b] };
			int k;

			igm_hist_init(&h, 16);
			for (k = 0; k < 2; k++) {
				igm_job_init(&j, 32, 32, 1, 32, 0, &l);
				j.order = o[k]->order;
				j.stride = o[k]->stride;
				j.granularity = o[k]->gran;
				j.tile_w = o[k]->tw;
				j.tile_h = o[k]->th;
				igm_run(&h, &l, buf, &j, &r);
			}
			if (a == b && !r.hit)
				self_ok = 0;
			if (a != b && r.hit)
				cross_hits++;
		}
	tap_ok(self_ok, "history: the same block and order twice hits (9 orders/parameter sets)");
	tap_ok(cross_hits == 0, "history: the same block under two different orders never hits (72 pairs, %d hits)",
	       cross_hits);
}

int main(int argc, char **argv)
{
	int rc;

	buf = malloc((4u << 20) + 2 * GUARD);
	ref = malloc(sizeof(*ref) << 20);
	if (!buf || !ref)
		return 1;
	rc = tap_run(argc, argv);
	if (rc < 0) {
		tap_diag("%lu model runs, %lu words compared", runs, words);
		rc = tap_done();
	}
	free(buf);
	free(ref);
	return rc;
}
