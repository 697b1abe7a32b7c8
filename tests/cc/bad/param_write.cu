// expect: 6:2: error: kernel parameter 'n' is assigned
__global__ void k(int *d, int n)
{
	__shared__ int s[64];
	s[threadIdx.x] = n;
	n = 3;
	__syncthreads();
	d[threadIdx.x] = s[threadIdx.x] + n;
}
