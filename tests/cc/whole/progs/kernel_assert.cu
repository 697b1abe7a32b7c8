// A device-side assert() in the kernel itself, as public code checks its
// inputs: on CUDA the message names the kernel as the source declares it,
// "FILE:LINE: void stencil::smooth(const float *, float *, int): block:
// [1,0,0], thread: [3,0,0] Assertion `...` failed.", and the launch fails
// with cudaErrorAssert.  It named the translator's function before, "void
// smooth__block(struct idxgen_rt_block *)" under loop fission and
// "(anonymous namespace)::__idxgen_fiber_smooth::..." as fibers.
// tests/cc/whole.sh checks the message under both models, and with
// -DTEMPLATE_KERNEL the template kernel's (with its " [with T = float]").
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

#define N 256
#define BLOCK 64

namespace stencil {
__global__ void smooth(const float *in, float *out, int n)
{
	__shared__ float tile[BLOCK + 2];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(in[i] >= 0.0f);
	tile[threadIdx.x + 1] = in[i];
	if (threadIdx.x == 0)
		tile[0] = i > 0 ? in[i - 1] : in[i];
	if (threadIdx.x == BLOCK - 1)
		tile[BLOCK + 1] = i < n - 1 ? in[i + 1] : in[i];
	__syncthreads();
	out[i] = (tile[threadIdx.x] + tile[threadIdx.x + 1] + tile[threadIdx.x + 2]) / 3.0f;
}
} // namespace stencil

template <typename T> __global__ void check_range(const T *v, int n, T limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		assert(v[i] >= 0 && v[i] < limit);
}

int main()
{
	static float h_in[N];
	float *in, *out;
	int failures = 0;

	for (int i = 0; i < N; i++)
		h_in[i] = (float)(i % 17);
	h_in[BLOCK + 3] = -1.0f;	// block 1, thread 3
	cudaMalloc(&in, sizeof(h_in));
	cudaMalloc(&out, sizeof(h_in));
	cudaMemcpy(in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
#ifdef TEMPLATE_KERNEL
	check_range<<<N / BLOCK, BLOCK>>>(in, N, 100.0f);
#else
	stencil::smooth<<<N / BLOCK, BLOCK>>>(in, out, N);
#endif
	cudaError_t e = cudaDeviceSynchronize();
	if (e != cudaErrorAssert) {
		printf("synchronize: %s, expected cudaErrorAssert\n", cudaGetErrorName(e));
		failures++;
	}
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
