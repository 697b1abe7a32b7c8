// __shfl_xor_sync with a width below 32 whose lane mask crosses segments.
// The CUDA programming guide defines it: "each group of width consecutive
// threads are able to access elements from earlier groups of threads,
// however if they attempt to access elements from later groups of threads
// their own value of var will be returned"; only the lane number's low five
// bits count.  Run as fibers, idxgen-cc returned the caller's own value for
// an earlier segment too (16 of 32 lanes wrong at lane mask 16, width 16);
// loop fission was right.  Checked against that rule, computed on the host.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int exchange(int v, int lane_mask, int width)
{
	return __shfl_xor_sync(0xffffffffu, v, lane_mask, width);
}

__global__ void xor_segments(int *out, const int *masks, const int *widths, int cases)
{
	int v = 1000 + (int)threadIdx.x * 7;
	for (int c = 0; c < cases; c++)
		out[c * 32 + threadIdx.x] = exchange(v, masks[c], widths[c]);
}

int main()
{
	const int cases = 6;
	int masks[cases] = { 16, 16, 8, 24, 8, 40 }, widths[cases] = { 16, 32, 8, 8, 16, 16 };
	int h_out[cases * 32];
	int *d_out, *d_masks, *d_widths;
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMalloc(&d_masks, sizeof(masks));
	cudaMalloc(&d_widths, sizeof(widths));
	cudaMemcpy(d_masks, masks, sizeof(masks), cudaMemcpyHostToDevice);
	cudaMemcpy(d_widths, widths, sizeof(widths), cudaMemcpyHostToDevice);
	xor_segments<<<1, 32>>>(d_out, d_masks, d_widths, cases);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	int passed = 0, failed = 0;
	for (int c = 0; c < cases; c++) {
		int bad = 0;
		for (int lane = 0; lane < 32; lane++) {
			int src = (lane ^ masks[c]) & 31, w = widths[c];
			if (src / w > lane / w)
				src = lane; /* a later segment: the caller's own value */
			bad += h_out[c * 32 + lane] != 1000 + src * 7;
		}
		printf("lane mask %d, width %d: %d of 32 lanes wrong\n", masks[c], widths[c], bad);
		bad ? failed++ : passed++;
	}
	cudaFree(d_out);
	cudaFree(d_masks);
	cudaFree(d_widths);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
