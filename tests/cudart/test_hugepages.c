// SPDX-License-Identifier: MIT
/*
 * test_hugepages.c - device, managed and pinned allocations of a huge page
 * or more are asked of the kernel as transparent huge pages (issue 40:
 * whole programs spent a quarter of their time faulting in the 4 KiB pages
 * of the buffers cudaMemcpy fills; lib/cudart/README.md "Memory").
 *
 * The kernel's own account is the reference: the mapping holding the
 * allocation shows the `hg` flag (MADV_HUGEPAGE) in /proc/self/smaps.  No
 * timing: whether the kernel then finds huge pages is its business.  The
 * memory must stay plain memory: written, copied back and freed.
 */
#define _GNU_SOURCE
#include <cuda_runtime.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tap.h"

#define MIB (1u << 20)

/* 1 when the mapping containing p carries VmFlags `hg`, 0 when it does
 * not, -1 when /proc/self/smaps has no mapping containing p. */
static int mapping_has_hg(const void *p)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	uintptr_t a = (uintptr_t)p, lo, hi;
	char line[512];
	int inside = 0, found = -1;

	if (!f)
		return -1;
	while (found < 0 && fgets(line, sizeof(line), f)) {
		/* a mapping's first line: "lo-hi perms ..."; the others start with a name */
		if (sscanf(line, "%" SCNxPTR "-%" SCNxPTR " ", &lo, &hi) == 2)
			inside = lo <= a && a < hi;
		else if (inside && !strncmp(line, "VmFlags:", 8))
			found = strstr(line, " hg") != NULL;
	}
	fclose(f);
	return found;
}

/* Fills the allocation through cudaMemcpy and reads it back. */
static int round_trip(void *d, size_t size)
{
	unsigned char *h = malloc(size), *back = malloc(size);
	int ok = h && back;

	for (size_t i = 0; ok && i < size; i++)
		h[i] = (unsigned char)(i * 7 + i / 4096);
	ok = ok && cudaMemcpy(d, h, size, cudaMemcpyHostToDevice) == cudaSuccess &&
	     cudaMemcpy(back, d, size, cudaMemcpyDeviceToHost) == cudaSuccess &&
	     !memcmp(h, back, size);
	free(h);
	free(back);
	return ok;
}

static void check_alloc(const char *what, void *p, cudaError_t err, size_t size)
{
	int hg = err == cudaSuccess ? mapping_has_hg(p) : -1;

	tap_ok(err == cudaSuccess && (uintptr_t)p % 256 == 0, "%s(%zu): %s, 256-byte aligned", what,
	       size, cudaGetErrorName(err));
	tap_ok(hg == 1, "%s(%zu): its mapping asks for huge pages (smaps hg: %d)", what, size, hg);
	tap_ok(err == cudaSuccess && round_trip(p, size), "%s(%zu): bytes copied in and back", what,
	       size);
}

TAP_TEST(device)
{
	static const size_t sizes[] = { 2 * MIB, 5 * MIB / 2, 64 * MIB + 3 };

	for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		void *p = NULL;

		check_alloc("cudaMalloc", p, cudaMalloc(&p, sizes[i]), sizes[i]);
		tap_ok(cudaFree(p) == cudaSuccess, "cudaFree(%zu)", sizes[i]);
	}
}

TAP_TEST(managed_and_host)
{
	void *m = NULL, *h = NULL;

	check_alloc("cudaMallocManaged", m, cudaMallocManaged(&m, 3 * MIB, cudaMemAttachGlobal),
		    3 * MIB);
	check_alloc("cudaMallocHost", h, cudaMallocHost(&h, 3 * MIB), 3 * MIB);
	tap_ok(cudaFree(m) == cudaSuccess && cudaFreeHost(h) == cudaSuccess, "freed");
}

/* Small allocations keep the 256-byte alignment and stay usable; whether
 * their mapping is huge is not asked (they share the heap). */
TAP_TEST(small)
{
	void *p = NULL;
	cudaError_t err = cudaMalloc(&p, 4096);

	tap_ok(err == cudaSuccess && (uintptr_t)p % 256 == 0 && round_trip(p, 4096) &&
		       cudaFree(p) == cudaSuccess,
	       "cudaMalloc(4096): %s, aligned, copied, freed", cudaGetErrorName(err));
}

int main(int argc, char **argv)
{
	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	if (access("/sys/kernel/mm/transparent_hugepage", F_OK)) {
		/* a kernel built without THP: madvise has nothing to mark */
		tap_skip("kernel without transparent huge pages", "huge page mappings");
		return tap_done();
	}
	return tap_main(argc, argv);
}
