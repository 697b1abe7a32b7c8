// Kernels declared in kernels.hpp and defined in kernels.cu, launched from
// here on zero-copy (mapped) host memory whose device pointers come from
// cudaHostGetDevicePointer.
// Checked against the host's own arithmetic (exact: small integers).
#include <cstdio>
#include <cuda_runtime.h>

#include "kernels.hpp"

int main()
{
	const int n = 1000;
	float *hx, *hy, *dx, *dy;
	unsigned int *hflag, *dflag;
	int bad = 0;

	cudaSetDeviceFlags(cudaDeviceMapHost);
	bad += cudaHostAlloc(&hx, n * sizeof(float), cudaHostAllocMapped) != cudaSuccess;
	bad += cudaHostAlloc(&hy, n * sizeof(float), cudaHostAllocMapped) != cudaSuccess;
	bad += cudaHostAlloc(&hflag, sizeof(unsigned int), cudaHostAllocMapped) != cudaSuccess;
	bad += cudaHostGetDevicePointer((void **)&dx, hx, 0) != cudaSuccess;
	bad += cudaHostGetDevicePointer((void **)&dy, hy, 0) != cudaSuccess;
	bad += cudaHostGetDevicePointer((void **)&dflag, hflag, 0) != cudaSuccess;
	if (bad) {
		printf("allocation failed\nFAIL\n");
		return 1;
	}
	*hflag = 1;
	spin_until_set<<<1, 1>>>(dflag);
	fill_ramp<<<(n + 127) / 128, 128>>>(dx, n, 1.0f, 2.0f);
	fill_ramp<<<(n + 63) / 64, 64>>>(dy, n, -3.0f, 1.0f);
	axpy<<<4, 96>>>(3.0f, dx, dy, n);
	bad += cudaDeviceSynchronize() != cudaSuccess;
	for (int i = 0; i < n; i++)
		bad += hy[i] != (-3.0f + i) + 3.0f * (1.0f + 2.0f * i);
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFreeHost(hx);
	cudaFreeHost(hy);
	cudaFreeHost(hflag);
	return bad != 0;
}
