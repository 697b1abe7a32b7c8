// Template kernels whose definition or `template <...>` header a macro
// writes (HeCBench's templated kernel families), written out before the
// translation (lib/cc/macro_kernel_expand.c): a family of template kernels
// from one macro with the template parameter's name an argument, a kernel
// family per type list (`ALL_TYPES(M)` invoking a macro that writes two
// kernels), a signature macro that writes the template header, and a block
// sum with __shared__ memory and barriers.  Refused before (the program did
// not build: whole/bad/macro_kernel_template.cu, macro_kernel_header.cu).
// Checked against the host.
#include <cstdio>
#include <cuda_runtime.h>

#define DEFINE_SCALE(NAME, T)                                             \
	template <typename T>                                             \
	__global__ void NAME(T *p, T f, int n)                            \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] *= f;                                        \
	}
DEFINE_SCALE(scale, Elem)

#define KERNEL_SIG(NAME) template <typename T> __global__ void NAME(T *p, int n)
KERNEL_SIG(twice)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = p[i] * 2;
}

#define BLOCK 128
#define DEFINE_SUMS(T)                                                    \
	__global__ void block_sum_##T(const T *in, T *out, int n)         \
	{                                                                 \
		__shared__ T part[BLOCK];                                 \
		int t = threadIdx.x, i = blockIdx.x * BLOCK + t;          \
		part[t] = i < n ? in[i] : (T)0;                           \
		__syncthreads();                                          \
		for (int s = BLOCK / 2; s > 0; s >>= 1) {                 \
			if (t < s)                                        \
				part[t] += part[t + s];                   \
			__syncthreads();                                  \
		}                                                         \
		if (t == 0)                                               \
			out[blockIdx.x] = part[0];                        \
	}                                                                 \
	template <int K>                                                  \
	__global__ void shift_##T(T *p, int n)                            \
	{                                                                 \
		int i = blockIdx.x * blockDim.x + threadIdx.x;            \
		if (i < n)                                                \
			p[i] += (T)K;                                     \
	}
#define ALL_TYPES(M) M(int) M(double)
ALL_TYPES(DEFINE_SUMS)

template <typename T> static int sums(const char *what)
{
	const int n = 1000, nb = (n + BLOCK - 1) / BLOCK;
	T h[n], o[nb], *d, *dsum;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (T)((i * 7) % 23);
	cudaMalloc(&d, sizeof h);
	cudaMalloc(&dsum, sizeof o);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	if (sizeof(T) == sizeof(int)) {
		shift_int<3><<<nb, BLOCK>>>((int *)d, n);
		block_sum_int<<<nb, BLOCK>>>((const int *)d, (int *)dsum, n);
	} else {
		shift_double<3><<<nb, BLOCK>>>((double *)d, n);
		block_sum_double<<<nb, BLOCK>>>((const double *)d, (double *)dsum, n);
	}
	cudaMemcpy(o, dsum, sizeof o, cudaMemcpyDeviceToHost);
	for (int b = 0; b < nb; b++) {
		T want = 0;

		for (int i = b * BLOCK; i < n && i < (b + 1) * BLOCK; i++)
			want += h[i] + (T)3;
		if (o[b] != want) {
			printf("%s block %d: %g, want %g\n", what, b, (double)o[b], (double)want);
			bad++;
		}
	}
	cudaFree(d);
	cudaFree(dsum);
	return bad;
}

int main()
{
	const int n = 1000;
	float hf[n], of[n], *df;
	double hd[n], od[n], *dd;
	int bad = 0;

	for (int i = 0; i < n; i++) {
		hf[i] = (float)((i * 37) % 101) - 50.0f;
		hd[i] = i * 0.5 - 100.0;
	}
	cudaMalloc(&df, sizeof hf);
	cudaMalloc(&dd, sizeof hd);
	cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
	cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
	scale<float><<<(n + 127) / 128, 128>>>(df, 2.5f, n);
	twice<<<(n + 127) / 128, 128>>>(df, n);
	scale<<<(n + 63) / 64, 64>>>(dd, -0.5, n);
	twice<double><<<(n + 63) / 64, 64>>>(dd, n);
	cudaMemcpy(of, df, sizeof of, cudaMemcpyDeviceToHost);
	cudaMemcpy(od, dd, sizeof od, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		bad += of[i] != hf[i] * 2.5f * 2;
		bad += od[i] != hd[i] * -0.5 * 2;
	}
	bad += sums<int>("int");
	bad += sums<double>("double");
	bad += cudaGetLastError() != cudaSuccess;
	cudaFree(df);
	cudaFree(dd);
	printf("%d mismatches\n", bad);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
