// expect: 39:8: error: 'scaled::operator()' differs under __CUDA_ARCH__ and thrust::reduce would run its host branch where nvcc runs the device branch (idxgen's Thrust runs functors in device view only in for_each, generate, transform and tabulate)
// A transform_iterator's __host__ __device__ functor, split under
// __CUDA_ARCH__, dereferenced by thrust::reduce over device data (the
// public style of sums of squares: reduce(make_transform_iterator(...))).
// nvcc's reduce dereferences it in device code; idxgen's reduce on host
// threads ran the host branch: "sum 328350, want 656700" before.  The
// functor is found in the iterator's type at the reduce, and
// make_transform_iterator itself (which only keeps it) is not refused.
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <cstdio>

struct scaled {
	__host__ __device__ long operator()(int x) const
	{
#ifdef __CUDA_ARCH__
		return 2L * x * x;
#else
		return (long)x * x;
#endif
	}
};

int main(void)
{
	thrust::device_vector<int> v(100);
	long want = 0;

	thrust::sequence(v.begin(), v.end());
	for (int i = 0; i < 100; i++)
		want += 2L * i * i;
	auto first = thrust::make_transform_iterator(v.begin(), scaled());
	auto last = thrust::make_transform_iterator(v.end(), scaled());
	long sum;

	sum = thrust::reduce(first, last, 0L, thrust::plus<long>());
	printf("sum %ld, want %ld\n", sum, want);
	printf("%s\n", sum == want ? "PASS" : "FAIL");
	return sum == want ? 0 : 1;
}
