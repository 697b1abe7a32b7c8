/* SPDX-License-Identifier: MIT */
/*
 * gen_ref.h - the independent reference for generated indices.
 *
 * Deliberately written apart from the generator model (it must not share
 * code or shortcuts with it): plain division and modulo per thread, the
 * slow path that docs/design.md describes.  Header-only so the host tests, the qtests
 * and the in-guest tests all use the same few lines.
 */
#ifndef IDXGEN_REF_H
#define IDXGEN_REF_H

#include <stdint.h>

/* The 3-D index of linear thread n in a (dx, dy, dz) block. */
static inline void idxgen_ref_index(uint32_t n, uint32_t dx, uint32_t dy,
				    uint32_t *x, uint32_t *y, uint32_t *z)
{
	*x = n % dx;
	*y = (n / dx) % dy;
	*z = n / (dx * dy);
}

/* Smallest number of bits that can hold 0..d-1. */
static inline unsigned int idxgen_ref_width(uint32_t d)
{
	unsigned int w = 0;

	while (w < 32 && ((uint64_t)1 << w) < d)
		w++;
	return w;
}

/* The packed word of thread n with widths (mx, my, mz). */
static inline uint32_t idxgen_ref_word(uint32_t n, uint32_t dx, uint32_t dy,
				       unsigned int mx, unsigned int my)
{
	uint32_t x, y, z;

	idxgen_ref_index(n, dx, dy, &x, &y, &z);
	/* 64-bit shifts: a 32-bit x field (mx == 32) is legal. */
	return (uint32_t)(x | ((uint64_t)y << mx) | ((uint64_t)z << (mx + my)));
}

/* Read the little-endian word of thread n from a packed output buffer. */
static inline uint32_t idxgen_ref_load(const void *buf, uint32_t n, unsigned int word_size)
{
	const uint8_t *p = (const uint8_t *)buf + (uint64_t)n * word_size;

	if (word_size == 2)
		return (uint32_t)p[0] | (uint32_t)p[1] << 8;
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/*
 * Compare a packed output of a (dx, dy, dz) block against the reference.
 * Returns -1 if every thread matches, else the first thread that differs.
 */
static inline int64_t idxgen_ref_check(const void *buf, uint32_t dx, uint32_t dy, uint32_t dz,
				       unsigned int mx, unsigned int my, unsigned int word_size)
{
	uint32_t n, threads = dx * dy * dz;

	for (n = 0; n < threads; n++)
		if (idxgen_ref_load(buf, n, word_size) != idxgen_ref_word(n, dx, dy, mx, my))
			return n;
	return -1;
}

#endif /* IDXGEN_REF_H */
