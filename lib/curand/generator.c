/* SPDX-License-Identifier: MIT */
/* cuRAND host API: generators, their settings, the status of bad input. */
#include <stdlib.h>

#include "curand_internal.h"

curandStatus_t idxgen_curand_check(curandGenerator_t g)
{
	return g && g->magic == IDXGEN_CURAND_MAGIC ? CURAND_STATUS_SUCCESS : CURAND_STATUS_NOT_INITIALIZED;
}

static curandStatus_t create(curandGenerator_t *out, curandRngType_t type, int host)
{
	curandGenerator_t g;

	if (!out)
		return CURAND_STATUS_NOT_INITIALIZED;
	if (type == CURAND_RNG_PSEUDO_DEFAULT)
		type = CURAND_RNG_PSEUDO_XORWOW;
	if (type == CURAND_RNG_QUASI_DEFAULT)
		type = CURAND_RNG_QUASI_SOBOL32;
	/* MTGP32 and the scrambled Sobols: not here (README.md) */
	if (type != CURAND_RNG_PSEUDO_XORWOW && type != CURAND_RNG_PSEUDO_PHILOX4_32_10 &&
	    type != CURAND_RNG_PSEUDO_MRG32K3A && type != CURAND_RNG_PSEUDO_MT19937 && !idxgen_curand_is_sobol(type))
		return CURAND_STATUS_TYPE_ERROR;
	g = calloc(1, sizeof(*g));
	if (!g)
		return CURAND_STATUS_ALLOCATION_FAILED;
	g->magic = IDXGEN_CURAND_MAGIC;
	g->type = type;
	g->ordering = idxgen_curand_is_sobol(type) ? CURAND_ORDERING_QUASI_DEFAULT : CURAND_ORDERING_PSEUDO_DEFAULT;
	g->dims = 1;
	g->seed = 0;	/* cuRAND's default seed */
	g->host = host;
	*out = g;
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type)
{
	return create(generator, rng_type, 0);
}

curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type)
{
	return create(generator, rng_type, 1);
}

curandStatus_t curandDestroyGenerator(curandGenerator_t g)
{
	curandStatus_t st = idxgen_curand_check(g);

	if (st)
		return st;
	g->magic = 0;
	idxgen_curand_captured_free(g);
	free(g);
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetVersion(int *version)
{
	if (!version)
		return CURAND_STATUS_OUT_OF_RANGE;
	*version = CURAND_VERSION;
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGetProperty(libraryPropertyType type, int *value)
{
	if (!value)
		return CURAND_STATUS_OUT_OF_RANGE;
	switch (type) {
	case MAJOR_VERSION:
		*value = CURAND_VER_MAJOR;
		return CURAND_STATUS_SUCCESS;
	case MINOR_VERSION:
		*value = CURAND_VER_MINOR;
		return CURAND_STATUS_SUCCESS;
	case PATCH_LEVEL:
		*value = CURAND_VER_PATCH;
		return CURAND_STATUS_SUCCESS;
	}
	return CURAND_STATUS_OUT_OF_RANGE;
}

curandStatus_t curandSetStream(curandGenerator_t g, cudaStream_t stream)
{
	curandStatus_t st = idxgen_curand_check(g);

	if (!st)
		g->stream = stream;	/* the calls are synchronous: every stream's work is done */
	return st;
}

curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t g, unsigned long long seed)
{
	curandStatus_t st = idxgen_curand_check(g);

	if (!st && idxgen_curand_is_sobol(g->type))
		return CURAND_STATUS_TYPE_ERROR;	/* no seed to a quasi-random generator */
	if (!st)
		g->seed = seed;	/* the offset stays where it is */
	return st;
}

curandStatus_t curandSetGeneratorOffset(curandGenerator_t g, unsigned long long offset)
{
	curandStatus_t st = idxgen_curand_check(g);

	if (!st)
		g->offset = offset;	/* absolute: where the next call starts */
	return st;
}

curandStatus_t curandSetGeneratorOrdering(curandGenerator_t g, curandOrdering_t order)
{
	curandStatus_t st = idxgen_curand_check(g);

	if (st)
		return st;
	if (idxgen_curand_is_sobol(g->type)) {
		if (order != CURAND_ORDERING_QUASI_DEFAULT)
			return CURAND_STATUS_OUT_OF_RANGE;
		g->ordering = order;
		return CURAND_STATUS_SUCCESS;
	}
	/* the orderings whose layout we know (README.md); SEEDED and DYNAMIC are not */
	if (order != CURAND_ORDERING_PSEUDO_DEFAULT && order != CURAND_ORDERING_PSEUDO_BEST &&
	    order != CURAND_ORDERING_PSEUDO_LEGACY)
		return CURAND_STATUS_OUT_OF_RANGE;
	g->ordering = order;
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t g, unsigned int num_dimensions)
{
	curandStatus_t st = idxgen_curand_check(g);

	if (st)
		return st;
	if (!idxgen_curand_is_sobol(g->type))
		return CURAND_STATUS_TYPE_ERROR;
	/* cuRAND takes 1..20000; Boost's table (sobol-table.awk) stops earlier: README.md */
	if (num_dimensions < 1 || num_dimensions > idxgen_sobol_max_dims())
		return CURAND_STATUS_OUT_OF_RANGE;
	g->dims = num_dimensions;
	return CURAND_STATUS_SUCCESS;
}

curandStatus_t curandGenerateSeeds(curandGenerator_t g)
{
	return idxgen_curand_check(g);	/* states are made per call: nothing to prepare */
}
