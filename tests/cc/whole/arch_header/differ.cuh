// A __device__ helper whose __CUDA_ARCH__ group takes another branch in
// nvcc's device pass than in its host pass: nvcc's kernels get the device
// branch (2 * v); a header compiled as written would give them the host's.
#pragma once

__device__ inline int scaled(int v)
{
#ifdef __CUDA_ARCH__
	return 2 * v;
#else
	return 3 * v;
#endif
}
