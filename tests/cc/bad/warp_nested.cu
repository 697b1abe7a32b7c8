// expect: 4:60: error: a warp-level function in the argument of another one is not supported
__global__ void k(int *d)
{
	d[threadIdx.x] = __shfl_sync(0xffffffffu, d[threadIdx.x], __shfl_xor_sync(0xffffffffu, 3, 1));
}
