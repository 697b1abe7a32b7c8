// expect: 6:2: error: kernel parameter 'n' is assigned by code that runs per thread
__global__ void k(int *d, int n)
{
	__shared__ int s[64];
	s[threadIdx.x] = n;
	if (threadIdx.x == 0)
		n = 3;
	__syncthreads();
	d[threadIdx.x] = s[threadIdx.x] + n;
}
