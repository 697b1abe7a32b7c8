// SPDX-License-Identifier: MIT
/*
 * test_warp_tree.c - idxgen_cc_block_tree_add, the shuffle tree of
 * lib/cc/warp_tree.c run once per block (include/idxgen_cc_warp.h), against
 * a model written here from CUDA's definitions of __shfl_down_sync and
 * __shfl_xor_sync and lib/cc/README.md "Warps": each level, every present
 * lane adds the value of its source lane at the level before (down: lane +
 * o when lane % width + o < width; xor: lane ^ o when that lane is in the
 * caller's width segment or an earlier one), or its own value where the
 * source is out of range or absent (past the block's thread count, or
 * returned).  Whole warps with every lane present take the header's
 * per-warp path in local arrays (issue 40), other warps the per-slot one:
 * both are compared, bit for bit (floats of mixed magnitudes, so that
 * another order of the adds shows), on every present lane of blocks of
 * 1..97, 100, 256 and 1024 threads, first offsets 32..0 (24 and 3 too),
 * widths 32..1, shuffle down and xor, without returns, with every lane
 * alive, with about one lane in five returned and with whole warps off (a
 * predicated tree); and the lane-0 form (only lane 0 of each warp read) on
 * lane 0, with and without absent lanes (issue 40: the helper-form block
 * sum's predicated second tree takes it); and idxgen_cc_block_tree_once (the statement warp_tree.c
 * emits where lanes can be absent, run once per block) on the same cases,
 * and writing nothing when no lane is present.  A fixed seed: the same
 * cases every run.  Built twice
 * (lib/cc/Makefile): as the runtime's kernels are, and with -mavx2.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "idxgen_cc_warp.h"
#include "tap.h"

#define SLOTS 1024u

/* xorshift32: reproducible operands without libc's rand() state */
static uint32_t next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

static int present(unsigned l, unsigned n, const unsigned char *alive)
{
	return l < n && (alive == NULL || alive[l] != 0);
}

/* CUDA's source lane of `lane` at offset o, or -1 where the shuffle returns the caller's own value. */
static int model_src(unsigned lane, unsigned o, unsigned w, int xor_)
{
	unsigned s = xor_ ? lane ^ o : lane + o;

	if (s >= 32u)
		return -1;
	if (xor_)
		return s / w <= lane / w ? (int)s : -1;
	return lane % w + o < w ? (int)s : -1;
}

/* The levels o = first, first / 2, .., 1 over the block's present lanes: out[l] for every present l. */
#define MODEL(T, name)                                                                                 \
	static void name(const T *in, T *out, unsigned n, const unsigned char *alive, unsigned first,     \
			 unsigned w, int xor_)                                                            \
	{                                                                                                 \
		static T cur[SLOTS], nxt[SLOTS];                                                          \
		for (unsigned l = 0; l < n; l++)                                                          \
			cur[l] = in[l];                                                                   \
		for (unsigned o = first; o > 0; o /= 2) {                                                 \
			for (unsigned l = 0; l < n; l++) {                                                \
				int s = model_src(l % 32u, o, w, xor_);                                   \
				unsigned src = l - l % 32u + (unsigned)s;                                 \
				if (present(l, n, alive))                                                 \
					nxt[l] = cur[l] + (s >= 0 && present(src, n, alive) ? cur[src] : cur[l]); \
			}                                                                                 \
			for (unsigned l = 0; l < n; l++)                                                  \
				if (present(l, n, alive))                                                 \
					cur[l] = nxt[l];                                                  \
		}                                                                                         \
		memcpy(out, cur, n * sizeof(T));                                                          \
	}
MODEL(float, model_float)
MODEL(double, model_double)
MODEL(int, model_int)

/*
 * One case through the header: returns how many present lanes (lane 0 of
 * each warp for only0) differ from the model.  x and y are exchange arrays
 * as warp.c declares them, 32 readable slots on each side, filled with
 * garbage that must not show.
 */
#define CHECK(T, name, model, TREE)                                                                        \
	static unsigned name(const T *in, unsigned n, const unsigned char *alive, unsigned first,         \
			     unsigned w, int xor_, int only0, uint32_t *seed)                             \
	{                                                                                                 \
		static T xa[32 + SLOTS + 32], ya[32 + SLOTS + 32], want[SLOTS];                           \
		T *x = xa + 32, *y = ya + 32;                                                             \
		unsigned bad = 0;                                                                         \
		for (unsigned i = 0; i < 32 + SLOTS + 32; i++)                                            \
			xa[i] = (T)(int)(next(seed) % 1000u), ya[i] = (T)(int)(next(seed) % 1000u);       \
		memcpy(x, in, n * sizeof(T));                                                             \
		TREE(x, y, n, alive, first, w, xor_, only0);                                              \
		model(in, want, n, alive, first, w, xor_);                                                \
		const T *got = idxgen_cc_tree_odd(first) ? y : x;                                         \
		for (unsigned l = 0; l < n; l++)                                                          \
			if (present(l, n, alive) && (!only0 || l % 32u == 0))                             \
				bad += memcmp(&got[l], &want[l], sizeof(T)) != 0;                         \
		return bad;                                                                               \
	}
CHECK(float, check_float, model_float, idxgen_cc_block_tree_add)
CHECK(double, check_double, model_double, idxgen_cc_block_tree_add)
CHECK(int, check_int, model_int, idxgen_cc_block_tree_add)
/* warp_tree.c's form where lanes can be absent: the statement the block runs once */
CHECK(float, check_float_once, model_float, idxgen_cc_block_tree_once)
CHECK(int, check_int_once, model_int, idxgen_cc_block_tree_once)

/* No lane present: idxgen_cc_block_tree_once writes neither array (no leader, no tree). */
static int once_untouched(unsigned n, uint32_t *seed)
{
	static int xa[SLOTS], ya[SLOTS], xb[SLOTS], yb[SLOTS];
	static unsigned char none[SLOTS];

	for (unsigned i = 0; i < SLOTS; i++)
		xa[i] = xb[i] = (int)next(seed), ya[i] = yb[i] = (int)next(seed);
	idxgen_cc_block_tree_once(xa, ya, n, none, 16, 32, 0, 0);
	return !memcmp(xa, xb, sizeof(xa)) && !memcmp(ya, yb, sizeof(ya));
}

enum { ALIVE_NONE, ALIVE_ALL, ALIVE_SOME, ALIVE_WARPS, ALIVE_KINDS };

static const unsigned char *fill_alive(unsigned char *alive, int kind, uint32_t *seed)
{
	for (unsigned i = 0; i < SLOTS; i++)
		alive[i] = kind == ALIVE_ALL || (kind == ALIVE_SOME && next(seed) % 5 != 0) ||
			   (kind == ALIVE_WARPS && (i / 32u) % 3u == 0);
	return kind == ALIVE_NONE ? NULL : alive;
}

int main(void)
{
	static const unsigned firsts[] = { 32, 16, 8, 4, 2, 1, 24, 3, 0 }, widths[] = { 32, 16, 8, 4, 2, 1 };
	static float f[SLOTS];
	static double d[SLOTS];
	static int v[SLOTS];
	static unsigned char alive[SLOTS];
	uint32_t seed = 0x9e3779b9u;
	unsigned bad[2][ALIVE_KINDS] = { { 0 } }, bad0[2] = { 0, 0 }, bad_once = 0, cases = 0, n, untouched = 0;

#ifdef WANT_AVX2
#ifndef __AVX2__
	tap_ok(0, "built for AVX2, but __AVX2__ is not defined");
	return tap_done();
#endif
	if (!__builtin_cpu_supports("avx2")) {
		tap_skip("the processor has no AVX2", "the shuffle tree built with -mavx2");
		return tap_done();
	}
	tap_ok(1, "built with -mavx2 (__AVX2__)");
#endif
	for (n = 1; n <= 1024; n = n < 97 ? n + 1 : n == 97 ? 100 : n == 100 ? 256 : n == 256 ? 1024 : 1025)
		for (unsigned fi = 0; fi < sizeof(firsts) / sizeof(firsts[0]); fi++)
			for (unsigned wi = 0; wi < sizeof(widths) / sizeof(widths[0]); wi++)
				for (int xor_ = 0; xor_ < 2; xor_++)
					for (int kind = 0; kind < ALIVE_KINDS; kind++) {
						const unsigned char *al = fill_alive(alive, kind, &seed);
						unsigned first = firsts[fi], w = widths[wi], b = 0;

						for (unsigned i = 0; i < n; i++) {
							/* mixed magnitudes: another order of the adds gives other bits */
							f[i] = (float)((int)(next(&seed) % 2001u) - 1000) *
							       (float)(1u << next(&seed) % 24u) / 4096.0f;
							d[i] = (double)f[i] * 1.0e-3 + (double)(next(&seed) % 7u);
							v[i] = (int)(next(&seed) % 200001u) - 100000;
						}
						b += check_float(f, n, al, first, w, xor_, 0, &seed);
						b += check_double(d, n, al, first, w, xor_, 0, &seed);
						b += check_int(v, n, al, first, w, xor_, 0, &seed);
						bad[n % 32u == 0][kind] += b;
						bad_once += check_float_once(f, n, al, first, w, xor_, 0, &seed) +
							    check_int_once(v, n, al, first, w, xor_, 0, &seed);
						if (!xor_)	/* lane 0 alone (warp_lane0.c's proof), lanes absent or not */
							bad0[al != NULL] += check_float(f, n, al, first, w, 0, 1, &seed) +
									    check_double(d, n, al, first, w, 0, 1, &seed) +
									    check_int(v, n, al, first, w, 0, 1, &seed) +
									    check_float_once(f, n, al, first, w, 0, 1, &seed) +
									    check_int_once(v, n, al, first, w, 0, 1, &seed);
						cases++;
					}
	tap_ok(bad[1][ALIVE_NONE] == 0, "whole warps (32..1024 threads), no returns: %u lanes differ",
	       bad[1][ALIVE_NONE]);
	tap_ok(bad[0][ALIVE_NONE] == 0, "a partial last warp, no returns: %u lanes differ", bad[0][ALIVE_NONE]);
	tap_ok(bad[1][ALIVE_ALL] + bad[0][ALIVE_ALL] == 0, "a returned-lane array with every lane alive: %u differ",
	       bad[1][ALIVE_ALL] + bad[0][ALIVE_ALL]);
	tap_ok(bad[1][ALIVE_SOME] + bad[0][ALIVE_SOME] == 0, "about one lane in five returned: %u differ",
	       bad[1][ALIVE_SOME] + bad[0][ALIVE_SOME]);
	tap_ok(bad[1][ALIVE_WARPS] + bad[0][ALIVE_WARPS] == 0, "whole warps off (a predicated tree): %u differ",
	       bad[1][ALIVE_WARPS] + bad[0][ALIVE_WARPS]);
	tap_ok(bad0[0] == 0, "lane 0 of each warp where only lane 0 reads: %u differ", bad0[0]);
	tap_ok(bad0[1] == 0,
	       "lane 0 where only lane 0 reads, lanes returned or whole warps off (a predicated tree): %u differ",
	       bad0[1]);
	tap_ok(bad_once == 0, "idxgen_cc_block_tree_once (the tree once per block), every case above: %u differ",
	       bad_once);
	for (n = 1; n <= 1024; n *= 2)
		untouched += once_untouched(n, &seed);
	tap_ok(untouched == 11, "idxgen_cc_block_tree_once with no lane present writes nothing: %u of 11 blocks",
	       untouched);
	tap_ok(cases == 100u * 9u * 6u * 2u * ALIVE_KINDS, "%u cases of float, double and int trees", cases);
	return tap_done();
}
