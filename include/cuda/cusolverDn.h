/* SPDX-License-Identifier: MIT */
/*
 * cusolverDn.h - cuSOLVER's dense API as idxgen's lib/cusolver runs it, on
 * Debian's LAPACK (OpenBLAS's): handles and streams; LU (getrf/getrs),
 * Cholesky (potrf/potrs), QR (geqrf, ormqr/unmqr, orgqr/ungqr), the SVD
 * (gesvd) and the symmetric/Hermitian eigen-solver (syevd/heevd), in S/D/C/Z
 * with their _bufferSize queries.  Our own header, C11 and C++11, with CUDA
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

#ifdef __cplusplus
}
#endif

#endif
