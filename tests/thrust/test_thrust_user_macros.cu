// Thrust under a program's own one-letter and sizing macros (issue 44):
// built with -D of every upper-case letter and of SIZE, BLOCK_SIZE, DIM,
// TILE, WARP_SIZE, BLOCK and THREADS (=1000), as programs that size
// themselves with -DN=... or -DT=float are.  Thrust names its template
// parameters T, N, ..., so before include/cuda/thrust's wrappers the first
// header stopped the build.  The macros are the program's again after the
// includes (checked below, by design: its own code sees them); the
// algorithms, instantiated after the includes with the macros defined, are
// checked against std:: on the host.  TAP.  nvcc builds it with
// -DTHREADS=1000 only (NVIDIA's Thrust stops at -DT=1000).
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/transform_reduce.h>
#include <thrust/scan.h>
#include <thrust/copy.h>
#include <thrust/count.h>
#include <thrust/unique.h>
#include <thrust/sequence.h>
#include <thrust/functional.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/random.h>
#include <thrust/complex.h>
#include <thrust/tuple.h>
#include <algorithm>
#include <numeric>
#include <vector>
#include "tap.h"

#ifndef THREADS
#error "built without -DTHREADS"
#endif
// the program's macros are its own again after Thrust's headers
static_assert(THREADS == 1000, "THREADS is the program's after the includes");
#ifdef T
static_assert(T == 1000 && N == 1000 && TILE == 1000,
	      "T, N, TILE are the program's after the includes");
#endif

struct square {
	__host__ __device__ int operator()(int x) const
	{
		return x * x;
	}
};

struct is_even {
	__host__ __device__ bool operator()(int x) const
	{
		return x % 2 == 0;
	}
};

int main()
{
	const int n = THREADS + 17;
	std::vector<int> h(n);
	for (int i = 0; i < n; i++)
		h[i] = (i * 7919) % 1009;

	thrust::device_vector<int> d(h.begin(), h.end());
	thrust::sort(d.begin(), d.end());
	std::vector<int> s = h;
	std::sort(s.begin(), s.end());
	thrust::host_vector<int> back = d;
	tap_ok(std::equal(s.begin(), s.end(), back.begin()), "sort of %d = std::sort", n);

	long long sum = thrust::reduce(thrust::device, d.begin(), d.end(), 0LL);
	tap_ok(sum == std::accumulate(h.begin(), h.end(), 0LL), "reduce = std::accumulate (%lld)",
	       sum);

	long long sq =
	    thrust::transform_reduce(d.begin(), d.end(), square(), 0LL, thrust::plus<long long>());
	long long want_sq = 0;
	for (int v : h)
		want_sq += (long long)v * v;
	tap_ok(sq == want_sq, "transform_reduce of squares");

	thrust::device_vector<int> scan(n);
	thrust::inclusive_scan(thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(n),
			       scan.begin());
	tap_ok(scan[n - 1] == n * (n - 1) / 2, "inclusive_scan of a counting_iterator");

	thrust::device_vector<int> evens(n);
	long kept = thrust::copy_if(d.begin(), d.end(), evens.begin(), is_even()) - evens.begin();
	tap_ok(kept == std::count_if(h.begin(), h.end(), [](int x) { return x % 2 == 0; }) &&
		   thrust::count_if(d.begin(), d.end(), is_even()) == kept,
	       "copy_if, count_if of the even values (%ld)", kept);

	long distinct = thrust::unique(d.begin(), d.end()) - d.begin();
	tap_ok(distinct == std::unique(s.begin(), s.end()) - s.begin(),
	       "unique of the sorted values (%ld)", distinct);

	thrust::default_random_engine rng(1234);
	thrust::uniform_int_distribution<int> dist(0, 9);
	int in_range = 1;
	for (int i = 0; i < 100; i++) {
		int v = dist(rng);
		in_range &= v >= 0 && v <= 9;
	}
	tap_ok(in_range, "uniform_int_distribution draws in [0, 9]");

	thrust::complex<double> z(3.0, 4.0);
	tap_ok(thrust::abs(z) == 5.0, "thrust::abs of 3+4i is 5");

	thrust::tuple<int, int> t = thrust::make_tuple(2, 3);
	tap_ok(thrust::get<0>(t) * thrust::get<1>(t) == 6, "thrust::tuple");
	return tap_done();
}
