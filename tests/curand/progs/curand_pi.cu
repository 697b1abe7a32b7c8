// Monte-Carlo pi in the style of public cuRAND code: one curandState per
// thread set up by curand_init(seed, id, 0) in a kernel of its own, kept in
// global memory between launches, copied to a local state, used, stored
// back; per-block hit counts reduced in shared memory (the state lives
// across __syncthreads()).  Checked two ways: a Philox4_32_10 run whose
// exact hit count the host recomputes with a plain Philox written here
// (Salmon et al. 2011), and XORWOW's estimate within a bound.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

const int THREADS = 128, BLOCKS = 40, PER_THREAD = 256;

template <class State> __global__ void setup(State *states, unsigned long long seed)
{
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	curand_init(seed, id, 0, &states[id]);
}

template <class State> __global__ void count_hits(State *states, int per_thread, unsigned long long *block_hits)
{
	__shared__ unsigned int hits[THREADS];
	int id = blockIdx.x * blockDim.x + threadIdx.x;
	State local = states[id];
	unsigned int n = 0;
	for (int i = 0; i < per_thread; i++) {
		float x = curand_uniform(&local), y = curand_uniform(&local);
		if (x * x + y * y <= 1.0f)
			n++;
	}
	hits[threadIdx.x] = n;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s /= 2) {
		if (threadIdx.x < s)
			hits[threadIdx.x] += hits[threadIdx.x + s];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		block_hits[blockIdx.x] = hits[0];
	states[id] = local;
}

// the host's own Philox4x32-10 and cuRAND's uniform: counter (position / 4, 0, subsequence, 0)
static void philox(unsigned c[4], unsigned k0, unsigned k1)
{
	for (int r = 0; r < 10; r++) {
		if (r) { k0 += 0x9E3779B9u; k1 += 0xBB67AE85u; }
		unsigned long long p0 = 0xD2511F53ull * c[0], p1 = 0xCD9E8D57ull * c[2];
		unsigned n0 = (unsigned)(p1 >> 32) ^ c[1] ^ k0, n2 = (unsigned)(p0 >> 32) ^ c[3] ^ k1;
		c[0] = n0; c[1] = (unsigned)p1; c[2] = n2; c[3] = (unsigned)p0;
	}
}

static float uniform(unsigned x) { return fmaf((float)x, 2.3283064e-10f, 2.3283064e-10f / 2.0f); }

static unsigned long long host_philox_hits(unsigned long long seed, int threads, int per_thread, int rounds)
{
	unsigned long long hits = 0;
	for (int id = 0; id < threads; id++) {
		for (int i = 0; i < per_thread * rounds; i++) {
			unsigned c[4] = { (unsigned)i / 2, 0, (unsigned)id, 0 };  // two uniforms: words 2i, 2i+1
			philox(c, (unsigned)seed, (unsigned)(seed >> 32));
			float x = uniform(c[(2 * i) % 4]), y = uniform(c[(2 * i + 1) % 4]);
			if (x * x + y * y <= 1.0f)
				hits++;
		}
	}
	return hits;
}

template <class State> static int run(unsigned long long seed, int rounds, unsigned long long *total)
{
	const int n = THREADS * BLOCKS;
	State *states;
	unsigned long long *dhits, hits[BLOCKS];
	CHECK(cudaMalloc(&states, n * sizeof(State)));
	CHECK(cudaMalloc(&dhits, BLOCKS * sizeof(unsigned long long)));
	setup<<<BLOCKS, THREADS>>>(states, seed);
	CHECK(cudaGetLastError());
	*total = 0;
	for (int r = 0; r < rounds; r++) {
		count_hits<<<BLOCKS, THREADS>>>(states, PER_THREAD, dhits);
		CHECK(cudaMemcpy(hits, dhits, sizeof(hits), cudaMemcpyDeviceToHost));
		for (int b = 0; b < BLOCKS; b++)
			*total += hits[b];
	}
	CHECK(cudaFree(states));
	CHECK(cudaFree(dhits));
	return 0;
}

int main()
{
	const int n = THREADS * BLOCKS, rounds = 2;
	const double samples = (double)n * PER_THREAD * rounds;
	unsigned long long philox_hits, xorwow_hits, mrg_hits;
	int bad = 0;

	if (run<curandStatePhilox4_32_10_t>(1234, rounds, &philox_hits) ||
	    run<curandState>(1234, rounds, &xorwow_hits) || run<curandStateMRG32k3a_t>(99, rounds, &mrg_hits))
		return 1;
	unsigned long long want = host_philox_hits(1234, n, PER_THREAD, rounds);
	if (philox_hits != want) {
		printf("philox hits %llu, the host's Philox says %llu\n", philox_hits, want);
		bad++;
	}
	// 6 standard deviations of the hit fraction (sd = sqrt(p(1-p)/N), p = pi/4)
	double bound = 4 * 6 * sqrt(M_PI / 4 * (1 - M_PI / 4) / samples);
	const char *names[3] = { "philox", "xorwow", "mrg32k3a" };
	unsigned long long counts[3] = { philox_hits, xorwow_hits, mrg_hits };
	for (int g = 0; g < 3; g++) {
		double pi = 4.0 * counts[g] / samples;
		printf("%s: pi ~ %.6f from %.0f samples\n", names[g], pi, samples);
		if (fabs(pi - M_PI) > bound) {
			printf("%s: off by more than %.6f\n", names[g], bound);
			bad++;
		}
	}
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
