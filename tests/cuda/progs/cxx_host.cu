// Host code in modern C++ as the larger benchmark collections write it:
// <vector>, <iostream>, <chrono>, <random>, <algorithm>, <numeric>, std::vector
// buffers, std::mt19937 with a fixed seed, std::chrono timing (printed, not
// compared), range-for, auto, host lambdas, std::sort / std::accumulate /
// std::equal for the reference and the check, and std::cout for the report.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <numeric>
#include <random>
#include <vector>
#include <cuda_runtime.h>

template <typename T> __global__ void clamp_and_square(const T *in, T *out, int n, T lo, T hi)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		T v = in[i] < lo ? lo : (in[i] > hi ? hi : in[i]);
		out[i] = v * v;
	}
}

int main(int argc, char *argv[])
{
	const int n = argc > 1 ? std::stoi(argv[1]) : 50000;
	const int repeat = 5;
	std::mt19937 gen(19937);
	std::uniform_int_distribution<int> dist(-1000, 1000);
	std::vector<long long> in(n), out(n), ref(n);
	for (auto &v : in)
		v = dist(gen);

	long long *d_in, *d_out;
	cudaMalloc(&d_in, n * sizeof(long long));
	cudaMalloc(&d_out, n * sizeof(long long));
	cudaMemcpy(d_in, in.data(), n * sizeof(long long), cudaMemcpyHostToDevice);

	const long long lo = -500, hi = 700;
	auto start = std::chrono::steady_clock::now();
	for (int r = 0; r < repeat; r++)
		clamp_and_square<long long><<<(n + 255) / 256, 256>>>(d_in, d_out, n, lo, hi);
	cudaDeviceSynchronize();
	auto end = std::chrono::steady_clock::now();
	auto us = std::chrono::duration_cast<std::chrono::microseconds>(end - start).count();
	std::cout << "Average kernel time: " << (us / repeat) << " us" << std::endl;
	cudaMemcpy(out.data(), d_out, n * sizeof(long long), cudaMemcpyDeviceToHost);

	auto clamp_sq = [lo, hi](long long v) {
		long long c = std::min(std::max(v, lo), hi);
		return c * c;
	};
	std::transform(in.begin(), in.end(), ref.begin(), clamp_sq);
	bool ok = std::equal(out.begin(), out.end(), ref.begin());
	long long sum = std::accumulate(out.begin(), out.end(), 0LL);
	std::vector<long long> sorted(out);
	std::sort(sorted.begin(), sorted.end());
	ok = ok && sum == std::accumulate(ref.begin(), ref.end(), 0LL) && sorted.front() >= 0 &&
	     sorted.back() <= std::max(lo * lo, hi * hi);
	std::cout << "checksum " << sum << std::endl;
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
