/* Inclusive prefix sum of each block's segment (Hillis-Steele, double buffer in
 * dynamic shared memory: 2 * blockDim.x ints). */
__global__ void scan(const int *in, int *out, int n)
{
	extern __shared__ int buf[];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + tid;
	int pout = 0, pin = 1;

	buf[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (int off = 1; off < (int)blockDim.x; off *= 2) {
		pout = 1 - pout;
		pin = 1 - pout;
		if (tid >= off)
			buf[pout * blockDim.x + tid] = buf[pin * blockDim.x + tid] + buf[pin * blockDim.x + tid - off];
		else
			buf[pout * blockDim.x + tid] = buf[pin * blockDim.x + tid];
		__syncthreads();
	}
	if (i < n)
		out[i] = buf[pout * blockDim.x + tid];
}
