/* SPDX-License-Identifier: MIT */
/*
 * cuda_fp8.h - CUDA's 8-bit floating types for programs that idxgen-cc
 * builds for the CPU: the OFP8 formats E4M3 (__nv_fp8_e4m3: bias 7, no
 * infinities, S.1111.111 is NaN, largest 448) and E5M2 (__nv_fp8_e5m2:
 * binary16's top byte, with infinities and NaNs), their pairs and quads
 * (__nv_fp8x2_*, __nv_fp8x4_*), and the C-style conversions __nv_cvt_*.
 * Written from CUDA's documented API and the OCP 8-bit floating point
 * specification (OFP8, 2023); no NVIDIA text.
 *
 * Conversions to fp8 round to nearest-even exactly (idxgen_fp_round.h on the
 * value's exact (m, e) decomposition).  __NV_SATFINITE clamps a finite value
 * past the largest, and an infinity, to the largest finite value of its
 * sign; __NV_NOSAT gives NaN (E4M3, which has no infinity) or infinity (E5M2).
 * A float NaN becomes 0x7f; a double NaN keeps its sign (and, E5M2, its two
 * top payload bits), as CUDA's conversions do.  The classes' constructors
 * saturate (__NV_SATFINITE), as CUDA's.  Conversions from fp8 are exact
 * (every E4M3/E5M2 value is a binary16 value); a NaN becomes binary16's
 * canonical NaN 0x7fff.  The types have no arithmetic: as in CUDA, programs
 * convert to float, __half or __nv_bfloat16 to compute.
 *
 * C++ only, as CUDA's (the types are classes with conversion operators).
 */
#ifndef IDXGEN_CUDA_FP8_H
#define IDXGEN_CUDA_FP8_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define __CUDA_FP8_H__

#ifndef __cplusplus
#error "cuda_fp8.h is C++ (its types are classes): compile the program as C++ or CUDA"
#endif

#include "cuda_fp16.h"
#include "cuda_bf16.h"

#define __CUDA_FP8_TYPES_EXIST__

#define IDXGEN_FP8__F static inline __host__ __device__ __attribute__((unused))

typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;

typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;

/*
 * (-1)^neg * m * 2^e rounded to nearest-even in the format.  E5M2 is an
 * IEEE format (5 exponent bits, 2 stored): idxgen_fp_round directly.  E4M3
 * differs from IEEE only at the top (exponent 1111 holds normal numbers up
 * to 448): its encodings below NaN are those of the IEEE format with 5
 * exponent bits and 3 stored, bias 15, for the value scaled by 2^-8 (the
 * biased exponents agree, e + 7 = (e - 8) + 15, and the subnormal quantum
 * 2^-9 becomes 2^-17); a rounded magnitude past 0x7e is an overflow.
 */
IDXGEN_FP8__F __nv_fp8_storage_t idxgen_fp8_round(int neg, uint64_t m, int e, __nv_saturation_t sat,
						  __nv_fp8_interpretation_t fmt)
{
	const unsigned sign = neg ? 0x80u : 0u;
	unsigned mag;

	if (fmt == __NV_E5M2) {
		mag = idxgen_fp_round(0, m, e, 5, 2, IDXGEN_FP_RN);
		if (mag >= 0x7cu)	/* rounded to infinity */
			mag = sat == __NV_SATFINITE ? 0x7bu : 0x7cu;
	} else {
		mag = idxgen_fp_round(0, m, e - 8, 5, 3, IDXGEN_FP_RN);
		if (mag > 0x7eu)	/* past 448 (464 itself ties to 448, even) */
			mag = sat == __NV_SATFINITE ? 0x7eu : 0x7fu;
	}
	return (__nv_fp8_storage_t)(sign | mag);
}

/* an infinity: the largest finite value (saturating), else E5M2's infinity or E4M3's NaN */
IDXGEN_FP8__F __nv_fp8_storage_t idxgen_fp8_inf(int neg, __nv_saturation_t sat, __nv_fp8_interpretation_t fmt)
{
	unsigned mag = fmt == __NV_E5M2 ? (sat == __NV_SATFINITE ? 0x7bu : 0x7cu)
					: (sat == __NV_SATFINITE ? 0x7eu : 0x7fu);

	return (__nv_fp8_storage_t)((neg ? 0x80u : 0u) | mag);
}

IDXGEN_FP8__F __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
							const __nv_fp8_interpretation_t fp8_interpretation)
{
	int neg, e, special;
	uint64_t m, bits;

	idxgen_fp_split_double(x, &neg, &m, &e, &special);
	if (special == 2) {
		/* NaN: its sign kept; E5M2 also keeps the two top payload bits */
		memcpy(&bits, &x, sizeof(bits));
		return (__nv_fp8_storage_t)((neg ? 0x80u : 0u) |
					    (fp8_interpretation == __NV_E4M3 ? 0x7fu
									     : 0x7eu | (unsigned)((bits >> 50) & 3u)));
	}
	if (special == 1)
		return idxgen_fp8_inf(neg, saturate, fp8_interpretation);
	return idxgen_fp8_round(neg, m, e, saturate, fp8_interpretation);
}

IDXGEN_FP8__F __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
						       const __nv_fp8_interpretation_t fp8_interpretation)
{
	if (x != x)
		return 0x7f;	/* every float NaN: the positive NaN */
	return __nv_cvt_double_to_fp8((double)x, saturate, fp8_interpretation);
}

IDXGEN_FP8__F __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
							 const __nv_fp8_interpretation_t fp8_interpretation)
{
	return __nv_cvt_float_to_fp8(idxgen_h_to_float(x.x), saturate, fp8_interpretation);
}

IDXGEN_FP8__F __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x,
							     const __nv_saturation_t saturate,
							     const __nv_fp8_interpretation_t fp8_interpretation)
{
	return __nv_cvt_float_to_fp8(idxgen_fp_to_float(x.x, 8, 7), saturate, fp8_interpretation);
}

/* pairs: .x in the low byte, .y in the high one */
IDXGEN_FP8__F __nv_fp8x2_storage_t idxgen_fp8_pack2(__nv_fp8_storage_t lo, __nv_fp8_storage_t hi)
{
	return (__nv_fp8x2_storage_t)(lo | (unsigned)hi << 8);
}

IDXGEN_FP8__F __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
							     const __nv_fp8_interpretation_t fp8_interpretation)
{
	return idxgen_fp8_pack2(__nv_cvt_double_to_fp8(x.x, saturate, fp8_interpretation),
				__nv_cvt_double_to_fp8(x.y, saturate, fp8_interpretation));
}

IDXGEN_FP8__F __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
							    const __nv_fp8_interpretation_t fp8_interpretation)
{
	return idxgen_fp8_pack2(__nv_cvt_float_to_fp8(x.x, saturate, fp8_interpretation),
				__nv_cvt_float_to_fp8(x.y, saturate, fp8_interpretation));
}

IDXGEN_FP8__F __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
							      const __nv_fp8_interpretation_t fp8_interpretation)
{
	__half_raw lo, hi;

	lo.x = x.x;
	hi.x = x.y;
	return idxgen_fp8_pack2(__nv_cvt_halfraw_to_fp8(lo, saturate, fp8_interpretation),
				__nv_cvt_halfraw_to_fp8(hi, saturate, fp8_interpretation));
}

IDXGEN_FP8__F __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x,
								  const __nv_saturation_t saturate,
								  const __nv_fp8_interpretation_t fp8_interpretation)
{
	__nv_bfloat16_raw lo, hi;

	lo.x = x.x;
	hi.x = x.y;
	return idxgen_fp8_pack2(__nv_cvt_bfloat16raw_to_fp8(lo, saturate, fp8_interpretation),
				__nv_cvt_bfloat16raw_to_fp8(hi, saturate, fp8_interpretation));
}

/*
 * fp8 to binary16, exact.  E5M2 is binary16's top byte; E4M3's value is
 * (8 + mantissa) * 2^(exponent - 10), or mantissa * 2^-9 when the exponent
 * field is 0, which binary16 holds exactly (as a normal number).
 */
IDXGEN_FP8__F __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x,
						 const __nv_fp8_interpretation_t fp8_interpretation)
{
	__half_raw r;
	unsigned ex = (x >> 3) & 0xfu, man = x & 7u;

	if ((fp8_interpretation == __NV_E5M2 && (x & 0x7fu) > 0x7cu) ||
	    (fp8_interpretation == __NV_E4M3 && (x & 0x7fu) == 0x7fu)) {
		r.x = 0x7fff;	/* NaN: binary16's canonical NaN, sign dropped */
		return r;
	}
	if (fp8_interpretation == __NV_E5M2) {
		r.x = (unsigned short)(x << 8);
		return r;
	}
	float v = ex ? ldexpf((float)(8u + man), (int)ex - 10) : ldexpf((float)man, -9);
	r.x = idxgen_h_from_float((x & 0x80u) ? -v : v, IDXGEN_FP_RN);	/* exact */
	return r;
}

IDXGEN_FP8__F __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x,
						     const __nv_fp8_interpretation_t fp8_interpretation)
{
	__half2_raw r;

	r.x = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x & 0xffu), fp8_interpretation).x;
	r.y = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)(x >> 8), fp8_interpretation).x;
	return r;
}

IDXGEN_FP8__F float idxgen_fp8_to_float(__nv_fp8_storage_t x, __nv_fp8_interpretation_t fmt)
{
	return idxgen_h_to_float(__nv_cvt_fp8_to_halfraw(x, fmt).x);
}

/*
 * The scalar classes: the encoding in __x; constructors from the floating
 * types saturate, from the integer types they go through float (as CUDA's);
 * conversions out are explicit: to float, double, __half, __nv_bfloat16
 * exactly, to the integer types toward zero, saturating, NaN giving 0.
 */
#define IDXGEN_FP8_SCALAR(NAME, FMT)                                                                          \
	struct __attribute__((aligned(1))) NAME {                                                             \
		__nv_fp8_storage_t __x;                                                                       \
                                                                                                              \
		NAME() = default;                                                                             \
		explicit __host__ __device__ NAME(const __half f)                                             \
			: __x(__nv_cvt_halfraw_to_fp8(static_cast<__half_raw>(f), __NV_SATFINITE, FMT)) {}    \
		explicit __host__ __device__ NAME(const __nv_bfloat16 f)                                      \
			: __x(__nv_cvt_bfloat16raw_to_fp8(static_cast<__nv_bfloat16_raw>(f), __NV_SATFINITE,  \
							  FMT)) {}                                            \
		explicit __host__ __device__ NAME(const float f) : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, FMT)) {} \
		explicit __host__ __device__ NAME(const double f)                                             \
			: __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, FMT)) {}                              \
		explicit __host__ __device__ NAME(const unsigned short v) : NAME(static_cast<float>(v)) {}    \
		explicit __host__ __device__ NAME(const unsigned int v) : NAME(static_cast<float>(v)) {}      \
		explicit __host__ __device__ NAME(const unsigned long v) : NAME(static_cast<float>(v)) {}     \
		explicit __host__ __device__ NAME(const unsigned long long v) : NAME(static_cast<float>(v)) {} \
		explicit __host__ __device__ NAME(const short v) : NAME(static_cast<float>(v)) {}             \
		explicit __host__ __device__ NAME(const int v) : NAME(static_cast<float>(v)) {}               \
		explicit __host__ __device__ NAME(const long v) : NAME(static_cast<float>(v)) {}              \
		explicit __host__ __device__ NAME(const long long v) : NAME(static_cast<float>(v)) {}         \
                                                                                                              \
		explicit __host__ __device__ operator float() const { return idxgen_fp8_to_float(__x, FMT); } \
		explicit __host__ __device__ operator double() const { return idxgen_fp8_to_float(__x, FMT); } \
		explicit __host__ __device__ operator __half() const                                          \
		{                                                                                             \
			return __half(__nv_cvt_fp8_to_halfraw(__x, FMT));                                     \
		}                                                                                             \
		explicit __host__ __device__ operator __nv_bfloat16() const                                   \
		{                                                                                             \
			__nv_bfloat16_raw r;                                                                  \
			float f = idxgen_fp8_to_float(__x, FMT);                                              \
			r.x = f != f ? 0x7fff : idxgen_fp_from_float(f, 8, 7, IDXGEN_FP_RZ, 0x7fff);          \
			return __nv_bfloat16(r);                                                              \
		}                                                                                             \
		explicit __host__ __device__ operator unsigned char() const { return (unsigned char)to_u(255.0); } \
		explicit __host__ __device__ operator unsigned short() const { return (unsigned short)to_u(65535.0); } \
		explicit __host__ __device__ operator unsigned int() const { return (unsigned int)to_u(4294967295.0); } \
		explicit __host__ __device__ operator unsigned long() const                                   \
		{                                                                                             \
			return (unsigned long)to_u(sizeof(long) == 8 ? 1.8446744073709552e19 : 4294967295.0); \
		}                                                                                             \
		explicit __host__ __device__ operator unsigned long long() const                              \
		{                                                                                             \
			return to_u(1.8446744073709552e19);                                                   \
		}                                                                                             \
		explicit __host__ __device__ operator signed char() const { return (signed char)to_s(-128.0, 127.0); } \
		explicit __host__ __device__ operator char() const                                            \
		{                                                                                             \
			return (char)((char)-1 < 0 ? to_s(-128.0, 127.0) : (long long)to_u(255.0));           \
		}                                                                                             \
		explicit __host__ __device__ operator short() const { return (short)to_s(-32768.0, 32767.0); } \
		explicit __host__ __device__ operator int() const { return (int)to_s(-2147483648.0, 2147483647.0); } \
		explicit __host__ __device__ operator long() const                                            \
		{                                                                                             \
			return sizeof(long) == 8 ? (long)to_s(-9.2233720368547758e18, 9.2233720368547758e18)  \
						 : (long)to_s(-2147483648.0, 2147483647.0);                   \
		}                                                                                             \
		explicit __host__ __device__ operator long long() const                                       \
		{                                                                                             \
			return to_s(-9.2233720368547758e18, 9.2233720368547758e18);                           \
		}                                                                                             \
		explicit __host__ __device__ operator bool() const { return (__x & 0x7fu) != 0; }             \
                                                                                                              \
	      private:                                                                                        \
		__host__ __device__ unsigned long long to_u(double hi) const                                  \
		{                                                                                             \
			return idxgen_fp_to_uint(idxgen_fp8_to_float(__x, FMT), IDXGEN_FP_RZ, hi);            \
		}                                                                                             \
		__host__ __device__ long long to_s(double lo, double hi) const                                \
		{                                                                                             \
			return idxgen_fp_to_int(idxgen_fp8_to_float(__x, FMT), IDXGEN_FP_RZ, lo, hi);         \
		}                                                                                             \
	};

IDXGEN_FP8_SCALAR(__nv_fp8_e4m3, __NV_E4M3)
IDXGEN_FP8_SCALAR(__nv_fp8_e5m2, __NV_E5M2)

/* pairs: x in the low byte of __x, y in the high one */
#define IDXGEN_FP8_PAIR(NAME, FMT)                                                                            \
	struct __attribute__((aligned(2))) NAME {                                                             \
		__nv_fp8x2_storage_t __x;                                                                     \
                                                                                                              \
		NAME() = default;                                                                             \
		explicit __host__ __device__ NAME(const __half2 f)                                            \
			: __x(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(f), __NV_SATFINITE, FMT)) {} \
		explicit __host__ __device__ NAME(const __nv_bfloat162 f)                                     \
			: __x(__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(f),              \
							     __NV_SATFINITE, FMT)) {}                         \
		explicit __host__ __device__ NAME(const float2 f)                                             \
			: __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, FMT)) {}                            \
		explicit __host__ __device__ NAME(const double2 f)                                            \
			: __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, FMT)) {}                           \
		explicit __host__ __device__ operator __half2() const                                         \
		{                                                                                             \
			return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, FMT));                                 \
		}                                                                                             \
		explicit __host__ __device__ operator float2() const                                          \
		{                                                                                             \
			float2 r;                                                                             \
			r.x = idxgen_fp8_to_float((__nv_fp8_storage_t)(__x & 0xffu), FMT);                    \
			r.y = idxgen_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), FMT);                       \
			return r;                                                                             \
		}                                                                                             \
	};

IDXGEN_FP8_PAIR(__nv_fp8x2_e4m3, __NV_E4M3)
IDXGEN_FP8_PAIR(__nv_fp8x2_e5m2, __NV_E5M2)

IDXGEN_FP8__F float2 idxgen_fp8_f2(float x, float y)
{
	float2 r;

	r.x = x;
	r.y = y;
	return r;
}

IDXGEN_FP8__F double2 idxgen_fp8_d2(double x, double y)
{
	double2 r;

	r.x = x;
	r.y = y;
	return r;
}

/* quads: x, y, z, w from the low byte of __x up; built from two pairs (low, high) or a 4-vector */
#define IDXGEN_FP8_QUAD(NAME, FMT)                                                                            \
	struct __attribute__((aligned(4))) NAME {                                                             \
		__nv_fp8x4_storage_t __x;                                                                     \
                                                                                                              \
		NAME() = default;                                                                             \
		explicit __host__ __device__ NAME(const __half2 flo, const __half2 fhi)                       \
			: __x(pack(__nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(flo), __NV_SATFINITE, FMT), \
				   __nv_cvt_halfraw2_to_fp8x2(static_cast<__half2_raw>(fhi), __NV_SATFINITE, FMT))) {} \
		explicit __host__ __device__ NAME(const __nv_bfloat162 flo, const __nv_bfloat162 fhi)         \
			: __x(pack(__nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(flo),       \
								  __NV_SATFINITE, FMT),                       \
				   __nv_cvt_bfloat16raw2_to_fp8x2(static_cast<__nv_bfloat162_raw>(fhi),       \
								  __NV_SATFINITE, FMT))) {}                   \
		explicit __host__ __device__ NAME(const float4 f)                                             \
			: __x(pack(__nv_cvt_float2_to_fp8x2(idxgen_fp8_f2(f.x, f.y), __NV_SATFINITE, FMT),      \
				   __nv_cvt_float2_to_fp8x2(idxgen_fp8_f2(f.z, f.w), __NV_SATFINITE, FMT))) {}  \
		explicit __host__ __device__ NAME(const double4 f)                                            \
			: __x(pack(__nv_cvt_double2_to_fp8x2(idxgen_fp8_d2(f.x, f.y), __NV_SATFINITE, FMT),    \
				   __nv_cvt_double2_to_fp8x2(idxgen_fp8_d2(f.z, f.w), __NV_SATFINITE, FMT))) {} \
		explicit __host__ __device__ operator float4() const                                          \
		{                                                                                             \
			float4 r;                                                                             \
			r.x = idxgen_fp8_to_float((__nv_fp8_storage_t)(__x & 0xffu), FMT);                    \
			r.y = idxgen_fp8_to_float((__nv_fp8_storage_t)((__x >> 8) & 0xffu), FMT);             \
			r.z = idxgen_fp8_to_float((__nv_fp8_storage_t)((__x >> 16) & 0xffu), FMT);            \
			r.w = idxgen_fp8_to_float((__nv_fp8_storage_t)(__x >> 24), FMT);                      \
			return r;                                                                             \
		}                                                                                             \
                                                                                                              \
	      private:                                                                                        \
		static __host__ __device__ __nv_fp8x4_storage_t pack(__nv_fp8x2_storage_t lo, __nv_fp8x2_storage_t hi) \
		{                                                                                             \
			return (__nv_fp8x4_storage_t)lo | (__nv_fp8x4_storage_t)hi << 16;                     \
		}                                                                                             \
	};

IDXGEN_FP8_QUAD(__nv_fp8x4_e4m3, __NV_E4M3)
IDXGEN_FP8_QUAD(__nv_fp8x4_e5m2, __NV_E5M2)

#endif /* IDXGEN_CUDA_FP8_H */
