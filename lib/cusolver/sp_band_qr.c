// SPDX-License-Identifier: MIT
/*
 * sp_band_qr.c - Householder QR of a banded n x n matrix and the solve
 * R x = Q^T b, for csrlsvqr (sp_lsv.c).  LAPACK has no banded QR, and the
 * dense one needs n * n doubles (cuSolverSp_LinearSolver's default, a
 * 10000 x 10000 Laplacian, is 800 MB dense and 24 MB in its band).
 *
 * The matrix is stored by rows: row i holds columns i - kl .. i + kl + ku
 * (w = 2 kl + ku + 1 doubles, those outside the matrix zero).  Reflecting
 * column j mixes rows j .. j + kl, whose entries left of column j are
 * already zero, so the reflectors have kl + 1 entries, nothing appears
 * below the band, and R's upper bandwidth is kl + ku: the row layout holds
 * every entry the factorization writes.  Each reflector is LAPACK's dlarfg
 * (beta = -sign(alpha) |v|, tau = (beta - alpha) / beta), applied to b as
 * it is made, so Q is never kept.
 */
#include <math.h>
#include <stddef.h>

#include "cusolver_sp_internal.h"

#define AT(r, w, kl, i, j) ((r)[(size_t)(i) * (size_t)(w) + (size_t)((j) - (i) + (kl))])

/* Apply I - tau v v^T (v = (1, r(j+1..last, j) scaled)) to column c of rows j..last. */
static void reflect_column(double *r, int w, int kl, int j, int last, double tau, const double *v,
			   int c)
{
	double s = 0;

	for (int i = j; i <= last; i++)
		s += v[i - j] * AT(r, w, kl, i, c);
	s *= tau;
	for (int i = j; i <= last; i++)
		AT(r, w, kl, i, c) -= s * v[i - j];
}

int cusolver_band_qr_solve(int n, int kl, int ku, double *r, double *x, double tol, double *v)
{
	int w = 2 * kl + ku + 1, singular = -1;

	for (int j = 0; j < n; j++) {
		int last = j + kl < n - 1 ? j + kl : n - 1;	/* the reflector's rows */
		int right = j + kl + ku < n - 1 ? j + kl + ku : n - 1;	/* R's band in row j */
		double alpha = AT(r, w, kl, j, j), sigma = 0, tau = 0, s = 0;

		for (int i = j + 1; i <= last; i++)
			sigma += AT(r, w, kl, i, j) * AT(r, w, kl, i, j);
		v[0] = 1;
		if (sigma != 0) { /* else H = I: the column is already upper triangular */
			double beta = -copysign(sqrt(alpha * alpha + sigma), alpha);

			tau = (beta - alpha) / beta;
			for (int i = j + 1; i <= last; i++) {
				v[i - j] = AT(r, w, kl, i, j) / (alpha - beta);
				AT(r, w, kl, i, j) = 0;
			}
			AT(r, w, kl, j, j) = beta;
			for (int c = j + 1; c <= right; c++)
				reflect_column(r, w, kl, j, last, tau, v, c);
			for (int i = j; i <= last; i++)
				s += v[i - j] * x[i];
			for (int i = j; i <= last; i++)
				x[i] -= tau * s * v[i - j];
		}
		if (singular < 0 && !(fabs(AT(r, w, kl, j, j)) > tol))
			singular = j;
	}
	if (singular >= 0)
		return singular;
	for (int j = n - 1; j >= 0; j--) { /* R x = Q^T b, R upper with bandwidth kl + ku */
		int right = j + kl + ku < n - 1 ? j + kl + ku : n - 1;
		double s = x[j];

		for (int c = j + 1; c <= right; c++)
			s -= AT(r, w, kl, j, c) * x[c];
		x[j] = s / AT(r, w, kl, j, j);
	}
	return -1;
}
