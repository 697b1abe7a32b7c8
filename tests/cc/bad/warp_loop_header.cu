// expect: 6:9: error: a warp-level function in the header of a loop is lowered in whole programs only
__global__ void k(int *d)
{
	int i = threadIdx.x;

	while (__any_sync(0xffffffffu, d[i] > 0))
		d[i]--;
}
