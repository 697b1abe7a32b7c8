/* SPDX-License-Identifier: MIT */
/*
 * imgstat_host.c - imgstat.cu's main() on the SPMD runtime's API
 * (include/idxgen_rt.h), line for line, for as long as idxgen-cc
 * translates kernels only: the kernels are imgstat_kernels.cu translated
 * by idxgen-cc (descriptors idxgen_cc_kernel_NAME).  The runtime runs on
 * the CPU, in one address space: cudaMalloc is malloc, cudaMemcpy memcpy;
 * each launch takes its threads' indices from the idxgen device.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <idxgen_rt.h>

#include "imgstat_ref.h"

#define TILE		16	/* as in imgstat_kernels.cu */
#define BINS		64
#define SUM_THREADS	256

extern const struct idxgen_rt_kernel idxgen_cc_kernel_histogram, idxgen_cc_kernel_transpose,
	idxgen_cc_kernel_row_sums;

/* kernel<<<grid, block>>>(args...): a synchronous launch, error reported. */
static int launch(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
		  struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args)
{
	int err = idxgen_rt_launch(rt, k, grid, block, 0, args);

	if (err)
		fprintf(stderr, "imgstat: %s<<<>>>: %s\n", k->name, idxgen_strerror(err));
	return err;
}

int main(void)
{
	const int w = IMG_W, h = IMG_H, n = w * h;
	const size_t bytes = (size_t)n * sizeof(unsigned int);
	unsigned int *img = malloc(bytes), *t = malloc(bytes);
	unsigned int hist[BINS], cols[IMG_W], rows[IMG_H];
	unsigned int *d_img = malloc(bytes), *d_t = malloc(bytes);	/* cudaMalloc */
	unsigned int *d_hist = malloc(sizeof(hist)), *d_cols = malloc(sizeof(cols));
	unsigned int *d_rows = malloc(sizeof(rows));
	struct idxgen_rt *rt = NULL;
	int bad = 0, err = 0;

	if (!img || !t || !d_img || !d_t || !d_hist || !d_cols || !d_rows) {
		fprintf(stderr, "imgstat: out of memory\n");
		return 1;
	}
	err = idxgen_rt_create(NULL, &rt);	/* the CUDA runtime's implicit init */
	if (err) {
		fprintf(stderr, "imgstat: %s\n", idxgen_strerror(err));
		return 1;
	}
	for (int f = 0; f < IMG_FRAMES && !err; f++) {
		imgstat_fill(img, n, f);
		memcpy(d_img, img, bytes);		/* cudaMemcpy HostToDevice */
		memset(d_hist, 0, sizeof(hist));	/* cudaMemset */
		void *a_hist[] = { &d_img, (void *)&n, &d_hist };
		void *a_tr[] = { &d_t, &d_img, (void *)&w, (void *)&h };
		void *a_cols[] = { &d_t, (void *)&h, &d_cols };
		void *a_rows[] = { &d_img, (void *)&w, &d_rows };

		err = launch(rt, &idxgen_cc_kernel_histogram, IDXGEN_RT_DIM3((n + 255) / 256, 1, 1),
			     IDXGEN_RT_DIM3(256, 1, 1), a_hist) ||
		      launch(rt, &idxgen_cc_kernel_transpose, IDXGEN_RT_DIM3(w / TILE, h / TILE, 1),
			     IDXGEN_RT_DIM3(TILE, TILE, 1), a_tr) ||
		      launch(rt, &idxgen_cc_kernel_row_sums, IDXGEN_RT_DIM3(w, 1, 1),
			     IDXGEN_RT_DIM3(SUM_THREADS, 1, 1), a_cols) ||
		      launch(rt, &idxgen_cc_kernel_row_sums, IDXGEN_RT_DIM3(h, 1, 1),
			     IDXGEN_RT_DIM3(SUM_THREADS, 1, 1), a_rows);
		memcpy(hist, d_hist, sizeof(hist));	/* cudaMemcpy DeviceToHost */
		memcpy(t, d_t, bytes);
		memcpy(cols, d_cols, sizeof(cols));
		memcpy(rows, d_rows, sizeof(rows));
		if (!err)
			bad += imgstat_check(img, w, h, hist, t, cols, rows);
	}
	idxgen_rt_destroy(rt);
	free(d_img);	/* cudaFree */
	free(d_t);
	free(d_hist);
	free(d_cols);
	free(d_rows);
	free(img);
	free(t);
	if (err)
		return 1;
	printf("imgstat: %dx%d image, %d frames, %d kernel launches: %s\n", w, h, IMG_FRAMES,
	       4 * IMG_FRAMES, bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
