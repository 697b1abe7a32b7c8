// SPDX-License-Identifier: MIT
// <thrust/device_ptr.h> as the first Thrust header, then the policy and the
// algorithm, as image-quality codes write it (a kernel fills a per-pixel map
// in cudaMalloc'd memory, Thrust reduces it through a device_ptr to a mean).
// idxgen-cc refused this order before (Debian's memory.h, reached from
// device_ptr.h, met our select_system.h before thrust::malloc existed: "too
// many errors emitted").  Sums are of small integers, so exact in float;
// checked against a loop on a host copy.  Prints PASSED or FAILED.
// Build: idxgen-cc -o thrust_device_ptr_first thrust_device_ptr_first.cu
//        nvcc -arch=sm_90 -o thrust_device_ptr_first thrust_device_ptr_first.cu
#include <cuda_runtime.h>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <cstdio>
#include <vector>

static int failures;

static void expect(bool cond, const char *what)
{
	if (!cond) {
		printf("FAILED: %s\n", what);
		failures++;
	}
}

__global__ void pixel_map(float *map, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	if (x < w && y < h)
		map[y * w + x] = (float)((x * 7 + y * 3) % 11);
}

int main()
{
	const int w = 97, h = 61, n = w * h;
	float *map = NULL;
	if (cudaMalloc(&map, n * sizeof(float)) != cudaSuccess) {
		printf("FAILED: cudaMalloc\n");
		return 1;
	}
	dim3 block(16, 16), grid((w + 15) / 16, (h + 15) / 16);
	pixel_map<<<grid, block>>>(map, w, h);
	expect(cudaDeviceSynchronize() == cudaSuccess, "pixel_map ran");

	std::vector<float> host(n);
	cudaMemcpy(host.data(), map, n * sizeof(float), cudaMemcpyDeviceToHost);
	float want = 0.0f;
	for (int i = 0; i < n; i++)
		want += host[i];

	thrust::device_ptr<float> p = thrust::device_pointer_cast(map);
	float sum = thrust::reduce(thrust::device, p, p + n);
	expect(sum == want, "reduce through device_ptr with thrust::device");
	float sum2 = thrust::reduce(p, p + n, 0.0f, thrust::plus<float>());
	expect(sum2 == want, "reduce through device_ptr, the pointer's own system");
	p[0] = 100.0f;	// a device_reference write
	expect(thrust::reduce(p, p + n) == want - host[0] + 100.0f, "a write through device_ptr is seen");
	cudaFree(map);

	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
