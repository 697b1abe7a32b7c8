/* SPDX-License-Identifier: MIT */
/*
 * cusolverSp_LOWLEVEL_PREVIEW.h - cuSOLVER's low-level sparse API: LU with
 * partial pivoting (host), Cholesky and QR (host and device forms: one
 * address space, the same calls) in steps: analysis, buffer sizes,
 * factorization, zero pivot, solve, and LU's factors taken out (P, Q, L,
 * U, as cusolverRf wants them).  idxgen's lib/cusolver (sp_lowlevel*.c),
 * on LAPACK's band and dense factorizations; single and double precision,
 * the complex forms CUSOLVER_STATUS_NOT_SUPPORTED (README).  Our own
 * header; CUDA's names and signatures.
 */
#ifndef IDXGEN_CUDA_CUSOLVERSP_LOWLEVEL_PREVIEW_H
#define IDXGEN_CUDA_CUSOLVERSP_LOWLEVEL_PREVIEW_H
/* NVIDIA's include guard */
#define CUSOLVERSP_LOWLEVEL_PREVIEW_H_

#include "cusolverSp.h"

#ifdef __cplusplus
extern "C" {
#endif

struct csrluInfoHost;
typedef struct csrluInfoHost *csrluInfoHost_t;
struct csrqrInfoHost;
typedef struct csrqrInfoHost *csrqrInfoHost_t;
struct csrcholInfoHost;
typedef struct csrcholInfoHost *csrcholInfoHost_t;
struct csrcholInfo;
typedef struct csrcholInfo *csrcholInfo_t;

cusolverStatus_t cusolverSpCreateCsrluInfoHost(csrluInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrluInfoHost(csrluInfoHost_t info);
cusolverStatus_t cusolverSpXcsrluAnalysisHost(cusolverSpHandle_t handle, int n, int nnzA,
					      const cusparseMatDescr_t descrA, const int *csrRowPtrA,
					      const int *csrColIndA, csrluInfoHost_t info);
cusolverStatus_t cusolverSpXcsrluNnzHost(cusolverSpHandle_t handle, int *nnzLRef, int *nnzURef, csrluInfoHost_t info);

cusolverStatus_t cusolverSpCreateCsrqrInfoHost(csrqrInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrqrInfoHost(csrqrInfoHost_t info);
cusolverStatus_t cusolverSpXcsrqrAnalysisHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
					      const cusparseMatDescr_t descrA, const int *csrRowPtrA,
					      const int *csrColIndA, csrqrInfoHost_t info);
cusolverStatus_t cusolverSpXcsrqrAnalysis(cusolverSpHandle_t handle, int m, int n, int nnzA,
					  const cusparseMatDescr_t descrA, const int *csrRowPtrA, const int *csrColIndA,
					  csrqrInfo_t info);

cusolverStatus_t cusolverSpCreateCsrcholInfoHost(csrcholInfoHost_t *info);
cusolverStatus_t cusolverSpDestroyCsrcholInfoHost(csrcholInfoHost_t info);
cusolverStatus_t cusolverSpXcsrcholAnalysisHost(cusolverSpHandle_t handle, int n, int nnzA,
						const cusparseMatDescr_t descrA, const int *csrRowPtrA,
						const int *csrColIndA, csrcholInfoHost_t info);
cusolverStatus_t cusolverSpCreateCsrcholInfo(csrcholInfo_t *info);
cusolverStatus_t cusolverSpDestroyCsrcholInfo(csrcholInfo_t info);
cusolverStatus_t cusolverSpXcsrcholAnalysis(cusolverSpHandle_t handle, int n, int nnzA,
					    const cusparseMatDescr_t descrA, const int *csrRowPtrA,
					    const int *csrColIndA, csrcholInfo_t info);

/*
 * The calls of one precision (element T, real R): PR is the names' prefix, cusolverSp and the
 * precision's letter, pasted by IDXGEN_CUSOLVERSP_LOWLEVEL so that a program's -DS=... never
 * reaches the letter; S for Host or nothing (device form), I its info type.
 */
#define IDXGEN_CUSOLVERSP_LU(PR, T, R)                                                                                 \
	cusolverStatus_t PR##csrluBufferInfoHost(                                                          \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA, const T *csrValA,            \
	    const int *csrRowPtrA, const int *csrColIndA, csrluInfoHost_t info, size_t *internalDataInBytes,         \
	    size_t *workspaceInBytes);                                                                                \
	cusolverStatus_t PR##csrluFactorHost(cusolverSpHandle_t handle, int n, int nnzA,                   \
							const cusparseMatDescr_t descrA, const T *csrValA,            \
							const int *csrRowPtrA, const int *csrColIndA,                 \
							csrluInfoHost_t info, R pivot_threshold, void *pBuffer);      \
	cusolverStatus_t PR##csrluZeroPivotHost(cusolverSpHandle_t handle, csrluInfoHost_t info, R tol,    \
							   int *position);                                            \
	cusolverStatus_t PR##csrluSolveHost(cusolverSpHandle_t handle, int n, const T *b, T *x,            \
						       csrluInfoHost_t info, void *pBuffer);                          \
	cusolverStatus_t PR##csrluExtractHost(                                                             \
	    cusolverSpHandle_t handle, int *p, int *q, const cusparseMatDescr_t descrL, T *csrValL, int *csrRowPtrL,  \
	    int *csrColIndL, const cusparseMatDescr_t descrU, T *csrValU, int *csrRowPtrU, int *csrColIndU,          \
	    csrluInfoHost_t info, void *pBuffer);

#define IDXGEN_CUSOLVERSP_QR(PR, T, R, S, I)                                                                           \
	cusolverStatus_t PR##csrqrBufferInfo##S(                                                           \
	    cusolverSpHandle_t handle, int m, int n, int nnzA, const cusparseMatDescr_t descrA, const T *csrValA,     \
	    const int *csrRowPtrA, const int *csrColIndA, I info, size_t *internalDataInBytes,                       \
	    size_t *workspaceInBytes);                                                                                \
	cusolverStatus_t PR##csrqrSetup##S(cusolverSpHandle_t handle, int m, int n, int nnzA,              \
						      const cusparseMatDescr_t descrA, const T *csrValA,              \
						      const int *csrRowPtrA, const int *csrColIndA, T mu, I info);    \
	cusolverStatus_t PR##csrqrFactor##S(cusolverSpHandle_t handle, int m, int n, int nnzA, T *b, T *x, \
						       I info, void *pBuffer);                                        \
	cusolverStatus_t PR##csrqrZeroPivot##S(cusolverSpHandle_t handle, I info, R tol, int *position);   \
	cusolverStatus_t PR##csrqrSolve##S(cusolverSpHandle_t handle, int m, int n, T *b, T *x, I info,    \
						      void *pBuffer);

#define IDXGEN_CUSOLVERSP_CHOL(PR, T, R, S, I)                                                                         \
	cusolverStatus_t PR##csrcholBufferInfo##S(                                                         \
	    cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA, const T *csrValA,            \
	    const int *csrRowPtrA, const int *csrColIndA, I info, size_t *internalDataInBytes,                       \
	    size_t *workspaceInBytes);                                                                                \
	cusolverStatus_t PR##csrcholFactor##S(cusolverSpHandle_t handle, int n, int nnzA,                  \
							 const cusparseMatDescr_t descrA, const T *csrValA,           \
							 const int *csrRowPtrA, const int *csrColIndA, I info,        \
							 void *pBuffer);                                              \
	cusolverStatus_t PR##csrcholZeroPivot##S(cusolverSpHandle_t handle, I info, R tol, int *position); \
	cusolverStatus_t PR##csrcholSolve##S(cusolverSpHandle_t handle, int n, const T *b, T *x, I info,   \
							void *pBuffer);

#define IDXGEN_CUSOLVERSP_LOWLEVEL(PR, T, R)                                                                           \
	IDXGEN_CUSOLVERSP_LU(cusolverSp##PR, T, R)                                                                     \
	IDXGEN_CUSOLVERSP_QR(cusolverSp##PR, T, R, Host, csrqrInfoHost_t)                                              \
	IDXGEN_CUSOLVERSP_QR(cusolverSp##PR, T, R, , csrqrInfo_t)                                                      \
	IDXGEN_CUSOLVERSP_CHOL(cusolverSp##PR, T, R, Host, csrcholInfoHost_t)                                          \
	IDXGEN_CUSOLVERSP_CHOL(cusolverSp##PR, T, R, , csrcholInfo_t)                                                  \
	cusolverStatus_t cusolverSp##PR##csrcholDiag(cusolverSpHandle_t handle, csrcholInfo_t info, R *diag);
IDXGEN_CUSOLVERSP_LOWLEVEL(S, float, float)
IDXGEN_CUSOLVERSP_LOWLEVEL(D, double, double)
IDXGEN_CUSOLVERSP_LOWLEVEL(C, cuComplex, float)
IDXGEN_CUSOLVERSP_LOWLEVEL(Z, cuDoubleComplex, double)
#undef IDXGEN_CUSOLVERSP_LOWLEVEL
#undef IDXGEN_CUSOLVERSP_CHOL
#undef IDXGEN_CUSOLVERSP_QR
#undef IDXGEN_CUSOLVERSP_LU

#ifdef __cplusplus
}
#endif

#endif
