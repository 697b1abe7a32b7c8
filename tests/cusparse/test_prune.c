// SPDX-License-Identifier: MIT
/*
 * test_prune.c - lib/cusparse's prune family (issue 44): pruneDense2csr,
 * pruneCsr2csr and their ByPercentage forms, each with Nnz and buffer size,
 * in S, D and H (binary16).  A 5 x 6 dense matrix (lda 7) of values that
 * every precision holds exactly (multiples of 1/8, zeros, entries equal to
 * the threshold and of both signs) and its CSR form (an explicit zero
 * stored); thresholds 0.5 and 0 and percentages 0, 40 and 100, bases 0 and
 * 1.  C is compared with the entries > threshold taken here row by row; the
 * percentage's threshold is found here from the documented rule (the
 * magnitudes sorted, the one at ceil(count p / 100) - 1).  Then the
 * statuses, C untouched.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "tap.h"
#include "xorshift.h"

static cusparseHandle_t H;

enum { M = 5, N = 6, LDA = 7 };
enum pt { TS, TD, TH };
static const size_t psz[] = {4, 8, 2};
static const char pn[] = "SDH";

/* binary16 of a value that has one (normal or 0): sign, exponent, 10 fraction bits */
static uint16_t half_of(double v)
{
	if (v == 0)
		return 0;
	int e;
	double f = frexp(fabs(v), &e); /* [0.5, 1) */
	return (uint16_t)((v < 0 ? 0x8000 : 0) | ((e + 14) << 10) | (int)(f * 2048 - 1024));
}

static void set(enum pt t, void *p, int i, double v)
{
	if (t == TS)
		((float *)p)[i] = (float)v;
	else if (t == TD)
		((double *)p)[i] = v;
	else
		((uint16_t *)p)[i] = half_of(v);
}

static double get_(enum pt t, const void *p, int i)
{
	if (t == TS)
		return ((const float *)p)[i];
	if (t == TD)
		return ((const double *)p)[i];
	uint16_t h = ((const uint16_t *)p)[i];
	double v = h & 0x7fff ? ldexp((h & 1023) + 1024, ((h >> 10) & 31) - 25) : 0;
	return h & 0x8000 ? -v : v;
}

static double Dv[M][N];
static bool Dp[M][N];

static void make_dense(void)
{
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			Dv[i][j] = (double)(int)(urand() * 24) / 8; /* -3 .. 3 by 1/8 */
			Dp[i][j] = Dv[i][j] != 0 || (i == 2 && j == 3);
		}
	Dv[2][3] = 0;			 /* stored in the CSR form */
	Dv[0][0] = 0.5, Dv[1][1] = -0.5; /* equal to the threshold in magnitude: dropped */
	Dp[0][0] = Dp[1][1] = true;
}

/* the kept entries of A (dense or its CSR form) for thr, row by row */
static int expected(bool from_csr, double thr, int *off, int *col, double *val, int base)
{
	int k = 0;
	for (int i = 0; i < M; i++) {
		off[i] = k + base;
		for (int j = 0; j < N; j++)
			if ((!from_csr || Dp[i][j]) && fabs(Dv[i][j]) > thr)
				col[k] = j + base, val[k++] = Dv[i][j];
	}
	off[M] = k + base;
	return k;
}

static int dcmp(const void *x, const void *y)
{
	double a = *(const double *)x, b = *(const double *)y;
	return (a > b) - (a < b);
}

static double pct_threshold(bool from_csr, float pct)
{
	double key[M * N];
	int n = 0;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++)
			if (!from_csr || Dp[i][j])
				key[n++] = fabs(Dv[i][j]);
	qsort(key, (size_t)n, sizeof(double), dcmp);
	long pos = (long)ceil(n * (pct / 100.0)) - 1;
	pos = pos < 0 ? 0 : pos >= n ? n - 1 : pos;
	return key[pos];
}

/* one run of a type, source, threshold or percentage and base: Nnz, then the conversion */
static bool run(enum pt t, bool from_csr, bool by_pct, double thr, float pct, int base)
{
	cusparseMatDescr_t da, dcd;
	pruneInfo_t info;
	void *A = calloc(LDA * N, psz[t]), *av = calloc(M * N, psz[t]), *th = calloc(1, psz[t]);
	void *cv = calloc(M * N + 1, psz[t]);
	int aoff[M + 1], acol[M * N], nnzA = 0, coff[M + 1], ccol[M * N + 1], nnzC = -1;
	int woff[M + 1], wcol[M * N];
	double wval[M * N];
	size_t bytes;
	cusparseStatus_t st;

	cusparseCreateMatDescr(&da), cusparseCreateMatDescr(&dcd);
	cusparseSetMatIndexBase(da, CUSPARSE_INDEX_BASE_ZERO);
	cusparseSetMatIndexBase(dcd, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO);
	cusparseCreatePruneInfo(&info);
	for (int i = 0; i < M; i++) {
		aoff[i] = nnzA;
		for (int j = 0; j < N; j++) {
			set(t, A, i + j * LDA, Dv[i][j]);
			if (Dp[i][j])
				acol[nnzA] = j, set(t, av, nnzA++, Dv[i][j]);
		}
	}
	aoff[M] = nnzA;
	set(t, th, 0, thr);
	if (by_pct)
		thr = pct_threshold(from_csr, pct);
	int want = expected(from_csr, thr, woff, wcol, wval, base);
#define CALL(S, D, HH, ...)                                                                        \
	(t == TS ? S(H, __VA_ARGS__) : t == TD ? D(H, __VA_ARGS__) : HH(H, __VA_ARGS__))
	if (!from_csr && !by_pct)
		st = CALL(cusparseSpruneDense2csr_bufferSizeExt,
			  cusparseDpruneDense2csr_bufferSizeExt,
			  cusparseHpruneDense2csr_bufferSizeExt, M, N, A, LDA, th, dcd, NULL, NULL,
			  NULL, &bytes) ||
		     CALL(cusparseSpruneDense2csrNnz, cusparseDpruneDense2csrNnz,
			  cusparseHpruneDense2csrNnz, M, N, A, LDA, th, dcd, coff, &nnzC, NULL) ||
		     CALL(cusparseSpruneDense2csr, cusparseDpruneDense2csr, cusparseHpruneDense2csr,
			  M, N, A, LDA, th, dcd, cv, coff, ccol, NULL);
	else if (!from_csr)
		st = CALL(cusparseSpruneDense2csrByPercentage_bufferSizeExt,
			  cusparseDpruneDense2csrByPercentage_bufferSizeExt,
			  cusparseHpruneDense2csrByPercentage_bufferSizeExt, M, N, A, LDA, pct, dcd,
			  NULL, NULL, NULL, info, &bytes) ||
		     CALL(cusparseSpruneDense2csrNnzByPercentage,
			  cusparseDpruneDense2csrNnzByPercentage,
			  cusparseHpruneDense2csrNnzByPercentage, M, N, A, LDA, pct, dcd, coff,
			  &nnzC, info, NULL) ||
		     CALL(cusparseSpruneDense2csrByPercentage, cusparseDpruneDense2csrByPercentage,
			  cusparseHpruneDense2csrByPercentage, M, N, A, LDA, pct, dcd, cv, coff,
			  ccol, info, NULL);
	else if (!by_pct)
		st = CALL(cusparseSpruneCsr2csr_bufferSizeExt, cusparseDpruneCsr2csr_bufferSizeExt,
			  cusparseHpruneCsr2csr_bufferSizeExt, M, N, nnzA, da, av, aoff, acol, th,
			  dcd, NULL, NULL, NULL, &bytes) ||
		     CALL(cusparseSpruneCsr2csrNnz, cusparseDpruneCsr2csrNnz,
			  cusparseHpruneCsr2csrNnz, M, N, nnzA, da, av, aoff, acol, th, dcd, coff,
			  &nnzC, NULL) ||
		     CALL(cusparseSpruneCsr2csr, cusparseDpruneCsr2csr, cusparseHpruneCsr2csr, M, N,
			  nnzA, da, av, aoff, acol, th, dcd, cv, coff, ccol, NULL);
	else
		st =
		    CALL(cusparseSpruneCsr2csrByPercentage_bufferSizeExt,
			 cusparseDpruneCsr2csrByPercentage_bufferSizeExt,
			 cusparseHpruneCsr2csrByPercentage_bufferSizeExt, M, N, nnzA, da, av, aoff,
			 acol, pct, dcd, NULL, NULL, NULL, info, &bytes) ||
		    CALL(cusparseSpruneCsr2csrNnzByPercentage, cusparseDpruneCsr2csrNnzByPercentage,
			 cusparseHpruneCsr2csrNnzByPercentage, M, N, nnzA, da, av, aoff, acol, pct,
			 dcd, coff, &nnzC, info, NULL) ||
		    CALL(cusparseSpruneCsr2csrByPercentage, cusparseDpruneCsr2csrByPercentage,
			 cusparseHpruneCsr2csrByPercentage, M, N, nnzA, da, av, aoff, acol, pct,
			 dcd, cv, coff, ccol, info, NULL);
#undef CALL
	bool ok = st == CUSPARSE_STATUS_SUCCESS && nnzC == want &&
		  !memcmp(coff, woff, sizeof(coff)) && !memcmp(ccol, wcol, sizeof(int) * want);
	for (int k = 0; ok && k < want; k++)
		ok = get_(t, cv, k) == wval[k];
	cusparseDestroyPruneInfo(info);
	cusparseDestroyMatDescr(da), cusparseDestroyMatDescr(dcd);
	free(A), free(av), free(th), free(cv);
	return ok;
}

TAP_TEST(prune_against_list)
{
	make_dense();
	for (int t = TS; t <= TH; t++)
		for (int src = 0; src < 2; src++) {
			const char *from = src ? "Csr2csr" : "Dense2csr";
			bool ok = run(t, src, false, 0.5, 0, 0) && run(t, src, false, 0, 0, 1);
			tap_ok(ok,
			       "%cprune%s, thresholds 0.5 and 0, bases 0 and 1: the entries "
			       "above, in order",
			       pn[t], from);
			ok = run(t, src, true, 0, 0, 1) && run(t, src, true, 0, 40, 0) &&
			     run(t, src, true, 0, 100, 1);
			tap_ok(ok,
			       "%cprune%sByPercentage 0, 40, 100: the documented threshold's "
			       "entries",
			       pn[t], from);
		}
}

TAP_TEST(prune_statuses)
{
	cusparseMatDescr_t d, sym;
	pruneInfo_t info;
	float A[4] = {1, 2, 3, 4}, th = 0.5f, neg = -1, cv[4] = {9, 9, 9, 9};
	int coff[3] = {9, 9, 9}, ccol[4] = {9, 9, 9, 9}, nnz = -1, bad[3] = {0, 1, 1};

	cusparseCreateMatDescr(&d), cusparseCreateMatDescr(&sym);
	cusparseSetMatType(sym, CUSPARSE_MATRIX_TYPE_SYMMETRIC);
	cusparseCreatePruneInfo(&info);
	tap_ok(cusparseSpruneDense2csrNnz(H, 2, 2, A, 1, &th, d, coff, &nnz, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpruneDense2csrNnz(H, 2, 2, A, 2, &neg, d, coff, &nnz, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpruneDense2csrNnzByPercentage(H, 2, 2, A, 2, 101.f, d, coff, &nnz, info,
							  NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpruneDense2csrNnzByPercentage(H, 2, 2, A, 2, 50.f, d, coff, &nnz, NULL,
							  NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpruneDense2csr(H, 2, 2, A, 2, &th, d, cv, bad, ccol, NULL) ==
		       CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseSpruneDense2csrNnz(H, 2, 2, A, 2, &th, sym, coff, &nnz, NULL) ==
		       CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED &&
		   cusparseSpruneDense2csrNnz(NULL, 2, 2, A, 2, &th, d, coff, &nnz, NULL) ==
		       CUSPARSE_STATUS_NOT_INITIALIZED &&
		   coff[0] == 9 && nnz == -1 && cv[0] == 9 && ccol[0] == 9,
	       "prune: lda < m, a negative threshold, a percentage of 101, no info, offsets not "
	       "Nnz's: INVALID_VALUE; SYMMETRIC MATRIX_TYPE_NOT_SUPPORTED; no handle "
	       "NOT_INITIALIZED; C untouched");
	cusparseDestroyPruneInfo(info);
	cusparseDestroyMatDescr(d), cusparseDestroyMatDescr(sym);
}

static int make_handle(void)
{
	xorshift_seed(0x9b05688c2b3e6c1full);
	return tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
}

static void free_handle(void)
{
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
