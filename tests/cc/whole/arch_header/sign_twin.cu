// A header's #define split on __CUDA_ARCH__ (sign_twin.cuh), expanded in the
// device code of another header (sign_twin_kernels.cuh) and of this file,
// and in host code: device code must get the device definitions, host code
// the host ones, as nvcc's two passes give them.  idxgen-cc refused every
// use in device code ("macro 'SIGN_OF' is defined by a group on
// __CUDA_ARCH__ of sign_twin.cuh ...": CloverLeaf_CUDA's SIGN).  The
// expected values come from std::copysign and the host text's own rule.
// Build: nvcc -arch=sm_90 -o sign_twin sign_twin.cu
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>
#include "sign_twin_kernels.cuh"

__global__ void scale_only(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		out[i] = i * TWIN_SCALE;
}

int main()
{
	const int n = 8;
	const double ha[n] = { 1.0, 2.0, -3.0, 4.0, -5.0, 6.0, 0.5, -0.25 };
	const double hb[n] = { -0.0, 0.0, -0.0, -2.0, 7.0, 3.0, -0.0, 1.0 };
	double hout[n], *a, *b, *out;
	int hs[n], *s, bad = 0;

	cudaMalloc(&a, sizeof(ha));
	cudaMalloc(&b, sizeof(hb));
	cudaMalloc(&out, sizeof(hout));
	cudaMalloc(&s, sizeof(hs));
	cudaMemcpy(a, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(b, hb, sizeof(hb), cudaMemcpyHostToDevice);
	limit<<<1, 32>>>(n, a, b, out);
	scale_only<<<1, 32>>>(n, s);
	cudaMemcpy(hout, out, sizeof(hout), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, s, sizeof(hs), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		double dev = std::copysign(ha[i], hb[i]) * 3;
		double host = (hb[i] < 0 && ha[i] > 0) || (hb[i] > 0 && ha[i] < 0) ? -ha[i] : ha[i];

		if (hout[i] != dev && bad++ < 4)
			printf("limit %d: %g, expected %g\n", i, hout[i], dev);
		if (SIGN_OF(ha[i], hb[i]) != host && bad++ < 4)
			printf("host SIGN_OF %d: %g, expected %g\n", i, SIGN_OF(ha[i], hb[i]), host);
		if (hs[i] != 3 * i && bad++ < 4)
			printf("scale_only %d: %d, expected %d\n", i, hs[i], 3 * i);
	}
	if (TWIN_SCALE != 5 && bad++ < 4)
		printf("host TWIN_SCALE: %d, expected 5\n", TWIN_SCALE);
	printf("%d mismatches\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
