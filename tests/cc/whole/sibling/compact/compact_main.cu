// Stream compaction built on a scan that another folder's program owns:
// `#include "../scan/block_scan.cu"`, whose own `#include "block_scan.h"`
// resolves beside it (Learn CUDA Programming's 04_pack_n_split includes
// "../03_scan/scan_v2.cu", which includes "scan.h").  Refused before: the
// translated copy of block_scan.cu found no block_scan.h beside it ("kernels
// defined in ... a file outside the program's folder are not supported",
// exit 1); the files below its folder are now linked beside the copy
// (lib/cc/overlay_mirror.c).  The result checked against a host loop.
#include <cuda_runtime.h>
#include <stdio.h>

#include "../scan/block_scan.cu"

#define N 1000

__global__ void keep_flags(int *flags, const int *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		flags[i] = in[i] % 3 == 0;
}

// Each kept element goes to the place its inclusive flag scan names, minus one.
__global__ void scatter(int *out, const int *in, const int *flags, const int *pos, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && flags[i])
		out[pos[i] - 1] = in[i];
}

int main()
{
	int in[N], got[N], want[N], kept = 0, fails = 0, count = 0;
	int *d_in, *d_flags, *d_pos, *d_sums, *d_out;
	int blocks = (N + SCAN_BLOCK - 1) / SCAN_BLOCK;

	for (int i = 0; i < N; i++) {
		in[i] = (i * 7919) % 1009;
		if (in[i] % 3 == 0)
			want[kept++] = in[i];
	}
	cudaMalloc(&d_in, sizeof(in));
	cudaMalloc(&d_flags, sizeof(in));
	cudaMalloc(&d_pos, sizeof(in));
	cudaMalloc(&d_out, sizeof(in));
	cudaMalloc(&d_sums, blocks * sizeof(int));
	cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);

	keep_flags<<<blocks, SCAN_BLOCK>>>(d_flags, d_in, N);
	block_scan<<<blocks, SCAN_BLOCK>>>(d_pos, d_sums, d_flags, N);
	add_block_sums<<<blocks, SCAN_BLOCK>>>(d_pos, d_sums, N);
	scatter<<<blocks, SCAN_BLOCK>>>(d_out, d_in, d_flags, d_pos, N);
	cudaMemcpy(&count, d_pos + N - 1, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(got, d_out, kept * sizeof(int), cudaMemcpyDeviceToHost);

	if (count != kept) {
		printf("kept %d, want %d\n", count, kept);
		fails++;
	}
	for (int i = 0; i < kept; i++)
		if (got[i] != want[i]) {
			printf("out[%d] = %d, want %d\n", i, got[i], want[i]);
			fails++;
			break;
		}
	if (cudaDeviceSynchronize() != cudaSuccess)
		fails++;
	cudaFree(d_in);
	cudaFree(d_flags);
	cudaFree(d_pos);
	cudaFree(d_out);
	cudaFree(d_sums);
	printf("%d passed, %d failed\n", 3 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
