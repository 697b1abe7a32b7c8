// SPDX-License-Identifier: MIT
/*
 * lib/cufft: cufftExec*.  A cuFFT plan does not know its arrays; an FFTW
 * plan does, and may be run on other arrays (fftw_execute_dft & co.) of
 * the same in-place-ness and alignment.  So the FFTW plan is made at the
 * first execution, one per (in place, direction, arrays SIMD-aligned or
 * not); the plan for unaligned arrays has FFTW_UNALIGNED (any later array
 * will do), the one for aligned arrays keeps FFTW's SIMD code (cudaMalloc'd
 * arrays are aligned); later executions reuse them.
 *
 * Planning effort: FFTW_MEASURE, on scratch arrays of the plan's extent
 * (MEASURE overwrites the arrays it plans with: the program's stay
 * untouched), within a time limit after which FFTW keeps the best plan it
 * has (ESTIMATE's at least).  Why: for 2-D and 3-D power-of-two sizes
 * ESTIMATE's cost model picks unbuffered column passes whose power-of-two
 * strides thrash the cache; a 512x512 C2C took 10.8 ms with ESTIMATE, 0.66 ms
 * with MEASURE's buffered plan (idle, this machine), 16x; FFTW remembers
 * what it measured (wisdom), so planning a size again is quick.
 * IDXGEN_CUFFT_PLAN_SECONDS sets the limit (default 2 s; 0: ESTIMATE only).
 *
 * Stream order: the work queued on the plan's stream before the call
 * completes first, then the transform runs in the calling thread and is
 * complete on return (as lib/cublas); on a stream being captured into a
 * graph it becomes a node of the graph instead (capture.c).
 */
#include <stdlib.h>
#include <fftw3.h>
#include "cufft_internal.h"

#define PLAN_SECONDS_DEFAULT 2.0

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


/* Elements spanned by an array of this layout: the last one's index + 1 (counts: its points per dimension). */
static size_t extent(const int *counts, const int *embed, int r, int stride, int dist, int batch)
{
	size_t last = (size_t)(batch - 1) * (size_t)dist, step = (size_t)stride;

	for (int i = r - 1; i >= 0; i--) {
		last += (size_t)(counts[i] - 1) * step;
		step *= (size_t)embed[i];
	}
	return last + 1;
}

/* Bytes of the input (which_out false) or output array of an execution with layout l. */
static size_t array_bytes(const struct cufft_plan *p, const struct layout *l, bool which_out)
{
	bool r2c = p->type == CUFFT_R2C || p->type == CUFFT_D2Z, c2r = p->type == CUFFT_C2R || p->type == CUFFT_Z2D;
	bool complex_side = which_out ? !c2r : !r2c;
	size_t real = cufft_double(p->type) ? sizeof(double) : sizeof(float);
	int counts[3];

	for (int i = 0; i < p->rank; i++)
		counts[i] = p->n[i];
	if (complex_side && (r2c || c2r))
		counts[p->rank - 1] = p->n[p->rank - 1] / 2 + 1;
	return extent(counts, which_out ? l->oe : l->ie, p->rank, which_out ? l->os : l->is,
		      which_out ? l->od : l->id, p->batch) * real * (complex_side ? 2 : 1);
}

void cufft_each_point(const struct cufft_plan *p, bool in_place, bool which_out,
		      void (*fn)(size_t offset, void *ctx), void *ctx)
{
	struct layout l = layout_of(p, in_place);
	bool complex_side = which_out ? !(p->type == CUFFT_C2R || p->type == CUFFT_Z2D)
				      : !(p->type == CUFFT_R2C || p->type == CUFFT_D2Z);
	const int *embed = which_out ? l.oe : l.ie;
	size_t stride = (size_t)(which_out ? l.os : l.is), dist = (size_t)(which_out ? l.od : l.id);
	int c[3] = {1, 1, 1}, e[3] = {1, 1, 1}, r = p->rank;

	/* the dimensions right-aligned in three, so that one loop nest serves ranks 1-3 */
	for (int i = 0; i < r; i++) {
		c[3 - r + i] = p->n[i];
		e[3 - r + i] = embed[i];
	}
	if (complex_side && p->type != CUFFT_C2C && p->type != CUFFT_Z2Z)
		c[2] = c[2] / 2 + 1;
	for (size_t b = 0; b < (size_t)p->batch; b++)
		for (size_t x = 0; x < (size_t)c[0]; x++)
			for (size_t y = 0; y < (size_t)c[1]; y++)
				for (size_t z = 0; z < (size_t)c[2]; z++)
					fn(b * dist + ((x * (size_t)e[1] + y) * (size_t)e[2] + z) * stride, ctx);
}

size_t cufft_array_bytes(const struct cufft_plan *p, bool in_place, bool which_out)
{
	struct layout l = layout_of(p, in_place);

	return array_bytes(p, &l, which_out);
}

/* The planning time limit in seconds (IDXGEN_CUFFT_PLAN_SECONDS, else the default); 0 means ESTIMATE only. */
static double plan_seconds(void)
{
	const char *e = getenv("IDXGEN_CUFFT_PLAN_SECONDS");
	char *end;
	double s;

	if (!e || !*e)
		return PLAN_SECONDS_DEFAULT;
	s = strtod(e, &end);
	return *end || !(s >= 0) ? PLAN_SECONDS_DEFAULT : s;
}

static void set_timelimit(cufftType type, double seconds)
{
	if (cufft_double(type))
		fftw_set_timelimit(seconds);
	else
		fftwf_set_timelimit(seconds);
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

	f = p->fftw[ip][inv][al];
	if (!f) {
		struct layout l = layout_of(p, ip);
		int r = p->rank, b = p->batch;
		double secs = plan_seconds();
		unsigned FLAGS = (secs > 0 ? FFTW_MEASURE : FFTW_ESTIMATE) | (al ? 0 : FFTW_UNALIGNED);
		size_t in_bytes = array_bytes(p, &l, false), out_bytes = array_bytes(p, &l, true);
		void *scratch_in = NULL, *scratch_out = NULL;

		if (secs > 0) {	/* fftw_malloc: SIMD-aligned, as the aligned plans' arrays */
			scratch_in = fftw_malloc(ip && out_bytes > in_bytes ? out_bytes : in_bytes);
			scratch_out = ip ? scratch_in : fftw_malloc(out_bytes);
			if (!scratch_in || !scratch_out) {	/* no memory to measure with: estimate */
				fftw_free(scratch_in);
				if (!ip)
					fftw_free(scratch_out);
				scratch_in = scratch_out = NULL;
				FLAGS = FFTW_ESTIMATE | (al ? 0 : FFTW_UNALIGNED);
			} else {
				in = scratch_in, out = scratch_out;
			}
		}
		/* FFTW's time limit is global to its planner: set for this plan only, under our lock */
		set_timelimit(p->type, scratch_in ? secs : FFTW_NO_TIMELIMIT);

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
		set_timelimit(p->type, FFTW_NO_TIMELIMIT);
		if (scratch_in) {
			fftw_free(scratch_in);
			if (!ip)
				fftw_free(scratch_out);
		}
		p->fftw[ip][inv][al] = f;
	}
	cufft_planner_unlock();
	return f;
}

cufftResult cufft_run(struct cufft_plan *p, void *in, void *out, int sign)
{
	void *f = fftw_plan_for(p, in, out, sign);

	if (!f)
		return CUFFT_EXEC_FAILED;
	switch (p->type) {
	case CUFFT_C2C: fftwf_execute_dft(f, in, out); break;
	case CUFFT_Z2Z: fftw_execute_dft(f, in, out); break;
	case CUFFT_R2C: fftwf_execute_dft_r2c(f, in, out); break;
	case CUFFT_D2Z: fftw_execute_dft_r2c(f, in, out); break;
	case CUFFT_C2R: fftwf_execute_dft_c2r(f, in, out); break;
	case CUFFT_Z2D: fftw_execute_dft_c2r(f, in, out); break;
	}
	return CUFFT_SUCCESS;
}

/* Checks, stream order; then the transform (outside the planner lock: thread-safe in FFTW). */
static cufftResult exec(cufftHandle h, cufftType type, void *in, void *out, int direction)
{
	struct cufft_plan *p = cufft_plan_get(h);
	int sign = direction == CUFFT_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD;

	if (!p || !p->made)
		return CUFFT_INVALID_PLAN;
	if (p->type != type || !in || !out || (direction != CUFFT_FORWARD && direction != CUFFT_INVERSE))
		return CUFFT_INVALID_VALUE;
	if (cufft_capturing(p))
		return cufft_capture(p, in, out, sign);
	if (cudaStreamSynchronize(p->stream) != cudaSuccess)
		return CUFFT_EXEC_FAILED;
	if (p->cb.load || p->cb.store)
		return cufft_run_callbacks(p, in, out, sign);
	return cufft_run(p, in, out, sign);
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
