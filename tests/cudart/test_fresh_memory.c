// SPDX-License-Identifier: MIT
/*
 * test_fresh_memory.c - memory the API hands out reads zero until written,
 * as a GPU's fresh device memory does (lib/cudart/README.md "One address
 * space").  Programs count on it without knowing: stef1927/cuda_exercises'
 * reduction cudaMalloc's its 64-bit accumulator and atomicAdds into it with
 * no cudaMemset, and printed 139981114761449 for 838843689 here after its
 * argument parser had freed strings into the C heap that the allocation
 * then recycled.
 *
 * The test does the same on purpose: it fills and frees host blocks of many
 * sizes (so that the heap holds chunks full of 0xA5 in every bin a small
 * allocation could be cut from), then asks each allocator for memory of
 * sizes around and above those, and reads every byte.  Large sizes (a huge
 * page and up) are also checked after a cudaFree of the same size, whose
 * pages held 0xA5.
 */
#define _GNU_SOURCE
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

#define MIB ((size_t)1 << 20)

/* Keeps the compiler from dropping a malloc/memset/free whose bytes nothing reads. */
static void escape(void *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

/* Host blocks of 16 bytes to 64 KiB, filled and freed: recycled chunks hold 0xA5. */
static void dirty_heap(void)
{
	enum { PER = 24 };
	void *blocks[PER];

	for (size_t size = 16; size <= 65536; size = size * 3 / 2 + 8) {
		for (int i = 0; i < PER; i++)
			if ((blocks[i] = malloc(size))) {
				memset(blocks[i], 0xA5, size);
				escape(blocks[i]);
			}
		for (int i = 0; i < PER; i++)
			free(blocks[i]);
	}
}

/* The offset of the first nonzero byte of [p, p + n), or -1. */
static long first_nonzero(const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		if (c[i])
			return (long)i;
	return -1;
}

typedef cudaError_t (*alloc_fn)(void **, size_t);
typedef cudaError_t (*free_fn)(void *);

static cudaError_t managed(void **p, size_t n)
{
	return cudaMallocManaged(p, n, cudaMemAttachGlobal);
}

static cudaError_t host_alloc(void **p, size_t n)
{
	return cudaHostAlloc(p, n, cudaHostAllocDefault);
}

static const struct allocator {
	const char *name;
	alloc_fn alloc;
	free_fn release;
} allocators[] = {
	{ "cudaMalloc", cudaMalloc, cudaFree },
	{ "cudaMallocManaged", managed, cudaFree },
	{ "cudaMallocHost", cudaMallocHost, cudaFreeHost },
	{ "cudaHostAlloc", host_alloc, cudaFreeHost },
};

TAP_TEST(small_sizes_after_a_dirty_heap)
{
	static const size_t sizes[] = { 1, 8, 100, 256, 300, 1000, 4096, 5000, 40000, 200000 };

	for (unsigned a = 0; a < sizeof(allocators) / sizeof(allocators[0]); a++) {
		const struct allocator *al = &allocators[a];
		long bad = -1;
		size_t at = 0;
		int ok = 1;

		for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]) && ok && bad < 0; i++) {
			void *p = NULL;

			dirty_heap();
			ok = al->alloc(&p, sizes[i]) == cudaSuccess;
			if (ok) {
				bad = first_nonzero(p, sizes[i]);
				at = sizes[i];
				ok = al->release(p) == cudaSuccess;
			}
		}
		if (bad >= 0)
			tap_diag("%s(%zu): first nonzero byte at %ld", al->name, at, bad);
		tap_ok(ok && bad < 0, "%s: 1 to 200000 bytes after freed host blocks of 0xA5 read zero", al->name);
	}
}

/* A huge page and more: a second allocation of the size just freed, whose bytes were 0xA5. */
TAP_TEST(large_sizes_after_a_free)
{
	static const size_t sizes[] = { 2 * MIB, 5 * MIB / 2 + 3, 24 * MIB };

	for (unsigned i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		void *p = NULL, *q = NULL;
		long bad = -1;
		int ok = cudaMalloc(&p, sizes[i]) == cudaSuccess && (uintptr_t)p % 256 == 0;

		if (ok) {
			bad = first_nonzero(p, sizes[i]);
			memset(p, 0xA5, sizes[i]);
			ok = cudaFree(p) == cudaSuccess && cudaMalloc(&q, sizes[i]) == cudaSuccess;
		}
		if (ok && bad < 0)
			bad = first_nonzero(q, sizes[i]);
		if (bad >= 0)
			tap_diag("cudaMalloc(%zu): first nonzero byte at %ld", sizes[i], bad);
		tap_ok(ok && bad < 0, "cudaMalloc(%zu), freed dirty, again: reads zero", sizes[i]);
		if (q)
			cudaFree(q);
	}
}

/*
 * A few MiB after the host freed a larger block: glibc then raises its mmap
 * threshold to that block's size, and blocks below it come from the heap,
 * recycled.
 */
TAP_TEST(large_sizes_after_a_dirty_heap)
{
	void *big = malloc(16 * MIB), *mid;
	void *p = NULL;
	long bad = -1;
	int ok;

	escape(big);
	free(big);	/* an mmapped block: the threshold rises to 16 MiB (at most 32) */
	mid = malloc(6 * MIB);
	if (mid)
		memset(mid, 0xA5, 6 * MIB);
	escape(mid);
	free(mid);
	ok = cudaMalloc(&p, 3 * MIB) == cudaSuccess;
	if (ok)
		bad = first_nonzero(p, 3 * MIB);
	if (bad >= 0)
		tap_diag("first nonzero byte at %ld", bad);
	tap_ok(ok && bad < 0 && cudaFree(p) == cudaSuccess,
	       "cudaMalloc(3 MiB) after the host freed 16 MiB, then 6 MiB of 0xA5: reads zero");
}

/* What the reduction does: a counter never cleared, atomically added to by a kernel's work. */
TAP_TEST(uncleared_counter)
{
	unsigned long long *d = NULL, h = 1;
	int ok;

	dirty_heap();
	ok = cudaMalloc((void **)&d, sizeof(*d)) == cudaSuccess &&
	     cudaMemcpy(&h, d, sizeof(h), cudaMemcpyDeviceToHost) == cudaSuccess;
	ok = ok && cudaFree(d) == cudaSuccess;
	tap_ok(ok && h == 0, "an 8-byte cudaMalloc after a dirty heap holds 0 (got %llu)", h);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
