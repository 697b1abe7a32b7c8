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
 * curand_poisson, skipahead) and their scrambled twins
 * curandStateScrambledSobol32/64 (curand_init(directions, scramble_c,
 * offset, &state)); curand_discrete(4) with a curandCreatePoissonDistribution
 * table; curandStateTest; NVIDIA's public MRG32k3a and Philox helper names.
 * Header-only, as CUDA's (no -lcurand needed, except for the host calls of
 * the library: curandGetDirectionVectors32/64, curandGetScrambleConstants32/64,
 * curandCreatePoissonDistribution); the generators are idxgen_curand_core.h's.  For a
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

/* the namespace of the standard library CUDA's curand headers call into (std on the host) */
#define CURAND_STD std

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
/* Sobol64: float from the word's top 32 bits (Sobol32's point below 2^32 points), double from its top 53 */
IDXGEN_CK__F float curand_uniform(curandStateSobol64_t *s)
{
	return idxgen_curand_uniform_u32((unsigned int)(curand(s) >> 32));
}
IDXGEN_CK__F double curand_uniform_double(curandStateSobol64_t *s)
{
	return idxgen_curand_uniform_double_u64(curand(s));
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
/* Sobol64's float normals: the inverse CDF of the top 32 bits' uniform, in double */
IDXGEN_CK__F double idxgen_sobol64_normal_top(curandStateSobol64_t *s)
{
	return idxgen_curand_normal_icdf(((double)(unsigned int)(curand(s) >> 32) + 0.5) / 4294967296.0);
}
IDXGEN_CK__F float curand_normal(curandStateSobol64_t *s) { return (float)idxgen_sobol64_normal_top(s); }
IDXGEN_CK__F double curand_normal_double(curandStateSobol64_t *s) { return idxgen_curand_normal_icdf(curand_uniform_double(s)); }
IDXGEN_CK__F float curand_log_normal(curandStateSobol32_t *s, float mean, float stddev)
{
	return (float)exp(mean + stddev * curand_normal_double(s));
}
IDXGEN_CK__F double curand_log_normal_double(curandStateSobol32_t *s, double mean, double stddev)
{
	return exp(mean + stddev * curand_normal_double(s));
}
IDXGEN_CK__F float curand_log_normal(curandStateSobol64_t *s, float mean, float stddev)
{
	return (float)exp(mean + stddev * idxgen_sobol64_normal_top(s));
}
IDXGEN_CK__F double curand_log_normal_double(curandStateSobol64_t *s, double mean, double stddev)
{
	return exp(mean + stddev * curand_normal_double(s));
}

/* ---- scrambled Sobol32 and Sobol64 ---------------------------------------------------------- */

/*
 * As CUDA documents them: the Sobol points of the direction vectors XOR-ed
 * with the dimension's scramble constant (curandGetScrambleConstants32/64,
 * ours: lib/curand/README.md).  NVIDIA's fields: c holds the constant, x the
 * scrambled point i; a step or a skip XORs in the direction numbers of the
 * Gray-code bits that change, so the constant stays in.
 */
struct curandStateScrambledSobol32 {
	unsigned int i, x, c;
	unsigned int direction_vectors[32];
};
struct curandStateScrambledSobol64 {
	unsigned long long i, x, c;
	unsigned long long direction_vectors[64];
};
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;

/* from point i to point i + n (mod 2^bits): the direction numbers of the bits where the Gray codes differ */
template <class _Uint, int _Bits, class _St> static inline __host__ __device__ void idxgen_scrambled_skip(_Uint __n, _St *__s)
{
	_Uint __g = (_Uint)(__s->i ^ (__s->i >> 1));

	__s->i += __n;
	__g ^= (_Uint)(__s->i ^ (__s->i >> 1));
	for (int __k = 0; __k < _Bits; __k++)
		if (__g >> __k & 1)
			__s->x ^= __s->direction_vectors[__k];
}
template <class _Uint, int _Bits, class _St> static inline __host__ __device__ _Uint idxgen_scrambled_next(_St *__s)
{
	_Uint __r = (_Uint)__s->x;

	idxgen_scrambled_skip<_Uint, _Bits>((_Uint)1, __s);
	return __r;
}

IDXGEN_CK__F void skipahead(unsigned int n, curandStateScrambledSobol32_t *s)
{
	idxgen_scrambled_skip<unsigned int, 32>(n, s);
}
IDXGEN_CK__F void skipahead(unsigned long long n, curandStateScrambledSobol64_t *s)
{
	idxgen_scrambled_skip<unsigned long long, 64>(n, s);
}
IDXGEN_CK__F void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c,
			      unsigned int offset, curandStateScrambledSobol32_t *s)
{
	for (int k = 0; k < 32; k++)
		s->direction_vectors[k] = direction_vectors[k];
	s->i = 0;
	s->x = s->c = scramble_c;
	skipahead(offset, s);
}
IDXGEN_CK__F void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long scramble_c,
			      unsigned long long offset, curandStateScrambledSobol64_t *s)
{
	for (int k = 0; k < 64; k++)
		s->direction_vectors[k] = direction_vectors[k];
	s->i = 0;
	s->x = s->c = scramble_c;
	skipahead(offset, s);
}
IDXGEN_CK__F unsigned int curand(curandStateScrambledSobol32_t *s) { return idxgen_scrambled_next<unsigned int, 32>(s); }
IDXGEN_CK__F unsigned long long curand(curandStateScrambledSobol64_t *s)
{
	return idxgen_scrambled_next<unsigned long long, 64>(s);
}
/* the transforms of the unscrambled states, on the scrambled point */
IDXGEN_CK__F float curand_uniform(curandStateScrambledSobol32_t *s) { return idxgen_curand_uniform_u32(curand(s)); }
IDXGEN_CK__F double curand_uniform_double(curandStateScrambledSobol32_t *s)
{
	return ((double)curand(s) + 0.5) / 4294967296.0;
}
IDXGEN_CK__F float curand_uniform(curandStateScrambledSobol64_t *s)
{
	return idxgen_curand_uniform_u32((unsigned int)(curand(s) >> 32));
}
IDXGEN_CK__F double curand_uniform_double(curandStateScrambledSobol64_t *s)
{
	return idxgen_curand_uniform_double_u64(curand(s));
}
IDXGEN_CK__F double curand_normal_double(curandStateScrambledSobol32_t *s)
{
	return idxgen_curand_normal_icdf(((double)curand(s) + 0.5) / 4294967296.0);
}
IDXGEN_CK__F float curand_normal(curandStateScrambledSobol32_t *s) { return (float)curand_normal_double(s); }
IDXGEN_CK__F double curand_normal_double(curandStateScrambledSobol64_t *s)
{
	return idxgen_curand_normal_icdf(curand_uniform_double(s));
}
IDXGEN_CK__F float curand_normal(curandStateScrambledSobol64_t *s)
{
	return (float)idxgen_curand_normal_icdf(((double)(unsigned int)(curand(s) >> 32) + 0.5) / 4294967296.0);
}
IDXGEN_CK__F float curand_log_normal(curandStateScrambledSobol32_t *s, float mean, float stddev)
{
	return (float)exp(mean + stddev * curand_normal_double(s));
}
IDXGEN_CK__F double curand_log_normal_double(curandStateScrambledSobol32_t *s, double mean, double stddev)
{
	return exp(mean + stddev * curand_normal_double(s));
}
IDXGEN_CK__F float curand_log_normal(curandStateScrambledSobol64_t *s, float mean, float stddev)
{
	return (float)exp(mean + stddev * (double)curand_normal(s));
}
IDXGEN_CK__F double curand_log_normal_double(curandStateScrambledSobol64_t *s, double mean, double stddev)
{
	return exp(mean + stddev * curand_normal_double(s));
}

/* ---- the test generator ------------------------------------------------------------------------ */

/* CUDA's documented toy: x0 = seed * 3 + subsequence * 31337 + offset (mod 2^32), then x + 1 each draw */
struct curandStateTest {
	unsigned int v;
};
typedef struct curandStateTest curandStateTest_t;

IDXGEN_CK__F void curand_init(unsigned long long seed, unsigned long long subsequence, unsigned long long offset,
			      curandStateTest_t *s)
{
	s->v = (unsigned int)(seed * 3) + (unsigned int)(subsequence * 31337) + (unsigned int)offset;
}
IDXGEN_CK__F unsigned int curand(curandStateTest_t *s) { return s->v++; }
IDXGEN_CK__F void skipahead(unsigned long long n, curandStateTest_t *s) { s->v += (unsigned int)n; }

/* ---- discrete distributions (curandCreatePoissonDistribution) ------------------------------ */

/* one draw of the state per value: u = (x + 1/2) 2^-32 (64-bit states: the top 53 bits), then the table's inverse */
IDXGEN_CK__F unsigned int idxgen_discrete_u32(curandDiscreteDistribution_t d, unsigned int x)
{
	return idxgen_curand_discrete_pick(d, ((double)x + 0.5) * 2.3283064365386963e-10);
}
#define IDXGEN_CK__DISCRETE(State)                                                                   \
	IDXGEN_CK__F unsigned int curand_discrete(State *s, curandDiscreteDistribution_t d)          \
	{                                                                                            \
		return idxgen_discrete_u32(d, curand(s));                                            \
	}
IDXGEN_CK__DISCRETE(curandStateXORWOW_t)
IDXGEN_CK__DISCRETE(curandStatePhilox4_32_10_t)
IDXGEN_CK__DISCRETE(curandStateMRG32k3a_t)
IDXGEN_CK__DISCRETE(curandStateSobol32_t)
IDXGEN_CK__DISCRETE(curandStateScrambledSobol32_t)
#undef IDXGEN_CK__DISCRETE
IDXGEN_CK__F unsigned int curand_discrete(curandStateSobol64_t *s, curandDiscreteDistribution_t d)
{
	return idxgen_curand_discrete_pick(d, idxgen_curand_uniform_double_u64(curand(s)));
}
IDXGEN_CK__F unsigned int curand_discrete(curandStateScrambledSobol64_t *s, curandDiscreteDistribution_t d)
{
	return idxgen_curand_discrete_pick(d, idxgen_curand_uniform_double_u64(curand(s)));
}
IDXGEN_CK__F uint4 curand_discrete4(curandStatePhilox4_32_10_t *s, curandDiscreteDistribution_t d)
{
	uint4 x = curand4(s), r;

	r.x = idxgen_discrete_u32(d, x.x);
	r.y = idxgen_discrete_u32(d, x.y);
	r.z = idxgen_discrete_u32(d, x.z);
	r.w = idxgen_discrete_u32(d, x.w);
	return r;
}

/* ---- NVIDIA's public helpers of MRG32k3a and Philox, on our generators ------------------------ */

/* i mod m in [0, m), i and m integers exact in a double */
IDXGEN_CK__F double curand_MRGmod(double i, double m)
{
	double r = i - floor(i / m) * m;

	return r < 0 ? r + m : r;
}
/* i j mod m for i, j < 2^32 (exact: through a 128-bit product) */
IDXGEN_CK__F double curand_MRGmodMul(double i, double j, double m)
{
	return (double)idxgen_mrg_mulmod((uint64_t)i, (uint64_t)j, (uint64_t)m);
}
/* o = i1 i2 mod m (o may be i1 or i2) */
IDXGEN_CK__F void curand_MRGmatMul3x3(unsigned int i1[][3], unsigned int i2[][3], unsigned int o[][3], double m)
{
	struct idxgen_mrg_matrix a, b, r;

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			a.a[i][j] = i1[i][j];
			b.a[i][j] = i2[i][j];
		}
	r = idxgen_mrg_mul(&a, &b, (uint64_t)m);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			o[i][j] = (unsigned int)r.a[i][j];
}
/* v = i v mod m */
IDXGEN_CK__F void curand_MRGmatVecMul3x3(unsigned int i[][3], unsigned int v[], double m)
{
	struct idxgen_mrg_matrix a;

	for (int r = 0; r < 3; r++)
		for (int c = 0; c < 3; c++)
			a.a[r][c] = i[r][c];
	idxgen_mrg_apply(&a, v, (uint64_t)m);
}
/* o = in[0]^pow mod m, where in[k] = in[0]^(2^k) for every set bit k of pow (CUDA's table layout) */
IDXGEN_CK__F void curand_MRGmatPow3x3(unsigned int in[][3][3], unsigned int o[][3], double m, unsigned long long pow)
{
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			o[i][j] = i == j;
	for (int k = 0; pow; k++, pow >>= 1)
		if (pow & 1)
			curand_MRGmatMul3x3(in[k], o, o, m);
}
/* o = in^(2^(pow mod 191)) mod m, by squaring (NVIDIA's name, misspelling included) */
IDXGEN_CK__F void curnand_MRGmatPow2Pow3x3(double in[][3], double o[][3], double m, unsigned long pow)
{
	unsigned int t[3][3];

	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			t[i][j] = (unsigned int)in[i][j];
	for (pow %= 191; pow; pow--)
		curand_MRGmatMul3x3(t, t, t, m);
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++)
			o[i][j] = t[i][j];
}
/* one step of the state; the combination of its recurrences, an integer in [1, m1], as a double */
IDXGEN_CK__F double curand_MRG32k3a(curandStateMRG32k3a_t *s) { return idxgen_mrg_next_raw(s); }
/* the Philox4x32-10 block of counter c under key k */
IDXGEN_CK__F uint4 curand_Philox4x32_10(uint4 c, uint2 k) { return idxgen_philox4x32_10(c, k); }

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
/*
 * The quasi-random states: one point per value, inverted (CUDA inverts
 * below lambda 1000 and takes a normal approximation above; ours stays
 * exact at every lambda).  u = (x + 1/2) 2^-32, 64-bit states the top 53 bits.
 */
IDXGEN_CK__F unsigned int curand_poisson(curandStateSobol32_t *s, double lambda)
{
	return idxgen_curand_poisson_inverse(lambda, ((double)curand(s) + 0.5) * 2.3283064365386963e-10);
}
IDXGEN_CK__F unsigned int curand_poisson(curandStateScrambledSobol32_t *s, double lambda)
{
	return idxgen_curand_poisson_inverse(lambda, ((double)curand(s) + 0.5) * 2.3283064365386963e-10);
}
IDXGEN_CK__F unsigned int curand_poisson(curandStateSobol64_t *s, double lambda)
{
	return idxgen_curand_poisson_inverse(lambda, idxgen_curand_uniform_double_u64(curand(s)));
}
IDXGEN_CK__F unsigned int curand_poisson(curandStateScrambledSobol64_t *s, double lambda)
{
	return idxgen_curand_poisson_inverse(lambda, idxgen_curand_uniform_double_u64(curand(s)));
}
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
