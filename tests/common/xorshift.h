/* SPDX-License-Identifier: MIT */
/*
 * xorshift.h - the random numbers the library tests draw (cuBLAS, cuSOLVER,
 * cuSPARSE): xorshift64, uniform in [-1, 1), so every run sees the same
 * inputs.  Each test seeds it with its own constant (xorshift_seed, before
 * its tests run) so that its inputs do not change when another test does.
 */
#ifndef IDXGEN_TESTS_XORSHIFT_H
#define IDXGEN_TESTS_XORSHIFT_H

static unsigned long long xorshift_state = 0x9e3779b97f4a7c15ull;

static inline void xorshift_seed(unsigned long long s) { xorshift_state = s ? s : 1; }

/* [-1, 1) */
static inline double urand(void)
{
	xorshift_state ^= xorshift_state << 13;
	xorshift_state ^= xorshift_state >> 7;
	xorshift_state ^= xorshift_state << 17;
	return (double)(xorshift_state >> 11) / (double)(1ull << 52) - 1.0;
}

#endif
