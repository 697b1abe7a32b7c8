// SPDX-License-Identifier: MIT
/*
 * lib/cublas: calls on a stream being captured into a graph
 * (cudaStreamBeginCapture).  A call normally waits for its stream and runs
 * at once; while the stream is captured nothing may wait for it, and the
 * work must run each time the graph does.  The calls of real precision
 * that graphs of iterative solvers and layers use (level 1: axpy, scal,
 * copy, dot, nrm2, asum, the official sample conjugateGradientCudaGraphs;
 * gemv, gemm) become a host-function node of the graph (cudaLaunchHostFunc
 * on the captured stream) that runs the call on its arguments at each
 * launch: a scalar in host memory (CUBLAS_POINTER_MODE_HOST) is read when
 * the call is captured, as cuBLAS reads it, one in device memory when the
 * graph runs; a result is written when the graph runs.  The records are
 * the handle's until cublasDestroy (a handle must outlive its graphs).
 * Every other call on a captured stream is CUBLAS_STATUS_NOT_SUPPORTED
 * (cublas_begin).
 */
#include <stdlib.h>
#include "cublas_internal.h"

struct cublas_captured {
	struct cublas_captured *next; /* the handle's list */
	bool is_mm;
	struct cublas_l1 call;
	struct cublas_mm mm;
	double alpha, beta;		/* host scalars, read at capture */
	const void *alpha_at, *beta_at; /* device scalars, read at each launch; NULL: alpha, beta */
};

bool cublas_capturing(cublasHandle_t h)
{
	enum cudaStreamCaptureStatus s = cudaStreamCaptureStatusNone;

	return h->stream && cudaStreamIsCapturing(h->stream, &s) == cudaSuccess &&
	       s != cudaStreamCaptureStatusNone;
}

static double read(const void *at, bool single)
{
	return single ? *(const float *)at : *(const double *)at;
}

static void put(const struct cublas_l1 *l, double v)
{
	if (l->single)
		*(float *)l->result = (float)v;
	else
		*(double *)l->result = v;
}

/* level 1 at a launch */
static void run_l1(const struct cublas_captured *c)
{
	const struct cublas_l1 *l = &c->call;
	double a = c->alpha_at ? read(c->alpha_at, l->single) : c->alpha;
	int n = l->n;

	if (l->single) {
		switch (l->op) {
		case CUBLAS_L1_AXPY:
			cblas_saxpy(n, (float)a, l->x, l->incx, l->y, l->incy);
			break;
		case CUBLAS_L1_SCAL:
			cblas_sscal(n, (float)a, l->y, l->incy);
			break;
		case CUBLAS_L1_COPY:
			cblas_scopy(n, l->x, l->incx, l->y, l->incy);
			break;
		case CUBLAS_L1_DOT:
			put(l, n > 0 ? cblas_dsdot(n, l->x, l->incx, l->y, l->incy) : 0);
			break;
		case CUBLAS_L1_NRM2:
			put(l, n > 0 && l->incx > 0 ? cblas_snrm2(n, l->x, l->incx) : 0);
			break;
		case CUBLAS_L1_ASUM:
			put(l, n > 0 && l->incx > 0 ? cblas_sasum(n, l->x, l->incx) : 0);
			break;
		}
		return;
	}
	switch (l->op) {
	case CUBLAS_L1_AXPY:
		cblas_daxpy(n, a, l->x, l->incx, l->y, l->incy);
		break;
	case CUBLAS_L1_SCAL:
		cblas_dscal(n, a, l->y, l->incy);
		break;
	case CUBLAS_L1_COPY:
		cblas_dcopy(n, l->x, l->incx, l->y, l->incy);
		break;
	case CUBLAS_L1_DOT:
		put(l, n > 0 ? cblas_ddot(n, l->x, l->incx, l->y, l->incy) : 0);
		break;
	case CUBLAS_L1_NRM2:
		put(l, n > 0 && l->incx > 0 ? cblas_dnrm2(n, l->x, l->incx) : 0);
		break;
	case CUBLAS_L1_ASUM:
		put(l, n > 0 && l->incx > 0 ? cblas_dasum(n, l->x, l->incx) : 0);
		break;
	}
}

/* gemv (b: x, ldb: incx, c: y, ldc: incy), gemm at a launch */
static void run_mm(const struct cublas_captured *c)
{
	const struct cublas_mm *g = &c->mm;
	double al = c->alpha_at ? read(c->alpha_at, g->single) : c->alpha;
	double be = c->beta_at ? read(c->beta_at, g->single) : c->beta;

	if (g->m <= 0 || g->n <= 0)
		return;
	if (g->op == CUBLAS_MM_GEMV && g->single)
		cblas_sgemv(CblasColMajor, cblas_op(g->ta), g->m, g->n, (float)al, g->a, g->lda,
			    g->b, g->ldb, (float)be, g->c, g->ldc);
	else if (g->op == CUBLAS_MM_GEMV)
		cblas_dgemv(CblasColMajor, cblas_op(g->ta), g->m, g->n, al, g->a, g->lda, g->b,
			    g->ldb, be, g->c, g->ldc);
	else if (g->single)
		cblas_sgemm(CblasColMajor, cblas_op(g->ta), cblas_op(g->tb), g->m, g->n, g->k,
			    (float)al, g->a, g->lda, g->b, g->ldb, (float)be, g->c, g->ldc);
	else
		cblas_dgemm(CblasColMajor, cblas_op(g->ta), cblas_op(g->tb), g->m, g->n, g->k, al,
			    g->a, g->lda, g->b, g->ldb, be, g->c, g->ldc);
}

/* A graph's run of a captured call (on the graph's thread). */
static void CUDART_CB run_captured(void *arg)
{
	struct cublas_captured *c = arg;

	if (c->is_mm)
		run_mm(c);
	else
		run_l1(c);
}

/* The record into the graph, the handle's until cublasDestroy. */
static cublasStatus_t launch(cublasHandle_t h, struct cublas_captured *c)
{
	if (cudaLaunchHostFunc(h->stream, run_captured, c) != cudaSuccess) {
		free(c);
		return CUBLAS_STATUS_EXECUTION_FAILED; /* the capture was invalidated */
	}
	c->next = h->captured;
	h->captured = c;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublas_capture_l1(cublasHandle_t h, const struct cublas_l1 *l)
{
	struct cublas_captured *c;

	if (l->complex_)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if (l->n <= 0 && l->op != CUBLAS_L1_DOT && l->op != CUBLAS_L1_NRM2 &&
	    l->op != CUBLAS_L1_ASUM)
		return CUBLAS_STATUS_SUCCESS; /* nothing to do at any launch */
	if (l->op == CUBLAS_L1_SCAL && l->incy <= 0)
		return CUBLAS_STATUS_SUCCESS;
	if (!(c = calloc(1, sizeof(*c))))
		return CUBLAS_STATUS_ALLOC_FAILED;
	c->call = *l;
	if (l->alpha && h->pointer_mode == CUBLAS_POINTER_MODE_DEVICE)
		c->alpha_at = l->alpha;
	else if (l->alpha)
		c->alpha = read(l->alpha, l->single);
	return launch(h, c);
}

cublasStatus_t cublas_capture_mm(cublasHandle_t h, const struct cublas_mm *mm)
{
	struct cublas_captured *c;

	if (mm->complex_)
		return CUBLAS_STATUS_NOT_SUPPORTED;
	if (!(c = calloc(1, sizeof(*c))))
		return CUBLAS_STATUS_ALLOC_FAILED;
	c->is_mm = true;
	c->mm = *mm;
	if (h->pointer_mode == CUBLAS_POINTER_MODE_DEVICE) {
		c->alpha_at = mm->alpha, c->beta_at = mm->beta;
	} else {
		c->alpha = read(mm->alpha, mm->single);
		c->beta = read(mm->beta, mm->single);
	}
	return launch(h, c);
}

void cublas_captured_free(cublasHandle_t h)
{
	while (h->captured) {
		struct cublas_captured *c = h->captured;

		h->captured = c->next;
		free(c);
	}
}
