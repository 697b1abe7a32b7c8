// Regression (HeCBench logic-rewrite's strash.cu): a kernel declared in a
// namespace and defined outside it, `__global__ void Aig::build(...)`,
// launched as `Aig::build<<< >>>`.  The registration written after the
// definition named it `&build`, undeclared at that scope: the C++ did not
// compile (an internal error).  Nested namespaces too; results checked
// against the host.
#include <cstdio>
#include <cuda_runtime.h>

namespace Aig {
__global__ void build(int n, int *out);
namespace Inner {
__global__ void twice(int n, int *out);
}
}

__global__ void Aig::build(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = 3 * i + 1;
}

__global__ void Aig::Inner::twice(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] *= 2;
}

int main()
{
	const int n = 100;
	int h[n], *d, bad = 0;

	cudaMalloc(&d, sizeof(h));
	Aig::build<<<(n + 31) / 32, 32>>>(n, d);
	Aig::Inner::twice<<<(n + 31) / 32, 32>>>(n, d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (h[i] != 2 * (3 * i + 1) && bad++ < 4)
			printf("element %d: %d, expected %d\n", i, h[i], 2 * (3 * i + 1));
	cudaFree(d);
	printf("%d mismatches\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
