/* SPDX-License-Identifier: MIT */
/*
 * idxgen_curand_core.h - the generators of cuRAND (XORWOW, Philox4_32_10,
 * MRG32k3a) and their transforms, shared by the device API
 * (curand_kernel.h, header-only, as CUDA's) and the host API (lib/curand).
 * C11 and C++11; every function static inline.  Written from the published
 * algorithms (Marsaglia 2003, "Xorshift RNGs", the xorwow variant with
 * cuRAND's documented seeding; Salmon, Moraes, Dror, Shaw 2011, "Parallel
 * random numbers: as easy as 1, 2, 3"; L'Ecuyer 1999, "Good parameters and
 * implementations for combined multiple recursive random number
 * generators") and checked against NVIDIA's outputs (lib/curand/README.md).
 *
 * Skip-ahead: XORWOW's state update is linear over GF(2) (a 160x160 bit
 * matrix M; the Weyl counter d just adds 362437 per step); M^(2^i) for the
 * offsets (i < 64) and M^(2^(67+i)) for the subsequences are computed by
 * repeated squaring once per process (idxgen_xorwow_tables_compute, about
 * 400 KB, tens of milliseconds) where NVIDIA's library ships them as
 * precomputed tables.  MRG32k3a's two recurrences are 3x3 matrices mod m1
 * and m2: A^(2^i), A^(2^(76+i)), A^(2^(127+i)) likewise.  Philox is a
 * counter: skipping is an addition.
 */
#ifndef IDXGEN_CURAND_CORE_H
#define IDXGEN_CURAND_CORE_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vector_types.h"

#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#define IDXGEN_CR__F static inline __host__ __device__ __attribute__((unused))

#define IDXGEN_CURAND_2POW32_INV 2.3283064e-10f
#define IDXGEN_CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define IDXGEN_CURAND_2POW53_INV_DOUBLE 1.1102230246251565e-16
#define IDXGEN_CURAND_PI_DOUBLE 3.1415926535897932

/* ---- the states (CUDA's field names) ------------------------------------ */

struct curandStateXORWOW {
	unsigned int d, v[5];
	int boxmuller_flag;
	int boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};

struct curandStatePhilox4_32_10 {
	uint4 ctr;
	uint4 output;
	uint2 key;
	unsigned int STATE;
	int boxmuller_flag;
	int boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};

struct curandStateMRG32k3a {
	unsigned int s1[3];
	unsigned int s2[3];
	int boxmuller_flag;
	int boxmuller_flag_double;
	float boxmuller_extra;
	double boxmuller_extra_double;
};

/* ---- XORWOW ---------------------------------------------------------------- */

#define IDXGEN_XORWOW_BITS 160
/* one matrix over GF(2): column j is the image of state bit j (word j / 32, bit j % 32) */
struct idxgen_xorwow_matrix {
	uint32_t col[IDXGEN_XORWOW_BITS][5];
};

struct idxgen_xorwow_tables {
	struct idxgen_xorwow_matrix offset[64];	/* M^(2^i) */
	struct idxgen_xorwow_matrix sequence[64];	/* M^(2^(67 + i)): subsequences are 2^67 apart */
};

/* v <- A v */
IDXGEN_CR__F void idxgen_xorwow_apply(const struct idxgen_xorwow_matrix *a, uint32_t v[5])
{
	uint32_t r[5] = { 0, 0, 0, 0, 0 };
	int w, b, k;

	for (w = 0; w < 5; w++)
		for (b = 0; b < 32; b++)
			if (v[w] >> b & 1u)
				for (k = 0; k < 5; k++)
					r[k] ^= a->col[32 * w + b][k];
	memcpy(v, r, sizeof(r));
}

/* the linear part of one step (Marsaglia's xorwow, without the Weyl counter) */
IDXGEN_CR__F void idxgen_xorwow_linear_step(uint32_t v[5])
{
	uint32_t t = v[0] ^ (v[0] >> 2);

	v[0] = v[1];
	v[1] = v[2];
	v[2] = v[3];
	v[3] = v[4];
	v[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
}

/* M^(2^i) by squaring (131 squarings); t must hold sizeof(struct idxgen_xorwow_tables) */
IDXGEN_CR__F void idxgen_xorwow_tables_compute(struct idxgen_xorwow_tables *t)
{
	struct idxgen_xorwow_matrix p, q;
	int i, j;

	for (j = 0; j < IDXGEN_XORWOW_BITS; j++) {
		memset(p.col[j], 0, sizeof(p.col[j]));
		p.col[j][j / 32] = 1u << (j % 32);
		idxgen_xorwow_linear_step(p.col[j]);
	}
	for (i = 0; i < 67 + 64; i++) {
		if (i < 64)
			t->offset[i] = p;
		if (i >= 67)
			t->sequence[i - 67] = p;
		for (j = 0; j < IDXGEN_XORWOW_BITS; j++) {
			memcpy(q.col[j], p.col[j], sizeof(q.col[j]));
			idxgen_xorwow_apply(&p, q.col[j]);
		}
		p = q;
	}
}

IDXGEN_CR__F unsigned int idxgen_xorwow_next(struct curandStateXORWOW *s)
{
	idxgen_xorwow_linear_step(s->v);
	s->d += 362437u;
	return s->v[4] + s->d;
}

IDXGEN_CR__F void idxgen_xorwow_skip(const struct idxgen_xorwow_tables *t, unsigned long long n,
				     struct curandStateXORWOW *s)
{
	int i;

	s->d += (unsigned int)(362437ull * (n & 0xffffffffull));
	for (i = 0; i < 64 && n >> i; i++)
		if (n >> i & 1ull)
			idxgen_xorwow_apply(&t->offset[i], s->v);
}

IDXGEN_CR__F void idxgen_xorwow_skip_sequence(const struct idxgen_xorwow_tables *t, unsigned long long n,
					      struct curandStateXORWOW *s)
{
	int i;

	/* 2^67 * n steps: the Weyl counter moves by a multiple of 2^32, i.e. not at all */
	for (i = 0; i < 64 && n >> i; i++)
		if (n >> i & 1ull)
			idxgen_xorwow_apply(&t->sequence[i], s->v);
}

IDXGEN_CR__F void idxgen_xorwow_init(const struct idxgen_xorwow_tables *t, unsigned long long seed,
				     unsigned long long subsequence, unsigned long long offset,
				     struct curandStateXORWOW *s)
{
	unsigned int s0 = (unsigned int)seed ^ 0xaad26b49u, s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
	unsigned int t0 = 1099087573u * s0, t1 = 2591861531u * s1;

	s->d = 6615241u + t1 + t0;
	s->v[0] = 123456789u + t0;
	s->v[1] = 362436069u ^ t0;
	s->v[2] = 521288629u + t1;
	s->v[3] = 88675123u ^ t1;
	s->v[4] = 5783321u + t0;
	idxgen_xorwow_skip_sequence(t, subsequence, s);
	idxgen_xorwow_skip(t, offset, s);
	s->boxmuller_flag = 0;
	s->boxmuller_flag_double = 0;
	s->boxmuller_extra = 0.0f;
	s->boxmuller_extra_double = 0.0;
}

/* ---- Philox4x32-10 ------------------------------------------------------------ */

IDXGEN_CR__F uint4 idxgen_philox4x32_10(uint4 c, uint2 k)
{
	int r;

	for (r = 0; r < 10; r++) {
		uint64_t p0 = (uint64_t)0xD2511F53u * c.x, p1 = (uint64_t)0xCD9E8D57u * c.z;
		uint4 n;

		if (r) {
			k.x += 0x9E3779B9u;
			k.y += 0xBB67AE85u;
		}
		n.x = (unsigned int)(p1 >> 32) ^ c.y ^ k.x;
		n.y = (unsigned int)p1;
		n.z = (unsigned int)(p0 >> 32) ^ c.w ^ k.y;
		n.w = (unsigned int)p0;
		c = n;
	}
	return c;
}

/* the 128-bit counter plus n (low 64 bits: the position; high: the subsequence) */
IDXGEN_CR__F void idxgen_philox_add(uint4 *c, unsigned long long n)
{
	uint64_t lo = ((uint64_t)c->y << 32 | c->x), nlo = lo + n;

	c->x = (unsigned int)nlo;
	c->y = (unsigned int)(nlo >> 32);
	if (nlo < lo && ++c->z == 0)
		c->w++;
}

IDXGEN_CR__F void idxgen_philox_add_hi(uint4 *c, unsigned long long n)
{
	uint64_t hi = ((uint64_t)c->w << 32 | c->z) + n;

	c->z = (unsigned int)hi;
	c->w = (unsigned int)(hi >> 32);
}

IDXGEN_CR__F void idxgen_philox_skip(unsigned long long n, struct curandStatePhilox4_32_10 *s)
{
	s->STATE += (unsigned int)(n & 3u);
	n /= 4;
	if (s->STATE > 3) {
		n += 1;
		s->STATE -= 4;
	}
	idxgen_philox_add(&s->ctr, n);
	s->output = idxgen_philox4x32_10(s->ctr, s->key);
}

IDXGEN_CR__F void idxgen_philox_skip_sequence(unsigned long long n, struct curandStatePhilox4_32_10 *s)
{
	idxgen_philox_add_hi(&s->ctr, n);
	s->output = idxgen_philox4x32_10(s->ctr, s->key);
}

IDXGEN_CR__F void idxgen_philox_init(unsigned long long seed, unsigned long long subsequence,
				     unsigned long long offset, struct curandStatePhilox4_32_10 *s)
{
	memset(s, 0, sizeof(*s));
	s->key.x = (unsigned int)seed;
	s->key.y = (unsigned int)(seed >> 32);
	s->ctr.z = (unsigned int)subsequence;
	s->ctr.w = (unsigned int)(subsequence >> 32);
	idxgen_philox_skip(offset, s);
}

IDXGEN_CR__F unsigned int idxgen_philox_word(const uint4 *o, unsigned int i)
{
	return i == 0 ? o->x : i == 1 ? o->y : i == 2 ? o->z : o->w;
}

IDXGEN_CR__F unsigned int idxgen_philox_next(struct curandStatePhilox4_32_10 *s)
{
	unsigned int r = idxgen_philox_word(&s->output, s->STATE++);

	if (s->STATE == 4) {
		idxgen_philox_add(&s->ctr, 1);
		s->output = idxgen_philox4x32_10(s->ctr, s->key);
		s->STATE = 0;
	}
	return r;
}

/* four at once, from the current position (as curand4) */
IDXGEN_CR__F uint4 idxgen_philox_next4(struct curandStatePhilox4_32_10 *s)
{
	uint4 r;

	r.x = idxgen_philox_next(s);
	r.y = idxgen_philox_next(s);
	r.z = idxgen_philox_next(s);
	r.w = idxgen_philox_next(s);
	return r;
}

/* ---- MRG32k3a -------------------------------------------------------------------- */

#define IDXGEN_MRG_M1 4294967087ull
#define IDXGEN_MRG_M2 4294944443ull

/* a 3x3 matrix mod m on the state (x[n-3], x[n-2], x[n-1]) */
struct idxgen_mrg_matrix {
	uint64_t a[3][3];
};

struct idxgen_mrg_tables {
	struct idxgen_mrg_matrix m1[3][64], m2[3][64];	/* [0]: A^(2^i), [1]: A^(2^(76+i)), [2]: A^(2^(127+i)) */
};

IDXGEN_CR__F uint64_t idxgen_mrg_mulmod(uint64_t a, uint64_t b, uint64_t m)
{
	return (uint64_t)((unsigned __int128)a * b % m);
}

IDXGEN_CR__F struct idxgen_mrg_matrix idxgen_mrg_mul(const struct idxgen_mrg_matrix *x,
						     const struct idxgen_mrg_matrix *y, uint64_t m)
{
	struct idxgen_mrg_matrix r;
	int i, j, k;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			uint64_t s = 0;

			for (k = 0; k < 3; k++)
				s = (s + idxgen_mrg_mulmod(x->a[i][k], y->a[k][j], m)) % m;
			r.a[i][j] = s;
		}
	return r;
}

IDXGEN_CR__F void idxgen_mrg_tables_compute(struct idxgen_mrg_tables *t)
{
	/* the one-step matrices of L'Ecuyer's two recurrences */
	struct idxgen_mrg_matrix a[2] = { { { { 0, 1, 0 }, { 0, 0, 1 }, { IDXGEN_MRG_M1 - 810728, 1403580, 0 } } },
					  { { { 0, 1, 0 }, { 0, 0, 1 }, { IDXGEN_MRG_M2 - 1370589, 0, 527612 } } } };
	int g, i;

	for (g = 0; g < 2; g++) {
		uint64_t m = g ? IDXGEN_MRG_M2 : IDXGEN_MRG_M1;
		struct idxgen_mrg_matrix p = a[g];
		struct idxgen_mrg_matrix(*dst)[64] = g ? t->m2 : t->m1;

		for (i = 0; i < 127 + 64; i++) {
			if (i < 64)
				dst[0][i] = p;
			if (i >= 76 && i < 76 + 64)
				dst[1][i - 76] = p;
			if (i >= 127)
				dst[2][i - 127] = p;
			p = idxgen_mrg_mul(&p, &p, m);
		}
	}
}

IDXGEN_CR__F void idxgen_mrg_apply(const struct idxgen_mrg_matrix *a, unsigned int s[3], uint64_t m)
{
	uint64_t r[3];
	int i;

	for (i = 0; i < 3; i++)
		r[i] = (idxgen_mrg_mulmod(a->a[i][0], s[0], m) + idxgen_mrg_mulmod(a->a[i][1], s[1], m) +
			idxgen_mrg_mulmod(a->a[i][2], s[2], m)) % m;
	for (i = 0; i < 3; i++)
		s[i] = (unsigned int)r[i];
}

/* skip n * 2^(0, 76, 127)[which] steps */
IDXGEN_CR__F void idxgen_mrg_skip(const struct idxgen_mrg_tables *t, int which, unsigned long long n,
				  struct curandStateMRG32k3a *s)
{
	int i;

	for (i = 0; i < 64 && n >> i; i++)
		if (n >> i & 1ull) {
			idxgen_mrg_apply(&t->m1[which][i], s->s1, IDXGEN_MRG_M1);
			idxgen_mrg_apply(&t->m2[which][i], s->s2, IDXGEN_MRG_M2);
		}
}

IDXGEN_CR__F void idxgen_mrg_init(const struct idxgen_mrg_tables *t, unsigned long long seed,
				  unsigned long long subsequence, unsigned long long offset,
				  struct curandStateMRG32k3a *s)
{
	int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < 3; i++)
		s->s1[i] = s->s2[i] = 12345u;
	if (seed) {
		uint64_t x1 = (uint32_t)seed ^ 0x55555555u, x2 = (uint32_t)(seed >> 32) ^ 0xAAAAAAAAu;

		s->s1[0] = (unsigned int)idxgen_mrg_mulmod(x1, s->s1[0], IDXGEN_MRG_M1);
		s->s1[1] = (unsigned int)idxgen_mrg_mulmod(x2, s->s1[1], IDXGEN_MRG_M1);
		s->s1[2] = (unsigned int)idxgen_mrg_mulmod(x1, s->s1[2], IDXGEN_MRG_M1);
		s->s2[0] = (unsigned int)idxgen_mrg_mulmod(x2, s->s2[0], IDXGEN_MRG_M2);
		s->s2[1] = (unsigned int)idxgen_mrg_mulmod(x1, s->s2[1], IDXGEN_MRG_M2);
		s->s2[2] = (unsigned int)idxgen_mrg_mulmod(x2, s->s2[2], IDXGEN_MRG_M2);
	}
	idxgen_mrg_skip(t, 1, subsequence, s);
	idxgen_mrg_skip(t, 0, offset, s);
}

/* one step of both recurrences; their combination, an integer in [1, m1] (curand_MRG32k3a's value) */
IDXGEN_CR__F double idxgen_mrg_next_raw(struct curandStateMRG32k3a *s)
{
	int64_t p1 = (1403580ll * s->s1[1] - 810728ll * s->s1[0]) % (int64_t)IDXGEN_MRG_M1;
	int64_t p2 = (527612ll * s->s2[2] - 1370589ll * s->s2[0]) % (int64_t)IDXGEN_MRG_M2;

	if (p1 < 0)
		p1 += (int64_t)IDXGEN_MRG_M1;
	if (p2 < 0)
		p2 += (int64_t)IDXGEN_MRG_M2;
	s->s1[0] = s->s1[1];
	s->s1[1] = s->s1[2];
	s->s1[2] = (unsigned int)p1;
	s->s2[0] = s->s2[1];
	s->s2[1] = s->s2[2];
	s->s2[2] = (unsigned int)p2;
	return (double)(p1 <= p2 ? p1 - p2 + (int64_t)IDXGEN_MRG_M1 : p1 - p2);
}

/* the combination in (0, 1) (1/m1 units, as cuRAND) */
IDXGEN_CR__F double idxgen_mrg_next_double(struct curandStateMRG32k3a *s)
{
	return idxgen_mrg_next_raw(s) * (1.0 / (double)IDXGEN_MRG_M1);
}

IDXGEN_CR__F unsigned int idxgen_mrg_next(struct curandStateMRG32k3a *s)
{
	return (unsigned int)(idxgen_mrg_next_double(s) * 4294967296.0);
}

/* ---- transforms ------------------------------------------------------------------- */

/* (0, 1]: x 2^-32 + 2^-33, one rounding (what nvcc's contraction makes of cuRAND's expression) */
IDXGEN_CR__F float idxgen_curand_uniform_u32(unsigned int x)
{
	return fmaf((float)x, IDXGEN_CURAND_2POW32_INV, IDXGEN_CURAND_2POW32_INV / 2.0f);
}

/* (0, 1] with 53 bits from two words */
IDXGEN_CR__F double idxgen_curand_uniform_double_u32(unsigned int x, unsigned int y)
{
	unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << (53 - 32));

	return fma((double)z, IDXGEN_CURAND_2POW53_INV_DOUBLE, IDXGEN_CURAND_2POW53_INV_DOUBLE / 2.0);
}

/*
 * Sobol64's (0, 1] double: the word's top 53 bits, x 2^-53 + 2^-54, one
 * rounding (the product is exact), as cuRAND's 64-bit quasi-random uniform
 */
IDXGEN_CR__F double idxgen_curand_uniform_double_u64(unsigned long long x)
{
	return (double)(x >> 11) * IDXGEN_CURAND_2POW53_INV_DOUBLE + IDXGEN_CURAND_2POW53_INV_DOUBLE / 2.0;
}

/*
 * The inverse normal CDF, for quasi-random points (Sobol: one point, one
 * normal, so that the sequence keeps its structure, as cuRAND's): erfc^-1
 * by Newton steps on erfc from a closed-form guess (|error| < 2e-3), in
 * double.  Shared by lib/curand's host generator and the device states.
 */
IDXGEN_CR__F double idxgen_curand_normal_icdf(double p)
{
	double y = 2.0 * (p < 0.5 ? p : 1.0 - p), w = log(y * (2.0 - y));
	double b = 2.0 / (3.14159265358979323846 * 0.147) + w / 2.0;
	double t = sqrt(sqrt(b * b - w / 0.147) - b);

	for (int k = 0; k < 4; k++)
		t += (erfc(t) - y) / (1.1283791670955126 * exp(-t * t));	/* 2 / sqrt(pi) */
	return p < 0.5 ? -1.4142135623730951 * t : 1.4142135623730951 * t;
}

/* Box-Muller on two words: (sin, cos) * sqrt(-2 ln u) */
IDXGEN_CR__F float2 idxgen_curand_box_muller(unsigned int x, unsigned int y)
{
	float u = fmaf((float)x, IDXGEN_CURAND_2POW32_INV, IDXGEN_CURAND_2POW32_INV / 2.0f);
	float v = fmaf((float)y, IDXGEN_CURAND_2POW32_INV_2PI, IDXGEN_CURAND_2POW32_INV_2PI / 2.0f);
	float s = sqrtf(-2.0f * logf(u));
	float2 r;

	r.x = sinf(v) * s;
	r.y = cosf(v) * s;
	return r;
}

IDXGEN_CR__F double2 idxgen_curand_box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0,
						      unsigned int y1)
{
	unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << (53 - 32));
	unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << (53 - 32));
	double u = fma((double)zx, IDXGEN_CURAND_2POW53_INV_DOUBLE, IDXGEN_CURAND_2POW53_INV_DOUBLE / 2.0);
	double v = fma((double)zy, IDXGEN_CURAND_2POW53_INV_DOUBLE * 2.0, IDXGEN_CURAND_2POW53_INV_DOUBLE);
	double s = sqrt(-2.0 * log(u));
	double2 r;

	r.x = sin(v * IDXGEN_CURAND_PI_DOUBLE) * s;
	r.y = cos(v * IDXGEN_CURAND_PI_DOUBLE) * s;
	return r;
}

/* Box-Muller on two uniforms of (0, 1] (MRG32k3a's doubles) */
IDXGEN_CR__F float2 idxgen_curand_box_muller_mrg(float u, float v)
{
	float s = sqrtf(-2.0f * logf(u)), a = v * 6.2831855f;
	float2 r;

	r.x = sinf(a) * s;
	r.y = cosf(a) * s;
	return r;
}

IDXGEN_CR__F double2 idxgen_curand_box_muller_mrg_double(double u, double v)
{
	double s = sqrt(-2.0 * log(u));
	double2 r;

	r.x = sin(2.0 * IDXGEN_CURAND_PI_DOUBLE * v) * s;
	r.y = cos(2.0 * IDXGEN_CURAND_PI_DOUBLE * v) * s;
	return r;
}

/*
 * A Poisson draw from a generator's uniforms.  lambda < 64: Knuth's product
 * of float uniforms against e^lambda (NVIDIA's method: the same draws and
 * results); above: Hormann's transformed rejection with squeeze (PTRS,
 * 1993) on double uniforms, exact in distribution, not NVIDIA's sequence.
 */
IDXGEN_CR__F unsigned int idxgen_curand_poisson_draw(void *st, float (*uf)(void *), double (*ud)(void *), double lambda)
{
	double slam, loglam, b, a, inv_alpha, vr;

	if (!(lambda > 0))
		return 0;
	if (lambda < 64) {
		unsigned int k = 0;
		float p = expf((float)lambda);

		do {
			k++;
			p *= uf(st);
		} while (p > 1.0f);
		return k - 1;
	}
	slam = sqrt(lambda);
	loglam = log(lambda);
	b = 0.931 + 2.53 * slam;
	a = -0.059 + 0.02483 * b;
	inv_alpha = 1.1239 + 1.1328 / (b - 3.4);
	vr = 0.9277 - 3.6224 / (b - 2);
	for (;;) {
		double u = ud(st) - 0.5, v = ud(st), us = 0.5 - fabs(u);
		double k = floor((2 * a / us + b) * u + lambda + 0.43);

		if (us >= 0.07 && v <= vr)
			return (unsigned int)k;
		if (k < 0 || (us < 0.013 && v > us))
			continue;
		if (log(v) + log(inv_alpha) - log(a / (us * us) + b) <= -lambda + k * loglam - lgamma(k + 1))
			return (unsigned int)k;
	}
}

/*
 * Poisson(lambda) by inversion of one uniform u in (0, 1): the first k with
 * u < F(k), for the quasi-random states (one point, one value, so the
 * values keep the points' structure).  F is summed from the mode outwards
 * (the terms relative to nothing that underflows at any lambda), then walked
 * down or up to u: O(sqrt(lambda)) terms, exact at every lambda.
 */
IDXGEN_CR__F unsigned int idxgen_curand_poisson_inverse(double lambda, double u)
{
	double m, pm, p, cdf = 0, k;

	if (!(lambda > 0))
		return 0;
	m = floor(lambda);
	pm = exp(m * log(lambda) - lambda - lgamma(m + 1));
	for (k = m, p = pm;; k--) {	/* cdf(m): the terms down from the mode until they no longer count */
		cdf += p;
		p *= k / lambda;
		if (k == 0 || p < 1e-17 * cdf)
			break;
	}
	if (u < cdf) {	/* down: cdf(k - 1) = cdf(k) - p(k) */
		for (k = m, p = pm; k > 0; k--) {
			cdf -= p;
			if (u >= cdf)
				return (unsigned int)k;
			p *= k / lambda;
		}
		return 0;
	}
	for (k = m, p = pm; u >= cdf && p >= 1e-17 * cdf && k < 4294967295.0;) {	/* up */
		k++;
		p *= lambda / k;
		cdf += p;
	}
	return (unsigned int)k;
}

/* ---- discrete distributions (curandCreatePoissonDistribution, curand_discrete) ------------ */

#define IDXGEN_CURAND_DISCRETE_MAGIC 0x64697363u	/* "disc": a live distribution */

/*
 * A discrete distribution by inversion: value shift + i where i is the
 * first index with u < cdf[i], u uniform in (0, 1) from one draw of the
 * state.  cdf[length - 1] is 1, so every u finds a value; the table starts
 * and ends where the tails left out weigh less than 2^-40, below what a
 * 32-bit draw resolves (lib/curand/discrete.c).  Our own layout: NVIDIA's
 * (an alias table with a normal approximation above lambda 2000) is not
 * documented.
 */
struct curandDiscreteDistribution_st {
	unsigned int magic;
	unsigned int shift;	/* the smallest value the table gives */
	unsigned int length;
	double *cdf;
};

IDXGEN_CR__F unsigned int idxgen_curand_discrete_pick(const struct curandDiscreteDistribution_st *d, double u)
{
	unsigned int lo = 0, hi = d->length - 1;

	while (lo < hi) {	/* the first i with u < cdf[i] */
		unsigned int mid = lo + (hi - lo) / 2;

		if (u < d->cdf[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	return d->shift + lo;
}

#endif /* IDXGEN_CURAND_CORE_H */
