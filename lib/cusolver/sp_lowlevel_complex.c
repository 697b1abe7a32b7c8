// SPDX-License-Identifier: MIT
/*
 * sp_lowlevel_complex.c - the complex forms of the low-level sparse API
 * (C, Z): CUSOLVER_STATUS_NOT_SUPPORTED after the handle's check, as the
 * complex forms of csrlsv (lib/cusolver/README.md): the band and dense
 * factorizations here are written for real matrices.
 */
#include "sp_lowlevel.h"

static cusolverStatus_t refuse(cusolverSpHandle_t h)
{
	return h ? CUSOLVER_STATUS_NOT_SUPPORTED : CUSOLVER_STATUS_NOT_INITIALIZED;
}

#define COMPLEX_CQ(PR, T, R, S, QI, CI)                                                            \
	cusolverStatus_t cusolverSp##PR##csrqrBufferInfo##S(                                       \
	    cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,    \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, QI info,               \
	    size_t *internalDataInBytes, size_t *workspaceInBytes)                                 \
	{                                                                                          \
		(void)m, (void)n, (void)nnzA, (void)descrA, (void)csrValA, (void)csrRowPtrA,       \
		    (void)csrColIndA;                                                              \
		(void)info, (void)internalDataInBytes, (void)workspaceInBytes;                     \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrSetup##S(                                            \
	    cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA,    \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, T mu, QI info)         \
	{                                                                                          \
		(void)m, (void)n, (void)nnzA, (void)descrA, (void)csrValA, (void)csrRowPtrA,       \
		    (void)csrColIndA;                                                              \
		(void)mu, (void)info;                                                              \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrFactor##S(                                           \
	    cusolverSpHandle_t handle, int m, int n, int nnzA, T *b, T *x, QI info, void *pBuffer) \
	{                                                                                          \
		(void)m, (void)n, (void)nnzA, (void)b, (void)x, (void)info, (void)pBuffer;         \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrZeroPivot##S(cusolverSpHandle_t handle, QI info,     \
							   R tol, int *position)                   \
	{                                                                                          \
		(void)info, (void)tol, (void)position;                                             \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrqrSolve##S(cusolverSpHandle_t handle, int m, int n,    \
						       T *b, T *x, QI info, void *pBuffer)         \
	{                                                                                          \
		(void)m, (void)n, (void)b, (void)x, (void)info, (void)pBuffer;                     \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrcholBufferInfo##S(                                     \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, CI info,               \
	    size_t *internalDataInBytes, size_t *workspaceInBytes)                                 \
	{                                                                                          \
		(void)n, (void)nnzA, (void)descrA, (void)csrValA, (void)csrRowPtrA,                \
		    (void)csrColIndA, (void)info;                                                  \
		(void)internalDataInBytes, (void)workspaceInBytes;                                 \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrcholFactor##S(                                         \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, CI info,               \
	    void *pBuffer)                                                                         \
	{                                                                                          \
		(void)n, (void)nnzA, (void)descrA, (void)csrValA, (void)csrRowPtrA,                \
		    (void)csrColIndA, (void)info;                                                  \
		(void)pBuffer;                                                                     \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrcholZeroPivot##S(cusolverSpHandle_t handle, CI info,   \
							     R tol, int *position)                 \
	{                                                                                          \
		(void)info, (void)tol, (void)position;                                             \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrcholSolve##S(cusolverSpHandle_t handle, int n,         \
							 const T *b, T *x, CI info, void *pBuffer) \
	{                                                                                          \
		(void)n, (void)b, (void)x, (void)info, (void)pBuffer;                              \
		return refuse(handle);                                                             \
	}

#define COMPLEX_CALLS(PR, T, R)                                                                    \
	COMPLEX_CQ(PR, T, R, Host, csrqrInfoHost_t, csrcholInfoHost_t)                             \
	COMPLEX_CQ(PR, T, R, , csrqrInfo_t, csrcholInfo_t)                                         \
	cusolverStatus_t cusolverSp##PR##csrcholDiag(cusolverSpHandle_t handle,                    \
						     csrcholInfo_t info, R *diag)                  \
	{                                                                                          \
		(void)info, (void)diag;                                                            \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluBufferInfoHost(                                      \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,  \
	    size_t *internalDataInBytes, size_t *workspaceInBytes)                                 \
	{                                                                                          \
		(void)n, (void)nnzA, (void)descrA, (void)csrValA, (void)csrRowPtrA,                \
		    (void)csrColIndA, (void)info;                                                  \
		(void)internalDataInBytes, (void)workspaceInBytes;                                 \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluFactorHost(                                          \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,           \
	    const T *csrValA, const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info,  \
	    R pivot_threshold, void *pBuffer)                                                      \
	{                                                                                          \
		(void)n, (void)nnzA, (void)descrA, (void)csrValA, (void)csrRowPtrA,                \
		    (void)csrColIndA, (void)info;                                                  \
		(void)pivot_threshold, (void)pBuffer;                                              \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluZeroPivotHost(                                       \
	    cusolverSpHandle_t handle, csrluInfoHost_t info, R tol, int *position)                 \
	{                                                                                          \
		(void)info, (void)tol, (void)position;                                             \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluSolveHost(cusolverSpHandle_t handle, int n,          \
							const T *b, T *x, csrluInfoHost_t info,    \
							void *pBuffer)                             \
	{                                                                                          \
		(void)n, (void)b, (void)x, (void)info, (void)pBuffer;                              \
		return refuse(handle);                                                             \
	}                                                                                          \
	cusolverStatus_t cusolverSp##PR##csrluExtractHost(                                         \
	    cusolverSpHandle_t handle, int *P, int *Q, const cusparseMatDescr_t descrL,            \
	    T *csrValL, int *csrRowPtrL, int *csrColIndL, const cusparseMatDescr_t descrU,         \
	    T *csrValU, int *csrRowPtrU, int *csrColIndU, csrluInfoHost_t info, void *pBuffer)     \
	{                                                                                          \
		(void)P, (void)Q, (void)descrL, (void)csrValL, (void)csrRowPtrL, (void)csrColIndL, \
		    (void)descrU;                                                                  \
		(void)csrValU, (void)csrRowPtrU, (void)csrColIndU, (void)info, (void)pBuffer;      \
		return refuse(handle);                                                             \
	}
COMPLEX_CALLS(C, cuComplex, float)
COMPLEX_CALLS(Z, cuDoubleComplex, double)
