// The kernel is defined in an included file (include_kernel/kern.cuh).
#include <cstdio>
#include "include_kernel/kern.cuh"
int main()
{
	const int n = 256;
	float h[n], *d;
	for (int i = 0; i < n; i++)
		h[i] = (float)i;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	scale<<<n / 64, 64>>>(d, n);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++)
		ok &= h[i] == 2.0f * (float)((i / 64) * 64 + 63 - i % 64);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
