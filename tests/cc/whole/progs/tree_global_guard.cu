// Interleaved tree reductions whose `if` tests the global index where the
// sum is indexed by the thread's (issue 38, thirty-first session;
// lib/cc/lockstep_guard.c): `if ((idx % (stride * 2)) == 0) s[threadIdx.x]
// += s[threadIdx.x + stride];`, as teaching reductions write it, and the
// same with a bound in the guard and a local for the thread index (`if (i <
// n && i % (2 * k) == 0) s[tid] += s[tid + k];`).  The global index is the
// thread's plus the block's start, so the guard keeps the lanes that store
// apart from those whose elements they read, and loop fission runs the
// tree; before, each statement ran as fibers, read, meet, write.  Each
// block's sum is checked against a host sum, under every model.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 256
#define N       (40 * THREADS + 77) /* the last block partial */
#define BLOCKS  ((N + THREADS - 1) / THREADS)

__global__ void tree_by_global(const int *in, int *out, int n)
{
	__shared__ int s[THREADS];
	unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = idx < (unsigned int)n ? in[idx] : 0;
	__syncthreads();
	for (unsigned int stride = 1; stride < blockDim.x; stride *= 2) {
		if ((idx % (stride * 2)) == 0)
			s[threadIdx.x] += s[threadIdx.x + stride];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = s[0];
}

__global__ void tree_by_global_bounded(const int *in, int *out, int n)
{
	__shared__ int s[THREADS];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (int k = 1; k < (int)blockDim.x; k *= 2) {
		if (i < n && i % (2 * k) == 0)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

/* The host's tree: the same pairs in the same order, one level at a time. */
static int host_tree(const int *in, int block, bool bounded)
{
	int s[THREADS];

	for (int t = 0; t < THREADS; t++) {
		int i = block * THREADS + t;

		s[t] = i < N ? in[i] : 0;
	}
	for (int k = 1; k < THREADS; k *= 2)
		for (int t = 0; t < THREADS; t++) {
			int i = block * THREADS + t;

			if ((!bounded || i < N) && i % (2 * k) == 0)
				s[t] += s[t + k];
		}
	return s[0];
}

int main(void)
{
	static int in[N], got[BLOCKS];
	int *d_in, *d_out, pass = 0, total = 0;
	unsigned sum = 0;

	for (int i = 0; i < N; i++)
		in[i] = (int)((i * 2654435761u) >> 9) % 1000 - 500;
	cudaMalloc(&d_in, sizeof(in));
	cudaMalloc(&d_out, sizeof(got));
	cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);
	for (int bounded = 0; bounded < 2; bounded++) {
		int bad = 0;

		if (bounded)
			tree_by_global_bounded<<<BLOCKS, THREADS>>>(d_in, d_out, N);
		else
			tree_by_global<<<BLOCKS, THREADS>>>(d_in, d_out, N);
		cudaMemcpy(got, d_out, sizeof(got), cudaMemcpyDeviceToHost);
		for (int b = 0; b < BLOCKS; b++) {
			int want = host_tree(in, b, bounded);

			if (got[b] != want && bad++ < 3)
				printf("%s: block %d = %d, want %d\n", bounded ? "bounded" : "global", b, got[b], want);
			sum = sum * 31u + (unsigned)got[b];
		}
		printf("%s: %s\n", bounded ? "tree_by_global_bounded" : "tree_by_global", bad ? "FAIL" : "ok");
		pass += bad == 0;
		total++;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("checksum %08x\n", sum);
	printf("%d passed, %d failed\n", pass, total - pass);
	printf("%s\n", pass == total ? "PASS" : "FAIL");
	return pass == total ? 0 : 1;
}
