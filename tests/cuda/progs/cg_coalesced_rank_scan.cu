// Filtering inside a branch with the coalesced lanes, as warp-aggregated
// compaction code writes it with cooperative groups: inside `if (keep)`
// the lanes that took the branch form cg::coalesced_threads(), an
// inclusive scan over them by shfl_up gives each its position, the last
// rank's total is read with shfl, rank 0 reserves the room with one
// atomicAdd, and a shfl_down tree sums the kept values (rank + offset past
// the group's end keeps the caller's value, as CUDA).  The kept lanes of a
// warp are not contiguous, so every shuffle counts ranks of the group, not
// lanes of the warp: idxgen read the warp's lanes and the positions came
// out wrong (session 12).  Host reference: positions are a permutation of
// 0..kept-1, every kept item once, and each warp's sum of kept values.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void compact(const int *in, int n, int *out, int *count, int *warp_sums)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	if (v % 3 != 0) {
		cg::coalesced_group g = cg::coalesced_threads();
		int x = 1;
		for (unsigned int off = 1; off < g.size(); off *= 2) {
			int y = g.shfl_up(x, off);
			if (g.thread_rank() >= off)
				x += y;
		}
		int total = g.shfl(x, g.size() - 1);
		int base = 0;
		if (g.thread_rank() == 0)
			base = atomicAdd(count, total);
		base = g.shfl(base, 0);
		out[base + x - 1] = v;
		int s = v;
		for (unsigned int off = 16; off > 0; off /= 2) {
			int o = g.shfl_down(s, off);
			if (g.thread_rank() + off < g.size())
				s += o;
		}
		if (g.thread_rank() == 0)
			warp_sums[i / 32] = s;
	}
}

int main()
{
	const int n = 1000, threads = 128;
	int *h = new int[n], *out = new int[n], sums[(n + 31) / 32], *d_in, *d_out, *d_count, *d_sums, count = 0, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (i * 37 + 5) % 89;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(int));
	cudaMalloc(&d_count, sizeof(int));
	cudaMalloc(&d_sums, sizeof(sums));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_count, 0, sizeof(int));
	cudaMemset(d_out, 0xff, n * sizeof(int));
	cudaMemset(d_sums, 0, sizeof(sums));
	compact<<<(n + threads - 1) / threads, threads>>>(d_in, n, d_out, d_count, d_sums);
	cudaMemcpy(&count, d_count, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(sums, d_sums, sizeof(sums), cudaMemcpyDeviceToHost);
	int want = 0, seen[89] = { 0 }, got[89] = { 0 };
	for (int i = 0; i < n; i++)
		if (h[i] % 3 != 0)
			want++, seen[h[i]]++;
	if (count != want && bad++ < 5)
		printf("kept %d, want %d\n", count, want);
	for (int k = 0; k < count && k < n; k++) {
		if (out[k] < 0 || out[k] >= 89) {
			if (bad++ < 5)
				printf("slot %d: %d, no item\n", k, out[k]);
			continue;
		}
		got[out[k]]++;
	}
	for (int v = 0; v < 89; v++)
		if (got[v] != seen[v] && bad++ < 5)
			printf("value %d kept %d times, want %d\n", v, got[v], seen[v]);
	for (int w = 0; w < (n + 31) / 32; w++) {
		int s = 0;
		for (int i = 32 * w; i < 32 * w + 32 && i < n; i++)
			s += h[i] % 3 != 0 ? h[i] : 0;
		if (sums[w] != s && bad++ < 5)
			printf("warp %d: sum %d, want %d\n", w, sums[w], s);
	}
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_count);
	cudaFree(d_sums);
	delete[] h;
	delete[] out;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
