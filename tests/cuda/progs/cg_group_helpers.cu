// Cooperative-groups helpers in the style of public code (the reduce over a
// thread_group that the CUDA cooperative-groups introduction popularised):
// one helper taking cg::thread_group, called with the whole block and with
// 32-thread tiles (the dynamic tiled_partition, which gives a thread_group);
// a templated helper over thread_block_tile<N> using shfl_down and
// cg::reduce; and warp-aggregated atomics through cg::coalesced_threads()
// inside a data-dependent branch, the leader's result broadcast by
// g.shfl(), written in the kernel and as a helper called in the branch.  Checked against host references; blocks of 128 threads.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define THREADS 128
#define BLOCKS 6

__device__ int group_sum(cg::thread_group g, int *tmp, int v)
{
	int lane = g.thread_rank();

	for (int i = g.size() / 2; i > 0; i /= 2) {
		tmp[lane] = v;
		g.sync();
		if (lane < i)
			v += tmp[lane + i];
		g.sync();
	}
	return v; // the full sum on rank 0
}

template <int N> __device__ int tile_max(cg::thread_block_tile<N> t, int v)
{
	for (int off = t.size() / 2; off > 0; off /= 2)
		v = max(v, t.shfl_down(v, off));
	return t.shfl(v, 0);
}

__global__ void sums(const int *in, int *block_sum, int *tile_sum, int *tile_max_out, int *tile_total)
{
	extern __shared__ int tmp[];
	cg::thread_block block = cg::this_thread_block();
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	int s = group_sum(block, tmp, v);
	if (block.thread_rank() == 0)
		block_sum[blockIdx.x] = s;
	block.sync();

	cg::thread_group tile = cg::tiled_partition(block, 32);
	int *mine = tmp + (block.thread_rank() / 32) * 32;
	int ts = group_sum(tile, mine, v);
	int tid = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
	if (tile.thread_rank() == 0)
		tile_sum[tid] = ts;

	cg::thread_block_tile<16> half = cg::tiled_partition<16>(block);
	int m = tile_max<16>(half, v);
	int total = cg::reduce(half, v, cg::plus<int>());
	if (half.thread_rank() == 0) {
		int hid = blockIdx.x * (blockDim.x / 16) + threadIdx.x / 16;
		tile_max_out[hid] = m;
		tile_total[hid] = total;
	}
}

// keep the positive values, in any order: one atomicAdd per warp's group
__global__ void keep_positive(const int *in, int *out, int *count, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	int v = in[i];
	if (v > 0) {
		cg::coalesced_group g = cg::coalesced_threads();
		int base = 0;
		if (g.thread_rank() == 0)
			base = atomicAdd(count, (int)g.size());
		base = g.shfl(base, 0);
		// threadIdx read after the group formed: each thread's own still
		out[base + g.thread_rank()] = in[blockIdx.x * blockDim.x + threadIdx.x];
	}
}

// the same as a helper called in the branch: one atomicAdd per group, each lane its own slot
__device__ int agg_inc(int *ctr)
{
	cg::coalesced_group g = cg::coalesced_threads();
	int prev = 0;
	if (g.thread_rank() == 0)
		prev = atomicAdd(ctr, (int)g.num_threads());
	return g.shfl(prev, 0) + (int)g.thread_rank();
}

__global__ void keep_negative(const int *in, int *out, int *count, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && in[i] < 0)
		out[agg_inc(count)] = in[i];
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int main()
{
	enum { N = BLOCKS * THREADS, NT = N / 32, NH = N / 16 };
	static int hin[N], hb[BLOCKS], ht[NT], hm[NH], hs[NH], hout[N], want[N];
	for (int i = 0; i < N; i++)
		hin[i] = (int)((i * 7919u) % 201u) - 100;
	int *din, *db, *dt, *dm, *ds, *dout, *dc;
	cudaMalloc(&din, sizeof(hin));
	cudaMalloc(&db, sizeof(hb));
	cudaMalloc(&dt, sizeof(ht));
	cudaMalloc(&dm, sizeof(hm));
	cudaMalloc(&ds, sizeof(hs));
	cudaMalloc(&dout, sizeof(hout));
	cudaMalloc(&dc, sizeof(int));
	cudaMemcpy(din, hin, sizeof(hin), cudaMemcpyHostToDevice);
	sums<<<BLOCKS, THREADS, THREADS * sizeof(int)>>>(din, db, dt, dm, ds);
	cudaMemcpy(hb, db, sizeof(hb), cudaMemcpyDeviceToHost);
	cudaMemcpy(ht, dt, sizeof(ht), cudaMemcpyDeviceToHost);
	cudaMemcpy(hm, dm, sizeof(hm), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, ds, sizeof(hs), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int b = 0; b < BLOCKS; b++) {
		int s = 0;
		for (int i = 0; i < THREADS; i++)
			s += hin[b * THREADS + i];
		bad += hb[b] != s;
	}
	for (int t = 0; t < NT; t++) {
		int s = 0;
		for (int i = 0; i < 32; i++)
			s += hin[t * 32 + i];
		bad += ht[t] != s;
	}
	for (int h = 0; h < NH; h++) {
		int s = 0, m = hin[h * 16];
		for (int i = 0; i < 16; i++) {
			s += hin[h * 16 + i];
			m = hin[h * 16 + i] > m ? hin[h * 16 + i] : m;
		}
		bad += hm[h] != m || hs[h] != s;
	}
	printf("sums: %d wrong\n", bad);

	int n = N - 45, hc = 0, nwant = 0;
	cudaMemset(dc, 0, sizeof(int));
	keep_positive<<<BLOCKS, THREADS>>>(din, dout, dc, n);
	cudaMemcpy(&hc, dc, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (hin[i] > 0)
			want[nwant++] = hin[i];
	int badk = hc != nwant;
	if (!badk) {
		qsort(hout, hc, sizeof(int), cmp_int);
		qsort(want, nwant, sizeof(int), cmp_int);
		for (int i = 0; i < nwant; i++)
			badk += hout[i] != want[i];
	}
	printf("keep_positive: %d kept (want %d), %d wrong\n", hc, nwant, badk);

	cudaMemset(dc, 0, sizeof(int));
	keep_negative<<<BLOCKS, THREADS>>>(din, dout, dc, n);
	cudaMemcpy(&hc, dc, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost);
	nwant = 0;
	for (int i = 0; i < n; i++)
		if (hin[i] < 0)
			want[nwant++] = hin[i];
	int badn = hc != nwant;
	if (!badn) {
		qsort(hout, hc, sizeof(int), cmp_int);
		qsort(want, nwant, sizeof(int), cmp_int);
		for (int i = 0; i < nwant; i++)
			badn += hout[i] != want[i];
	}
	printf("keep_negative: %d kept (want %d), %d wrong\n", hc, nwant, badn);
	badk += badn;
	int ok = bad == 0 && badk == 0 && cudaGetLastError() == cudaSuccess;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
