/* SPDX-License-Identifier: MIT */
/*
 * mma.h - CUDA's warp matrix functions (nvcuda::wmma) for programs built
 * by idxgen-cc: fragments of matrix_a, matrix_b and the accumulator in the
 * shapes m16n16k16, m32n8k16, m8n32k16 (half, __nv_bfloat16, signed and
 * unsigned char; float, half or int accumulators), m16n16k8 (precision::tf32,
 * float accumulator) and m8n8k4 (double), row- and column-major;
 * fill_fragment, load_matrix_sync, store_matrix_sync, mma_sync.
 *
 * The warp owns a tile; each lane holds an equal share of it in frag.x[]:
 * element e of lane l is the tile's element e*32 + l in row-major order
 * (rows*cols/32 elements a lane).  CUDA leaves this mapping unspecified and
 * promises only that an operation applied to every x[i] of every lane
 * applies to every element of the tile, which holds here.
 *
 * The _sync functions are warp rendezvous (a kernel naming anything of this
 * header runs as fibers: lib/cc/fiber_plan.c): when the last lane of the
 * warp has arrived, every lane's part of the load, store or product is done
 * at that one instant, the lanes' fragments read in place on their stacks,
 * as the warp's lanes act together on a GPU.  mma_sync computes each
 * element of D as C + sum over k of A*B in k order, in float (double for
 * double, 64-bit integers for 8-bit inputs), rounded once to D's type;
 * tf32 inputs are cut to tf32's 10 fraction bits (the hardware reads no
 * more).  Tensor cores sum in an order and with an internal precision of
 * their own, so float results may differ from a GPU's in the last bits.
 */
#ifndef IDXGEN_MMA_H
#define IDXGEN_MMA_H
#define __CUDA_MMA_H__

#ifndef __cplusplus
#error "mma.h is C++ (as CUDA's is)"
#endif

#include <stdint.h>
#include <string.h>
#include <type_traits>
#include <cuda_fp16.h>
#include <cuda_bf16.h>

namespace nvcuda
{
namespace wmma
{

struct row_major;
struct col_major;
struct matrix_a;
struct matrix_b;
struct accumulator;
enum layout_t { mem_row_major, mem_col_major };

namespace precision
{
struct tf32;
}

/* The tile a fragment holds: rows x cols. */
template <typename _Use, int _M, int _N, int _K> struct __idxgen_shape;
template <int _M, int _N, int _K> struct __idxgen_shape<matrix_a, _M, _N, _K> {
	enum { rows = _M, cols = _K };
};
template <int _M, int _N, int _K> struct __idxgen_shape<matrix_b, _M, _N, _K> {
	enum { rows = _K, cols = _N };
};
template <int _M, int _N, int _K> struct __idxgen_shape<accumulator, _M, _N, _K> {
	enum { rows = _M, cols = _N };
};

/* The type a fragment stores its elements in (tf32 is a float, as CUDA's). */
template <typename _T> struct __idxgen_storage {
	typedef _T type;
};
template <> struct __idxgen_storage<precision::tf32> {
	typedef float type;
};

/* The shapes and element types CUDA has (sub-byte types left out). */
template <int _M, int _N, int _K, typename _T> struct __idxgen_valid {
	enum {
		value = (((_M == 16 && _N == 16 && _K == 16) || (_M == 32 && _N == 8 && _K == 16) ||
			  (_M == 8 && _N == 32 && _K == 16)) &&
			 (std::is_same<_T, __half>::value || std::is_same<_T, __nv_bfloat16>::value ||
			  std::is_same<_T, signed char>::value || std::is_same<_T, unsigned char>::value ||
			  std::is_same<_T, float>::value || std::is_same<_T, int>::value)) ||
			(_M == 16 && _N == 16 && _K == 8 &&
			 (std::is_same<_T, precision::tf32>::value || std::is_same<_T, float>::value)) ||
			(_M == 8 && _N == 8 && _K == 4 && std::is_same<_T, double>::value)
	};
};

template <typename _T, int _Size, int _Rows> struct __frag_base {
	typedef _T element_type;
	typedef _T storage_element_type;
	enum { num_elements = _Size, num_storage_elements = _Size, __idxgen_rows = _Rows };
	_T x[_Size];
};

template <typename _Use, int _M, int _N, int _K, typename _T, typename _Layout = void>
class fragment
	: public __frag_base<typename __idxgen_storage<_T>::type,
			     __idxgen_shape<_Use, _M, _N, _K>::rows * __idxgen_shape<_Use, _M, _N, _K>::cols / 32,
			     __idxgen_shape<_Use, _M, _N, _K>::rows>
{
	static_assert(__idxgen_valid<_M, _N, _K, _T>::value,
		      "wmma: no such fragment shape and element type (m16n16k16, m32n8k16, m8n32k16; m16n16k8 tf32; m8n8k4 double)");
};

template <typename _Use, int _M, int _N, int _K, typename _T, typename _Layout, typename _V>
inline void fill_fragment(fragment<_Use, _M, _N, _K, _T, _Layout> &__f, const _V &__v)
{
	typedef typename __idxgen_storage<_T>::type _S;
	_S __s = _S(__v);

	for (int __i = 0; __i < __f.num_elements; __i++)
		__f.x[__i] = __s;
}

/* CUDA's rounding of a float to tf32: nearest, ties away from zero (cvt.rna.tf32.f32). */
inline float __float_to_tf32(float __in)
{
	uint32_t __u;

	memcpy(&__u, &__in, 4);
	if ((__u & 0x7f800000u) != 0x7f800000u)
		__u = (__u + 0x1000u) & 0xffffe000u;
	memcpy(&__in, &__u, 4);
	return __in;
}

#ifdef __IDXGEN_CC__
/* idxgen-cc's own parse of the program: declarations (the kernels using them run as fibers). */
template <typename _Use, int _M, int _N, int _K, typename _T, typename _Layout, typename _P>
void load_matrix_sync(fragment<_Use, _M, _N, _K, _T, _Layout> &__f, const _P *__p, unsigned __ldm);
template <int _M, int _N, int _K, typename _T, typename _P>
void load_matrix_sync(fragment<accumulator, _M, _N, _K, _T> &__f, const _P *__p, unsigned __ldm, layout_t __l);
template <int _M, int _N, int _K, typename _T, typename _P>
void store_matrix_sync(_P *__p, const fragment<accumulator, _M, _N, _K, _T> &__f, unsigned __ldm, layout_t __l);
template <int _M, int _N, int _K, typename _Td, typename _Ta, typename _La, typename _Tb, typename _Lb,
	  typename _Tc>
void mma_sync(fragment<accumulator, _M, _N, _K, _Td> &__d, const fragment<matrix_a, _M, _N, _K, _Ta, _La> &__a,
	      const fragment<matrix_b, _M, _N, _K, _Tb, _Lb> &__b, const fragment<accumulator, _M, _N, _K, _Tc> &__c,
	      bool __satf = false);
#else
/* ---- the compiled program: warp rendezvous of idxgen_cc_fiber.h ---- */
} // namespace wmma
} // namespace nvcuda
#include <idxgen_cc_program.h>
namespace nvcuda
{
namespace wmma
{

/* Tile element (r, c) of a rows x cols tile at p with leading dimension ldm. */
inline size_t __idxgen_at(int __r, int __c, unsigned __ldm, bool __col)
{
	return __col ? (size_t)__c * __ldm + (size_t)__r : (size_t)__r * __ldm + (size_t)__c;
}

/* One rendezvous of the calling lane's warp; fn does this lane's part when all have come. */
inline void __idxgen_wmma_rendezvous(const void *__val, size_t __size, __idxgen_fiber_warp_fn __fn, const void *__arg,
				     void *__out)
{
	__idxgen_fiber_warp(0xffffffffu, __val, __size, __fn, __arg, __out);
	__idxgen_cc_fiber_tid();
}

template <typename _F, typename _P> struct __idxgen_load {
	struct arg {
		const _P *p;
		unsigned ldm;
		bool col;
	};
	static void run(const void *, uint32_t, uint32_t __lane, const void *__a, void *__out)
	{
		const arg &__g = *(const arg *)__a;
		_F &__f = *(_F *)__out;
		const int __cols = (int)(sizeof(__f.x) / sizeof(__f.x[0]) * 32) / __f.__idxgen_rows;

		for (int __e = 0; __e < __f.num_elements; __e++) {
			int __i = __e * 32 + (int)__lane;

			__f.x[__e] = __g.p[__idxgen_at(__i / __cols, __i % __cols, __g.ldm, __g.col)];
		}
	}
};

template <typename _F, typename _P> inline void __idxgen_load_sync(_F &__f, const _P *__p, unsigned __ldm, bool __col)
{
	typename __idxgen_load<_F, _P>::arg __g = { __p, __ldm, __col };
	int __dummy = 0;

	__idxgen_wmma_rendezvous(&__dummy, sizeof(__dummy), __idxgen_load<_F, _P>::run, &__g, &__f);
}

template <typename _Use, int _M, int _N, int _K, typename _T, typename _Layout, typename _P>
inline void load_matrix_sync(fragment<_Use, _M, _N, _K, _T, _Layout> &__f, const _P *__p, unsigned __ldm)
{
	static_assert(std::is_same<_Layout, row_major>::value || std::is_same<_Layout, col_major>::value,
		      "wmma: matrix_a and matrix_b fragments have a row_major or col_major layout");
	__idxgen_load_sync(__f, __p, __ldm, std::is_same<_Layout, col_major>::value);
}
template <int _M, int _N, int _K, typename _T, typename _P>
inline void load_matrix_sync(fragment<accumulator, _M, _N, _K, _T> &__f, const _P *__p, unsigned __ldm, layout_t __l)
{
	__idxgen_load_sync(__f, __p, __ldm, __l == mem_col_major);
}

template <typename _F, typename _P> struct __idxgen_store {
	struct arg {
		_P *p;
		const _F *f;
		unsigned ldm;
		bool col;
	};
	static void run(const void *, uint32_t, uint32_t __lane, const void *__a, void *)
	{
		const arg &__g = *(const arg *)__a;
		const int __cols = (int)(sizeof(__g.f->x) / sizeof(__g.f->x[0]) * 32) / _F::__idxgen_rows;

		for (int __e = 0; __e < _F::num_elements; __e++) {
			int __i = __e * 32 + (int)__lane;

			__g.p[__idxgen_at(__i / __cols, __i % __cols, __g.ldm, __g.col)] = __g.f->x[__e];
		}
	}
};

template <int _M, int _N, int _K, typename _T, typename _P>
inline void store_matrix_sync(_P *__p, const fragment<accumulator, _M, _N, _K, _T> &__f, unsigned __ldm, layout_t __l)
{
	typedef fragment<accumulator, _M, _N, _K, _T> _F;
	typename __idxgen_store<_F, _P>::arg __g = { __p, &__f, __ldm, __l == mem_col_major };
	int __dummy = 0;

	__idxgen_wmma_rendezvous(&__dummy, sizeof(__dummy), __idxgen_store<_F, _P>::run, &__g, &__dummy);
}

/* Operand values as mma_sync multiplies them, and the sum's type. */
inline float __idxgen_mval(__half __v)
{
	return __half2float(__v);
}
inline float __idxgen_mval(__nv_bfloat16 __v)
{
	return __bfloat162float(__v);
}
inline float __idxgen_mval(float __v)
{
	return __v;
}
inline double __idxgen_mval(double __v)
{
	return __v;
}
inline long long __idxgen_mval(int __v)
{
	return __v;
}
inline long long __idxgen_mval(signed char __v)
{
	return __v;
}
inline long long __idxgen_mval(unsigned char __v)
{
	return __v;
}
/* tf32: the fraction cut to 10 bits */
inline float __idxgen_tf32_cut(float __v)
{
	uint32_t __u;

	memcpy(&__u, &__v, 4);
	__u &= 0xffffe000u;
	memcpy(&__v, &__u, 4);
	return __v;
}

/* D's element from the sum: rounded once; satf: NaN to 0, out of range to the largest finite value. */
inline float __idxgen_mout(float __s, bool __satf, float *)
{
	if (__satf && __s != __s)
		return 0.0f;
	if (__satf && (__s > 3.402823466e38f || __s < -3.402823466e38f))
		return __s > 0 ? 3.402823466e38f : -3.402823466e38f;
	return __s;
}
inline __half __idxgen_mout(float __s, bool __satf, __half *)
{
	if (__satf && __s != __s)
		return __float2half_rn(0.0f);
	if (__satf && (__s > 65504.0f || __s < -65504.0f))
		return __float2half_rn(__s > 0 ? 65504.0f : -65504.0f);
	return __float2half_rn(__s);
}
inline double __idxgen_mout(double __s, bool, double *)
{
	return __s;
}
inline int __idxgen_mout(long long __s, bool __satf, int *)
{
	if (__satf && (__s > 2147483647LL || __s < -2147483647LL - 1))
		return __s > 0 ? 2147483647 : -2147483647 - 1;
	return (int)(uint32_t)(unsigned long long)__s;
}

template <typename _FD, typename _FA, typename _FB, typename _FC, bool _Tf32> struct __idxgen_mma {
	enum { __mrows = _FA::__idxgen_rows, __krows = _FB::__idxgen_rows, __ncols = _FD::num_elements * 32 / _FD::__idxgen_rows };
	typedef decltype(__idxgen_mval(_FA().x[0])) acc;
	struct ops {
		const _FA *a;
		const _FB *b;
	};
	struct arg {
		const _FC *c;
		bool satf;
	};
	static acc in(acc __v)
	{
		return _Tf32 ? (acc)__idxgen_tf32_cut((float)__v) : __v;
	}
	static void run(const void *__slots, uint32_t __present, uint32_t __lane, const void *__a, void *__out)
	{
		const arg &__g = *(const arg *)__a;
		acc __A[__mrows * __krows], __B[__krows * __ncols];
		typename std::remove_reference<decltype(((_FD *)0)->x[0])>::type __r[_FD::num_elements];

		memset(__A, 0, sizeof(__A));
		memset(__B, 0, sizeof(__B));
		for (uint32_t __l = 0; __l < 32; __l++) {
			ops __o;

			if (!(__present >> __l & 1))
				continue;
			memcpy(&__o, (const char *)__slots + __l * __IDXGEN_FIBER_SLOT, sizeof(__o));
			for (int __e = 0; __e < _FA::num_elements; __e++)
				__A[__e * 32 + __l] = in(__idxgen_mval(__o.a->x[__e]));
			for (int __e = 0; __e < _FB::num_elements; __e++)
				__B[__e * 32 + __l] = in(__idxgen_mval(__o.b->x[__e]));
		}
		for (int __e = 0; __e < _FD::num_elements; __e++) {
			int __i = __e * 32 + (int)__lane, __row = __i / __ncols, __col = __i % __ncols;
			acc __s = (acc)__idxgen_mval(__g.c->x[__e]);

			for (int __k = 0; __k < __krows; __k++)
				__s += __A[__row * __krows + __k] * __B[__k * __ncols + __col];
			__r[__e] = __idxgen_mout(__s, __g.satf, __r);
		}
		memcpy(((_FD *)__out)->x, __r, sizeof(__r));
	}
};

template <int _M, int _N, int _K, typename _Td, typename _Ta, typename _La, typename _Tb, typename _Lb,
	  typename _Tc>
inline void mma_sync(fragment<accumulator, _M, _N, _K, _Td> &__d, const fragment<matrix_a, _M, _N, _K, _Ta, _La> &__a,
		     const fragment<matrix_b, _M, _N, _K, _Tb, _Lb> &__b,
		     const fragment<accumulator, _M, _N, _K, _Tc> &__c, bool __satf = false)
{
	typedef __idxgen_mma<fragment<accumulator, _M, _N, _K, _Td>, fragment<matrix_a, _M, _N, _K, _Ta, _La>,
			     fragment<matrix_b, _M, _N, _K, _Tb, _Lb>, fragment<accumulator, _M, _N, _K, _Tc>,
			     std::is_same<_Ta, precision::tf32>::value>
		_Op;
	typename _Op::ops __o = { &__a, &__b };
	typename _Op::arg __g = { &__c, __satf };

	static_assert(sizeof(__o) <= __IDXGEN_FIBER_SLOT, "two pointers fit a warp slot");
	__idxgen_wmma_rendezvous(&__o, sizeof(__o), _Op::run, &__g, &__d);
}
#endif

} // namespace wmma
} // namespace nvcuda

#endif
