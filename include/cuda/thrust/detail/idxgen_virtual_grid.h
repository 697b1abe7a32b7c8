/* SPDX-License-Identifier: MIT */
/*
 * thrust/detail/idxgen_virtual_grid.h - the grid a device system's for_each
 * shows its elements (ours, not Thrust's; README "Functors see a grid").
 *
 * Why: nvcc compiles a __host__ __device__ functor twice and Thrust's CUDA
 * system runs the device pass's body, with the blockIdx/threadIdx of the
 * thread that handles the element.  Our device systems (TBB, OpenMP) run the
 * functor on host threads, where lib/cc's split body (cuda_arch.c,
 * idxgen_cc_device_view()) took the host branch: a generator seeded from its
 * thread index under __CUDA_ARCH__ made the same value for every element
 * (cuda-samples cdpQuadtree: 1024 equal points).
 *
 * The schedule: element k of a call over n elements runs as thread k % 256
 * of block k / 256 of a grid of ceil(n / 256) blocks of 256 threads, on its
 * own copy of the functor, with the device view on.  CUDA does not say how
 * Thrust maps elements to threads (its kernels may give one thread several
 * elements), so any assignment is one a GPU could have chosen; this one
 * gives each element its own thread, so state a functor keeps between
 * calls (a count stepped by the grid's size) starts afresh per element, as
 * in a thread that handles one element.  The indices are those of the
 * program file that instantiates the algorithm (idxgen_cc_program.h's
 * thread-local built-ins); the thread's own values come back at the end.
 * Without idxgen_cc_program.h (idxgen-cc's parse of the program) nothing.
 */
#pragma once

#ifdef IDXGEN_CC_PROGRAM_H
struct __idxgen_virtual_grid {
	bool __was_device;
	uint3 __tid, __bid;
	dim3 __bdim, __gdim;

	explicit __idxgen_virtual_grid(unsigned long long __n)
		: __was_device(idxgen_cc_on_device()), __tid(threadIdx), __bid(blockIdx), __bdim(blockDim),
		  __gdim(gridDim)
	{
		idxgen_cc_on_device() = true;
		blockDim = dim3(256, 1, 1);
		gridDim = dim3((unsigned)((__n + 255) / 256), 1, 1);
	}
	void __element(unsigned long long __k)
	{
		blockIdx.x = (unsigned)(__k / 256), blockIdx.y = 0, blockIdx.z = 0;
		threadIdx.x = (unsigned)(__k % 256), threadIdx.y = 0, threadIdx.z = 0;
	}
	~__idxgen_virtual_grid()
	{
		idxgen_cc_on_device() = __was_device;
		threadIdx = __tid, blockIdx = __bid, blockDim = __bdim, gridDim = __gdim;
	}
	__idxgen_virtual_grid(const __idxgen_virtual_grid &) = delete;
	__idxgen_virtual_grid &operator=(const __idxgen_virtual_grid &) = delete;
};
#else
struct __idxgen_virtual_grid {
	explicit __idxgen_virtual_grid(unsigned long long) {}
	void __element(unsigned long long) {}
};
#endif
