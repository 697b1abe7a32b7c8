// atomicAdds to one address per loop (issue 40: aggregated atomics): the
// translator sums each thread loop's integer adds in a local and adds the
// total once, and keeps floating ones in order and applies them once.
// Counts, a naive global sum that wraps past INT_MAX, a 64-bit sum, a
// per-block counter in shared memory and float/double sums, each checked
// against the host with a partial last block.
#include <climits>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void count_above(const int *in, unsigned *count, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && in[i] > t)
		atomicAdd(&count[0], 1u);
}

__global__ void naive_sum(const int *in, int *sum, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		atomicAdd(sum, in[i]);
}

__global__ void sum64(const int *in, unsigned long long *sum, int n)
{
	int i = threadIdx.x + blockIdx.x * blockDim.x;

	if (i < n)
		atomicAdd(sum + 1, (unsigned long long)(in[i] & 0xffff) << 20);
}

__global__ void block_count(const int *in, unsigned *per_block, int n)
{
	__shared__ unsigned c;
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (threadIdx.x == 0)
		c = 0;
	__syncthreads();
	if (i < n && in[i] % 3 == 0)
		atomicAdd(&c, 1u);
	__syncthreads();
	if (threadIdx.x == 0)
		per_block[blockIdx.x] = c;
}

// Floating adds: kept in order per thread loop and applied one by one.
// An add of 1 to 2^24 (float) or 2^53 (double) rounds back to it in every
// order CUDA may take, where a sum per block (2^24 + 128) would not;
// quarters sum exactly in any order.  Four adds in a row, all taken.
__global__ void fsums(const int *in, float *f, double *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float q = (float)(in[i] & 7) * 0.25f;
		atomicAdd(&f[0], 1.0f);
		atomicAdd(&d[0], 1.0);
		atomicAdd(&f[1], q);
		atomicAdd(&d[1], (double)q);
	}
}

int main()
{
	const int n = 5000, B = 128, G = (n + B - 1) / B;
	static int in[n];
	static unsigned per_block[G];
	unsigned count = 0, want_count = 0;
	int sum = 0;
	unsigned want_sum = 0;
	unsigned long long sum2[2] = { 0, 0 }, want64 = 0;
	int *din, *dsum;
	unsigned *dcount, *dper;
	unsigned long long *d64;
	float f[2] = { 16777216.0f, 0.5f }, *df;
	double d[2] = { 9007199254740992.0, 0.5 }, want_q = 0.5, *dd;
	bool ok = true;

	for (int i = 0; i < n; i++) {
		in[i] = (i % 2 ? 1 : -1) * (INT_MAX / 3) + i * 7919;
		want_count += in[i] > 1000;
		want_sum += (unsigned)in[i];
		want64 += (unsigned long long)(in[i] & 0xffff) << 20;
		want_q += (in[i] & 7) * 0.25;
	}
	cudaMalloc(&din, sizeof(in));
	cudaMalloc(&dsum, sizeof(int));
	cudaMalloc(&dcount, sizeof(unsigned));
	cudaMalloc(&dper, sizeof(per_block));
	cudaMalloc(&d64, sizeof(sum2));
	cudaMemcpy(din, in, sizeof(in), cudaMemcpyHostToDevice);
	cudaMemset(dsum, 0, sizeof(int));
	cudaMemset(dcount, 0, sizeof(unsigned));
	cudaMemset(d64, 0, sizeof(sum2));
	count_above<<<G, B>>>(din, dcount, n, 1000);
	naive_sum<<<G, B>>>(din, dsum, n);
	sum64<<<G, B>>>(din, d64, n);
	block_count<<<G, B>>>(din, dper, n);
	cudaMalloc(&df, sizeof(f));
	cudaMalloc(&dd, sizeof(d));
	cudaMemcpy(df, f, sizeof(f), cudaMemcpyHostToDevice);
	cudaMemcpy(dd, d, sizeof(d), cudaMemcpyHostToDevice);
	fsums<<<G, B>>>(din, df, dd, n);
	cudaMemcpy(f, df, sizeof(f), cudaMemcpyDeviceToHost);
	cudaMemcpy(d, dd, sizeof(d), cudaMemcpyDeviceToHost);
	ok &= f[0] == 16777216.0f && d[0] == 9007199254740992.0 && f[1] == (float)want_q && d[1] == want_q;
	cudaMemcpy(&count, dcount, sizeof(unsigned), cudaMemcpyDeviceToHost);
	cudaMemcpy(&sum, dsum, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(sum2, d64, sizeof(sum2), cudaMemcpyDeviceToHost);
	cudaMemcpy(per_block, dper, sizeof(per_block), cudaMemcpyDeviceToHost);
	ok &= count == want_count && (unsigned)sum == want_sum && sum2[0] == 0 && sum2[1] == want64;
	for (int b = 0; b < G; b++) {
		unsigned want = 0;

		for (int i = b * B; i < n && i < (b + 1) * B; i++)
			want += in[i] % 3 == 0;
		ok &= per_block[b] == want;
	}
	if (!ok)
		printf("count %u/%u sum %d/%d sum64 %llu/%llu float %.1f %.2f double %.1f %.2f/%.2f\n", count,
		       want_count, sum, (int)want_sum, sum2[1], want64, f[0], f[1], d[0], d[1], want_q);
	cudaFree(din);
	cudaFree(dsum);
	cudaFree(dcount);
	cudaFree(dper);
	cudaFree(d64);
	cudaFree(df);
	cudaFree(dd);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
