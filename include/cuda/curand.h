/* SPDX-License-Identifier: MIT */
/*
 * curand.h - cuRAND's host API (lib/curand, linked by -lcurand): generators
 * made with curandCreateGenerator(Host), seeded, offset, ordered, and the
 * curandGenerate* calls that fill device (one address space here) or host
 * memory.  C and C++, CUDA's names and status values; our own text.
 * lib/curand/README.md says which generators and orderings exist and how
 * their outputs relate to NVIDIA's.
 */
#ifndef IDXGEN_CURAND_H
#define IDXGEN_CURAND_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CURAND_H_

#include <stddef.h>

#include "cuda_runtime_api.h"
#include "library_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CURAND_VER_MAJOR 10
#define CURAND_VER_MINOR 3
#define CURAND_VER_PATCH 0
#define CURAND_VER_BUILD 0	/* ours: no NVIDIA build number to claim */
#define CURAND_VERSION (CURAND_VER_MAJOR * 1000 + CURAND_VER_MINOR * 100 + CURAND_VER_PATCH)

typedef enum curandStatus {
	CURAND_STATUS_SUCCESS = 0,
	CURAND_STATUS_VERSION_MISMATCH = 100,
	CURAND_STATUS_NOT_INITIALIZED = 101,
	CURAND_STATUS_ALLOCATION_FAILED = 102,
	CURAND_STATUS_TYPE_ERROR = 103,
	CURAND_STATUS_OUT_OF_RANGE = 104,
	CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
	CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
	CURAND_STATUS_LAUNCH_FAILURE = 201,
	CURAND_STATUS_PREEXISTING_FAILURE = 202,
	CURAND_STATUS_INITIALIZATION_FAILED = 203,
	CURAND_STATUS_ARCH_MISMATCH = 204,
	CURAND_STATUS_INTERNAL_ERROR = 999
} curandStatus_t;

typedef enum curandRngType {
	CURAND_RNG_TEST = 0,
	CURAND_RNG_PSEUDO_DEFAULT = 100,
	CURAND_RNG_PSEUDO_XORWOW = 101,
	CURAND_RNG_PSEUDO_MRG32K3A = 121,
	CURAND_RNG_PSEUDO_MTGP32 = 141,
	CURAND_RNG_PSEUDO_MT19937 = 142,
	CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
	CURAND_RNG_QUASI_DEFAULT = 200,
	CURAND_RNG_QUASI_SOBOL32 = 201,
	CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
	CURAND_RNG_QUASI_SOBOL64 = 203,
	CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
} curandRngType_t;

typedef enum curandOrdering {
	CURAND_ORDERING_PSEUDO_BEST = 100,
	CURAND_ORDERING_PSEUDO_DEFAULT = 101,
	CURAND_ORDERING_PSEUDO_SEEDED = 102,
	CURAND_ORDERING_PSEUDO_LEGACY = 103,
	CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
	CURAND_ORDERING_QUASI_DEFAULT = 201
} curandOrdering_t;

typedef struct curandGenerator_st *curandGenerator_t;

/* Sobol direction numbers for the device API's curand_init (curand_kernel.h) */
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
typedef enum curandDirectionVectorSet {
	CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
	CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
	CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
	CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
} curandDirectionVectorSet_t;

/*
 * Discrete distributions: curandCreatePoissonDistribution's table, drawn
 * from by curand_discrete (curand_kernel.h).  The struct is ours
 * (idxgen_curand_core.h); the other types are NVIDIA's names for its
 * internal tables, declared so that code naming them builds, used by
 * nothing here.
 */
typedef double curandDistribution_st;
typedef curandDistribution_st *curandDistribution_t;
typedef struct curandDistributionShift_st *curandDistributionShift_t;
typedef struct curandDistributionM2Shift_st *curandDistributionM2Shift_t;
typedef struct curandHistogramM2_st *curandHistogramM2_t;
typedef unsigned int curandHistogramM2K_st;
typedef curandHistogramM2K_st *curandHistogramM2K_t;
typedef curandDistribution_st curandHistogramM2V_st;
typedef curandHistogramM2V_st *curandHistogramM2V_t;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;

/* the methods curandGeneratePoissonMethod and curandGenerateBinomialMethod name (CUDA's values) */
typedef enum curandMethod {
	CURAND_CHOOSE_BEST = 0,
	CURAND_ITR = 1,
	CURAND_KNUTH = 2,
	CURAND_HITR = 3,
	CURAND_M1 = 4,
	CURAND_M2 = 5,
	CURAND_BINARY_SEARCH = 6,
	CURAND_DISCRETE_GAUSS = 7,
	CURAND_REJECTION = 8,
	CURAND_DEVICE_API = 9,
	CURAND_FAST_REJECTION = 10,
	CURAND_3RD = 11,
	CURAND_DEFINITION = 12,
	CURAND_POISSON = 13
} curandMethod_t;

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandGetVersion(int *version);
/* MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL: CURAND_VER_*; another type: CURAND_STATUS_OUT_OF_RANGE */
curandStatus_t curandGetProperty(libraryPropertyType type, int *value);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset);
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order);
curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int num_dimensions);
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *output_ptr, size_t num);
curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *output_ptr, size_t num);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *output_ptr, size_t num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *output_ptr, size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *output_ptr, size_t n, float mean,
				    float stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *output_ptr, size_t n,
					  double mean, double stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *output_ptr, size_t n, float mean,
				       float stddev);
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *output_ptr, size_t n,
					     double mean, double stddev);
curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *output_ptr, size_t n,
				     double lambda);
/*
 * The method names a way of drawing, not a distribution: every valid
 * curandMethod_t gives the numbers curandGeneratePoisson gives (an
 * unknown value: CURAND_STATUS_OUT_OF_RANGE).
 */
curandStatus_t curandGeneratePoissonMethod(curandGenerator_t generator, unsigned int *output_ptr, size_t n,
					   double lambda, curandMethod_t method);
/* num values of Binomial(n, p), 0 <= p <= 1 (else CURAND_STATUS_OUT_OF_RANGE); lib/curand/README.md */
curandStatus_t curandGenerateBinomial(curandGenerator_t generator, unsigned int *output_ptr, size_t num,
				      unsigned int n, double p);
curandStatus_t curandGenerateBinomialMethod(curandGenerator_t generator, unsigned int *output_ptr, size_t num,
					    unsigned int n, double p, curandMethod_t method);
/*
 * A Poisson(lambda) table for curand_discrete, 0 < lambda <= 400000 (else
 * CURAND_STATUS_OUT_OF_RANGE; NULL: CURAND_STATUS_NOT_INITIALIZED); exact
 * probabilities at every lambda (CUDA approximates above 2000).
 */
curandStatus_t curandCreatePoissonDistribution(double lambda, curandDiscreteDistribution_t *discrete_distribution);
curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t discrete_distribution);
curandStatus_t curandGenerateSeeds(curandGenerator_t generator);
/*
 * *vectors: the direction numbers of every dimension lib/curand has
 * (3667, Joe and Kuo's new-joe-kuo-6 as the host Sobol generator's), one
 * curandDirectionVectors32_t (64_t) each; the unscrambled sets only (the
 * scrambled ones: CURAND_STATUS_OUT_OF_RANGE).
 */
curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[], curandDirectionVectorSet_t set);
curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[], curandDirectionVectorSet_t set);
/*
 * One scramble constant per dimension (as many as the direction vectors)
 * for the scrambled Sobol states' curand_init.  Ours, not NVIDIA's
 * numbers: SplitMix64 of the dimension (lib/curand/scramble.c), so a
 * scrambled sequence differs from one printed on a GPU.
 */
curandStatus_t curandGetScrambleConstants32(unsigned int **constants);
curandStatus_t curandGetScrambleConstants64(unsigned long long **constants);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CURAND_H */
