// Shifts whose operator is in a macro's text, by a count that is not a
// constant.  Parboil's mri-gridding sort writes `#define
// CONFLICT_FREE_OFFSET(index) ((index) >> LNB + (index) >> (2*LNB))`: by
// precedence the first count is `LNB + (index)`, past 31 from index 28 on,
// where the GPU's shr gives 0 and x86 masks the count; its shared-memory
// index then ran past the array.  Such invocations are now written out
// before the translation, after which lib/cc/shift.c rewrites the shift as
// anywhere else.  Also a right shift by `32 - n` with n 0 (the high bits of
// a word), a 64-bit left shift by a count from memory, and `>>=` in a
// statement macro.  Checked against host functions that compute the GPU's
// result (a count of the width or more gives 0) by testing the count.
#include <cstdio>
#include <cuda_runtime.h>

#define LNB 4
#define CONFLICT_FREE_OFFSET(index) ((index) >> LNB + (index) >> (2*LNB))
#define HIGH_BITS(x, n) ((x) >> (32 - (n)))
#define WIDE_MASK(n) (~0ull << (n))
#define DROP_LOW(v, n) v >>= (n)

#define N 512

__device__ unsigned high_bits(unsigned x, int n)
{
	return HIGH_BITS(x, n);
}

__global__ void offsets(int *off, int *copy)
{
	__shared__ int s[N + N / 16];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int ai = i + CONFLICT_FREE_OFFSET(i);

	off[i] = CONFLICT_FREE_OFFSET(i);
	s[ai] = i;
	__syncthreads();
	copy[i] = s[ai];
}

__global__ void counts(const unsigned *x, const int *n, unsigned *hi, unsigned long long *mask, unsigned *low)
{
	int i = threadIdx.x;
	unsigned v = x[i];

	hi[i] = high_bits(x[i], n[i] % 33);
	mask[i] = WIDE_MASK(n[i]);
	DROP_LOW(v, n[i]);
	low[i] = v;
}

// The GPU's results: a count of the width or more shifts every bit out.
static unsigned shr32(unsigned x, unsigned c)
{
	return c >= 32 ? 0 : x >> c;
}

static unsigned long long shl64(unsigned long long x, unsigned c)
{
	return c >= 64 ? 0 : x << c;
}

int main()
{
	static int h_off[N], h_copy[N];
	unsigned h_x[70], h_hi[70], h_low[70];
	int h_n[70];
	unsigned long long h_mask[70];
	int *d_off, *d_copy, *d_n;
	unsigned *d_x, *d_hi, *d_low;
	unsigned long long *d_mask;
	int passed = 0, failed = 0, bad = 0;

	for (int i = 0; i < 70; i++) {
		h_x[i] = 0x9e3779b9u * (unsigned)(i + 1);
		h_n[i] = i;
	}
	cudaMalloc(&d_off, sizeof(h_off));
	cudaMalloc(&d_copy, sizeof(h_copy));
	cudaMalloc(&d_x, sizeof(h_x));
	cudaMalloc(&d_n, sizeof(h_n));
	cudaMalloc(&d_hi, sizeof(h_hi));
	cudaMalloc(&d_mask, sizeof(h_mask));
	cudaMalloc(&d_low, sizeof(h_low));
	cudaMemcpy(d_x, h_x, sizeof(h_x), cudaMemcpyHostToDevice);
	cudaMemcpy(d_n, h_n, sizeof(h_n), cudaMemcpyHostToDevice);
	offsets<<<1, N>>>(d_off, d_copy);
	counts<<<1, 70>>>(d_x, d_n, d_hi, d_mask, d_low);
	cudaMemcpy(h_off, d_off, sizeof(h_off), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_copy, d_copy, sizeof(h_copy), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_hi, d_hi, sizeof(h_hi), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_mask, d_mask, sizeof(h_mask), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_low, d_low, sizeof(h_low), cudaMemcpyDeviceToHost);

	for (int i = 0; i < N; i++)
		bad += h_off[i] != (int)shr32(shr32((unsigned)i, LNB + i), 2 * LNB) || h_copy[i] != i;
	printf("CONFLICT_FREE_OFFSET: %d of %d indices wrong\n", bad, N);
	bad ? failed++ : passed++;
	bad = 0;
	for (int i = 0; i < 70; i++)
		bad += h_hi[i] != shr32(h_x[i], 32 - h_n[i] % 33);
	printf("HIGH_BITS: %d of 70 wrong\n", bad);
	bad ? failed++ : passed++;
	bad = 0;
	for (int i = 0; i < 70; i++)
		bad += h_mask[i] != shl64(~0ull, h_n[i]);
	printf("WIDE_MASK: %d of 70 wrong\n", bad);
	bad ? failed++ : passed++;
	bad = 0;
	for (int i = 0; i < 70; i++)
		bad += h_low[i] != shr32(h_x[i], h_n[i]);
	printf("DROP_LOW: %d of 70 wrong\n", bad);
	bad ? failed++ : passed++;

	cudaFree(d_off);
	cudaFree(d_copy);
	cudaFree(d_x);
	cudaFree(d_n);
	cudaFree(d_hi);
	cudaFree(d_mask);
	cudaFree(d_low);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
