// SPDX-License-Identifier: MIT
/*
 * test_cusparse_capture.c - cusparseSpMV on a stream being captured into a
 * graph (lib/cusparse/capture.c), against a CSR loop written here: y =
 * alpha A x + beta y with host scalars (read at capture) and with device
 * scalars (read at each launch); nothing runs while capturing; two
 * launches on changed x give each launch's product; another call
 * (cusparseSpMM) is CUSPARSE_STATUS_NOT_SUPPORTED during capture and leaves
 * the capture valid.  Exact comparisons (small integers).
 */
#include <string.h>
#include <cusparse.h>
#include <cuda_runtime.h>
#include "tap.h"

enum { N = 8 };

/* tridiag(-1, 4, -1) in CSR */
static int make(int *ptr, int *ind, float *val)
{
	int nnz = 0;

	for (int i = 0; i < N; i++) {
		ptr[i] = nnz;
		for (int j = i - 1; j <= i + 1; j++)
			if (j >= 0 && j < N)
				ind[nnz] = j, val[nnz++] = j == i ? 4.0f : -1.0f;
	}
	ptr[N] = nnz;
	return nnz;
}

static void spmv_ref(const int *ptr, const int *ind, const float *val, const float *x, float a,
		     float b, float *y)
{
	for (int i = 0; i < N; i++) {
		float s = 0;

		for (int e = ptr[i]; e < ptr[i + 1]; e++)
			s += val[e] * x[ind[e]];
		y[i] = a * s + b * y[i];
	}
}

TAP_TEST(spmv_in_a_graph)
{
	int ptr[N + 1], ind[3 * N], nnz = make(ptr, ind, (float[3 * N]){0}), *dptr, *dind;
	float val[3 * N], x[N], y0[N], want[N], got[N], *dval, *dx, *dy, *dscal,
	    alpha = 2, beta = 1, scal[2] = {1, 0};
	cusparseHandle_t h;
	cusparseSpMatDescr_t A;
	cusparseDnVecDescr_t vx, vy;
	cusparseDnMatDescr_t mb, mc;
	cudaStream_t s;
	cudaGraph_t g = NULL;
	cudaGraphExec_t ge = NULL;
	size_t bytes = 0;

	make(ptr, ind, val);
	for (int i = 0; i < N; i++)
		x[i] = (float)(i % 3), y0[i] = 1;
	cudaStreamCreate(&s);
	cudaMalloc((void **)&dptr, sizeof(ptr)), cudaMalloc((void **)&dind, sizeof(ind));
	cudaMalloc((void **)&dval, sizeof(val)), cudaMalloc((void **)&dx, sizeof(x));
	cudaMalloc((void **)&dy, sizeof(x)), cudaMalloc((void **)&dscal, sizeof(scal));
	cudaMemcpy(dptr, ptr, sizeof(ptr), cudaMemcpyHostToDevice);
	cudaMemcpy(dind, ind, sizeof(ind), cudaMemcpyHostToDevice);
	cudaMemcpy(dval, val, sizeof(val), cudaMemcpyHostToDevice);
	cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice);
	cudaMemcpy(dy, y0, sizeof(y0), cudaMemcpyHostToDevice);
	cudaMemcpy(dscal, scal, sizeof(scal), cudaMemcpyHostToDevice);
	cusparseCreate(&h);
	cusparseSetStream(h, s);
	cusparseCreateCsr(&A, N, N, nnz, dptr, dind, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			  CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
	cusparseCreateDnVec(&vx, N, dx, CUDA_R_32F);
	cusparseCreateDnVec(&vy, N, dy, CUDA_R_32F);
	cusparseCreateDnMat(&mb, N, 1, N, dx, CUDA_R_32F, CUSPARSE_ORDER_COL);
	cusparseCreateDnMat(&mc, N, 1, N, dy, CUDA_R_32F, CUSPARSE_ORDER_COL);
	cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx, &beta, vy,
				CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
	cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
	cusparseStatus_t s1 = cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, vx,
					   &beta, vy, CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL);

	alpha = 50; /* host scalars were read at capture */
	cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_DEVICE);
	cusparseStatus_t s2 =
	    cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, dscal, A, vx, dscal + 1, vy,
			 CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, NULL);
	cusparseStatus_t s3 =
	    cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,
			 dscal, A, mb, dscal + 1, mc, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, NULL);

	cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_HOST);
	cudaMemcpyAsync(got, dy, sizeof(got), cudaMemcpyDeviceToHost, s);
	cudaError_t e = cudaStreamEndCapture(s, &g);

	tap_ok(s1 == CUSPARSE_STATUS_SUCCESS && s2 == CUSPARSE_STATUS_SUCCESS &&
		   s3 == CUSPARSE_STATUS_NOT_SUPPORTED && e == cudaSuccess && g,
	       "SpMV twice while capturing: SUCCESS; SpMM: NOT_SUPPORTED (%d); a graph", (int)s3);
	for (int launch = 0; launch < 2; launch++) {
		int same = 1, ran;

		if (launch == 1) { /* another x and other device scalars: y = 3 A x + 0.5 y */
			for (int i = 0; i < N; i++)
				x[i] = (float)(i % 4) - 1;
			scal[0] = 3, scal[1] = 0.5f;
			cudaMemcpy(dx, x, sizeof(x), cudaMemcpyHostToDevice);
			cudaMemcpy(dscal, scal, sizeof(scal), cudaMemcpyHostToDevice);
		}
		cudaMemcpy(dy, y0, sizeof(y0), cudaMemcpyHostToDevice);
		memcpy(want, y0, sizeof(y0));
		spmv_ref(ptr, ind, val, x, 2, 1, want);
		spmv_ref(ptr, ind, val, x, scal[0], scal[1], want);
		ran = (launch || cudaGraphInstantiate(&ge, g, 0) == cudaSuccess) &&
		      cudaGraphLaunch(ge, s) == cudaSuccess &&
		      cudaStreamSynchronize(s) == cudaSuccess;
		for (int i = 0; i < N; i++)
			same &= got[i] == want[i];
		tap_ok(ran && same, "launch %d: y = %g A x + %g (2 A x + y): as the loop",
		       launch + 1, scal[0], scal[1]);
	}
	cudaGraphExecDestroy(ge);
	cudaGraphDestroy(g);
	cusparseDestroySpMat(A), cusparseDestroyDnVec(vx), cusparseDestroyDnVec(vy);
	cusparseDestroyDnMat(mb), cusparseDestroyDnMat(mc);
	cusparseDestroy(h);
	cudaFree(dptr), cudaFree(dind), cudaFree(dval), cudaFree(dx), cudaFree(dy), cudaFree(dscal);
	cudaStreamDestroy(s);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
