// expect: 4:7: error: warp-level function in __device__ function 'warp_sum' is not supported yet
__device__ int warp_sum(int v)
{
	v += __shfl_down_sync(0xffffffffu, v, 16);
	return v;
}

__global__ void k(int *d)
{
	d[threadIdx.x] = warp_sum(d[threadIdx.x]);
}
