// Regression (HeCBench btree): this file and the kernel header it includes
// begin with a UTF-8 byte-order mark, as Windows editors write them.  The
// translated copies put their first line above the mark, where clang++
// rejected it ("unexpected character <U+FEFF>"); the mark is now dropped.
#include <cstdio>
#include "byte_order_mark/rotate.cuh"

__global__ void add_one(int *v)
{
	v[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}

int main()
{
	const int n = 128;
	int h[n], *d;
	for (int i = 0; i < n; i++)
		h[i] = i;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	rotate_tiles<<<n / 32, 32>>>(d);
	add_one<<<n / 32, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++)
		ok &= h[i] == (i / 32) * 32 + (i % 32 + 1) % 32 + 1;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
