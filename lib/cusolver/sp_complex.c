// SPDX-License-Identifier: MIT
/*
 * sp_complex.c - the complex forms (C, Z) of cusolverSp.h's least
 * squares, eigenvalue calls and batched QR: CUSOLVER_STATUS_NOT_SUPPORTED
 * after the handle's check (lib/cusolver/README.md: the factorizations
 * here are written for real matrices; the complex direct solvers csrlsv*
 * solve the real form, sp_lsv_complex.c).  The zero-free diagonal serves every
 * precision (sp_zfd.c).
 */
#include "sp_lowlevel.h"

static cusolverStatus_t refuse(cusolverSpHandle_t h)
{
	return h ? CUSOLVER_STATUS_NOT_SUPPORTED : CUSOLVER_STATUS_NOT_INITIALIZED;
}

#define COMPLEX_SP(PR, T, R)                                                                       \
	cusolverStatus_t cusolverSp##PR##csrlsqvqrHost(                                            \
	    cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,     \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, const T *b, R tol,     \
	    int *rankA, T *x, int *p, R *min_norm)                                                 \
	{                                                                                          \
		(void)m, (void)n, (void)nnz, (void)descrA, (void)csrValA, (void)csrRowPtrA,        \
		    (void)csrColIndA;                                                              \
		(void)b, (void)tol, (void)rankA, (void)x, (void)p, (void)min_norm;                 \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csreigvsiHost(                                            \
	    cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,            \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, T mu0, const T *x0,    \
	    int maxite, R tol, T *mu, T *x)                                                        \
	{                                                                                          \
		(void)m, (void)nnz, (void)descrA, (void)csrValA, (void)csrRowPtrA,                 \
		    (void)csrColIndA, (void)mu0;                                                   \
		(void)x0, (void)maxite, (void)tol, (void)mu, (void)x;                              \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csreigvsi(                                                \
	    cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,            \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, T mu0, const T *x0,    \
	    int maxite, R eps, T *mu, T *x)                                                        \
	{                                                                                          \
		(void)m, (void)nnz, (void)descrA, (void)csrValA, (void)csrRowPtrA,                 \
		    (void)csrColIndA, (void)mu0;                                                   \
		(void)x0, (void)maxite, (void)eps, (void)mu, (void)x;                              \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csreigsHost(                                              \
	    cusolverSpHandle_t handle, int m, int nnz, const cusparseMatDescr_t descrA,            \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, T left_bottom_corner,  \
	    T right_upper_corner, int *num_eigs)                                                   \
	{                                                                                          \
		(void)m, (void)nnz, (void)descrA, (void)csrValA, (void)csrRowPtrA,                 \
		    (void)csrColIndA;                                                              \
		(void)left_bottom_corner, (void)right_upper_corner, (void)num_eigs;                \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrBufferInfoBatched(                                   \
	    cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,     \
	    const T *csrVal, const int *csrRowPtr, const int *csrColInd, int batchSize,            \
	    csrqrInfo_t info, size_t *internalDataInBytes, size_t *workspaceInBytes)               \
	{                                                                                          \
		(void)m, (void)n, (void)nnz, (void)descrA, (void)csrVal, (void)csrRowPtr,          \
		    (void)csrColInd;                                                               \
		(void)batchSize, (void)info, (void)internalDataInBytes, (void)workspaceInBytes;    \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrsvBatched(                                           \
	    cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA,     \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, const T *b, T *x,      \
	    int batchSize, csrqrInfo_t info, void *pBuffer)                                        \
	{                                                                                          \
		(void)m, (void)n, (void)nnz, (void)descrA, (void)csrValA, (void)csrRowPtrA,        \
		    (void)csrColIndA;                                                              \
		(void)b, (void)x, (void)batchSize, (void)info, (void)pBuffer;                      \
		return refuse(handle);                                                             \
	}
COMPLEX_SP(C, cuComplex, float)
COMPLEX_SP(Z, cuDoubleComplex, double)
