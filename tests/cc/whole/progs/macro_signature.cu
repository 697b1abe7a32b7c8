// What a macro may write of device code and stay translated as written: a
// __device__ helper's whole definition (plain and template), and a
// non-template kernel's signature whose body is the file's (the host stub
// repeats the invocation).  A kernel whose definition or template header a
// macro writes is written out before the translation instead
// (whole/progs/macro_kernels.cu, macro_kernel_templates.cu).  Checked
// against the host.
#include <cstdio>
#include <cuda_runtime.h>

#define UNARY_HELPER(NAME, OP) \
	__device__ float NAME(float x) { return x OP 2.0f; }
#define TEMPLATE_HELPER(NAME) \
	template <typename T> __device__ T NAME(T a, T b) { return a > b ? a : b; }
#define STENCIL_KERNEL(NAME) __global__ void NAME(const float *in, float *out, int n)

UNARY_HELPER(twice, *)
UNARY_HELPER(plus_two, +)
TEMPLATE_HELPER(bigger)

STENCIL_KERNEL(stencil)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float l = i > 0 ? in[i - 1] : 0.0f, r = i + 1 < n ? in[i + 1] : 0.0f;

		out[i] = plus_two(twice(bigger(l, r)));
	}
}

int main()
{
	const int n = 1000;
	float h[n], o[n], *din, *dout;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (float)((i * 37) % 101) - 50.0f;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	stencil<<<(n + 127) / 128, 128>>>(din, dout, n);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		float l = i > 0 ? h[i - 1] : 0.0f, r = i + 1 < n ? h[i + 1] : 0.0f;
		float want = (l > r ? l : r) * 2.0f + 2.0f;

		bad += o[i] != want;
	}
	cudaFree(din);
	cudaFree(dout);
	printf("%d mismatches\n", bad);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
