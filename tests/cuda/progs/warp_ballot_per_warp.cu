// Warp votes whose value the host can predict exactly: every lane stores
// the __ballot_sync it got, and the host recomputes each warp's word from
// the inputs (lanes past the block's end and lanes that returned are absent;
// a lane's own mask ANDs into its word).  The shapes that change what a
// warp is: 1-D blocks that end inside a warp (100 threads), a 2-D block of
// 12 x 5 (warps across rows), a kernel whose threads may return before the
// vote, half-warp masks, a vote repeated in a uniform loop and a vote under
// a condition that depends on the thread.  Then the warp-aggregated
// increment of NVIDIA's blog (ballot, leader, one atomicAdd, __shfl_sync of
// the base, rank by __popc): the kept elements as a multiset, the counter
// exactly.  idxgen-cc computes a ballot once per warp (issue 40).
// exec-models: fission fibers
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void vote_plain(const int *in, unsigned *out, int limit)
{
	unsigned t = threadIdx.x + threadIdx.y * blockDim.x;
	unsigned g = blockIdx.x * blockDim.x * blockDim.y + t;
	unsigned b = __ballot_sync(FULL, in[g] < limit);
	out[g] = b;
}

__global__ void vote_after_return(const int *in, unsigned *out, int limit)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
	out[g] = 0xdeadbeefu;
	if (in[g] % 7 == 0)
		return;
	unsigned live = __activemask();
	unsigned b = __ballot_sync(live, in[g] < limit);
	out[g] = b;
}

__global__ void vote_half_masks(const int *in, unsigned *out, int limit)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned lane = threadIdx.x % 32;
	unsigned m = lane < 16 ? 0x0000ffffu : 0xffff0000u;
	out[g] = __ballot_sync(m, in[g] < limit);
}

__global__ void vote_rounds(const int *in, unsigned *out, int rounds)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned acc = 0;
	for (int r = 0; r < rounds; r++) {
		unsigned b = __ballot_sync(FULL, (in[g] >> r) & 1);
		acc = acc * 31u + b;
	}
	out[g] = acc;
}

__global__ void vote_branch(const int *in, unsigned *out, int limit)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned b = 0;
	if (in[g] % 3 != 0) {
		unsigned live = __activemask();
		b = __ballot_sync(live, in[g] < limit);
	}
	out[g] = b;
}

__global__ void filter_blog(const int *in, int *dst, int *count, int limit, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int keep = i < n && in[i] < limit;
	unsigned mask = __ballot_sync(FULL, keep);
	int leader = __ffs(mask) - 1;
	int base = 0;
	if (lane == leader)
		base = atomicAdd(count, __popc(mask));
	base = __shfl_sync(FULL, base, leader);
	if (keep)
		dst[base + __popc(mask & ((1u << lane) - 1u))] = in[i];
}

// Host: the word of the lanes [w0, w0 + 32) of a block of nt threads whose
// predicate holds, absent lanes (>= nt, or !present) excluded.
static unsigned word(const int *p, const bool *present, unsigned w0, unsigned nt)
{
	unsigned r = 0;
	for (unsigned l = 0; l < 32; l++)
		if (w0 + l < nt && present[w0 + l] && p[w0 + l])
			r |= 1u << l;
	return r;
}

static int cmp(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static int failures, passes;

static void expect(const char *what, const unsigned *got, const unsigned *want, int n)
{
	int bad = 0;
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			if (!bad)
				printf("%s: element %d: %#x, want %#x\n", what, i, got[i], want[i]);
			bad++;
		}
	printf("%s: %d of %d differ\n", what, bad, n);
	failures += bad != 0;
	passes += bad == 0;
}

int main()
{
	const int blocks = 37, bx = 100, limit = 500, n = blocks * bx;
	int *h = (int *)malloc(n * sizeof(int)), *pred = (int *)malloc(n * sizeof(int));
	bool *present = (bool *)malloc(n * sizeof(bool));
	unsigned *got = (unsigned *)malloc(n * sizeof(unsigned)), *want = (unsigned *)malloc(n * sizeof(unsigned));
	srand(40);
	for (int i = 0; i < n; i++)
		h[i] = rand() % 1000;
	int *din, *ddst, *dcount;
	unsigned *dout;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(unsigned));
	cudaMalloc(&ddst, n * sizeof(int));
	cudaMalloc(&dcount, sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);

	// 1-D blocks of 100 and 2-D blocks of 12 x 5: warps by linear id
	const dim3 shapes[2] = { dim3(bx), dim3(12, 5) };
	for (int s = 0; s < 2; s++) {
		unsigned nt = shapes[s].x * shapes[s].y, nb = n / nt;
		vote_plain<<<nb, shapes[s]>>>(din, dout, limit);
		cudaMemcpy(got, dout, nb * nt * sizeof(unsigned), cudaMemcpyDeviceToHost);
		for (unsigned i = 0; i < nb * nt; i++) {
			pred[i] = h[i] < limit;
			present[i] = true;
		}
		for (unsigned b = 0; b < nb; b++)
			for (unsigned t = 0; t < nt; t++)
				want[b * nt + t] = word(pred + b * nt, present + b * nt, t & ~31u, nt);
		expect(s ? "plain vote, 12 x 5 blocks" : "plain vote, blocks of 100", got, want, nb * nt);
	}

	vote_after_return<<<blocks, bx>>>(din, dout, limit);
	cudaMemcpy(got, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		present[i] = h[i] % 7 != 0;
		pred[i] = h[i] < limit;
	}
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < bx; t++)
			want[b * bx + t] = present[b * bx + t] ? word(pred + b * bx, present + b * bx, t & ~31u, bx) :
								   0xdeadbeefu;
	expect("vote after returns", got, want, n);

	vote_half_masks<<<blocks, bx>>>(din, dout, limit);
	cudaMemcpy(got, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		present[i] = true;
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < bx; t++)
			want[b * bx + t] = word(pred + b * bx, present + b * bx, t & ~31u, bx) &
					   (t % 32 < 16 ? 0x0000ffffu : 0xffff0000u);
	expect("half-warp masks", got, want, n);

	const int rounds = 5;
	vote_rounds<<<blocks, bx>>>(din, dout, rounds);
	cudaMemcpy(got, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < bx; t++) {
			unsigned acc = 0;
			for (int r = 0; r < rounds; r++) {
				for (int u = 0; u < bx; u++)
					pred[b * bx + u] = (h[b * bx + u] >> r) & 1;
				acc = acc * 31u + word(pred + b * bx, present + b * bx, t & ~31u, bx);
			}
			want[b * bx + t] = acc;
		}
	expect("votes in a loop", got, want, n);

	vote_branch<<<blocks, bx>>>(din, dout, limit);
	cudaMemcpy(got, dout, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		present[i] = h[i] % 3 != 0;
		pred[i] = h[i] < limit;
	}
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < bx; t++)
			want[b * bx + t] = present[b * bx + t] ? word(pred + b * bx, present + b * bx, t & ~31u, bx) : 0;
	expect("vote under a condition", got, want, n);

	// the blog's warp-aggregated increment: the counter exactly, the kept
	// elements as a multiset (their order depends on the warps' order)
	const int fb = 128, fn = n - 13;
	int count = 0, nw = 0;
	int *kept = (int *)malloc(n * sizeof(int)), *ref = (int *)malloc(n * sizeof(int));
	cudaMemset(dcount, 0, sizeof(int));
	filter_blog<<<(fn + fb - 1) / fb, fb>>>(din, ddst, dcount, limit, fn);
	cudaMemcpy(&count, dcount, sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < fn; i++)
		if (h[i] < limit)
			ref[nw++] = h[i];
	printf("filter: kept %d, want %d\n", count, nw);
	failures += count != nw;
	passes += count == nw;
	if (count == nw) {
		cudaMemcpy(kept, ddst, count * sizeof(int), cudaMemcpyDeviceToHost);
		qsort(kept, count, sizeof(int), cmp);
		qsort(ref, nw, sizeof(int), cmp);
		expect("filter multiset", (const unsigned *)kept, (const unsigned *)ref, nw);
	}

	cudaFree(din); cudaFree(dout); cudaFree(ddst); cudaFree(dcount);
	free(h); free(pred); free(present); free(got); free(want); free(kept); free(ref);
	printf("%d passed, %d failed\n", passes, failures);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
