// SPDX-License-Identifier: MIT
/*
 * rf_numeric.c - cusolverRf's numeric work: the LU factorization of M
 * without pivoting (the program's P and Q fixed it) in the pattern of
 * rf_pattern.c, row by row (Doolittle, IKJ order): row i scattered into a
 * dense row, each k < i of it in increasing order gives l_ik = w_k / u_kk
 * and subtracts l_ik times U's row k; then gathered back.  A pivot not
 * above `zero` in magnitude is replaced by `boost` (its sign kept) when
 * boost is positive, else it is the zero pivot reported.  And the solves
 * with the factors.
 */
#include <math.h>
#include <stdlib.h>
#include "rf_internal.h"

int rf_refactor(const struct rf_pattern *p, const double *a, double *lu, double zero, double boost,
		bool *boosted)
{
	double *w = calloc((size_t)p->n, sizeof(double));
	int first_zero = -1;

	if (!w)
		return -2;
	for (int i = 0; i < p->n; i++) {
		for (int q = p->ptr[i]; q < p->ptr[i + 1]; q++)
			w[p->ind[q]] = a[q];
		for (int q = p->ptr[i]; q < p->diag[i]; q++) {
			int k = p->ind[q];
			double l = w[k] / lu[p->diag[k]];

			w[k] = l;
			for (int r = p->diag[k] + 1; r < p->ptr[k + 1]; r++)
				w[p->ind[r]] -= l * lu[r];
		}
		if (!(fabs(w[i]) > zero)) {
			if (boost > 0) {
				w[i] = w[i] < 0 ? -boost : boost;
				*boosted = true;
			} else if (first_zero < 0) {
				first_zero = i;
			}
		}
		for (int q = p->ptr[i]; q < p->ptr[i + 1]; q++) {
			lu[q] = w[p->ind[q]];
			w[p->ind[q]] = 0;
		}
	}
	free(w);
	return first_zero;
}

void rf_lu_solve(const struct rf_pattern *p, const double *lu, double *x)
{
	for (int i = 0; i < p->n; i++) {
		double s = x[i];

		for (int q = p->ptr[i]; q < p->diag[i]; q++)
			s -= lu[q] * x[p->ind[q]];
		x[i] = s;
	}
	for (int i = p->n - 1; i >= 0; i--) {
		double s = x[i];

		for (int q = p->diag[i] + 1; q < p->ptr[i + 1]; q++)
			s -= lu[q] * x[p->ind[q]];
		x[i] = s / lu[p->diag[i]];
	}
}
