// Kernels whose whole definition a macro writes, written out before the
// translation (lib/cc/macro_kernel_expand.c): several non-template kernels
// from one invocation with pasted names, an X-macro list whose entries
// invoke a kernel-writing macro (expanded in two rounds), the X-macro form
// that defines `T` for the list, #undefs it and defines it again for the
// launches (`T` was not taken for a function-like macro), a host helper of
// the same invocation returning the kernel's name through `#NAME`, GNU's
// `, ## __VA_ARGS__` with and without extra parameters, and a kernel with
// a __shared__ tile and __syncthreads() from a macro.  All
// were refused before ("kernel 'add_float' is defined by macro ...": the
// program did not build).  Checked against the host.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define AXPY_KERNELS(T)                                                   \
	__global__ void add_##T(T *p, T a, int n)                         \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] += a;                                        \
	}                                                                 \
	__global__ void mul_##T(T *p, T a, int n)                         \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] *= a;                                        \
	}                                                                 \
	static const char *add_##T##_name() { return "add_" #T; }
AXPY_KERNELS(float)
AXPY_KERNELS(int)

#define UNARY_OPS(X) X(negate, -v) X(square, v * v) X(halve, v / 2.0f)
#define DEFINE_UNARY(NAME, EXPR)                                          \
	__global__ void NAME##_k(float *p, int n)                         \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n) {                                              \
			float v = p[i];                                   \
			p[i] = EXPR;                                      \
		}                                                         \
	}
UNARY_OPS(DEFINE_UNARY)

#define FILL_KERNEL(NAME, EXPR, ...)                                      \
	__global__ void NAME(float *p, int n, ##__VA_ARGS__)              \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] = EXPR;                                      \
	}
FILL_KERNEL(fill_index, (float)i)
FILL_KERNEL(fill_affine, a * i + b, float a, float b)

#define SHIFTS() \
	T(plus_one, 1)  \
	T(minus_two, -2)
#define T(NAME, D) __global__ void NAME(int *p, int n) { int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) p[i] += D; }
SHIFTS()
#undef T

#define BS 64
#define DEFINE_REVERSE(NAME, T)                                           \
	__global__ void NAME(const T *in, T *out)                         \
	{                                                                 \
		__shared__ T tile[BS];                                    \
		int t = threadIdx.x, base = blockIdx.x * BS;              \
		tile[t] = in[base + t];                                   \
		__syncthreads();                                          \
		out[base + t] = tile[BS - 1 - t];                         \
	}
DEFINE_REVERSE(reverse_blocks, double)

static int check_float(const char *what, const float *got, const float *want, int n)
{
	int bad = 0;

	for (int i = 0; i < n; i++)
		bad += got[i] != want[i];
	if (bad)
		printf("%s: %d mismatches\n", what, bad);
	return bad;
}

int main()
{
	const int n = 1000, nb = 8;
	float hf[n], wf[n], *df;
	int hi[n], wi[n], *di;
	double hd[nb * BS], od[nb * BS], *din, *dout;
	int bad = 0;

	for (int i = 0; i < n; i++) {
		hf[i] = (float)((i * 37) % 101) - 50.0f;
		hi[i] = (i * 13) % 29 - 14;
	}
	cudaMalloc(&df, sizeof hf);
	cudaMalloc(&di, sizeof hi);
	cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
	cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice);
	add_float<<<(n + 127) / 128, 128>>>(df, 1.5f, n);
	mul_float<<<(n + 127) / 128, 128>>>(df, 3.0f, n);
	negate_k<<<(n + 127) / 128, 128>>>(df, n);
	square_k<<<(n + 127) / 128, 128>>>(df, n);
	halve_k<<<(n + 127) / 128, 128>>>(df, n);
	add_int<<<(n + 63) / 64, 64>>>(di, 7, n);
	mul_int<<<(n + 63) / 64, 64>>>(di, -2, n);
	cudaMemcpy(wf, df, sizeof wf, cudaMemcpyDeviceToHost);
#define T(NAME, D) NAME<<<(n + 63) / 64, 64>>>(di, n);
	SHIFTS()
#undef T
	cudaMemcpy(wi, di, sizeof wi, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		float v = -((hf[i] + 1.5f) * 3.0f);

		hf[i] = v * v / 2.0f;
		hi[i] = (hi[i] + 7) * -2 + 1 - 2;
		bad += wi[i] != hi[i];
	}
	bad += check_float("float chain", wf, hf, n);
	for (int i = 0; i < nb * BS; i++)
		hd[i] = i * 0.25 - 3.0;
	cudaMalloc(&din, sizeof hd);
	cudaMalloc(&dout, sizeof od);
	cudaMemcpy(din, hd, sizeof hd, cudaMemcpyHostToDevice);
	reverse_blocks<<<nb, BS>>>(din, dout);
	cudaMemcpy(od, dout, sizeof od, cudaMemcpyDeviceToHost);
	for (int i = 0; i < nb * BS; i++)
		bad += od[i] != hd[(i / BS) * BS + BS - 1 - i % BS];
	fill_index<<<(n + 127) / 128, 128>>>(df, n);
	fill_affine<<<(n + 127) / 128, 128>>>(df, n / 2, 0.5f, -3.0f);
	cudaMemcpy(wf, df, sizeof wf, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		hf[i] = i < n / 2 ? 0.5f * i - 3.0f : (float)i;
	bad += check_float("fill", wf, hf, n);
	bad += strcmp(add_float_name(), "add_float") != 0;
	bad += strcmp(add_int_name(), "add_int") != 0;
	bad += cudaGetLastError() != cudaSuccess;
	cudaFree(df);
	cudaFree(di);
	cudaFree(din);
	cudaFree(dout);
	printf("%d mismatches\n", bad);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
