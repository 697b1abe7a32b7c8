/* SPDX-License-Identifier: MIT */
/*
 * cusolver_internal.h - what the files of lib/cusolver share: the handle,
 * the order of checks every call makes (handle, devInfo, the stream, then
 * the arguments LAPACK would refuse, so that LAPACK's own error handler is
 * never reached), the workspace rule and the map of cuBLAS's enums to
 * LAPACK's letters.  Each routine then runs LAPACK (lapack.h, OpenBLAS's
 * LAPACK) in the calling thread.
 */
#ifndef IDXGEN_CUSOLVER_INTERNAL_H
#define IDXGEN_CUSOLVER_INTERNAL_H

#include <complex.h>
#include <stdbool.h>
#include <stddef.h>
#include <lapack.h>
/* The API keeps default visibility; the rest is hidden and made local in the archive (Makefile). */
#pragma GCC visibility push(default)
#include <cuda_runtime_api.h>
#include <cusolverDn.h>
#pragma GCC visibility pop

struct cusolverDnContext {
	cudaStream_t stream;
	/* what the program set (handle_modes.c): stored and answered back; LAPACK computes every
	 * result in the element type, in one deterministic order, whatever they say */
	cusolverMathMode_t math_mode;
	cusolverDeterministicMode_t det_mode;
	cudaEmulationStrategy_t emulation;
};

#define CUSOLVER_HIDDEN __attribute__((visibility("hidden")))

/*
 * Stream order, as lib/cublas: the work queued on the handle's stream before
 * the call completes first; the call then runs here and has finished (its
 * matrices, devIpiv and devInfo written) when it returns.
 */
CUSOLVER_HIDDEN cusolverStatus_t cusolver_begin(cusolverDnHandle_t h);
/* Is the stream being captured into a graph?  Calls are then CUSOLVER_STATUS_NOT_SUPPORTED. */
CUSOLVER_HIDDEN bool cusolver_capturing(cudaStream_t s);
/* A Jacobi call run by another solver (sygvj, sygvd.c): residual not measured, 0; sweeps 0 (eigj.c). */
CUSOLVER_HIDDEN void cusolver_syevj_done(syevjInfo_t params);

/*
 * The Jacobi methods' parameters (jacobi.c): syevjInfo_t and gesvdjInfo_t
 * each hold one first, and their Create/Destroy/Set/Get calls are these.
 */
struct jacobi_params {
	double tolerance; /* 0: machine precision, cuSOLVER's default */
	int max_sweeps, sort, sweeps;
	double residual;
};
enum jacobi_param { JACOBI_TOLERANCE, JACOBI_MAX_SWEEPS, JACOBI_SORT };
/* a zeroed object of size bytes (a struct jacobi_params first) with cuSOLVER's defaults, or NULL */
CUSOLVER_HIDDEN void *cusolver_jacobi_new(size_t size);
CUSOLVER_HIDDEN cusolverStatus_t cusolver_jacobi_destroy(struct jacobi_params *p);
CUSOLVER_HIDDEN cusolverStatus_t cusolver_jacobi_set(struct jacobi_params *p,
						     enum jacobi_param what, double v);
/* the last call's residual or sweeps (the other NULL) */
CUSOLVER_HIDDEN cusolverStatus_t cusolver_jacobi_get(cusolverDnHandle_t h,
						     const struct jacobi_params *p,
						     double *residual, int *sweeps);
/* element k of a column-major array of kind: 0 float, 1 double, 2 complex float, 3 complex double */
CUSOLVER_HIDDEN double complex cusolver_elem(const void *a, int kind, size_t k);

/*
 * A computing call's prologue.  bad is the 1-based position (handle not
 * counted, cuSOLVER's numbering, which is LAPACK's) of the first argument
 * LAPACK would refuse, 0 when none: devInfo then gets -bad and the call
 * fails with CUSOLVER_STATUS_INVALID_VALUE, as cuSOLVER documents.  The
 * stream is waited for first, so devInfo is written in stream order.
 */
#define CUSOLVER_START(h, info, bad)                                \
	do {                                                        \
		if (!(h))                                           \
			return CUSOLVER_STATUS_NOT_INITIALIZED;     \
		if (!(info))                                        \
			return CUSOLVER_STATUS_INVALID_VALUE;       \
		cusolverStatus_t st_ = cusolver_begin(h);           \
		if (st_)                                            \
			return st_;                                 \
		int bad_ = (bad);                                   \
		if (bad_) {                                         \
			*(info) = -bad_;                            \
			return CUSOLVER_STATUS_INVALID_VALUE;       \
		}                                                   \
	} while (0)

/* A _bufferSize query's prologue: no devInfo, nothing waited for. */
#define CUSOLVER_QUERY(h, lwork, bad)                               \
	do {                                                        \
		if (!(h))                                           \
			return CUSOLVER_STATUS_NOT_INITIALIZED;     \
		if (!(lwork) || (bad))                              \
			return CUSOLVER_STATUS_INVALID_VALUE;       \
	} while (0)

/* Every complex array of cuSOLVER is a C complex array (cuComplex.h: float2 = {re, im}). */
typedef float _Complex cusolver_c;
typedef double _Complex cusolver_z;

static inline int cusolver_max1(int v) { return v > 1 ? v : 1; }

/* A selective eigen-call's choice, for the eigenvalues it did not select (eig_rest.c). */
struct cusolver_eig_sel {
	int kind, n, itype, il, meig; /* kind 0..3: S, D, C, Z; itype of the generalized problem */
	char uplo;
	cusolverEigRange_t range;
	double vl;
};
/* A (n x n, lda, of the kind) as a double complex copy (n x n); NULL when out of memory */
CUSOLVER_HIDDEN double _Complex *cusolver_eig_copy(int k, int n, const void *A, int lda);
/* W[meig .. n-1] = the eigenvalues of the copies not selected, ascending (B0 NULL: standard
 * problem) */
CUSOLVER_HIDDEN void cusolver_eig_rest(const struct cusolver_eig_sel *s, double _Complex *A0,
				       double _Complex *B0, void *W);
static inline int cusolver_min(int a, int b) { return a < b ? a : b; }

/* LAPACK's workspace answers (lwork = -1) come back as an element of the type. */
static inline int cusolver_lwork(double _Complex q)
{
	double r = creal(q);

	return r > 1 ? (int)r : 1;
}

/*
 * The workspace a routine runs in: the program's when it holds at least
 * need elements (what the _bufferSize call answered), else one of ours
 * (*own, for free()), so that a program that sized its buffer by another
 * routine's answer still gets a correct result.  NULL when out of memory.
 */
CUSOLVER_HIDDEN void *cusolver_workspace(void *work, int lwork, int need, size_t elem, void **own);

static inline int cusolver_fill_ok(cublasFillMode_t f)
{
	return f == CUBLAS_FILL_MODE_LOWER || f == CUBLAS_FILL_MODE_UPPER;
}
static inline char cusolver_uplo(cublasFillMode_t f) { return f == CUBLAS_FILL_MODE_UPPER ? 'U' : 'L'; }
static inline int cusolver_side_ok(cublasSideMode_t s)
{
	return s == CUBLAS_SIDE_LEFT || s == CUBLAS_SIDE_RIGHT;
}
static inline int cusolver_op_ok(cublasOperation_t op)
{
	return op == CUBLAS_OP_N || op == CUBLAS_OP_T || op == CUBLAS_OP_C;
}
/*
 * The argument checks of a solve with a factored A (getrs, potrs, sytrs):
 * the first bad one's position, 0 when none.  The operation or fill mode is
 * argument 1 (mode_ok), n 2, nrhs 3, A and lda a and a + 1, B and ldb b and
 * b + 1 (cuSOLVER's numbering, handle not counted).
 */
static inline int cusolver_solve_bad(int mode_ok, int n, int nrhs, const void *A, int a, int lda, const void *B,
				     int b, int ldb)
{
	if (!mode_ok)
		return 1;
	if (n < 0)
		return 2;
	if (nrhs < 0)
		return 3;
	if (!A && n)
		return a;
	if (lda < cusolver_max1(n))
		return a + 1;
	if (!B && n && nrhs)
		return b;
	return ldb < cusolver_max1(n) ? b + 1 : 0;
}

/* Whether LAPACK-style pivots (k > 0: row k; -k for a 2x2 block) stay within 1..n. */
static inline int cusolver_pivots_ok(const int *ipiv, int n)
{
	for (int i = 0; i < n; i++)
		if (ipiv[i] == 0 || ipiv[i] > n || ipiv[i] < -n)
			return 0;
	return 1;
}

/* LAPACK's trans letter; a real matrix's conjugate transpose is its transpose. */
static inline char cusolver_trans(cublasOperation_t op, int is_complex)
{
	if (op == CUBLAS_OP_N)
		return 'N';
	return op == CUBLAS_OP_C && is_complex ? 'C' : 'T';
}

#endif
