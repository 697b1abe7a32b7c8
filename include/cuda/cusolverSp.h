/* SPDX-License-Identifier: MIT */
/*
 * cusolverSp.h - cuSOLVER's sparse API as programs (the official samples'
 * cuSolverSp_LinearSolver) use it, on LAPACK (lib/cusolver/sp*.c, README
 * "Sparse solvers"): handles, the structural-symmetry test, the reverse
 * Cuthill-McKee ordering, permutations of CSR matrices, and the direct
 * solvers of A x = b by LU, Cholesky and QR, host and device forms (one
 * address space: the same calls).  CUDA's names, values and signatures.
 */
#ifndef CUSOLVERSP_H_
#define CUSOLVERSP_H_

#include "cuda_runtime_api.h"
#include "cusolver_common.h"
#include "cusparse.h"
#include "cuComplex.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cusolverSpContext;
typedef struct cusolverSpContext *cusolverSpHandle_t;

cusolverStatus_t cusolverSpCreate(cusolverSpHandle_t *handle);
cusolverStatus_t cusolverSpDestroy(cusolverSpHandle_t handle);
cusolverStatus_t cusolverSpSetStream(cusolverSpHandle_t handle, cudaStream_t streamId);
cusolverStatus_t cusolverSpGetStream(cusolverSpHandle_t handle, cudaStream_t *streamId);

/* the device-form QR's state of cusolverSp_LOWLEVEL_PREVIEW.h (lib/cusolver/sp_lowlevel.c) */
struct csrqrInfo;
typedef struct csrqrInfo *csrqrInfo_t;
cusolverStatus_t cusolverSpCreateCsrqrInfo(csrqrInfo_t *info);
cusolverStatus_t cusolverSpDestroyCsrqrInfo(csrqrInfo_t info);

cusolverStatus_t cusolverSpXcsrissymHost(cusolverSpHandle_t handle, int m, int nnzA, const cusparseMatDescr_t descrA,
					 const int *csrRowPtrA, const int *csrEndPtrA, const int *csrColIndA,
					 int *issym);
cusolverStatus_t cusolverSpXcsrsymrcmHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
					  const int *csrRowPtrA, const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrsymamdHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
					  const int *csrRowPtrA, const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrsymmdqHost(cusolverSpHandle_t handle, int n, int nnzA, const cusparseMatDescr_t descrA,
					  const int *csrRowPtrA, const int *csrColIndA, int *p);
cusolverStatus_t cusolverSpXcsrmetisndHost(cusolverSpHandle_t handle, int n, int nnzA,
					   const cusparseMatDescr_t descrA, const int *csrRowPtrA,
					   const int *csrColIndA, const int64_t *options, int *p);
cusolverStatus_t cusolverSpXcsrperm_bufferSizeHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
						   const cusparseMatDescr_t descrA, const int *csrRowPtrA,
						   const int *csrColIndA, const int *p, const int *q,
						   size_t *bufferSizeInBytes);
cusolverStatus_t cusolverSpXcsrpermHost(cusolverSpHandle_t handle, int m, int n, int nnzA,
					const cusparseMatDescr_t descrA, int *csrRowPtrA, int *csrColIndA, const int *p,
					const int *q, int *map, void *pBuffer);

#define IDXGEN_CUSOLVERSP_LSV(P, T, R)                                                                          \
	cusolverStatus_t cusolverSp##P##csrlsvluHost(cusolverSpHandle_t handle, int n, int nnzA,                \
						     const cusparseMatDescr_t descrA, const T *csrValA,         \
						     const int *csrRowPtrA, const int *csrColIndA, const T *b,  \
						     R tol, int reorder, T *x, int *singularity);               \
	cusolverStatus_t cusolverSp##P##csrlsvqrHost(cusolverSpHandle_t handle, int m, int nnz,                 \
						     const cusparseMatDescr_t descrA, const T *csrValA,         \
						     const int *csrRowPtrA, const int *csrColIndA, const T *b,  \
						     R tol, int reorder, T *x, int *singularity);               \
	cusolverStatus_t cusolverSp##P##csrlsvqr(cusolverSpHandle_t handle, int m, int nnz,                     \
						 const cusparseMatDescr_t descrA, const T *csrVal,              \
						 const int *csrRowPtr, const int *csrColInd, const T *b, R tol, \
						 int reorder, T *x, int *singularity);                          \
	cusolverStatus_t cusolverSp##P##csrlsvcholHost(cusolverSpHandle_t handle, int m, int nnz,               \
						       const cusparseMatDescr_t descrA, const T *csrVal,        \
						       const int *csrRowPtr, const int *csrColInd, const T *b,  \
						       R tol, int reorder, T *x, int *singularity);             \
	cusolverStatus_t cusolverSp##P##csrlsvchol(cusolverSpHandle_t handle, int m, int nnz,                   \
						   const cusparseMatDescr_t descrA, const T *csrVal,            \
						   const int *csrRowPtr, const int *csrColInd, const T *b,      \
						   R tol, int reorder, T *x, int *singularity);
IDXGEN_CUSOLVERSP_LSV(S, float, float)
IDXGEN_CUSOLVERSP_LSV(D, double, double)
/* the complex forms: CUSOLVER_STATUS_NOT_SUPPORTED (lib/cusolver/README.md) */
IDXGEN_CUSOLVERSP_LSV(C, cuComplex, float)
IDXGEN_CUSOLVERSP_LSV(Z, cuDoubleComplex, double)
#undef IDXGEN_CUSOLVERSP_LSV

/*
 * The rest (lib/cusolver/sp_more.c): least squares with a rank-revealing QR,
 * eigenvalues (shift-inverse power method; a count in a box of the complex
 * plane), a zero-free diagonal, batched QR; precision PR, element T, real R,
 * the box's corners C.
 */
cusolverStatus_t cusolverSpXcsrqrAnalysisBatched(cusolverSpHandle_t handle, int m, int n, int nnzA,
						 const cusparseMatDescr_t descrA, const int *csrRowPtrA,
						 const int *csrColIndA, csrqrInfo_t info);
#define IDXGEN_CUSOLVERSP_MORE(PR, T, R, C)                                                                           \
	cusolverStatus_t cusolverSp##PR##csrlsqvqrHost(cusolverSpHandle_t handle, int m, int n, int nnz,              \
						       const cusparseMatDescr_t descrA, const T *csrValA,             \
						       const int *csrRowPtrA, const int *csrColIndA, const T *b,      \
						       R tol, int *rankA, T *x, int *p, R *min_norm);                 \
	cusolverStatus_t cusolverSp##PR##csreigvsiHost(cusolverSpHandle_t handle, int m, int nnz,                     \
						       const cusparseMatDescr_t descrA, const T *csrValA,             \
						       const int *csrRowPtrA, const int *csrColIndA, T mu0,           \
						       const T *x0, int maxite, R tol, T *mu, T *x);                  \
	cusolverStatus_t cusolverSp##PR##csreigvsi(cusolverSpHandle_t handle, int m, int nnz,                         \
						   const cusparseMatDescr_t descrA, const T *csrValA,                 \
						   const int *csrRowPtrA, const int *csrColIndA, T mu0, const T *x0,  \
						   int maxite, R eps, T *mu, T *x);                                   \
	cusolverStatus_t cusolverSp##PR##csreigsHost(cusolverSpHandle_t handle, int m, int nnz,                       \
						     const cusparseMatDescr_t descrA, const T *csrValA,               \
						     const int *csrRowPtrA, const int *csrColIndA,                    \
						     C left_bottom_corner, C right_upper_corner, int *num_eigs);      \
	cusolverStatus_t cusolverSp##PR##csrzfdHost(cusolverSpHandle_t handle, int n, int nnz,                        \
						    const cusparseMatDescr_t descrA, const T *csrValA,                \
						    const int *csrRowPtrA, const int *csrColIndA, int *p, int *numnz); \
	cusolverStatus_t cusolverSp##PR##csrqrBufferInfoBatched(                                                      \
	    cusolverSpHandle_t handle, int m, int n, int nnz, const cusparseMatDescr_t descrA, const T *csrVal,       \
	    const int *csrRowPtr, const int *csrColInd, int batchSize, csrqrInfo_t info, size_t *internalDataInBytes, \
	    size_t *workspaceInBytes);                                                                                \
	cusolverStatus_t cusolverSp##PR##csrqrsvBatched(cusolverSpHandle_t handle, int m, int n, int nnz,             \
							const cusparseMatDescr_t descrA, const T *csrValA,            \
							const int *csrRowPtrA, const int *csrColIndA, const T *b,     \
							T *x, int batchSize, csrqrInfo_t info, void *pBuffer);
IDXGEN_CUSOLVERSP_MORE(S, float, float, cuComplex)
IDXGEN_CUSOLVERSP_MORE(D, double, double, cuDoubleComplex)
IDXGEN_CUSOLVERSP_MORE(C, cuComplex, float, cuComplex)
IDXGEN_CUSOLVERSP_MORE(Z, cuDoubleComplex, double, cuDoubleComplex)
#undef IDXGEN_CUSOLVERSP_MORE

#ifdef __cplusplus
}
#endif
#endif /* CUSOLVERSP_H_ */
