// expect: 23:21: error: macro 'ROWS_PER_BLOCK' expands 'WARP_LANES', which nvcc's device pass defines otherwise (#if on __CUDA_ARCH__): in device code it would take the host pass's text; not supported (define 'ROWS_PER_BLOCK' in both branches of that #if)
// A macro that names another whose definition depends on __CUDA_ARCH__:
// nvcc's device pass expands the device text inside it, which idxgen-cc
// (one pass, renaming only direct uses in device code) cannot give it here.
#include <cstdio>
#include <cuda_runtime.h>

#ifdef __CUDA_ARCH__
#define WARP_LANES 32
#else
#define WARP_LANES 1
#endif

#define LANE_GROUPS(n) ((n) / WARP_LANES)
#define ROWS_PER_BLOCK LANE_GROUPS(256)

__global__ void rows(int *out)
{
	// a direct use is renamed: fine
	int lanes = WARP_LANES;

	// through two macros: refused here
	out[threadIdx.x] = ROWS_PER_BLOCK + lanes;
}

int main()
{
	int *out;
	cudaMallocManaged(&out, 32 * sizeof(int));
	rows<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	printf("host: %d groups\n", LANE_GROUPS(256));
	printf("%s\n", out[0] == 8 + 32 ? "PASS" : "FAIL");
	return 0;
}
