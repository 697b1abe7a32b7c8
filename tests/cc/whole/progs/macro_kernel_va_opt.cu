// Macros with __VA_OPT__ (C++20; clang and nvcc take it in C++17), as
// kernel-generating code writes them: a macro that writes a family of
// kernels whose extra parameters are optional, a launch macro whose extra
// arguments are, an indexing macro and a warp-sum macro in kernel code.
// The kernel-writing macro was refused before: "kernel 'fill_index' is
// defined by macro 'FILL_KERNEL', which idxgen-cc does not write out"
// (exit 1); lib/cc/macro_kernel_expand.c now writes __VA_OPT__ out as the
// preprocessor does.  Forced to loop fission (whole.sh), the warp sum was
// refused: "a warp-level function inside a macro expansion is not supported"
// (exit 1); its invocation is now written out before the lowering
// (lib/cc/macro_warp_expand.c).  Every result checked against a host loop.
#include <cuda_runtime.h>
#include <stdio.h>

#define N 256

#define FILL_KERNEL(NAME, EXPR, ...)                                     \
	__global__ void NAME(float *p, int n __VA_OPT__(, ) __VA_ARGS__) \
	{                                                                \
		int i = blockIdx.x * blockDim.x + threadIdx.x;           \
		if (i < n)                                               \
			p[i] = EXPR;                                     \
	}

FILL_KERNEL(fill_index, (float)i)
FILL_KERNEL(fill_affine, a * i + b, float a, float b)
FILL_KERNEL(fill_scaled, s * (float)(i % m), float s, int m)

// A template family: the optional parameters follow the template's own.
#define AXPY_KERNEL(NAME, ...)                                                     \
	template <typename T>                                                      \
	__global__ void NAME(T *y, const T *x, T a, int n __VA_OPT__(, ) __VA_ARGS__) \
	{                                                                          \
		int i = blockIdx.x * blockDim.x + threadIdx.x;                     \
		if (i < n)                                                         \
			y[i] = a * x[i] + y[i] __VA_OPT__(+ bias);                 \
	}

AXPY_KERNEL(axpy)
AXPY_KERNEL(axpy_bias, T bias)

// Kernel code: an index with an optional offset, a warp sum with an optional width.
#define AT(p, i, ...) (p)[(i)__VA_OPT__(+(__VA_ARGS__))]
#define WARP_SUM(v, ...)                                                     \
	for (int o = 16; o > 0; o >>= 1)                                     \
	v += __shfl_down_sync(0xffffffffu, v, o __VA_OPT__(, ) __VA_ARGS__)

__global__ void shift_copy(float *out, const float *in, int n, int by)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i + by < n)
		AT(out, i) = AT(in, i, by);
}

__global__ void warp_sums(int *out, const int *in)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i], w = in[i];

	WARP_SUM(v);
	WARP_SUM(w, 32);
	if (threadIdx.x % 32 == 0) {
		out[2 * (i / 32)] = v;
		out[2 * (i / 32) + 1] = w;
	}
}

#define LAUNCH(k, p, n, ...) k<<<(n) / 64, 64>>>(p, n __VA_OPT__(, ) __VA_ARGS__)

static int check(const char *what, const float *got, const float *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("%s: [%d] = %g, want %g\n", what, i, got[i], want[i]);
			return 1;
		}
	return 0;
}

int main()
{
	float *d_p, *d_x, got[N], want[N], x[N];
	int *d_in, *d_out, in[N], sums[N / 16], fails = 0;

	cudaMalloc(&d_p, N * sizeof(float));
	cudaMalloc(&d_x, N * sizeof(float));
	cudaMalloc(&d_in, N * sizeof(int));
	cudaMalloc(&d_out, N / 16 * sizeof(int));

	LAUNCH(fill_index, d_p, N);
	cudaMemcpy(got, d_p, sizeof(got), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = (float)i;
	fails += check("fill_index", got, want, N);

	LAUNCH(fill_affine, d_p, N, 0.5f, 3.0f);
	cudaMemcpy(got, d_p, sizeof(got), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = 0.5f * i + 3.0f;
	fails += check("fill_affine", got, want, N);

	LAUNCH(fill_scaled, d_p, N, 2.0f, 7);
	cudaMemcpy(got, d_p, sizeof(got), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = 2.0f * (float)(i % 7);
	fails += check("fill_scaled", got, want, N);

	for (int i = 0; i < N; i++)
		x[i] = (float)(i % 13);
	cudaMemcpy(d_x, x, sizeof(x), cudaMemcpyHostToDevice);
	fill_index<<<N / 64, 64>>>(d_p, N);
	axpy<float><<<N / 64, 64>>>(d_p, d_x, 2.0f, N);
	axpy_bias<float><<<N / 64, 64>>>(d_p, d_x, 1.0f, N, 0.25f);
	cudaMemcpy(got, d_p, sizeof(got), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = ((float)i + 2.0f * x[i]) + x[i] + 0.25f;
	fails += check("axpy, axpy_bias", got, want, N);

	cudaMemset(d_p, 0, N * sizeof(float));
	shift_copy<<<N / 64, 64>>>(d_p, d_x, N, 5);
	cudaMemcpy(got, d_p, sizeof(got), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = i + 5 < N ? x[i + 5] : 0.0f;
	fails += check("shift_copy", got, want, N);

	for (int i = 0; i < N; i++)
		in[i] = (i * 37) % 101 - 50;
	cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);
	warp_sums<<<N / 64, 64>>>(d_out, d_in);
	cudaMemcpy(sums, d_out, sizeof(sums), cudaMemcpyDeviceToHost);
	for (int w = 0; w < N / 32; w++) {
		int s = 0;

		for (int l = 0; l < 32; l++)
			s += in[w * 32 + l];
		if (sums[2 * w] != s || sums[2 * w + 1] != s) {
			printf("warp_sums: warp %d = %d, %d, want %d\n", w, sums[2 * w], sums[2 * w + 1], s);
			fails++;
			break;
		}
	}

	cudaError_t err = cudaDeviceSynchronize();
	if (err != cudaSuccess) {
		printf("error: %s\n", cudaGetErrorString(err));
		fails++;
	}
	cudaFree(d_p);
	cudaFree(d_x);
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%d passed, %d failed\n", 7 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
