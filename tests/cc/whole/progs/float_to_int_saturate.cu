// Device conversions of a float to an integer it does not fit.  C++ leaves
// them undefined; on a GPU they are PTX's cvt.rzi, which saturates to the
// type's range and turns NaN into 0.  x86 gives 0x80000000 instead, so
// 4294967296.0f became 0u, 3e9f became INT_MIN and NaN became INT_MIN.
// Public code relies on the GPU's result: HeCBench's quicksort pads a float
// bitonic sort with UINT_MAX and reads the elements back as `uint`; the
// padding became 0 and sorted to the front (fifteenth session).  The
// expected values below are PTX's, written out, not computed by a cast.
#include <cstdio>
#include <climits>
#include <cmath>
#include <cuda_runtime.h>

#define PAD 64

__global__ void convert(const float *f, const double *g, unsigned int *u, int *i, unsigned long long *ul,
			long long *l)
{
	int t = threadIdx.x;
	u[t] = f[t];
	i[t] = (int)f[t];
	ul[t] = static_cast<unsigned long long>(g[t]);
	l[t] = (long long)g[t];
}

// A block sorts n < PAD floats: the tail is padded with UINT_MAX, the
// elements compared as `uint`, as the quicksort does.
__global__ void pad_sort(const float *in, float *out, int n)
{
	__shared__ float s[PAD];
	int t = threadIdx.x;
	s[t] = t < n ? in[t] : UINT_MAX;
	__syncthreads();
	for (int k = 2; k <= PAD; k <<= 1) {
		for (int j = k >> 1; j > 0; j >>= 1) {
			int p = t ^ j;
			if (p > t) {
				unsigned int a = s[t], b = s[p];
				bool up = (t & k) == 0;
				if ((a > b) == up) {
					s[t] = b;
					s[p] = a;
				}
			}
			__syncthreads();
		}
	}
	if (t < n)
		out[t] = s[t];
}

int main()
{
	const int n = 8;
	float hf[n] = { 4294967296.0f, 1e20f, -1.5f, NAN, 3e9f, -3e9f, 7.9f, -7.9f };
	double hg[n] = { 1e30, -1e30, 1e19, NAN, -1.0, 4294967295.0, 9.5, -9.5 };
	unsigned int want_u[n] = { UINT_MAX, UINT_MAX, 0u, 0u, 3000000000u, 0u, 7u, 0u };
	int want_i[n] = { INT_MAX, INT_MAX, -1, 0, INT_MAX, INT_MIN, 7, -7 };
	unsigned long long want_ul[n] = { ULLONG_MAX, 0ull, 10000000000000000000ull, 0ull, 0ull, 4294967295ull, 9ull, 0ull };
	long long want_l[n] = { LLONG_MAX, LLONG_MIN, LLONG_MAX, 0ll, -1ll, 4294967295ll, 9ll, -9ll };
	float *df, *din, *dout;
	double *dg;
	unsigned int *du, hu[n];
	int *di, hi[n];
	unsigned long long *dul, hul[n];
	long long *dl, hl[n];
	int bad = 0;

	cudaMalloc((void **)&df, sizeof(hf));
	cudaMalloc((void **)&dg, sizeof(hg));
	cudaMalloc((void **)&du, sizeof(hu));
	cudaMalloc((void **)&di, sizeof(hi));
	cudaMalloc((void **)&dul, sizeof(hul));
	cudaMalloc((void **)&dl, sizeof(hl));
	cudaMemcpy(df, hf, sizeof(hf), cudaMemcpyHostToDevice);
	cudaMemcpy(dg, hg, sizeof(hg), cudaMemcpyHostToDevice);
	convert<<<1, n>>>(df, dg, du, di, dul, dl);
	cudaMemcpy(hu, du, sizeof(hu), cudaMemcpyDeviceToHost);
	cudaMemcpy(hi, di, sizeof(hi), cudaMemcpyDeviceToHost);
	cudaMemcpy(hul, dul, sizeof(hul), cudaMemcpyDeviceToHost);
	cudaMemcpy(hl, dl, sizeof(hl), cudaMemcpyDeviceToHost);
	for (int k = 0; k < n; k++) {
		if (hu[k] != want_u[k] || hi[k] != want_i[k] || hul[k] != want_ul[k] || hl[k] != want_l[k]) {
			printf("element %d: %u %d %llu %lld, want %u %d %llu %lld\n", k, hu[k], hi[k], hul[k], hl[k],
			       want_u[k], want_i[k], want_ul[k], want_l[k]);
			bad++;
		}
	}

	const int m = 37;
	float hin[m], hout[m];
	for (int k = 0; k < m; k++)
		hin[k] = (float)((k * 23) % m + 1);
	cudaMalloc((void **)&din, sizeof(hin));
	cudaMalloc((void **)&dout, sizeof(hout));
	cudaMemcpy(din, hin, sizeof(hin), cudaMemcpyHostToDevice);
	pad_sort<<<1, PAD>>>(din, dout, m);
	cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost);
	for (int k = 0; k < m; k++)
		if (hout[k] != (float)(k + 1)) {
			printf("sorted[%d] = %g, want %d\n", k, hout[k], k + 1);
			bad++;
		}
	if (cudaGetLastError() != cudaSuccess)
		bad++;
	printf("%d conversions and %d sorted elements checked\n", 4 * n, m);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
