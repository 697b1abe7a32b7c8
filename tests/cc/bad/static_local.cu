// expect: 4:13: error: static local variables are not supported in device code
__global__ void k(int *d)
{
	static int calls;
	d[threadIdx.x] = calls;
}
