/* SPDX-License-Identifier: MIT */
/* lib/curand's internal interface: the generator object and its helpers. */
#ifndef IDXGEN_CURAND_INTERNAL_H
#define IDXGEN_CURAND_INTERNAL_H

#include <curand.h>
#include <idxgen_curand_core.h>

#define IDXGEN_CURAND_MAGIC 0x63726e64u	/* "crnd": a live generator */

struct curandGenerator_st {
	unsigned int magic;
	curandRngType_t type;	/* XORWOW, PHILOX4_32_10 or MRG32K3A */
	curandOrdering_t ordering;
	unsigned long long seed;
	unsigned long long offset;	/* items already generated, plus the user's offset */
	int host;	/* made by curandCreateGeneratorHost (one address space: no difference) */
	cudaStream_t stream;
};

/* the skip-ahead tables, computed once per process (tables.c) */
const struct idxgen_xorwow_tables *idxgen_curand_xorwow(void);
const struct idxgen_mrg_tables *idxgen_curand_mrg(void);

/* curandStatus_t for a handle: NOT_INITIALIZED unless it is a live generator */
curandStatus_t idxgen_curand_check(curandGenerator_t g);

#endif
