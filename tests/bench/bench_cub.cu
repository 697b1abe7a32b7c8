// SPDX-License-Identifier: MIT
// CUB's device-wide calls (include/cuda/cub) on large inputs (not
// pass/fail): DeviceReduce::Sum and DeviceScan::InclusiveSum of 16 Mi ints,
// DeviceRadixSort::SortPairs of 4 Mi, DeviceHistogram::HistogramEven of
// 16 Mi into 256 bins, each the median of 5 runs after a warm-up, printed
// as "name milliseconds check".  tests/bench/cub.mk builds it twice, with
// the chunks in parallel (oneTBB, the default) and with IDXGEN_CUB_SERIAL,
// and prints the two side by side with the ratio; the check value (a
// result of the call) must be the same in both.
#include <cub/cub.cuh>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

static double now()
{
	return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// median milliseconds of 5 runs after a warm-up; the check value of the last run
template <typename Run>
static void time_it(const char *name, Run run)
{
	std::vector<double> t(5);
	long long check = run();
	for (int r = 0; r < 5; r++) {
		double t0 = now();
		check = run();
		t[r] = now() - t0;
	}
	std::sort(t.begin(), t.end());
	printf("%s %.3f %lld\n", name, t[2] * 1e3, check);
}

int main()
{
	const int n = 1 << 24, ns = 1 << 22;
	int *in, *out, *keys, *vals, *kout, *vout, *hist;
	long long *sum;
	cudaMallocManaged(&in, n * sizeof(int));
	cudaMallocManaged(&out, n * sizeof(int));
	cudaMallocManaged(&sum, sizeof(long long));
	cudaMallocManaged(&keys, ns * sizeof(int));
	cudaMallocManaged(&vals, ns * sizeof(int));
	cudaMallocManaged(&kout, ns * sizeof(int));
	cudaMallocManaged(&vout, ns * sizeof(int));
	cudaMallocManaged(&hist, 256 * sizeof(int));
	unsigned long long s = 0x2545f4914f6cdd1dull;
	for (int i = 0; i < n; i++) {
		s = s * 6364136223846793005ull + 1442695040888963407ull;
		in[i] = (int)(s >> 40) - (1 << 23);
	}
	for (int i = 0; i < ns; i++)
		keys[i] = in[i], vals[i] = i;
	void *tmp = nullptr;
	size_t bytes = 0;
	cub::DeviceReduce::Sum(tmp, bytes, in, sum, n);
	cudaMalloc(&tmp, bytes);

	time_it("DeviceReduce::Sum_16Mi", [&] {
		cub::DeviceReduce::Sum(tmp, bytes, in, sum, n);
		return *sum;
	});
	time_it("DeviceScan::InclusiveSum_16Mi", [&] {
		cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);
		return (long long)out[n - 1];
	});
	time_it("DeviceRadixSort::SortPairs_4Mi", [&] {
		cub::DeviceRadixSort::SortPairs(tmp, bytes, keys, kout, vals, vout, ns);
		return (long long)vout[ns / 2];
	});
	time_it("DeviceHistogram::HistogramEven_16Mi", [&] {
		cub::DeviceHistogram::HistogramEven(tmp, bytes, in, hist, 257, -(1 << 23), 1 << 23, n);
		return (long long)hist[100];
	});
	cudaFree(tmp);
	return 0;
}
