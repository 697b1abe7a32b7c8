/* SPDX-License-Identifier: MIT */
/*
 * idxgen_le.h - little-endian loads and stores for the model and the tools
 * built with it (fw/idxgen-fwtool.c writes and reads images with them).
 *
 * The hardware structures in idxgen_hw.h are little-endian in memory but
 * declared with host integer types, so a field must never be read or written
 * directly on a big-endian host.  These helpers go through bytes; compilers
 * turn them into a single (possibly unaligned) load or store on x86 and Arm.
 * They also make guest-supplied buffers of any alignment safe to parse.
 */
#ifndef IDXGEN_LE_H
#define IDXGEN_LE_H

#include <stdint.h>

static inline uint16_t igm_ld16(const void *p)
{
	const uint8_t *b = p;

	return (uint16_t)(b[0] | b[1] << 8);
}

static inline uint32_t igm_ld32(const void *p)
{
	const uint8_t *b = p;

	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

static inline uint64_t igm_ld64(const void *p)
{
	const uint8_t *b = p;

	return (uint64_t)igm_ld32(b) | (uint64_t)igm_ld32(b + 4) << 32;
}

static inline void igm_st16(void *p, uint32_t v)
{
	uint8_t *b = p;

	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
}

static inline void igm_st32(void *p, uint32_t v)
{
	uint8_t *b = p;

	b[0] = (uint8_t)v;
	b[1] = (uint8_t)(v >> 8);
	b[2] = (uint8_t)(v >> 16);
	b[3] = (uint8_t)(v >> 24);
}

static inline void igm_st64(void *p, uint64_t v)
{
	uint8_t *b = p;

	igm_st32(b, (uint32_t)v);
	igm_st32(b + 4, (uint32_t)(v >> 32));
}

#endif /* IDXGEN_LE_H */
