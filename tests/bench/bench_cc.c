// SPDX-License-Identifier: MIT
/*
 * bench_cc.c - kernels translated by idxgen-cc (run by the SPMD runtime,
 * idxgen_rt_launch, with one worker) against plain C loops, and the CUDA
 * sources of the runtime's hand-written test kernels (tests/bench/cc/rtk.cu)
 * translated, against those hand-written kernels (tests/rt/kernels.h) and
 * their C references
 * compiled with the same flags, same sizes, side by side in one run.
 * Prints ns per run and the ratio C-loop time / translated time (>1: the
 * translated kernel is faster).  Not pass/fail.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <idxgen_rt.h>
#include "kernels.h"

extern const struct idxgen_rt_kernel idxgen_cc_kernel_vecadd, idxgen_cc_kernel_matmul,
	idxgen_cc_kernel_stencil3d, idxgen_cc_kernel_conv11, idxgen_cc_kernel_reduce,
	idxgen_cc_kernel_transpose, idxgen_cc_kernel_cc_vadd, idxgen_cc_kernel_cc_reduce,
	idxgen_cc_kernel_cc_matmul, idxgen_cc_kernel_cc_stencil;

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static struct idxgen_rt *rt;

static struct idxgen_rt_dim3 d3(unsigned x, unsigned y, unsigned z)
{
	return IDXGEN_RT_DIM3(x, y, z);
}

#define BEST(var, reps, ...) do {				\
	var = 1e30;						\
	for (int r_ = 0; r_ < (reps); r_++) {			\
		double t0_ = now();				\
		__VA_ARGS__;					\
		double t1_ = now() - t0_;			\
		if (t1_ < var)					\
			var = t1_;				\
	}							\
} while (0)

static void report(const char *name, double tk, double tc)
{
	printf("%-10s translated %12.0f ns   C loops %12.0f ns   C/translated %.2f\n", name, tk, tc, tc / tk);
}

static int *ints(size_t n)
{
	int *p = malloc(n * sizeof(int));

	for (size_t i = 0; i < n; i++)
		p[i] = (int)(i * 2654435761u >> 20) % 100;
	return p;
}

static void report3(const char *name, double tk, double th, double tc)
{
	printf("%-10s translated %12.0f ns   hand-written %12.0f ns   C %12.0f ns   hand/translated %.2f   C/translated %.2f\n",
	       name, tk, th, tc, th / tk, tc / tk);
}

static float *floats(size_t n)
{
	float *p = malloc(n * sizeof(float));

	for (size_t i = 0; i < n; i++)
		p[i] = (float)((i * 2654435761u >> 20) % 100) * 0.25f;
	return p;
}

/* translated vs hand-written (tests/rt/kernels.h) vs the C reference, one run each in turn */
static void vs_hand_written(void)
{
	double tk, th, tc;

	printf("# the runtime's test kernels: translated from CUDA vs hand-written in the kernel ABI\n");
	{
		uint32_t n = 1u << 22;
		float *a = floats(n), *b = floats(n), *c = floats(n);
		void *args[] = { &a, &b, &c, &n };

		BEST(tk, 5, idxgen_rt_launch(rt, &idxgen_cc_kernel_cc_vadd, d3(n / 256, 1, 1), d3(256, 1, 1), 0, args));
		BEST(th, 5, idxgen_rt_launch(rt, &vadd_kernel, d3(n / 256, 1, 1), d3(256, 1, 1), 0, args));
		BEST(tc, 5, vadd_ref(a, b, c, n); __asm__ volatile("" ::: "memory"));
		report3("vadd", tk, th, tc);
		free(a), free(b), free(c);
	}
	{
		uint32_t n = 1u << 22, nb = n / 256;
		int *in = ints(n), *out = ints(nb);
		void *args[] = { &in, &out, &n };

		BEST(tk, 5, idxgen_rt_launch(rt, &idxgen_cc_kernel_cc_reduce, d3(nb, 1, 1), d3(256, 1, 1), 1024, args));
		BEST(th, 5, idxgen_rt_launch(rt, &reduce_kernel, d3(nb, 1, 1), d3(256, 1, 1), 1024, args));
		BEST(tc, 5, for (uint32_t k = 0; k < nb; k++) {
			int acc = 0;
			for (int i = 0; i < 256; i++)
				acc += in[k * 256 + i];
			out[k] = acc;
		} __asm__ volatile("" ::: "memory"));
		report3("reduce", tk, th, tc);
		free(in), free(out);
	}
	{
		uint32_t n = 256;
		float *A = floats(n * n), *B = floats(n * n), *C = floats(n * n);
		void *args[] = { &A, &B, &C, &n };

		BEST(tk, 3, idxgen_rt_launch(rt, &idxgen_cc_kernel_cc_matmul, d3(n / 16, n / 16, 1), d3(16, 16, 1), 0, args));
		BEST(th, 3, idxgen_rt_launch(rt, &matmul_kernel, d3(n / 16, n / 16, 1), d3(16, 16, 1), 0, args));
		BEST(tc, 3, matmul_ref(A, B, C, n); __asm__ volatile("" ::: "memory"));
		report3("matmul", tk, th, tc);
		free(A), free(B), free(C);
	}
	{
		uint32_t nx = 128, ny = 128, nz = 64;
		float *in = floats(nx * ny * nz), *out = floats(nx * ny * nz);
		void *args[] = { &in, &out, &nx, &ny, &nz };

		BEST(tk, 5, idxgen_rt_launch(rt, &idxgen_cc_kernel_cc_stencil, d3(nx / 8, ny / 4, nz / 4), d3(8, 4, 4), 0, args));
		BEST(th, 5, idxgen_rt_launch(rt, &stencil_kernel, d3(nx / 8, ny / 4, nz / 4), d3(8, 4, 4), 0, args));
		BEST(tc, 5, stencil_ref(in, out, nx, ny, nz); __asm__ volatile("" ::: "memory"));
		report3("stencil", tk, th, tc);
		free(in), free(out);
	}
}

int main(void)
{
	double tk, tc;

	struct idxgen_rt_options opt = { .num_threads = 1 };

	if (idxgen_rt_create(&opt, &rt))
		return 1;
	{
		int n = 1 << 22, *a = ints(n), *b = ints(n), *c = ints(n);
		void *args[] = { &a, &b, &c, &n };

		BEST(tk, 5, idxgen_rt_launch(rt, &idxgen_cc_kernel_vecadd, d3(n / 256, 1, 1), d3(256, 1, 1), 0, args));
		BEST(tc, 5, for (int i = 0; i < n; i++) c[i] = a[i] + b[i]; __asm__ volatile("" ::: "memory"));
		report("vecadd", tk, tc);
		free(a), free(b), free(c);
	}
	{
		int n = 256, *A = ints(n * n), *B = ints(n * n), *C = ints(n * n);
		void *args[] = { &A, &B, &C, &n };

		BEST(tk, 3, idxgen_rt_launch(rt, &idxgen_cc_kernel_matmul, d3(n / 16, n / 16, 1), d3(16, 16, 1), 0, args));
		BEST(tc, 3, for (int i = 0; i < n; i++) for (int j = 0; j < n; j++) {
			int s = 0;
			for (int k = 0; k < n; k++)
				s += A[i * n + k] * B[k * n + j];
			C[i * n + j] = s;
		} __asm__ volatile("" ::: "memory"));
		report("matmul", tk, tc);
		free(A), free(B), free(C);
	}
	{
		int nx = 128, ny = 128, nz = 64, n = nx * ny * nz, *in = ints(n), *out = ints(n);
		void *args[] = { &in, &out, &nx, &ny, &nz };

		BEST(tk, 5, idxgen_rt_launch(rt, &idxgen_cc_kernel_stencil3d, d3(nx / 32, ny / 4, nz / 2), d3(32, 4, 2), 0, args));
		BEST(tc, 5, for (int z = 0; z < nz; z++) for (int y = 0; y < ny; y++) for (int x = 0; x < nx; x++) {
			int i = (z * ny + y) * nx + x;
			if (!x || !y || !z || x == nx - 1 || y == ny - 1 || z == nz - 1)
				out[i] = in[i];
			else
				out[i] = 6 * in[i] - in[i - 1] - in[i + 1] - in[i - nx] - in[i + nx] - in[i - nx * ny] - in[i + nx * ny];
		} __asm__ volatile("" ::: "memory"));
		report("stencil3d", tk, tc);
		free(in), free(out);
	}
	{
		int w = 512, h = 256, *img = ints(w * h), *f = ints(121), *out = ints(w * h);
		void *args[] = { &img, &f, &out, &w, &h };

		BEST(tk, 3, idxgen_rt_launch(rt, &idxgen_cc_kernel_conv11, d3(w / 32, h / 8, 1), d3(32, 8, 1), 0, args));
		BEST(tc, 3, for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) {
			int s = 0;
			for (int j = 0; j < 11; j++) for (int i = 0; i < 11; i++) {
				int yy = y + j - 5, xx = x + i - 5;
				if (yy >= 0 && yy < h && xx >= 0 && xx < w)
					s += f[j * 11 + i] * img[yy * w + xx];
			}
			out[y * w + x] = s;
		} __asm__ volatile("" ::: "memory"));
		report("conv11", tk, tc);
		free(img), free(f), free(out);
	}
	{
		int n = 1 << 22, nb = n / 256, *in = ints(n), *out = ints(nb);
		void *args[] = { &in, &out, &n };

		BEST(tk, 5, idxgen_rt_launch(rt, &idxgen_cc_kernel_reduce, d3(nb, 1, 1), d3(256, 1, 1), 0, args));
		BEST(tc, 5, for (int b = 0; b < nb; b++) {
			int s = 0;
			for (int i = 0; i < 256; i++)
				s += in[b * 256 + i];
			out[b] = s;
		} __asm__ volatile("" ::: "memory"));
		report("reduce", tk, tc);
		free(in), free(out);
	}
	{
		int rows = 2048, cols = 2048;
		unsigned *in = (unsigned *)ints(rows * cols), *out = (unsigned *)ints(rows * cols);
		void *args[] = { &in, &out, &rows, &cols };

		BEST(tk, 3, idxgen_rt_launch(rt, &idxgen_cc_kernel_transpose, d3(cols / 32, rows / 32, 1), d3(32, 32, 1), 0, args));
		BEST(tc, 3, for (int y = 0; y < rows; y++) for (int x = 0; x < cols; x++) out[x * rows + y] = in[y * cols + x];
		     __asm__ volatile("" ::: "memory"));
		report("transpose", tk, tc);
		free(in), free(out);
	}
	vs_hand_written();
	idxgen_rt_destroy(rt);
	return 0;
}
