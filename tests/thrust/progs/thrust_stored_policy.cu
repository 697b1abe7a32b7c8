// SPDX-License-Identifier: MIT
// A stream policy kept in a variable, as pipeline codes write it:
//   auto policy = thrust::cuda::par.on(stream);
// made once, then for each step a kernel is launched on the stream and a
// Thrust algorithm is called with the stored policy.  Thrust must order the
// algorithm after the kernel (stream order), although .on() ran before the
// kernel was launched.  A host function queued first holds the stream for a
// while, so an algorithm that does not wait for the stream reads the arrays
// before the kernel wrote them.  transform, sort, unique, copy_if, reduce
// and inclusive_scan, each checked against std:: on what the kernel wrote.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o thrust_stored_policy thrust_stored_policy.cu
//        nvcc -arch=sm_90 -o thrust_stored_policy thrust_stored_policy.cu
#include <thrust/copy.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>
#include <thrust/unique.h>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>
#include <thread>
#include <vector>

#define CHECK(call)                                                                      \
	do {                                                                             \
		cudaError_t e_ = (call);                                                 \
		if (e_ != cudaSuccess) {                                                 \
			printf("%s:%d: %s\nFAILED\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			return 1;                                                        \
		}                                                                        \
	} while (0)

// The value the kernel writes at i for step s: repeats (for unique), both parities.
__host__ __device__ inline int value_at(int i, int s)
{
	return ((i / 3) * 7919 + s * 13) % 1009 - 300;
}

__global__ void produce(int *out, int n, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = value_at(i, s);
}

struct twice_plus_one {
	__host__ __device__ int operator()(int x) const { return 2 * x + 1; }
};

struct is_positive {
	__host__ __device__ bool operator()(int x) const { return x > 0; }
};

static void CUDART_CB hold_stream(void *)
{
	std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

static std::vector<int> expected_input(int n, int s)
{
	std::vector<int> v(n);
	for (int i = 0; i < n; i++)
		v[i] = value_at(i, s);
	return v;
}

int main()
{
	const int n = 30011;
	int *d_in, *d_out;
	cudaStream_t stream;
	CHECK(cudaStreamCreate(&stream));
	CHECK(cudaMalloc(&d_in, n * sizeof(int)));
	CHECK(cudaMalloc(&d_out, n * sizeof(int)));

	auto policy = thrust::cuda::par.on(stream); // made once, used by every step below
	int failures = 0, step = 0;
	std::vector<int> got(n);

	auto launch = [&](int s) {
		CHECK(cudaMemset(d_in, 0, n * sizeof(int)));
		CHECK(cudaDeviceSynchronize());
		CHECK(cudaLaunchHostFunc(stream, hold_stream, nullptr));
		produce<<<(n + 255) / 256, 256, 0, stream>>>(d_in, n, s);
		return 0;
	};
	auto report = [&](const char *what, bool ok) {
		printf("%-16s %s\n", what, ok ? "ok" : "WRONG");
		failures += !ok;
	};

	// transform
	launch(++step);
	thrust::transform(policy, d_in, d_in + n, d_out, twice_plus_one());
	CHECK(cudaStreamSynchronize(stream));
	{
		std::vector<int> want = expected_input(n, step);
		std::transform(want.begin(), want.end(), want.begin(), [](int x) { return 2 * x + 1; });
		CHECK(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
		report("transform", got == want);
	}

	// sort
	launch(++step);
	thrust::sort(policy, d_in, d_in + n);
	CHECK(cudaStreamSynchronize(stream));
	{
		std::vector<int> want = expected_input(n, step);
		std::sort(want.begin(), want.end());
		CHECK(cudaMemcpy(got.data(), d_in, n * sizeof(int), cudaMemcpyDeviceToHost));
		report("sort", got == want);
	}

	// unique (in place)
	launch(++step);
	int *end = thrust::unique(policy, d_in, d_in + n);
	CHECK(cudaStreamSynchronize(stream));
	{
		std::vector<int> want = expected_input(n, step);
		want.erase(std::unique(want.begin(), want.end()), want.end());
		long kept = end - d_in;
		CHECK(cudaMemcpy(got.data(), d_in, n * sizeof(int), cudaMemcpyDeviceToHost));
		report("unique", kept == (long)want.size() && std::equal(want.begin(), want.end(), got.begin()));
	}

	// copy_if
	launch(++step);
	int *last = thrust::copy_if(policy, d_in, d_in + n, d_out, is_positive());
	CHECK(cudaStreamSynchronize(stream));
	{
		std::vector<int> in = expected_input(n, step), want;
		std::copy_if(in.begin(), in.end(), std::back_inserter(want), [](int x) { return x > 0; });
		long kept = last - d_out;
		CHECK(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
		report("copy_if", kept == (long)want.size() && std::equal(want.begin(), want.end(), got.begin()));
	}

	// reduce
	launch(++step);
	long long sum = thrust::reduce(policy, d_in, d_in + n, 0LL);
	{
		std::vector<int> in = expected_input(n, step);
		report("reduce", sum == std::accumulate(in.begin(), in.end(), 0LL));
	}

	// inclusive_scan
	launch(++step);
	thrust::inclusive_scan(policy, d_in, d_in + n, d_out);
	CHECK(cudaStreamSynchronize(stream));
	{
		std::vector<int> want = expected_input(n, step);
		std::partial_sum(want.begin(), want.end(), want.begin());
		CHECK(cudaMemcpy(got.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
		report("inclusive_scan", got == want);
	}

	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	CHECK(cudaStreamDestroy(stream));
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
