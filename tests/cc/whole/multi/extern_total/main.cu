// A __device__ variable declared extern in a header, defined in this file,
// updated by kernels of both .cu files (extern_total/total.h), built with
// -rdc=true: both add to one total, as nvcc links relocatable device code
// (device variables of a program built without -rdc are each file's own:
// that must not change this).  Checked against the sum of the additions.
#include <cstdio>
#include <cuda_runtime.h>
#include "total.h"

__device__ int d_total = 0;

__global__ void add_main(int n)
{
	atomicAdd(&d_total, n);
}

int main()
{
	int total = 0, passed = 0, failed = 0;

	add_main<<<2, 32>>>(1);
	int other = add_in_other_file(10);
	cudaMemcpyFromSymbol(&total, d_total, sizeof(int));
	const int want_total = 64 + 320, want_other = 64 + 320;
	printf("total here %d (want %d), in the other file %d (want %d)\n", total, want_total, other, want_other);
	(total == want_total && other == want_other) ? passed++ : failed++;
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
