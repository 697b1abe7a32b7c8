// A kernel in a header that includes its neighbour as
// "include_path_nested/lanes.cuh": not beside this file (that would be
// include_path_nested/include_path_nested/lanes.cuh) but on the include
// path, as HeCBench warpsort's cuda/RegisterUtils.cuh includes
// "cuda/CudaUtils.cuh" by -I.
#pragma once
#include "include_path_nested/lanes.cuh"

__global__ void warp_totals(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int s = warp_sum(i < n ? in[i] : 0);

	if (lane_id() == 0)
		out[i / 32] = s;
}
