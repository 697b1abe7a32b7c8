/* SPDX-License-Identifier: MIT */
/*
 * xapi_internal.h - what the files of the 64-bit generic API share
 * (xapi.c, xapi_trtri.c, xapi_sytrs.c, xapi_geev.c, xapi_gesvdp.c): the
 * element type of a cudaDataType tag, 64-bit sizes narrowed to LAPACK's
 * 32-bit integers (above INT_MAX: CUSOLVER_STATUS_NOT_SUPPORTED), the
 * workspace in bytes as elements, devInfo's -i renumbered to the X call's
 * arguments and the answer of a workspace query.
 */
#ifndef IDXGEN_CUSOLVER_XAPI_INTERNAL_H
#define IDXGEN_CUSOLVER_XAPI_INTERNAL_H

#include <limits.h>
#include <stdint.h>
#include "cusolver_internal.h"

/* S, D, C, Z as 0..3 for an element type; -1 for another */
static inline int x_kind(cudaDataType t)
{
	switch (t) {
	case CUDA_R_32F: return 0;
	case CUDA_R_64F: return 1;
	case CUDA_C_32F: return 2;
	case CUDA_C_64F: return 3;
	default: return -1;
	}
}

/* bytes of an element of kind k, and the real type of that kind */
static inline size_t x_size(int k) { return (size_t)4 << (k == 0 ? 0 : k == 3 ? 2 : 1); }
static inline cudaDataType x_real(int k) { return k & 1 ? CUDA_R_64F : CUDA_R_32F; }
static inline int x_is_complex(int k) { return k >= 2; }

/* the kind of A when the compute type is A's, else -1 */
static inline int x_same(cudaDataType a, cudaDataType compute)
{
	return a == compute ? x_kind(a) : -1;
}

/*
 * A size for LAPACK: negative stays negative (the argument check refuses
 * it), above INT_MAX sets *big (the call is then NOT_SUPPORTED).
 */
static inline int x_int(int64_t v, int *big)
{
	if (v > INT_MAX) {
		*big = 1;
		return 0;
	}
	return v < 0 ? -1 : (int)v;
}

/* workspace bytes as an element count of kind k */
static inline int x_lwork(size_t bytes, int k)
{
	size_t n = bytes / x_size(k);

	return n > INT_MAX ? INT_MAX : (int)n;
}

/* devInfo -i of the 32-bit routine renamed to the X call's argument number (map[i]) */
static inline cusolverStatus_t x_info(cusolverStatus_t st, int *info, const signed char *map, int n)
{
	if (st == CUSOLVER_STATUS_INVALID_VALUE && info && *info < 0 && -*info < n)
		*info = -map[-*info];
	return st;
}

/* LAPACK's answer to a workspace query (work[0] after lwork = -1), of any kind, as an element count */
union x_scalar {
	float s;
	double d;
	float _Complex c;
	double _Complex z;
};
static inline int x_scalar_lwork(int k, const union x_scalar *q)
{
	return cusolver_lwork(k == 0 ? q->s : k == 1 ? q->d : k == 2 ? crealf(q->c) : creal(q->z));
}

/* a query's answer: lwork elements of kind k on the device, nothing on the host */
static inline cusolverStatus_t x_query_answer(cusolverStatus_t st, int lwork, int k, size_t *dev, size_t *host)
{
	if (!st) {
		*dev = (size_t)lwork * x_size(k);
		*host = 0;
	}
	return st;
}

/* the first checks of every X call: handle, then the type tags (kind, or -1: NOT_SUPPORTED) */
#define X_START(h, kind)                                          \
	do {                                                      \
		if (!(h))                                         \
			return CUSOLVER_STATUS_NOT_INITIALIZED;   \
		if ((kind) < 0)                                   \
			return CUSOLVER_STATUS_NOT_SUPPORTED;     \
	} while (0)

/* a query's first checks: X_START, then both size pointers */
#define X_QUERY_START(h, kind, dev, host)                         \
	do {                                                      \
		X_START(h, kind);                                 \
		if (!(dev) || !(host))                            \
			return CUSOLVER_STATUS_INVALID_VALUE;     \
	} while (0)

/* one call of the routine R of the precision k: R(S, float, float) ... R(Z, cuDoubleComplex, double) */
#define X_BY_KIND(k, R) \
	((k) == 0 ? R(S, float, float) : (k) == 1 ? R(D, double, double) : (k) == 2 ? R(C, cuComplex, float) : R(Z, cuDoubleComplex, double))

#endif
