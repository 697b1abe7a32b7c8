/* SPDX-License-Identifier: MIT */
/*
 * omp_ports.h - the benchmark kernels of tests/cc/kernels/ as a CPU user
 * would port them by hand to OpenMP: `#pragma omp parallel for` over the
 * grid's blocks, the block's threads as natural loops (x innermost, so the
 * compiler vectorises it), no shared-memory staging where a CPU needs none.
 * Each function also has a plain serial form (omp = false: the pragmas'
 * if clause), the "C loops" column.  Compiled by the compiler under test
 * with -fopenmp (bench_omp.c includes it).
 */
#ifndef BENCH_OMP_PORTS_H
#define BENCH_OMP_PORTS_H

static void omp_vecadd(const int *a, const int *b, int *c, int n, int par)
{
	const int nb = n / 256;

#pragma omp parallel for if (par) schedule(static)
	for (int bl = 0; bl < nb; bl++)
		for (int t = 0; t < 256; t++)
			c[bl * 256 + t] = a[bl * 256 + t] + b[bl * 256 + t];
}

/* 16x16 blocks of C; per block the i-k-j loops (x innermost). */
static void omp_matmul(const int *A, const int *B, int *C, int n, int par)
{
#pragma omp parallel for collapse(2) if (par) schedule(static)
	for (int by = 0; by < n / 16; by++)
		for (int bx = 0; bx < n / 16; bx++) {
			int acc[16][16] = { { 0 } };

			for (int ty = 0; ty < 16; ty++)
				for (int k = 0; k < n; k++) {
					const int a = A[(by * 16 + ty) * n + k];

					for (int tx = 0; tx < 16; tx++)
						acc[ty][tx] += a * B[k * n + bx * 16 + tx];
				}
			for (int ty = 0; ty < 16; ty++)
				for (int tx = 0; tx < 16; tx++)
					C[(by * 16 + ty) * n + bx * 16 + tx] = acc[ty][tx];
		}
}

/* 32x4x2 blocks, as the CUDA launch. */
static void omp_stencil3d(const int *in, int *out, int nx, int ny, int nz, int par)
{
#pragma omp parallel for collapse(3) if (par) schedule(static)
	for (int bz = 0; bz < nz / 2; bz++)
		for (int by = 0; by < ny / 4; by++)
			for (int bx = 0; bx < nx / 32; bx++)
				for (int z = bz * 2; z < bz * 2 + 2; z++)
					for (int y = by * 4; y < by * 4 + 4; y++)
						for (int x = bx * 32; x < bx * 32 + 32; x++) {
							long i = ((long)z * ny + y) * nx + x;

							if (!x || !y || !z || x == nx - 1 || y == ny - 1 || z == nz - 1)
								out[i] = in[i];
							else
								out[i] = 6 * in[i] - in[i - 1] - in[i + 1] - in[i - nx] -
									 in[i + nx] - in[i - (long)nx * ny] -
									 in[i + (long)nx * ny];
						}
}

/* 32x8 blocks; the filter taps outermost, x innermost. */
static void omp_conv11(const int *img, const int *f, int *out, int w, int h, int par)
{
#pragma omp parallel for collapse(2) if (par) schedule(static)
	for (int by = 0; by < h / 8; by++)
		for (int bx = 0; bx < w / 32; bx++)
			for (int y = by * 8; y < by * 8 + 8; y++) {
				int acc[32] = { 0 };

				for (int j = 0; j < 11; j++)
					for (int i = 0; i < 11; i++) {
						int yy = y + j - 5;

						if (yy < 0 || yy >= h)
							continue;
						for (int t = 0; t < 32; t++) {
							int xx = bx * 32 + t + i - 5;

							if (xx >= 0 && xx < w)
								acc[t] += f[j * 11 + i] * img[yy * w + xx];
						}
					}
				for (int t = 0; t < 32; t++)
					out[y * w + bx * 32 + t] = acc[t];
			}
}

static void omp_reduce(const int *in, int *out, int n, int par)
{
#pragma omp parallel for if (par) schedule(static)
	for (int bl = 0; bl < n / 256; bl++) {
		int s = 0;

		for (int t = 0; t < 256; t++)
			s += in[bl * 256 + t];
		out[bl] = s;
	}
}

/* 32x32 tiles, read along rows, written along columns. */
static void omp_transpose(const unsigned int *in, unsigned int *out, int rows, int cols, int par)
{
#pragma omp parallel for collapse(2) if (par) schedule(static)
	for (int by = 0; by < rows / 32; by++)
		for (int bx = 0; bx < cols / 32; bx++)
			for (int y = by * 32; y < by * 32 + 32; y++)
				for (int x = bx * 32; x < bx * 32 + 32; x++)
					out[x * rows + y] = in[y * cols + x];
}

#endif
