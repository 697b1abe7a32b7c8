// Warp-aggregated atomics for a histogram: lanes with the same bin find each
// other with __match_any_sync, the lowest lane of each group (the leader,
// __ffs(peers) - 1) adds the group's size (__popc(peers)) with one
// atomicAdd; compared with the plain one-atomic-per-element kernel and with
// the CPU. Skewed input so that groups are large.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BINS 32
#define FULL 0xffffffffu

__global__ void hist_plain(const int *in, int n, unsigned *hist)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&hist[in[i] % BINS], 1u);
}

__global__ void hist_aggregated(const int *in, int n, unsigned *hist)
{
	int lane = threadIdx.x % 32;
	// Every lane runs the same number of rounds, so full-mask matches are legal.
	int rounds = (n + gridDim.x * blockDim.x - 1) / (gridDim.x * blockDim.x);
	for (int r = 0; r < rounds; r++) {
		int i = (r * gridDim.x + blockIdx.x) * blockDim.x + threadIdx.x;
		int bin = i < n ? in[i] % BINS : -1; // -1: nothing to count
		unsigned peers = __match_any_sync(FULL, bin);
		int leader = __ffs(peers) - 1;
		if (bin >= 0 && lane == leader)
			atomicAdd(&hist[bin], (unsigned)__popc(peers));
	}
}

int main()
{
	const int n = 200003;
	int *h = (int *)malloc(n * sizeof(int));
	srand(77);
	for (int i = 0; i < n; i++)
		h[i] = (rand() % 4 == 0) ? rand() : (rand() % 3) * BINS + 5; // three quarters in bin 5
	unsigned want[BINS] = {0};
	for (int i = 0; i < n; i++)
		want[h[i] % BINS]++;
	int *d;
	unsigned *dh1, *dh2;
	cudaMalloc(&d, n * sizeof(int));
	cudaMalloc(&dh1, BINS * sizeof(unsigned));
	cudaMalloc(&dh2, BINS * sizeof(unsigned));
	cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dh1, 0, BINS * sizeof(unsigned));
	cudaMemset(dh2, 0, BINS * sizeof(unsigned));
	hist_plain<<<64, 256>>>(d, n, dh1);
	hist_aggregated<<<64, 256>>>(d, n, dh2);
	unsigned g1[BINS], g2[BINS];
	cudaMemcpy(g1, dh1, sizeof(g1), cudaMemcpyDeviceToHost);
	cudaMemcpy(g2, dh2, sizeof(g2), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int b = 0; b < BINS; b++)
		if (g1[b] != want[b] || g2[b] != want[b]) {
			printf("bin %d: %u %u, want %u\n", b, g1[b], g2[b], want[b]);
			ok = false;
		}
	cudaFree(d); cudaFree(dh1); cudaFree(dh2);
	free(h);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
