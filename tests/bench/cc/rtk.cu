/* The CUDA sources that tests/rt/kernels.h hand-writes in the runtime's
 * kernel ABI, word for word, so that the benchmark compares idxgen-cc's
 * translation with the hand-written form (prefix cc_ on the names). */
#define T 16

__global__ void cc_vadd(const float *a, const float *b, float *c, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

__global__ void cc_reduce(const int *in, int *out, unsigned n)
{
	extern __shared__ int s[];
	unsigned tx = threadIdx.x, i = blockIdx.x * blockDim.x + tx;
	s[tx] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tx < k)
			s[tx] += s[tx + k];
		__syncthreads();
	}
	if (tx == 0)
		out[blockIdx.x] = s[0];
}

__global__ void cc_matmul(const float *A, const float *B, float *C, unsigned n)
{
	__shared__ float As[T][T];
	__shared__ float Bs[T][T];
	unsigned tx = threadIdx.x, ty = threadIdx.y;
	unsigned row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
	float acc = 0;
	for (unsigned m = 0; m < n / T; m++) {
		As[ty][tx] = A[row * n + m * T + tx];
		Bs[ty][tx] = B[(m * T + ty) * n + col];
		__syncthreads();
		for (unsigned k = 0; k < T; k++)
			acc += As[ty][k] * Bs[k][tx];
		__syncthreads();
	}
	C[row * n + col] = acc;
}

__global__ void cc_stencil(const float *in, float *out, unsigned nx, unsigned ny, unsigned nz)
{
	unsigned x = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned y = blockIdx.y * blockDim.y + threadIdx.y;
	unsigned z = blockIdx.z * blockDim.z + threadIdx.z;
	if (x >= nx || y >= ny || z >= nz)
		return;
	size_t i = ((size_t)z * ny + y) * nx + x;
	if (x == 0 || y == 0 || z == 0 || x == nx - 1 || y == ny - 1 || z == nz - 1)
		out[i] = in[i];
	else
		out[i] = 0.4f * in[i] + 0.1f * (in[i - 1] + in[i + 1] + in[i - nx] + in[i + nx]
			 + in[i - nx * ny] + in[i + nx * ny]);
}
