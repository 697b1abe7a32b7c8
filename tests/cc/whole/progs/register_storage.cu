// The `register` storage class, as older benchmark kernels still write it:
// nvcc accepts it under -std=c++17 (its host compiler only warns), so must we.
#include <cstdio>

#define N 1024

__device__ float poly(float x)
{
	register float acc = 0.0f;
	for (register int k = 0; k < 4; k++)
		acc = acc * x + (float)(k + 1);
	return acc;
}

__global__ void eval(const float *x, float *y, int n)
{
	register int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = poly(x[i]);
}

int main()
{
	static float x[N], y[N];
	float *dx, *dy;
	for (register int i = 0; i < N; i++)
		x[i] = (float)(i % 5) - 2.0f;
	cudaMalloc(&dx, sizeof(x));
	cudaMalloc(&dy, sizeof(y));
	cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice);
	eval<<<N / 256, 256>>>(dx, dy, N);
	cudaMemcpy(y, dy, sizeof(y), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < N; i++) {
		float t = x[i];
		ok &= y[i] == ((t + 2.0f) * t + 3.0f) * t + 4.0f;
	}
	cudaFree(dx);
	cudaFree(dy);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
