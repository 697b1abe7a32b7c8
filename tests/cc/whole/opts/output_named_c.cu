// SPDX-License-Identifier: MIT
// A whole program built with an output named like a C file: nvcc links an
// executable called app.c from `nvcc -o app.c output_named_c.cu`, and so must
// idxgen-cc (before, the name chose its translate-only path and app.c was the
// kernels' C).  tests/cc/diag.sh builds and runs it; it prints "sum 56".
#include <cstdio>

__global__ void scale(int *v, int factor)
{
	v[threadIdx.x] *= factor;
}

int main()
{
	int *v = nullptr, sum = 0;

	if (cudaMallocManaged(&v, 8 * sizeof(int)) != cudaSuccess)
		return 1;
	for (int i = 0; i < 8; i++)
		v[i] = i;
	scale<<<1, 8>>>(v, 2);
	if (cudaDeviceSynchronize() != cudaSuccess)
		return 1;
	for (int i = 0; i < 8; i++)
		sum += v[i];
	printf("sum %d\n", sum);
	cudaFree(v);
	return sum == 56 ? 0 : 1;
}
