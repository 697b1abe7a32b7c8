// Whole launches written in macros of a header reached only through
// `#include <...>` (found by -I ../inc, then one more angle include inside
// it), and a kernel that a macro of that header writes.  Before, such
// headers were never read for launch macros (only quoted includes were), the
// launches stayed in the macros, and the build stopped: "a kernel launch
// <<<...>>> written inside a macro is not supported".  Results against host
// loops.
#include <cstdio>
#include <cuda_runtime.h>
#include <launch_kit.cuh>

__global__ void fill(int n, int *p, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] = v + i;
}

__global__ void twice(int n, int *p)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] *= 2;
}

SCALE_KERNEL(triple, 3)

int main()
{
	const int n = 1000;
	int *d, h[n], bad = 0;

	cudaMalloc(&d, n * sizeof(int));
	LAUNCH_1D(fill, n, d, 7);
	LAUNCH_KIT(twice, (n + 255) / 256, 256, n, d);
	LAUNCH_1D(triple, n, d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		bad += h[i] != 6 * (7 + i);
	cudaFree(d);
	printf("%d of %d wrong\n", bad, n);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
