// expect: 37:2: error: 'by_key_bits::operator()' differs under __CUDA_ARCH__ and thrust::sort would run its host branch where nvcc runs the device branch (idxgen's Thrust runs functors in device view only in for_each, generate, transform and tabulate)
// thrust::sort of device data with a __host__ __device__ comparator whose
// body differs under __CUDA_ARCH__: the device branch orders by the low
// byte (a radix-style key, as GPU codes pack keys), the host branch by the
// whole value.  nvcc's Thrust runs the device branch; idxgen's sort runs
// the comparator on host threads outside for_each's virtual grid, so the
// host order came out: "484 of 999 neighbours in the device branch's order"
// before (lib/cc/thrust_arch.c now refuses the call).  The check is that
// the low bytes are non-decreasing, whatever the sort's algorithm.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <cstdio>

struct by_key_bits {
	__host__ __device__ bool operator()(unsigned a, unsigned b) const
	{
#ifdef __CUDA_ARCH__
		return (a & 0xffu) < (b & 0xffu);
#else
		return a < b;
#endif
	}
};

int main(void)
{
	const int n = 1000;
	thrust::host_vector<unsigned> h(n);
	unsigned x = 12345;

	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = x >> 8;
	}
	thrust::device_vector<unsigned> d = h;
	thrust::sort(d.begin(), d.end(), by_key_bits());
	h = d;
	int ordered = 0;
	for (int i = 1; i < n; i++)
		ordered += (h[i - 1] & 0xffu) <= (h[i] & 0xffu);
	printf("%d of %d neighbours in the device branch's order\n", ordered, n - 1);
	printf("%s\n", ordered == n - 1 ? "PASS" : "FAIL");
	return ordered == n - 1 ? 0 : 1;
}
