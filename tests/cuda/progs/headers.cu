// Standard C and C++ headers in a CUDA program: <stdio.h>, <stdlib.h>,
// <math.h>, <cstdio>, <cstdlib>, <cmath>, <cstring>, <cuda_runtime.h>, and
// the math constants (M_PI, M_E, M_SQRT2) inside and outside kernels.
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <cuda_runtime.h>

#define N 1000

__global__ void wave(const float *x, float *y, double *z, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		y[i] = sinf((float)M_PI * x[i]) + cosf(x[i]) * (float)M_SQRT2;
		z[i] = exp((double)x[i]) / M_E + std::sqrt((double)i);
	}
}

int main(void)
{
	float *hx = (float *)malloc(N * sizeof(float));
	float *hy = (float *)malloc(N * sizeof(float));
	double *hz = (double *)calloc(N, sizeof(double));
	for (int i = 0; i < N; i++)
		hx[i] = (float)i / N - 0.5f;

	float *dx, *dy;
	double *dz;
	cudaMalloc((void **)&dx, N * sizeof(float));
	cudaMalloc((void **)&dy, N * sizeof(float));
	cudaMalloc((void **)&dz, N * sizeof(double));
	cudaMemcpy(dx, hx, N * sizeof(float), cudaMemcpyHostToDevice);
	wave<<<(N + 127) / 128, 128>>>(dx, dy, dz, N);
	cudaMemcpy(hy, dy, N * sizeof(float), cudaMemcpyDeviceToHost);
	cudaMemcpy(hz, dz, N * sizeof(double), cudaMemcpyDeviceToHost);

	int bad = 0;
	for (int i = 0; i < N; i++) {
		float ry = sinf((float)M_PI * hx[i]) + cosf(hx[i]) * (float)M_SQRT2;
		double rz = exp((double)hx[i]) / M_E + std::sqrt((double)i);
		if (fabsf(hy[i] - ry) > 1e-5f || std::fabs(hz[i] - rz) > 1e-12 * (1 + fabs(rz)))
			bad++;
	}
	char msg[32];
	strcpy(msg, bad ? "FAIL" : "PASS");
	printf("%d mismatches\n", bad);
	cudaFree(dx);
	cudaFree(dy);
	cudaFree(dz);
	free(hx);
	free(hy);
	free(hz);
	std::printf("%s\n", msg);
	return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
