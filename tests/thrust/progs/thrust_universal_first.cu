// SPDX-License-Identifier: MIT
// <thrust/universal_vector.h> as the first Thrust header, as programs that
// share one vector between kernels and host code write it (a kernel writes
// each element through the raw pointer, the host reads the vector back, a
// reduction with thrust::device from the headers included after it: CUDA
// 13's Thrust declares neither through universal_vector.h).
// idxgen-cc refused this before (Debian's universal_vector.h reached our
// select_system.h before thrust::malloc was declared: "'malloc' is not a
// member of 'thrust'"; so did <thrust/system/{cpp,omp,tbb}/vector.h>,
// memory.h, pointer.h and <thrust/mr/*_memory_resource.h> first).  Values
// are small integers: exact.  Checked against a loop on the host.  Prints
// PASSED or FAILED.
// Build: idxgen-cc -o thrust_universal_first thrust_universal_first.cu
//        nvcc -arch=sm_90 -o thrust_universal_first thrust_universal_first.cu
#include <cstdio>
#include <thrust/universal_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>

__global__ void squares(int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = i * i % 1000;
}

int main()
{
	const int n = 5000;
	thrust::universal_vector<int> v(n, -1);

	squares<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(v.data()), n);
	cudaDeviceSynchronize();
	long long want = 0;
	int same = 1;
	for (int i = 0; i < n; i++) {
		same &= v[i] == i * i % 1000;
		want += i * i % 1000;
	}
	long long sum = thrust::reduce(thrust::device, v.begin(), v.end(), 0LL);
	printf("kernel's values read back: %s; reduce %lld (want %lld)\n", same ? "yes" : "no", sum, want);
	printf("%s\n", same && sum == want ? "PASSED" : "FAILED");
	return same && sum == want ? 0 : 1;
}
