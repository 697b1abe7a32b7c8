// expect: 8:18: error: the condition of a loop or branch containing __syncthreads() reads memory after a return: not supported
__global__ void k(const int *len, int *d, int nblocks)
{
	__shared__ int s[64];
	if (blockIdx.x >= (unsigned int)nblocks)
		return;
	s[threadIdx.x] = 0;
	for (int i = 0; i < len[blockIdx.x]; i++) {
		s[threadIdx.x] += i;
		__syncthreads();
	}
	d[blockIdx.x * blockDim.x + threadIdx.x] = s[threadIdx.x];
}
