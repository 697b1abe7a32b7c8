// SPDX-License-Identifier: MIT
// A quasi-Monte Carlo integral with cuRAND's host Sobol64 generator, in the
// style of the library's examples: a CURAND_RNG_QUASI_SOBOL64 generator of
// three dimensions, 2^18 points as double uniforms into cudaMalloc'd memory
// (each dimension's values after the other's), a kernel with a grid-stride
// loop and a shared-memory block sum of f(x, y, z) = x y z, then 8 times the
// mean compared with the exact integral 1 over the unit cube
// (error bound 1e-4, far below a pseudo-random run's ~3e-3). Then the raw
// 64-bit words (curandGenerateLongLong) of the same points from offset 0:
// the first point is 0 in every dimension, and each double uniform is its
// word's top 53 bits plus half a step, (2 (x >> 11) + 1) 2^-54.
// Prints PASS or FAIL.
// Build: idxgen-cc -o curand_sobol64_integral curand_sobol64_integral.cu -lcurand
//        nvcc -arch=sm_90 -o curand_sobol64_integral curand_sobol64_integral.cu -lcurand
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <curand.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)
#define CURAND_CHECK(x) do { curandStatus_t s_ = (x); if (s_ != CURAND_STATUS_SUCCESS) { \
	printf("cuRAND error %d at %s:%d\n", (int)s_, __FILE__, __LINE__); return 1; } } while (0)

__global__ void sum_xyz(const double *p, int n, double *partial)
{
	__shared__ double part[256];
	double s = 0;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		s += 8.0 * p[i] * p[n + i] * p[2 * n + i];
	part[threadIdx.x] = s;
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (threadIdx.x < w)
			part[threadIdx.x] += part[threadIdx.x + w];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		partial[blockIdx.x] = part[0];
}

int main()
{
	const int n = 1 << 18, blocks = 64;
	double *d_points, *d_partial;
	CHECK(cudaMalloc(&d_points, 3 * n * sizeof(double)));
	CHECK(cudaMalloc(&d_partial, blocks * sizeof(double)));

	curandGenerator_t gen;
	CURAND_CHECK(curandCreateGenerator(&gen, CURAND_RNG_QUASI_SOBOL64));
	CURAND_CHECK(curandSetQuasiRandomGeneratorDimensions(gen, 3));
	CURAND_CHECK(curandGenerateUniformDouble(gen, d_points, 3 * n));
	sum_xyz<<<blocks, 256>>>(d_points, n, d_partial);
	CHECK(cudaGetLastError());
	std::vector<double> partial(blocks);
	CHECK(cudaMemcpy(partial.data(), d_partial, blocks * sizeof(double), cudaMemcpyDeviceToHost));
	double total = 0;
	for (double v : partial)
		total += v;
	double est = total / n, err = std::fabs(est - 1.0);
	printf("integral ~ %.8f (error %.2e) from %d Sobol64 points\n", est, err, n);
	bool ok = err < 1e-4;

	// the words of the first 16 points again, from offset 0
	const int m = 16;
	unsigned long long *d_words;
	CHECK(cudaMalloc(&d_words, 3 * m * sizeof(unsigned long long)));
	CURAND_CHECK(curandSetGeneratorOffset(gen, 0));
	CURAND_CHECK(curandGenerateLongLong(gen, d_words, 3 * m));
	std::vector<unsigned long long> w(3 * m);
	std::vector<double> u(3 * n);
	CHECK(cudaMemcpy(w.data(), d_words, w.size() * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(u.data(), d_points, u.size() * sizeof(double), cudaMemcpyDeviceToHost));
	for (int d = 0; d < 3; d++) {
		ok = ok && w[d * m] == 0;
		for (int i = 0; i < m; i++)
			ok = ok && u[d * n + i] == std::ldexp((double)(2 * (w[d * m + i] >> 11) + 1), -54);
	}
	CURAND_CHECK(curandDestroyGenerator(gen));
	cudaFree(d_points);
	cudaFree(d_partial);
	cudaFree(d_words);
	printf(ok ? "PASS\n" : "FAIL\n");
	return ok ? 0 : 1;
}
