/* SPDX-License-Identifier: MIT */
/*
 * cub/idxgen_collective.cuh - what CUB's block and warp primitives
 * (cub/block/, cub/warp/) share in idxgen's CUB: a thread's linear id
 * and lane, raw temporary storage, the "private" storage of a primitive
 * built without TempStorage, and one warp rendezvous that hands every lane
 * the operands of the lanes of its logical warp.
 *
 * These primitives are class templates whose member functions every thread
 * of a block (or warp) calls together, with __syncthreads() inside.  A
 * kernel that names one runs as fibers (idxgen-cc: lib/cc/fiber_plan.c
 * recognises declarations of cub/block/ and cub/warp/), each CUDA thread a
 * coroutine: a barrier here suspends the calling thread until the block has
 * arrived, as on a GPU.  Algorithms are the simplest faithful ones (a
 * thread writes its part into the temporary storage, a barrier, one thread
 * or each thread reads what it needs); results are CUB's, the order in
 * which a floating-point reduction adds may differ (CUB leaves it open).
 */
#pragma once
#ifndef __cplusplus
#error "CUB is C++"
#endif

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <cuda_runtime.h>
#ifndef __IDXGEN_CC__
#include <idxgen_cc_program.h>	/* the fibers' warp operations (idxgen_cc_fiber.h) */
#endif

namespace cub {

enum { WARP_THREADS = 32 };

namespace detail {

/* The linear id of the calling thread in a block of the given shape (CUB's RowMajorTid). */
__device__ inline int linear_tid(int dim_x, int dim_y, int dim_z)
{
	return (dim_z == 1 ? 0 : (int)threadIdx.z * dim_x * dim_y) + (dim_y == 1 ? 0 : (int)threadIdx.y * dim_x) +
	       (int)threadIdx.x;
}

/* The tile index of item j of thread `tid` in a blocked, striped or warp-striped arrangement. */
__device__ inline int blocked_index(int tid, int items, int j)
{
	return tid * items + j;
}
__device__ inline int striped_index(int tid, int threads, int j)
{
	return tid + j * threads;
}
__device__ inline int warp_striped_index(int tid, int items, int j)
{
	int warp_base = (tid / 32) * 32 * items;

	return warp_base + tid % 32 + j * 32;
}

/* The calling thread's lane in its warp: 32 consecutive linear ids of the block, as CUDA's. */
__device__ inline unsigned int lane_id()
{
	return (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y) % 32u;
}

/* The items of BlockLoad<T>/BlockStore<T>: T, or what T points to (CUB < 1.9 named the iterator). */
template <typename _Tp>
struct item_type {
	typedef typename std::conditional<std::is_pointer<_Tp>::value,
					  typename std::remove_cv<typename std::remove_pointer<_Tp>::type>::type, _Tp>::type type;
};

/* Storage for n values of T, left unconstructed (CUB's Uninitialized): fits in a __shared__ union. */
template <typename _Tp, int _Np>
struct RawStorage {
	alignas(_Tp) unsigned char bytes[sizeof(_Tp) * (_Np > 0 ? _Np : 1)];
	__device__ _Tp *at()
	{
		return reinterpret_cast<_Tp *>(bytes);
	}
};

/*
 * A primitive made without TempStorage uses storage private to its type,
 * shared by the block as CUB's __shared__ static: a function-local
 * thread_local, since a block's fibers share their worker thread and the
 * worker runs its blocks one after another (the model of __shared__ in
 * lib/cc/README.md).
 */
template <typename Storage>
__device__ inline Storage &private_storage()
{
	static thread_local Storage s;
	return s;
}

/* The lanes of the calling lane's logical warp of `width` threads (CUB: 1..32). */
__device__ inline unsigned int logical_warp_mask(unsigned int lane, int width)
{
	unsigned int base = lane - lane % (unsigned int)width;
	unsigned int n = (unsigned int)width;

	if (base + n > 32)
		n = 32 - base;
	return (n >= 32 ? 0xffffffffu : ((1u << n) - 1)) << base;
}

/*
 * Warp rendezvous: every lane of mask deposits the address of its operand,
 * and at the instant the last lane arrives each lane's result is computed
 * from all of them (`Fn::run(ops, present, lane, arg, out)`: ops.op[i] the
 * operand of lane i of the physical warp, NULL for a lane that did not
 * come; arg and out the calling lane's own).  The fibers are all suspended
 * then, so the operands on their stacks are alive.
 */
template <typename _Tp>
struct WarpOperands {
	const _Tp *op[32];
};

#ifdef __IDXGEN_CC__
/* idxgen-cc's own parse of the program: a declaration is enough (kernels using it run as fibers). */
template <typename Fn, typename _Tp, typename Arg, typename _Rp>
__device__ void warp_rendezvous(unsigned int mask, const _Tp &mine, const Arg &arg, _Rp &out);
#else
template <typename Fn, typename _Tp, typename Arg, typename _Rp>
static void warp_rendezvous_fn(const void *slots, uint32_t present, uint32_t lane, const void *arg, void *out)
{
	WarpOperands<_Tp> ops;

	for (uint32_t l = 0; l < 32; l++) {
		ops.op[l] = nullptr;
		if (present >> l & 1)
			std::memcpy(&ops.op[l], (const char *)slots + l * __IDXGEN_FIBER_SLOT, sizeof(ops.op[l]));
	}
	Fn::run(ops, present, lane, *(const Arg *)arg, *(_Rp *)out);
}

template <typename Fn, typename _Tp, typename Arg, typename _Rp>
__device__ inline void warp_rendezvous(unsigned int mask, const _Tp &mine, const Arg &arg, _Rp &out)
{
	const _Tp *p = &mine;

	__idxgen_fiber_warp(mask, &p, sizeof(p), warp_rendezvous_fn<Fn, _Tp, Arg, _Rp>, &arg, &out);
	__idxgen_cc_fiber_tid();
}
#endif

/*
 * What BlockDiscontinuity and BlockAdjacentDifference share: the
 * TempStorage of each thread's first and last items, which share() writes
 * (then a barrier) for the neighbouring threads to read.  Owner, the class
 * deriving from this, makes each class's TempStorage (and the private
 * storage of one made without it) its own type: two of these classes used
 * one after the other without a barrier must not share storage.
 */
template <typename Owner, typename _Tp, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
class BlockNeighbours
{
      protected:
	enum { BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z };
	struct _TempStorage {
		RawStorage<_Tp, BLOCK_THREADS> first, last;
	};

      public:
	struct TempStorage : _TempStorage {
	};

      protected:
	_TempStorage &s;
	int tid;

	__device__ BlockNeighbours() : s(private_storage<TempStorage>()), tid(linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	__device__ BlockNeighbours(TempStorage &temp_storage)
		: s(temp_storage), tid(linear_tid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
	{
	}
	template <int _Np>
	__device__ void share(_Tp (&input)[_Np])
	{
		s.first.at()[tid] = input[0];
		s.last.at()[tid] = input[_Np - 1];
		__syncthreads();
	}
};

} // namespace detail

/* CUB's small utilities that kernels call. */
__device__ inline unsigned int LaneId()
{
	return detail::lane_id();
}
__device__ inline void CTA_SYNC()
{
	__syncthreads();
}
__device__ inline void WARP_SYNC(unsigned int member_mask)
{
	__syncwarp(member_mask);
}

} // namespace cub
