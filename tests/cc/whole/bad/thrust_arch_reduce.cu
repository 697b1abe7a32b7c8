// expect: 38:12: error: 'clamped_sum::operator()' differs under __CUDA_ARCH__ and thrust::reduce would run its host branch where nvcc runs the device branch (idxgen's Thrust runs functors in device view only in for_each, generate, transform and tabulate)
// thrust::reduce over a device_vector with a __host__ __device__ operator
// whose body differs under __CUDA_ARCH__ (a device branch that saturates,
// as fixed-point codes do on the GPU; a host branch that does not).  nvcc's
// Thrust runs the device branch; idxgen's TBB/OpenMP reduce runs on host
// threads, outside the virtual grid of for_each, so it ran the host branch:
// "sum 5050, want 1000" before (lib/cc/thrust_arch.c now refuses the call).
// The reference is the device branch's saturating sum, which does not
// depend on the order Thrust combines the elements in.
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <cstdio>

#define LIMIT 1000

struct clamped_sum {
	__host__ __device__ int operator()(int a, int b) const
	{
#ifdef __CUDA_ARCH__
		int s = a + b;

		return s > LIMIT ? LIMIT : s;
#else
		return a + b;
#endif
	}
};

int main(void)
{
	thrust::device_vector<int> v(100);
	int want = 0;

	thrust::sequence(v.begin(), v.end(), 1);
	for (int i = 1; i <= 100; i++)
		want = want + i > LIMIT ? LIMIT : want + i;
	int sum = thrust::reduce(v.begin(), v.end(), 0, clamped_sum());
	printf("sum %d, want %d\n", sum, want);
	printf("%s\n", sum == want ? "PASS" : "FAIL");
	return sum == want ? 0 : 1;
}
