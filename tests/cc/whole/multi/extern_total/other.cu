// The file without the definition of d_total (extern_total).
#include <cuda_runtime.h>
#include "total.h"

__global__ void add_other(int n)
{
	atomicAdd(&d_total, n);
}

int add_in_other_file(int n)
{
	int seen = 0;

	add_other<<<1, 32>>>(n);
	cudaMemcpyFromSymbol(&seen, d_total, sizeof(int));
	return seen;
}
