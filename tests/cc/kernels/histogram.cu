/* 256-bin histogram: per-block bins in shared memory, merged with global atomics. */
__global__ void histogram(const unsigned char *data, unsigned int *bins, int n)
{
	__shared__ unsigned int local[256];
	int tid = threadIdx.x;

	for (int b = tid; b < 256; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&local[data[i]], 1u);
	__syncthreads();
	for (int b = tid; b < 256; b += blockDim.x)
		if (local[b])
			atomicAdd(&bins[b], local[b]);
}
