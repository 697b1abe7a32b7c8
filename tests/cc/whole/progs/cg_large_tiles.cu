// Cooperative-groups tiles of more than 32 threads (64 and 256: several
// warps), made the way CUDA 11 code makes them (block_tile_memory, then
// tiled_partition<N> of this_thread_block(scratch)): sums per tile through
// shared memory around tile.sync(); a tile-dependent number of rounds, each
// with its tile's barrier, which a block-wide barrier would deadlock.
// Checked against the host's sums.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>

namespace cg = cooperative_groups;

#define checkCudaErrors(call)                                                                    \
	do {                                                                                     \
		cudaError_t err_ = (call);                                                       \
		if (err_ != cudaSuccess) {                                                       \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, \
				__LINE__);                                                       \
			exit(EXIT_FAILURE);                                                      \
		}                                                                                \
	} while (0)

template <unsigned int TILE>
__global__ void tile_sums(const int *in, int *out)
{
	__shared__ cg::block_tile_memory<256> scratch;
	__shared__ int buf[256];
	cg::thread_block block = cg::this_thread_block(scratch);
	cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
	unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;

	buf[threadIdx.x] = in[i];
	tile.sync();
	if (tile.thread_rank() == 0) {
		int s = 0;
		for (unsigned int k = 0; k < tile.size(); k++)
			s += buf[threadIdx.x + k];
		out[blockIdx.x * tile.meta_group_size() + tile.meta_group_rank()] = s;
	}
}

// Tile r runs r + 1 rounds; each round every thread adds its right
// neighbour's value in the tile (rotating), between two barriers of the tile.
__global__ void tile_rounds(int *data)
{
	__shared__ int buf[256];
	cg::thread_block_tile<64> tile = cg::tiled_partition<64>(cg::this_thread_block());
	unsigned int r = tile.meta_group_rank(), me = tile.thread_rank(), base = r * 64;

	buf[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x];
	tile.sync();
	for (unsigned int round = 0; round <= r; round++) {
		int v = buf[base + (me + 1) % 64];
		tile.sync();
		buf[threadIdx.x] += v;
		tile.sync();
	}
	data[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}

int main()
{
	const int blocks = 4, threads = 256, n = blocks * threads;
	int h[n], r[n], want[n], *d_in, *d_out, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (i * 7919) % 101 - 50;
	checkCudaErrors(cudaMalloc(&d_in, sizeof(h)));
	checkCudaErrors(cudaMalloc(&d_out, sizeof(h)));
	checkCudaErrors(cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice));

	tile_sums<64><<<blocks, threads>>>(d_in, d_out);
	checkCudaErrors(cudaMemcpy(r, d_out, n / 64 * sizeof(int), cudaMemcpyDeviceToHost));
	for (int t = 0; t < n / 64; t++) {
		int s = 0;
		for (int k = 0; k < 64; k++)
			s += h[t * 64 + k];
		bad += r[t] != s;
	}
	tile_sums<256><<<blocks, threads>>>(d_in, d_out);
	checkCudaErrors(cudaMemcpy(r, d_out, n / 256 * sizeof(int), cudaMemcpyDeviceToHost));
	for (int t = 0; t < n / 256; t++) {
		int s = 0;
		for (int k = 0; k < 256; k++)
			s += h[t * 256 + k];
		bad += r[t] != s;
	}
	printf("tile sums (64, 256): %s\n", bad ? "FAILED" : "ok");

	checkCudaErrors(cudaMemcpy(d_out, h, sizeof(h), cudaMemcpyHostToDevice));
	tile_rounds<<<blocks, threads>>>(d_out);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaMemcpy(r, d_out, sizeof(h), cudaMemcpyDeviceToHost));
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < threads / 64; t++) {
			int cur[64], nxt[64];
			for (int k = 0; k < 64; k++)
				cur[k] = h[b * threads + t * 64 + k];
			for (int round = 0; round <= t; round++) {
				for (int k = 0; k < 64; k++)
					nxt[k] = cur[k] + cur[(k + 1) % 64];
				for (int k = 0; k < 64; k++)
					cur[k] = nxt[k];
			}
			for (int k = 0; k < 64; k++)
				want[b * threads + t * 64 + k] = cur[k];
		}
	int bad2 = 0;
	for (int i = 0; i < n; i++)
		bad2 += r[i] != want[i];
	printf("tile rounds (a tile-dependent count of tile barriers): %s\n", bad2 ? "FAILED" : "ok");

	checkCudaErrors(cudaFree(d_in));
	checkCudaErrors(cudaFree(d_out));
	bad += bad2;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
