// SPDX-License-Identifier: MIT
// Thrust's error reporting as samples use it: CUDA calls checked by a
// helper that throws thrust::system_error with thrust::cuda_category(),
// Thrust work wrapped in try/catch (thrust::system_error &), the
// error_code's value, category and message read back, errc constants
// compared.  Only algorithm and container headers are included, as in
// those samples: <thrust/system_error.h> comes with them.  Prints PASSED
// or FAILED.
// Build: idxgen-cc -o thrust_system_error thrust_system_error.cu
//        nvcc -arch=sm_90 -o thrust_system_error thrust_system_error.cu
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>

static int failures;

static void expect(bool cond, const char *what)
{
	if (!cond) {
		printf("FAILED: %s\n", what);
		failures++;
	}
}

// the helper samples write around CUDA calls
static void check_cuda(cudaError_t status, const char *call)
{
	if (status != cudaSuccess)
		throw thrust::system_error(status, thrust::cuda_category(), call);
}

__global__ void scale(float *v, int n, float f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= f;
}

int main()
{
	// the normal path: nothing thrown
	try {
		const int n = 4099;
		thrust::host_vector<float> h(n);
		for (int i = 0; i < n; i++)
			h[i] = (float)((i * 37) % n);
		thrust::device_vector<float> d = h;
		scale<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d.data()), n, 2.0f);
		check_cuda(cudaGetLastError(), "scale");
		check_cuda(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
		thrust::sort(d.begin(), d.end());
		float sum = thrust::reduce(d.begin(), d.end());
		// 37 is prime to 4099, so h is a permutation of 0..n-1, doubled
		expect(sum == (float)n * (float)(n - 1), "sum of the doubled permutation");
		expect(d[0] == 0.0f && d[n - 1] == 2.0f * (n - 1), "sorted ends");
	} catch (thrust::system_error &e) {
		printf("FAILED: unexpected thrust::system_error: %s\n", e.what());
		failures++;
	}

	// a failing CUDA call reported through the helper
	bool caught = false;
	try {
		void *p = NULL;
		check_cuda(cudaMemcpy(p, p, 16, (cudaMemcpyKind)12345), "cudaMemcpy");
	} catch (thrust::system_error &e) {
		caught = true;
		expect(e.code().value() == cudaErrorInvalidMemcpyDirection, "error_code value is the cudaError_t");
		expect(std::strcmp(e.code().category().name(), "cuda") == 0, "category name is \"cuda\"");
		expect(e.code().category() == thrust::cuda_category(), "category is thrust::cuda_category()");
		std::string what = e.what();
		expect(what.compare(0, 10, "cudaMemcpy") == 0, "what() starts with the caller's text");
		expect(what.find(cudaGetErrorString(cudaErrorInvalidMemcpyDirection)) != std::string::npos,
		       "what() holds cudaGetErrorString's text");
	}
	expect(caught, "the helper threw thrust::system_error");
	cudaGetLastError();

	// the same through thrust::system:: names, caught as std::runtime_error
	caught = false;
	try {
		thrust::system::error_code ec(cudaErrorInvalidValue, thrust::system::cuda_category());
		throw thrust::system::system_error(ec, "explicit");
	} catch (std::runtime_error &e) {
		caught = true;
		expect(std::string(e.what()).find(cudaGetErrorString(cudaErrorInvalidValue)) != std::string::npos,
		       "std::runtime_error what() holds the CUDA message");
	}
	expect(caught, "thrust::system::system_error is a std::runtime_error");

	// errc constants are the cudaError_t values
	expect((int)thrust::cuda::errc::invalid_value == (int)cudaErrorInvalidValue, "errc::invalid_value");
	expect((int)thrust::system::cuda::errc::memory_allocation == (int)cudaErrorMemoryAllocation, "errc::memory_allocation");
	thrust::system::error_code ok(cudaSuccess, thrust::cuda_category());
	expect(!ok, "cudaSuccess is no error");

	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
