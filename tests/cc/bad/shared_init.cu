// expect: 4:17: error: __shared__ variables cannot have an initializer
__global__ void k(int *d)
{
	__shared__ int s = 3;
	d[threadIdx.x] = s;
}
