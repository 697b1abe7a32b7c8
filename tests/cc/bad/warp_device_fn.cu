// expect: 10:23: error: a call of a __device__ function with warp operations must be a statement of its own
__device__ int warp_sum(int v)
{
	v += __shfl_down_sync(0xffffffffu, v, 16);
	return v;
}

__global__ void k(int *d)
{
	d[threadIdx.x] = 1 + warp_sum(d[threadIdx.x]);
}
