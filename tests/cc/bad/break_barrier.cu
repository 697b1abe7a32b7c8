// expect: 8:4: error: break out of a loop that contains __syncthreads() is not supported
__global__ void k(int *d, int n)
{
	__shared__ int s[64];
	for (int i = 0; i < n; i++) {
		s[threadIdx.x] = i;
		if (d[0] == i)
			break;
		__syncthreads();
	}
	d[threadIdx.x] = s[threadIdx.x];
}
