// SPDX-License-Identifier: MIT
/*
 * test_host_layout.cc - every value of a host-API call against the layout
 * lib/curand/README.md states, computed item by item with the device API
 * (curand_kernel.h, compiled as plain C++): item j of the output (counted
 * from the generator's offset) is made by curand_init(seed, j % T, (j / T) *
 * draws) then its draws, T = 4096 (XORWOW) or 65536 (Philox4_32_10, items
 * of four words).  The call sizes are not multiples of T or of the 16
 * threads generate.c steps together, with offsets, so that every edge of
 * its loops (the last partial round, the last partial group of threads, a
 * Philox item cut by the offset and by the end) is read back.  test_host.c
 * checks the layout itself against values recorded on NVIDIA's library.
 */
#include <cstdio>
#include <vector>
#include <curand.h>
#include <curand_kernel.h>
#include "tap.h"

static const unsigned long long SEED = 20261129ull;

static curandGenerator_t made(curandRngType_t type, unsigned long long offset)
{
	curandGenerator_t g = nullptr;

	if (curandCreateGeneratorHost(&g, type) || curandSetPseudoRandomGeneratorSeed(g, SEED) ||
	    curandSetGeneratorOffset(g, offset))
		return nullptr;
	return g;
}

TAP_TEST(xorwow_words_every_item)
{
	const unsigned long long T = 4096, offset = 3;
	const size_t n = 2 * T + 37;
	std::vector<unsigned int> out(n);
	curandGenerator_t g = made(CURAND_RNG_PSEUDO_XORWOW, offset);
	int st = g ? curandGenerate(g, out.data(), n) : -1, wrong = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned long long j = offset + i;
		curandState s;

		curand_init(SEED, j % T, j / T, &s);
		wrong += curand(&s) != out[i];
	}
	tap_ok(st == 0 && wrong == 0, "xorwow: %zu words from offset 3, each = thread j %% 4096 at j / 4096 (%d wrong)",
	       n, wrong);
	curandDestroyGenerator(g);
}

TAP_TEST(xorwow_uniforms_every_item)
{
	const unsigned long long T = 4096;
	const size_t n = T + 21;
	std::vector<float> out(n);
	curandGenerator_t g = made(CURAND_RNG_PSEUDO_XORWOW, 0);
	int st = g ? curandGenerateUniform(g, out.data(), n) : -1, wrong = 0;

	for (size_t j = 0; j < n; j++) {
		curandState s;

		curand_init(SEED, j % T, j / T, &s);
		wrong += curand_uniform(&s) != out[j];
	}
	tap_ok(st == 0 && wrong == 0, "xorwow: %zu uniforms, each = thread j %% 4096 at j / 4096 (%d wrong)", n, wrong);
	curandDestroyGenerator(g);
}

TAP_TEST(xorwow_normals_every_item)
{
	const unsigned long long T = 4096, offset = 7;	/* XORWOW counts the offset in items (pairs here) */
	const size_t n = 2 * (T + 13);
	std::vector<float> out(n);
	curandGenerator_t g = made(CURAND_RNG_PSEUDO_XORWOW, offset);
	int st = g ? curandGenerateNormal(g, out.data(), n, 0.0f, 1.0f) : -1, wrong = 0;

	for (size_t i = 0; i < n / 2; i++) {
		unsigned long long j = offset + i;
		curandState s;

		curand_init(SEED, j % T, j / T * 2, &s);
		float2 p = curand_normal2(&s);
		wrong += p.x != out[2 * i] || p.y != out[2 * i + 1];
	}
	tap_ok(st == 0 && wrong == 0,
	       "xorwow: %zu normals from offset 7, each pair = curand_normal2 of thread j %% 4096 at 2 (j / 4096) "
	       "(%d wrong)", n, wrong);
	curandDestroyGenerator(g);
}

TAP_TEST(philox_words_every_item)
{
	const unsigned long long T = 65536, offset = 5;	/* Philox counts the offset in values */
	const size_t n = 4 * T + 4 * 17 + 2;
	std::vector<unsigned int> out(n);
	curandGenerator_t g = made(CURAND_RNG_PSEUDO_PHILOX4_32_10, offset);
	int st = g ? curandGenerate(g, out.data(), n) : -1, wrong = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned long long o = offset + i, j = o / 4;
		curandStatePhilox4_32_10_t s;
		unsigned int w = 0;

		curand_init(SEED, j % T, j / T * 4, &s);
		for (unsigned long long k = 0; k <= o % 4; k++)
			w = curand(&s);
		wrong += w != out[i];
	}
	tap_ok(st == 0 && wrong == 0,
	       "philox: %zu words from offset 5, each = word o %% 4 of thread (o / 4) %% 65536's block (%d wrong)", n,
	       wrong);
	curandDestroyGenerator(g);
}

TAP_TEST(philox_uniforms_every_item)
{
	const unsigned long long T = 65536, offset = 2;
	const size_t n = 4 * T + 4 * 3 + 1;
	std::vector<float> out(n);
	curandGenerator_t g = made(CURAND_RNG_PSEUDO_PHILOX4_32_10, offset);
	int st = g ? curandGenerateUniform(g, out.data(), n) : -1, wrong = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned long long o = offset + i, j = o / 4;
		curandStatePhilox4_32_10_t s;
		float u = 0;

		curand_init(SEED, j % T, j / T * 4, &s);
		for (unsigned long long k = 0; k <= o % 4; k++)
			u = curand_uniform(&s);
		wrong += u != out[i];
	}
	tap_ok(st == 0 && wrong == 0,
	       "philox: %zu uniforms from offset 2, each = value o %% 4 of thread (o / 4) %% 65536's block (%d wrong)", n,
	       wrong);
	curandDestroyGenerator(g);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
