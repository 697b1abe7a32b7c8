// expect: 9:3: error: warp-level operation in divergent control flow is not supported
__global__ void k(int *d)
{
	int v = d[threadIdx.x];

	if (threadIdx.x < 16)
		v += 1;
	else
		v += __shfl_down_sync(0xffffffffu, v, 1);
	d[threadIdx.x] = v;
}
