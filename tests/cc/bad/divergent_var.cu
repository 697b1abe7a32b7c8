// expect: 7:3: error: __syncthreads() in divergent control flow
__global__ void k(int *d, int n)
{
	int m = n;
	if (threadIdx.x & 1) m = 0;
	while (m > 0) {
		__syncthreads();
		m--;
	}
	d[0] = 1;
}
