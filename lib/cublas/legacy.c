// SPDX-License-Identifier: MIT
/*
 * lib/cublas: the legacy API (include/cuda/cublas.h) on the v2 calls.  The
 * legacy API has no handles: one implicit handle serves the process,
 * created by cublasInit or by the first call that needs it, destroyed by
 * cublasShutdown.  Its calls return nothing; an error is kept for
 * cublasGetError, which hands it back and clears it (the first error since
 * the last read, per thread).  Operations, fill modes, sides and diagonals
 * are the BLAS's characters, either case; another character is
 * CUBLAS_STATUS_INVALID_VALUE and nothing is computed.
 */
#include <pthread.h>

#define IDXGEN_CUBLAS1__NO_RENAME
#include "cublas_internal.h"
#pragma GCC visibility push(default)
#include <cublas.h>
#pragma GCC visibility pop

/*
 * The implicit handle: process-wide state the legacy API is defined by (no
 * call names a handle), hence file-scope and locked.
 */
static pthread_mutex_t legacy_lock = PTHREAD_MUTEX_INITIALIZER;
static cublasHandle_t legacy_handle;
static _Thread_local cublasStatus_t legacy_error;

static void note(cublasStatus_t st)
{
	if (st != CUBLAS_STATUS_SUCCESS && legacy_error == CUBLAS_STATUS_SUCCESS)
		legacy_error = st;
}

/* The implicit handle, created on first use; NULL (error noted) if it cannot be. */
static cublasHandle_t handle(void)
{
	cublasHandle_t h;

	pthread_mutex_lock(&legacy_lock);
	if (!legacy_handle)
		note(cublasCreate(&legacy_handle));
	h = legacy_handle;
	pthread_mutex_unlock(&legacy_lock);
	return h;
}

cublasStatus_t idxgen_cublas1_Init(void)
{
	return handle() ? CUBLAS_STATUS_SUCCESS : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t idxgen_cublas1_Shutdown(void)
{
	cublasStatus_t st;

	pthread_mutex_lock(&legacy_lock);
	st = legacy_handle ? cublasDestroy(legacy_handle) : CUBLAS_STATUS_NOT_INITIALIZED;
	legacy_handle = NULL;
	pthread_mutex_unlock(&legacy_lock);
	return st;
}

cublasStatus_t idxgen_cublas1_GetError(void)
{
	cublasStatus_t st = legacy_error;

	legacy_error = CUBLAS_STATUS_SUCCESS;
	return st;
}

cublasStatus_t idxgen_cublas1_GetVersion(int *version)
{
	if (!version)
		return CUBLAS_STATUS_INVALID_VALUE;
	*version = CUBLAS_VERSION;
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t idxgen_cublas1_Alloc(int n, int elem_size, void **device_ptr)
{
	if (n <= 0 || elem_size <= 0 || !device_ptr)
		return CUBLAS_STATUS_INVALID_VALUE;
	return cudaMalloc(device_ptr, (size_t)n * (size_t)elem_size) == cudaSuccess
		       ? CUBLAS_STATUS_SUCCESS
		       : CUBLAS_STATUS_ALLOC_FAILED;
}

cublasStatus_t idxgen_cublas1_Free(void *device_ptr)
{
	return cudaFree(device_ptr) == cudaSuccess ? CUBLAS_STATUS_SUCCESS
						   : CUBLAS_STATUS_INTERNAL_ERROR;
}

cublasStatus_t idxgen_cublas1_SetKernelStream(cudaStream_t stream)
{
	cublasHandle_t h = handle();

	return h ? cublasSetStream(h, stream) : CUBLAS_STATUS_NOT_INITIALIZED;
}

/*
 * The legacy names no v2 call carries are symbols as well, as in NVIDIA's
 * library: programs and build systems call them without the header's
 * macros (autoconf's AC_CHECK_LIB([cublas], [cublasInit]) links a call of
 * cublasInit declared by hand; SHOC's configure found "no usable CUDA
 * installation").  The header keeps renaming them (one symbol per call in
 * the programs it compiles).
 */
#pragma GCC visibility push(default)
cublasStatus_t cublasInit(void);
cublasStatus_t cublasShutdown(void);
cublasStatus_t cublasGetError(void);
cublasStatus_t cublasAlloc(int n, int elem_size, void **device_ptr);
cublasStatus_t cublasFree(void *device_ptr);
cublasStatus_t cublasSetKernelStream(cudaStream_t stream);
#pragma GCC visibility pop

cublasStatus_t cublasInit(void)
{
	return idxgen_cublas1_Init();
}

cublasStatus_t cublasShutdown(void)
{
	return idxgen_cublas1_Shutdown();
}

cublasStatus_t cublasGetError(void)
{
	return idxgen_cublas1_GetError();
}

cublasStatus_t cublasAlloc(int n, int elem_size, void **device_ptr)
{
	return idxgen_cublas1_Alloc(n, elem_size, device_ptr);
}

cublasStatus_t cublasFree(void *device_ptr)
{
	return idxgen_cublas1_Free(device_ptr);
}

cublasStatus_t cublasSetKernelStream(cudaStream_t stream)
{
	return idxgen_cublas1_SetKernelStream(stream);
}

/* The BLAS's characters; -1 for one that is none of them. */
static int op_of(char c)
{
	switch (c) {
	case 'N': case 'n': return CUBLAS_OP_N;
	case 'T': case 't': return CUBLAS_OP_T;
	case 'C': case 'c': return CUBLAS_OP_C;
	default: return -1;
	}
}

static int fill_of(char c)
{
	switch (c) {
	case 'U': case 'u': return CUBLAS_FILL_MODE_UPPER;
	case 'L': case 'l': return CUBLAS_FILL_MODE_LOWER;
	default: return -1;
	}
}

static int side_of(char c)
{
	switch (c) {
	case 'L': case 'l': return CUBLAS_SIDE_LEFT;
	case 'R': case 'r': return CUBLAS_SIDE_RIGHT;
	default: return -1;
	}
}

static int diag_of(char c)
{
	switch (c) {
	case 'N': case 'n': return CUBLAS_DIAG_NON_UNIT;
	case 'U': case 'u': return CUBLAS_DIAG_UNIT;
	default: return -1;
	}
}

/* Runs the v2 call CALL on the implicit handle h unless a character was bad. */
#define LEGACY(bad, call)							\
	do {									\
		cublasHandle_t h = handle();					\
		if (!h)								\
			return;							\
		if (bad) {							\
			note(CUBLAS_STATUS_INVALID_VALUE);			\
			return;							\
		}								\
		note(call);							\
	} while (0)

#define ALL(P, T)												\
	void idxgen_cublas1_##P##axpy(int n, T alpha, const T *x, int incx, T *y, int incy)		\
	{												\
		LEGACY(0, cublas##P##axpy(h, n, &alpha, x, incx, y, incy));				\
	}												\
	void idxgen_cublas1_##P##scal(int n, T alpha, T *x, int incx)					\
	{												\
		LEGACY(0, cublas##P##scal(h, n, &alpha, x, incx));					\
	}												\
	void idxgen_cublas1_##P##copy(int n, const T *x, int incx, T *y, int incy)			\
	{												\
		LEGACY(0, cublas##P##copy(h, n, x, incx, y, incy));					\
	}												\
	void idxgen_cublas1_##P##swap(int n, T *x, int incx, T *y, int incy)				\
	{												\
		LEGACY(0, cublas##P##swap(h, n, x, incx, y, incy));					\
	}												\
	void idxgen_cublas1_##P##gemv(char trans, int m, int n, T alpha, const T *a, int lda,		\
				      const T *x, int incx, T beta, T *y, int incy)			\
	{												\
		int t = op_of(trans);									\
		LEGACY(t < 0, cublas##P##gemv(h, (cublasOperation_t)t, m, n, &alpha, a, lda, x, incx,	\
					      &beta, y, incy));						\
	}												\
	void idxgen_cublas1_##P##trsv(char uplo, char trans, char diag, int n, const T *a, int lda,	\
				      T *x, int incx)							\
	{												\
		int u = fill_of(uplo), t = op_of(trans), d = diag_of(diag);				\
		LEGACY(u < 0 || t < 0 || d < 0,								\
		       cublas##P##trsv(h, (cublasFillMode_t)u, (cublasOperation_t)t,			\
				       (cublasDiagType_t)d, n, a, lda, x, incx));			\
	}												\
	void idxgen_cublas1_##P##trmv(char uplo, char trans, char diag, int n, const T *a, int lda,	\
				      T *x, int incx)							\
	{												\
		int u = fill_of(uplo), t = op_of(trans), d = diag_of(diag);				\
		LEGACY(u < 0 || t < 0 || d < 0,								\
		       cublas##P##trmv(h, (cublasFillMode_t)u, (cublasOperation_t)t,			\
				       (cublasDiagType_t)d, n, a, lda, x, incx));			\
	}												\
	void idxgen_cublas1_##P##gemm(char transa, char transb, int m, int n, int k, T alpha,		\
				      const T *a, int lda, const T *b, int ldb, T beta, T *c, int ldc)	\
	{												\
		int ta = op_of(transa), tb = op_of(transb);						\
		LEGACY(ta < 0 || tb < 0,								\
		       cublas##P##gemm(h, (cublasOperation_t)ta, (cublasOperation_t)tb, m, n, k, &alpha, \
				       a, lda, b, ldb, &beta, c, ldc));					\
	}												\
	void idxgen_cublas1_##P##symm(char side, char uplo, int m, int n, T alpha, const T *a, int lda,	\
				      const T *b, int ldb, T beta, T *c, int ldc)			\
	{												\
		int s = side_of(side), u = fill_of(uplo);						\
		LEGACY(s < 0 || u < 0,									\
		       cublas##P##symm(h, (cublasSideMode_t)s, (cublasFillMode_t)u, m, n, &alpha, a,	\
				       lda, b, ldb, &beta, c, ldc));					\
	}												\
	void idxgen_cublas1_##P##syrk(char uplo, char trans, int n, int k, T alpha, const T *a, int lda,	\
				      T beta, T *c, int ldc)						\
	{												\
		int u = fill_of(uplo), t = op_of(trans);						\
		LEGACY(u < 0 || t < 0,									\
		       cublas##P##syrk(h, (cublasFillMode_t)u, (cublasOperation_t)t, n, k, &alpha, a,	\
				       lda, &beta, c, ldc));						\
	}												\
	void idxgen_cublas1_##P##trsm(char side, char uplo, char transa, char diag, int m, int n,	\
				      T alpha, const T *a, int lda, T *b, int ldb)			\
	{												\
		int s = side_of(side), u = fill_of(uplo), t = op_of(transa), d = diag_of(diag);		\
		LEGACY(s < 0 || u < 0 || t < 0 || d < 0,						\
		       cublas##P##trsm(h, (cublasSideMode_t)s, (cublasFillMode_t)u, (cublasOperation_t)t, \
				       (cublasDiagType_t)d, m, n, &alpha, a, lda, b, ldb));		\
	}												\
	/* in place, as the BLAS's trmm (the v2 call writes C; C = B here) */				\
	void idxgen_cublas1_##P##trmm(char side, char uplo, char transa, char diag, int m, int n,	\
				      T alpha, const T *a, int lda, T *b, int ldb)			\
	{												\
		int s = side_of(side), u = fill_of(uplo), t = op_of(transa), d = diag_of(diag);		\
		LEGACY(s < 0 || u < 0 || t < 0 || d < 0,						\
		       cublas##P##trmm(h, (cublasSideMode_t)s, (cublasFillMode_t)u, (cublasOperation_t)t, \
				       (cublasDiagType_t)d, m, n, &alpha, a, lda, b, ldb, b, ldb));	\
	}

#define REAL(P, T)												\
	T idxgen_cublas1_##P##dot(int n, const T *x, int incx, const T *y, int incy)			\
	{												\
		T r = 0;										\
		cublasHandle_t h = handle();								\
		if (h)											\
			note(cublas##P##dot(h, n, x, incx, y, incy, &r));				\
		return r;										\
	}												\
	T idxgen_cublas1_##P##nrm2(int n, const T *x, int incx)						\
	{												\
		T r = 0;										\
		cublasHandle_t h = handle();								\
		if (h)											\
			note(cublas##P##nrm2(h, n, x, incx, &r));					\
		return r;										\
	}												\
	T idxgen_cublas1_##P##asum(int n, const T *x, int incx)						\
	{												\
		T r = 0;										\
		cublasHandle_t h = handle();								\
		if (h)											\
			note(cublas##P##asum(h, n, x, incx, &r));					\
		return r;										\
	}												\
	void idxgen_cublas1_##P##ger(int m, int n, T alpha, const T *x, int incx, const T *y, int incy,	\
				     T *a, int lda)							\
	{												\
		LEGACY(0, cublas##P##ger(h, m, n, &alpha, x, incx, y, incy, a, lda));			\
	}												\
	void idxgen_cublas1_##P##symv(char uplo, int n, T alpha, const T *a, int lda, const T *x,	\
				      int incx, T beta, T *y, int incy)					\
	{												\
		int u = fill_of(uplo);									\
		LEGACY(u < 0, cublas##P##symv(h, (cublasFillMode_t)u, n, &alpha, a, lda, x, incx, &beta, \
					      y, incy));						\
	}

ALL(S, float)
ALL(D, double)
ALL(C, cuComplex)
ALL(Z, cuDoubleComplex)
REAL(S, float)
REAL(D, double)

#define AMAX(NAME, T, V2)								\
	int idxgen_cublas1_##NAME(int n, const T *x, int incx)				\
	{										\
		int r = 0;								\
		cublasHandle_t h = handle();						\
		if (h)									\
			note(V2(h, n, x, incx, &r));					\
		return r;								\
	}

AMAX(Isamax, float, cublasIsamax)
AMAX(Idamax, double, cublasIdamax)
AMAX(Isamin, float, cublasIsamin)
AMAX(Idamin, double, cublasIdamin)
