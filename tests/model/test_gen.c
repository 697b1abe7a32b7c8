/* SPDX-License-Identifier: MIT */
/*
 * test_gen.c - the generator against the independent reference.
 *
 *  - exhaustive: every block with x <= 1024, y <= 1024, z <= 64 and
 *    x*y*z <= 1024, for warp sizes 1, 8, 32 and 64;
 *  - larger blocks up to the hardware's 1 << 20 threads, including widths
 *    that sum past 16 bits and over-wide (but legal) widths;
 *  - chunked generation (gen_run with small max_warps, resumed) equals
 *    one-shot output and never writes past the warps it reports.
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 *
 * Built twice by the Makefile: test_gen (the vector loop the device uses on
 * x86/Arm) and test_gen_scalar (-DIGM_GEN_VECTOR=0, the portable loop).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_model.h"
#include "tap.h"
#include "gen_ref.h"

#ifndef IDXGEN_TEST_LOOP
#define IDXGEN_TEST_LOOP "default"
#endif

/*
 * The scalar build must select the scalar loop by the macro that
 * idxgen_model.c reads (IGM_GEN_VECTOR): it was once built with another
 * name, which the model ignored, so "scalar" tested the vector loop twice.
 */
#if defined(IDXGEN_TEST_SCALAR) && !(defined(IGM_GEN_VECTOR) && IGM_GEN_VECTOR == 0)
#error "test_gen_scalar: build the model with -DIGM_GEN_VECTOR=0 (the macro idxgen_model.c reads)"
#endif

#define GUARD		64		/* canary bytes on each side of an output */
#define MAX_FAIL_PRINT	10

static uint8_t *mem;			/* 64 MiB index memory */
static struct igm_limits lim;

static int all_bytes(const uint8_t *p, size_t n, uint8_t v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

/*
 * Run one job through igm_run (no history) at target GUARD and check
 * status, counts, every thread against the reference (packed, and unpacked
 * when unpack is set) and the canaries around the output.  Returns NULL if
 * fine, else what went wrong.
 */
static const char *run_check(const struct igm_job *j, uint8_t canary, int unpack)
{
	static char why[160];
	struct igm_result r;
	uint64_t bytes = igm_job_bytes(j), n;
	int64_t bad;

	memset(mem, canary, bytes + 2 * GUARD);
	igm_run(NULL, &lim, mem, j, &r);
	if (r.status != IDXGEN_CPL_OK) {
		snprintf(why, sizeof(why), "status %s", igm_cpl_status_name(r.status));
		return why;
	}
	if (r.warps != igm_job_warps(j) || r.threads != igm_job_threads(j) ||
	    r.cycles != IDXGEN_FILTER_CYCLES + r.warps || r.hit)
		return "result counts";
	/*
	 * The reference shifts y by mx in 32 bits, undefined for mx = 32 (a legal
	 * over-wide x): those jobs are checked by unpacking only.
	 */
	bad = j->mx >= 32 ? -1 :
			    idxgen_ref_check(mem + GUARD, j->dx, j->dy, j->dz, j->mx, j->my,
					     j->word_size);
	if (bad >= 0) {
		snprintf(why, sizeof(why), "thread %lld: got 0x%x want 0x%x", (long long)bad,
			 idxgen_ref_load(mem + GUARD, (uint32_t)bad, j->word_size),
			 idxgen_ref_word((uint32_t)bad, j->dx, j->dy, j->mx, j->my));
		return why;
	}
	if (!all_bytes(mem, GUARD, canary) || !all_bytes(mem + GUARD + bytes, GUARD, canary))
		return "wrote outside its output";
	for (n = 0; unpack && n < igm_job_threads(j); n++) {
		uint32_t x, y, z, rx, ry, rz;

		igm_unpack(idxgen_ref_load(mem + GUARD, (uint32_t)n, j->word_size), j->mx, j->my,
			   j->mz, &x, &y, &z);
		idxgen_ref_index((uint32_t)n, j->dx, j->dy, &rx, &ry, &rz);
		if (x != rx || y != ry || z != rz) {
			snprintf(why, sizeof(why), "unpack thread %llu", (unsigned long long)n);
			return why;
		}
	}
	return NULL;
}

TAP_TEST(exhaustive)
{
	static const uint32_t warps[] = { 1, 8, 32, 64 };
	size_t w;

	for (w = 0; w < sizeof(warps) / sizeof(warps[0]); w++) {
		uint32_t c = warps[w], x, y, z;
		unsigned long shapes = 0, threads = 0, fails = 0;

		for (z = 1; z <= 64; z++) {
			for (y = 1; y <= 1024 && y * z <= 1024; y++) {
				for (x = 1; x <= 1024 && x * y * z <= 1024; x++) {
					struct igm_job j;
					const char *why;
					int st = igm_job_init(&j, x, y, z, c, GUARD, &lim);

					shapes++;
					threads += x * y * z;
					why = st ? igm_cpl_status_name(st) :
						   run_check(&j, (uint8_t)(shapes & 1 ? 0 : 0xff), 0);
					if (why && ++fails <= MAX_FAIL_PRINT)
						tap_ok(0, "exhaustive c=%u %ux%ux%u: %s", c, x, y, z,
						       why);
				}
			}
		}
		tap_ok(fails == 0, "exhaustive c=%u: %lu shapes, %lu threads, %lu failed", c, shapes,
		       threads, fails);
	}
}

TAP_TEST(large_shapes)
{
	static const uint32_t shapes[][3] = {
		{ 33, 33, 33 },	   { 1025, 1, 1 },	{ 65535, 16, 1 },  { 1024, 1024, 1 },
		{ 65535, 1, 1 },   { 40000, 2, 1 },	{ 1, 65535, 16 },  { 16, 1, 65535 },
		{ 1, 1, 65535 },   { 128, 128, 64 },	{ 1000, 1000, 1 }, { 32768, 32, 1 },
		{ 256, 256, 16 },  { 255, 257, 16 },	{ 4097, 255, 1 },  { 3, 5, 65535 },
		{ 2, 2, 2 },	   { 1, 1, 1 },		{ 2, 1, 1 },	   { 3, 3, 3 },
		{ 32769, 1, 1 },   { 32768, 2, 1 },	{ 2, 32768, 1 },   { 255, 255, 1 },
		{ 1, 40000, 1 },   { 1, 65535, 1 },	{ 65535, 1, 1 },   { 1, 32769, 2 },
	};
	static const uint32_t warps[] = { 1, 7, 32, 64 };
	size_t s, w;

	for (s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		const char *why = NULL;
		struct igm_job j;

		for (w = 0; w < sizeof(warps) / sizeof(warps[0]) && !why; w++) {
			int st = igm_job_init(&j, shapes[s][0], shapes[s][1], shapes[s][2],
					      warps[w], GUARD, &lim);

			why = st ? igm_cpl_status_name(st) : run_check(&j, 0xa5, w == 2);
		}
		tap_ok(!why, "large %ux%ux%u (widths %u+%u+%u, %u-bit words), c=1,7,32,64%s%s",
		       shapes[s][0], shapes[s][1], shapes[s][2], j.mx, j.my, j.mz, j.word_size * 8,
		       why ? ": " : "", why ? why : "");
	}
}

/* Widths above the minimum are legal and must land each axis in its field. */
TAP_TEST(overwide)
{
	uint64_t seed = 12345;
	int i, fails = 0;

	for (i = 0; i < 300; i++) {
		struct igm_job j;
		uint32_t dx, dy, dz, extra;
		const char *why;

		seed = seed * 6364136223846793005ull + 1442695040888963407ull;
		dx = 1 + (uint32_t)(seed >> 33) % 70;
		dy = 1 + (uint32_t)(seed >> 45) % 40;
		dz = 1 + (uint32_t)(seed >> 20) % 9;
		if (igm_job_init(&j, dx, dy, dz, 1 + (uint32_t)(seed >> 10) % 64, GUARD, &lim))
			continue;
		extra = (uint32_t)(seed >> 55);
		j.word_size = (seed >> 5) & 1 ? 4 : 2;
		j.mx += extra & 3;
		j.my += (extra >> 2) & 3;
		j.mz += (extra >> 4) & 3;
		if (j.mx + j.my + j.mz > 8 * j.word_size)
			j.word_size = 4;
		if (j.mx + j.my + j.mz > 32)
			continue;
		j.size_limit = (uint32_t)igm_job_bytes(&j);
		why = run_check(&j, 0x5a, 1);
		if (why && ++fails <= MAX_FAIL_PRINT)
			tap_ok(0, "over-wide %ux%ux%u c=%u widths %u+%u+%u ws %u: %s", dx, dy, dz,
			       j.c, j.mx, j.my, j.mz, j.word_size, why);
	}
	/* whole word for x: a shift of 32 for y and z must not be undefined */
	{
		struct igm_job j;
		const char *why;

		igm_job_init(&j, 1000, 1, 1, 32, GUARD, &lim);
		j.mx = 32;	/* unpack-checked only, see run_check() */
		j.word_size = 4;
		j.size_limit = (uint32_t)igm_job_bytes(&j);
		why = run_check(&j, 0x00, 1);
		if (why && ++fails <= MAX_FAIL_PRINT)
			tap_ok(0, "mx = 32: %s", why);
		igm_job_init(&j, 40, 50, 1, 32, GUARD, &lim);
		j.my = 32 - j.mx;
		j.word_size = 4;
		j.size_limit = (uint32_t)igm_job_bytes(&j);
		why = run_check(&j, 0x00, 1);
		if (why && ++fails <= MAX_FAIL_PRINT)
			tap_ok(0, "mx + my = 32: %s", why);
	}
	tap_ok(fails == 0, "over-wide widths: 300 random jobs + full-word fields, %d failed",
	       fails);
}

/*
 * gen_run in chunks of max_warps warps equals one-shot output, returns the
 * warps it made, and writes nothing past them (checked with two canaries, so
 * a stray write cannot hide by matching one).
 */
static const char *chunked_one(const struct igm_job *j, uint64_t chunk, uint8_t canary,
			       const uint8_t *want)
{
	static struct igm_gen g;
	uint64_t bytes = igm_job_bytes(j), total = 0, got;
	uint8_t *o = mem + GUARD;
	uint64_t window = (chunk * j->c + 1024) * j->word_size;

	memset(mem, canary, bytes + 2 * GUARD);
	igm_gen_init(&g, j);
	while ((got = igm_gen_run(&g, o + g.next * j->word_size, chunk)) != 0) {
		if (got > chunk)
			return "more warps than asked";
		total += got;
		if (g.warps_done != total)
			return "warps_done";
		/* a window past the reported warps: scanning to the end is quadratic */
		if (!all_bytes(o + g.next * j->word_size,
			       bytes - g.next * j->word_size + GUARD < window ?
				       bytes - g.next * j->word_size + GUARD :
				       window,
			       canary))
			return "wrote past the warps it reported";
	}
	if (!igm_gen_done(&g) || total != igm_job_warps(j))
		return "warp count";
	if (memcmp(o, want, bytes) || !all_bytes(mem, GUARD, canary))
		return "differs from one-shot";
	return NULL;
}

TAP_TEST(chunked)
{
	static const uint32_t shapes[][4] = {
		{ 32, 32, 1, 32 },  { 33, 33, 33, 32 }, { 7, 9, 13, 8 },   { 1025, 1, 1, 64 },
		{ 100, 2, 2, 3 },   { 65535, 1, 1, 5 }, { 2, 2, 2, 64 },   { 1024, 1024, 1, 32 },
		{ 17, 19, 23, 1 },  { 64, 64, 16, 24 }, { 255, 3, 1, 36 }, { 9, 9, 9, 12 },
		{ 1, 40000, 1, 32 }, { 40000, 1, 1, 7 }, { 1, 65535, 1, 64 }, { 60000, 1, 1, 1 },
	};
	static const uint64_t chunks[] = { 1, 2, 3, 5, 15, 16, 17, 33, 100, 1000 };
	static uint8_t want[4u << 20];
	size_t s, k;

	for (s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		struct igm_job j;
		const char *why = NULL;
		uint64_t bad_chunk = 0;

		igm_job_init(&j, shapes[s][0], shapes[s][1], shapes[s][2], shapes[s][3], GUARD,
			     &lim);
		why = run_check(&j, 0, 0);
		memcpy(want, mem + GUARD, igm_job_bytes(&j));
		for (k = 0; !why && k < sizeof(chunks) / sizeof(chunks[0]); k++) {
			/* 1M threads in warps of 1 takes long enough: skip the smallest */
			if (igm_job_threads(&j) > 100000 && chunks[k] < 15)
				continue;
			why = chunked_one(&j, chunks[k], 0x00, want);
			if (!why)
				why = chunked_one(&j, chunks[k], 0xff, want);
			bad_chunk = chunks[k];
		}
		tap_ok(!why, "chunked %ux%ux%u c=%u in 1..1000-warp pieces%s%s (chunk %llu)",
		       shapes[s][0], shapes[s][1], shapes[s][2], shapes[s][3], why ? ": " : "",
		       why ? why : "", (unsigned long long)(why ? bad_chunk : 0));
	}
}

int main(int argc, char **argv)
{
	int rc;

	mem = malloc(IDXGEN_IMEM_SIZE_DEFAULT);
	if (!mem)
		return 2;
	igm_limits_default(&lim);
	lim.lanes = IDXGEN_HW_MAX_LANES;	/* warp sizes up to 64 */
	if (!tap_listing(argc, argv))
		tap_diag("generator loop: %s", IDXGEN_TEST_LOOP);

	rc = tap_main(argc, argv);
	free(mem);
	return rc;
}
