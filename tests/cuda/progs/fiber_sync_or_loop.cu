// A __syncthreads_or convergence loop and a break out of a loop that
// contains barriers: each block relaxes its labels (min over neighbours,
// a connected-components step on a 1-D chain with cuts) until no thread
// changed anything, then a second loop leaves by `break` when a __shared__
// flag set by one thread says so.  Checked against a host reference.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 128

__global__ void label(const int *cut, int *lab, int *rounds, int *brk)
{
	__shared__ int l[BLOCK];
	__shared__ int stop;
	int t = threadIdx.x, g = blockIdx.x * BLOCK + t;
	l[t] = g;
	int n = 0;
	__syncthreads();
	int changed;
	do {
		int m = l[t];
		if (t > 0 && !cut[g])
			m = min(m, l[t - 1]);
		if (t + 1 < BLOCK && !cut[g + 1])
			m = min(m, l[t + 1]);
		__syncthreads();
		changed = m != l[t];
		l[t] = m;
		n++;
	} while (__syncthreads_or(changed));
	lab[g] = l[t];
	if (t == 0)
		rounds[blockIdx.x] = n;
	// a loop left by break: thread 0 decides, after a barrier, every thread leaves
	int k = 0;
	for (;;) {
		if (t == 0)
			stop = k >= (int)blockIdx.x % 5;
		__syncthreads();
		if (stop)
			break;
		k++;
		__syncthreads();
	}
	brk[g] = k;
}

int main()
{
	const int nb = 9, n = nb * BLOCK;
	int *cut = (int *)malloc((n + 1) * sizeof(int)), *lab = (int *)malloc(n * sizeof(int));
	int *rounds = (int *)malloc(nb * sizeof(int)), *brk = (int *)malloc(n * sizeof(int));
	int *dc, *dl, *dr, *db;
	for (int i = 0; i <= n; i++)
		cut[i] = (i * 2654435761u >> 7) % 13 == 0;
	cudaMalloc(&dc, (n + 1) * sizeof(int));
	cudaMalloc(&dl, n * sizeof(int));
	cudaMalloc(&dr, nb * sizeof(int));
	cudaMalloc(&db, n * sizeof(int));
	cudaMemcpy(dc, cut, (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
	label<<<nb, BLOCK>>>(dc, dl, dr, db);
	cudaMemcpy(lab, dl, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(rounds, dr, nb * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(brk, db, n * sizeof(int), cudaMemcpyDeviceToHost);
	int bad = cudaGetLastError() != cudaSuccess;
	for (int b = 0; b < nb; b++) {
		int longest = 1, run = 1;
		for (int t = 0; t < BLOCK; t++) {
			int g = b * BLOCK + t, first = g;
			while (first > b * BLOCK && !cut[first])
				first--;
			bad += lab[g] != first;
			bad += brk[g] != b % 5;
			if (t > 0) {
				run = cut[g] ? 1 : run + 1;
				longest = run > longest ? run : longest;
			}
		}
		bad += rounds[b] != longest; // a label travels one step a round, plus the round that sees no change
	}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
