/* SPDX-License-Identifier: MIT */
/*
 * cusolver_sp_internal.h - what the sparse files of lib/cusolver (sp.c,
 * sp_lsv.c, sp_lowlevel*.c) share: the handle and the checks of a CSR matrix.
 */
#ifndef IDXGEN_CUSOLVER_SP_INTERNAL_H
#define IDXGEN_CUSOLVER_SP_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <lapack.h>
#pragma GCC visibility push(default)
#include <cuda_runtime_api.h>
#include <cusolverSp.h>
#pragma GCC visibility pop

#define CUSOLVER_SP_HIDDEN __attribute__((visibility("hidden")))

struct cusolverSpContext {
	cudaStream_t stream;
};

/* A cuSPARSE descriptor cuSOLVER's sparse calls take: general, *base 0 or 1. */
CUSOLVER_SP_HIDDEN cusolverStatus_t cusolver_sp_descr(const cusparseMatDescr_t descr, int *base);
/*
 * The handle, an n x n CSR matrix of nnz entries (row pointers consistent,
 * columns in range) and its descriptor; then the handle's stream waited
 * for (the call runs in stream order and has finished when it returns).
 */
CUSOLVER_SP_HIDDEN cusolverStatus_t cusolver_sp_check(cusolverSpHandle_t h, int n, int nnz,
						      const cusparseMatDescr_t descr, const int *ptr, const int *ind,
						      int *base);

/* Is the stream being captured into a graph (handle.c)?  Calls are then CUSOLVER_STATUS_NOT_SUPPORTED. */
CUSOLVER_SP_HIDDEN bool cusolver_capturing(cudaStream_t s);

/* The same for an m x n matrix. */
CUSOLVER_SP_HIDDEN cusolverStatus_t cusolver_sp_check_mn(cusolverSpHandle_t h, int m, int n, int nnz,
							 const cusparseMatDescr_t descr, const int *ptr, const int *ind,
							 int *base);

/*
 * Householder QR of the n x n band matrix r (by rows: row i holds columns
 * i - kl .. i + kl + ku, 2 kl + ku + 1 doubles, overwritten by R) and the
 * solve of A x = b in place in x; v: scratch of kl + 1 doubles.  -1, or the
 * first j with |R(j, j)| <= tol (x is then Q^T b).  sp_band_qr.c.
 */
CUSOLVER_SP_HIDDEN int cusolver_band_qr_solve(int n, int kl, int ku, double *r, double *x, double tol, double *v);

/* The factorizations of csrlsv (sp_lsv.c). */
enum cusolver_sp_method { CUSOLVER_SP_LU, CUSOLVER_SP_CHOL, CUSOLVER_SP_QR };

/*
 * A x = b for the n x n CSR matrix (val, ptr, ind) in double by method m
 * (sp_lsv.c): the handle's and the matrix's checks, reorder 0..3 (any but
 * 0: reverse Cuthill-McKee), *singularity -1 or the first index whose pivot
 * has magnitude <= tol; x written only for -1.
 */
CUSOLVER_SP_HIDDEN cusolverStatus_t cusolver_sp_lsv(cusolverSpHandle_t h, enum cusolver_sp_method m, int n, int nnz,
						    const cusparseMatDescr_t descr, const double *val, const int *ptr,
						    const int *ind, const double *b, double tol, int reorder, double *x,
						    int *singularity);

#endif
