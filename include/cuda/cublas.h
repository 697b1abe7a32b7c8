/* SPDX-License-Identifier: MIT */
/*
 * cublas.h - cuBLAS's legacy API (before handles: cublasInit, scalars by
 * value, 'N'/'T'/'C' characters for the operations, errors read back with
 * cublasGetError), as older programs (HPL's CUDA port and the like) call
 * it.  Our own header, C11 and C++11; names and signatures are CUDA 12's.
 * lib/cublas serves it on the v2 API of cublas_api.h with one implicit
 * handle (lib/cublas/legacy.c, README.md).  The legacy names are macros
 * for lib/cublas's own symbols, because our v2 calls carry the plain names
 * (cublasSgemm with a handle); as NVIDIA's, it cannot be used together
 * with cublas_v2.h.
 */
#ifndef IDXGEN_CUDA_CUBLAS_H
#define IDXGEN_CUDA_CUBLAS_H
/* NVIDIA's include guard (code tests it) */
#define CUBLAS_H_

#if defined(CUBLAS_V2_H_) && !defined(IDXGEN_CUBLAS1__NO_RENAME)
#error "It is an error to include both cublas.h and cublas_v2.h"
#endif

#include "cublas_api.h"

#ifdef __cplusplus
extern "C" {
#endif

#define cublasStatus cublasStatus_t

/*
 * The legacy names: macros for lib/cublas's symbols (idxgen_cublas1_NAME);
 * lib/cublas/legacy.c, which calls the v2 API by the plain names, asks for
 * the declarations alone.
 */
#ifndef IDXGEN_CUBLAS1__NO_RENAME
#define cublasInit idxgen_cublas1_Init
#define cublasShutdown idxgen_cublas1_Shutdown
#define cublasGetError idxgen_cublas1_GetError
#define cublasGetVersion idxgen_cublas1_GetVersion
#define cublasAlloc idxgen_cublas1_Alloc
#define cublasFree idxgen_cublas1_Free
#define cublasSetKernelStream idxgen_cublas1_SetKernelStream
#define cublasSaxpy idxgen_cublas1_Saxpy
#define cublasDaxpy idxgen_cublas1_Daxpy
#define cublasCaxpy idxgen_cublas1_Caxpy
#define cublasZaxpy idxgen_cublas1_Zaxpy
#define cublasSscal idxgen_cublas1_Sscal
#define cublasDscal idxgen_cublas1_Dscal
#define cublasCscal idxgen_cublas1_Cscal
#define cublasZscal idxgen_cublas1_Zscal
#define cublasScopy idxgen_cublas1_Scopy
#define cublasDcopy idxgen_cublas1_Dcopy
#define cublasCcopy idxgen_cublas1_Ccopy
#define cublasZcopy idxgen_cublas1_Zcopy
#define cublasSswap idxgen_cublas1_Sswap
#define cublasDswap idxgen_cublas1_Dswap
#define cublasCswap idxgen_cublas1_Cswap
#define cublasZswap idxgen_cublas1_Zswap
#define cublasSgemv idxgen_cublas1_Sgemv
#define cublasDgemv idxgen_cublas1_Dgemv
#define cublasCgemv idxgen_cublas1_Cgemv
#define cublasZgemv idxgen_cublas1_Zgemv
#define cublasStrsv idxgen_cublas1_Strsv
#define cublasDtrsv idxgen_cublas1_Dtrsv
#define cublasCtrsv idxgen_cublas1_Ctrsv
#define cublasZtrsv idxgen_cublas1_Ztrsv
#define cublasStrmv idxgen_cublas1_Strmv
#define cublasDtrmv idxgen_cublas1_Dtrmv
#define cublasCtrmv idxgen_cublas1_Ctrmv
#define cublasZtrmv idxgen_cublas1_Ztrmv
#define cublasSgemm idxgen_cublas1_Sgemm
#define cublasDgemm idxgen_cublas1_Dgemm
#define cublasCgemm idxgen_cublas1_Cgemm
#define cublasZgemm idxgen_cublas1_Zgemm
#define cublasSsymm idxgen_cublas1_Ssymm
#define cublasDsymm idxgen_cublas1_Dsymm
#define cublasCsymm idxgen_cublas1_Csymm
#define cublasZsymm idxgen_cublas1_Zsymm
#define cublasSsyrk idxgen_cublas1_Ssyrk
#define cublasDsyrk idxgen_cublas1_Dsyrk
#define cublasCsyrk idxgen_cublas1_Csyrk
#define cublasZsyrk idxgen_cublas1_Zsyrk
#define cublasStrsm idxgen_cublas1_Strsm
#define cublasDtrsm idxgen_cublas1_Dtrsm
#define cublasCtrsm idxgen_cublas1_Ctrsm
#define cublasZtrsm idxgen_cublas1_Ztrsm
#define cublasStrmm idxgen_cublas1_Strmm
#define cublasDtrmm idxgen_cublas1_Dtrmm
#define cublasCtrmm idxgen_cublas1_Ctrmm
#define cublasZtrmm idxgen_cublas1_Ztrmm
#define cublasSdot idxgen_cublas1_Sdot
#define cublasDdot idxgen_cublas1_Ddot
#define cublasSnrm2 idxgen_cublas1_Snrm2
#define cublasDnrm2 idxgen_cublas1_Dnrm2
#define cublasSasum idxgen_cublas1_Sasum
#define cublasDasum idxgen_cublas1_Dasum
#define cublasSger idxgen_cublas1_Sger
#define cublasDger idxgen_cublas1_Dger
#define cublasSsymv idxgen_cublas1_Ssymv
#define cublasDsymv idxgen_cublas1_Dsymv
#define cublasIsamax idxgen_cublas1_Isamax
#define cublasIdamax idxgen_cublas1_Idamax
#define cublasIsamin idxgen_cublas1_Isamin
#define cublasIdamin idxgen_cublas1_Idamin
#endif

cublasStatus idxgen_cublas1_Init(void);
cublasStatus idxgen_cublas1_Shutdown(void);
cublasStatus idxgen_cublas1_GetError(void);
cublasStatus idxgen_cublas1_GetVersion(int *version);
cublasStatus idxgen_cublas1_Alloc(int n, int elem_size, void **device_ptr);
cublasStatus idxgen_cublas1_Free(void *device_ptr);
cublasStatus idxgen_cublas1_SetKernelStream(cudaStream_t stream);

/* P the letter, T the element type */
#define IDXGEN_CUBLAS1__ALL(P, T)									\
	void idxgen_cublas1_##P##axpy(int n, T alpha, const T *x, int incx, T *y, int incy);			\
	void idxgen_cublas1_##P##scal(int n, T alpha, T *x, int incx);						\
	void idxgen_cublas1_##P##copy(int n, const T *x, int incx, T *y, int incy);				\
	void idxgen_cublas1_##P##swap(int n, T *x, int incx, T *y, int incy);					\
	void idxgen_cublas1_##P##gemv(char trans, int m, int n, T alpha, const T *a, int lda, const T *x, int incx, \
			     T beta, T *y, int incy);							\
	void idxgen_cublas1_##P##trsv(char uplo, char trans, char diag, int n, const T *a, int lda, T *x, int incx); \
	void idxgen_cublas1_##P##trmv(char uplo, char trans, char diag, int n, const T *a, int lda, T *x, int incx); \
	void idxgen_cublas1_##P##gemm(char transa, char transb, int m, int n, int k, T alpha, const T *a, int lda, \
			     const T *b, int ldb, T beta, T *c, int ldc);				\
	void idxgen_cublas1_##P##symm(char side, char uplo, int m, int n, T alpha, const T *a, int lda, const T *b, \
			     int ldb, T beta, T *c, int ldc);						\
	void idxgen_cublas1_##P##syrk(char uplo, char trans, int n, int k, T alpha, const T *a, int lda, T beta,	\
			     T *c, int ldc);								\
	void idxgen_cublas1_##P##trsm(char side, char uplo, char transa, char diag, int m, int n, T alpha,	\
			     const T *a, int lda, T *b, int ldb);					\
	void idxgen_cublas1_##P##trmm(char side, char uplo, char transa, char diag, int m, int n, T alpha,	\
			     const T *a, int lda, T *b, int ldb);

/* the real precisions' calls besides */
#define IDXGEN_CUBLAS1__REAL(P, T)									\
	T idxgen_cublas1_##P##dot(int n, const T *x, int incx, const T *y, int incy);				\
	T idxgen_cublas1_##P##nrm2(int n, const T *x, int incx);							\
	T idxgen_cublas1_##P##asum(int n, const T *x, int incx);							\
	void idxgen_cublas1_##P##ger(int m, int n, T alpha, const T *x, int incx, const T *y, int incy, T *a,	\
			    int lda);									\
	void idxgen_cublas1_##P##symv(char uplo, int n, T alpha, const T *a, int lda, const T *x, int incx, T beta, \
			     T *y, int incy);

IDXGEN_CUBLAS1__ALL(S, float)
IDXGEN_CUBLAS1__ALL(D, double)
IDXGEN_CUBLAS1__ALL(C, cuComplex)
IDXGEN_CUBLAS1__ALL(Z, cuDoubleComplex)
IDXGEN_CUBLAS1__REAL(S, float)
IDXGEN_CUBLAS1__REAL(D, double)

/* 1-based indices, as the BLAS's */
int idxgen_cublas1_Isamax(int n, const float *x, int incx);
int idxgen_cublas1_Idamax(int n, const double *x, int incx);
int idxgen_cublas1_Isamin(int n, const float *x, int incx);
int idxgen_cublas1_Idamin(int n, const double *x, int incx);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_CUDA_CUBLAS_H */
