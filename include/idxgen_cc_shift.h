/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_shift.h - device code's shifts by a count that is not a
 * constant, as the GPU computes them (C and C++).
 *
 * PTX's shl and shr clamp the count to the register's width: a 32-bit value
 * shifted by 32 or more is 0, or all sign bits for a signed >>.  x86 masks
 * the count instead (`x << 32` is x), and C and C++ leave such shifts
 * undefined, so a program's result follows the GPU's instructions (Rodinia
 * huffman's `dw << (32 - bit)` with bit 0).  idxgen-cc (lib/cc/shift.c)
 * writes `a << n` of device code as __idxgen_shl(a, n), `a >> n` as
 * __idxgen_shr(a, n) and `a <<= n`, `a >>= n` as __idxgen_shl_eq(a, n),
 * __idxgen_shr_eq(a, n) when n is not a constant; shifts by constants stay
 * as written.  The count is read as the 32-bit unsigned register PTX shifts
 * by (a negative count clamps too).  The value past the width, for either
 * signedness: `(a >> (W - 1)) >> 1` (0 or -1 when signed, 0 when unsigned).
 * The test is a branch the compiler expects not taken (__builtin_expect):
 * a conditional move on every shift made a shift-heavy kernel 1.4x slower,
 * the branch costs nothing measurable (lib/cc/README.md, "Shifts").
 * Included by idxgen_cc_kernel.h (C) and idxgen_cc_program.h (C++).
 */
#ifndef IDXGEN_CC_SHIFT_H
#define IDXGEN_CC_SHIFT_H

#include <stdint.h>

#ifdef __cplusplus
#include <type_traits>
#include <utility>

/* The built-in shift: integers and unscoped enums (a class's operator<< is its own). */
template <class _Tp>
struct idxgen_cc_shift_int
    : std::integral_constant<bool, std::is_integral<typename std::decay<_Tp>::type>::value ||
				       (std::is_enum<typename std::decay<_Tp>::type>::value &&
					std::is_convertible<typename std::decay<_Tp>::type, long long>::value)> {};
template <class _Tp, class _Up>
struct idxgen_cc_shift_ints
    : std::integral_constant<bool, idxgen_cc_shift_int<_Tp>::value && idxgen_cc_shift_int<_Up>::value> {};

template <class _Tp, class _Up>
static inline constexpr auto __idxgen_shl(_Tp __a, _Up __n) ->
    typename std::enable_if<idxgen_cc_shift_ints<_Tp, _Up>::value, decltype(__a << __n)>::type
{
	return __builtin_expect((uint32_t)__n >= sizeof(decltype(__a << __n)) * 8, 0) ? decltype(__a << __n)(0)
								   : decltype(__a << __n)(__a << (uint32_t)__n);
}

template <class _Tp, class _Up>
static inline constexpr auto __idxgen_shr(_Tp __a, _Up __n) ->
    typename std::enable_if<idxgen_cc_shift_ints<_Tp, _Up>::value, decltype(__a >> __n)>::type
{
	return __builtin_expect((uint32_t)__n >= sizeof(decltype(__a >> __n)) * 8, 0)
		   ? decltype(__a >> __n)((__a >> (sizeof(decltype(__a >> __n)) * 8 - 1)) >> 1)
		   : decltype(__a >> __n)(__a >> (uint32_t)__n);
}

/* A template's operand of a class type: its own operator. */
template <class _Tp, class _Up>
static inline constexpr auto __idxgen_shl(_Tp &&__a, _Up &&__n) ->
    typename std::enable_if<!idxgen_cc_shift_ints<_Tp, _Up>::value,
			    decltype(std::forward<_Tp>(__a) << std::forward<_Up>(__n))>::type
{
	return std::forward<_Tp>(__a) << std::forward<_Up>(__n);
}

template <class _Tp, class _Up>
static inline constexpr auto __idxgen_shr(_Tp &&__a, _Up &&__n) ->
    typename std::enable_if<!idxgen_cc_shift_ints<_Tp, _Up>::value,
			    decltype(std::forward<_Tp>(__a) >> std::forward<_Up>(__n))>::type
{
	return std::forward<_Tp>(__a) >> std::forward<_Up>(__n);
}

/* a <<= n and a >>= n: a is evaluated once (an lvalue reference); the result is a, as the operator's. */
template <class _Tp, class _Up>
static inline auto __idxgen_shl_eq(_Tp &__a, _Up __n) ->
    typename std::enable_if<idxgen_cc_shift_ints<_Tp, _Up>::value, _Tp &>::type
{
	return __a = (typename std::remove_cv<_Tp>::type)__idxgen_shl(__a, __n);
}

template <class _Tp, class _Up>
static inline auto __idxgen_shr_eq(_Tp &__a, _Up __n) ->
    typename std::enable_if<idxgen_cc_shift_ints<_Tp, _Up>::value, _Tp &>::type
{
	return __a = (typename std::remove_cv<_Tp>::type)__idxgen_shr(__a, __n);
}

template <class _Tp, class _Up>
static inline auto __idxgen_shl_eq(_Tp &&__a, _Up &&__n) ->
    typename std::enable_if<!idxgen_cc_shift_ints<_Tp, _Up>::value,
			    decltype(std::forward<_Tp>(__a) <<= std::forward<_Up>(__n))>::type
{
	return std::forward<_Tp>(__a) <<= std::forward<_Up>(__n);
}

template <class _Tp, class _Up>
static inline auto __idxgen_shr_eq(_Tp &&__a, _Up &&__n) ->
    typename std::enable_if<!idxgen_cc_shift_ints<_Tp, _Up>::value,
			    decltype(std::forward<_Tp>(__a) >>= std::forward<_Up>(__n))>::type
{
	return std::forward<_Tp>(__a) >>= std::forward<_Up>(__n);
}

#else /* C: GNU statement expressions, each operand evaluated once */

#define __idxgen_shift_(a, n, op, past)                                                              \
	__extension__({                                                                              \
		__typeof__((a) + 0) __idxgen_sa = (a);                                               \
		uint32_t __idxgen_sn = (uint32_t)(n);                                                \
		__builtin_expect(__idxgen_sn >= sizeof(__idxgen_sa) * 8, 0)                          \
		    ? (__typeof__(__idxgen_sa))(past)                                                \
		    : (__typeof__(__idxgen_sa))(__idxgen_sa op __idxgen_sn);                         \
	})
#define __idxgen_shl(a, n) __idxgen_shift_(a, n, <<, 0)
#define __idxgen_shr(a, n) __idxgen_shift_(a, n, >>, (__idxgen_sa >> (sizeof(__idxgen_sa) * 8 - 1)) >> 1)
#define __idxgen_shl_eq(a, n)                                                                        \
	__extension__({                                                                              \
		__typeof__(a) *__idxgen_sp = &(a);                                                   \
		*__idxgen_sp = __idxgen_shl(*__idxgen_sp, n);                                        \
	})
#define __idxgen_shr_eq(a, n)                                                                        \
	__extension__({                                                                              \
		__typeof__(a) *__idxgen_sp = &(a);                                                   \
		*__idxgen_sp = __idxgen_shr(*__idxgen_sp, n);                                        \
	})

#endif /* __cplusplus */

#endif /* IDXGEN_CC_SHIFT_H */
