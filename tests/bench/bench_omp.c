// SPDX-License-Identifier: MIT
/*
 * bench_omp.c - every benchmark kernel of tests/cc/kernels/ four ways, on the
 * same number W of worker threads (argument; default 2):
 *   translated  idxgen-cc's C, run by the SPMD runtime (W workers)
 *   POCL        the same kernel in OpenCL C on POCL's CPU device
 *               (POCL_MAX_PTHREAD_COUNT=W)
 *   OpenMP      a hand port, `#pragma omp parallel for` over the blocks with
 *               natural loops (omp_ports.h; W threads), built by the compiler
 *               this binary was built with (bench_omp_gcc, bench_omp_clang)
 *   C           the same loops serially (one thread whatever W)
 * Interleaved: each round runs the four once, in an order that rotates from
 * round to round, so that a load change hits all of them alike; per way the
 * median of the rounds and the spread (max - min) / median.  Ratios are of
 * medians, way / translated (> 1: the translated kernel is faster); the
 * geometric means over the kernels close the table.  Each run is timed
 * twice: wall clock, and the process's CPU time (all its threads): on a
 * loaded machine the wall clock counts the slices other processes took,
 * the CPU time does not, so with one worker the CPU-time ratios are the
 * comparison that survives the load (with two, CPU time is the work, not
 * the speed; run with OMP_WAIT_POLICY=passive so that OpenMP's idle
 * threads do not spin into the next way's time, as omp.mk does).  Every way's output is
 * compared with the serial loops' (a difference is printed and fails the run).
 * Not pass/fail otherwise.
 */
#define _GNU_SOURCE
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <idxgen_rt.h>

#include "omp_ports.h"
#include "pocl_src.h"

extern const struct idxgen_rt_kernel idxgen_cc_kernel_vecadd, idxgen_cc_kernel_matmul,
	idxgen_cc_kernel_stencil3d, idxgen_cc_kernel_conv11, idxgen_cc_kernel_reduce,
	idxgen_cc_kernel_transpose;

enum { TR, POCL, OMP, SER, NWAYS };
static const char *const way_name[NWAYS] = { "translated", "POCL", "OpenMP", "C" };
#define MAX_ROUNDS 51

struct bench {
	struct idxgen_rt *rt;
	cl_context ctx;
	cl_command_queue q;
	cl_program prog;
	unsigned int workers;
	int rounds;			/* argument 2; default 11 */
	double geo[NWAYS];		/* sums of log(way / translated), wall clock */
	double geo_cpu[NWAYS];		/* the same in CPU time */
	int nk, bad;
};

/* One kernel: what each way runs. */
struct kcase {
	const char *name;
	const struct idxgen_rt_kernel *k;
	unsigned int g[3], b[3];
	void **args;			/* the translated kernel's */
	cl_kernel ok;
	void (*port)(const struct kcase *c, int par);
	const int *in0, *in1;		/* inputs of the port */
	int *out[NWAYS];		/* each way's output */
	size_t out_bytes;
	int p[3];			/* int parameters of the port */
};

static double now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static double cpu_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec * 1e9 + t.tv_nsec;
}

static int *ints(size_t n)
{
	int *p = malloc(n * sizeof(int));

	for (size_t i = 0; i < n; i++)
		p[i] = (int)(i * 2654435761u >> 20) % 100;
	return p;
}

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void run_way(struct bench *B, const struct kcase *c, int way)
{
	switch (way) {
	case TR:
		if (idxgen_rt_launch(B->rt, c->k, IDXGEN_RT_DIM3(c->g[0], c->g[1], c->g[2]),
				     IDXGEN_RT_DIM3(c->b[0], c->b[1], c->b[2]), 0, c->args)) {
			fprintf(stderr, "bench_omp: launch of %s failed\n", c->name);
			exit(1);
		}
		break;
	case POCL: {
		size_t gws[3], lws[3];

		for (int i = 0; i < 3; i++)
			gws[i] = (size_t)c->g[i] * c->b[i], lws[i] = c->b[i];
		if (clEnqueueNDRangeKernel(B->q, c->ok, 3, NULL, gws, lws, 0, NULL, NULL) != CL_SUCCESS ||
		    clFinish(B->q) != CL_SUCCESS) {
			fprintf(stderr, "bench_omp: POCL run of %s failed\n", c->name);
			exit(1);
		}
		break;
	}
	case OMP:
		c->port(c, 1);
		break;
	default:
		c->port(c, 0);
		break;
	}
	__asm__ volatile("" ::: "memory");
}

static void measure(struct bench *B, struct kcase *kc)
{
	double t[NWAYS][MAX_ROUNDS], c[NWAYS][MAX_ROUNDS], med[NWAYS], cmed[NWAYS];
	const int R = B->rounds;

	for (int w = 0; w < NWAYS; w++)	/* warm up (page faults, POCL's first run) */
		run_way(B, kc, w);
	for (int r = 0; r < R; r++)
		for (int i = 0; i < NWAYS; i++) {
			int w = (r + i) % NWAYS;
			double c0 = cpu_now(), t0 = now();

			run_way(B, kc, w);
			t[w][r] = now() - t0;
			c[w][r] = cpu_now() - c0;
		}
	printf("%-10s wall", kc->name);
	for (int w = 0; w < NWAYS; w++) {
		qsort(t[w], R, sizeof(double), cmp_d);
		qsort(c[w], R, sizeof(double), cmp_d);
		med[w] = t[w][R / 2];
		cmed[w] = c[w][R / 2];
		printf(" %s %9.0f ns +-%3.0f%% ", way_name[w], med[w], 50.0 * (t[w][R - 1] - t[w][0]) / med[w]);
	}
	printf("| POCL/tr %.2f OpenMP/tr %.2f C/tr %.2f", med[POCL] / med[TR], med[OMP] / med[TR],
	       med[SER] / med[TR]);
	for (int w = 0; w < NWAYS; w++) {
		B->geo[w] += log(med[w] / med[TR]);
		B->geo_cpu[w] += log(cmed[w] / cmed[TR]);
		if (memcmp(kc->out[w], kc->out[SER], kc->out_bytes)) {
			printf("  (%s OUTPUT DIFFERS)", way_name[w]);
			B->bad = 1;
		}
	}
	printf("\n%-10s  cpu", "");
	for (int w = 0; w < NWAYS; w++)
		printf(" %s %9.0f ns +-%3.0f%% ", way_name[w], cmed[w], 50.0 * (c[w][R - 1] - c[w][0]) / cmed[w]);
	printf("| POCL/tr %.2f OpenMP/tr %.2f C/tr %.2f\n", cmed[POCL] / cmed[TR], cmed[OMP] / cmed[TR],
	       cmed[SER] / cmed[TR]);
	B->nk++;
}

static void port_vecadd(const struct kcase *c, int par)
{
	omp_vecadd(c->in0, c->in1, c->out[par ? OMP : SER], c->p[0], par);
}

static void port_matmul(const struct kcase *c, int par)
{
	omp_matmul(c->in0, c->in1, c->out[par ? OMP : SER], c->p[0], par);
}

static void port_stencil(const struct kcase *c, int par)
{
	omp_stencil3d(c->in0, c->out[par ? OMP : SER], c->p[0], c->p[1], c->p[2], par);
}

static void port_conv(const struct kcase *c, int par)
{
	omp_conv11(c->in0, c->in1, c->out[par ? OMP : SER], c->p[0], c->p[1], par);
}

static void port_reduce(const struct kcase *c, int par)
{
	omp_reduce(c->in0, c->out[par ? OMP : SER], c->p[0], par);
}

static void port_transpose(const struct kcase *c, int par)
{
	omp_transpose((const unsigned *)c->in0, (unsigned *)c->out[par ? OMP : SER], c->p[0], c->p[1], par);
}

static cl_mem buf(struct bench *B, void *p, size_t n)
{
	cl_int e;
	cl_mem m = clCreateBuffer(B->ctx, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, n, p, &e);

	if (e != CL_SUCCESS) {
		fprintf(stderr, "clCreateBuffer: %d\n", e);
		exit(1);
	}
	return m;
}

/*
 * Set up case c: n_in inputs (sizes in ints), the output (out_n ints), the
 * OpenCL kernel with the buffers and then the int parameters np of them.
 */
static void setup(struct bench *B, struct kcase *c, size_t in0_n, size_t in1_n, size_t out_n, int np)
{
	cl_mem m[3];
	cl_int e;
	int a = 0;

	c->in0 = ints(in0_n);
	c->in1 = in1_n ? ints(in1_n) : NULL;
	c->out_bytes = out_n * sizeof(int);
	for (int w = 0; w < NWAYS; w++)
		c->out[w] = calloc(out_n, sizeof(int));
	c->ok = clCreateKernel(B->prog, c->name, &e);
	if (e != CL_SUCCESS) {
		fprintf(stderr, "clCreateKernel(%s): %d\n", c->name, e);
		exit(1);
	}
	m[0] = buf(B, (void *)c->in0, in0_n * sizeof(int));
	clSetKernelArg(c->ok, a++, sizeof(cl_mem), &m[0]);
	if (in1_n) {
		m[1] = buf(B, (void *)c->in1, in1_n * sizeof(int));
		clSetKernelArg(c->ok, a++, sizeof(cl_mem), &m[1]);
	}
	m[2] = buf(B, c->out[POCL], c->out_bytes);
	clSetKernelArg(c->ok, a++, sizeof(cl_mem), &m[2]);
	for (int i = 0; i < np; i++)
		clSetKernelArg(c->ok, a++, sizeof(int), &c->p[i]);
	c->args = calloc(6, sizeof(void *));
	a = 0;
	c->args[a++] = &c->in0;
	if (in1_n)
		c->args[a++] = &c->in1;
	c->args[a++] = &c->out[TR];
	for (int i = 0; i < np; i++)
		c->args[a++] = &c->p[i];
}

static void cl_init(struct bench *B)
{
	cl_platform_id plat;
	cl_device_id dev;
	cl_uint np;
	cl_int e;

	if (clGetPlatformIDs(1, &plat, &np) != CL_SUCCESS || !np ||
	    clGetDeviceIDs(plat, CL_DEVICE_TYPE_CPU, 1, &dev, NULL) != CL_SUCCESS) {
		fprintf(stderr, "bench_omp: no OpenCL CPU device (pocl-opencl-icd installed?)\n");
		exit(1);
	}
	B->ctx = clCreateContext(NULL, 1, &dev, NULL, NULL, &e);
	B->q = clCreateCommandQueue(B->ctx, dev, 0, &e);
	B->prog = clCreateProgramWithSource(B->ctx, 1, &ocl_src, NULL, &e);
	if (clBuildProgram(B->prog, 1, &dev, "-cl-std=CL1.2", NULL, NULL) != CL_SUCCESS) {
		fprintf(stderr, "bench_omp: OpenCL build failed\n");
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct bench B = { .workers = argc > 1 ? (unsigned int)atoi(argv[1]) : 2,
			   .rounds = argc > 2 ? atoi(argv[2]) : 11 };
	struct idxgen_rt_options opt = { .num_threads = B.workers };
	char w[16];

	if (!B.workers || B.rounds < 1 || B.rounds > MAX_ROUNDS) {
		fprintf(stderr, "usage: bench_omp [WORKERS [ROUNDS (1..%d)]]\n", MAX_ROUNDS);
		return 2;
	}
	snprintf(w, sizeof(w), "%u", B.workers);
	setenv("POCL_MAX_PTHREAD_COUNT", w, 1);	/* read when POCL starts */
	omp_set_num_threads((int)B.workers);
	cl_init(&B);
	if (idxgen_rt_create(&opt, &B.rt))
		return 1;
	printf("# bench_omp (OpenMP port by %s): %u workers; median of %d interleaved rounds, +- half the "
	       "spread max-min\n", __VERSION__, B.workers, B.rounds);
	{
		int n = 1 << 22;
		struct kcase c = { "vecadd", &idxgen_cc_kernel_vecadd, { n / 256, 1, 1 }, { 256, 1, 1 },
				   .port = port_vecadd, .p = { n } };

		setup(&B, &c, n, n, n, 1);
		measure(&B, &c);
	}
	{
		int n = 256;
		struct kcase c = { "matmul", &idxgen_cc_kernel_matmul, { n / 16, n / 16, 1 }, { 16, 16, 1 },
				   .port = port_matmul, .p = { n } };

		setup(&B, &c, n * n, n * n, n * n, 1);
		measure(&B, &c);
	}
	{
		int nx = 128, ny = 128, nz = 64, n = nx * ny * nz;
		struct kcase c = { "stencil3d", &idxgen_cc_kernel_stencil3d, { nx / 32, ny / 4, nz / 2 },
				   { 32, 4, 2 }, .port = port_stencil, .p = { nx, ny, nz } };

		setup(&B, &c, n, 0, n, 3);
		measure(&B, &c);
	}
	{
		int wd = 512, h = 256;
		struct kcase c = { "conv11", &idxgen_cc_kernel_conv11, { wd / 32, h / 8, 1 }, { 32, 8, 1 },
				   .port = port_conv, .p = { wd, h } };

		setup(&B, &c, wd * h, 121, wd * h, 2);
		measure(&B, &c);
	}
	{
		int n = 1 << 22;
		struct kcase c = { "reduce", &idxgen_cc_kernel_reduce, { n / 256, 1, 1 }, { 256, 1, 1 },
				   .port = port_reduce, .p = { n } };

		setup(&B, &c, n, 0, n / 256, 1);
		measure(&B, &c);
	}
	{
		int rows = 2048, cols = 2048;
		struct kcase c = { "transpose", &idxgen_cc_kernel_transpose, { cols / 32, rows / 32, 1 },
				   { 32, 32, 1 }, .port = port_transpose, .p = { rows, cols } };

		setup(&B, &c, rows * cols, 0, rows * cols, 2);
		measure(&B, &c);
	}
	printf("geomean over %d kernels, way / translated: wall POCL %.2f  OpenMP %.2f  C %.2f;  "
	       "cpu POCL %.2f  OpenMP %.2f  C %.2f\n", B.nk, exp(B.geo[POCL] / B.nk), exp(B.geo[OMP] / B.nk),
	       exp(B.geo[SER] / B.nk), exp(B.geo_cpu[POCL] / B.nk), exp(B.geo_cpu[OMP] / B.nk),
	       exp(B.geo_cpu[SER] / B.nk));
	idxgen_rt_destroy(B.rt);
	return B.bad;
}
