// Warp votes and warp-level synchronisation: __any_sync and __all_sync on
// data-dependent predicates, __ballot_sync bit patterns, __activemask() on
// converged warps (after __syncthreads; in a block of 80 threads the last
// warp has 16 lanes, and __activemask reports exactly those), and
// __syncwarp ordering a warp-private exchange through shared memory.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__global__ void votes(const int *in, int *any_out, int *all_out, unsigned *ballot_out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	any_out[i] = __any_sync(FULL, v > 90);
	all_out[i] = __all_sync(FULL, v >= 0);
	ballot_out[i] = __ballot_sync(FULL, v & 1);
}

__global__ void active_and_syncwarp(unsigned *masks, int *swapped)
{
	__shared__ int buf[128];
	__syncthreads();
	unsigned m = __activemask();
	int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
	if (lane == 0)
		masks[blockIdx.x * 4 + warp] = m;
	buf[threadIdx.x] = threadIdx.x * 10 + blockIdx.x;
	__syncwarp(m);
	int partner = threadIdx.x ^ 1;
	int got = partner < (int)blockDim.x ? buf[partner] : -1;
	__syncwarp(m);
	buf[threadIdx.x] = got; // rewritten only after every lane has read
	__syncwarp(m);
	swapped[blockIdx.x * blockDim.x + threadIdx.x] = buf[threadIdx.x];
}

int main()
{
	const int n = 32 * 8;
	int h[n], an[n], al[n];
	unsigned ba[n];
	for (int i = 0; i < n; i++) {
		int w = i / 32;
		// warp 0: all small; warp 1: one big; warp 2: one negative; others mixed
		h[i] = w == 0 ? i % 10 : w == 1 ? (i % 32 == 17 ? 95 : 3) : w == 2 ? (i % 32 == 5 ? -1 : 50) : (i * 13) % 100;
	}
	int *d, *dan, *dal;
	unsigned *dba;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dan, sizeof(h));
	cudaMalloc(&dal, sizeof(h));
	cudaMalloc(&dba, sizeof(ba));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	votes<<<2, 128>>>(d, dan, dal, dba);
	cudaMemcpy(an, dan, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(al, dal, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(ba, dba, sizeof(ba), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int w = 0; w < n / 32; w++) {
		int any = 0, all = 1;
		unsigned bal = 0;
		for (int l = 0; l < 32; l++) {
			int v = h[w * 32 + l];
			any |= v > 90;
			all &= v >= 0;
			bal |= (unsigned)(v & 1) << l;
		}
		for (int l = 0; l < 32; l++) {
			int i = w * 32 + l;
			ok &= (an[i] != 0) == (any != 0) && (al[i] != 0) == (all != 0) && ba[i] == bal;
		}
	}

	const int threads = 80, blocks = 2;
	unsigned *dm, hm[blocks * 4];
	int *dsw, hsw[blocks * threads];
	cudaMalloc(&dm, sizeof(hm));
	cudaMalloc(&dsw, sizeof(hsw));
	cudaMemset(dm, 0, sizeof(hm));
	active_and_syncwarp<<<blocks, threads>>>(dm, dsw);
	cudaMemcpy(hm, dm, sizeof(hm), cudaMemcpyDeviceToHost);
	cudaMemcpy(hsw, dsw, sizeof(hsw), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++) {
		ok &= hm[b * 4 + 0] == FULL && hm[b * 4 + 1] == FULL && hm[b * 4 + 2] == 0xffffu && hm[b * 4 + 3] == 0;
		for (int t = 0; t < threads; t++) {
			int p = t ^ 1;
			int want = p < threads ? p * 10 + b : -1;
			ok &= hsw[b * threads + t] == want;
		}
	}
	if (!ok)
		printf("masks %08x %08x %08x\n", hm[0], hm[1], hm[2]);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
