// SPDX-License-Identifier: MIT
// Thrust as tutorials use it: random numbers generated on the host, copied
// into a device_vector, sorted, summed with thrust::reduce, a histogram of
// the sorted keys with upper_bound + adjacent_difference, and a kernel
// launched on the raw pointer of a device_vector.  Prints PASSED or FAILED.
// Build: idxgen-cc -o thrust_sort_reduce thrust_sort_reduce.cu
//        nvcc -arch=sm_90 -o thrust_sort_reduce thrust_sort_reduce.cu
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/binary_search.h>
#include <thrust/adjacent_difference.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/generate.h>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

__global__ void square(int *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = v[i] * v[i];
}

int main()
{
	const int N = 100003, BINS = 10;
	srand(12345);
	thrust::host_vector<int> h(N);
	thrust::generate(h.begin(), h.end(), [] { return rand() % 100; });
	std::vector<int> ref(h.begin(), h.end());

	thrust::device_vector<int> d = h;
	thrust::sort(d.begin(), d.end());
	long long sum = thrust::reduce(d.begin(), d.end(), 0LL, thrust::plus<long long>());

	// histogram: counts of [0,10), [10,20), ... via upper_bound on the sorted keys
	thrust::device_vector<int> edges(BINS), hist(BINS);
	thrust::counting_iterator<int> first(1);
	thrust::transform(first, first + BINS, edges.begin(), thrust::placeholders::_1 * 10 - 1);
	thrust::upper_bound(d.begin(), d.end(), edges.begin(), edges.end(), hist.begin());
	thrust::adjacent_difference(hist.begin(), hist.end(), hist.begin());

	// a kernel on the device_vector's storage
	square<<<(N + 255) / 256, 256>>>(thrust::raw_pointer_cast(d.data()), N);
	cudaDeviceSynchronize();
	long long sumsq = thrust::reduce(d.begin(), d.end(), 0LL, thrust::plus<long long>());

	std::sort(ref.begin(), ref.end());
	long long want = 0, wantsq = 0;
	int want_hist[BINS] = { 0 };
	for (int v : ref) {
		want += v;
		wantsq += (long long)v * v;
		want_hist[v / 10]++;
	}
	bool ok = sum == want && sumsq == wantsq;
	for (int b = 0; b < BINS; b++)
		ok &= hist[b] == want_hist[b];
	printf("sum %lld (want %lld), sum of squares %lld (want %lld), first bin %d (want %d)\n", sum, want, sumsq,
	       wantsq, (int)hist[0], want_hist[0]);
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
