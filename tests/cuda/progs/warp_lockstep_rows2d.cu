// A warp-synchronous tree over threadIdx.x in a 2-D block whose rows are
// shorter than a warp: 8 x 4 threads, one warp, every row running the same
// tree on the same 16 elements with no barrier between the levels.  In lock
// step the four lanes that share threadIdx.x read the same two elements and
// store the same sum; run lane after lane, each would add its s[t + k] once
// more (lib/cc/lockstep_guard.c's `if (t < k)` proof counts on threadIdx.x
// telling the lanes apart, true only for 1-D blocks or rows of at least a
// warp).  The kernel gets two bodies (issue 38, thirteenth session): loop
// fission for 8 x 1 blocks, its fiber body (read, meet, write) for 8 x 4
// and 8 x 2 x 2, chosen at the launch; forced to fibers, fibers for all.
// Each result against a host sum.
// exec-models: fibers
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define W 8 // a row, shorter than a warp
#define NB 5

__global__ void row_tree(const int *in, int *out)
{
	__shared__ int s[2 * W];
	const int t = threadIdx.x;

	if (threadIdx.y == 0 && threadIdx.z == 0) {
		s[t] = in[blockIdx.x * 2 * W + t];
		s[t + W] = in[blockIdx.x * 2 * W + W + t];
	}
	__syncthreads();
	for (int k = W; k > 0; k >>= 1)
		if (t < k)
			s[t] += s[t + k];
	__syncthreads();
	if (t == 0 && threadIdx.y == 0 && threadIdx.z == 0)
		out[blockIdx.x] = s[0];
}

int main(void)
{
	const int n = NB * 2 * W;
	int h_in[NB * 2 * W], want[NB], got[NB], *in, *out;
	const dim3 shapes[] = { dim3(W, 1), dim3(W, 4), dim3(W, 2, 2) };
	const int nshapes = sizeof(shapes) / sizeof(shapes[0]);
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
	for (int r = 0; r < nshapes; r++) {
		int bad = 0;

		cudaMemset(out, 0, NB * sizeof(int));
		row_tree<<<NB, shapes[r]>>>(in, out);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%u x %u x %u: launch failed\n", shapes[r].x, shapes[r].y, shapes[r].z);
			fails++;
			continue;
		}
		cudaMemcpy(got, out, NB * sizeof(int), cudaMemcpyDeviceToHost);
		for (int b = 0; b < NB; b++)
			bad += got[b] != want[b];
		printf("%u x %u x %u blocks: %d of %d sums wrong\n", shapes[r].x, shapes[r].y, shapes[r].z, bad, NB);
		fails += bad != 0;
	}
	cudaFree(in);
	cudaFree(out);
	printf("%d passed, %d failed\n", nshapes - fails, fails);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails ? 1 : 0;
}
