/* SPDX-License-Identifier: MIT */
/*
 * imgstat.cu - image statistics, a CUDA program as people write them:
 * for each of IMG_FRAMES frames, copy the image to the GPU, launch a
 * histogram, a transpose and two row-sum reductions, copy the results back
 * and check them against the CPU.  Prints PASS or FAIL.
 *
 *	nvcc -o imgstat imgstat.cu		# NVIDIA's compiler and a GPU
 *	idxgen-cc -o imgstat imgstat.cu		# the CPU, thread indices from idxgen
 */
#include <stdio.h>
#include <stdlib.h>
#include <cuda_runtime.h>

#include "imgstat_kernels.cu"
#include "imgstat_ref.h"

#define CUDA_CHECK(call)                                                        \
	do {                                                                    \
		cudaError_t err_ = (call);                                      \
		if (err_ != cudaSuccess) {                                      \
			fprintf(stderr, "imgstat: %s:%d: %s\n", __FILE__, __LINE__, \
				cudaGetErrorString(err_));                      \
			exit(1);                                                \
		}                                                               \
	} while (0)

int main(void)
{
	const int w = IMG_W, h = IMG_H, n = w * h;
	const size_t bytes = (size_t)n * sizeof(unsigned int);
	unsigned int *img = (unsigned int *)malloc(bytes), *t = (unsigned int *)malloc(bytes);
	unsigned int hist[BINS], cols[IMG_W], rows[IMG_H];
	unsigned int *d_img, *d_t, *d_hist, *d_cols, *d_rows;
	int bad = 0;

	if (!img || !t) {
		fprintf(stderr, "imgstat: out of memory\n");
		return 1;
	}
	CUDA_CHECK(cudaMalloc((void **)&d_img, bytes));
	CUDA_CHECK(cudaMalloc((void **)&d_t, bytes));
	CUDA_CHECK(cudaMalloc((void **)&d_hist, sizeof(hist)));
	CUDA_CHECK(cudaMalloc((void **)&d_cols, sizeof(cols)));
	CUDA_CHECK(cudaMalloc((void **)&d_rows, sizeof(rows)));
	for (int f = 0; f < IMG_FRAMES; f++) {
		imgstat_fill(img, n, f);
		CUDA_CHECK(cudaMemcpy(d_img, img, bytes, cudaMemcpyHostToDevice));
		CUDA_CHECK(cudaMemset(d_hist, 0, sizeof(hist)));
		histogram<<<(n + 255) / 256, 256>>>(d_img, n, d_hist);
		transpose<<<dim3(w / TILE, h / TILE), dim3(TILE, TILE)>>>(d_t, d_img, w, h);
		row_sums<<<w, SUM_THREADS>>>(d_t, h, d_cols);	/* column sums */
		row_sums<<<h, SUM_THREADS>>>(d_img, w, d_rows);
		CUDA_CHECK(cudaGetLastError());
		CUDA_CHECK(cudaMemcpy(hist, d_hist, sizeof(hist), cudaMemcpyDeviceToHost));
		CUDA_CHECK(cudaMemcpy(t, d_t, bytes, cudaMemcpyDeviceToHost));
		CUDA_CHECK(cudaMemcpy(cols, d_cols, sizeof(cols), cudaMemcpyDeviceToHost));
		CUDA_CHECK(cudaMemcpy(rows, d_rows, sizeof(rows), cudaMemcpyDeviceToHost));
		bad += imgstat_check(img, w, h, hist, t, cols, rows);
	}
	cudaFree(d_img);
	cudaFree(d_t);
	cudaFree(d_hist);
	cudaFree(d_cols);
	cudaFree(d_rows);
	free(img);
	free(t);
	printf("imgstat: %dx%d image, %d frames, %d kernel launches: %s\n", w, h, IMG_FRAMES,
	       4 * IMG_FRAMES, bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
