// SPDX-License-Identifier: MIT
// Quasi-Monte Carlo pi with cuRAND's device Sobol states, as finance and
// sampling codes write it: the host fetches the direction numbers
// (curandGetDirectionVectors32/64), copies two dimensions to the device,
// an init kernel gives each thread its own stretch of the sequence
// (curand_init(directions, offset, &state)), a second kernel draws x and y
// from the two dimensions, counts the points inside the quarter circle and
// reduces the counts per block in shared memory.  One kernel template for
// Sobol32 (float) and Sobol64 (double).  The Sobol32 count must equal the
// count over the same points from the host generator
// (CURAND_RNG_QUASI_SOBOL32, two dimensions), and both estimates must be
// within 5e-4 of pi.  Prints PASS or FAIL.
// Build: idxgen-cc -o curand_sobol_device_pi curand_sobol_device_pi.cu -lcurand
//        nvcc -arch=sm_90 -o curand_sobol_device_pi curand_sobol_device_pi.cu -lcurand
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
			return -1;                                                          \
		}                                                                           \
	} while (0)

#define CURAND_CHECK(x)                                                          \
	do {                                                                     \
		curandStatus_t st_ = (x);                                        \
		if (st_ != CURAND_STATUS_SUCCESS) {                              \
			fprintf(stderr, "%s:%d: curand status %d\n", __FILE__, __LINE__, (int)st_); \
			return -1;                                               \
		}                                                                \
	} while (0)

const int THREADS = 128, BLOCKS = 32;

template <typename State, typename Directions>
__global__ void setup_states(State *states, Directions *dirs, unsigned int per_thread)
{
	unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned int nthreads = gridDim.x * blockDim.x;

	// thread id draws points [id * per_thread, (id + 1) * per_thread) of each dimension
	curand_init(dirs[0], id * per_thread, &states[id]);
	curand_init(dirs[1], id * per_thread, &states[id + nthreads]);
}

__device__ inline void draw(curandStateSobol32_t *sx, curandStateSobol32_t *sy, float &x, float &y)
{
	x = curand_uniform(sx);
	y = curand_uniform(sy);
}

__device__ inline void draw(curandStateSobol64_t *sx, curandStateSobol64_t *sy, double &x, double &y)
{
	x = curand_uniform_double(sx);
	y = curand_uniform_double(sy);
}

template <typename Real, typename State>
__global__ void count_inside(unsigned int *block_counts, State *states, unsigned int per_thread)
{
	__shared__ unsigned int partial[THREADS];
	unsigned int id = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned int nthreads = gridDim.x * blockDim.x;
	State sx = states[id], sy = states[id + nthreads];
	unsigned int inside = 0;

	for (unsigned int i = 0; i < per_thread; i++) {
		Real x, y;
		draw(&sx, &sy, x, y);
		if (x * x + y * y <= Real(1))
			inside++;
	}
	partial[threadIdx.x] = inside;
	__syncthreads();
	for (unsigned int half = blockDim.x / 2; half > 0; half /= 2) {
		if (threadIdx.x < half)
			partial[threadIdx.x] += partial[threadIdx.x + half];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		block_counts[blockIdx.x] = partial[0];
}

template <typename Real, typename State, typename Directions>
static long long estimate(const Directions *host_dirs, unsigned int per_thread)
{
	State *d_states;
	Directions *d_dirs;
	unsigned int *d_counts;
	const int nthreads = THREADS * BLOCKS;

	CUDA_CHECK(cudaMalloc(&d_states, 2 * nthreads * sizeof(State)));
	CUDA_CHECK(cudaMalloc(&d_dirs, 2 * sizeof(Directions)));
	CUDA_CHECK(cudaMalloc(&d_counts, BLOCKS * sizeof(unsigned int)));
	CUDA_CHECK(cudaMemcpy(d_dirs, host_dirs, 2 * sizeof(Directions), cudaMemcpyHostToDevice));
	setup_states<State, Directions><<<BLOCKS, THREADS>>>(d_states, d_dirs, per_thread);
	CUDA_CHECK(cudaGetLastError());
	count_inside<Real, State><<<BLOCKS, THREADS>>>(d_counts, d_states, per_thread);
	CUDA_CHECK(cudaGetLastError());
	std::vector<unsigned int> counts(BLOCKS);
	CUDA_CHECK(cudaMemcpy(counts.data(), d_counts, BLOCKS * sizeof(unsigned int), cudaMemcpyDeviceToHost));
	CUDA_CHECK(cudaFree(d_states));
	CUDA_CHECK(cudaFree(d_dirs));
	CUDA_CHECK(cudaFree(d_counts));
	long long total = 0;
	for (unsigned int c : counts)
		total += c;
	return total;
}

// the same points from the host generator: n points of 2 dimensions, dimension-major
static long long host_count(size_t n)
{
	curandGenerator_t gen;
	std::vector<float> u(2 * n);

	CURAND_CHECK(curandCreateGeneratorHost(&gen, CURAND_RNG_QUASI_SOBOL32));
	CURAND_CHECK(curandSetQuasiRandomGeneratorDimensions(gen, 2));
	CURAND_CHECK(curandGenerateUniform(gen, u.data(), u.size()));
	CURAND_CHECK(curandDestroyGenerator(gen));
	long long inside = 0;
	for (size_t i = 0; i < n; i++)
		if (u[i] * u[i] + u[n + i] * u[n + i] <= 1.0f)
			inside++;
	return inside;
}

int main()
{
	const unsigned int per_thread = 256;
	const double n = (double)per_thread * THREADS * BLOCKS;
	curandDirectionVectors32_t *dirs32;
	curandDirectionVectors64_t *dirs64;

	CURAND_CHECK(curandGetDirectionVectors32(&dirs32, CURAND_DIRECTION_VECTORS_32_JOEKUO6));
	CURAND_CHECK(curandGetDirectionVectors64(&dirs64, CURAND_DIRECTION_VECTORS_64_JOEKUO6));

	long long in32 = estimate<float, curandStateSobol32_t>(dirs32, per_thread);
	long long in64 = estimate<double, curandStateSobol64_t>(dirs64, per_thread);
	long long in_host = host_count((size_t)n);
	if (in32 < 0 || in64 < 0 || in_host < 0)
		return 1;
	double pi32 = 4.0 * in32 / n, pi64 = 4.0 * in64 / n;
	double err32 = std::fabs(pi32 - M_PI), err64 = std::fabs(pi64 - M_PI);
	printf("%.0f points: Sobol32 pi %.7f (error %.2e), Sobol64 pi %.7f (error %.2e), host count %lld, device %lld\n",
	       n, pi32, err32, pi64, err64, in_host, in32);
	bool ok = in32 == in_host && err32 < 5e-4 && err64 < 5e-4;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
