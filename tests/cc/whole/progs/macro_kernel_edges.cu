// Kernel-writing macros in the preprocessor's corners, written out before
// the translation (lib/cc/macro_kernel_expand.c): an argument with a comma
// inside parentheses, an object-like macro, an argument that must not run
// into the token before it (`-X` with X `-1` is `- -1`), `#` of an argument
// holding a string and a character literal, an invocation inside a
// namespace, one over two lines (the lines after it keep their numbers:
// __LINE__), `__launch_bounds__`, a macro that writes another kernel-writing
// invocation and a host launcher, comments in the #define and the
// invocation.  Refused before (the program did not build).  Checked against
// the host.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__device__ int max2(int a, int b) { return a > b ? a : b; }

#define COMMA_ARG(NAME, VALUE)                                            \
	__global__ void NAME(int *p, int n)                               \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] = VALUE;                                     \
	}
COMMA_ARG(pair_k, (max2(3, 34)))

#define OBJ_KERNEL __global__ void obj_k(int *p) { p[threadIdx.x] = -(int)threadIdx.x; }
OBJ_KERNEL

#define NEG(NAME, X) __global__ void NAME(int *p) { p[threadIdx.x] = -X; }
NEG(neg_k, -1)

#define NAMED(NAME, TEXT)                                                 \
	__global__ void NAME(char *out)                                   \
	{                                                                 \
		const char *s = #TEXT;                                    \
		out[threadIdx.x] = s[threadIdx.x];                        \
	}                                                                 \
	static const char *NAME##_text() { return #TEXT; }
NAMED(str_k, "a\"b" 'c')

namespace ns {
#define NS_KERNEL(NAME) __global__ void NAME(int *p) { p[threadIdx.x] += 100; }
NS_KERNEL(ns_k)
} // namespace ns

#define BOUNDED(NAME, T)                                                  \
	__launch_bounds__(64) __global__ void NAME(T *p, int n)           \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] = (T)(i * 3);                                \
	}
BOUNDED(bounded_k,
	int)
static const int line_after = __LINE__;

#define WITH_LAUNCHER(T)                                                  \
	BOUNDED(fill3_##T, T)                                             \
	static void run_##T(T *p, int n) { fill3_##T<<<(n + 63) / 64, 64>>>(p, n); }
WITH_LAUNCHER(short)

#define COMMENTED(NAME) __global__ void NAME(int *p) { p[threadIdx.x] = 7 /* seven */; }
COMMENTED ( commented_k /* the name */ )

int main()
{
	int *d, h[64];
	char *dc, hc[16];
	short *ds, hs[100];
	int bad = 0;

	cudaMalloc(&d, sizeof h);
	cudaMalloc(&dc, sizeof hc);
	cudaMalloc(&ds, sizeof hs);
	pair_k<<<1, 64>>>(d, 64);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 64; i++)
		bad += h[i] != 34;
	obj_k<<<1, 64>>>(d);
	ns::ns_k<<<1, 64>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 64; i++)
		bad += h[i] != 100 - i;
	neg_k<<<1, 64>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 64; i++)
		bad += h[i] != 1;
	str_k<<<1, 9>>>(dc);
	cudaMemcpy(hc, dc, 9, cudaMemcpyDeviceToHost);
	bad += memcmp(hc, "\"a\\\"b\" 'c", 9) != 0;
	bad += strcmp(str_k_text(), "\"a\\\"b\" 'c'") != 0;
	bounded_k<<<1, 64>>>(d, 64);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 64; i++)
		bad += h[i] != i * 3;
	bad += line_after != 55;
	run_short(ds, 100);
	cudaMemcpy(hs, ds, sizeof hs, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 100; i++)
		bad += hs[i] != i * 3;
	commented_k<<<1, 64>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 64; i++)
		bad += h[i] != 7;
	bad += cudaGetLastError() != cudaSuccess;
	cudaFree(d);
	cudaFree(dc);
	cudaFree(ds);
	printf("%d mismatches\n", bad);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
