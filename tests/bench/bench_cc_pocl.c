// SPDX-License-Identifier: MIT
/*
 * bench_cc_pocl.c - the same kernels, same sizes, same machine: translated by
 * idxgen-cc and run by the SPMD runtime (idxgen_rt_launch; IDXGEN_NUM_THREADS
 * workers, default all cores) vs written in OpenCL C and
 * run by POCL's CPU device (all cores).  Best of N, kernel time only (POCL:
 * enqueue + clFinish on buffers that use the host memory; the program is
 * built and warmed up first; the two alternate run by run).  Prints POCL time / translated time (>1: the
 * translated kernel is faster).  Not pass/fail.
 */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <idxgen_rt.h>

extern const struct idxgen_rt_kernel idxgen_cc_kernel_vecadd, idxgen_cc_kernel_matmul,
	idxgen_cc_kernel_stencil3d, idxgen_cc_kernel_conv11, idxgen_cc_kernel_reduce,
	idxgen_cc_kernel_transpose;

#include "pocl_src.h"

static cl_context ctx;
static cl_command_queue q;
static cl_program prog;

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

static int *ints(size_t n)
{
	int *p = malloc(n * sizeof(int));

	for (size_t i = 0; i < n; i++)
		p[i] = (int)(i * 2654435761u >> 20) % 100;
	return p;
}

static cl_mem buf(void *p, size_t n)
{
	cl_int e;
	cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, n, p, &e);

	if (e != CL_SUCCESS) {
		fprintf(stderr, "clCreateBuffer: %d\n", e);
		exit(1);
	}
	return m;
}

struct arg {
	size_t size;
	const void *val;
};

/* One kernel both ways; returns 1 if the outputs differ. */
static int both(const char *name, const struct idxgen_rt_kernel *k, void **cargs, struct arg *oargs, int nargs,
		unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz, int reps,
		void *out, cl_mem oout, size_t outsz)
{
	cl_int e;
	cl_kernel ok = clCreateKernel(prog, name, &e);
	size_t gws[3] = { (size_t)gx * bx, (size_t)gy * by, (size_t)gz * bz }, lws[3] = { bx, by, bz };
	double tk = 1e30, to = 1e30, t;
	void *copy = malloc(outsz), *m;
	int bad;

	if (e != CL_SUCCESS) {
		fprintf(stderr, "clCreateKernel(%s): %d\n", name, e);
		exit(1);
	}
	for (int i = 0; i < nargs; i++)
		clSetKernelArg(ok, i, oargs[i].size, oargs[i].val);
	/* interleaved, so that both see the same machine state; run 0 warms up */
	for (int r = 0; r < reps + 1; r++) {
		usleep(20000);	/* let the other side's threads go idle */
		t = now();
		e = clEnqueueNDRangeKernel(q, ok, 3, NULL, gws, lws, 0, NULL, NULL);
		clFinish(q);
		t = now() - t;
		if (e != CL_SUCCESS) {
			fprintf(stderr, "clEnqueueNDRangeKernel(%s): %d\n", name, e);
			exit(1);
		}
		if (r && t < to)
			to = t;
		usleep(20000);
		t = now();
		idxgen_rt_launch(rt, k, d3(gx, gy, gz), d3(bx, by, bz), 0, cargs);
		t = now() - t;
		if (r && t < tk)
			tk = t;
	}
	m = clEnqueueMapBuffer(q, oout, CL_TRUE, CL_MAP_READ, 0, outsz, 0, NULL, NULL, &e);
	memcpy(copy, m, outsz);
	clEnqueueUnmapMemObject(q, oout, m, 0, NULL, NULL);
	clFinish(q);
	bad = memcmp(copy, out, outsz) != 0;
	printf("%-10s idxgen-cc %12.0f ns   POCL %12.0f ns   POCL/idxgen-cc %.2f%s\n", name, tk, to, to / tk,
	       bad ? "   (OUTPUTS DIFFER)" : "");
	free(copy);
	clReleaseKernel(ok);
	return bad;
}

int main(void)
{
	cl_platform_id plat;
	cl_device_id dev;
	cl_uint np;
	cl_int e;
	char dname[256];
	int bad = 0;

	struct idxgen_rt_options opt = { 0 };

	if (clGetPlatformIDs(1, &plat, &np) != CL_SUCCESS || !np ||
	    clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &dev, NULL) != CL_SUCCESS) {
		fprintf(stderr, "bench_cc_pocl: no OpenCL CPU device (pocl-opencl-icd installed?)\n");
		return 1;
	}
	clGetDeviceInfo(dev, CL_DEVICE_NAME, sizeof(dname), dname, NULL);
	ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	q = clCreateCommandQueue(ctx, dev, 0, &e);
	prog = clCreateProgramWithSource(ctx, 1, &ocl_src, NULL, &e);
	if (clBuildProgram(prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
		char log[16384];

		clGetProgramBuildInfo(prog, dev, CL_PROGRAM_BUILD_LOG, sizeof(log), log, NULL);
		fprintf(stderr, "bench_cc_pocl: build failed:\n%s\n", log);
		return 1;
	}
	if (idxgen_rt_create(&opt, &rt))
		return 1;
	printf("# OpenCL device: %s; idxgen runtime workers: %u\n", dname, idxgen_rt_num_threads(rt));
	{
		int n = 1 << 22, *a = ints(n), *b = ints(n), *c = ints(n), *oc = ints(n);
		cl_mem ma = buf(a, n * 4), mb = buf(b, n * 4), mc = buf(oc, n * 4);
		void *cargs[] = { &a, &b, &c, &n };
		struct arg oargs[] = { { sizeof(cl_mem), &ma }, { sizeof(cl_mem), &mb }, { sizeof(cl_mem), &mc }, { 4, &n } };

		bad |= both("vecadd", &idxgen_cc_kernel_vecadd, cargs, oargs, 4, n / 256, 1, 1, 256, 1, 1, 9, c, mc, n * 4);
	}
	{
		int n = 256, *A = ints(n * n), *B = ints(n * n), *C = ints(n * n), *oC = ints(n * n);
		cl_mem mA = buf(A, n * n * 4), mB = buf(B, n * n * 4), mC = buf(oC, n * n * 4);
		void *cargs[] = { &A, &B, &C, &n };
		struct arg oargs[] = { { sizeof(cl_mem), &mA }, { sizeof(cl_mem), &mB }, { sizeof(cl_mem), &mC }, { 4, &n } };

		bad |= both("matmul", &idxgen_cc_kernel_matmul, cargs, oargs, 4, n / 16, n / 16, 1, 16, 16, 1, 7, C, mC,
			    n * n * 4);
	}
	{
		int nx = 128, ny = 128, nz = 64, n = nx * ny * nz, *in = ints(n), *out = ints(n), *oout = ints(n);
		cl_mem mi = buf(in, n * 4), mo = buf(oout, n * 4);
		void *cargs[] = { &in, &out, &nx, &ny, &nz };
		struct arg oargs[] = { { sizeof(cl_mem), &mi }, { sizeof(cl_mem), &mo }, { 4, &nx }, { 4, &ny }, { 4, &nz } };

		bad |= both("stencil3d", &idxgen_cc_kernel_stencil3d, cargs, oargs, 5, nx / 32, ny / 4, nz / 2, 32, 4, 2, 9,
			    out, mo, n * 4);
	}
	{
		int w = 512, h = 256, *img = ints(w * h), *f = ints(121), *out = ints(w * h), *oout = ints(w * h);
		cl_mem mi = buf(img, w * h * 4), mf = buf(f, 121 * 4), mo = buf(oout, w * h * 4);
		void *cargs[] = { &img, &f, &out, &w, &h };
		struct arg oargs[] = { { sizeof(cl_mem), &mi }, { sizeof(cl_mem), &mf }, { sizeof(cl_mem), &mo }, { 4, &w }, { 4, &h } };

		bad |= both("conv11", &idxgen_cc_kernel_conv11, cargs, oargs, 5, w / 32, h / 8, 1, 32, 8, 1, 5, out, mo,
			    w * h * 4);
	}
	{
		int n = 1 << 22, nb = n / 256, *in = ints(n), *out = ints(nb), *oout = ints(nb);
		cl_mem mi = buf(in, n * 4), mo = buf(oout, nb * 4);
		void *cargs[] = { &in, &out, &n };
		struct arg oargs[] = { { sizeof(cl_mem), &mi }, { sizeof(cl_mem), &mo }, { 4, &n } };

		bad |= both("reduce", &idxgen_cc_kernel_reduce, cargs, oargs, 3, nb, 1, 1, 256, 1, 1, 7, out, mo, nb * 4);
	}
	{
		int rows = 2048, cols = 2048, *in = ints(rows * cols), *out = ints(rows * cols), *oout = ints(rows * cols);
		cl_mem mi = buf(in, rows * cols * 4), mo = buf(oout, rows * cols * 4);
		void *cargs[] = { &in, &out, &rows, &cols };
		struct arg oargs[] = { { sizeof(cl_mem), &mi }, { sizeof(cl_mem), &mo }, { 4, &rows }, { 4, &cols } };

		bad |= both("transpose", &idxgen_cc_kernel_transpose, cargs, oargs, 4, cols / 32, rows / 32, 1, 32, 32, 1, 7,
			    out, mo, rows * cols * 4);
	}
	idxgen_rt_destroy(rt);
	return bad;
}
