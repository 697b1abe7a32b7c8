// Device-side printf (from one thread per launch, so the output is
// deterministic: the runner compares it with printf_assert.expected) with
// %d %u %x %lld %f %e %s %c formats, and device assert() on conditions
// that hold.
#include <cstdio>
#include <cassert>
#include <cuda_runtime.h>

__device__ int triangle(int k) { return k * (k + 1) / 2; }

__global__ void report(const int *data, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		assert(data[i] == triangle(i));
	if (i == 0) {
		printf("device: n=%d first=%d last=%d\n", n, data[0], data[n - 1]);
		printf("device: hex=%x unsigned=%u big=%lld\n", 48879, 4000000000u, 1LL << 40);
		printf("device: float=%.3f sci=%.2e str=%s char=%c\n", 3.14159f, 12345.678, "ok", 'Z');
	}
}

__global__ void ordered(int rounds)
{
	// One thread prints several lines in a fixed order.
	if (threadIdx.x == 0 && blockIdx.x == 0)
		for (int r = 0; r < rounds; r++)
			printf("round %d of %d: %d\n", r + 1, rounds, triangle(r + 1));
}

int main()
{
	const int n = 100;
	int h[n];
	for (int i = 0; i < n; i++)
		h[i] = i * (i + 1) / 2;
	int *d;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	printf("host: before\n");
	fflush(stdout);
	report<<<4, 32>>>(d, n);
	cudaDeviceSynchronize(); // flushes the device printf buffer
	ordered<<<2, 64>>>(3);
	cudaError_t e = cudaDeviceSynchronize();
	printf("host: after (%s)\n", cudaGetErrorString(e));
	cudaFree(d);
	bool ok = e == cudaSuccess;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
