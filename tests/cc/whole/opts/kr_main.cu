// C of the K&R era as old CUDA programs write it: main() defined without
// its return type.  nvcc takes int with a warning (#938-D); idxgen-cc
// inserts `int` with its own warning (lib/cc/edg_compat.c) instead of
// clang's "a type specifier is required" error.  The result is checked
// against the host's own loop.
#include <stdio.h>

__global__ void squares(int *a, int n)
{
	register int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		a[i] = i * i;
}

main()
{
	int *d, h[100], i, bad = 0;

	cudaMalloc((void **)&d, sizeof(h));
	squares<<<4, 32>>>(d, 100);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);
	for (i = 0; i < 100; i++)
		bad += h[i] != i * i;
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
