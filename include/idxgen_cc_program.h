/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_program.h - what the C++ that `idxgen-cc` writes for a whole
 * CUDA program includes first (lib/cc/README.md, "Whole programs"): the
 * CUDA runtime API and device functions of lib/cudart (nvcc includes
 * <cuda_runtime.h> implicitly, so do we), the thread loop helpers of the
 * block functions, and the built-in variables that __device__ functions
 * read.
 *
 * Inside a kernel's block function threadIdx, blockIdx, blockDim and
 * gridDim are locals (the fast path).  A __device__ function sees the
 * thread_local objects below instead; the block function of every kernel
 * of a file whose __device__ functions use them sets blockIdx & co. once
 * per block and threadIdx at the top of each thread-loop iteration.  They
 * are per file (static): a kernel and the __device__ functions it calls
 * are in one file, as without -rdc.
 */
#ifndef IDXGEN_CC_PROGRAM_H
#define IDXGEN_CC_PROGRAM_H

#ifndef __cplusplus
#error "idxgen_cc_program.h is for the C++ that idxgen-cc writes for whole programs"
#endif

#include <cuda_runtime.h>
#include <stdint.h>
#include <string.h>
#include <type_traits>
#include <idxgen_rt.h>
#include <idxgen_cc_warp.h>

#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
/* Marks of lib/cc/kernel_decls.c: the translator's parse only. */
#define __idxgen_hd_off
#define __idxgen_hd_on
#endif

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpass-failed"
#pragma clang diagnostic ignored "-Wc++20-designator"
#pragma clang diagnostic ignored "-Wunused-variable"
#define IDXGEN_CC_INDEPENDENT _Pragma("clang loop vectorize(assume_safety) interleave_count(1)")
#define IDXGEN_CC_SHORT_LOOP _Pragma("clang loop interleave_count(1)")
#else
#define IDXGEN_CC_INDEPENDENT _Pragma("GCC ivdep")
#define IDXGEN_CC_SHORT_LOOP
#endif

/* Is the block's index stream in x-fastest order (exactly; see idxgen_cc_kernel.h)? */
static inline int idxgen_cc_linear(const struct idxgen_rt_block *b)
{
	const uint16_t *px = b->tid_x, *py = b->tid_y, *pz = b->tid_z;
	const uint32_t bx = b->block_dim[0], by = b->block_dim[1], bz = b->block_dim[2];
	unsigned int bad = 0;

	for (uint32_t z = 0; z < bz; z++)
		for (uint32_t y = 0; y < by; y++, px += bx, py += bx, pz += bx)
			IDXGEN_CC_SHORT_LOOP
			for (uint32_t x = 0; x < bx; x++)
				bad |= (unsigned int)((uint16_t)(px[x] ^ (uint16_t)x) |
						      (uint16_t)(py[x] ^ (uint16_t)y) |
						      (uint16_t)(pz[x] ^ (uint16_t)z));
	return !bad;
}

/* Offsets in the private area of values of template-dependent types. */
constexpr size_t idxgen_cc_align(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

/* The built-in variables as __device__ functions see them (above). */
static thread_local uint3 threadIdx __attribute__((unused));
static thread_local uint3 blockIdx __attribute__((unused));
static thread_local dim3 blockDim __attribute__((unused));
static thread_local dim3 gridDim __attribute__((unused));
static const int warpSize __attribute__((unused)) = 32;

static inline void idxgen_cc_set_block(const struct idxgen_rt_block *b)
{
	blockIdx.x = b->block_idx[0], blockIdx.y = b->block_idx[1], blockIdx.z = b->block_idx[2];
	blockDim.x = b->block_dim[0], blockDim.y = b->block_dim[1], blockDim.z = b->block_dim[2];
	gridDim.x = b->grid_dim[0], gridDim.y = b->grid_dim[1], gridDim.z = b->grid_dim[2];
}

static inline void idxgen_cc_set_thread(unsigned int x, unsigned int y, unsigned int z)
{
	threadIdx.x = x, threadIdx.y = y, threadIdx.z = z;
}

/* Kernels run as fibers: __syncthreads() and the warp functions as suspensions. */
#include <idxgen_cc_fiber.h>

#endif
