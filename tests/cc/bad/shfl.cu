// expect: 5:7: error: warp intrinsic '__shfl_down_sync' is not supported
__global__ void k(int *d)
{
	int v = d[threadIdx.x];
	v += __shfl_down_sync(0xffffffffu, v, 1);
	d[threadIdx.x] = v;
}
