// A program whose folder holds files named like standard headers (a binary
// `random` built from random.cu, a note called `new`): nvcc searches the
// source's folder for "..." includes only, so <new> and <random> are the
// library's and "scale.h" is the sibling (tests/cc/whole.sh copies this
// folder and writes those two files beside it).
#include <cstdio>
#include <new>
#include <random>
#include <cuda_runtime.h>
#include "scale.h"

__global__ void scale(float *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= SCALE;
}

int main()
{
	const int n = 256;
	std::mt19937 gen(7);
	std::uniform_real_distribution<float> dist(0.0f, 1.0f);
	float *h = new (std::nothrow) float[n], *d;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = dist(gen);
	cudaMalloc((void **)&d, n * sizeof(float));
	cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
	scale<<<(n + 63) / 64, 64>>>(d, n);
	float *r = new float[n];
	cudaMemcpy(r, d, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (r[i] != h[i] * SCALE)
			bad++;
	printf("%s\n", bad ? "FAIL" : "PASS");
	delete[] h;
	delete[] r;
	cudaFree(d);
	return bad != 0;
}
