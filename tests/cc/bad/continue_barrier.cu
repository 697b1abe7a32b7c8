// expect: 7:4: error: continue in a loop that contains __syncthreads() is not supported
__global__ void k(int *d, int n)
{
	__shared__ int s[64];
	for (int i = 0; i < n; i++) {
		if (d[i] == 0)
			continue;
		s[threadIdx.x] = i;
		__syncthreads();
	}
	d[threadIdx.x] = s[threadIdx.x];
}
