// SPDX-License-Identifier: MIT
/*
 * rf_extract.c - cusolverRf's factors taken out: the bundled M (L's
 * strictly lower part and U, or with a unit U, L and U's strictly upper
 * part) and L and U apart, in CSR, of the first matrix; in the unit
 * diagonal form the handle was given (cusolverRfSetMatrixFormat; a
 * "stored" unit diagonal is written, an "assumed" one not).
 * AccessBundledFactorsDevice gives the handle's own arrays (one address
 * space): Doolittle's form, L unit, whatever the format.
 */
#include <stdlib.h>
#include "rf_internal.h"

cusolverStatus_t cusolverRfAccessBundledFactorsDevice(cusolverRfHandle_t handle, int *nnzM,
						      int **Mp, int **Mi, double **Mx)
{
	if (!handle || !handle->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!nnzM || !Mp || !Mi || !Mx)
		return CUSOLVER_STATUS_INVALID_VALUE;
	*nnzM = handle->pat.nnz, *Mp = handle->pat.ptr, *Mi = handle->pat.ind, *Mx = handle->lu[0];
	return CUSOLVER_STATUS_SUCCESS;
}

static bool unit_l(const struct cusolverRfCommon *h)
{
	return h->unit == CUSOLVERRF_UNIT_DIAGONAL_STORED_L ||
	       h->unit == CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L;
}

/* The value at position q (row i, column j) in the handle's form: L scaled by U's pivots when U is
 * unit. */
static double value_at(const struct cusolverRfCommon *h, int i, int q)
{
	const struct rf_pattern *p = &h->pat;
	const double *lu = h->lu[0];
	int j = p->ind[q];

	if (unit_l(h) || j == i)
		return lu[q];
	return j < i ? lu[q] * lu[p->diag[j]] : lu[q] / lu[p->diag[i]];
}

/* Which part of row i a matrix holds: its lower (L) or upper (U) side, diagonal with value or unit.
 */
enum part { BUNDLED, LOWER, UPPER };

/* 1: the diagonal's value, 2: a stored unit, 0: none */
static int diag_kind(const struct cusolverRfCommon *h, enum part w)
{
	bool lunit = unit_l(h), stored = h->unit == CUSOLVERRF_UNIT_DIAGONAL_STORED_L ||
					 h->unit == CUSOLVERRF_UNIT_DIAGONAL_STORED_U;

	if (w == BUNDLED || (w == UPPER && lunit) || (w == LOWER && !lunit))
		return 1;
	return stored ? 2 : 0;
}

static bool in_part(int i, int j, enum part w)
{
	return w == BUNDLED || (w == LOWER && j < i) || (w == UPPER && j > i);
}

/* One CSR matrix of the part, in malloc'd arrays the program frees. */
static cusolverStatus_t extract(const struct cusolverRfCommon *h, enum part w, int *nnz, int **ptr,
				int **ind, double **val)
{
	const struct rf_pattern *p = &h->pat;
	int dk = diag_kind(h, w), c = 0;

	*ptr = malloc(((size_t)p->n + 1) * sizeof(int));
	*ind = malloc(((size_t)p->nnz + 1) * sizeof(int));
	*val = malloc(((size_t)p->nnz + 1) * sizeof(double));
	if (!*ptr || !*ind || !*val) {
		free(*ptr), free(*ind), free(*val);
		*ptr = *ind = NULL, *val = NULL;
		return CUSOLVER_STATUS_ALLOC_FAILED;
	}
	for (int i = 0; i < p->n; i++) {
		(*ptr)[i] = c;
		for (int q = p->ptr[i]; q < p->ptr[i + 1]; q++) {
			int j = p->ind[q];

			if (j == i && dk) {
				(*ind)[c] = i, (*val)[c++] = dk == 1 ? value_at(h, i, q) : 1.0;
			} else if (j != i && in_part(i, j, w)) {
				(*ind)[c] = j, (*val)[c++] = value_at(h, i, q);
			}
		}
	}
	(*ptr)[p->n] = c;
	*nnz = c;
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverRfExtractBundledFactorsHost(cusolverRfHandle_t handle, int *h_nnzM,
						     int **h_Mp, int **h_Mi, double **h_Mx)
{
	if (!handle || !handle->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!h_nnzM || !h_Mp || !h_Mi || !h_Mx)
		return CUSOLVER_STATUS_INVALID_VALUE;
	return extract(handle, BUNDLED, h_nnzM, h_Mp, h_Mi, h_Mx);
}

cusolverStatus_t cusolverRfExtractSplitFactorsHost(cusolverRfHandle_t handle, int *h_nnzL,
						   int **h_csrRowPtrL, int **h_csrColIndL,
						   double **h_csrValL, int *h_nnzU,
						   int **h_csrRowPtrU, int **h_csrColIndU,
						   double **h_csrValU)
{
	cusolverStatus_t st;

	if (!handle || !handle->set_up)
		return CUSOLVER_STATUS_NOT_INITIALIZED;
	if (!h_nnzL || !h_csrRowPtrL || !h_csrColIndL || !h_csrValL || !h_nnzU || !h_csrRowPtrU ||
	    !h_csrColIndU || !h_csrValU)
		return CUSOLVER_STATUS_INVALID_VALUE;
	st = extract(handle, LOWER, h_nnzL, h_csrRowPtrL, h_csrColIndL, h_csrValL);
	if (st != CUSOLVER_STATUS_SUCCESS)
		return st;
	st = extract(handle, UPPER, h_nnzU, h_csrRowPtrU, h_csrColIndU, h_csrValU);
	if (st != CUSOLVER_STATUS_SUCCESS) {
		free(*h_csrRowPtrL), free(*h_csrColIndL), free(*h_csrValL);
		*h_csrRowPtrL = *h_csrColIndL = NULL, *h_csrValL = NULL;
	}
	return st;
}
