// A kernel of the .cu that calls __device__ templates with warp shuffles
// defined in a header of the program (header_warp_template/warp_reduce.cuh).
// Loop fission lowers the warp operations of the .cu only: with
// --exec-model=fission the program built and stopped at its launch ("a
// warp-level function called outside a fiber kernel (an idxgen-cc bug)");
// now fission refuses it at the shuffle (whole.sh), and by default the
// kernel runs as fibers.  Host reference: per-row sums and maxima.
#include <cstdio>
#include <cstdlib>
#include "header_warp_template/warp_reduce.cuh"

#define ROW 32

__global__ void row_stats(const float *in, float *sums, int *maxima, int rows)
{
	int row = blockIdx.x * (blockDim.x / ROW) + threadIdx.x / ROW;
	int lane = threadIdx.x % ROW;
	float v = 0.0f;
	int m = -1;
	if (row < rows) {
		v = in[row * ROW + lane];
		m = (int)(v * 8.0f);
	}
	float s = warp_reduce_sum(v);
	int mx = warp_reduce_max(m);
	if (lane == 0 && row < rows) {
		sums[row] = s;
		maxima[row] = mx;
	}
}

int main()
{
	const int rows = 100, threads = 128;
	const int blocks = (rows + threads / ROW - 1) / (threads / ROW);
	float *h_in = (float *)malloc(rows * ROW * sizeof(float));
	float h_sums[rows];
	int h_max[rows];
	float *d_in, *d_sums;
	int *d_max;

	for (int i = 0; i < rows * ROW; i++)
		h_in[i] = (float)((i * 7919) % 64) / 8.0f;	/* exact in float: sums are exact */
	cudaMalloc(&d_in, rows * ROW * sizeof(float));
	cudaMalloc(&d_sums, sizeof(h_sums));
	cudaMalloc(&d_max, sizeof(h_max));
	cudaMemcpy(d_in, h_in, rows * ROW * sizeof(float), cudaMemcpyHostToDevice);
	row_stats<<<blocks, threads>>>(d_in, d_sums, d_max, rows);
	cudaError_t err = cudaGetLastError();
	cudaMemcpy(h_sums, d_sums, sizeof(h_sums), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_max, d_max, sizeof(h_max), cudaMemcpyDeviceToHost);

	int bad = err != cudaSuccess;
	for (int r = 0; r < rows; r++) {
		float s = 0.0f;
		int m = -1;
		for (int l = 0; l < ROW; l++) {
			s += h_in[r * ROW + l];
			int q = (int)(h_in[r * ROW + l] * 8.0f);
			m = q > m ? q : m;
		}
		bad += h_sums[r] != s || h_max[r] != m;
	}
	cudaFree(d_in);
	cudaFree(d_sums);
	cudaFree(d_max);
	free(h_in);
	printf("%d of %d rows wrong\n%s\n", bad, rows, bad ? "FAIL" : "PASS");
	return bad != 0;
}
