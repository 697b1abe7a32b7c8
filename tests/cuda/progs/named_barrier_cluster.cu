// A warp-specialised pipeline on named barriers, in a block whose last warp
// is partial, and the cluster query of a kernel declared with
// __cluster_dims__(1, 1, 1).  Block of 80 threads: warp 0 loads tiles of 64
// values into a double buffer, warps 1-2 (48 threads: the second a partial
// warp) reduce them.  Barrier 1 (count 96: the three warps) hands a full
// buffer over; barrier 2 (count 64: the two consumer warps, as a GPU counts
// a warp as 32 whatever threads it has) separates the consumers' partial
// sums from the sum of them.  idxgen counted the partial warp's 16 threads
// and trapped ("named barrier 2 waits for 64 threads, 48 arrived") before
// session 12.  __clusterDimIsSpecified() is 1 in the __cluster_dims__ kernel
// (CUDA's %is_explicit_cluster; it was 0) and 0 in the other, also from a
// __device__ helper.  Host reference in plain C.  nvcc -arch=sm_90 -c clean.
// Run by default and forced to fibers:
// exec-models: fibers
#include <cstdio>
#include <cuda_runtime.h>

#define TILE 64
#define ROUNDS 6
#define THREADS 80

__device__ unsigned int cluster_given(void)
{
	return __clusterDimIsSpecified();
}

__global__ void __cluster_dims__(1, 1, 1) pipeline(const int *in, int *out, unsigned int *given)
{
	__shared__ int buf[2][TILE];
	__shared__ int part[THREADS - 32];
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	const int *src = in + (size_t)blockIdx.x * ROUNDS * TILE;

	if (warp == 0)	/* the first tile, before the consumers wait for it */
		for (int i = lane; i < TILE; i += 32)
			buf[0][i] = src[i];
	for (int r = 0; r < ROUNDS; r++) {
		__barrier_sync_count(1, 96);	/* buffer r % 2 is full */
		if (warp == 0) {
			if (r + 1 < ROUNDS)
				for (int i = lane; i < TILE; i += 32)
					buf[(r + 1) % 2][i] = src[(r + 1) * TILE + i];
			continue;
		}
		int c = threadIdx.x - 32, s = 0;
		for (int i = c; i < TILE; i += THREADS - 32)
			s += buf[r % 2][i] * (r + 1);
		part[c] = s;
		__barrier_sync_count(2, 64);	/* the consumers' partial sums are in */
		if (c == 0) {
			int t = 0;
			for (int j = 0; j < THREADS - 32; j++)
				t += part[j];
			out[blockIdx.x * ROUNDS + r] = t;
		}
		__barrier_sync_count(2, 64);	/* part[] is read before the next round writes it */
	}
	if (threadIdx.x == 0)
		given[blockIdx.x] = cluster_given();
}

__global__ void plain(unsigned int *given)
{
	if (threadIdx.x == 0)
		given[blockIdx.x] = cluster_given() + 10 * __clusterDimIsSpecified();
}

int main()
{
	const int blocks = 3, n = blocks * ROUNDS * TILE;
	int *h = new int[n], out[blocks * ROUNDS], *d_in, *d_out, bad = 0;
	unsigned int given[blocks], plain_given[blocks], *d_given, *d_plain;

	for (int i = 0; i < n; i++)
		h[i] = (i * 13 + 5) % 71 - 20;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_out, sizeof(out));
	cudaMalloc(&d_given, sizeof(given));
	cudaMalloc(&d_plain, sizeof(plain_given));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	pipeline<<<blocks, THREADS>>>(d_in, d_out, d_given);
	plain<<<blocks, 64>>>(d_plain);
	cudaError_t e = cudaDeviceSynchronize();
	if (e != cudaSuccess) {
		printf("launch: %s\nFAIL\n", cudaGetErrorString(e));
		return 1;
	}
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	cudaMemcpy(given, d_given, sizeof(given), cudaMemcpyDeviceToHost);
	cudaMemcpy(plain_given, d_plain, sizeof(plain_given), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++) {
		for (int r = 0; r < ROUNDS; r++) {
			int want = 0;
			for (int i = 0; i < TILE; i++)
				want += h[(b * ROUNDS + r) * TILE + i] * (r + 1);
			if (out[b * ROUNDS + r] != want && bad++ < 5)
				printf("block %d round %d: %d, want %d\n", b, r, out[b * ROUNDS + r], want);
		}
		if (given[b] != 1 && bad++ < 5)
			printf("block %d: __clusterDimIsSpecified() %u under __cluster_dims__(1, 1, 1), want 1\n", b, given[b]);
		if (plain_given[b] != 0 && bad++ < 5)
			printf("block %d: __clusterDimIsSpecified() %u without cluster dimensions, want 0\n", b, plain_given[b]);
	}
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_given);
	cudaFree(d_plain);
	delete[] h;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
