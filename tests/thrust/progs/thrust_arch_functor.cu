// SPDX-License-Identifier: MIT
// Thrust device algorithms calling __host__ __device__ functors whose body
// differs under __CUDA_ARCH__, as simulation codes seed their points: a
// generator hashes its thread's global index (plus a per-copy count that it
// steps by the grid's size, as one thread may be called more than once), the
// host branch hashes a constant.  On a GPU the device branch runs, so the
// points differ; a device system that runs the host branch makes them all
// equal.  Checks independent of how Thrust assigns elements to threads
// (CUDA leaves it unspecified): all points distinct, every index the device
// branch saw inside its grid, host calls of the same functors taking the host
// branch (a plain call and thrust::host over a host_vector).
// Prints "N passed, N failed", then PASSED or FAILED.
// Build: idxgen-cc -o thrust_arch_functor thrust_arch_functor.cu
//        nvcc -arch=sm_90 -o thrust_arch_functor thrust_arch_functor.cu
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/for_each.h>
#include <thrust/generate.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/random.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <thrust/tuple.h>
#include <algorithm>
#include <cstdio>
#include <utility>
#include <vector>

static int passed, failed;

static void report(const char *what, bool ok)
{
	printf("%s: %s\n", what, ok ? "ok" : "WRONG");
	ok ? passed++ : failed++;
}

struct point_source {
	unsigned count;

	__host__ __device__ point_source() : count(0) {}

	__host__ __device__ static unsigned mix(unsigned a)
	{
		a = (a ^ 61u) ^ (a >> 16);
		a = a + (a << 3);
		a = a ^ (a >> 4);
		a = a * 0x27d4eb2du;
		return a ^ (a >> 15);
	}

	__host__ __device__ thrust::tuple<float, float> operator()()
	{
#ifdef __CUDA_ARCH__
		unsigned seed = mix(blockIdx.x * blockDim.x + threadIdx.x + count);
		count += blockDim.x * gridDim.x;
#else
		unsigned seed = mix(0);
#endif
		thrust::default_random_engine rng(seed);
		thrust::uniform_real_distribution<float> u;
		float x = u(rng);
		return thrust::make_tuple(x, u(rng));
	}
};

// 1 where the device branch ran, -1 on the host branch
struct which_branch {
	__host__ __device__ int operator()(int v) const
	{
#if defined(__CUDA_ARCH__)
		return v >= 0 ? 1 : 0;
#else
		return v >= 0 ? -1 : 0;
#endif
	}
};

// records, per element, whether the indices its thread saw lie in its grid
struct index_probe {
	int *ok;

	__host__ __device__ void operator()(int i) const
	{
#ifdef __CUDA_ARCH__
		ok[i] = threadIdx.x < blockDim.x && blockIdx.x < gridDim.x && threadIdx.y == 0 && blockIdx.y == 0 &&
			blockDim.y == 1 && gridDim.y == 1;
#else
		ok[i] = 2;
#endif
	}
};

int main(void)
{
	const int n = 4096;

	// thrust::generate over a zip of two device_vectors (the sample's shape)
	thrust::device_vector<float> x(n), y(n);
	point_source gen;
	thrust::generate(thrust::make_zip_iterator(thrust::make_tuple(x.begin(), y.begin())),
			 thrust::make_zip_iterator(thrust::make_tuple(x.end(), y.end())), gen);
	thrust::host_vector<float> hx = x, hy = y;
	std::vector<std::pair<float, float> > pts(n);
	for (int i = 0; i < n; i++)
		pts[i] = std::make_pair(hx[i], hy[i]);
	std::sort(pts.begin(), pts.end());
	long distinct = std::unique(pts.begin(), pts.end()) - pts.begin();
	printf("generate: %ld distinct points of %d\n", distinct, n);
	report("generate over device zip: points distinct", distinct == n);

	// thrust::transform with the thrust::device policy
	thrust::device_vector<int> in(n), out(n, 7);
	thrust::sequence(in.begin(), in.end());
	thrust::transform(thrust::device, in.begin(), in.end(), out.begin(), which_branch());
	thrust::host_vector<int> h = out;
	report("transform(device): device branch for each element", std::count(h.begin(), h.end(), 1) == n);

	// thrust::for_each over a counting iterator into cudaMalloc memory
	int *d_ok = nullptr;
	cudaMalloc(&d_ok, n * sizeof(int));
	index_probe probe = { d_ok };
	thrust::for_each(thrust::device, thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n), probe);
	std::vector<int> ok(n);
	cudaMemcpy(ok.data(), d_ok, n * sizeof(int), cudaMemcpyDeviceToHost);
	report("for_each(device): indices inside the grid", std::count(ok.begin(), ok.end(), 1) == n);
	cudaFree(d_ok);

	// the same functors called by host code keep the host branch
	report("plain host call: host branch", which_branch()(5) == -1);
	thrust::host_vector<int> hin(n, 3), hout(n, 7);
	thrust::transform(thrust::host, hin.begin(), hin.end(), hout.begin(), which_branch());
	report("transform(host) over host_vector: host branch", std::count(hout.begin(), hout.end(), -1) == n);
	point_source hgen;
	thrust::tuple<float, float> a = hgen(), b = point_source()();
	report("generator on the host: host branch (constant seed)",
	       thrust::get<0>(a) == thrust::get<0>(b) && thrust::get<1>(a) == thrust::get<1>(b));

	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAILED" : "PASSED");
	return failed ? 1 : 0;
}
