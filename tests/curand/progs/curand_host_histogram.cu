// cuRAND's host API in the style of public code: a generator made once,
// seeded, uniform floats and normals generated into cudaMalloc'd memory,
// histogrammed by a kernel with shared-memory atomics, the counts checked
// against a histogram the host computes from the same numbers copied back
// (exact), and against the distribution (chi-square bound for the
// uniforms, the normal's share within one standard deviation).
#include <cstdio>
#include <cmath>
#include <cuda_runtime.h>
#include <curand.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)
#define CURAND_CHECK(x) do { curandStatus_t s_ = (x); if (s_ != CURAND_STATUS_SUCCESS) { \
	printf("cuRAND error %d at %s:%d\n", (int)s_, __FILE__, __LINE__); return 1; } } while (0)

const int BINS = 64;

__global__ void histogram(const float *x, int n, float lo, float hi, unsigned int *bins)
{
	__shared__ unsigned int local[BINS];
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
		int b = (int)((x[i] - lo) / (hi - lo) * BINS);
		if (b >= 0 && b < BINS)
			atomicAdd(&local[b], 1u);
	}
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		atomicAdd(&bins[b], local[b]);
}

static int check_bins(const char *what, const float *host, int n, float lo, float hi, const unsigned int *bins)
{
	unsigned int want[BINS] = { 0 };
	for (int i = 0; i < n; i++) {
		int b = (int)((host[i] - lo) / (hi - lo) * BINS);
		if (b >= 0 && b < BINS)
			want[b]++;
	}
	for (int b = 0; b < BINS; b++)
		if (bins[b] != want[b]) {
			printf("%s: bin %d has %u, the host counts %u\n", what, b, bins[b], want[b]);
			return 1;
		}
	return 0;
}

int main()
{
	const int n = 1 << 20;
	float *d_x, *h_x = new float[n];
	unsigned int *d_bins, bins[BINS];
	curandGenerator_t gen;
	int bad = 0;

	CHECK(cudaMalloc(&d_x, n * sizeof(float)));
	CHECK(cudaMalloc(&d_bins, BINS * sizeof(unsigned int)));
	CURAND_CHECK(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
	CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));

	// uniforms in (0, 1]
	CURAND_CHECK(curandGenerateUniform(gen, d_x, n));
	CHECK(cudaMemset(d_bins, 0, sizeof(bins)));
	histogram<<<64, 256>>>(d_x, n, 0.0f, 1.0f, d_bins);
	CHECK(cudaMemcpy(bins, d_bins, sizeof(bins), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h_x, d_x, n * sizeof(float), cudaMemcpyDeviceToHost));
	bad += check_bins("uniform", h_x, n, 0.0f, 1.0f, bins);
	double chi2 = 0, e = (double)n / BINS;
	for (int b = 0; b < BINS; b++)
		chi2 += (bins[b] - e) * (bins[b] - e) / e;
	printf("uniform: chi-square %.1f with %d degrees of freedom\n", chi2, BINS - 1);
	if (chi2 > 120) {	// p < 1e-5 for 63 degrees of freedom
		printf("uniform: chi-square too large\n");
		bad++;
	}

	// normals (mean 2, stddev 0.5) over [0, 4)
	CURAND_CHECK(curandGenerateNormal(gen, d_x, n, 2.0f, 0.5f));
	CHECK(cudaMemset(d_bins, 0, sizeof(bins)));
	histogram<<<64, 256>>>(d_x, n, 0.0f, 4.0f, d_bins);
	CHECK(cudaMemcpy(bins, d_bins, sizeof(bins), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h_x, d_x, n * sizeof(float), cudaMemcpyDeviceToHost));
	bad += check_bins("normal", h_x, n, 0.0f, 4.0f, bins);
	unsigned long long within = 0;	// bins 24..39 are [1.5, 2.5): one standard deviation
	for (int b = 24; b < 40; b++)
		within += bins[b];
	double share = (double)within / n;
	printf("normal: %.4f within one standard deviation (0.6827)\n", share);
	if (fabs(share - 0.6827) > 6 * sqrt(0.6827 * 0.3173 / n)) {
		printf("normal: share off\n");
		bad++;
	}
	if (curandGenerateNormal(gen, d_x, 3, 0.0f, 1.0f) != CURAND_STATUS_LENGTH_NOT_MULTIPLE) {
		printf("an odd count of normals was accepted\n");
		bad++;
	}

	CURAND_CHECK(curandDestroyGenerator(gen));
	CHECK(cudaFree(d_x));
	CHECK(cudaFree(d_bins));
	delete[] h_x;
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
