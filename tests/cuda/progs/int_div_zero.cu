// Integer division in a kernel whose divisors come from the data, some of
// them zero (and INT_MIN / -1): a GPU has no trap for it, the kernel runs
// to completion and the synchronisation succeeds.  Rows with a zero divisor
// are flagged by the host beforehand, as a careful program does with the
// results it cannot use; every other quotient and remainder is checked
// against the host's, and every thread marks that it finished.
#include <climits>
#include <cstdio>
#include <cuda_runtime.h>

#define N 1000

__global__ void ratios(const int *num, const int *den, const unsigned *unum, const unsigned *uden, int *q,
		       int *r, unsigned *uq, unsigned *ur, int *done, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	q[i] = num[i] / den[i];
	r[i] = num[i] % den[i];
	uq[i] = unum[i] / uden[i];
	ur[i] = unum[i] % uden[i];
	done[i] = 1;
}

int main()
{
	static int num[N], den[N], q[N], r[N], done[N];
	static unsigned unum[N], uden[N], uq[N], ur[N];
	for (int i = 0; i < N; i++) {
		num[i] = i % 7 == 0 ? INT_MIN : 1000 - 3 * i;
		den[i] = i % 5 == 0 ? 0 : i % 7 == 0 ? -1 : i % 13 - 6;
		unum[i] = 4000000000u - 12345u * (unsigned)i;
		uden[i] = i % 3 == 0 ? 0u : (unsigned)(i % 11);
	}
	int *d_num, *d_den, *d_q, *d_r, *d_done;
	unsigned *d_unum, *d_uden, *d_uq, *d_ur;
	cudaMalloc(&d_num, sizeof(num));
	cudaMalloc(&d_den, sizeof(den));
	cudaMalloc(&d_q, sizeof(q));
	cudaMalloc(&d_r, sizeof(r));
	cudaMalloc(&d_done, sizeof(done));
	cudaMalloc(&d_unum, sizeof(unum));
	cudaMalloc(&d_uden, sizeof(uden));
	cudaMalloc(&d_uq, sizeof(uq));
	cudaMalloc(&d_ur, sizeof(ur));
	cudaMemcpy(d_num, num, sizeof(num), cudaMemcpyHostToDevice);
	cudaMemcpy(d_den, den, sizeof(den), cudaMemcpyHostToDevice);
	cudaMemcpy(d_unum, unum, sizeof(unum), cudaMemcpyHostToDevice);
	cudaMemcpy(d_uden, uden, sizeof(uden), cudaMemcpyHostToDevice);
	cudaMemset(d_done, 0, sizeof(done));

	ratios<<<(N + 127) / 128, 128>>>(d_num, d_den, d_unum, d_uden, d_q, d_r, d_uq, d_ur, d_done, N);
	cudaError_t err = cudaDeviceSynchronize();
	printf("kernel: %s\n", cudaGetErrorString(err));

	cudaMemcpy(q, d_q, sizeof(q), cudaMemcpyDeviceToHost);
	cudaMemcpy(r, d_r, sizeof(r), cudaMemcpyDeviceToHost);
	cudaMemcpy(uq, d_uq, sizeof(uq), cudaMemcpyDeviceToHost);
	cudaMemcpy(ur, d_ur, sizeof(ur), cudaMemcpyDeviceToHost);
	cudaMemcpy(done, d_done, sizeof(done), cudaMemcpyDeviceToHost);
	int bad = 0, skipped = 0;
	for (int i = 0; i < N; i++) {
		if (!done[i])
			bad++;
		bool overflow = num[i] == INT_MIN && den[i] == -1;
		if (den[i] == 0 || overflow)
			skipped++;
		else if (q[i] != num[i] / den[i] || r[i] != num[i] % den[i])
			bad++;
		if (uden[i] != 0 && (uq[i] != unum[i] / uden[i] || ur[i] != unum[i] % uden[i]))
			bad++;
	}
	printf("%d signed rows skipped (zero divisor or INT_MIN / -1), %d wrong\n", skipped, bad);
	bool ok = err == cudaSuccess && bad == 0;
	cudaFree(d_num);
	cudaFree(d_den);
	cudaFree(d_q);
	cudaFree(d_r);
	cudaFree(d_done);
	cudaFree(d_unum);
	cudaFree(d_uden);
	cudaFree(d_uq);
	cudaFree(d_ur);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
