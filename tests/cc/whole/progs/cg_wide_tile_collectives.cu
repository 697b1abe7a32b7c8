// The collectives CUDA gives cooperative-groups tiles of several warps
// (64 to 512 threads, CUDA 12's block_tile_memory): cg::reduce (the
// multi-warp reduction of cuda-samples' reduction kernel 9), cg::inclusive_scan,
// cg::exclusive_scan, shfl from any rank, any and all; a kernel template
// with the tile size a template argument, tiles of 64 and 128 threads
// alive at once in one block (each size has its own barrier), and a struct
// of 16 bytes shuffled in a tile of one warp (no 8-byte limit there).  These were
// refused ("a tile of more than 32 threads has no warp collectives") or did
// not compile.  Every value against a host reference; exact integers.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <stdio.h>

namespace cg = cooperative_groups;

#define TPB 256
#define OUTS 9

__device__ int value_of(unsigned int i)
{
	return (int)((i * 7u + 3u) % 13u);
}

template <unsigned int TILE>
__global__ void tile_collectives(int *out)
{
	__shared__ cg::block_tile_memory<TPB> scratch;
	cg::thread_block block = cg::this_thread_block(scratch);
	cg::thread_block_tile<TILE> tile = cg::tiled_partition<TILE>(block);
	unsigned int g = blockIdx.x * blockDim.x + threadIdx.x;
	int x = value_of(g);
	int *o = out + g * OUTS;

	o[0] = cg::reduce(tile, x, cg::plus<int>());
	o[1] = cg::reduce(tile, x, cg::greater<int>());
	o[2] = cg::inclusive_scan(tile, x);
	o[3] = cg::exclusive_scan(tile, x, cg::plus<int>());
	o[4] = tile.shfl(x * 3, 5);
	o[5] = tile.any(x == 12 && tile.meta_group_rank() == 0);
	o[6] = tile.all(x < 12);
	o[7] = cg::inclusive_scan(tile, x, cg::greater<int>());
	o[8] = (int)(tile.meta_group_rank() * 1000 + tile.thread_rank());
}

// Two tile sizes in one block: a 64-thread tile's reduction inside each
// 128-thread tile's scan.
__global__ void nested_sizes(int *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<128> big = cg::tiled_partition<128>(block);
	cg::thread_block_tile<64> small = cg::tiled_partition<64>(block);
	int x = value_of(threadIdx.x);

	int s = cg::reduce(small, x, cg::plus<int>());
	out[threadIdx.x] = cg::exclusive_scan(big, s);
}

// A tile of one warp still shuffles values of any size (a 16-byte struct):
// the 8-byte limit is the multi-warp tiles' only.
struct Point {
	float x, y, z;
	int id;
};

__global__ void narrow_struct_shfl(Point *out)
{
	cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
	Point p = { (float)threadIdx.x, 2.0f * threadIdx.x, 0.5f, (int)threadIdx.x };

	out[threadIdx.x] = warp.shfl(p, 3);
}

static int check_tiles(const int *o, unsigned int tile, unsigned int n)
{
	int bad = 0;

	for (unsigned int t0 = 0; t0 < n; t0 += tile) {
		int sum = 0, mx = 0, any = 0, all = 1, inc = 0, run = 0;

		for (unsigned int i = t0; i < t0 + tile; i++) {
			int x = (int)((i * 7u + 3u) % 13u);
			sum += x;
			mx = x > mx ? x : mx;
			all &= x < 12;
			any |= x == 12 && (i % TPB) / tile == 0;
		}
		for (unsigned int i = t0; i < t0 + tile; i++) {
			int x = (int)((i * 7u + 3u) % 13u);
			const int *p = o + i * OUTS;
			int exc = inc;
			int want[OUTS];

			inc += x;
			run = x > run ? x : run;
			want[0] = sum, want[1] = mx, want[2] = inc, want[3] = exc;
			want[4] = (int)(((t0 + 5) * 7u + 3u) % 13u) * 3;
			want[5] = any, want[6] = all, want[7] = run;
			want[8] = (int)(((i % TPB) / tile) * 1000 + i % tile);
			for (int k = 0; k < OUTS; k++)
				if (p[k] != want[k] && bad++ < 5)
					printf("tile %u, thread %u, value %d: %d, want %d\n", tile, i, k, p[k], want[k]);
		}
	}
	return bad;
}

int main(void)
{
	const unsigned int blocks = 3, n = blocks * TPB;
	int *d, *h = new int[n * OUTS];
	int bad = 0;

	cudaMalloc(&d, n * OUTS * sizeof(int));
	tile_collectives<64><<<blocks, TPB>>>(d);
	cudaMemcpy(h, d, n * OUTS * sizeof(int), cudaMemcpyDeviceToHost);
	bad += check_tiles(h, 64, n);
	tile_collectives<256><<<blocks, TPB>>>(d);
	cudaMemcpy(h, d, n * OUTS * sizeof(int), cudaMemcpyDeviceToHost);
	bad += check_tiles(h, 256, n);

	nested_sizes<<<1, TPB>>>(d);
	cudaMemcpy(h, d, TPB * sizeof(int), cudaMemcpyDeviceToHost);
	for (unsigned int b0 = 0; b0 < TPB; b0 += 128) {
		int run = 0;

		for (unsigned int i = b0; i < b0 + 128; i++) {
			int s = 0;

			for (unsigned int j = i - i % 64; j < i - i % 64 + 64; j++)
				s += (int)((j * 7u + 3u) % 13u);
			if (h[i] != run && bad++ < 10)
				printf("nested: thread %u: %d, want %d\n", i, h[i], run);
			run += s;
		}
	}
	Point *dp, hp[64];
	cudaMalloc(&dp, sizeof(hp));
	narrow_struct_shfl<<<1, 64>>>(dp);
	cudaMemcpy(hp, dp, sizeof(hp), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 64; i++) {
		int src = i - i % 32 + 3;

		if ((hp[i].id != src || hp[i].y != 2.0f * src || hp[i].z != 0.5f) && bad++ < 10)
			printf("struct shfl: thread %d got thread %d's\n", i, hp[i].id);
	}
	cudaFree(dp);
	cudaFree(d);
	delete[] h;
	printf("%d wrong\n", bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
