// expect: 4:30: error: a warp-level function in a declaration of several variables is not supported
__global__ void k(int *d)
{
	int a = d[threadIdx.x], b = __shfl_sync(0xffffffffu, a, 0);
	d[threadIdx.x] = b;
}
