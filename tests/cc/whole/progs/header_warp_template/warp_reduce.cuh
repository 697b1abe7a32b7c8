// Type-generic warp reductions in a header of the program, as reduction
// and sorting codes keep them apart from their kernels: each shuffle's
// value is of the template's type T, so the call stays unresolved until the
// kernel instantiates it.
#pragma once

template <typename T>
__device__ __forceinline__ T warp_reduce_sum(T v)
{
	for (int offset = warpSize / 2; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffffu, v, offset);
	return v;
}

template <typename T>
__device__ __forceinline__ T warp_reduce_max(T v)
{
	for (int offset = warpSize / 2; offset > 0; offset /= 2) {
		T other = __shfl_xor_sync(0xffffffffu, v, offset);
		v = other > v ? other : v;
	}
	return v;
}
