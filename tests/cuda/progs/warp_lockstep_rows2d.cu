// A warp-synchronous tree over threadIdx.x in a 2-D block whose rows are
// shorter than a warp: 8 x 4 threads, one warp, every row running the same
// tree on the same 16 elements with no barrier between the levels.  In lock
// step the four lanes that share threadIdx.x read the same two elements and
// store the same sum; run lane after lane, each would add its s[t + k] once
// more (lib/cc/lockstep_guard.c's `if (t < k)` proof counts on threadIdx.x
// telling the lanes apart, true only for 1-D blocks or rows of at least a
// warp: a fiber kernel now reads, meets, writes there).  The same kernel in
// 8 x 1 blocks as well; each result against a host sum.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define W 8 // a row, shorter than a warp
#define NB 5

__global__ void row_tree(const int *in, int *out)
{
	__shared__ int s[2 * W];
	const int t = threadIdx.x;

	if (threadIdx.y == 0) {
		s[t] = in[blockIdx.x * 2 * W + t];
		s[t + W] = in[blockIdx.x * 2 * W + W + t];
	}
	__syncthreads();
	for (int k = W; k > 0; k >>= 1)
		if (t < k)
			s[t] += s[t + k];
	__syncthreads();
	if (t == 0 && threadIdx.y == 0)
		out[blockIdx.x] = s[0];
}

int main(void)
{
	const int n = NB * 2 * W;
	int h_in[NB * 2 * W], want[NB], got[NB], *in, *out;
	const int rows[] = { 1, 4 };
	int fails = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = (i * 29 + 7) % 41 - 13;
	for (int b = 0; b < NB; b++) {
		want[b] = 0;
		for (int i = 0; i < 2 * W; i++)
			want[b] += h_in[b * 2 * W + i];
	}
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, NB * sizeof(int));
	cudaMemcpy(in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
	for (int r = 0; r < 2; r++) {
		int bad = 0;

		cudaMemset(out, 0, NB * sizeof(int));
		row_tree<<<NB, dim3(W, rows[r])>>>(in, out);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%d x %d: launch failed\n", W, rows[r]);
			fails++;
			continue;
		}
		cudaMemcpy(got, out, NB * sizeof(int), cudaMemcpyDeviceToHost);
		for (int b = 0; b < NB; b++)
			bad += got[b] != want[b];
		printf("%d x %d blocks: %d of %d sums wrong\n", W, rows[r], bad, NB);
		fails += bad != 0;
	}
	cudaFree(in);
	cudaFree(out);
	printf("%d passed, %d failed\n", 2 - fails, fails);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails ? 1 : 0;
}
