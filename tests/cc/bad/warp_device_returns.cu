// expect: 4:7: error: warp-level function in __device__ function 'clipped' is not supported yet
__device__ int clipped(int v)
{
	v += __shfl_down_sync(0xffffffffu, v, 1);
	if (v > 100)
		return 100;
	return v;
}

__global__ void k(int *d)
{
	int v = clipped(d[threadIdx.x]);
	d[threadIdx.x] = v;
}
