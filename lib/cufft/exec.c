// SPDX-License-Identifier: MIT
/*
 * lib/cufft: cufftExec*.  A cuFFT plan does not know its arrays; an FFTW
 * plan does, and may be run on other arrays (fftw_execute_dft & co.) of
 * the same in-place-ness and alignment.  So the FFTW plan is made at the
 * first execution, for the arrays given, one per (in place, direction,
 * arrays SIMD-aligned or not), with FFTW_ESTIMATE (which never touches the
 * arrays, unlike MEASURE); the plan for unaligned arrays has FFTW_UNALIGNED
 * (any later array will do), the one for aligned arrays keeps FFTW's SIMD
 * code (cudaMalloc'd arrays are aligned); later executions reuse them.
 *
 * Stream order: the work queued on the plan's stream before the call
 * completes first, then the transform runs in the calling thread and is
 * complete on return (as lib/cublas).
 */
#include <fftw3.h>
#include "cufft_internal.h"

struct layout {
	int ie[3], oe[3], is, id, os, od;
};

static int prod(const int *v, int n)
{
	int p = 1;

	for (int i = 0; i < n; i++)
		p *= v[i];
	return p;
}

/* cuFFT's basic layout: contiguous; R2C/C2R rows of n/2+1 complex, real rows padded to 2(n/2+1) in place */
static struct layout layout_of(const struct cufft_plan *p, bool in_place)
{
	struct layout l;
	int r = p->rank, last = p->n[r - 1];
	bool r2c = p->type == CUFFT_R2C || p->type == CUFFT_D2Z, c2r = p->type == CUFFT_C2R || p->type == CUFFT_Z2D;

	if (p->advanced) {
		for (int i = 0; i < r; i++)
			l.ie[i] = p->inembed[i], l.oe[i] = p->onembed[i];
		l.is = p->istride, l.id = p->idist, l.os = p->ostride, l.od = p->odist;
		return l;
	}
	for (int i = 0; i < r; i++)
		l.ie[i] = l.oe[i] = p->n[i];
	if (r2c || c2r) {
		int *real = r2c ? l.ie : l.oe, *cplx = r2c ? l.oe : l.ie;

		cplx[r - 1] = last / 2 + 1;
		real[r - 1] = in_place ? 2 * (last / 2 + 1) : last;
	}
	l.is = l.os = 1;
	l.id = prod(l.ie, r);
	l.od = prod(l.oe, r);
	return l;
}


/* The FFTW plan of this execution, made under the planner lock if it is the first; NULL if FFTW refuses. */
static void *fftw_plan_for(struct cufft_plan *p, void *in, void *out, int sign)
{
	bool ip = in == out;
	int inv = sign == FFTW_BACKWARD;
	void *f;

	cufft_planner_lock();
	/* alignment_of is the planner's too: under the lock */
	int al = cufft_double(p->type) ? !fftw_alignment_of(in) && !fftw_alignment_of(out)
				       : !fftwf_alignment_of(in) && !fftwf_alignment_of(out);
	unsigned FLAGS = FFTW_ESTIMATE | (al ? 0 : FFTW_UNALIGNED);

	f = p->fftw[ip][inv][al];
	if (!f) {
		struct layout l = layout_of(p, ip);
		int r = p->rank, b = p->batch;

		switch (p->type) {
		case CUFFT_C2C:
			f = fftwf_plan_many_dft(r, p->n, b, in, l.ie, l.is, l.id, out, l.oe, l.os, l.od, sign, FLAGS);
			break;
		case CUFFT_Z2Z:
			f = fftw_plan_many_dft(r, p->n, b, in, l.ie, l.is, l.id, out, l.oe, l.os, l.od, sign, FLAGS);
			break;
		case CUFFT_R2C:
			f = fftwf_plan_many_dft_r2c(r, p->n, b, in, l.ie, l.is, l.id, out, l.oe, l.os, l.od, FLAGS);
			break;
		case CUFFT_D2Z:
			f = fftw_plan_many_dft_r2c(r, p->n, b, in, l.ie, l.is, l.id, out, l.oe, l.os, l.od, FLAGS);
			break;
		case CUFFT_C2R:
			f = fftwf_plan_many_dft_c2r(r, p->n, b, in, l.ie, l.is, l.id, out, l.oe, l.os, l.od, FLAGS);
			break;
		case CUFFT_Z2D:
			f = fftw_plan_many_dft_c2r(r, p->n, b, in, l.ie, l.is, l.id, out, l.oe, l.os, l.od, FLAGS);
			break;
		}
		p->fftw[ip][inv][al] = f;
	}
	cufft_planner_unlock();
	return f;
}

/* Checks, stream order, plan; then the transform (outside the planner lock: thread-safe in FFTW). */
static cufftResult exec(cufftHandle h, cufftType type, void *in, void *out, int direction)
{
	struct cufft_plan *p = cufft_plan_get(h);
	void *f;

	if (!p || !p->made)
		return CUFFT_INVALID_PLAN;
	if (p->type != type || !in || !out || (direction != CUFFT_FORWARD && direction != CUFFT_INVERSE))
		return CUFFT_INVALID_VALUE;
	if (cudaStreamSynchronize(p->stream) != cudaSuccess)
		return CUFFT_EXEC_FAILED;
	f = fftw_plan_for(p, in, out, direction == CUFFT_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD);
	if (!f)
		return CUFFT_EXEC_FAILED;
	switch (type) {
	case CUFFT_C2C: fftwf_execute_dft(f, in, out); break;
	case CUFFT_Z2Z: fftw_execute_dft(f, in, out); break;
	case CUFFT_R2C: fftwf_execute_dft_r2c(f, in, out); break;
	case CUFFT_D2Z: fftw_execute_dft_r2c(f, in, out); break;
	case CUFFT_C2R: fftwf_execute_dft_c2r(f, in, out); break;
	case CUFFT_Z2D: fftw_execute_dft_c2r(f, in, out); break;
	}
	return CUFFT_SUCCESS;
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction)
{
	return exec(plan, CUFFT_C2C, idata, odata, direction);
}

cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata, int direction)
{
	return exec(plan, CUFFT_Z2Z, idata, odata, direction);
}

/* R2C is a forward transform, C2R an inverse one: their FFTW plans have no sign */
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata)
{
	return exec(plan, CUFFT_R2C, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata)
{
	return exec(plan, CUFFT_D2Z, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata)
{
	return exec(plan, CUFFT_C2R, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata)
{
	return exec(plan, CUFFT_Z2D, idata, odata, CUFFT_FORWARD);
}
