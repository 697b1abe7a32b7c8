/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_nv_atomic.h - CUDA 12.8's built-in atomic functions with a
 * memory order and a thread scope: __nv_atomic_fetch_add/sub/min/max/and/
 * or/xor and their result-less forms (__nv_atomic_add, ...), load, store,
 * exchange and compare-exchange (the _n forms by value, the others through
 * pointers), __nv_atomic_thread_fence, and the __NV_ATOMIC_* order and
 * __NV_THREAD_SCOPE_* scope enumerators.
 *
 * Every operation here is sequentially consistent, at least as strong as
 * any order a program asks for, and the scope is accepted as given: every
 * thread of every block shares the one address space of the process, so a
 * system-scope atomic is no dearer than a block-scope one.  The
 * read-modify-write forms are a compare-exchange loop over the object's
 * bytes, one code path for integers, float and double alike (nvcc accepts
 * float and double for add/sub/min/max).
 *
 * Included by idxgen_cuda_device.h; the functions are C++ (nvcc compiles
 * CUDA as C++ and these are overloaded on the pointer's type), the
 * enumerators are C too.
 */
#ifndef IDXGEN_CUDA_NV_ATOMIC_H
#define IDXGEN_CUDA_NV_ATOMIC_H

enum {
	__NV_ATOMIC_RELAXED,
	__NV_ATOMIC_CONSUME,
	__NV_ATOMIC_ACQUIRE,
	__NV_ATOMIC_RELEASE,
	__NV_ATOMIC_ACQ_REL,
	__NV_ATOMIC_SEQ_CST
};

enum {
	__NV_THREAD_SCOPE_THREAD,
	__NV_THREAD_SCOPE_BLOCK,
	__NV_THREAD_SCOPE_CLUSTER,
	__NV_THREAD_SCOPE_DEVICE,
	__NV_THREAD_SCOPE_SYSTEM
};

#ifdef __cplusplus

/* *__p = __f(*__p) atomically; returns the value it replaced. */
template <class _Tp, class _Fn> static inline _Tp idxgen_nv_atomic_rmw(_Tp *__p, _Fn __f)
{
	_Tp __old, __new;

	__atomic_load(__p, &__old, __ATOMIC_SEQ_CST);
	do
		__new = __f(__old);
	while (!__atomic_compare_exchange(__p, &__old, &__new, false, __ATOMIC_SEQ_CST,
					  __ATOMIC_SEQ_CST));
	return __old;
}

/* __nv_atomic_fetch_OP (returns the old value) and __nv_atomic_OP (void) */
#define IDXGEN_NV_ATOMIC__RMW(op, expr)								\
	template <class _Tp, class _Up>								\
	static inline _Tp __nv_atomic_fetch_##op(_Tp *__p, _Up __v, int __order,		\
						 int __scope = __NV_THREAD_SCOPE_SYSTEM)	\
	{											\
		const _Tp __y = (_Tp)__v;							\
		(void)__order, (void)__scope;							\
		return idxgen_nv_atomic_rmw(__p, [__y](_Tp __x) -> _Tp { return (_Tp)(expr); });	\
	}											\
	template <class _Tp, class _Up>								\
	static inline void __nv_atomic_##op(_Tp *__p, _Up __v, int __order,			\
					    int __scope = __NV_THREAD_SCOPE_SYSTEM)		\
	{											\
		(void)__nv_atomic_fetch_##op(__p, __v, __order, __scope);			\
	}
IDXGEN_NV_ATOMIC__RMW(add, __x + __y)
IDXGEN_NV_ATOMIC__RMW(sub, __x - __y)
IDXGEN_NV_ATOMIC__RMW(min, __y < __x ? __y : __x)
IDXGEN_NV_ATOMIC__RMW(max, __y > __x ? __y : __x)
IDXGEN_NV_ATOMIC__RMW(and, __x & __y)
IDXGEN_NV_ATOMIC__RMW(or, __x | __y)
IDXGEN_NV_ATOMIC__RMW(xor, __x ^ __y)
#undef IDXGEN_NV_ATOMIC__RMW

template <class _Tp>
static inline _Tp __nv_atomic_load_n(const _Tp *__p, int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	_Tp __r;

	(void)__order, (void)__scope;
	__atomic_load(__p, &__r, __ATOMIC_SEQ_CST);
	return __r;
}
template <class _Tp>
static inline void __nv_atomic_load(const _Tp *__p, _Tp *__ret, int __order,
				    int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	*__ret = __nv_atomic_load_n(__p, __order, __scope);
}
template <class _Tp, class _Up>
static inline void __nv_atomic_store_n(_Tp *__p, _Up __v, int __order,
				       int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	_Tp __w = (_Tp)__v;

	(void)__order, (void)__scope;
	__atomic_store(__p, &__w, __ATOMIC_SEQ_CST);
}
template <class _Tp>
static inline void __nv_atomic_store(_Tp *__p, _Tp *__v, int __order,
				     int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	__nv_atomic_store_n(__p, *__v, __order, __scope);
}
template <class _Tp, class _Up>
static inline _Tp __nv_atomic_exchange_n(_Tp *__p, _Up __v, int __order,
					 int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	_Tp __w = (_Tp)__v, __r;

	(void)__order, (void)__scope;
	__atomic_exchange(__p, &__w, &__r, __ATOMIC_SEQ_CST);
	return __r;
}
template <class _Tp>
static inline void __nv_atomic_exchange(_Tp *__p, _Tp *__v, _Tp *__ret, int __order,
					int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	*__ret = __nv_atomic_exchange_n(__p, *__v, __order, __scope);
}
/* true and *__p = __desired when *__p equalled *__expected; else false and
 * *__expected = *__p (weak or not: it never fails spuriously here) */
template <class _Tp, class _Up>
static inline bool __nv_atomic_compare_exchange_n(_Tp *__p, _Tp *__expected, _Up __desired,
						  bool __weak, int __success, int __failure,
						  int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	_Tp __d = (_Tp)__desired;

	(void)__weak, (void)__success, (void)__failure, (void)__scope;
	return __atomic_compare_exchange(__p, __expected, &__d, false, __ATOMIC_SEQ_CST,
					 __ATOMIC_SEQ_CST);
}
template <class _Tp>
static inline bool __nv_atomic_compare_exchange(_Tp *__p, _Tp *__expected, _Tp *__desired,
						bool __weak, int __success, int __failure,
						int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	return __nv_atomic_compare_exchange_n(__p, __expected, *__desired, __weak, __success,
					      __failure, __scope);
}
static inline __attribute__((unused)) void
__nv_atomic_thread_fence(int __order, int __scope = __NV_THREAD_SCOPE_SYSTEM)
{
	(void)__order, (void)__scope;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

#endif /* __cplusplus */
#endif /* IDXGEN_CUDA_NV_ATOMIC_H */
