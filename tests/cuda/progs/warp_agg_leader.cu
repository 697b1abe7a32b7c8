// Warp-aggregated atomics whose every result the host can predict: each
// block has its own counter, and a block is one warp where the slots must
// match bit for bit (the order of the warps' atomics inside a block is the
// GPU's to choose; with one warp there is one).  Larger blocks (96 and 100
// threads: a partial last warp) are checked by what every order gives: the
// block's count, each warp's slots consecutive and rising with the lane,
// the slots a permutation.  Forms: NVIDIA's blog form (ballot, leader by
// __ffs, one atomicAdd of __popc(mask), __shfl_sync of the base, rank by
// __popc); the CUDA 9 helper (__activemask(), `rank == 0`, the result
// declared without an initializer) inlined into a kernel whose threads may
// return first; an unsigned long long counter; and a 16 x 2 block, where
// `threadIdx.x % 32` is not the warp's lane and CUDA has two lanes add (the
// counter then holds both adds).  idxgen-cc runs the leader's atomic once
// per warp from a statement the block runs once (issue 40, lib/cc/warp_agg.c).
// exec-models: fission fibers
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void blog(const int *in, int *slot, int *count, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int keep = in[i] < limit;
	unsigned mask = __ballot_sync(0xffffffffu, keep);
	int leader = __ffs(mask) - 1;
	int base = 0;
	if (lane == leader)
		base = atomicAdd(&count[blockIdx.x], __popc(mask));
	base = __shfl_sync(0xffffffffu, base, leader);
	slot[i] = keep ? base + __popc(mask & ((1u << lane) - 1u)) : -1;
}

__device__ unsigned agg_inc(unsigned *ctr)
{
	unsigned active = __activemask();
	int leader = __ffs(active) - 1;
	unsigned change = __popc(active);
	unsigned lane = threadIdx.x % 32;
	unsigned rank = __popc(active & ((1u << lane) - 1));
	unsigned warp_res;
	if (rank == 0)
		warp_res = atomicAdd(ctr, change);
	warp_res = __shfl_sync(active, warp_res, leader);
	return warp_res + rank;
}

__global__ void helper(const int *in, int *slot, unsigned *count, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	slot[i] = -1;
	if (in[i] >= limit)
		return;
	unsigned s = agg_inc(&count[blockIdx.x]);
	slot[i] = (int)s;
}

__global__ void wide(const int *in, unsigned long long *res, unsigned long long *count, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x & 31;
	unsigned mask = __ballot_sync(0xffffffffu, in[i] < limit);
	int leader = __ffs(mask) - 1;
	unsigned long long r = 7;
	if (leader == lane)
		r = atomicAdd(count + blockIdx.x, (unsigned long long)__popc(mask));
	r = __shfl_sync(0xffffffffu, r, leader);
	res[i] = r;
}

__global__ void rows(const int *in, int *res, int *count, int limit)
{
	int lin = threadIdx.y * blockDim.x + threadIdx.x;
	int i = blockIdx.x * blockDim.x * blockDim.y + lin;
	int lane = threadIdx.x % 32;
	unsigned mask = __ballot_sync(0xffffffffu, in[i] < limit);
	int leader = __ffs(mask) - 1;
	int r = 0;
	if (lane == leader)
		r = atomicAdd(&count[blockIdx.x], __popc(mask));
	r = __shfl_sync(0xffffffffu, r, leader);
	res[i] = r;
}

static int errors;

static void expect(const char *what, long long got, long long want, int i)
{
	if (got != want && errors++ < 8)
		printf("%s %d: %lld, expected %lld\n", what, i, got, want);
}

// the ballot word of the warp of element i (lanes w0 .. w0 + 31 of block b)
static unsigned word(const int *in, int b, int bs, int w0, int limit)
{
	unsigned m = 0;

	for (int j = 0; j < 32 && w0 + j < bs; j++)
		m |= (unsigned)(in[b * bs + w0 + j] < limit) << j;
	return m;
}

// one block size: blog and helper against the host
static void run_filters(const int *h, int *d_in, int n, int bs, int limit)
{
	int nb = n / bs, *d_slot, *d_cnt, *slot = (int *)malloc(n * sizeof(int)), *cnt = (int *)malloc(nb * sizeof(int));

	cudaMalloc(&d_slot, n * sizeof(int));
	cudaMalloc(&d_cnt, nb * sizeof(int));
	for (int form = 0; form < 2; form++) {
		cudaMemset(d_cnt, 0, nb * sizeof(int));
		if (form == 0)
			blog<<<nb, bs>>>(d_in, d_slot, d_cnt, limit);
		else
			helper<<<nb, bs>>>(d_in, d_slot, (unsigned *)d_cnt, limit);
		cudaMemcpy(slot, d_slot, n * sizeof(int), cudaMemcpyDeviceToHost);
		cudaMemcpy(cnt, d_cnt, nb * sizeof(int), cudaMemcpyDeviceToHost);
		for (int b = 0; b < nb; b++) {
			int total = 0;
			char *seen = (char *)calloc(bs, 1);

			for (int w0 = 0; w0 < bs; w0 += 32) {
				unsigned m = word(h, b, bs, w0, limit);
				int first = -1;

				total += __builtin_popcount(m);
				for (int j = 0; j < 32 && w0 + j < bs; j++) {
					int s = slot[b * bs + w0 + j], rank = __builtin_popcount(m & ((1u << j) - 1u));

					if (!(m >> j & 1)) {
						expect(form ? "helper: absent lane's slot" : "blog: dropped lane's slot", s, -1,
						       b * bs + w0 + j);
						continue;
					}
					if (first < 0)
						first = s - rank;
					expect(form ? "helper: slot" : "blog: slot", s, first + rank, b * bs + w0 + j);
					if (bs == 32)	// one warp: its base is 0
						expect(form ? "helper: one warp's slot" : "blog: one warp's slot", s, rank,
						       b * bs + w0 + j);
					if (s >= 0 && s < bs && seen[s]++)
						expect("slot used twice", s, -1, b * bs + w0 + j);
				}
			}
			expect(form ? "helper: count of block" : "blog: count of block", cnt[b], total, b);
			free(seen);
		}
	}
	cudaFree(d_slot);
	cudaFree(d_cnt);
	free(slot);
	free(cnt);
}

int main(void)
{
	const int n = 32 * 96 * 25, limit = 37;
	int *h = (int *)malloc(n * sizeof(int)), *d_in;

	srand(12345);
	for (int i = 0; i < n; i++)
		h[i] = rand() % 100;
	for (int i = 0; i < 96; i++)	// a warp where no lane votes, one where all do
		h[i] = i < 32 ? 99 : i < 64 ? 0 : h[i];
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMemcpy(d_in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	run_filters(h, d_in, n, 32, limit);
	run_filters(h, d_in, n, 96, limit);
	run_filters(h, d_in, 100 * 240, 100, limit);

	// unsigned long long, one warp a block: the leader's old value (0), 7 where no lane votes
	{
		int nb = n / 32;
		unsigned long long *d_res, *d_cnt, *res = (unsigned long long *)malloc(n * 8),
					       *cnt = (unsigned long long *)malloc(nb * 8);

		cudaMalloc(&d_res, n * 8);
		cudaMalloc(&d_cnt, nb * 8);
		cudaMemset(d_cnt, 0, nb * 8);
		wide<<<nb, 32>>>(d_in, d_res, d_cnt, limit);
		cudaMemcpy(res, d_res, n * 8, cudaMemcpyDeviceToHost);
		cudaMemcpy(cnt, d_cnt, nb * 8, cudaMemcpyDeviceToHost);
		for (int b = 0; b < nb; b++) {
			unsigned m = word(h, b, 32, 0, limit);

			expect("wide: count of block", (long long)cnt[b], __builtin_popcount(m), b);
			for (int j = 0; j < 32; j++)
				expect("wide: result", (long long)res[b * 32 + j], m ? 0 : 7, b * 32 + j);
		}
		cudaFree(d_res);
		cudaFree(d_cnt);
		free(res);
		free(cnt);
	}

	// 16 x 2 blocks: lanes l and l + 16 both have threadIdx.x % 32 == l, so
	// for a leader below 16 both add; the counter holds every add
	{
		int nb = n / 32, *d_res, *d_cnt, *res = (int *)malloc(n * sizeof(int)), *cnt = (int *)malloc(nb * sizeof(int));

		cudaMalloc(&d_res, n * sizeof(int));
		cudaMalloc(&d_cnt, nb * sizeof(int));
		cudaMemset(d_cnt, 0, nb * sizeof(int));
		rows<<<nb, dim3(16, 2)>>>(d_in, d_res, d_cnt, limit);
		cudaMemcpy(res, d_res, n * sizeof(int), cudaMemcpyDeviceToHost);
		cudaMemcpy(cnt, d_cnt, nb * sizeof(int), cudaMemcpyDeviceToHost);
		for (int b = 0; b < nb; b++) {
			unsigned m = word(h, b, 32, 0, limit);
			int l = __builtin_ffs((int)m) - 1, adders = m == 0 ? 0 : l < 16 ? 2 : 0;

			expect("rows: count of block", cnt[b], adders * __builtin_popcount(m), b);
			for (int j = 0; j < 32; j++)	// the leader added first or second
				if (res[b * 32 + j] != 0 && res[b * 32 + j] != __builtin_popcount(m))
					expect("rows: result", res[b * 32 + j], 0, b * 32 + j);
		}
		cudaFree(d_res);
		cudaFree(d_cnt);
		free(res);
		free(cnt);
	}
	cudaFree(d_in);
	free(h);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
