// A header's __CUDA_ARCH__ groups that the host view reads right (see
// agree.cuh): builds, and the kernel's results are the host's reference.
#include <cstdio>
#include <cuda_runtime.h>
#include "agree.cuh"

__global__ void mix(const float *in, unsigned int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = xor3((unsigned int)widen(in[i]), 0x5au, (unsigned int)i);
}

int main()
{
	const int n = 300;
	float *in;
	unsigned int *out;
	cudaMallocManaged(&in, n * sizeof(float));
	cudaMallocManaged(&out, n * sizeof(unsigned int));
	for (int i = 0; i < n; i++)
		in[i] = (float)(i % 17);
	mix<<<(n + 127) / 128, 128>>>(in, out, n);
	cudaDeviceSynchronize();
	int bad = 0;
	for (int i = 0; i < n; i++)
		if (out[i] != (((unsigned int)(2 * (i % 17))) ^ 0x5au ^ (unsigned int)i))
			bad++;
	printf("%d mismatches\n", bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
