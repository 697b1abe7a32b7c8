// expect: 4:9: error: 'threadIdx' in __device__ function 'f' is not supported
__device__ int f(void)
{
	return threadIdx.x;
}

__global__ void k(int *d)
{
	d[0] = f();
}
