// <memory> after the implicit cuda_runtime.h: libstdc++ writes
// __attribute__((__noinline__)), which our header's __noinline__ macro once
// turned into a nested attribute ("use of undeclared identifier 'noinline'"
// in shared_ptr_base.h).  Thrust includes <memory>; so do many programs.
#include <cstdio>
#include <memory>
#include <cuda_runtime.h>

__noinline__ __device__ int twice(int v)
{
	return 2 * v;
}

__global__ void fill(int *a)
{
	a[threadIdx.x] = twice(threadIdx.x);
}

int main()
{
	std::unique_ptr<int[]> h(new int[32]);
	auto shared = std::make_shared<int>(5);
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	fill<<<1, 32>>>(d);
	cudaMemcpy(h.get(), d, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	bool ok = *shared == 5;
	for (int i = 0; i < 32; i++)
		ok &= h[i] == 2 * i;
	cudaFree(d);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
