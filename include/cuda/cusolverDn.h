/* SPDX-License-Identifier: MIT */
/*
 * cusolverDn.h - cuSOLVER's dense API as idxgen's lib/cusolver runs it, on
 * Debian's LAPACK (OpenBLAS's): handles and streams; LU (getrf/getrs),
 * Cholesky (potrf/potrs), QR (geqrf, ormqr/unmqr, orgqr/ungqr), the SVD
 * (gesvd), the symmetric/Hermitian eigen-solver (syevd/heevd) and the
 * symmetric indefinite factorisation (sytrf), in S/D/C/Z with their
 * _bufferSize queries, and the 64-bit generic API (cusolverDnParams_t,
 * Xgetrf/Xgetrs, Xpotrf/Xpotrs, Xgeqrf, Xgesvd, Xgesvdp, Xsyevd, Xgeev,
 * Xsytrs, Xtrtri, Xlarft), potri/lauum, gebrd, sytrd/hetrd and their Q,
 * laswp, and the mixed-precision solvers (<t1><t2>gesv/gels, the IRS
 * objects, IRSXgesv/Xgels).  Our own header, C11 and C++11, with CUDA
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
/* stored on the handle and answered back; LAPACK's results are the same under each
 * (lib/cusolver/handle_modes.c) */
cusolverStatus_t cusolverDnSetMathMode(cusolverDnHandle_t handle, cusolverMathMode_t mode);
cusolverStatus_t cusolverDnGetMathMode(cusolverDnHandle_t handle, cusolverMathMode_t *mode);
cusolverStatus_t cusolverDnSetDeterministicMode(cusolverDnHandle_t handle, cusolverDeterministicMode_t mode);
cusolverStatus_t cusolverDnGetDeterministicMode(cusolverDnHandle_t handle, cusolverDeterministicMode_t *mode);
cusolverStatus_t cusolverDnSetEmulationStrategy(cusolverDnHandle_t handle, cudaEmulationStrategy_t strategy);
cusolverStatus_t cusolverDnGetEmulationStrategy(cusolverDnHandle_t handle, cudaEmulationStrategy_t *strategy);

/*
 * One declaration list per precision: P is the letter (S, D, C, Z), T the
 * element type, R its real type (singular values, eigenvalues).  ORM/ORG are
 * the names of the Q routines: ormqr/orgqr for real, unmqr/ungqr for complex;
 * EVD is syevd or heevd.
 */
#define IDXGEN_CUSOLVER_DN_DECLS(P, T, R, ORM, ORG, EVD)                                           \
	cusolverStatus_t cusolverDn##P##getrf_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 T *a, int lda, int *Lwork);       \
	cusolverStatus_t cusolverDn##P##getrf(cusolverDnHandle_t handle, int m, int n, T *a,       \
					      int lda, T *Workspace, int *devIpiv, int *devInfo);  \
	cusolverStatus_t cusolverDn##P##getrs(cusolverDnHandle_t handle, cublasOperation_t trans,  \
					      int n, int nrhs, const T *a, int lda,                \
					      const int *devIpiv, T *b, int ldb, int *devInfo);    \
	cusolverStatus_t cusolverDn##P##potrf_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, T *a,       \
							 int lda, int *Lwork);                     \
	cusolverStatus_t cusolverDn##P##potrf(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *a, int lda, T *Workspace, int Lwork,       \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##potrs(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, int nrhs, const T *a, int lda, T *b, int ldb, \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##geqrf_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 T *a, int lda, int *lwork);       \
	cusolverStatus_t cusolverDn##P##geqrf(cusolverDnHandle_t handle, int m, int n, T *a,       \
					      int lda, T *TAU, T *Workspace, int Lwork,            \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##ORM##_bufferSize(                                          \
		cusolverDnHandle_t handle, cublasSideMode_t side, cublasOperation_t trans, int m,  \
		int n, int k, const T *a, int lda, const T *tau, const T *c, int ldc, int *lwork); \
	cusolverStatus_t cusolverDn##P##ORM(cusolverDnHandle_t handle, cublasSideMode_t side,      \
					    cublasOperation_t trans, int m, int n, int k,          \
					    const T *a, int lda, const T *tau, T *c, int ldc,      \
					    T *work, int lwork, int *devInfo);                     \
	cusolverStatus_t cusolverDn##P##ORG##_bufferSize(cusolverDnHandle_t handle, int m, int n,  \
							 int k, const T *a, int lda,               \
							 const T *tau, int *lwork);                \
	cusolverStatus_t cusolverDn##P##ORG(cusolverDnHandle_t handle, int m, int n, int k, T *a,  \
					    int lda, const T *tau, T *work, int lwork,             \
					    int *devInfo);                                         \
	cusolverStatus_t cusolverDn##P##gesvd_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 int *lwork);                              \
	cusolverStatus_t cusolverDn##P##gesvd(cusolverDnHandle_t handle, signed char jobu,         \
					      signed char jobvt, int m, int n, T *a, int lda,      \
					      R *s, T *u, int ldu, T *VT, int ldvt, T *work,       \
					      int lwork, R *rwork, int *devInfo);                  \
	cusolverStatus_t cusolverDn##P##sytrf_bufferSize(cusolverDnHandle_t handle, int n, T *a,   \
							 int lda, int *lwork);                  \
	cusolverStatus_t cusolverDn##P##sytrf(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *a, int lda, int *ipiv, T *work,            \
					      int lwork, int *devInfo);                            \
	cusolverStatus_t cusolverDn##P##sytri_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, T *a, int lda, \
							 const int *ipiv, int *lwork);             \
	cusolverStatus_t cusolverDn##P##sytri(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *a, int lda, const int *ipiv, T *work,      \
					      int lwork, int *info);                               \
	cusolverStatus_t cusolverDn##P##EVD##_bufferSize(                                          \
		cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n,   \
		const T *a, int lda, const R *w, int *lwork);                                      \
	cusolverStatus_t cusolverDn##P##EVD(cusolverDnHandle_t handle, cusolverEigMode_t jobz,     \
					    cublasFillMode_t uplo, int n, T *a, int lda, R *w,     \
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
							 const T *a, int lda, const T *b, int ldb, const R *w, \
							 int *lwork);                                          \
	cusolverStatus_t cusolverDn##P##GVD(cusolverDnHandle_t handle, cusolverEigType_t itype,               \
					    cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T *a, int lda, \
					    T *b, int ldb, R *w, T *work, int lwork, int *devInfo);           \
	cusolverStatus_t cusolverDn##P##GVJ##_bufferSize(                                                      \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz, cublasFillMode_t uplo,  \
	    int n, const T *a, int lda, const T *b, int ldb, const R *w, int *lwork, syevjInfo_t params);      \
	cusolverStatus_t cusolverDn##P##GVJ(cusolverDnHandle_t handle, cusolverEigType_t itype,               \
					    cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, T *a, int lda, \
					    T *b, int ldb, R *w, T *work, int lwork, int *info,               \
					    syevjInfo_t params);                                              \
	cusolverStatus_t cusolverDn##P##EVJ##_bufferSize(cusolverDnHandle_t handle, cusolverEigMode_t jobz,  \
							 cublasFillMode_t uplo, int n, const T *a, int lda,  \
							 const R *w, int *lwork, syevjInfo_t params);        \
	cusolverStatus_t cusolverDn##P##EVJ(cusolverDnHandle_t handle, cusolverEigMode_t jobz,               \
					    cublasFillMode_t uplo, int n, T *a, int lda, R *w, T *work, int lwork,  \
					    int *info, syevjInfo_t params);                                  \
	cusolverStatus_t cusolverDn##P##EVJ##Batched_bufferSize(                                             \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, cublasFillMode_t uplo, int n, const T *a, int lda, \
	    const R *w, int *lwork, syevjInfo_t params, int batchSize);                                      \
	cusolverStatus_t cusolverDn##P##EVJ##Batched(cusolverDnHandle_t handle, cusolverEigMode_t jobz,      \
						     cublasFillMode_t uplo, int n, T *a, int lda, R *w, T *work, \
						     int lwork, int *info, syevjInfo_t params, int batchSize);   \
	cusolverStatus_t cusolverDn##P##potrfBatched(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,  \
						     T *Aarray[], int lda, int *infoArray, int batchSize);      \
	cusolverStatus_t cusolverDn##P##potrsBatched(cusolverDnHandle_t handle, cublasFillMode_t uplo, int n,  \
						     int nrhs, T *a[], int lda, T *b[], int ldb, int *d_info,   \
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
	    int n, const T *a, int lda, R vl, R vu, int il, int iu, int *meig, const R *w, int *lwork);         \
	cusolverStatus_t cusolverDn##P##EVDX(cusolverDnHandle_t handle, cusolverEigMode_t jobz,                \
					     cusolverEigRange_t range, cublasFillMode_t uplo, int n, T *a,     \
					     int lda, R vl, R vu, int il, int iu, int *meig, R *w, T *work,    \
					     int lwork, int *devInfo);
IDXGEN_CUSOLVER_DN_EVDX(S, float, float, syevdx)
IDXGEN_CUSOLVER_DN_EVDX(D, double, double, syevdx)
IDXGEN_CUSOLVER_DN_EVDX(C, cuComplex, float, heevdx)
IDXGEN_CUSOLVER_DN_EVDX(Z, cuDoubleComplex, double, heevdx)
#undef IDXGEN_CUSOLVER_DN_EVDX

/* Selected eigenvalues of A x = lambda B x and its itypes (lib/cusolver/sygvdx.c: LAPACK's
 * sygvx/hegvx) */
#define IDXGEN_CUSOLVER_DN_GVDX(P, T, R, GVDX)                                                     \
	cusolverStatus_t cusolverDn##P##GVDX##_bufferSize(                                         \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz,            \
	    cusolverEigRange_t range, cublasFillMode_t uplo, int n, const T *a, int lda,           \
	    const T *b, int ldb, R vl, R vu, int il, int iu, int *meig, const R *w, int *lwork);   \
	cusolverStatus_t cusolverDn##P##GVDX(                                                      \
	    cusolverDnHandle_t handle, cusolverEigType_t itype, cusolverEigMode_t jobz,            \
	    cusolverEigRange_t range, cublasFillMode_t uplo, int n, T *a, int lda, T *b, int ldb,  \
	    R vl, R vu, int il, int iu, int *meig, R *w, T *work, int lwork, int *devInfo);
IDXGEN_CUSOLVER_DN_GVDX(S, float, float, sygvdx)
IDXGEN_CUSOLVER_DN_GVDX(D, double, double, sygvdx)
IDXGEN_CUSOLVER_DN_GVDX(C, cuComplex, float, hegvdx)
IDXGEN_CUSOLVER_DN_GVDX(Z, cuDoubleComplex, double, hegvdx)
#undef IDXGEN_CUSOLVER_DN_GVDX

/* The rank-r SVD of strided batches of tall matrices (lib/cusolver/gesvda.c: each matrix's
 * truncated SVD) */
#define IDXGEN_CUSOLVER_DN_GESVDA(P, T, R)                                                         \
	cusolverStatus_t cusolverDn##P##gesvdaStridedBatched_bufferSize(                           \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int rank, int m, int n,             \
	    const T *d_A, int lda, long long int strideA, const R *d_S, long long int strideS,     \
	    const T *d_U, int ldu, long long int strideU, const T *d_V, int ldv,                   \
	    long long int strideV, int *lwork, int batchSize);                                     \
	cusolverStatus_t cusolverDn##P##gesvdaStridedBatched(                                      \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int rank, int m, int n,             \
	    const T *d_A, int lda, long long int strideA, R *d_S, long long int strideS, T *d_U,   \
	    int ldu, long long int strideU, T *d_V, int ldv, long long int strideV, T *d_work,     \
	    int lwork, int *d_info, double *h_R_nrmF, int batchSize);
IDXGEN_CUSOLVER_DN_GESVDA(S, float, float)
IDXGEN_CUSOLVER_DN_GESVDA(D, double, double)
IDXGEN_CUSOLVER_DN_GESVDA(C, cuComplex, float)
IDXGEN_CUSOLVER_DN_GESVDA(Z, cuDoubleComplex, double)
#undef IDXGEN_CUSOLVER_DN_GESVDA

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
							  int econ, int m, int n, const T *a, int lda, const R *s, \
							  const T *u, int ldu, const T *v, int ldv, int *lwork,    \
							  gesvdjInfo_t params);                                    \
	cusolverStatus_t cusolverDn##P##gesvdj(cusolverDnHandle_t handle, cusolverEigMode_t jobz, int econ, int m, \
					       int n, T *a, int lda, R *s, T *u, int ldu, T *v, int ldv, T *work,  \
					       int lwork, int *info, gesvdjInfo_t params);                         \
	cusolverStatus_t cusolverDn##P##gesvdjBatched_bufferSize(                                                  \
	    cusolverDnHandle_t handle, cusolverEigMode_t jobz, int m, int n, const T *a, int lda, const R *s,      \
	    const T *u, int ldu, const T *v, int ldv, int *lwork, gesvdjInfo_t params, int batchSize);             \
	cusolverStatus_t cusolverDn##P##gesvdjBatched(cusolverDnHandle_t handle, cusolverEigMode_t jobz, int m,     \
						      int n, T *a, int lda, R *s, T *u, int ldu, T *v, int ldv,    \
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
typedef enum { CUSOLVERDN_GETRF = 0, CUSOLVERDN_POTRF = 1, CUSOLVERDN_SYEVBATCHED = 2 } cusolverDnFunction_t;
cusolverStatus_t cusolverDnCreateParams(cusolverDnParams_t *params);
cusolverStatus_t cusolverDnDestroyParams(cusolverDnParams_t params);
cusolverStatus_t cusolverDnSetAdvOptions(cusolverDnParams_t params, cusolverDnFunction_t function,
					 cusolverAlgMode_t algo);
cusolverStatus_t cusolverDnXgetrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
					     int64_t n, cudaDataType dataTypeA, const void *a, int64_t lda,
					     cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgetrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
				  cudaDataType dataTypeA, void *a, int64_t lda, int64_t *ipiv,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXgetrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasOperation_t trans,
				  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *a, int64_t lda,
				  const int64_t *ipiv, cudaDataType dataTypeB, void *b, int64_t ldb, int *info);
cusolverStatus_t cusolverDnXpotrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, const void *a,
					     int64_t lda, cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXpotrf(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
				  int64_t n, cudaDataType dataTypeA, void *a, int64_t lda, cudaDataType computeType,
				  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				  size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXpotrs(cusolverDnHandle_t handle, cusolverDnParams_t params, cublasFillMode_t uplo,
				  int64_t n, int64_t nrhs, cudaDataType dataTypeA, const void *a, int64_t lda,
				  cudaDataType dataTypeB, void *b, int64_t ldb, int *info);
cusolverStatus_t cusolverDnXgeqrf_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m,
					     int64_t n, cudaDataType dataTypeA, const void *a, int64_t lda,
					     cudaDataType dataTypeTau, const void *tau, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgeqrf(cusolverDnHandle_t handle, cusolverDnParams_t params, int64_t m, int64_t n,
				  cudaDataType dataTypeA, void *a, int64_t lda, cudaDataType dataTypeTau, void *tau,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXgesvd_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     signed char jobu, signed char jobvt, int64_t m, int64_t n,
					     cudaDataType dataTypeA, const void *a, int64_t lda,
					     cudaDataType dataTypeS, const void *s, cudaDataType dataTypeU,
					     const void *u, int64_t ldu, cudaDataType dataTypeVT, const void *VT,
					     int64_t ldvt, cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgesvd(cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu,
				  signed char jobvt, int64_t m, int64_t n, cudaDataType dataTypeA, void *a,
				  int64_t lda, cudaDataType dataTypeS, void *s, cudaDataType dataTypeU, void *u,
				  int64_t ldu, cudaDataType dataTypeVT, void *VT, int64_t ldvt,
				  cudaDataType computeType, void *bufferOnDevice, size_t workspaceInBytesOnDevice,
				  void *bufferOnHost, size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXsyevd_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
					     cudaDataType dataTypeA, const void *a, int64_t lda,
					     cudaDataType dataTypeW, const void *w, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXsyevd(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
				  cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, void *a, int64_t lda,
				  cudaDataType dataTypeW, void *w, cudaDataType computeType, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *info);
cusolverStatus_t cusolverDnXgesvdp_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					      cusolverEigMode_t jobz, int econ, int64_t m, int64_t n,
					      cudaDataType dataTypeA, const void *a, int64_t lda, cudaDataType dataTypeS,
					      const void *s, cudaDataType dataTypeU, const void *u, int64_t ldu,
					      cudaDataType dataTypeV, const void *v, int64_t ldv,
					      cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					      size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgesvdp(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
				   int econ, int64_t m, int64_t n, cudaDataType dataTypeA, void *a, int64_t lda,
				   cudaDataType dataTypeS, void *s, cudaDataType dataTypeU, void *u, int64_t ldu,
				   cudaDataType dataTypeV, void *v, int64_t ldv, cudaDataType computeType,
				   void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				   size_t workspaceInBytesOnHost, int *d_info, double *h_err_sigma);
/* Xgesvdr: the rank-k truncated SVD (here exact: the economy SVD's first k triples; p, niters checked, not needed) */
cusolverStatus_t cusolverDnXgesvdr_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu,
					      signed char jobv, int64_t m, int64_t n, int64_t k, int64_t p, int64_t niters,
					      cudaDataType dataTypeA, const void *a, int64_t lda,
					      cudaDataType dataTypeSrand, const void *Srand, cudaDataType dataTypeUrand,
					      const void *Urand, int64_t ldUrand, cudaDataType dataTypeVrand,
					      const void *Vrand, int64_t ldVrand, cudaDataType computeType,
					      size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgesvdr(cusolverDnHandle_t handle, cusolverDnParams_t params, signed char jobu,
				   signed char jobv, int64_t m, int64_t n, int64_t k, int64_t p, int64_t niters,
				   cudaDataType dataTypeA, void *a, int64_t lda, cudaDataType dataTypeSrand, void *Srand,
				   cudaDataType dataTypeUrand, void *Urand, int64_t ldUrand, cudaDataType dataTypeVrand,
				   void *Vrand, int64_t ldVrand, cudaDataType computeType, void *bufferOnDevice,
				   size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				   int *d_info);
/* XsyevBatched: Xsyevd on batchSize matrices back to back (A + i lda n, W + i n, info[i]) */
cusolverStatus_t cusolverDnXsyevBatched_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
						   cusolverEigMode_t jobz, cublasFillMode_t uplo, int64_t n,
						   cudaDataType dataTypeA, const void *a, int64_t lda,
						   cudaDataType dataTypeW, const void *w, cudaDataType computeType,
						   size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost,
						   int64_t batchSize);
cusolverStatus_t cusolverDnXsyevBatched(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
					cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA, void *a, int64_t lda,
					cudaDataType dataTypeW, void *w, cudaDataType computeType, void *bufferOnDevice,
					size_t workspaceInBytesOnDevice, void *bufferOnHost,
					size_t workspaceInBytesOnHost, int *info, int64_t batchSize);
/* Xsyevdx: syevdx/heevdx with 64-bit sizes; vl, vu point to values of W's type, meig64 on the host
 */
cusolverStatus_t cusolverDnXsyevdx_bufferSize(
    cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobz,
    cusolverEigRange_t range, cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
    const void *a, int64_t lda, void *vl, void *vu, int64_t il, int64_t iu, int64_t *h_meig,
    cudaDataType dataTypeW, const void *w, cudaDataType computeType,
    size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXsyevdx(cusolverDnHandle_t handle, cusolverDnParams_t params,
				   cusolverEigMode_t jobz, cusolverEigRange_t range,
				   cublasFillMode_t uplo, int64_t n, cudaDataType dataTypeA,
				   void *a, int64_t lda, void *vl, void *vu, int64_t il, int64_t iu,
				   int64_t *meig64, cudaDataType dataTypeW, void *w,
				   cudaDataType computeType, void *bufferOnDevice,
				   size_t workspaceInBytesOnDevice, void *bufferOnHost,
				   size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXgeev_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					    cusolverEigMode_t jobvl, cusolverEigMode_t jobvr, int64_t n,
					    cudaDataType dataTypeA, const void *a, int64_t lda, cudaDataType dataTypeW,
					    const void *w, cudaDataType dataTypeVL, const void *VL, int64_t ldvl,
					    cudaDataType dataTypeVR, const void *VR, int64_t ldvr,
					    cudaDataType computeType, size_t *workspaceInBytesOnDevice,
					    size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXgeev(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverEigMode_t jobvl,
				 cusolverEigMode_t jobvr, int64_t n, cudaDataType dataTypeA, void *a, int64_t lda,
				 cudaDataType dataTypeW, void *w, cudaDataType dataTypeVL, void *VL, int64_t ldvl,
				 cudaDataType dataTypeVR, void *VR, int64_t ldvr, cudaDataType computeType,
				 void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				 size_t workspaceInBytesOnHost, int *info);
cusolverStatus_t cusolverDnXsytrs_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo, int64_t n,
					     int64_t nrhs, cudaDataType dataTypeA, const void *a, int64_t lda,
					     const int64_t *ipiv, cudaDataType dataTypeB, void *b, int64_t ldb,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXsytrs(cusolverDnHandle_t handle, cublasFillMode_t uplo, int64_t n, int64_t nrhs,
				  cudaDataType dataTypeA, const void *a, int64_t lda, const int64_t *ipiv,
				  cudaDataType dataTypeB, void *b, int64_t ldb, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *info);
cusolverStatus_t cusolverDnXtrtri_bufferSize(cusolverDnHandle_t handle, cublasFillMode_t uplo,
					     cublasDiagType_t diag, int64_t n, cudaDataType dataTypeA, void *a,
					     int64_t lda, size_t *workspaceInBytesOnDevice,
					     size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXtrtri(cusolverDnHandle_t handle, cublasFillMode_t uplo, cublasDiagType_t diag,
				  int64_t n, cudaDataType dataTypeA, void *a, int64_t lda, void *bufferOnDevice,
				  size_t workspaceInBytesOnDevice, void *bufferOnHost, size_t workspaceInBytesOnHost,
				  int *devInfo);

/*
 * The inverse from a Cholesky factor (potri), the product U U^H or L^H L of a
 * triangle (lauum), the bidiagonal (gebrd) and tridiagonal (sytrd/hetrd)
 * reductions with their Q and P (orgbr/ungbr, orgtr/ungtr, ormtr/unmtr) and
 * row interchanges (laswp), per precision as above (lib/cusolver/potri.c,
 * gebrd.c, sytrd.c, laswp.c): TRD is sytrd or hetrd, OBR, OTR, MTR the
 * orgbr/ungbr, orgtr/ungtr, ormtr/unmtr names.
 */
#define IDXGEN_CUSOLVER_DN_DECLS2(P, T, R, TRD, OBR, OTR, MTR)                                    \
	cusolverStatus_t cusolverDn##P##potri_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, T *a,       \
							 int lda, int *lwork);                     \
	cusolverStatus_t cusolverDn##P##potri(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *a, int lda, T *work, int lwork,            \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##lauum_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, T *a,       \
							 int lda, int *lwork);                     \
	cusolverStatus_t cusolverDn##P##lauum(cusolverDnHandle_t handle, cublasFillMode_t uplo,    \
					      int n, T *a, int lda, T *work, int lwork,            \
					      int *devInfo);                                       \
	cusolverStatus_t cusolverDn##P##gebrd_bufferSize(cusolverDnHandle_t handle, int m, int n, \
							 int *Lwork);                              \
	cusolverStatus_t cusolverDn##P##gebrd(cusolverDnHandle_t handle, int m, int n, T *a,       \
					      int lda, R *d, R *e, T *tauq, T *taup, T *Work,      \
					      int Lwork, int *devInfo);                            \
	cusolverStatus_t cusolverDn##P##OBR##_bufferSize(cusolverDnHandle_t handle,                \
							 cublasSideMode_t side, int m, int n,      \
							 int k, const T *a, int lda,               \
							 const T *tau, int *lwork);                \
	cusolverStatus_t cusolverDn##P##OBR(cusolverDnHandle_t handle, cublasSideMode_t side,      \
					    int m, int n, int k, T *a, int lda, const T *tau,      \
					    T *work, int lwork, int *info);                        \
	cusolverStatus_t cusolverDn##P##TRD##_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, const T *a, \
							 int lda, const R *d, const R *e,          \
							 const T *tau, int *lwork);                \
	cusolverStatus_t cusolverDn##P##TRD(cusolverDnHandle_t handle, cublasFillMode_t uplo,      \
					    int n, T *a, int lda, R *d, R *e, T *tau, T *work,     \
					    int lwork, int *info);                                 \
	cusolverStatus_t cusolverDn##P##OTR##_bufferSize(cusolverDnHandle_t handle,                \
							 cublasFillMode_t uplo, int n, const T *a, \
							 int lda, const T *tau, int *lwork);       \
	cusolverStatus_t cusolverDn##P##OTR(cusolverDnHandle_t handle, cublasFillMode_t uplo,      \
					    int n, T *a, int lda, const T *tau, T *work, int lwork, \
					    int *info);                                            \
	cusolverStatus_t cusolverDn##P##MTR##_bufferSize(                                          \
		cusolverDnHandle_t handle, cublasSideMode_t side, cublasFillMode_t uplo,           \
		cublasOperation_t trans, int m, int n, const T *a, int lda, const T *tau,          \
		const T *c, int ldc, int *lwork);                                                  \
	cusolverStatus_t cusolverDn##P##MTR(cusolverDnHandle_t handle, cublasSideMode_t side,      \
					    cublasFillMode_t uplo, cublasOperation_t trans, int m, \
					    int n, T *a, int lda, T *tau, T *c, int ldc, T *work,  \
					    int lwork, int *info);                                 \
	cusolverStatus_t cusolverDn##P##laswp(cusolverDnHandle_t handle, int n, T *a, int lda,     \
					      int k1, int k2, const int *devIpiv, int incx);

IDXGEN_CUSOLVER_DN_DECLS2(S, float, float, sytrd, orgbr, orgtr, ormtr)
IDXGEN_CUSOLVER_DN_DECLS2(D, double, double, sytrd, orgbr, orgtr, ormtr)
IDXGEN_CUSOLVER_DN_DECLS2(C, cuComplex, float, hetrd, ungbr, ungtr, unmtr)
IDXGEN_CUSOLVER_DN_DECLS2(Z, cuDoubleComplex, double, hetrd, ungbr, ungtr, unmtr)

/*
 * The triangular factor T of a block of k Householder reflectors (LAPACK's
 * larft; lib/cusolver/xapi_larft.c): V n x k, tau k, T k x k, one real or
 * complex type for all (computeType too); workspace none.
 */
cusolverStatus_t cusolverDnXlarft_bufferSize(cusolverDnHandle_t handle, cusolverDnParams_t params,
					     cusolverDirectMode_t direct, cusolverStorevMode_t storev, int64_t n,
					     int64_t k, cudaDataType dataTypeV, const void *v, int64_t ldv,
					     cudaDataType dataTypeTau, const void *tau, cudaDataType dataTypeT,
					     void *t, int64_t ldt, cudaDataType computeType,
					     size_t *workspaceInBytesOnDevice, size_t *workspaceInBytesOnHost);
cusolverStatus_t cusolverDnXlarft(cusolverDnHandle_t handle, cusolverDnParams_t params, cusolverDirectMode_t direct,
				  cusolverStorevMode_t storev, int64_t n, int64_t k, cudaDataType dataTypeV,
				  const void *v, int64_t ldv, cudaDataType dataTypeTau, const void *tau,
				  cudaDataType dataTypeT, void *t, int64_t ldt, cudaDataType computeType,
				  void *bufferOnDevice, size_t workspaceInBytesOnDevice, void *bufferOnHost,
				  size_t workspaceInBytesOnHost);

/*
 * The mixed-precision solvers (lib/cusolver/irs.c: LAPACK's classical
 * iterative refinement, the factorization in the lower precision t2, the
 * residuals in t1; half, bfloat16 and TF32 factor in single precision):
 * cusolverDn<t1><t2>gesv and gels (+ _bufferSize), the IRS objects, and
 * cusolverDnIRSXgesv/Xgels.  What iter/niters report: README.md.
 */
struct cusolverDnIRSParams;
typedef struct cusolverDnIRSParams *cusolverDnIRSParams_t;
struct cusolverDnIRSInfos;
typedef struct cusolverDnIRSInfos *cusolverDnIRSInfos_t;

#define IDXGEN_CUSOLVER_DN_IRS_DECLS(P, Q, T)                                                      \
	cusolverStatus_t cusolverDn##P##Q##gesv_bufferSize(                                        \
		cusolverDnHandle_t handle, cusolver_int_t n, cusolver_int_t nrhs, T *dA,           \
		cusolver_int_t ldda, cusolver_int_t *dipiv, T *dB, cusolver_int_t lddb, T *dX,     \
		cusolver_int_t lddx, void *dWorkspace, size_t *lwork_bytes);                       \
	cusolverStatus_t cusolverDn##P##Q##gesv(                                                   \
		cusolverDnHandle_t handle, cusolver_int_t n, cusolver_int_t nrhs, T *dA,           \
		cusolver_int_t ldda, cusolver_int_t *dipiv, T *dB, cusolver_int_t lddb, T *dX,     \
		cusolver_int_t lddx, void *dWorkspace, size_t lwork_bytes, cusolver_int_t *iter,   \
		cusolver_int_t *d_info);                                                           \
	cusolverStatus_t cusolverDn##P##Q##gels_bufferSize(                                        \
		cusolverDnHandle_t handle, cusolver_int_t m, cusolver_int_t n, cusolver_int_t nrhs, \
		T *dA, cusolver_int_t ldda, T *dB, cusolver_int_t lddb, T *dX, cusolver_int_t lddx, \
		void *dWorkspace, size_t *lwork_bytes);                                            \
	cusolverStatus_t cusolverDn##P##Q##gels(                                                   \
		cusolverDnHandle_t handle, cusolver_int_t m, cusolver_int_t n, cusolver_int_t nrhs, \
		T *dA, cusolver_int_t ldda, T *dB, cusolver_int_t lddb, T *dX, cusolver_int_t lddx, \
		void *dWorkspace, size_t lwork_bytes, cusolver_int_t *iter, cusolver_int_t *d_info);

IDXGEN_CUSOLVER_DN_IRS_DECLS(D, D, double)
IDXGEN_CUSOLVER_DN_IRS_DECLS(D, S, double)
IDXGEN_CUSOLVER_DN_IRS_DECLS(D, H, double)
IDXGEN_CUSOLVER_DN_IRS_DECLS(D, B, double)
IDXGEN_CUSOLVER_DN_IRS_DECLS(D, X, double)
IDXGEN_CUSOLVER_DN_IRS_DECLS(S, S, float)
IDXGEN_CUSOLVER_DN_IRS_DECLS(S, H, float)
IDXGEN_CUSOLVER_DN_IRS_DECLS(S, B, float)
IDXGEN_CUSOLVER_DN_IRS_DECLS(S, X, float)
IDXGEN_CUSOLVER_DN_IRS_DECLS(Z, Z, cuDoubleComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(Z, C, cuDoubleComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(Z, K, cuDoubleComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(Z, E, cuDoubleComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(Z, Y, cuDoubleComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(C, C, cuComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(C, K, cuComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(C, E, cuComplex)
IDXGEN_CUSOLVER_DN_IRS_DECLS(C, Y, cuComplex)

cusolverStatus_t cusolverDnIRSParamsCreate(cusolverDnIRSParams_t *params_ptr);
cusolverStatus_t cusolverDnIRSParamsDestroy(cusolverDnIRSParams_t params);
cusolverStatus_t cusolverDnIRSParamsSetRefinementSolver(cusolverDnIRSParams_t params,
							cusolverIRSRefinement_t refinement_solver);
cusolverStatus_t cusolverDnIRSParamsSetSolverMainPrecision(cusolverDnIRSParams_t params,
							   cusolverPrecType_t solver_main_precision);
cusolverStatus_t cusolverDnIRSParamsSetSolverLowestPrecision(cusolverDnIRSParams_t params,
							     cusolverPrecType_t solver_lowest_precision);
cusolverStatus_t cusolverDnIRSParamsSetSolverPrecisions(cusolverDnIRSParams_t params,
							cusolverPrecType_t solver_main_precision,
							cusolverPrecType_t solver_lowest_precision);
cusolverStatus_t cusolverDnIRSParamsSetTol(cusolverDnIRSParams_t params, double val);
cusolverStatus_t cusolverDnIRSParamsSetTolInner(cusolverDnIRSParams_t params, double val);
cusolverStatus_t cusolverDnIRSParamsSetMaxIters(cusolverDnIRSParams_t params, cusolver_int_t maxiters);
cusolverStatus_t cusolverDnIRSParamsSetMaxItersInner(cusolverDnIRSParams_t params, cusolver_int_t maxiters_inner);
cusolverStatus_t cusolverDnIRSParamsGetMaxIters(cusolverDnIRSParams_t params, cusolver_int_t *maxiters);
cusolverStatus_t cusolverDnIRSParamsEnableFallback(cusolverDnIRSParams_t params);
cusolverStatus_t cusolverDnIRSParamsDisableFallback(cusolverDnIRSParams_t params);
cusolverStatus_t cusolverDnIRSInfosDestroy(cusolverDnIRSInfos_t infos);
cusolverStatus_t cusolverDnIRSInfosCreate(cusolverDnIRSInfos_t *infos_ptr);
cusolverStatus_t cusolverDnIRSInfosGetNiters(cusolverDnIRSInfos_t infos, cusolver_int_t *niters);
cusolverStatus_t cusolverDnIRSInfosGetOuterNiters(cusolverDnIRSInfos_t infos, cusolver_int_t *outer_niters);
cusolverStatus_t cusolverDnIRSInfosRequestResidual(cusolverDnIRSInfos_t infos);
cusolverStatus_t cusolverDnIRSInfosGetResidualHistory(cusolverDnIRSInfos_t infos, void **residual_history);
cusolverStatus_t cusolverDnIRSInfosGetMaxIters(cusolverDnIRSInfos_t infos, cusolver_int_t *maxiters);
cusolverStatus_t cusolverDnIRSXgesv_bufferSize(cusolverDnHandle_t handle, cusolverDnIRSParams_t params,
					       cusolver_int_t n, cusolver_int_t nrhs, size_t *lwork_bytes);
cusolverStatus_t cusolverDnIRSXgesv(cusolverDnHandle_t handle, cusolverDnIRSParams_t gesv_irs_params,
				    cusolverDnIRSInfos_t gesv_irs_infos, cusolver_int_t n, cusolver_int_t nrhs,
				    void *dA, cusolver_int_t ldda, void *dB, cusolver_int_t lddb, void *dX,
				    cusolver_int_t lddx, void *dWorkspace, size_t lwork_bytes, cusolver_int_t *niters,
				    cusolver_int_t *d_info);
cusolverStatus_t cusolverDnIRSXgels_bufferSize(cusolverDnHandle_t handle, cusolverDnIRSParams_t params,
					       cusolver_int_t m, cusolver_int_t n, cusolver_int_t nrhs,
					       size_t *lwork_bytes);
cusolverStatus_t cusolverDnIRSXgels(cusolverDnHandle_t handle, cusolverDnIRSParams_t gels_irs_params,
				    cusolverDnIRSInfos_t gels_irs_infos, cusolver_int_t m, cusolver_int_t n,
				    cusolver_int_t nrhs, void *dA, cusolver_int_t ldda, void *dB, cusolver_int_t lddb,
				    void *dX, cusolver_int_t lddx, void *dWorkspace, size_t lwork_bytes,
				    cusolver_int_t *niters, cusolver_int_t *d_info);

/*
 * The logger (lib/cusolver/logger.c): this library reports through its
 * statuses and devInfo and writes no message at any level; the calls check
 * their arguments as NVIDIA's do and keep nothing.
 */
typedef void (*cusolverDnLoggerCallback_t)(int logLevel, const char *functionName, const char *message);
cusolverStatus_t cusolverDnLoggerSetCallback(cusolverDnLoggerCallback_t callback);
cusolverStatus_t cusolverDnLoggerSetFile(FILE *file);
cusolverStatus_t cusolverDnLoggerOpenFile(const char *logFile);
cusolverStatus_t cusolverDnLoggerSetLevel(int level);
cusolverStatus_t cusolverDnLoggerSetMask(int mask);
cusolverStatus_t cusolverDnLoggerForceDisable(void);

#ifdef __cplusplus
}
#endif

#endif
