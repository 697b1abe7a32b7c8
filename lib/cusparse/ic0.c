// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy csric02 family, incomplete Cholesky with no fill
 * (IC(0)) of a Hermitian positive definite CSR matrix, in place: A ~ L L^H
 * with L in A's lower triangle (diagonal included); the upper triangle is
 * neither read nor written, as cuSPARSE says.  Row by row (left-looking):
 *
 *   L(i,k) = (A(i,k) - sum_{j<k} L(i,j) conj(L(k,j))) / L(k,k)   k < i
 *   L(i,i) = sqrt(A(i,i) - sum_{j<i} |L(i,j)|^2)
 *
 * the sums over the columns both rows have in A's pattern.  Values widened
 * to double complex, rounded once when stored (cusparse_internal.h).  A
 * missing diagonal entry is a structural zero pivot (found by _analysis), a
 * diagonal that becomes 0 a numerical one (found by csric02): its column is
 * left undivided.  A negative one gives NaN, as the GPU's square root.  Rows
 * in any column order are worked on through a sorted copy (ilu0.c says why).
 * Public preconditioned conjugate gradients call it (NVIDIA's
 * conjugateGradientPrecond sample of CUDA 10/11: Scsric02 with Scsrsv2).
 */
#include <math.h>
#include <stdlib.h>
#include "cusparse_internal.h"

static cusparseStatus_t ic0_analysis(cusparseHandle_t handle, int m, int nnz, const cusparseMatDescr_t d,
				     const void *val, const int *off, const int *col, csric02Info_t info)
{
	SP_CALL(handle, sp_legacy_csr_check(handle, m, nnz, d, val, off, col, info));
	info->piv = (struct sp_pivots){ -1, -1, (int)d->base };
	for (int i = 0; i < m && info->piv.structural < 0; i++)
		if (sp_diag_of(off, col, (int)d->base, i) < 0)
			info->piv.structural = i;
	return CUSPARSE_STATUS_SUCCESS;
}

/* sum over the columns j < k both rows have: L(i,j) conj(L(k,j)); rows sorted, 0-based columns */
static sp_val row_dot(const int *col, int base, const sp_val *v, int ilo, int ihi, int klo, int khi, int k)
{
	sp_val s = 0;

	while (ilo < ihi && klo < khi && col[ilo] - base < k && col[klo] - base < k) {
		int ci = col[ilo] - base, ck = col[klo] - base;

		if (ci == ck)
			s += v[ilo++] * conj(v[klo++]);
		else if (ci < ck)
			ilo++;
		else
			klo++;
	}
	return s;
}

/* IC(0) on v (A's values widened, rows sorted); returns the first row whose pivot is 0, or -1 */
static int ic0_rows(int m, const int *off, const int *col, int base, sp_val *v)
{
	int zero = -1;

	for (int i = 0; i < m; i++) {
		int lo = off[i] - base, hi = off[i + 1] - base, p = lo;

		for (; p < hi && col[p] - base < i; p++) {
			int k = col[p] - base, dk = sp_diag_of(off, col, base, k);

			v[p] -= row_dot(col, base, v, lo, p, off[k] - base, off[k + 1] - base, k);
			if (dk >= 0 && v[dk] != 0)
				v[p] /= v[dk];	/* else recorded as row k's zero pivot */
		}
		if (p < hi && col[p] - base == i) {
			sp_val d = v[p] - row_dot(col, base, v, lo, p, lo, p, i);

			v[p] = sqrt(creal(d));
			if (creal(d) == 0 && zero < 0)
				zero = i;
		} else if (zero < 0) {
			zero = i;
		}
	}
	return zero;
}

/* IC(0) in place on a checked CSR matrix (also bsric02.c's expansion); *zero: the
 * first row whose pivot is 0, or -1 */
cusparseStatus_t sp_ic0(cudaDataType t, int m, int nnz, int base, void *val, const int *off,
			const int *col, int *zero)
{
	size_t n = (size_t)(nnz ? nnz : 1);
	sp_val *v = malloc(sizeof(*v) * n);
	int *scol = malloc(sizeof(int) * n), *at = malloc(sizeof(int) * n);
	struct sp_entry *e = malloc(sizeof(*e) * n);
	cusparseStatus_t st = CUSPARSE_STATUS_SUCCESS;

	*zero = -1;
	if (!v || !scol || !at || !e)
		st = CUSPARSE_STATUS_ALLOC_FAILED;
	else if (!sp_sort_rows(m, off, col, base, scol, at, e))
		st = CUSPARSE_STATUS_INVALID_VALUE;
	if (!st) {
		for (int p = 0; p < nnz; p++)
			v[p] = sp_load(t, val, at[p]);
		*zero = ic0_rows(m, off, scol, base, v);
		/* the lower triangle only: the upper one is A's, untouched */
		for (int i = 0; i < m; i++)
			for (int p = off[i] - base; p < off[i + 1] - base && scol[p] - base <= i; p++)
				sp_store(t, val, at[p], v[p]);
	}
	free(v), free(scol), free(at), free(e);
	return st;
}

static cusparseStatus_t ic0(cusparseHandle_t handle, cudaDataType t, int m, int nnz, const cusparseMatDescr_t d,
			    void *val, const int *off, const int *col, csric02Info_t info)
{
	SP_CALL(handle, sp_legacy_csr_check(handle, m, nnz, d, val, off, col, info));
	int zero;
	cusparseStatus_t st = sp_ic0(t, m, nnz, (int)d->base, val, off, col, &zero);

	if (st)
		return st;
	info->piv.base = (int)d->base;
	info->piv.numerical = zero;
	return CUSPARSE_STATUS_SUCCESS;
}

#define GEN_IC0(P, T, TYPE)										\
	cusparseStatus_t cusparse##P##csric02_bufferSize(cusparseHandle_t handle, int m, int nnz,		\
							const cusparseMatDescr_t descrA, T *csrValA,	\
							const int *csrRowPtrA, const int *csrColIndA,	\
							csric02Info_t info, int *pBufferSizeInBytes)	\
	{												\
		return sp_legacy_buffer_size(sp_legacy_csr_check(handle, m, nnz, descrA,	\
							     csrValA, csrRowPtrA, csrColIndA, info),		\
					     pBufferSizeInBytes);				\
	}												\
	cusparseStatus_t cusparse##P##csric02_bufferSizeExt(cusparseHandle_t handle, int m, int nnz,		\
							const cusparseMatDescr_t descrA, T *csrValA,	\
							const int *csrRowPtrA, const int *csrColIndA,	\
							csric02Info_t info, size_t *pBufferSize)		\
	{												\
		return sp_legacy_buffer_size_ext(sp_legacy_csr_check(handle, m, nnz, descrA,	\
							     csrValA, csrRowPtrA, csrColIndA, info),		\
					     pBufferSize);							\
	}												\
	cusparseStatus_t cusparse##P##csric02_analysis(cusparseHandle_t handle, int m, int nnz,		\
						       const cusparseMatDescr_t descrA, const T *csrValA,	\
						       const int *csrRowPtrA, const int *csrColIndA,	\
						       csric02Info_t info, cusparseSolvePolicy_t policy,	\
						       void *pBuffer)					\
	{												\
		(void)policy, (void)pBuffer;								\
		return ic0_analysis(handle, m, nnz, descrA, csrValA, csrRowPtrA, csrColIndA, info);	\
	}												\
	cusparseStatus_t cusparse##P##csric02(cusparseHandle_t handle, int m, int nnz,			\
					      const cusparseMatDescr_t descrA, T *csrValA_valM,		\
					      const int *csrRowPtrA, const int *csrColIndA, csric02Info_t info, \
					      cusparseSolvePolicy_t policy, void *pBuffer)		\
	{												\
		(void)policy, (void)pBuffer;								\
		return ic0(handle, TYPE, m, nnz, descrA, csrValA_valM, csrRowPtrA, csrColIndA, info);	\
	}

GEN_IC0(S, float, CUDA_R_32F)
GEN_IC0(D, double, CUDA_R_64F)
GEN_IC0(C, cuComplex, CUDA_C_32F)
GEN_IC0(Z, cuDoubleComplex, CUDA_C_64F)
