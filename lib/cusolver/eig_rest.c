// SPDX-License-Identifier: MIT
/*
 * lib/cusolver: the eigenvalues a selective call (syevdx/heevdx,
 * sygvdx/hegvdx) did not select, written after the selected ones.
 * cuSOLVER documents W as n long and ascending; NVIDIA's syevdx and sygvdx
 * examples (range I, il = 1, iu = 2 of n = 3) show W[3] holding the third
 * eigenvalue and compare all n with the known ones.  So W[0 .. meig-1]
 * stay the selected ones (as LAPACK's syevr/sygvx give them) and
 * W[meig .. n-1] get the others, ascending: with a selection that starts at
 * the smallest eigenvalue, W is the whole spectrum in order, as those
 * examples print.  The spectrum comes from LAPACK's zheev/zhegv (values
 * only) on double complex copies of the inputs taken before the call
 * (a real symmetric matrix is Hermitian: the same eigenvalues).  Without
 * memory for the copies (n^2 double complex) or when zheev/zhegv fails,
 * W[meig .. n-1] stay as they were: the call still succeeds.
 */
#include <stdlib.h>
#include "cusolver_internal.h"

/* an element of kind k (0..3: S, D, C, Z) as a double complex */
static double _Complex rest_get(int k, const void *p, size_t i)
{
	switch (k) {
	case 0:
		return ((const float *)p)[i];
	case 1:
		return ((const double *)p)[i];
	case 2:
		return ((const float _Complex *)p)[i];
	default:
		return ((const double _Complex *)p)[i];
	}
}

double _Complex *cusolver_eig_copy(int k, int n, const void *A, int lda)
{
	double _Complex *c = malloc((size_t)n * (size_t)n * sizeof(*c));

	for (int j = 0; c && j < n; j++)
		for (int i = 0; i < n; i++)
			c[i + (size_t)j * n] = rest_get(k, A, i + (size_t)j * lda);
	return c;
}

/* all eigenvalues of the copies, ascending, into w (n); B0 NULL: the standard problem; false:
 * failed */
static bool rest_spectrum(int n, double _Complex *A0, double _Complex *B0, int itype, char uplo,
			  double *w)
{
	lapack_int info = 0, m1 = -1, lw;
	char jobz = 'N';
	double _Complex q = 0, *work;
	double *rw = malloc((size_t)cusolver_max1(3 * n - 2) * sizeof(*rw));

	if (!rw)
		return false;
	if (B0)
		LAPACK_zhegv(&itype, &jobz, &uplo, &n, A0, &n, B0, &n, w, &q, &m1, rw, &info);
	else
		LAPACK_zheev(&jobz, &uplo, &n, A0, &n, w, &q, &m1, rw, &info);
	lw = cusolver_lwork(q);
	work = malloc((size_t)lw * sizeof(*work));
	if (work && B0)
		LAPACK_zhegv(&itype, &jobz, &uplo, &n, A0, &n, B0, &n, w, work, &lw, rw, &info);
	else if (work)
		LAPACK_zheev(&jobz, &uplo, &n, A0, &n, w, work, &lw, rw, &info);
	free(work), free(rw);
	return work && info == 0;
}

void cusolver_eig_rest(const struct cusolver_eig_sel *s, double _Complex *A0, double _Complex *B0,
		       void *W)
{
	double *all = malloc((size_t)cusolver_max1(s->n) * sizeof(*all));
	int first = 0;

	if (!all || !rest_spectrum(s->n, A0, B0, s->itype, s->uplo, all)) {
		free(all);
		return; /* the rest of W stays as it was: the selected ones are right */
	}
	if (s->range == CUSOLVER_EIG_RANGE_I)
		first = s->il - 1;
	else if (s->range == CUSOLVER_EIG_RANGE_V)
		while (first < s->n && all[first] <= s->vl)
			first++;
	if (first > s->n - s->meig)
		first = s->n - s->meig;
	for (int i = 0, out = s->meig; i < s->n; i++) {
		if (i >= first && i < first + s->meig)
			continue;
		if (s->kind & 1)
			((double *)W)[out++] = all[i];
		else
			((float *)W)[out++] = (float)all[i];
	}
	free(all);
}
