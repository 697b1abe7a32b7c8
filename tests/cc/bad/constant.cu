// expect: 2:20: error: __constant__ memory is not supported
__constant__ float coef[16];

__global__ void k(float *d)
{
	d[threadIdx.x] = coef[threadIdx.x];
}
