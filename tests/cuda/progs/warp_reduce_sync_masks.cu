// sm_80's warp reduction intrinsics (__reduce_add/min/max_sync on int and
// unsigned, __reduce_and/or/xor_sync) over the lanes of a branch, as
// integer kernels write them: inside `if (key >= 0)` the mask comes from
// __activemask(), in the other branch from __ballot_sync over the lanes
// that took it, and a fixed half-warp mask for a segmented sum.  The last
// block is partial.  Each lane writes what it got; the host recomputes
// each warp's lanes, branch by branch, in plain C.
#include <cstdio>
#include <cuda_runtime.h>

struct Got {
	int sum, lo, hi;
	unsigned int band, bor, bxor, usum, half;
};

__global__ void branch_reductions(const int *key, int n, Got *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int k = key[i];
	unsigned int bits = (unsigned int)(k * 2654435761u);
	Got g;

	if (k >= 0) {
		unsigned int m = __activemask();
		g.sum = __reduce_add_sync(m, k);
		g.lo = __reduce_min_sync(m, k);
		g.hi = __reduce_max_sync(m, k);
		g.band = __reduce_and_sync(m, bits);
		g.bor = __reduce_or_sync(m, bits);
		g.bxor = __reduce_xor_sync(m, bits);
	} else {
		unsigned int m = __ballot_sync(__activemask(), 1);
		g.sum = __reduce_add_sync(m, -k);
		g.lo = __reduce_min_sync(m, k);
		g.hi = __reduce_max_sync(m, k);
		g.band = __reduce_and_sync(m, bits);
		g.bor = __reduce_or_sync(m, bits);
		g.bxor = __reduce_xor_sync(m, bits);
	}
	g.usum = __reduce_add_sync(__activemask(), (unsigned int)(k & 0xff));
	unsigned int lane = threadIdx.x % 32;
	unsigned int all = __activemask();
	unsigned int halfmask = all & (lane < 16 ? 0x0000ffffu : 0xffff0000u);
	g.half = __reduce_max_sync(halfmask, (unsigned int)(k + 1000));
	out[i] = g;
}

int main()
{
	const int threads = 128, n = 3 * threads + 45;	/* the last block: one whole warp, one of 13 lanes */
	int *h = new int[n], *d_key;
	Got *got = new Got[n], *d_out;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = ((i * 37 + 11) % 97) * ((i % 3 == 0) ? -1 : 1);
	cudaMalloc(&d_key, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(Got));
	cudaMemcpy(d_key, h, n * sizeof(int), cudaMemcpyHostToDevice);
	branch_reductions<<<(n + threads - 1) / threads, threads>>>(d_key, n, d_out);
	cudaMemcpy(got, d_out, n * sizeof(Got), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int w0 = i - i % 32, w1 = w0 + 32 < n ? w0 + 32 : n;
		bool pos = h[i] >= 0;
		Got want = { 0, 1 << 30, -(1 << 30), 0xffffffffu, 0, 0, 0, 0 };
		for (int j = w0; j < w1; j++) {
			unsigned int b = (unsigned int)(h[j] * 2654435761u);
			want.usum += (unsigned int)(h[j] & 0xff);
			if ((j % 32 < 16) == (i % 32 < 16))
				want.half = (unsigned int)(h[j] + 1000) > want.half ? (unsigned int)(h[j] + 1000) : want.half;
			if ((h[j] >= 0) != pos)
				continue;
			want.sum += pos ? h[j] : -h[j];
			want.lo = h[j] < want.lo ? h[j] : want.lo;
			want.hi = h[j] > want.hi ? h[j] : want.hi;
			want.band &= b;
			want.bor |= b;
			want.bxor ^= b;
		}
		const Got &g = got[i];
		if ((g.sum != want.sum || g.lo != want.lo || g.hi != want.hi || g.band != want.band || g.bor != want.bor ||
		     g.bxor != want.bxor || g.usum != want.usum || g.half != want.half) &&
		    bad++ < 5)
			printf("thread %d: sum %d/%d min %d/%d max %d/%d and %x/%x or %x/%x xor %x/%x usum %u/%u half %u/%u\n", i,
			       g.sum, want.sum, g.lo, want.lo, g.hi, want.hi, g.band, want.band, g.bor, want.bor, g.bxor,
			       want.bxor, g.usum, want.usum, g.half, want.half);
	}
	cudaFree(d_key);
	cudaFree(d_out);
	delete[] h;
	delete[] got;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
