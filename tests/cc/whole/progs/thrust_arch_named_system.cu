// A program that names its Thrust device system (here the serial C++ one,
// as THRUST_DEVICE_SYSTEM allows) gets host code under nvcc too: Thrust's
// C++, TBB and OpenMP systems are compiled by nvcc's host pass, so a
// __host__ __device__ functor split under __CUDA_ARCH__ takes its host
// branch in every algorithm.  idxgen-cc must build it (lib/cc/thrust_arch.c
// refuses only where idxgen chose the device system in CUDA's place) and
// the host branch must run.  (A sort is left out: nvcc 13's Thrust does not
// compile one on the C++ device system, "device code does not support
// exception handling".)  Prints "N passed, N failed", then PASS or FAIL.
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#include <thrust/device_vector.h>
#include <thrust/reduce.h>
#include <thrust/sequence.h>
#include <cstdio>

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

int main(void)
{
	const int n = 100;
	thrust::device_vector<int> d(n);
	int passed = 0, failed = 0;

	thrust::sequence(d.begin(), d.end(), n, -1);
	thrust::reduce(d.begin(), d.end(), 0, tagged_sum()) == n * (n + 1) / 2 ? passed++ : failed++;
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed != 0;
}
