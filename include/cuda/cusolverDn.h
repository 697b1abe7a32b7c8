/* SPDX-License-Identifier: MIT */
/*
 * cusolverDn.h - cuSOLVER's dense API as idxgen's lib/cusolver runs it, on
 * Debian's LAPACK (OpenBLAS's): handles and streams; LU (getrf/getrs),
 * Cholesky (potrf/potrs), QR (geqrf, ormqr/unmqr, orgqr/ungqr), the SVD
 * (gesvd), the symmetric/Hermitian eigen-solver (syevd/heevd) and the
 * symmetric indefinite factorisation (sytrf), in S/D/C/Z with their
 * _bufferSize queries, and the 64-bit generic API (cusolverDnParams_t,
 * Xgetrf/Xgetrs, Xpotrf/Xpotrs, Xgeqrf, Xgesvd, Xgesvdp, Xsyevd, Xgeev,
 * Xsytrs, Xtrtri).  Our own header, C11 and C++11, with CUDA
 * 12's signatures so that programs written for cuSOLVER build unchanged.
 * What is covered and what is not: lib/cusolver/README.md.
 *
 * One address space (lib/cudart/README.md): matrices, devIpiv and devInfo
 * are read and written where the pointers say; a call completes before it
 * returns, in the order of its handle's stream.  Columns are major, as in
 * LAPACK; sizes and workspace lengths count elements.
 */
#ifndef IDXGEN_CUDA_CUSOLVERDN_H
#define IDXGEN_CUDA_CUSOLVERDN_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CUSOLVERDN_H_

#include <stdint.h>
#include <stdio.h> /* NVIDIA's includes it: programs print without their own */
#include "driver_types.h"
#include "cuComplex.h"
#include "cublas_api.h"
#include "cusolver_common.h"

#ifdef __cplusplus
extern "C" {
#endif

struct cusolverDnContext;
typedef struct cusolverDnContext *cusolverDnHandle_t;

cusolverStatus_t cusolverDnCreate(cusolverDnHandle_t *handle);
cusolverStatus_t cusolverDnDestroy(cusolverDnHandle_t handle);
cusolverStatus_t cusolverDnSetStream(cusolverDnHandle_t handle, cudaStream_t stream);
cusolverStatus_t cusolverDnGetStream(cusolverDnHandle_t handle, cudaStream_t *stream);

/*
 * One declaration list per precision: P is the letter (S, D, C, Z), T the
 * element type, R its real type (singular values, eigenvalues).  ORM/ORG are
 * the names of the Q routines: ormqr/orgqr for real, unmqr/ungqr for complex;
 * EVD is syevd or heevd.
 */
#define IDXGEN_CUSOLVER_DN_DECLS(P, T, R, ORM, ORG, EVD)                                           \
	cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 T *A, int lda, int *Lwork);       \
	cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t handle, int m, int n, T *A,       \
					      int lda, T *Workspace, int *devIpiv, int *devInfo);  \
	cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t handle, cublasOperation_t trans,  \
					      int n, int nrhs, const T *A, int lda,                \
					      const int *devIpiv, T *B, int ldb, int *devInfo);    \
	cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, T *A,       \
							 int lda, int *Lwork);                     \
	cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *A, int lda, T *Workspace, int Lwork,       \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, int nrhs, const T *A, int lda, T *B, int ldb, \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 T *A, int lda, int *lwork);       \
	cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t handle, int m, int n, T *A,       \
					      int lda, T *TAU, T *Workspace, int Lwork,            \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##ORM##_bufferSize(                                          \
		cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,  \
		int n, int k, const T *A, int lda, const T *tau, const T *C, int ldc, int *lwork); \
	cusolverStatus_t cusolverDn##P##ORM(cusolverDnHandle_t handle, cublasSideMode_t side,      \
					    cublasOperation_t trans, int m, int n, int k,          \
					    const T *A, int lda, const T *tau, T *C, int ldc,      \
					    T *work, int lwork, int *devInfo);                     \
	cusolverStatus_t cusolverDn##P##ORG##_bufferSize(cusolverDnHandle_t handle, int m, int n,  \
							 int k, const T *A, int lda,               \
							 const T *tau, int *lwork);                \
	cusolverStatus_t cusolverDn##P##ORG(cusolverDnHandle_t handle, int m, int n, int k, T *A,  \
					    int lda, const T *tau, T *work, int lwork,             \
					    int *devInfo);                                         \
	cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 int *lwork);                              \
	cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t handle, signed char jobu,         \
					      signed char jobvt, int m, int n, T *A, int lda,      \
					      R *S, T *U, int ldu, T *VT, int ldvt, T *work,       \
					      int lwork, R *rwork, int *devInfo);                  \
	cusolverStatus_t cusolverDn##P##sytrf_bufferSize(cusolverDnHandle_t handle, int n, T *A,   \
							 int lda, int *lwork);                  \
	cusolverStatus_t cusolverDn##P##sytrf(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *A, int lda, int *ipiv, T *work,            \
					      int lwork, int *devInfo);                            \
	cusolverStatus_t cusolverDn##P##sytri_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, T *A, int lda, \
							 const int *ipiv, int *lwork);             \
	cusolverStatus_t cusolverDn##P##sytri(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *A, int lda, const int *ipiv, T *work,      \
					      int lwork, int *info);                               \
	cusolverStatus_t cusolverDn##P##EVD##_bufferSize(                                          \
		cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,   \
		const T *A, int lda, const R *W, int *lwork);                                      \
	cusolverStatus_t cusolverDn##P##EVD(cusolverDnHandle_t handle, cusolverEigMode_t jobz,     \
					    cublasFillMode_t uplo, int n, T *A, int lda, R *W,     \
					    T *work, int lwork, int *devInfo);

IDXGEN_CUSOLVER_DN_DECLS(S, float, float, ormqr, orgqr, syevd)
IDXGEN_CUSOLVER_DN_DECLS(D, double, double, ormqr, orgqr, syevd)
IDXGEN_CUSOLVER_DN_DECLS(C, cuComplex, float, unmqr, ungqr, heevd)
IDXGEN_CUSOLVER_DN_DECLS(Z, cuDoubleComplex, double, unmqr, ungqr, heevd)

/*
 * The Jacobi eigen-solver's calls (lib/cusolver/eigj.c: LAPACK's
 * syevd/heevd, the parameters kept, the residual measured), the
 * generalized eigen-solver (sygvd.c: LAPACK's sygvd/hegvd, and sygvj on
 * it) and batched Cholesky (potrf and potrs on each matrix).
 */
struct syevjInfo;
typedef struct syevjInfo *syevjInfo_t;
cusolverStatus_t cusolverDnCreateSyevjInfo(syevjInfo_t *info);
cusolverStatus_t cusolverDnDestroySyevjInfo(syevjInfo_t info);
cusolverStatus_t cusolverDnXsyevjSetTolerance(syevjInfo_t info, double tolerance);
cusolverStatus_t cusolverDnXsyevjSetMaxSweeps(syevjInfo_t info, int max_sweeps);
cusolverStatus_t cusolverDnXsyevjSetSortEig(syevjInfo_t info, int sort_eig);
cusolverStatus_t cusolverDnXsyevjGetResidual(cusolverDnHandle_t handle, syevjInfo_t info, double *residual);
cusolverStatus_t cusolverDnXsyevjGetSweeps(cusolverDnHandle_t handle, syevjInfo_t info, int *executed_sweeps);
#define IDXGEN_CUSOLVER_DN_JACOBI(P, T, R, EVJ, GVD, GVJ)                                                  \
	cusolverStatus_t cusolverDn##P##GVD##_bufferSize(cusolverDnHandle_t handle, cusolverEigType_t itype,  \
							 cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, \
							 const T *A, int lda, const T *B, int ldb, const R *W, \
							 int *lwork);                                          \
	cusolverStatus_t cusolverDn##P##GVD(cusolverDnHandle_t handle, cusolverEigType_t itype,               \
					    cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T *A, int lda, \
					    T *B, int ldb, R *W, T *work, int lwork, int *devInfo);           \
	cusolverStatus_t cusolverDn##P##GVJ##_bufferSize(                                                      \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz, cublasFillMode_t uplo,  \
	    int n, const T *A, int lda, const T *B, int ldb, const R *W, int *lwork, syevjInfo_t params);      \
	cusolverStatus_t cusolverDn##P##GVJ(cusolverDnHandle_t handle, cusolverEigType_t itype,               \
					    cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T *A, int lda, \
					    T *B, int ldb, R *W, T *work, int lwork, int *info,               \
					    syevjInfo_t params);                                              \
	cusolverStatus_t cusolverDn##P##EVJ##_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,  \
							 cublasFillMode_t uplo, int n, const T *A, int lda,  \
							 const R *W, int *lwork, syevjInfo_t params);        \
	cusolverStatus_t cusolverDn##P##EVJ(cusolverDnHandle_t handle, cusolverEigMode_t jobz,               \
					    cublasFillMode_t uplo, int n, T *A, int lda, R *W, T *work, int lwork,  \
					    int *info, syevjInfo_t params);                                  \
	cusolverStatus_t cusolverDn##P##EVJ##Batched_bufferSize(                                             \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, const T *A, int lda, \
	    const R *W, int *lwork, syevjInfo_t params, int batchSize);                                      \
	cusolverStatus_t cusolverDn##P##EVJ##Batched(cusolverDnHandle_t handle, cusolverEigMode_t jobz,      \
						     cublasFillMode_t uplo, int n, T *A, int lda, R *W, T *work, \
						     int lwork, int *info, syevjInfo_t params, int batchSize);   \
	cusolverStatus_t cusolverDn##P##potrfBatched(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,  \
						     T *Aarray[], int lda, int *infoArray, int batchSize);      \
	cusolverStatus_t cusolverDn##P##potrsBatched(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,  \
						     int nrhs, T *A[], int lda, T *B[], int ldb, int *d_info,   \
						     int batchSize);
IDXGEN_CUSOLVER_DN_JACOBI(S, float, float, syevj, sygvd, sygvj)
IDXGEN_CUSOLVER_DN_JACOBI(D, double, double, syevj, sygvd, sygvj)
IDXGEN_CUSOLVER_DN_JACOBI(C, cuComplex, float, heevj, hegvd, hegvj)
IDXGEN_CUSOLVER_DN_JACOBI(Z, cuDoubleComplex, double, heevj, hegvd, hegvj)
#undef IDXGEN_CUSOLVER_DN_JACOBI

/* Selected eigenvalues (lib/cusolver/syevdx.c: LAPACK's syevr/heevr) */
#define IDXGEN_CUSOLVER_DN_EVDX(P, T, R, EVDX)                                                                 \
	cusolverStatus_t cusolverDn##P##EVDX##_bufferSize(                                                      \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, cusolverEigRange_t range, cublasFillMode_t uplo, \
	    int n, const T *A, int lda, R vl, R vu, int il, int iu, int *meig, const R *W, int *lwork);         \
	cusolverStatus_t cusolverDn##P##EVDX(cusolverDnHandle_t handle, cusolverEigMode_t jobz,                \
					     cusolverEigRange_t range, cublasFillMode_t uplo, int n, T *A,     \
					     int lda, R vl, R vu, int il, int iu, int *meig, R *W, T *work,    \
					     int lwork, int *devInfo);
IDXGEN_CUSOLVER_DN_EVDX(S, float, float, syevdx)
IDXGEN_CUSOLVER_DN_EVDX(D, double, double, syevdx)
IDXGEN_CUSOLVER_DN_EVDX(C, cuComplex, float, heevdx)
IDXGEN_CUSOLVER_DN_EVDX(Z, cuDoubleComplex, double, heevdx)
#undef IDXGEN_CUSOLVER_DN_EVDX

/* The Jacobi SVD's calls (lib/cusolver/gesvdj.c: Xgesvdp's SVD, the parameters kept, the residual measured) */
struct gesvdjInfo;
typedef struct gesvdjInfo *gesvdjInfo_t;
cusolverStatus_t cusolverDnCreateGesvdjInfo(gesvdjInfo_t *info);
cusolverStatus_t cusolverDnDestroyGesvdjInfo(gesvdjInfo_t info);
cusolverStatus_t cusolverDnXgesvdjSetTolerance(gesvdjInfo_t info, double tolerance);
cusolverStatus_t cusolverDnXgesvdjSetMaxSweeps(gesvdjInfo_t info, int max_sweeps);
cusolverStatus_t cusolverDnXgesvdjSetSortEig(gesvdjInfo_t info, int sort_svd);
cusolverStatus_t cusolverDnXgesvdjGetResidual(cusolverDnHandle_t handle, gesvdjInfo_t info, double *residual);
cusolverStatus_t cusolverDnXgesvdjGetSweeps(cusolverDnHandle_t handle, gesvdjInfo_t info, int *executed_sweeps);
#define IDXGEN_CUSOLVER_DN_GESVDJ(P, T, R)                                                                      \
	cusolverStatus_t cusolverDn##P##gesvdj_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,       \
							  int econ, int m, int n, const T *A, int lda, const R *S, \
							  const T *U, int ldu, const T *V, int ldv, int *lwork,    \
							  gesvdjInfo_t params);                                    \
	cusolverStatus_t cusolverDn##P##gesvdj(cusolverDnHandle_t handle, cusolverEigMode_t jobz, int econ, int m, \
					       int n, T *A, int lda, R *S, T *U, int ldu, T *V, int ldv, T *work,  \
					       int lwork, int *info, gesvdjInfo_t params);                         \
	cusolverStatus_t cusolverDn##P##gesvdjBatched_bufferSize(                                                  \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int m, int n, const T *A, int lda, const R *S,      \
	    const T *U, int ldu, const T *V, int ldv, int *lwork, gesvdjInfo_t params, int batchSize);             \
	cusolverStatus_t cusolverDn##P##gesvdjBatched(cusolverDnHandle_t handle, cusolverEigMode_t jobz, int m,     \
						      int n, T *A, int lda, R *S, T *U, int ldu, T *V, int ldv,    \
						      T *work, int lwork, int *info, gesvdjInfo_t params,          \
						      int batchSize);
IDXGEN_CUSOLVER_DN_GESVDJ(S, float, float)
IDXGEN_CUSOLVER_DN_GESVDJ(D, double, double)
IDXGEN_CUSOLVER_DN_GESVDJ(C, cuComplex, float)
IDXGEN_CUSOLVER_DN_GESVDJ(Z, cuDoubleComplex, double)
#undef IDXGEN_CUSOLVER_DN_GESVDJ

/*
 * The 64-bit generic API (lib/cusolver/xapi.c): sizes are int64_t (above
 * INT_MAX: CUSOLVER_STATUS_NOT_SUPPORTED, LAPACK's integers are 32-bit),
 * the element type a cudaDataType tag (CUDA_R_32F, CUDA_R_64F, CUDA_C_32F,
 * CUDA_C_64F; S and W of its real type; the compute type A's), workspaces
 * in bytes: the queries answer the device buffer's size and 0 for the host.
 * Each call runs the 32-bit routine of that precision or LAPACK's own;
 * devInfo's -i counts the X call's arguments (params is 1; Xsytrs and
 * Xtrtri take no params, their first argument after the handle is 1).
 */
typedef struct cusolverDnParams *cusolverDnParams_t;
typedef enum { CUSOLVERDN_GETRF = 0, CUSOLVERDN_POTRF = 1 } cusolverDnFunction_t;
cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params);
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params);
cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
					 cusolverAlgMode_t algo);
cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
					     int64_t n, cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
				  cudaDataType dataTypeA, void *A, int64_t lda, int64_t *ipiv,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasOperation_t trans,
				  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
				  const int64_t *ipiv, cudaDataType dataTypeB, void *B, int64_t ldb, int *info);
cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, const void *A,
					     int64_t lda, cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
				  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda, cudaDataType computeType,
				  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				  size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
				  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
				  cudaDataType dataTypeB, void *B, int64_t ldb, int *info);
cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
					     int64_t n, cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType dataTypeTau, const void *tau, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
				  cudaDataType dataTypeA, void *A, int64_t lda, cudaDataType dataTypeTau, void *tau,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXgesvd_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     signed char jobu, signed char jobvt, int64_t m, int64_t n,
					     cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType dataTypeS, const void *S, cudaDataType dataTypeU,
					     const void *U, int64_t ldu, cudaDataType dataTypeVT, const void *VT,
					     int64_t ldvt, cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgesvd(cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu,
				  signed char jobvt, int64_t m, int64_t n, cudaDataType dataTypeA, void *A,
				  int64_t lda, cudaDataType dataTypeS, void *S, cudaDataType dataTypeU, void *U,
				  int64_t ldu, cudaDataType dataTypeVT, void *VT, int64_t ldvt,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXsyevd_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
					     cudaDataType dataTypeA, const void *A, int64_t lda,
					     cudaDataType dataTypeW, const void *W, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXsyevd(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
				  cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
				  cudaDataType dataTypeW, void *W, cudaDataType computeType, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *info);
cusolverStatus_t cusolverDnXgesvdp_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					      cusolverEigMode_t jobz, int econ, int64_t m, int64_t n,
					      cudaDataType dataTypeA, const void *A, int64_t lda, cudaDataType dataTypeS,
					      const void *S, cudaDataType dataTypeU, const void *U, int64_t ldu,
					      cudaDataType dataTypeV, const void *V, int64_t ldv,
					      cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					      size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgesvdp(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
				   int econ, int64_t m, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
				   cudaDataType dataTypeS, void *S, cudaDataType dataTypeU, void *U, int64_t ldu,
				   cudaDataType dataTypeV, void *V, int64_t ldv, cudaDataType computeType,
				   void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				   size_t workspaceInBytesOnHost, int *d_info, double *h_err_sigma);
/* Xgesvdr: the rank-k truncated SVD (here exact: the economy SVD's first k triples; p, niters checked, not needed) */
cusolverStatus_t cusolverDnXgesvdr_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu,
					      signed char jobv, int64_t m, int64_t n, int64_t k, int64_t p, int64_t niters,
					      cudaDataType dataTypeA, const void *A, int64_t lda,
					      cudaDataType dataTypeSrand, const void *Srand, cudaDataType dataTypeUrand,
					      const void *Urand, int64_t ldUrand, cudaDataType dataTypeVrand,
					      const void *Vrand, int64_t ldVrand, cudaDataType computeType,
					      size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgesvdr(cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu,
				   signed char jobv, int64_t m, int64_t n, int64_t k, int64_t p, int64_t niters,
				   cudaDataType dataTypeA, void *A, int64_t lda, cudaDataType dataTypeSrand, void *Srand,
				   cudaDataType dataTypeUrand, void *Urand, int64_t ldUrand, cudaDataType dataTypeVrand,
				   void *Vrand, int64_t ldVrand, cudaDataType computeType, void *bufferOnDevice,
				   size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				   int *d_info);
/* XsyevBatched: Xsyevd on batchSize matrices back to back (A + i lda n, W + i n, info[i]) */
cusolverStatus_t cusolverDnXsyevBatched_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
						   cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
						   cudaDataType dataTypeA, const void *A, int64_t lda,
						   cudaDataType dataTypeW, const void *W, cudaDataType computeType,
						   size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost,
						   int64_t batchSize);
cusolverStatus_t cusolverDnXsyevBatched(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
					cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
					cudaDataType dataTypeW, void *W, cudaDataType computeType, void *bufferOnDevice,
					size_t workspaceInBytesOnDevice, void *bufferOnHost,
					size_t workspaceInBytesOnHost, int *info, int64_t batchSize);
cusolverStatus_t cusolverDnXgeev_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					    cusolverEigMode_t jobvl, cusolverEigMode_t jobvr, int64_t n,
					    cudaDataType dataTypeA, const void *A, int64_t lda, cudaDataType dataTypeW,
					    const void *W, cudaDataType dataTypeVL, const void *VL, int64_t ldvl,
					    cudaDataType dataTypeVR, const void *VR, int64_t ldvr,
					    cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					    size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgeev(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobvl,
				 cusolverEigMode_t jobvr, int64_t n, cudaDataType dataTypeA, void *A, int64_t lda,
				 cudaDataType dataTypeW, void *W, cudaDataType dataTypeVL, void *VL, int64_t ldvl,
				 cudaDataType dataTypeVR, void *VR, int64_t ldvr, cudaDataType computeType,
				 void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				 size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXsytrs_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int64_t n,
					     int64_t nrhs, cudaDataType dataTypeA, const void *A, int64_t lda,
					     const int64_t *ipiv, cudaDataType dataTypeB, void *B, int64_t ldb,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXsytrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int64_t n, int64_t nrhs,
				  cudaDataType dataTypeA, const void *A, int64_t lda, const int64_t *ipiv,
				  cudaDataType dataTypeB, void *B, int64_t ldb, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *info);
cusolverStatus_t cusolverDnXtrtri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
					     cublasDiagType_t diag, int64_t n, cudaDataType dataTypeA, void *A,
					     int64_t lda, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXtrtri(cusolverDnHandle_t handle, cublasFillMode_t uplo, cublasDiagType_t diag,
				  int64_t n, cudaDataType dataTypeA, void *A, int64_t lda, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *devInfo);

#ifdef __cplusplus
}
#endif

#endif
