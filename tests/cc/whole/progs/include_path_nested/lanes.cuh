// Warp helpers, included by include_path_nested.cu and again by reduce.cuh
// by a name that only the include path (the .cu's folder) answers.
#pragma once

template <typename T>
__device__ __forceinline__ T warp_sum(T v)
{
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_xor_sync(0xffffffffu, v, off);
	return v;
}

__device__ __forceinline__ int lane_id() { return threadIdx.x % 32; }
