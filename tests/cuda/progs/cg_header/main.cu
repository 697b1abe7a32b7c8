// Kernels with cooperative groups and warp shuffles defined in an included
// header (block_ops.cuh), launched from here; checked against host sums.
#include <cstdio>
#include <cuda_runtime.h>

#include "block_ops.cuh"

int main()
{
	const int nb = 21, n = nb * ROW;
	int h[n], r[n], r2[n], *d_in, *d_out, bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (i * 17 + 5) % 23 - 11;
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(h));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	reverse_plus_sum<<<nb, ROW>>>(d_in, d_out);
	cudaMemcpy(r, d_out, sizeof(r), cudaMemcpyDeviceToHost);
	add_neighbour<<<n / 64, 64>>>(d_in, d_out);
	cudaMemcpy(r2, d_out, sizeof(r2), cudaMemcpyDeviceToHost);
	bad += cudaGetLastError() != cudaSuccess;
	for (int b = 0; b < nb; b++) {
		int sum = 0;
		for (int t = 0; t < ROW; t++)
			sum += h[b * ROW + t];
		for (int t = 0; t < ROW; t++)
			bad += r[b * ROW + t] != h[b * ROW + ROW - 1 - t] + sum;
	}
	for (int i = 0; i < n; i++)
		bad += r2[i] != h[i] + h[i ^ 1];
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFree(d_in);
	cudaFree(d_out);
	return bad != 0;
}
