// expect: 6:3: error: __syncthreads() in divergent control flow
__global__ void k(int *d)
{
	int t = threadIdx.x;
	if (t < 16) {
		__syncthreads();
		d[t] = 0;
	}
}
