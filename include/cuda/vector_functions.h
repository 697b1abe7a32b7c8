/* SPDX-License-Identifier: MIT */
/*
 * vector_functions.h - make_char1() .. make_double4(): build a vector type
 * of vector_types.h from its components.  Host and device code, C and C++.
 */
#ifndef IDXGEN_CUDA_VECTOR_FUNCTIONS_H
#define IDXGEN_CUDA_VECTOR_FUNCTIONS_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __VECTOR_FUNCTIONS_H__

#include "vector_types.h"

#define IDXGEN_CUDA__MAKE(n, _Tp)								\
static inline n##1 make_##n##1(_Tp x)							\
{											\
	n##1 v;										\
	v.x = x;									\
	return v;									\
}											\
static inline n##2 make_##n##2(_Tp x, _Tp y)						\
{											\
	n##2 v;										\
	v.x = x, v.y = y;								\
	return v;									\
}											\
static inline n##3 make_##n##3(_Tp x, _Tp y, _Tp z)						\
{											\
	n##3 v;										\
	v.x = x, v.y = y, v.z = z;							\
	return v;									\
}											\
static inline n##4 make_##n##4(_Tp x, _Tp y, _Tp z, _Tp w)					\
{											\
	n##4 v;										\
	v.x = x, v.y = y, v.z = z, v.w = w;						\
	return v;									\
}

IDXGEN_CUDA__MAKE(char, signed char)
IDXGEN_CUDA__MAKE(uchar, unsigned char)
IDXGEN_CUDA__MAKE(short, short)
IDXGEN_CUDA__MAKE(ushort, unsigned short)
IDXGEN_CUDA__MAKE(int, int)
IDXGEN_CUDA__MAKE(uint, unsigned int)
IDXGEN_CUDA__MAKE(long, long)
IDXGEN_CUDA__MAKE(ulong, unsigned long)
IDXGEN_CUDA__MAKE(longlong, long long)
IDXGEN_CUDA__MAKE(ulonglong, unsigned long long)
IDXGEN_CUDA__MAKE(float, float)
IDXGEN_CUDA__MAKE(double, double)

#endif /* IDXGEN_CUDA_VECTOR_FUNCTIONS_H */
