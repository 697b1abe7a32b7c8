// SPDX-License-Identifier: MIT
/*
 * driver_proc.c - driver functions by name: cuGetProcAddress, and the
 * runtime's cudaGetDriverEntryPoint(ByVersion) (driver.c) through
 * cudart_driver_entry.  Every function cuda.h declares is in the table
 * (driver_entries.h, checked against cuda.h by
 * tests/cudart/driver_entries.py).  A name CUDA changed the signature of
 * in 12.x is the newer form from that version on, as CUDA's versioned
 * lookup does (cuMemAdvise at 12020 and later is the form with a location,
 * our cuMemAdvise_v2); the per-thread default-stream forms are the same
 * functions (default streams: streams.c).
 */
#include <string.h>

#include "driver_int.h"

static const struct {
	const char *name;
	void (*fn)(void);
} entries[] = {
#define DRIVER_ENTRY(f) { #f, (void (*)(void))f },
#include "driver_entries.h"
#undef DRIVER_ENTRY
};

/* From CUDA version `since`, `name` means the form we call `as`. */
static const struct {
	const char *name, *as;
	int since;
} newer_forms[] = {
	{ "cuMemAdvise", "cuMemAdvise_v2", 12020 },
	{ "cuMemPrefetchAsync", "cuMemPrefetchAsync_v2", 12020 },
	{ "cuGraphAddDependencies", "cuGraphAddDependencies_v2", 12030 },
	{ "cuGraphRemoveDependencies", "cuGraphRemoveDependencies_v2", 12030 },
	{ "cuGraphGetEdges", "cuGraphGetEdges_v2", 12030 },
	{ "cuGraphNodeGetDependencies", "cuGraphNodeGetDependencies_v2", 12030 },
	{ "cuGraphNodeGetDependentNodes", "cuGraphNodeGetDependentNodes_v2", 12030 },
	{ "cuGraphAddNode", "cuGraphAddNode_v2", 12030 },
	{ "cuStreamGetCaptureInfo", "cuStreamGetCaptureInfo_v3", 12030 },
	{ "cuStreamUpdateCaptureDependencies", "cuStreamUpdateCaptureDependencies_v2", 12030 },
	{ "cuCtxCreate", "cuCtxCreate_v4", 12050 },
};

void (*cudart_driver_entry(const char *name, int version))(void)
{
	for (size_t i = 0; i < sizeof(newer_forms) / sizeof(newer_forms[0]); i++)
		if (version >= newer_forms[i].since && !strcmp(name, newer_forms[i].name))
			name = newer_forms[i].as;
	for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++)
		if (!strcmp(name, entries[i].name))
			return entries[i].fn;
	return NULL;
}

CUresult cuGetProcAddress(const char *symbol, void **pfn, int version, cuuint64_t flags,
			  CUdriverProcAddressQueryResult *status)
{
	void (*fn)(void);

	if (!symbol || !pfn || version <= 0 ||
	    (flags & ~(cuuint64_t)(CU_GET_PROC_ADDRESS_LEGACY_STREAM | CU_GET_PROC_ADDRESS_PER_THREAD_DEFAULT_STREAM)))
		return CUDA_ERROR_INVALID_VALUE;
	fn = cudart_driver_entry(symbol, version);
	*pfn = (void *)fn;
	if (status)
		*status = fn ? CU_GET_PROC_ADDRESS_SUCCESS : CU_GET_PROC_ADDRESS_SYMBOL_NOT_FOUND;
	return fn ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
}
