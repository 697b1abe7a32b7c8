/* SPDX-License-Identifier: MIT */
/*
 * cuRAND host API: the curandGenerate* calls.  Outputs are laid out as
 * NVIDIA's library lays them out (measured, README.md): the output stream
 * is cut into items (one word, a Box-Muller pair, a Philox block of four
 * words, ...); item j (counted from the generator's offset) is made by
 * "thread" j % T from its own subsequence (curand_init(seed, j % T, ...))
 * at position j / T, with T = 4096 for XORWOW, 65536 for Philox4_32_10
 * (whose items are blocks of four words) and 81920 for MRG32k3a (4096
 * under CURAND_ORDERING_PSEUDO_LEGACY).  MT19937 is one sequential
 * stream (T = 1), the original generator's order.
 */
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "curand_internal.h"

/* one thread's state, whatever the generator */
struct thread {
	curandRngType_t type;
	struct curandStateXORWOW x;
	struct curandStatePhilox4_32_10 p;
	struct curandStateMRG32k3a m;
	struct idxgen_mt19937 mt;
};

enum item {
	ITEM_U32,	/* one word */
	ITEM_UNIFORM,	/* one float */
	ITEM_NORMAL,	/* a pair of floats (Philox: four) */
	ITEM_UNIFORM_DOUBLE,	/* one double (Philox: two) */
	ITEM_NORMAL_DOUBLE,	/* a pair of doubles */
};

/* MRG32k3a: 4096 under the legacy ordering, 81920 under the others (NVIDIA's on an H200) */
static unsigned long long threads_of(const struct curandGenerator_st *g)
{
	if (g->type == CURAND_RNG_PSEUDO_MT19937)
		return 1;
	if (g->type == CURAND_RNG_PSEUDO_MRG32K3A)
		return g->ordering == CURAND_ORDERING_PSEUDO_LEGACY ? 4096 : 81920;
	return g->type == CURAND_RNG_PSEUDO_XORWOW ? 4096 : 65536;
}

/* draws (words; MRG32k3a: steps) one item takes from its thread */
static unsigned long long draws_of(curandRngType_t t, enum item k)
{
	if (t == CURAND_RNG_PSEUDO_PHILOX4_32_10)
		return k == ITEM_UNIFORM_DOUBLE || k == ITEM_NORMAL_DOUBLE ? 8 : 4;
	if (t == CURAND_RNG_PSEUDO_MRG32K3A)
		return k == ITEM_NORMAL || k == ITEM_NORMAL_DOUBLE ? 2 : 1;
	return k == ITEM_NORMAL || k == ITEM_UNIFORM_DOUBLE ? 2 : k == ITEM_NORMAL_DOUBLE ? 4 : 1;
}

/* values one item gives */
static size_t values_of(curandRngType_t t, enum item k)
{
	if (t == CURAND_RNG_PSEUDO_PHILOX4_32_10)
		return 4;	/* four floats from a block, four doubles from two */
	return k == ITEM_NORMAL || k == ITEM_NORMAL_DOUBLE ? 2 : 1;
}

static void thread_init(const struct curandGenerator_st *g, unsigned long long sub, unsigned long long pos,
			struct thread *t)
{
	t->type = g->type;
	if (g->type == CURAND_RNG_PSEUDO_XORWOW)
		idxgen_xorwow_init(idxgen_curand_xorwow(), g->seed, sub, pos, &t->x);
	else if (g->type == CURAND_RNG_PSEUDO_MRG32K3A)
		idxgen_mrg_init(idxgen_curand_mrg(), g->seed, sub, pos, &t->m);
	else if (g->type == CURAND_RNG_PSEUDO_MT19937)
		idxgen_mt19937_init(&t->mt, g->seed, pos);	/* one stream: sub is 0 */
	else
		idxgen_philox_init(g->seed, sub, pos, &t->p);
}

static unsigned int word(struct thread *t)
{
	if (t->type == CURAND_RNG_PSEUDO_XORWOW)
		return idxgen_xorwow_next(&t->x);
	if (t->type == CURAND_RNG_PSEUDO_MRG32K3A)
		return idxgen_mrg_next(&t->m);
	if (t->type == CURAND_RNG_PSEUDO_MT19937)
		return idxgen_mt19937_next(&t->mt);
	return idxgen_philox_next(&t->p);
}

/* one item into out (values_of() of them; Philox blocks may be cut short by "room") */
static void make_item(struct thread *t, enum item k, void *out, size_t room)
{
	float f[4];
	double d[4];
	unsigned int w[4];
	size_t i, n = values_of(t->type, k);

	if (t->type == CURAND_RNG_PSEUDO_PHILOX4_32_10) {
		uint4 b = idxgen_philox_next4(&t->p);
		float2 p = idxgen_curand_box_muller(b.x, b.y), q = idxgen_curand_box_muller(b.z, b.w);

		w[0] = b.x, w[1] = b.y, w[2] = b.z, w[3] = b.w;
		for (i = 0; i < 4; i++)
			f[i] = idxgen_curand_uniform_u32(w[i]);
		if (k == ITEM_NORMAL)
			f[0] = p.x, f[1] = p.y, f[2] = q.x, f[3] = q.y;
		for (i = 0; i < 2 && (k == ITEM_UNIFORM_DOUBLE || k == ITEM_NORMAL_DOUBLE); i++) {
			double2 r;

			if (i)
				b = idxgen_philox_next4(&t->p);	/* doubles: a second block */
			r = idxgen_curand_box_muller_double(b.x, b.y, b.z, b.w);
			if (k == ITEM_NORMAL_DOUBLE)
				d[2 * i] = r.x, d[2 * i + 1] = r.y;
			else
				d[2 * i] = idxgen_curand_uniform_double_u32(b.x, b.y),
				d[2 * i + 1] = idxgen_curand_uniform_double_u32(b.z, b.w);
		}
	} else if (t->type == CURAND_RNG_PSEUDO_MRG32K3A) {
		d[0] = idxgen_mrg_next_double(&t->m);
		w[0] = (unsigned int)(d[0] * 4294967296.0);
		f[0] = (float)d[0];
		if (k == ITEM_NORMAL || k == ITEM_NORMAL_DOUBLE) {
			double v = idxgen_mrg_next_double(&t->m);
			float2 p = idxgen_curand_box_muller_mrg((float)d[0], (float)v);
			double2 r = idxgen_curand_box_muller_mrg_double(d[0], v);

			f[0] = p.x, f[1] = p.y, d[0] = r.x, d[1] = r.y;
		}
	} else {
		for (i = 0; i < draws_of(t->type, k); i++)
			w[i] = word(t);
		f[0] = idxgen_curand_uniform_u32(w[0]);
		if (k == ITEM_NORMAL) {
			float2 p = idxgen_curand_box_muller(w[0], w[1]);

			f[0] = p.x, f[1] = p.y;
		} else if (k == ITEM_UNIFORM_DOUBLE) {
			d[0] = idxgen_curand_uniform_double_u32(w[0], w[1]);
		} else if (k == ITEM_NORMAL_DOUBLE) {
			double2 r = idxgen_curand_box_muller_double(w[0], w[1], w[2], w[3]);

			d[0] = r.x, d[1] = r.y;
		}
	}
	if (n > room)
		n = room;
	if (k == ITEM_U32)
		memcpy(out, w, n * sizeof(*w));
	else if (k == ITEM_UNIFORM || k == ITEM_NORMAL)
		memcpy(out, f, n * sizeof(*f));
	else
		memcpy(out, d, n * sizeof(*d));
}

/*
 * XORWOW's words or uniforms, the default generator's common calls: the
 * items of one thread, every T-th of out from out[0], stepped without
 * make_item's dispatch and copies (one item is one value, so no offset
 * falls inside an item).  "left" counts the items from this thread's first
 * to the end of the call.
 */
static void xorwow_words(struct curandStateXORWOW *x, int uniform, unsigned long long left, unsigned long long T,
			 char *out)
{
	for (unsigned long long i = 0; i < left; i += T) {
		unsigned int w = idxgen_xorwow_next(x);

		if (uniform)
			((float *)out)[i] = idxgen_curand_uniform_u32(w);
		else
			((unsigned int *)out)[i] = w;
	}
}

/*
 * XORWOW's normals likewise: item i (from the call's first) is the
 * Box-Muller pair of two words, going to out[2 i] and out[2 i + 1]; n is
 * even (curandGenerateNormal refuses odd counts) and XORWOW's offset counts
 * items, so no item is cut.
 */
static void xorwow_normals(struct curandStateXORWOW *x, unsigned long long i0, unsigned long long items,
			   unsigned long long T, float *out, size_t n)
{
	for (unsigned long long i = i0; i < items && 2 * i + 1 < n; i += T) {
		unsigned int a = idxgen_xorwow_next(x), b = idxgen_xorwow_next(x);
		float2 p = idxgen_curand_box_muller(a, b);

		out[2 * i] = p.x, out[2 * i + 1] = p.y;
	}
}

/*
 * Philox's words or uniforms likewise: the blocks of one thread, items
 * i0, i0 + T, ... (counted from the call's first item) of four values each,
 * value v of item i going to out[4 i + v - skip] when that is inside
 * [0, n) (the offset may cut the first item, the end the last).
 */
static void philox_words(struct curandStatePhilox4_32_10 *p, int uniform, unsigned long long i0,
			 unsigned long long items, unsigned long long T, size_t skip, void *out, size_t n)
{
	for (unsigned long long i = i0; i < items; i += T) {
		uint4 b = idxgen_philox_next4(p);
		unsigned int w[4] = { b.x, b.y, b.z, b.w };

		for (size_t v = 0; v < 4; v++) {
			size_t at = (size_t)i * 4 + v;

			if (at < skip || at - skip >= n)
				continue;
			if (uniform)
				((float *)out)[at - skip] = idxgen_curand_uniform_u32(w[v]);
			else
				((unsigned int *)out)[at - skip] = w[v];
		}
	}
}

/*
 * fill out with n values of kind k, starting "skip" values into item
 * "first" (XORWOW and MRG32k3a count the offset in items, Philox in values)
 */
static void fill(const struct curandGenerator_st *g, enum item k, unsigned long long first, size_t skip, void *out,
		 size_t n)
{
	unsigned long long T = threads_of(g), per = draws_of(g->type, k), lane, j;
	size_t vals = values_of(g->type, k), size = k == ITEM_U32 ? 4 : k <= ITEM_NORMAL ? 4 : 8;
	unsigned long long items = (n + skip + vals - 1) / vals;

	for (lane = 0; lane < T && lane < items; lane++) {
		unsigned long long j0 = first + lane;
		struct thread t;

		thread_init(g, j0 % T, j0 / T * per, &t);
		if (t.type == CURAND_RNG_PSEUDO_XORWOW && (k == ITEM_U32 || k == ITEM_UNIFORM)) {
			xorwow_words(&t.x, k == ITEM_UNIFORM, first + items - j0, T, (char *)out + lane * size);
			continue;
		}
		if (t.type == CURAND_RNG_PSEUDO_XORWOW && k == ITEM_NORMAL) {
			xorwow_normals(&t.x, lane, items, T, out, n);
			continue;
		}
		if (t.type == CURAND_RNG_PSEUDO_PHILOX4_32_10 && (k == ITEM_U32 || k == ITEM_UNIFORM)) {
			philox_words(&t.p, k == ITEM_UNIFORM, j0 - first, items, T, skip, out, n);
			continue;
		}
		for (j = j0; j < first + items; j += T) {
			size_t at = (size_t)(j - first) * vals, lo = at < skip ? skip - at : 0, m = vals - lo;
			char item[4 * sizeof(double)];

			make_item(&t, k, item, vals);
			if (at + lo - skip + m > n)
				m = n - (at + lo - skip);
			memcpy((char *)out + (at + lo - skip) * size, item + lo * size, m * size);
		}
	}
}

/* the offset as (first item, values to skip) */
static void fill_at_offset(const struct curandGenerator_st *g, enum item k, void *out, size_t n)
{
	if (g->type == CURAND_RNG_PSEUDO_PHILOX4_32_10)
		fill(g, k, g->offset / values_of(g->type, k), (size_t)(g->offset % values_of(g->type, k)), out, n);
	else
		fill(g, k, g->offset, 0, out, n);
}

static curandStatus_t start(curandGenerator_t g, const void *out, size_t n)
{
	curandStatus_t st = idxgen_curand_check(g);

	if (st)
		return st;
	if (!out && n)
		return CURAND_STATUS_LAUNCH_FAILURE;	/* a kernel writing through NULL would fault */
	return CURAND_STATUS_SUCCESS;
}

static float thread_uniform(void *p)
{
	struct thread *t = p;

	return t->type == CURAND_RNG_PSEUDO_MRG32K3A ? (float)idxgen_mrg_next_double(&t->m) :
						       idxgen_curand_uniform_u32(word(t));
}

static double thread_uniform_double(void *p)
{
	struct thread *t = p;
	unsigned int x, y;

	if (t->type == CURAND_RNG_PSEUDO_MRG32K3A)
		return idxgen_mrg_next_double(&t->m);
	x = word(t);
	y = word(t);
	return idxgen_curand_uniform_double_u32(x, y);
}

/* Poisson: value j by thread (offset + j) % T, each thread's values in order from its subsequence's start */
static void poisson(curandGenerator_t g, unsigned int *out, size_t n, double lambda)
{
	unsigned long long T = threads_of(g), lane, j;

	for (lane = 0; lane < T && lane < n; lane++) {
		struct thread t;

		thread_init(g, (g->offset + lane) % T, (g->offset + lane) / T, &t);
		for (j = lane; j < n; j += T)
			out[j] = idxgen_curand_poisson_draw(&t, thread_uniform, thread_uniform_double, lambda);
	}
}

/* Binomial: laid out as Poisson, value j by thread (offset + j) % T */
static void binomial(curandGenerator_t g, unsigned int *out, size_t n, unsigned int trials, double p)
{
	unsigned long long T = threads_of(g), lane, j;

	for (lane = 0; lane < T && lane < n; lane++) {
		struct thread t;

		thread_init(g, (g->offset + lane) % T, (g->offset + lane) / T, &t);
		for (j = lane; j < n; j += T)
			out[j] = idxgen_curand_binomial_draw(&t, thread_uniform_double, trials, p);
	}
}

/* normals (Box-Muller pairs; n even), then mean + stddev x, in the call's precision; log-normals: exp of them */
static void normals(curandGenerator_t g, const struct idxgen_curand_call *c)
{
	size_t i;

	if (c->kind == CURAND_CALL_NORMAL || c->kind == CURAND_CALL_LOG_NORMAL) {
		float *out = c->out, mean = (float)c->mean, stddev = (float)c->stddev;

		fill_at_offset(g, ITEM_NORMAL, out, c->n);
		for (i = 0; i < c->n; i++)
			out[i] = mean + stddev * out[i];
		for (i = 0; c->kind == CURAND_CALL_LOG_NORMAL && i < c->n; i++)
			out[i] = expf(out[i]);
	} else {
		double *out = c->out;

		fill_at_offset(g, ITEM_NORMAL_DOUBLE, out, c->n);
		for (i = 0; i < c->n; i++)
			out[i] = c->mean + c->stddev * out[i];
		for (i = 0; c->kind == CURAND_CALL_LOG_NORMAL_DOUBLE && i < c->n; i++)
			out[i] = exp(out[i]);
	}
}

curandStatus_t idxgen_curand_run(curandGenerator_t g, const struct idxgen_curand_call *c)
{
	static const enum idxgen_sobol_kind sobol[] = {
		[CURAND_CALL_WORDS] = SOBOL_WORD,
		[CURAND_CALL_WORDS64] = SOBOL_WORD64,
		[CURAND_CALL_UNIFORM] = SOBOL_UNIFORM,
		[CURAND_CALL_UNIFORM_DOUBLE] = SOBOL_UNIFORM_DOUBLE,
		[CURAND_CALL_NORMAL] = SOBOL_NORMAL,
		[CURAND_CALL_NORMAL_DOUBLE] = SOBOL_NORMAL_DOUBLE,
		[CURAND_CALL_LOG_NORMAL] = SOBOL_LOG_NORMAL,
		[CURAND_CALL_LOG_NORMAL_DOUBLE] = SOBOL_LOG_NORMAL_DOUBLE,
	};

	if (idxgen_curand_is_sobol(g->type))	/* no Poisson: check_call() refuses it */
		return idxgen_sobol_generate(g, sobol[c->kind], c->out, c->n, c->mean, c->stddev);
	if (c->kind == CURAND_CALL_WORDS)
		fill_at_offset(g, ITEM_U32, c->out, c->n);
	else if (c->kind == CURAND_CALL_UNIFORM)
		fill_at_offset(g, ITEM_UNIFORM, c->out, c->n);
	else if (c->kind == CURAND_CALL_UNIFORM_DOUBLE)
		fill_at_offset(g, ITEM_UNIFORM_DOUBLE, c->out, c->n);
	else if (c->kind == CURAND_CALL_POISSON)
		poisson(g, c->out, c->n, c->mean);
	else if (c->kind == CURAND_CALL_BINOMIAL)
		binomial(g, c->out, c->n, (unsigned int)c->stddev, c->mean);
	else
		normals(g, c);
	g->offset += c->n;
	return CURAND_STATUS_SUCCESS;
}

static bool normal_kind(enum idxgen_curand_kind k)
{
	return k == CURAND_CALL_NORMAL || k == CURAND_CALL_NORMAL_DOUBLE || k == CURAND_CALL_LOG_NORMAL ||
	       k == CURAND_CALL_LOG_NORMAL_DOUBLE;
}

/* every status a call can have, before it runs or is recorded into a graph */
static curandStatus_t check_call(curandGenerator_t g, const struct idxgen_curand_call *c)
{
	curandStatus_t st = start(g, c->out, c->n);

	if (st)
		return st;
	/* 64-bit words from Sobol64 only, 32-bit ones from every other generator, as cuRAND's */
	if (c->kind == CURAND_CALL_WORDS64 ? g->type != CURAND_RNG_QUASI_SOBOL64
					     : c->kind == CURAND_CALL_WORDS && g->type == CURAND_RNG_QUASI_SOBOL64)
		return CURAND_STATUS_TYPE_ERROR;
	if (idxgen_curand_is_sobol(g->type)) {
		if (c->kind == CURAND_CALL_POISSON || c->kind == CURAND_CALL_BINOMIAL)
			return CURAND_STATUS_TYPE_ERROR;	/* Poisson, Binomial from Sobol points: not written (README.md) */
		return c->n % g->dims ? CURAND_STATUS_LENGTH_NOT_MULTIPLE : CURAND_STATUS_SUCCESS;
	}
	if (normal_kind(c->kind) && c->n % 2)
		return CURAND_STATUS_LENGTH_NOT_MULTIPLE;	/* Box-Muller makes pairs */
	if (c->kind == CURAND_CALL_POISSON && (!(c->mean > 0) || isinf(c->mean)))
		return CURAND_STATUS_OUT_OF_RANGE;
	if (c->kind == CURAND_CALL_BINOMIAL && !(c->mean >= 0 && c->mean <= 1))
		return CURAND_STATUS_OUT_OF_RANGE;
	return CURAND_STATUS_SUCCESS;
}

/*
 * a call runs now, after its stream's queued work, or, on a stream being
 * captured into a graph, at each launch of the graph (capture.c)
 */
static curandStatus_t generate(curandGenerator_t g, struct idxgen_curand_call c)
{
	curandStatus_t st = check_call(g, &c);

	if (st)
		return st;
	switch (idxgen_curand_capturing(g)) {
	case CURAND_STREAM_CAPTURING:
		return idxgen_curand_capture(g, &c);
	case CURAND_STREAM_REFUSED:
		return CURAND_STATUS_LAUNCH_FAILURE;	/* CUDA refuses the legacy stream during a capture */
	default:
		st = idxgen_curand_wait(g);
		return st ? st : idxgen_curand_run(g, &c);
	}
}

curandStatus_t curandGenerate(curandGenerator_t g, unsigned int *out, size_t n)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_WORDS, out, n, 0, 1 });
}

curandStatus_t curandGenerateLongLong(curandGenerator_t g, unsigned long long *out, size_t n)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_WORDS64, out, n, 0, 1 });
}

curandStatus_t curandGenerateUniform(curandGenerator_t g, float *out, size_t n)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_UNIFORM, out, n, 0, 1 });
}

curandStatus_t curandGenerateUniformDouble(curandGenerator_t g, double *out, size_t n)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_UNIFORM_DOUBLE, out, n, 0, 1 });
}

curandStatus_t curandGenerateNormal(curandGenerator_t g, float *out, size_t n, float mean, float stddev)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_NORMAL, out, n, mean, stddev });
}

curandStatus_t curandGenerateNormalDouble(curandGenerator_t g, double *out, size_t n, double mean, double stddev)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_NORMAL_DOUBLE, out, n, mean, stddev });
}

curandStatus_t curandGenerateLogNormal(curandGenerator_t g, float *out, size_t n, float mean, float stddev)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_LOG_NORMAL, out, n, mean, stddev });
}

curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t g, double *out, size_t n, double mean,
					     double stddev)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_LOG_NORMAL_DOUBLE, out, n, mean, stddev });
}

curandStatus_t curandGeneratePoisson(curandGenerator_t g, unsigned int *out, size_t n, double lambda)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_POISSON, out, n, lambda, 0 });
}

/* every method of curandMethod_t draws from the same distribution: ours (README.md) */
static bool known_method(curandMethod_t m)
{
	return m >= CURAND_CHOOSE_BEST && m <= CURAND_POISSON;
}

curandStatus_t curandGeneratePoissonMethod(curandGenerator_t g, unsigned int *out, size_t n, double lambda,
					   curandMethod_t method)
{
	if (!known_method(method))
		return CURAND_STATUS_OUT_OF_RANGE;
	return curandGeneratePoisson(g, out, n, lambda);
}

curandStatus_t curandGenerateBinomial(curandGenerator_t g, unsigned int *out, size_t num, unsigned int n, double p)
{
	return generate(g, (struct idxgen_curand_call){ CURAND_CALL_BINOMIAL, out, num, p, n });
}

curandStatus_t curandGenerateBinomialMethod(curandGenerator_t g, unsigned int *out, size_t num, unsigned int n,
					    double p, curandMethod_t method)
{
	if (!known_method(method))
		return CURAND_STATUS_OUT_OF_RANGE;
	return curandGenerateBinomial(g, out, num, n, p);
}
