// Included into an extern "C" block by old_dialect.cu: a kernel with a barrier.
__global__ void twice(float *a, int n)
{
	__shared__ float s[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = i < n ? a[i] : 0.f;
	__syncthreads();
	if (i < n)
		a[i] = 2.f * s[threadIdx.x];
}
