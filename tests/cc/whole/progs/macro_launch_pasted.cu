// Launches written in a macro whose kernel name is pasted from the macro's
// argument (`#define LAUNCH(op, ...) op##_kernel<<<g, b>>>(...)`), the way
// X-macro dispatch tables of operator kernels spell them: the rewrite put
// its configuration push between the pasted parts (`op##(__idxgenPush...`),
// which the host compiler refused ("pasting formed 'op('").  Checked
// against the host.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale_kernel(float *p, int n, float f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] *= f;
}

__global__ void shift_kernel(float *p, int n, float f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] += f;
}

template <typename T> __global__ void fill_kernel(T *p, int n, T v)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		p[i] = v + (T)(i % 3);
}

namespace ops {
__global__ void negate_kernel(float *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] = -p[i];
}
} // namespace ops

#define LAUNCH(op, grid, block, ...) op##_kernel<<<grid, block>>>(__VA_ARGS__)
#define LAUNCH_T(op, T, grid, block, ...) op ## _kernel<T><<<grid, block>>>(__VA_ARGS__)
#define LAUNCH_NS(ns, op, ...) ns::op##_kernel<<<(n + 127) / 128, 128>>>(__VA_ARGS__)
#define OPS(X) X(scale, 2.0f) X(shift, 1.0f)
#define RUN_OP(op, f) LAUNCH(op, (n + 127) / 128, 128, d, n, f);

int main()
{
	const int n = 1000;
	float *d, h[n];
	int *di, hi[n];
	int bad = 0;

	cudaMalloc(&d, n * sizeof(float));
	cudaMalloc(&di, n * sizeof(int));
	LAUNCH_T(fill, float, 4, 64, d, n, 3.0f);
	LAUNCH_T(fill, int, 2, 32, di, n, 10);
	OPS(RUN_OP)
	LAUNCH_NS(ops, negate, d, n);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
		return 1;
	}
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		float want = -((3.0f + (float)(i % 3)) * 2.0f + 1.0f);

		bad += h[i] != want;
		bad += hi[i] != 10 + i % 3;
	}
	cudaFree(d);
	cudaFree(di);
	printf("%d wrong of %d\n%s\n", bad, 2 * n, bad ? "FAIL" : "PASS");
	return bad != 0;
}
