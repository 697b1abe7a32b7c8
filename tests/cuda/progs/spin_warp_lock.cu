// Warps of one block that wait on each other through a lock: each warp
// takes a lock word with one lane's atomicOr, broadcasts the answer with
// __shfl_sync and retries while another warp holds it (the node locks of
// B-tree and hash-table codes).  Inside, lane 0 adds the warp's sum to a
// total with a plain read-modify-write, which only the lock makes safe.
// On a GPU every resident warp makes progress, so the holder always gets
// to release; a scheduler that keeps running the spinning warp hangs.
// Checked against a host sum.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__device__ void warp_lock(unsigned *lock)
{
	bool held = true;

	while (held) {
		if ((threadIdx.x & 31) == 1)
			held = (atomicOr(lock, 1u) & 1u) != 0;
		held = __shfl_sync(FULL, held, 1);
	}
	__threadfence();
}

__device__ void warp_unlock(unsigned *lock)
{
	__threadfence();
	if ((threadIdx.x & 31) == 1)
		atomicAnd(lock, ~1u);
}

__global__ void locked_sums(const int *in, volatile long long *total, unsigned *lock, int rounds)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	for (int r = 0; r < rounds; r++) {
		int s = v + r;

		for (int o = 16; o > 0; o >>= 1)
			s += __shfl_down_sync(FULL, s, o);
		warp_lock(lock);
		if ((threadIdx.x & 31) == 0) {
			long long t = *total;

			*total = t + s;
		}
		__syncwarp();
		warp_unlock(lock);
	}
}

int main()
{
	const int bs = 128, nb = 4, n = bs * nb, rounds = 5;
	int h_in[n], *d_in;
	long long *d_total, h_total = 0, want = 0;
	unsigned *d_lock;
	unsigned s = 11;

	for (int i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		h_in[i] = (int)(s >> 22);
		for (int r = 0; r < rounds; r++)
			want += h_in[i] + r;
	}
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_total, sizeof(h_total));
	cudaMalloc(&d_lock, sizeof(unsigned));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	cudaMemset(d_total, 0, sizeof(h_total));
	cudaMemset(d_lock, 0, sizeof(unsigned));
	locked_sums<<<nb, bs>>>(d_in, d_total, d_lock, rounds);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	cudaMemcpy(&h_total, d_total, sizeof(h_total), cudaMemcpyDeviceToHost);
	cudaFree(d_in);
	cudaFree(d_total);
	cudaFree(d_lock);
	if (h_total != want) {
		printf("total %lld, want %lld\n", h_total, want);
		printf("FAIL\n");
		return 1;
	}
	printf("PASS\n");
	return 0;
}
