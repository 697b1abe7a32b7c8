// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the deprecated calls of cublas_api.h that no document of
 * NVIDIA's defines.  cublasUint8gemmBias (an unsigned 8-bit GEMM with
 * A_bias, B_bias, C_bias, C_mult and C_shift) is declared under "Deprecated"
 * without a word on how the biases apply (added or subtracted), how the
 * shift rounds, what transc does or how C saturates; any formula chosen
 * here could give other bytes than cuBLAS, and a library must not give a
 * wrong result silently, so the call is CUBLAS_STATUS_NOT_SUPPORTED (after
 * the handle's check) and writes nothing.  A program that uses it builds
 * and learns so from the status.
 */
#include "cublas_internal.h"

cublasStatus_t cublasUint8gemmBias(cublasHandle_t h, cublasOperation_t transa,
				   cublasOperation_t transb, cublasOperation_t transc, int m, int n,
				   int k, const unsigned char *A, int A_bias, int lda,
				   const unsigned char *B, int B_bias, int ldb, unsigned char *C,
				   int C_bias, int ldc, int C_mult, int C_shift)
{
	(void)transa, (void)transb, (void)transc, (void)m, (void)n, (void)k, (void)A, (void)A_bias,
	    (void)lda;
	(void)B, (void)B_bias, (void)ldb, (void)C, (void)C_bias, (void)ldc, (void)C_mult,
	    (void)C_shift;
	return h ? CUBLAS_STATUS_NOT_SUPPORTED : CUBLAS_STATUS_NOT_INITIALIZED;
}
