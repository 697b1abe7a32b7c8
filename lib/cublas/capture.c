// SPDX-License-Identifier: MIT
/*
 * lib/cublas: calls on a stream being captured into a graph
 * (cudaStreamBeginCapture).  A call normally waits for its stream and runs
 * at once; while the stream is captured nothing may wait for it, and the
 * work must run each time the graph does.  The level-1 calls of real
 * precision that graphs of iterative solvers use (axpy, scal, copy, dot,
 * nrm2, asum; the official sample conjugateGradientCudaGraphs) become a
 * host-function node of the graph (cudaLaunchHostFunc on the captured
 * stream) that runs the call on its arguments at each launch: a scalar in
 * host memory (CUBLAS_POINTER_MODE_HOST) is read when the call is captured,
 * as cuBLAS reads it, one in device memory when the graph runs; a result
 * is written when the graph runs.  The records are the handle's until
 * cublasDestroy (a handle must outlive its graphs).  Every other call on a
 * captured stream is CUBLAS_STATUS_NOT_SUPPORTED (cublas_begin).
 */
#include <stdlib.h>
#include "cublas_internal.h"

struct cublas_captured {
	struct cublas_captured *next; /* the handle's list */
	struct cublas_l1 call;
	double alpha;	      /* a host scalar, read at capture */
	const void *alpha_at; /* a device scalar, read at each launch; NULL: alpha */
};

bool cublas_capturing(cublasHandle_t h)
{
	enum cudaStreamCaptureStatus s = cudaStreamCaptureStatusNone;

	return h->stream && cudaStreamIsCapturing(h->stream, &s) == cudaSuccess &&
	       s != cudaStreamCaptureStatusNone;
}

static double scalar(const struct cublas_captured *c)
{
	if (!c->alpha_at)
		return c->alpha;
	return c->call.single ? *(const float *)c->alpha_at : *(const double *)c->alpha_at;
}

static void put(const struct cublas_l1 *l, double v)
{
	if (l->single)
		*(float *)l->result = (float)v;
	else
		*(double *)l->result = v;
}

/* A graph's run of a captured call (on the graph's thread). */
static void CUDART_CB run_captured(void *arg)
{
	struct cublas_captured *c = arg;
	const struct cublas_l1 *l = &c->call;
	int n = l->n;

	if (l->single) {
		switch (l->op) {
		case CUBLAS_L1_AXPY:
			cblas_saxpy(n, (float)scalar(c), l->x, l->incx, l->y, l->incy);
			break;
		case CUBLAS_L1_SCAL:
			cblas_sscal(n, (float)scalar(c), l->y, l->incy);
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
		cblas_daxpy(n, scalar(c), l->x, l->incx, l->y, l->incy);
		break;
	case CUBLAS_L1_SCAL:
		cblas_dscal(n, scalar(c), l->y, l->incy);
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
		c->alpha = l->single ? *(const float *)l->alpha : *(const double *)l->alpha;
	if (cudaLaunchHostFunc(h->stream, run_captured, c) != cudaSuccess) {
		free(c);
		return CUBLAS_STATUS_EXECUTION_FAILED; /* the capture was invalidated */
	}
	c->next = h->captured;
	h->captured = c;
	return CUBLAS_STATUS_SUCCESS;
}

void cublas_captured_free(cublasHandle_t h)
{
	while (h->captured) {
		struct cublas_captured *c = h->captured;

		h->captured = c->next;
		free(c);
	}
}
