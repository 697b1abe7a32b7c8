// What nvcc's front end accepts and clang rejects, as public programs write
// it (lib/cc/edg_compat.c): a member template of a dependent type named
// without `template` -- through `::` in a header of the program's folder
// (edg_leniency/vec_convert.cuh), and through `.`, `->` and `::` in this
// file, two on one line -- and a narrowing conversion in braces
// (`dim3 grid{n / BLOCK}` with a size_t n; nvcc warns, #2361-D).  Each
// result is checked against the host's own arithmetic.
#include <cstdio>
#include <cuda_runtime.h>
#include "edg_leniency/vec_convert.cuh"

#define BLOCK 64
#define VEC 4

template <typename T>
struct lanes {
	T v[VEC];
	template <int I> __host__ __device__ T get(T scale) const { return v[I] * scale; }
	template <int I> __host__ __device__ static int offset(int base) { return base + I; }
};

template <typename L, typename T>
__global__ void pick(L in, T *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	const L *p = &in;

	if (i < n)
		out[i] = in.get<2>((T)i) + p->get<1>((T)1) + (T)L::offset<3>(i);
}

__global__ void widen(const __half *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	small_vec<__half, VEC> h;
	small_vec<float, VEC> f;

	if (i * VEC >= n)
		return;
	for (int k = 0; k < VEC; k++)
		h.data[k] = in[i * VEC + k];
	f.cast_from(h);
	for (int k = 0; k < VEC; k++)
		out[i * VEC + k] = f.data[k];
}

__global__ void narrow_ints(const int *in, short *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	small_vec<int, 1> a;
	small_vec<short, 1> b;

	if (i >= n)
		return;
	a.data[0] = in[i];
	b.cast_from(a);
	out[i] = b.data[0];
}

int main()
{
	size_t n = 256;	// not a constant: the braces below narrow
	int bad = 0;

	lanes<float> l = { { 1.f, 2.f, 3.f, 4.f } };
	float *o;
	cudaMallocManaged(&o, n * sizeof(float));
	dim3 grid{n / BLOCK};	// narrowing: size_t -> unsigned int
	pick<<<grid, BLOCK>>>(l, o, (int)n);
	cudaDeviceSynchronize();
	for (size_t i = 0; i < n; i++)
		if (o[i] != 3.f * i + 2.f + (float)(i + 3)) {
			if (bad++ < 4)
				printf("pick[%zu] = %g, expected %g\n", i, o[i], 3.f * i + 2.f + (float)(i + 3));
		}

	__half *h;
	float *f;
	cudaMallocManaged(&h, n * sizeof(__half));
	cudaMallocManaged(&f, n * sizeof(float));
	for (size_t i = 0; i < n; i++)
		h[i] = __float2half((float)(i % 50) * 0.25f);
	widen<<<grid, BLOCK / VEC>>>(h, f, (int)n);
	cudaDeviceSynchronize();
	for (size_t i = 0; i < n; i++)
		if (f[i] != (float)(i % 50) * 0.25f + 0.5f) {
			if (bad++ < 8)
				printf("widen[%zu] = %g, expected %g\n", i, f[i], (float)(i % 50) * 0.25f + 0.5f);
		}

	int *a;
	short *s;
	cudaMallocManaged(&a, n * sizeof(int));
	cudaMallocManaged(&s, n * sizeof(short));
	for (size_t i = 0; i < n; i++)
		a[i] = (int)(i * 1000 - 7);
	int threads{n};	// narrowing: size_t -> int
	narrow_ints<<<1, threads>>>(a, s, (int)n);
	cudaDeviceSynchronize();
	for (size_t i = 0; i < n; i++)
		if (s[i] != (short)(i * 1000 - 7)) {
			if (bad++ < 12)
				printf("narrow[%zu] = %d, expected %d\n", i, s[i], (short)(i * 1000 - 7));
		}

	printf("pick[5] %g, widen[6] %g, narrow[200] %d\n", o[5], f[6], s[200]);
	cudaFree(o);
	cudaFree(h);
	cudaFree(f);
	cudaFree(a);
	cudaFree(s);
	printf(bad ? "FAILED\n" : "PASS\n");
	return bad ? 1 : 0;
}
