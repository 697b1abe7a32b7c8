// Thrust calls given __host__ __device__ functors whose body differs under
// __CUDA_ARCH__ that idxgen-cc must still build (lib/cc/thrust_arch.c
// refuses only the calls that would take the host branch where nvcc takes
// the device branch), each checked for the branch nvcc would run:
//  - thrust::transform over device data: the device branch (for_each's
//    virtual grid, include/cuda/thrust/detail/idxgen_virtual_grid.h);
//  - thrust::transform reading a make_transform_iterator of such a
//    functor: the device branch (the iterator is dereferenced in the grid);
//  - thrust::reduce over a host_vector, thrust::reduce(thrust::host, ...)
//    and a plain call: the host branch, as nvcc's host pass.
// Prints "N passed, N failed", then PASS or FAIL.
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <thrust/transform.h>
#include <cstdio>

struct tagged {	/* device branch: x + 1000, host branch: x */
	__host__ __device__ int operator()(int x) const
	{
#ifdef __CUDA_ARCH__
		return x + 1000;
#else
		return x;
#endif
	}
};

struct tagged_sum {	/* device branch: a + b + 1, host branch: a + b */
	__host__ __device__ int operator()(int a, int b) const
	{
#ifdef __CUDA_ARCH__
		return a + b + 1;
#else
		return a + b;
#endif
	}
};

static int passed, failed;

static void check(bool ok, const char *what)
{
	ok ? passed++ : failed++;
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
}

int main(void)
{
	const int n = 300;
	thrust::device_vector<int> d(n), out(n);
	thrust::host_vector<int> h(n), got;
	bool all = true;

	thrust::sequence(d.begin(), d.end());
	thrust::sequence(h.begin(), h.end());
	thrust::transform(d.begin(), d.end(), out.begin(), tagged());
	got = out;
	for (int i = 0; i < n; i++)
		all &= got[i] == i + 1000;
	check(all, "thrust::transform on device data takes the device branch");
	thrust::transform(thrust::make_transform_iterator(d.begin(), tagged()),
			  thrust::make_transform_iterator(d.end(), tagged()), out.begin(), thrust::negate<int>());
	got = out;
	all = true;
	for (int i = 0; i < n; i++)
		all &= got[i] == -(i + 1000);
	check(all, "a transform_iterator read by thrust::transform takes the device branch");
	check(thrust::reduce(h.begin(), h.end(), 0, tagged_sum()) == n * (n - 1) / 2,
	      "thrust::reduce over a host_vector takes the host branch");
	check(thrust::reduce(thrust::host, h.begin(), h.end(), 0, tagged_sum()) == n * (n - 1) / 2,
	      "thrust::reduce(thrust::host, ...) takes the host branch");
	check(tagged()(5) == 5, "a plain host call takes the host branch");
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed != 0;
}
