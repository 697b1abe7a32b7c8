// SPDX-License-Identifier: MIT
// cuRAND's discrete distributions and scrambled Sobol states in kernels, as
// simulation codes write them.  (1) A Poisson histogram: the host makes the
// distribution once (curandCreatePoissonDistribution, a pointer the kernels
// read), one Philox state per thread draws with curand_discrete and adds to a
// global histogram with atomicAdd; the host checks the 262144 counts against
// the Poisson pmf it computes (chi-square under 6 standard deviations, and a
// lambda 3% off must not fit).  (2) Scrambled Sobol32: the host copies the
// direction numbers and scramble constants of 4 dimensions to the device,
// each thread inits curandStateScrambledSobol32_t at its own offset and
// writes 16 words per dimension; the host recomputes every word as the Gray
// code point XOR the constant.  Prints PASS or FAIL.
// Build: idxgen-cc -o curand_discrete_scrambled curand_discrete_scrambled.cu -lcurand
//        nvcc -arch=sm_90 -o curand_discrete_scrambled curand_discrete_scrambled.cu -lcurand
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#define CUDA_CHECK(x)                                                                       \
	do {                                                                                \
		cudaError_t err_ = (x);                                                     \
		if (err_ != cudaSuccess) {                                                  \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
			return 1;                                                           \
		}                                                                           \
	} while (0)

#define CURAND_CHECK(x)                                                                  \
	do {                                                                             \
		curandStatus_t st_ = (x);                                                \
		if (st_ != CURAND_STATUS_SUCCESS) {                                      \
			fprintf(stderr, "%s:%d: curand status %d\n", __FILE__, __LINE__, (int)st_); \
			return 1;                                                        \
		}                                                                        \
	} while (0)

const int THREADS = 128, BLOCKS = 32, DRAWS = 64, BINS = 64, DIMS = 4, WORDS = 16;
const double LAMBDA = 9.5;

__global__ void poisson_histogram(curandDiscreteDistribution_t dist, unsigned long long seed, unsigned int *hist)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	curandStatePhilox4_32_10_t s;

	curand_init(seed, id, 0, &s);
	for (int i = 0; i < DRAWS; i++) {
		unsigned int k = curand_discrete(&s, dist);
		atomicAdd(&hist[k < BINS ? k : BINS - 1], 1u);
	}
}

__global__ void scrambled_words(curandDirectionVectors32_t *dirs, const unsigned int *consts, unsigned int *out)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;

	for (int d = 0; d < DIMS; d++) {
		curandStateScrambledSobol32_t s;

		curand_init(dirs[d], consts[d], id * WORDS, &s);
		for (int i = 0; i < WORDS; i++)
			out[(d * THREADS * BLOCKS + id) * WORDS + i] = curand(&s);
	}
}

static double pmf(double lambda, int k) { return std::exp(k * std::log(lambda) - lambda - std::lgamma(k + 1.0)); }

// Pearson's chi-square, the upper tail merged into the last bin, bins of at least 5 expected
static bool fits(const std::vector<unsigned int> &hist, double lambda, double n, double *chi_out)
{
	double chi = 0, obs = 0, expct = 0, rest = n;
	int bins = 0;

	for (int k = 0; k < BINS; k++) {
		double e = k < BINS - 1 ? n * pmf(lambda, k) : rest;
		obs += hist[k];
		expct += e;
		rest -= e;
		if (expct >= 5 && (rest >= 5 || k == BINS - 1)) {
			chi += (obs - expct) * (obs - expct) / expct;
			bins++;
			obs = expct = 0;
		}
	}
	*chi_out = chi;
	return chi < (bins - 1) + 6 * std::sqrt(2.0 * (bins - 1));
}

int main()
{
	const int n = THREADS * BLOCKS;
	curandDiscreteDistribution_t dist;
	unsigned int *dhist, *dout, *dconsts, *hconsts;
	curandDirectionVectors32_t *hdirs, *ddirs;
	std::vector<unsigned int> hist(BINS), out((size_t)DIMS * n * WORDS);
	double chi, chi_off;
	bool ok = true;

	CURAND_CHECK(curandCreatePoissonDistribution(LAMBDA, &dist));
	CUDA_CHECK(cudaMalloc(&dhist, BINS * sizeof(unsigned int)));
	CUDA_CHECK(cudaMemset(dhist, 0, BINS * sizeof(unsigned int)));
	poisson_histogram<<<BLOCKS, THREADS>>>(dist, 2026ull, dhist);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaMemcpy(hist.data(), dhist, BINS * sizeof(unsigned int), cudaMemcpyDeviceToHost));
	CURAND_CHECK(curandDestroyDistribution(dist));
	bool fit = fits(hist, LAMBDA, (double)n * DRAWS, &chi), fit_off = fits(hist, LAMBDA * 1.03, (double)n * DRAWS, &chi_off);
	printf("Poisson(%.1f) by curand_discrete: chi2 %.1f; against lambda x 1.03: %.1f\n", LAMBDA, chi, chi_off);
	ok = ok && fit && !fit_off;

	CURAND_CHECK(curandGetDirectionVectors32(&hdirs, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
	CURAND_CHECK(curandGetScrambleConstants32(&hconsts));
	CUDA_CHECK(cudaMalloc(&ddirs, DIMS * sizeof(curandDirectionVectors32_t)));
	CUDA_CHECK(cudaMalloc(&dconsts, DIMS * sizeof(unsigned int)));
	CUDA_CHECK(cudaMalloc(&dout, out.size() * sizeof(unsigned int)));
	CUDA_CHECK(cudaMemcpy(ddirs, hdirs, DIMS * sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice));
	CUDA_CHECK(cudaMemcpy(dconsts, hconsts, DIMS * sizeof(unsigned int), cudaMemcpyHostToDevice));
	scrambled_words<<<BLOCKS, THREADS>>>(ddirs, dconsts, dout);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaMemcpy(out.data(), dout, out.size() * sizeof(unsigned int), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int d = 0; d < DIMS; d++)
		for (unsigned int j = 0; j < (unsigned int)(n * WORDS); j++) {
			unsigned int g = j ^ (j >> 1), x = hconsts[d];
			for (int b = 0; b < 32; b++)
				if (g >> b & 1)
					x ^= hdirs[d][b];
			bad += out[(size_t)d * n * WORDS + j] != x;
		}
	printf("scrambled Sobol32: %d of %d words differ from the Gray-code point XOR the constant\n", bad, DIMS * n * WORDS);
	ok = ok && bad == 0;
	cudaFree(dhist);
	cudaFree(dout);
	cudaFree(ddirs);
	cudaFree(dconsts);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
