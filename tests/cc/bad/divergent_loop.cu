// expect: 5:3: error: __syncthreads() in divergent control flow
__global__ void k(int *d)
{
	for (int i = 0; i < (int)threadIdx.x; i++)
		__syncthreads();
	d[0] = 1;
}
