// Element conversion of small vectors, written the way public CUDA libraries
// write it: a traits struct with a member template per (to, from) pair, a
// specialisation for half -> float, and a caller that names the member
// template through a dependent type WITHOUT the `template` keyword (nvcc
// accepts it; clang needs the keyword, idxgen-cc inserts it with a warning).
#pragma once
#include <cstddef>
#include <cuda_fp16.h>

#define VC_INLINE inline __device__

template <typename To, typename From>
struct convert {
	template <size_t N>
	VC_INLINE static void run(To *dst, const From *src)
	{
		for (size_t i = 0; i < N; i++)
			dst[i] = (To)src[i];
	}
};

template <>
struct convert<float, __half> {
	template <size_t N>
	VC_INLINE static void run(float *dst, const __half *src)
	{
		if constexpr (N == 1) {
			dst[0] = __half2float(src[0]);
		} else {
			for (size_t i = 0; i < N; i++)
				dst[i] = __half2float(src[i]) + 0.5f;	// marks the specialisation
		}
	}
};

template <typename T, size_t N>
struct small_vec {
	T data[N];
	VC_INLINE T *ptr() { return data; }
	template <typename S>
	VC_INLINE void cast_from(const small_vec<S, N> &src);
};

template <typename From, typename To, size_t N>
VC_INLINE void cast_impl(small_vec<To, N> &dst, const small_vec<From, N> &src)
{
	convert<To, From>::run<N>(dst.ptr(),
				  const_cast<small_vec<From, N> *>(&src)->ptr());
}

template <typename T, size_t N>
template <typename S>
VC_INLINE void small_vec<T, N>::cast_from(const small_vec<S, N> &src)
{
	cast_impl<S, T, N>(*this, src);
}
