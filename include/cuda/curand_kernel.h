/* SPDX-License-Identifier: MIT */
/*
 * curand_kernel.h - cuRAND's device API for programs idxgen-cc builds for
 * the CPU: the states XORWOW (curandState), Philox4_32_10 and MRG32k3a,
 * curand_init(seed, subsequence, offset, &state), curand, curand4,
 * curand_uniform(2,4)(_double), curand_normal(2,4)(_double),
 * curand_log_normal(2,4)(_double), curand_poisson(4), skipahead,
 * skipahead_sequence, skipahead_subsequence; the quasi-random states
 * curandStateSobol32/64 (curand_init(directions, offset, &state), curand,
 * curand_uniform(_double), curand_normal(_double), curand_log_normal(_double),
 * skipahead).  Header-only, as CUDA's (no -lcurand needed, except for
 * curandGetDirectionVectors32/64, a host call of the library); the generators are idxgen_curand_core.h's.  For a
 * given seed, subsequence and offset the raw sequences, the uniforms and
 * curand_poisson below lambda 64 equal NVIDIA's bit for bit; normals equal
 * them up to the last bits of the float math (sin, cos, log);
 * lib/curand/README.md says what differs.
 *
 * C++ only, as CUDA's (overloads on the state types).
 */
#ifndef IDXGEN_CURAND_KERNEL_H
#define IDXGEN_CURAND_KERNEL_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CURAND_KERNEL_H_

#ifndef __cplusplus
#error "curand_kernel.h is C++ (overloaded on the state types): compile the program as C++ or CUDA"
#endif

#include "curand.h"
#include "idxgen_curand_core.h"

#define IDXGEN_CK__F static inline __host__ __device__ __attribute__((unused))

typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;

/*
 * The skip-ahead tables, computed on first use and constant after: one per
 * program (an inline function's static is shared by every translation
 * unit), initialised thread-safely by the C++ runtime.
 */
inline const struct idxgen_xorwow_tables *idxgen_curand_xorwow_tables()
{
	static struct idxgen_xorwow_tables t;
	static const bool done = (idxgen_xorwow_tables_compute(&t), true);

	(void)done;
	return &t;
}

inline const struct idxgen_mrg_tables *idxgen_curand_mrg_tables()
{
	static struct idxgen_mrg_tables t;
	static const bool done = (idxgen_mrg_tables_compute(&t), true);

	(void)done;
	return &t;
}

/* ---- init, raw words, skipping --------------------------------------------- */

IDXGEN_CK__F void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
			      curandStateXORWOW_t *s)
{
	idxgen_xorwow_init(idxgen_curand_xorwow_tables(), seed, subsequence, offset, s);
}

IDXGEN_CK__F void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
			      curandStatePhilox4_32_10_t *s)
{
	idxgen_philox_init(seed, subsequence, offset, s);
}

IDXGEN_CK__F void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
			      curandStateMRG32k3a_t *s)
{
	idxgen_mrg_init(idxgen_curand_mrg_tables(), seed, subsequence, offset, s);
}

IDXGEN_CK__F unsigned int curand(curandStateXORWOW_t *s) { return idxgen_xorwow_next(s); }
IDXGEN_CK__F unsigned int curand(curandStatePhilox4_32_10_t *s) { return idxgen_philox_next(s); }
IDXGEN_CK__F unsigned int curand(curandStateMRG32k3a_t *s) { return idxgen_mrg_next(s); }
IDXGEN_CK__F uint4 curand4(curandStatePhilox4_32_10_t *s) { return idxgen_philox_next4(s); }

IDXGEN_CK__F void skipahead(unsigned long long n, curandStateXORWOW_t *s)
{
	idxgen_xorwow_skip(idxgen_curand_xorwow_tables(), n, s);
}
IDXGEN_CK__F void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *s)
{
	idxgen_xorwow_skip_sequence(idxgen_curand_xorwow_tables(), n, s);
}
IDXGEN_CK__F void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *s) { idxgen_philox_skip(n, s); }
IDXGEN_CK__F void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *s)
{
	idxgen_philox_skip_sequence(n, s);
}
IDXGEN_CK__F void skipahead(unsigned long long n, curandStateMRG32k3a_t *s)
{
	idxgen_mrg_skip(idxgen_curand_mrg_tables(), 0, n, s);
}
/* MRG32k3a: subsequences are 2^76 steps apart, sequences 2^127 */
IDXGEN_CK__F void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *s)
{
	idxgen_mrg_skip(idxgen_curand_mrg_tables(), 1, n, s);
}
IDXGEN_CK__F void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *s)
{
	idxgen_mrg_skip(idxgen_curand_mrg_tables(), 2, n, s);
}

/* ---- uniform ------------------------------------------------------------------ */

IDXGEN_CK__F float curand_uniform(curandStateXORWOW_t *s) { return idxgen_curand_uniform_u32(curand(s)); }
IDXGEN_CK__F float curand_uniform(curandStatePhilox4_32_10_t *s) { return idxgen_curand_uniform_u32(curand(s)); }
IDXGEN_CK__F float curand_uniform(curandStateMRG32k3a_t *s) { return (float)idxgen_mrg_next_double(s); }

IDXGEN_CK__F double curand_uniform_double(curandStateXORWOW_t *s)
{
	unsigned int x = curand(s), y = curand(s);

	return idxgen_curand_uniform_double_u32(x, y);
}
/* Philox: one word, x 2^-32 + 2^-32 (as NVIDIA's) */
IDXGEN_CK__F double curand_uniform_double(curandStatePhilox4_32_10_t *s)
{
	return fma((double)curand(s), 2.3283064365386963e-10, 2.3283064365386963e-10);
}
IDXGEN_CK__F double curand_uniform_double(curandStateMRG32k3a_t *s) { return idxgen_mrg_next_double(s); }

IDXGEN_CK__F float4 curand_uniform4(curandStatePhilox4_32_10_t *s)
{
	uint4 x = curand4(s);
	float4 r;

	r.x = idxgen_curand_uniform_u32(x.x);
	r.y = idxgen_curand_uniform_u32(x.y);
	r.z = idxgen_curand_uniform_u32(x.z);
	r.w = idxgen_curand_uniform_u32(x.w);
	return r;
}

IDXGEN_CK__F double2 curand_uniform2_double(curandStatePhilox4_32_10_t *s)
{
	uint4 x = curand4(s);
	double2 r;

	r.x = idxgen_curand_uniform_double_u32(x.x, x.y);
	r.y = idxgen_curand_uniform_double_u32(x.z, x.w);
	return r;
}

/* ---- normal: Box-Muller pairs, the second kept for the next call ---------------- */

IDXGEN_CK__F float2 idxgen_curand_pair(curandStateXORWOW_t *s)
{
	unsigned int x = curand(s), y = curand(s);

	return idxgen_curand_box_muller(x, y);
}
IDXGEN_CK__F float2 idxgen_curand_pair(curandStatePhilox4_32_10_t *s)
{
	unsigned int x = curand(s), y = curand(s);

	return idxgen_curand_box_muller(x, y);
}
IDXGEN_CK__F float2 idxgen_curand_pair(curandStateMRG32k3a_t *s)
{
	float u = (float)idxgen_mrg_next_double(s), v = (float)idxgen_mrg_next_double(s);

	return idxgen_curand_box_muller_mrg(u, v);
}
IDXGEN_CK__F double2 idxgen_curand_pair_double(curandStateXORWOW_t *s)
{
	unsigned int a = curand(s), b = curand(s), c = curand(s), d = curand(s);

	return idxgen_curand_box_muller_double(a, b, c, d);
}
IDXGEN_CK__F double2 idxgen_curand_pair_double(curandStatePhilox4_32_10_t *s)
{
	unsigned int a = curand(s), b = curand(s), c = curand(s), d = curand(s);

	return idxgen_curand_box_muller_double(a, b, c, d);
}
IDXGEN_CK__F double2 idxgen_curand_pair_double(curandStateMRG32k3a_t *s)
{
	double u = idxgen_mrg_next_double(s), v = idxgen_mrg_next_double(s);

	return idxgen_curand_box_muller_mrg_double(u, v);
}

#define IDXGEN_CK__NORMAL(State)                                                      \
	IDXGEN_CK__F float curand_normal(State *s)                                    \
	{                                                                             \
		float2 r;                                                             \
		if (s->boxmuller_flag) {                                              \
			s->boxmuller_flag = 0;                                        \
			return s->boxmuller_extra;                                    \
		}                                                                     \
		r = idxgen_curand_pair(s);                                            \
		s->boxmuller_extra = r.y;                                             \
		s->boxmuller_flag = 1;                                                \
		return r.x;                                                           \
	}                                                                             \
	IDXGEN_CK__F double curand_normal_double(State *s)                            \
	{                                                                             \
		double2 r;                                                            \
		if (s->boxmuller_flag_double) {                                       \
			s->boxmuller_flag_double = 0;                                 \
			return s->boxmuller_extra_double;                             \
		}                                                                     \
		r = idxgen_curand_pair_double(s);                                     \
		s->boxmuller_extra_double = r.y;                                      \
		s->boxmuller_flag_double = 1;                                         \
		return r.x;                                                           \
	}                                                                             \
	IDXGEN_CK__F float2 curand_normal2(State *s) { return idxgen_curand_pair(s); } \
	IDXGEN_CK__F double2 curand_normal2_double(State *s) { return idxgen_curand_pair_double(s); } \
	IDXGEN_CK__F float curand_log_normal(State *s, float mean, float stddev)     \
	{                                                                             \
		return expf(mean + stddev * curand_normal(s));                        \
	}                                                                             \
	IDXGEN_CK__F double curand_log_normal_double(State *s, double mean, double stddev) \
	{                                                                             \
		return exp(mean + stddev * curand_normal_double(s));                  \
	}                                                                             \
	IDXGEN_CK__F float2 curand_log_normal2(State *s, float mean, float stddev)   \
	{                                                                             \
		float2 r = curand_normal2(s);                                         \
		r.x = expf(mean + stddev * r.x);                                      \
		r.y = expf(mean + stddev * r.y);                                      \
		return r;                                                             \
	}                                                                             \
	IDXGEN_CK__F double2 curand_log_normal2_double(State *s, double mean, double stddev) \
	{                                                                             \
		double2 r = curand_normal2_double(s);                                 \
		r.x = exp(mean + stddev * r.x);                                       \
		r.y = exp(mean + stddev * r.y);                                       \
		return r;                                                             \
	}
IDXGEN_CK__NORMAL(curandStateXORWOW_t)
IDXGEN_CK__NORMAL(curandStatePhilox4_32_10_t)
IDXGEN_CK__NORMAL(curandStateMRG32k3a_t)
#undef IDXGEN_CK__NORMAL

IDXGEN_CK__F float4 curand_normal4(curandStatePhilox4_32_10_t *s)
{
	uint4 x = curand4(s);
	float2 a = idxgen_curand_box_muller(x.x, x.y), b = idxgen_curand_box_muller(x.z, x.w);
	float4 r;

	r.x = a.x;
	r.y = a.y;
	r.z = b.x;
	r.w = b.y;
	return r;
}

IDXGEN_CK__F float4 curand_log_normal4(curandStatePhilox4_32_10_t *s, float mean, float stddev)
{
	float4 r = curand_normal4(s);

	r.x = expf(mean + stddev * r.x);
	r.y = expf(mean + stddev * r.y);
	r.z = expf(mean + stddev * r.z);
	r.w = expf(mean + stddev * r.w);
	return r;
}

/* ---- Sobol32 and Sobol64: quasi-random, one dimension per state -------------------- */

/*
 * A dimension's direction numbers (curandGetDirectionVectors32/64, -lcurand)
 * and its place: point i is the XOR of the direction numbers of the bits of
 * i's Gray code; x holds point i, c the lowest zero bit of i (the bit the
 * Gray code flips next).  The same points as the host generator's
 * CURAND_RNG_QUASI_SOBOL32 for that dimension and offset.
 */
struct curandStateSobol32 {
	unsigned int i, x, c;
	unsigned int direction_vectors[32];
};
struct curandStateSobol64 {
	unsigned long long i, x, c;
	unsigned long long direction_vectors[64];
};
typedef struct curandStateSobol32 curandStateSobol32_t;
typedef struct curandStateSobol64 curandStateSobol64_t;

IDXGEN_CK__F void skipahead(unsigned int n, curandStateSobol32_t *s)
{
	unsigned int g;

	s->i += n;
	g = s->i ^ (s->i >> 1);
	s->x = 0;
	for (int k = 0; k < 32; k++)
		if (g & (1u << k))
			s->x ^= s->direction_vectors[k];
	s->c = s->i == 0xffffffffu ? 31 : (unsigned int)__builtin_ctz(~s->i);
}
IDXGEN_CK__F void skipahead(unsigned long long n, curandStateSobol64_t *s)
{
	unsigned long long g;

	s->i += n;
	g = s->i ^ (s->i >> 1);
	s->x = 0;
	for (int k = 0; k < 64; k++)
		if (g & (1ull << k))
			s->x ^= s->direction_vectors[k];
	s->c = ~s->i ? (unsigned long long)__builtin_ctzll(~s->i) : 63;
}
IDXGEN_CK__F void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset, curandStateSobol32_t *s)
{
	for (int k = 0; k < 32; k++)
		s->direction_vectors[k] = direction_vectors[k];
	s->i = 0;
	skipahead(offset, s);
}
IDXGEN_CK__F void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
			      curandStateSobol64_t *s)
{
	for (int k = 0; k < 64; k++)
		s->direction_vectors[k] = direction_vectors[k];
	s->i = 0;
	skipahead(offset, s);
}
/* point i, then on to point i + 1 (after 2^32 points the sequence starts again at point 0) */
IDXGEN_CK__F unsigned int curand(curandStateSobol32_t *s)
{
	unsigned int r = s->x;

	s->x ^= s->direction_vectors[s->c & 31];
	s->i++;
	s->c = s->i == 0xffffffffu ? 31 : (unsigned int)__builtin_ctz(~s->i);
	if (s->i == 0)
		s->x = 0;
	return r;
}
IDXGEN_CK__F unsigned long long curand(curandStateSobol64_t *s)
{
	unsigned long long r = s->x;

	s->x ^= s->direction_vectors[s->c & 63];
	s->i++;
	s->c = ~s->i ? (unsigned long long)__builtin_ctzll(~s->i) : 63;
	if (s->i == 0)
		s->x = 0;
	return r;
}
IDXGEN_CK__F float curand_uniform(curandStateSobol32_t *s) { return idxgen_curand_uniform_u32(curand(s)); }
IDXGEN_CK__F double curand_uniform_double(curandStateSobol32_t *s)
{
	return ((double)curand(s) + 0.5) / 4294967296.0;
}
IDXGEN_CK__F double curand_uniform_double(curandStateSobol64_t *s)
{
	/* x 2^-64 + 2^-65: one rounding of the 64-bit word to double, then exact scaling */
	return fma((double)curand(s), 5.421010862427522e-20, 2.710505431213761e-20);
}
/* one point, one normal (the inverse CDF keeps the quasi-random structure) */
IDXGEN_CK__F float curand_normal(curandStateSobol32_t *s)
{
	return (float)idxgen_curand_normal_icdf(((double)curand(s) + 0.5) / 4294967296.0);
}
IDXGEN_CK__F double curand_normal_double(curandStateSobol32_t *s)
{
	return idxgen_curand_normal_icdf(((double)curand(s) + 0.5) / 4294967296.0);
}
IDXGEN_CK__F double curand_normal_double(curandStateSobol64_t *s) { return idxgen_curand_normal_icdf(curand_uniform_double(s)); }
IDXGEN_CK__F float curand_log_normal(curandStateSobol32_t *s, float mean, float stddev)
{
	return (float)exp(mean + stddev * curand_normal_double(s));
}
IDXGEN_CK__F double curand_log_normal_double(curandStateSobol32_t *s, double mean, double stddev)
{
	return exp(mean + stddev * curand_normal_double(s));
}
IDXGEN_CK__F double curand_log_normal_double(curandStateSobol64_t *s, double mean, double stddev)
{
	return exp(mean + stddev * curand_normal_double(s));
}

/* ---- Poisson -------------------------------------------------------------------------- */

/* idxgen_curand_poisson_draw: Knuth below lambda 64 (NVIDIA's draws), PTRS above */
template <class _St> static inline __host__ __device__ unsigned int idxgen_curand_poisson(_St *s, double lambda)
{
	return idxgen_curand_poisson_draw(
		s, [](void *p) { return curand_uniform((_St *)p); },
		[](void *p) { return curand_uniform_double((_St *)p); }, lambda);
}

IDXGEN_CK__F unsigned int curand_poisson(curandStateXORWOW_t *s, double lambda) { return idxgen_curand_poisson(s, lambda); }
IDXGEN_CK__F unsigned int curand_poisson(curandStatePhilox4_32_10_t *s, double lambda)
{
	return idxgen_curand_poisson(s, lambda);
}
IDXGEN_CK__F unsigned int curand_poisson(curandStateMRG32k3a_t *s, double lambda) { return idxgen_curand_poisson(s, lambda); }
IDXGEN_CK__F uint4 curand_poisson4(curandStatePhilox4_32_10_t *s, double lambda)
{
	uint4 r;

	r.x = curand_poisson(s, lambda);
	r.y = curand_poisson(s, lambda);
	r.z = curand_poisson(s, lambda);
	r.w = curand_poisson(s, lambda);
	return r;
}

#endif /* IDXGEN_CURAND_KERNEL_H */
