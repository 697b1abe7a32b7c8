// SPDX-License-Identifier: MIT
/*
 * test_warp_votes.c - the vote and match helpers of include/idxgen_cc_warp.h
 * (ballot, any, all, the present mask, match_any) against a model written
 * here from lib/cc/README.md "Warps": a lane is present when its linear id
 * is below the block's thread count and it has not returned; a vote counts
 * present lanes in the mask.  Whole warps take the header's branch-free
 * path, a partial last warp the per-lane one (issue 40): both are compared
 * on every lane of blocks of 1..97 threads, with and without returned
 * lanes, on pseudo-random operands and masks (a fixed seed: the same cases
 * every run).  idxgen_cc_match32, the whole-warp compare of
 * __match_any_sync, is also compared directly with a loop of its own.
 * Built twice (lib/cc/Makefile): as the runtime's kernels are, and with
 * -mavx2 -DWANT_AVX2, which must take the header's AVX2 path (benchmarks
 * build with -march=native) and runs where the processor has AVX2.
 */
#include <stdint.h>
#include <stdio.h>

#include "idxgen_cc_warp.h"
#include "tap.h"

#define SLOTS 128u

/* xorshift32: reproducible operands without libc's rand() state */
static uint32_t next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static int model_present(unsigned lane, unsigned n, const unsigned char *alive)
{
	if (lane >= n)
		return 0;
	return alive == NULL || alive[lane] != 0;
}

static unsigned model_ballot(const int *x, unsigned lin, unsigned n, const unsigned char *alive, unsigned mask)
{
	unsigned r = 0;

	for (unsigned l = 0; l < 32; l++) {
		unsigned lane = lin / 32 * 32 + l;

		if (model_present(lane, n, alive) && x[lane] != 0 && (mask >> l & 1))
			r |= 1u << l;
	}
	return r;
}

static unsigned model_present_mask(unsigned lin, unsigned n, const unsigned char *alive)
{
	unsigned r = 0;

	for (unsigned l = 0; l < 32; l++)
		if (model_present(lin / 32 * 32 + l, n, alive))
			r |= 1u << l;
	return r;
}

static unsigned model_match_any(const int *x, unsigned lin, unsigned n, const unsigned char *alive, unsigned mask)
{
	unsigned r = 0;

	for (unsigned l = 0; l < 32; l++) {
		unsigned lane = lin / 32 * 32 + l;

		if (model_present(lane, n, alive) && x[lane] == x[lin] && (mask >> l & 1))
			r |= 1u << l;
	}
	return r;
}

/* Every present lane of one block of n threads: how many results differ from the model. */
static unsigned check_block(const int *x, unsigned n, const unsigned char *alive, unsigned mask)
{
	unsigned bad = 0;

	for (unsigned lin = 0; lin < n; lin++) {
		unsigned b = model_ballot(x, lin, n, alive, mask), p = model_present_mask(lin, n, alive);

		if (alive && !alive[lin])
			continue;	/* a returned lane calls nothing */
		bad += idxgen_cc_ballot(x, lin, n, alive, mask) != b;
		bad += idxgen_cc_present_mask(lin, n, alive) != p;
		bad += idxgen_cc_any(x, lin, n, alive, mask) != (b != 0);
		bad += idxgen_cc_all(x, lin, n, alive, mask) != (b == (p & mask));
		bad += idxgen_cc_match_any(x, lin, n, alive, mask) != model_match_any(x, lin, n, alive, mask);
	}
	return bad;
}

/* match32 on 32 slots against the plain loop: values with sign bits, repeats, every lane as the caller */
static unsigned check_match32(uint32_t *seed)
{
	static const int pool[] = { 0, -1, 1, INT32_MIN, INT32_MAX, 7, -7, 0x55555555 };
	int x[32];
	unsigned bad = 0;

	for (unsigned round = 0; round < 2000; round++) {
		for (unsigned l = 0; l < 32; l++)
			x[l] = round % 3 ? pool[next(seed) % 8] : (int)next(seed);
		for (unsigned l = 0; l < 32; l++) {
			unsigned want = 0;

			for (unsigned j = 0; j < 32; j++)
				want |= (unsigned)(x[j] == x[l]) << j;
			bad += idxgen_cc_match32(x, x[l]) != want;
		}
	}
	return bad;
}

int main(void)
{
	static const unsigned masks[] = { 0xffffffffu, 0x0000ffffu, 0x80000001u, 0x0f0f0f0fu };
	int x[SLOTS];
	unsigned char alive[SLOTS];
	uint32_t seed = 0x2545f491u;
	unsigned bad_whole = 0, bad_partial = 0, bad_alive = 0, bad_all_alive = 0;

#ifdef WANT_AVX2
#ifndef __AVX2__
	tap_ok(0, "built for the AVX2 path, but __AVX2__ is not defined");
	return tap_done();
#endif
	if (!__builtin_cpu_supports("avx2")) {
		tap_skip("the processor has no AVX2", "the AVX2 path of idxgen_cc_match32 and the votes");
		return tap_done();
	}
	tap_ok(1, "built with the AVX2 path of idxgen_cc_match32 (__AVX2__)");
#endif

	for (unsigned n = 1; n <= 97; n++)
		for (unsigned round = 0; round < 4; round++) {
			unsigned mask = masks[round];
			unsigned *bad = n % 32 ? &bad_partial : &bad_whole;

			for (unsigned i = 0; i < SLOTS; i++) {
				x[i] = (int)(next(&seed) % 4) - 1;	/* -1, 0, 1, 2: zeros for votes, repeats for match */
				alive[i] = next(&seed) % 5 != 0;	/* about one lane in five returned */
			}
			*bad += check_block(x, n, NULL, mask);
			bad_alive += check_block(x, n, alive, mask);
			for (unsigned i = 0; i < SLOTS; i++)
				alive[i] = 1;
			bad_all_alive += check_block(x, n, alive, mask);
		}
	{
		unsigned bad_m = check_match32(&seed);

		tap_ok(bad_m == 0, "idxgen_cc_match32 against a loop, 64,000 calls: %u differ", bad_m);
	}
	tap_ok(bad_whole == 0, "whole warps (32, 64, 96 threads), no lane returned: %u results differ", bad_whole);
	tap_ok(bad_partial == 0, "a partial last warp (1..97 threads), no lane returned: %u results differ",
	       bad_partial);
	tap_ok(bad_alive == 0, "lanes returned (whole and partial warps): %u results differ", bad_alive);
	tap_ok(bad_all_alive == 0, "a returned-lane array with every lane still present: %u results differ",
	       bad_all_alive);
	return tap_done();
}
