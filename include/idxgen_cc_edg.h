/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_edg.h - nvcc's arithmetic on void * for the code idxgen-cc's
 * edg_compat.c cannot cast in place (C++ only).
 *
 * nvcc's front end (EDG) accepts `p + n`, `p - n` and `p += n` on a void *
 * with a warning (#1143-D) and counts in bytes, as GNU C does; clang++
 * refuses them.  edg_compat.c casts the pointer to char * where it can see
 * the types (a plain expression on a void * variable); where it cannot --
 * in a template, whose operand may be void * in one instantiation and
 * float * in another, and in an update of an lvalue other than a variable
 * (`s.p += 4`, `q[i] -= n`: written once, so evaluated once) -- it writes a
 * call of these instead, which count in bytes for a void * and are the
 * operator itself for every other type.  Included by the parse's prelude
 * (lib/cc/cuda_whole.h) and by idxgen_cc_program.h.
 */
#ifndef IDXGEN_CC_EDG_H
#define IDXGEN_CC_EDG_H

#include <type_traits>
#include <utility>

template <class _Tp> struct idxgen_cc_is_voidp : std::false_type {};
template <class _Tp> struct idxgen_cc_is_voidp<_Tp *> : std::is_void<_Tp> {};
template <class _Tp> struct idxgen_cc_voidp : idxgen_cc_is_voidp<typename std::decay<_Tp>::type> {};
template <bool _Cond> using idxgen_cc_if = typename std::enable_if<_Cond, int>::type;

/* a + b */
template <class _Tp, class _Up, idxgen_cc_if<!idxgen_cc_voidp<_Tp>::value && !idxgen_cc_voidp<_Up>::value> = 0>
static inline constexpr auto __idxgen_edg_add(_Tp &&__a, _Up &&__b)
	-> decltype(std::forward<_Tp>(__a) + std::forward<_Up>(__b))
{
	return std::forward<_Tp>(__a) + std::forward<_Up>(__b);
}
template <class _Tp, class _Up, idxgen_cc_if<idxgen_cc_voidp<_Tp>::value> = 0>
static inline typename std::decay<_Tp>::type __idxgen_edg_add(_Tp &&__a, _Up &&__b)
{
	return (typename std::decay<_Tp>::type)((const volatile char *)__a + __b);
}
template <class _Tp, class _Up, idxgen_cc_if<idxgen_cc_voidp<_Up>::value && !idxgen_cc_voidp<_Tp>::value> = 0>
static inline typename std::decay<_Up>::type __idxgen_edg_add(_Tp &&__a, _Up &&__b)
{
	return (typename std::decay<_Up>::type)(__a + (const volatile char *)__b);
}

/* a - b (the difference of two void * stays an error, as in nvcc) */
template <class _Tp, class _Up, idxgen_cc_if<!idxgen_cc_voidp<_Tp>::value> = 0>
static inline constexpr auto __idxgen_edg_sub(_Tp &&__a, _Up &&__b)
	-> decltype(std::forward<_Tp>(__a) - std::forward<_Up>(__b))
{
	return std::forward<_Tp>(__a) - std::forward<_Up>(__b);
}
template <class _Tp, class _Up, idxgen_cc_if<idxgen_cc_voidp<_Tp>::value && !idxgen_cc_voidp<_Up>::value> = 0>
static inline typename std::decay<_Tp>::type __idxgen_edg_sub(_Tp &&__a, _Up &&__b)
{
	return (typename std::decay<_Tp>::type)((const volatile char *)__a - __b);
}

/* p += n, p -= n: p evaluated once, the result p itself */
template <class _Tp, class _Up, idxgen_cc_if<!idxgen_cc_voidp<_Tp>::value> = 0>
static inline auto __idxgen_edg_add_assign(_Tp &&__p, _Up &&__n)
	-> decltype(std::forward<_Tp>(__p) += std::forward<_Up>(__n))
{
	return std::forward<_Tp>(__p) += std::forward<_Up>(__n);
}
template <class _Tp, class _Up, idxgen_cc_if<idxgen_cc_voidp<_Tp>::value> = 0>
static inline _Tp &&__idxgen_edg_add_assign(_Tp &&__p, _Up &&__n)
{
	__p = (typename std::decay<_Tp>::type)((const volatile char *)__p + __n);
	return std::forward<_Tp>(__p);
}
template <class _Tp, class _Up, idxgen_cc_if<!idxgen_cc_voidp<_Tp>::value> = 0>
static inline auto __idxgen_edg_sub_assign(_Tp &&__p, _Up &&__n)
	-> decltype(std::forward<_Tp>(__p) -= std::forward<_Up>(__n))
{
	return std::forward<_Tp>(__p) -= std::forward<_Up>(__n);
}
template <class _Tp, class _Up, idxgen_cc_if<idxgen_cc_voidp<_Tp>::value> = 0>
static inline _Tp &&__idxgen_edg_sub_assign(_Tp &&__p, _Up &&__n)
{
	__p = (typename std::decay<_Tp>::type)((const volatile char *)__p - __n);
	return std::forward<_Tp>(__p);
}

#endif
