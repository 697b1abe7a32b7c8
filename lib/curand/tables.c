/* SPDX-License-Identifier: MIT */
/*
 * The XORWOW and MRG32k3a skip-ahead tables of the host API: computed on
 * first use (idxgen_curand_core.h, tens of milliseconds) and constant
 * after.  The one piece of file-scope state of the library, and why: the
 * tables are a function of nothing (M^(2^i)), too large to keep per
 * generator (400 KB), and NVIDIA's library ships them as constants.
 */
#include <pthread.h>

#include "curand_internal.h"

static struct idxgen_xorwow_tables xorwow_tables;
static struct idxgen_mrg_tables mrg_tables;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void compute(void)
{
	idxgen_xorwow_tables_compute(&xorwow_tables);
	idxgen_mrg_tables_compute(&mrg_tables);
}

const struct idxgen_xorwow_tables *idxgen_curand_xorwow(void)
{
	pthread_once(&once, compute);
	return &xorwow_tables;
}

const struct idxgen_mrg_tables *idxgen_curand_mrg(void)
{
	pthread_once(&once, compute);
	return &mrg_tables;
}
