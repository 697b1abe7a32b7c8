/* SPDX-License-Identifier: MIT */
/* lib/curand's internal interface: the generator object and its helpers. */
#ifndef IDXGEN_CURAND_INTERNAL_H
#define IDXGEN_CURAND_INTERNAL_H

#include <curand.h>
#include <idxgen_curand_core.h>

#define IDXGEN_CURAND_MAGIC 0x63726e64u	/* "crnd": a live generator */

struct curandGenerator_st {
	unsigned int magic;
	curandRngType_t type;	/* XORWOW, PHILOX4_32_10, MRG32K3A, MT19937, QUASI_SOBOL32 or QUASI_SOBOL64 */
	curandOrdering_t ordering;
	unsigned long long seed;
	unsigned long long offset;	/* items already generated, plus the user's offset (Sobol: points per dimension) */
	unsigned int dims;	/* Sobol's dimensions (1 until curandSetQuasiRandomGeneratorDimensions) */
	int host;	/* made by curandCreateGeneratorHost (one address space: no difference) */
	cudaStream_t stream;
	struct idxgen_curand_captured *captured;	/* calls recorded into graphs (capture.c) */
};

/* what a curandGenerate* call asks for: run at once, or kept in a graph's node (capture.c) */
enum idxgen_curand_kind {
	CURAND_CALL_WORDS,
	CURAND_CALL_WORDS64,	/* curandGenerateLongLong: Sobol64 only */
	CURAND_CALL_UNIFORM,
	CURAND_CALL_UNIFORM_DOUBLE,
	CURAND_CALL_NORMAL,
	CURAND_CALL_NORMAL_DOUBLE,
	CURAND_CALL_LOG_NORMAL,
	CURAND_CALL_LOG_NORMAL_DOUBLE,
	CURAND_CALL_POISSON,
	CURAND_CALL_BINOMIAL,	/* p in mean, n in stddev */
};
struct idxgen_curand_call {
	enum idxgen_curand_kind kind;
	void *out;
	size_t n;
	double mean, stddev;	/* Poisson: lambda in mean; float calls' values exactly */
};
/* a checked call's numbers, from the generator's offset, which then advances by n (generate.c) */
curandStatus_t idxgen_curand_run(curandGenerator_t g, const struct idxgen_curand_call *c);

/* the generator's stream (capture.c): being captured, not, or refused (the legacy stream during a capture) */
enum idxgen_curand_stream { CURAND_STREAM_RUNS, CURAND_STREAM_CAPTURING, CURAND_STREAM_REFUSED };
enum idxgen_curand_stream idxgen_curand_capturing(curandGenerator_t g);
/* a call run at once waits for its stream's queued work first (LAUNCH_FAILURE: the stream's error) */
curandStatus_t idxgen_curand_wait(curandGenerator_t g);
/* the call as a host-function node of the graph being captured; runs at each launch */
curandStatus_t idxgen_curand_capture(curandGenerator_t g, const struct idxgen_curand_call *c);
/* curandDestroyGenerator: the records go (a generator must outlive its graphs, as in CUDA) */
void idxgen_curand_captured_free(curandGenerator_t g);

/* a Binomial(n, p) draw from uniform doubles in (0, 1] (binomial.c) */
unsigned int idxgen_curand_binomial_draw(void *st, double (*ud)(void *), unsigned int n, double p);

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

/* a Sobol generator (32 or 64 bits): quasi-random, no seed, dimensions */
static inline int idxgen_curand_is_sobol(curandRngType_t t)
{
	return t == CURAND_RNG_QUASI_SOBOL32 || t == CURAND_RNG_QUASI_SOBOL64;
}

/* Sobol32 and Sobol64 (sobol.c): what a curandGenerate* call makes of each point */
enum idxgen_sobol_kind {
	SOBOL_WORD,
	SOBOL_WORD64,
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
