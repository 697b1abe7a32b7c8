// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: calls on a stream being captured into a graph
 * (cudaStreamBeginCapture).  A call normally waits for its stream and runs
 * at once; while the stream is captured nothing may wait for it, and the
 * work must run each time the graph does.  cusparseSpMV, the product of
 * iterative solvers' graphs (the official sample
 * conjugateGradientCudaGraphs), becomes a host-function node of the graph
 * (cudaLaunchHostFunc on the captured stream) that multiplies at each
 * launch, with the descriptors as they are then; alpha and beta in host
 * memory (CUSPARSE_POINTER_MODE_HOST) are read when the call is captured,
 * as cuSPARSE reads them, in device memory when the graph runs.  The
 * records are the handle's until cusparseDestroy.  Any other call on a
 * captured stream is CUSPARSE_STATUS_NOT_SUPPORTED (sp_begin).
 */
#include <stdlib.h>
#include <string.h>
#include "cusparse_internal.h"

struct sp_captured {
	struct sp_captured *next; /* the handle's list */
	cusparseOperation_t opA;
	const struct cusparseSpMatDescr *A;
	const struct cusparseDnVecDescr *x;
	struct cusparseDnVecDescr *y;
	cudaDataType compute;
	const void *alpha, *beta;	       /* where the scalars are read at each launch */
	unsigned char alpha_v[16], beta_v[16]; /* host scalars, copied at capture */
};

bool sp_capturing(cusparseHandle_t h)
{
	enum cudaStreamCaptureStatus s = cudaStreamCaptureStatusNone;

	return h->stream && cudaStreamIsCapturing(h->stream, &s) == cudaSuccess &&
	       s != cudaStreamCaptureStatusNone;
}

/* bytes of a scalar of the compute type; 0 for a type SpMV has no scalar of */
static size_t scalar_bytes(cudaDataType t)
{
	switch (t) {
	case CUDA_R_32F:
		return 4;
	case CUDA_R_64F:
		return 8;
	case CUDA_C_32F:
		return 8;
	case CUDA_C_64F:
		return 16;
	case CUDA_R_32I:
		return 4;
	default:
		return 0;
	}
}

static void CUDART_CB run_captured(void *arg)
{
	struct sp_captured *c = arg;

	sp_spmv_run(c->opA, c->A, c->x, c->y, c->compute, c->alpha, c->beta);
}

cusparseStatus_t sp_capture_spmv(cusparseHandle_t h, cusparseOperation_t opA, const void *alpha,
				 const struct cusparseSpMatDescr *matA,
				 const struct cusparseDnVecDescr *vecX, const void *beta,
				 struct cusparseDnVecDescr *vecY, cudaDataType computeType)
{
	size_t bytes = scalar_bytes(computeType);
	struct sp_captured *c;

	if (!bytes)
		return CUSPARSE_STATUS_NOT_SUPPORTED;
	if (!(c = calloc(1, sizeof(*c))))
		return CUSPARSE_STATUS_ALLOC_FAILED;
	*c = (struct sp_captured){h->captured, opA,   matA, vecX, vecY,
				  computeType, alpha, beta, {0},  {0}};
	if (h->mode == CUSPARSE_POINTER_MODE_HOST) {
		memcpy(c->alpha_v, alpha, bytes);
		memcpy(c->beta_v, beta, bytes);
		c->alpha = c->alpha_v, c->beta = c->beta_v;
	}
	if (cudaLaunchHostFunc(h->stream, run_captured, c) != cudaSuccess) {
		free(c);
		return CUSPARSE_STATUS_EXECUTION_FAILED; /* the capture was invalidated */
	}
	h->captured = c;
	return CUSPARSE_STATUS_SUCCESS;
}

void sp_captured_free(cusparseHandle_t h)
{
	while (h->captured) {
		struct sp_captured *c = h->captured;

		h->captured = c->next;
		free(c);
	}
}
