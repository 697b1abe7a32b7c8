// expect: 6:7: error: a warp-level function inside a macro expansion is not supported
#define DOWN(v, o) __shfl_down_sync(0xffffffffu, v, o)
__global__ void k(int *d)
{
	int v = d[threadIdx.x];
	v += DOWN(v, 1);
	d[threadIdx.x] = v;
}
