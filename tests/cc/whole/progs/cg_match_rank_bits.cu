// The masks that cooperative groups' match_any and match_all answer are
// the group's own, as CUDA's: a tile's lanes counted from its first lane, a
// coalesced group's packed by rank (ballot's rule).  They were the warp's
// lane bits: a tile of 16 in the upper half of a warp answered bits 16-31,
// the odd lanes' coalesced group bits of every other lane (wrong results).
// match_all (tiles and coalesced groups) was not declared, and cg::reduce
// with a lambda as its operator stopped the parse ("used but not defined").
// Against a host model; exact.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <stdio.h>

namespace cg = cooperative_groups;

__global__ void tile_match(const int *in, unsigned int *out)
{
	cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
	int v = in[threadIdx.x], pred = -1;
	unsigned int *o = out + threadIdx.x * 5;

	o[0] = t.match_any(v % 3);
	o[1] = t.match_all(v / 100, pred);
	o[2] = (unsigned int)pred;
	o[3] = t.ballot(v & 1);
	o[4] = (unsigned int)cg::reduce(t, v, [](int a, int b) { return a > b ? a : b; });
}

__global__ void coalesced_match(const int *in, unsigned int *out)
{
	int v = in[threadIdx.x];

	out[threadIdx.x * 2] = out[threadIdx.x * 2 + 1] = 0;
	if (threadIdx.x % 2) {
		cg::coalesced_group g = cg::coalesced_threads();
		int pred = -1;

		out[threadIdx.x * 2] = g.match_any(v % 3);
		out[threadIdx.x * 2 + 1] = g.match_all(v % 2, pred) | (pred ? 0x80000000u : 0);
	}
}

int main(void)
{
	const int n = 64;
	int h_in[n], *d_in, bad = 0;
	unsigned int h[n * 5], *d;

	for (int i = 0; i < n; i++)	/* the third tile all below 100 and the fourth all above */
		h_in[i] = i < 32 ? (i * 37) % 100 + (i == 5 ? 100 : 0) : i < 48 ? i : 100 + i;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	tile_match<<<1, n>>>(d_in, d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int t0 = i - i % 16, mx = 0, same = 1;
		unsigned int any = 0, bal = 0;

		for (int j = t0; j < t0 + 16; j++) {
			any |= (unsigned int)(h_in[j] % 3 == h_in[i] % 3) << (j - t0);
			bal |= (unsigned int)(h_in[j] & 1) << (j - t0);
			same &= h_in[j] / 100 == h_in[t0] / 100;
			mx = h_in[j] > mx ? h_in[j] : mx;
		}
		unsigned int want[5] = { any, same ? 0xffffu : 0u, (unsigned int)same, bal, (unsigned int)mx };
		for (int k = 0; k < 5; k++)
			if (h[i * 5 + k] != want[k] && bad++ < 8)
				printf("tile, thread %d, value %d: %#x, want %#x\n", i, k, h[i * 5 + k], want[k]);
	}
	coalesced_match<<<1, n>>>(d_in, d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 1; i < n; i += 2) {
		int w0 = i - i % 32, r = 0, same = 1;
		unsigned int any = 0;

		for (int j = w0 + 1; j < w0 + 32; j += 2, r++) {
			any |= (unsigned int)(h_in[j] % 3 == h_in[i] % 3) << r;
			same &= h_in[j] % 2 == h_in[w0 + 1] % 2;
		}
		unsigned int all = same ? 0xffffu | 0x80000000u : 0u;
		if ((h[i * 2] != any || h[i * 2 + 1] != all) && bad++ < 12)
			printf("coalesced, thread %d: %#x %#x, want %#x %#x\n", i, h[i * 2], h[i * 2 + 1], any, all);
	}
	cudaFree(d_in);
	cudaFree(d);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
