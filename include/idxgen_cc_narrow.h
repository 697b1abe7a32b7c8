/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_narrow.h - device code's compound assignments of a floating
 * value to an 8- or 16-bit integer, as the GPU computes them (C++).
 *
 * nvcc converts a float or double to an 8/16-bit integer through a 32-bit
 * register: cvt.rzi.s32 (signed destinations) or cvt.rzi.u32 (unsigned
 * ones), saturating there, then keeps the low bits, so `c += 300.0f` of an
 * unsigned char c that was 1 leaves 45.  idxgen-cc (lib/cc/narrow_cast.c)
 * writes a conversion as `(unsigned char)(unsigned)(f)`; a compound
 * assignment has no conversion of its own in the text, so `c += f` becomes
 * __idxgen_add_eq_via32(c, f) (likewise -=, *=, /=): c is evaluated once,
 * the result is c, as the operator's.  The conversion to 32 bits saturates
 * as PTX's under the host compile's -fno-strict-float-cast-overflow
 * (lib/cc/driver.c).  Included by idxgen_cc_program.h.
 */
#ifndef IDXGEN_CC_NARROW_H
#define IDXGEN_CC_NARROW_H

#include <type_traits>

/* The 32-bit register of an 8/16-bit integer type: int when it is signed, unsigned when not. */
template <class _Tp>
using __idxgen_via32_t = typename std::conditional<std::is_signed<typename std::remove_cv<_Tp>::type>::value,
						   int, unsigned>::type;

/*
 * A template's cast to a dependent type, `(T)f`: narrow_cast.c writes
 * `(T)__idxgen_via32<T>(f)`; the operand is converted to T's 32-bit
 * register where T is an 8/16-bit integer (bool left out) and the operand
 * a float or double, and passed on as it is otherwise.
 */
template <class _To, bool = std::is_integral<_To>::value && !std::is_same<_To, bool>::value>
struct __idxgen_narrow_int : std::integral_constant<bool, sizeof(_To) < 4> {};
template <class _To>
struct __idxgen_narrow_int<_To, false> : std::false_type {};

template <class _To, class _Tp>
struct __idxgen_via32_of
    : std::integral_constant<bool, __idxgen_narrow_int<typename std::remove_cv<_To>::type>::value &&
				       std::is_floating_point<typename std::decay<_Tp>::type>::value> {};

template <class _To, class _Tp>
static inline constexpr auto __idxgen_via32(_Tp &&__x) ->
    typename std::enable_if<__idxgen_via32_of<_To, _Tp>::value, __idxgen_via32_t<_To>>::type
{
	return (__idxgen_via32_t<_To>)__x;
}

template <class _To, class _Tp>
static inline constexpr auto __idxgen_via32(_Tp &&__x) ->
    typename std::enable_if<!__idxgen_via32_of<_To, _Tp>::value, _Tp &&>::type
{
	return static_cast<_Tp &&>(__x);
}

#define IDXGEN_CC_NARROW_EQ(name, op)                                                                \
	template <class _Tp, class _Up>                                                              \
	static inline _Tp &name(_Tp &__a, _Up __b)                                                   \
	{                                                                                            \
		return __a = (typename std::remove_cv<_Tp>::type)(__idxgen_via32_t<_Tp>)(__a op __b); \
	}
IDXGEN_CC_NARROW_EQ(__idxgen_add_eq_via32, +)
IDXGEN_CC_NARROW_EQ(__idxgen_sub_eq_via32, -)
IDXGEN_CC_NARROW_EQ(__idxgen_mul_eq_via32, *)
IDXGEN_CC_NARROW_EQ(__idxgen_div_eq_via32, /)
#undef IDXGEN_CC_NARROW_EQ

#endif /* IDXGEN_CC_NARROW_H */
