/* SPDX-License-Identifier: MIT */
/* lib/curand's internal interface: the generator object and its helpers. */
#ifndef IDXGEN_CURAND_INTERNAL_H
#define IDXGEN_CURAND_INTERNAL_H

#include <curand.h>
#include <idxgen_curand_core.h>

#define IDXGEN_CURAND_MAGIC 0x63726e64u	/* "crnd": a live generator */

struct curandGenerator_st {
	unsigned int magic;
	curandRngType_t type;	/* XORWOW, PHILOX4_32_10, MRG32K3A or MT19937 */
	curandOrdering_t ordering;
	unsigned long long seed;
	unsigned long long offset;	/* items already generated, plus the user's offset */
	int host;	/* made by curandCreateGeneratorHost (one address space: no difference) */
	cudaStream_t stream;
};

/* MT19937's state (mt19937.c): the 624 words and the next one to temper */
struct idxgen_mt19937 {
	uint32_t mt[624];
	int next;
};
/* init_genrand(seed's low 32 bits), then `skip` words dropped */
void idxgen_mt19937_init(struct idxgen_mt19937 *s, unsigned long long seed, unsigned long long skip);
unsigned int idxgen_mt19937_next(struct idxgen_mt19937 *s);

/* the skip-ahead tables, computed once per process (tables.c) */
const struct idxgen_xorwow_tables *idxgen_curand_xorwow(void);
const struct idxgen_mrg_tables *idxgen_curand_mrg(void);

/* curandStatus_t for a handle: NOT_INITIALIZED unless it is a live generator */
curandStatus_t idxgen_curand_check(curandGenerator_t g);

#endif
