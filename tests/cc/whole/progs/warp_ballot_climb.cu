// An agglomerative bottom-up BVH pass as public BVH builders write it
// (Apetrei's LBVH construction; the warp loop `while (__ballot_sync(FULL,
// active))` around each leaf's climb, issue 38, thirtieth session): each
// leaf climbs, the second child to reach a parent (atomicExch on the
// parent's slot) goes on with the merged range.  Loop fission runs the
// vote loop once per block while a lane of it goes on (lib/cc/warp_loop.c);
// fibers as written.  Host reference: the same climb, leaf after leaf (the
// ranges do not depend on the order); every lane of a warp turns as often.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cuda_runtime.h>
#define FULL 0xffffffffu
#define N    1000

__device__ uint32_t parent_of(uint32_t l, uint32_t r, uint32_t n, const unsigned *code)
{
	if (l == 0 || (r != n - 1 && (code[r] ^ code[r + 1]) < (code[l - 1] ^ code[l])))
		return r;
	return l - 1;
}

__global__ void climb(const unsigned *code, int *parent, int2 *range, int *rounds, uint32_t n)
{
	uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
	uint32_t left = i, right = i;
	bool active = i < n;
	int turns = 0;

	while (__ballot_sync(FULL, active)) {
		if (active) {
			int prev;
			uint32_t split;

			if (parent_of(left, right, n, code) == right) {
				prev = atomicExch(&parent[right], (int)left);
				split = right + 1;
				if (prev != -1)
					right = prev;
			} else {
				prev = atomicExch(&parent[left - 1], (int)right);
				split = left;
				if (prev != -1)
					left = prev;
			}
			if (prev == -1)
				active = false;
			else
				range[split] = make_int2((int)left, (int)right);
			if (left == 0 && right == n - 1)
				active = false;
		}
		turns++;
	}
	if (i < n)
		rounds[i] = turns;
}

static uint32_t host_parent(uint32_t l, uint32_t r, uint32_t n, const unsigned *code)
{
	if (l == 0 || (r != n - 1 && (code[r] ^ code[r + 1]) < (code[l - 1] ^ code[l])))
		return r;
	return l - 1;
}

int main(void)
{
	static unsigned code[N];
	static int parent[N], hparent[N], rounds[N];
	static int2 range[N + 1], hrange[N + 1];
	unsigned *dc;
	int *dp, *dr, bad = 0;
	int2 *dg;
	unsigned x = 99;

	for (int i = 0; i < N; i++) {
		x = x * 1664525u + 1013904223u;
		code[i] = (i ? code[i - 1] : 0) + 1 + (x >> 22);
		parent[i] = hparent[i] = -1;
	}
	for (int i = 0; i <= N; i++)
		range[i] = hrange[i] = make_int2(-1, -1);
	for (uint32_t i = 0; i < N; i++) { // host: leaf after leaf
		uint32_t l = i, r = i;
		for (;;) {
			int prev;
			uint32_t split;
			if (host_parent(l, r, N, code) == r) {
				prev = hparent[r];
				hparent[r] = (int)l;
				split = r + 1;
				if (prev != -1)
					r = prev;
			} else {
				prev = hparent[l - 1];
				hparent[l - 1] = (int)r;
				split = l;
				if (prev != -1)
					l = prev;
			}
			if (prev == -1)
				break;
			hrange[split] = make_int2((int)l, (int)r);
			if (l == 0 && r == N - 1)
				break;
		}
	}
	cudaMalloc(&dc, sizeof code);
	cudaMalloc(&dp, sizeof parent);
	cudaMalloc(&dg, sizeof range);
	cudaMalloc(&dr, sizeof rounds);
	cudaMemcpy(dc, code, sizeof code, cudaMemcpyHostToDevice);
	cudaMemcpy(dp, parent, sizeof parent, cudaMemcpyHostToDevice);
	cudaMemcpy(dg, range, sizeof range, cudaMemcpyHostToDevice);
	climb<<<(N + 127) / 128, 128>>>(dc, dp, dg, dr, N);
	cudaMemcpy(range, dg, sizeof range, cudaMemcpyDeviceToHost);
	cudaMemcpy(rounds, dr, sizeof rounds, cudaMemcpyDeviceToHost);
	for (int i = 0; i <= N; i++)
		bad += range[i].x != hrange[i].x || range[i].y != hrange[i].y;
	for (int w = 0; w < N / 32; w++)
		for (int l = 1; l < 32; l++)
			bad += rounds[32 * w + l] != rounds[32 * w]; // one trip count a warp
	printf("%d passed, %d failed (internal node ranges and per-warp turns)\n", bad ? 0 : 1,
	       bad ? 1 : 0);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
