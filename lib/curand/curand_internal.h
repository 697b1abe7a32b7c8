/* SPDX-License-Identifier: MIT */
/* lib/curand's internal interface: the generator object and its helpers. */
#ifndef IDXGEN_CURAND_INTERNAL_H
#define IDXGEN_CURAND_INTERNAL_H

#include <curand.h>
#include <idxgen_curand_core.h>

#define IDXGEN_CURAND_MAGIC 0x63726e64u	/* "crnd": a live generator */

struct curandGenerator_st {
	unsigned int magic;
	curandRngType_t type;	/* XORWOW, PHILOX4_32_10, MRG32K3A, MT19937 or QUASI_SOBOL32 */
	curandOrdering_t ordering;
	unsigned long long seed;
	unsigned long long offset;	/* items already generated, plus the user's offset (Sobol: points per dimension) */
	unsigned int dims;	/* Sobol32's dimensions (1 until curandSetQuasiRandomGeneratorDimensions) */
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

/* Sobol32 (sobol.c): what a curandGenerate* call makes of each point */
enum idxgen_sobol_kind {
	SOBOL_WORD,
	SOBOL_UNIFORM,
	SOBOL_UNIFORM_DOUBLE,
	SOBOL_NORMAL,	/* the inverse normal CDF of the point, not Box-Muller */
	SOBOL_NORMAL_DOUBLE,
	SOBOL_LOG_NORMAL,
	SOBOL_LOG_NORMAL_DOUBLE,
};
/* the dimensions Boost's table (sobol-table.awk) covers */
unsigned int idxgen_sobol_max_dims(void);
/* dimension dim's 32 direction numbers, v[0] the top bit's */
void idxgen_sobol_directions(unsigned int dim, unsigned int v[32]);
/* ... and its 64 direction numbers for Sobol64 (the device API's curandStateSobol64) */
void idxgen_sobol_directions64(unsigned int dim, unsigned long long v[64]);
/* n values (n / dims points per dimension, dimension after dimension), then the offset advances */
curandStatus_t idxgen_sobol_generate(curandGenerator_t g, enum idxgen_sobol_kind k, void *out, size_t n,
				     double mean, double stddev);

/* curandStatus_t for a handle: NOT_INITIALIZED unless it is a live generator */
curandStatus_t idxgen_curand_check(curandGenerator_t g);

#endif
