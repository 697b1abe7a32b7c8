/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_dot.h - CUDA's integer dot products of packed bytes and
 * halves (__dp4a, __dp2a_lo, __dp2a_hi) for code that idxgen-cc translates.
 *
 * __dp4a(a, b, c) is c plus the four products of a's and b's bytes;
 * __dp2a_lo/hi(a, b, c) is c plus the two products of a's 16-bit halves with
 * the low (lo) or high (hi) two bytes of b.  The int forms take the parts as
 * signed, the unsigned int forms as unsigned; the sum wraps modulo 2^32 as
 * the GPU's 32-bit adder does (computed in unsigned arithmetic here, so the
 * wrap is defined C).  C++ also has CUDA's char4/uchar4 and short2/ushort2
 * overloads; C has the int and unsigned int forms through _Generic.
 *
 * Included by cuda_runtime.h after vector_functions.h; C11 and C++11.
 */
#ifndef IDXGEN_CUDA_DOT_H
#define IDXGEN_CUDA_DOT_H

#include <stdint.h>

#include "vector_types.h"

/* Byte n of x, as signed or unsigned. */
#define IDXGEN_CUDA__SB(x, n) ((int32_t)(int8_t)(uint8_t)((uint32_t)(x) >> (8 * (n))))
#define IDXGEN_CUDA__UB(x, n) ((uint32_t)(uint8_t)((uint32_t)(x) >> (8 * (n))))
/* Half n of x, as signed or unsigned. */
#define IDXGEN_CUDA__SH(x, n) ((int32_t)(int16_t)(uint16_t)((uint32_t)(x) >> (16 * (n))))
#define IDXGEN_CUDA__UH(x, n) ((uint32_t)(uint16_t)((uint32_t)(x) >> (16 * (n))))

static inline __attribute__((unused)) int idxgen_cuda_dp4a_s(int a, int b, int c)
{
	uint32_t r = (uint32_t)c;

	for (int n = 0; n < 4; n++)
		r += (uint32_t)(IDXGEN_CUDA__SB(a, n) * IDXGEN_CUDA__SB(b, n));
	return (int)r;
}

static inline __attribute__((unused)) unsigned int idxgen_cuda_dp4a_u(unsigned int a, unsigned int b,
								       unsigned int c)
{
	uint32_t r = c;

	for (int n = 0; n < 4; n++)
		r += IDXGEN_CUDA__UB(a, n) * IDXGEN_CUDA__UB(b, n);
	return r;
}

/* hi selects bytes 2 and 3 of b, else bytes 0 and 1. */
static inline __attribute__((unused)) int idxgen_cuda_dp2a_s(int a, int b, int c, int hi)
{
	uint32_t r = (uint32_t)c;

	for (int n = 0; n < 2; n++)
		r += (uint32_t)(IDXGEN_CUDA__SH(a, n) * IDXGEN_CUDA__SB(b, n + 2 * hi));
	return (int)r;
}

static inline __attribute__((unused)) unsigned int idxgen_cuda_dp2a_u(unsigned int a, unsigned int b,
								       unsigned int c, int hi)
{
	uint32_t r = c;

	for (int n = 0; n < 2; n++)
		r += IDXGEN_CUDA__UH(a, n) * IDXGEN_CUDA__UB(b, n + 2 * hi);
	return r;
}

#ifdef __cplusplus
/* The vector forms pack their parts into a word, x in the low bits. */
#define IDXGEN_CUDA__PACK4(v)                                                               \
	((uint32_t)(uint8_t)(v).x | (uint32_t)(uint8_t)(v).y << 8 | (uint32_t)(uint8_t)(v).z << 16 | \
	 (uint32_t)(uint8_t)(v).w << 24)
#define IDXGEN_CUDA__PACK2(v) ((uint32_t)(uint16_t)(v).x | (uint32_t)(uint16_t)(v).y << 16)

static inline __attribute__((unused)) int __dp4a(int a, int b, int c)
{
	return idxgen_cuda_dp4a_s(a, b, c);
}
static inline __attribute__((unused)) unsigned int __dp4a(unsigned int a, unsigned int b, unsigned int c)
{
	return idxgen_cuda_dp4a_u(a, b, c);
}
static inline __attribute__((unused)) int __dp4a(char4 a, char4 b, int c)
{
	return idxgen_cuda_dp4a_s((int)IDXGEN_CUDA__PACK4(a), (int)IDXGEN_CUDA__PACK4(b), c);
}
static inline __attribute__((unused)) unsigned int __dp4a(uchar4 a, uchar4 b, unsigned int c)
{
	return idxgen_cuda_dp4a_u(IDXGEN_CUDA__PACK4(a), IDXGEN_CUDA__PACK4(b), c);
}
static inline __attribute__((unused)) int __dp2a_lo(int a, int b, int c)
{
	return idxgen_cuda_dp2a_s(a, b, c, 0);
}
static inline __attribute__((unused)) unsigned int __dp2a_lo(unsigned int a, unsigned int b, unsigned int c)
{
	return idxgen_cuda_dp2a_u(a, b, c, 0);
}
static inline __attribute__((unused)) int __dp2a_lo(short2 a, char4 b, int c)
{
	return idxgen_cuda_dp2a_s((int)IDXGEN_CUDA__PACK2(a), (int)IDXGEN_CUDA__PACK4(b), c, 0);
}
static inline __attribute__((unused)) unsigned int __dp2a_lo(ushort2 a, uchar4 b, unsigned int c)
{
	return idxgen_cuda_dp2a_u(IDXGEN_CUDA__PACK2(a), IDXGEN_CUDA__PACK4(b), c, 0);
}
static inline __attribute__((unused)) int __dp2a_hi(int a, int b, int c)
{
	return idxgen_cuda_dp2a_s(a, b, c, 1);
}
static inline __attribute__((unused)) unsigned int __dp2a_hi(unsigned int a, unsigned int b, unsigned int c)
{
	return idxgen_cuda_dp2a_u(a, b, c, 1);
}
static inline __attribute__((unused)) int __dp2a_hi(short2 a, char4 b, int c)
{
	return idxgen_cuda_dp2a_s((int)IDXGEN_CUDA__PACK2(a), (int)IDXGEN_CUDA__PACK4(b), c, 1);
}
static inline __attribute__((unused)) unsigned int __dp2a_hi(ushort2 a, uchar4 b, unsigned int c)
{
	return idxgen_cuda_dp2a_u(IDXGEN_CUDA__PACK2(a), IDXGEN_CUDA__PACK4(b), c, 1);
}
#else
#define __dp4a(a, b, c) _Generic((a), unsigned int: idxgen_cuda_dp4a_u, default: idxgen_cuda_dp4a_s)((a), (b), (c))
#define __dp2a_lo(a, b, c) \
	_Generic((a), unsigned int: idxgen_cuda_dp2a_u, default: idxgen_cuda_dp2a_s)((a), (b), (c), 0)
#define __dp2a_hi(a, b, c) \
	_Generic((a), unsigned int: idxgen_cuda_dp2a_u, default: idxgen_cuda_dp2a_s)((a), (b), (c), 1)
#endif

#endif /* IDXGEN_CUDA_DOT_H */
