// A __device__ helper with warp operations (a per-address aggregated
// increment: __match_any_sync peers, a leader, __shfl_sync of the old value)
// whose parameter has the name of the local of the kernel it is called
// with.  Inlined into the kernel for loop fission, the two variables must
// stay two: both were declared by name at the top of one thread loop
// ("redefinition of 'slot'" in the emitted C++).  The bin counts are
// computed on the host from the indices alone.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int bucket_add(int *slot)
{
	unsigned peers = __match_any_sync(0xffffffffu, (unsigned long long)slot);
	int leader = __ffs(peers) - 1;
	int lane = threadIdx.x % 32;
	int old = 0;
	if (lane == leader)
		old = atomicAdd(slot, __popc(peers));
	return __shfl_sync(peers, old, leader);
}

__global__ void histo(int *bins, int nbins, int *firsts)
{
	int *slot = bins + (blockIdx.x * blockDim.x + threadIdx.x) % nbins;
	int first = bucket_add(slot);
	firsts[blockIdx.x * blockDim.x + threadIdx.x] = first >= 0;
}

int main()
{
	const int nbins = 5, blocks = 3, threads = 64, n = blocks * threads;
	int *dbins, *dfirst, bins[nbins], first[n];
	cudaMalloc(&dbins, sizeof(bins));
	cudaMalloc(&dfirst, sizeof(first));
	cudaMemset(dbins, 0, sizeof(bins));
	histo<<<blocks, threads>>>(dbins, nbins, dfirst);
	cudaMemcpy(bins, dbins, sizeof(bins), cudaMemcpyDeviceToHost);
	cudaMemcpy(first, dfirst, sizeof(first), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int b = 0; b < nbins; b++) {
		int want = 0;
		for (int i = 0; i < n; i++)
			want += i % nbins == b;
		if (bins[b] != want) {
			printf("bin %d: %d, want %d\n", b, bins[b], want);
			bad++;
		}
	}
	for (int i = 0; i < n; i++)
		bad += first[i] != 1;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
