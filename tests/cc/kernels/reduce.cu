/* Sum of each block's elements: shared memory, barrier inside a uniform loop. */
#define BLOCK 256

__global__ void reduce(const int *in, int *out, int n)
{
	__shared__ int sdata[BLOCK];
	unsigned int tid = threadIdx.x;
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	sdata[tid] = i < (unsigned int)n ? in[i] : 0;
	__syncthreads();
	for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (tid < s)
			sdata[tid] += sdata[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = sdata[0];
}
