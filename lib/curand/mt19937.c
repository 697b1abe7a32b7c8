/* SPDX-License-Identifier: MIT */
/*
 * MT19937 (Matsumoto and Nishimura 1998) for the host API's
 * CURAND_RNG_PSEUDO_MT19937: the original generator, seeded as its
 * reference code's init_genrand() with the seed's low 32 bits, tempered
 * 32-bit words in order.  An offset is reached by generating and dropping
 * that many words (no jump-ahead: README.md).
 */
#include "curand_internal.h"

enum { MT_N = 624, MT_M = 397 };

void idxgen_mt19937_init(struct idxgen_mt19937 *s, unsigned long long seed, unsigned long long skip)
{
	s->mt[0] = (uint32_t)seed;
	for (int i = 1; i < MT_N; i++)
		s->mt[i] = 1812433253u * (s->mt[i - 1] ^ (s->mt[i - 1] >> 30)) + (uint32_t)i;
	s->next = MT_N;
	while (skip--)
		idxgen_mt19937_next(s);
}

/* the next 624 words of the recurrence, in place */
static void twist(struct idxgen_mt19937 *s)
{
	for (int i = 0; i < MT_N; i++) {
		uint32_t y = (s->mt[i] & 0x80000000u) | (s->mt[(i + 1) % MT_N] & 0x7fffffffu);

		s->mt[i] = s->mt[(i + MT_M) % MT_N] ^ (y >> 1) ^ (y & 1 ? 0x9908b0dfu : 0);
	}
	s->next = 0;
}

unsigned int idxgen_mt19937_next(struct idxgen_mt19937 *s)
{
	uint32_t y;

	if (s->next >= MT_N)
		twist(s);
	y = s->mt[s->next++];
	y ^= y >> 11;
	y ^= (y << 7) & 0x9d2c5680u;
	y ^= (y << 15) & 0xefc60000u;
	y ^= y >> 18;
	return y;
}
