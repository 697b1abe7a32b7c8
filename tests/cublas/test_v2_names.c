// SPDX-License-Identifier: MIT
/*
 * test_v2_names.c - a program that includes only cublas_api.h (as programs
 * including cusolverDn.h do: NVIDIA's cuSOLVER samples) calls the "_v2"
 * names, which CUDA's cublas_api.h declares.  Before: cublasDgemm_v2 and
 * cublasDznrm2_v2 were undeclared there (cublas_v2.h alone had some).
 */
#include <math.h>
#include <cublas_api.h>
#include <cuda_runtime.h>
#include "tap.h"

int main(void)
{
	cublasHandle_t h;
	double a[4] = { 1, 2, 3, 4 }, c[4] = { 0 }, one = 1, zero = 0, nrm = 0;
	double _Complex z[2] = { 3, 4 * 1.0i };

	tap_ok(cublasCreate_v2(&h) == CUBLAS_STATUS_SUCCESS, "cublasCreate_v2");
	tap_ok(cublasDgemm_v2(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, a, 2, &zero, c, 2) == 0 &&
		       c[0] == 7 && c[1] == 10 && c[2] == 15 && c[3] == 22,
	       "cublasDgemm_v2 through cublas_api.h alone: A A");
	tap_ok(cublasDznrm2_v2(h, 2, (const cuDoubleComplex *)z, 1, &nrm) == 0 && fabs(nrm - 5) < 1e-15,
	       "cublasDznrm2_v2: |(3, 4i)| = 5");
	tap_ok(cublasDestroy_v2(h) == CUBLAS_STATUS_SUCCESS, "cublasDestroy_v2");
	return tap_done();
}
