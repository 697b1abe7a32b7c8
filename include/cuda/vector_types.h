/* SPDX-License-Identifier: MIT */
/*
 * vector_types.h - CUDA's built-in vector types for idxgen's CUDA runtime
 * (lib/cudart): char1..4 to double4 and dim3, as host and translated device
 * code use them.  Our own header, C and C++.  Sizes and alignments follow
 * CUDA's (a float4 is 16 bytes, 16-byte aligned; 3-vectors have their
 * element's alignment), so that structures mixing them lay out as the
 * programs that use them expect.
 */
#ifndef IDXGEN_CUDA_VECTOR_TYPES_H
#define IDXGEN_CUDA_VECTOR_TYPES_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __VECTOR_TYPES_H__

/* idxgen_cc_kernel.h has a dim3, atomics and math helpers of its own */
#ifdef IDXGEN_CC_KERNEL_H
#error "include idxgen_cc_kernel.h or <cuda_runtime.h>, not both (lib/cudart/README.md)"
#endif

#define IDXGEN_CUDA__VEC1(n, _Tp) typedef struct n##1 { _Tp x; } n##1;
#define IDXGEN_CUDA__VEC2(n, _Tp) \
	typedef struct __attribute__((aligned(2 * sizeof(_Tp)))) n##2 { _Tp x, y; } n##2;
#define IDXGEN_CUDA__VEC3(n, _Tp) typedef struct n##3 { _Tp x, y, z; } n##3;
/* 4-vectors: 4 * sizeof(T) aligned, at most 16 (double4, long4: 16, as CUDA 12) */
#define IDXGEN_CUDA__VEC4(n, _Tp)								\
	typedef struct __attribute__((aligned(4 * sizeof(_Tp) > 16 ? 16 : 4 * sizeof(_Tp)))) n##4 { \
		_Tp x, y, z, w;								\
	} n##4;
#define IDXGEN_CUDA__VECS(n, _Tp)	\
	IDXGEN_CUDA__VEC1(n, _Tp)		\
	IDXGEN_CUDA__VEC2(n, _Tp)		\
	IDXGEN_CUDA__VEC3(n, _Tp)		\
	IDXGEN_CUDA__VEC4(n, _Tp)

IDXGEN_CUDA__VECS(char, signed char)
IDXGEN_CUDA__VECS(uchar, unsigned char)
IDXGEN_CUDA__VECS(short, short)
IDXGEN_CUDA__VECS(ushort, unsigned short)
IDXGEN_CUDA__VECS(int, int)
IDXGEN_CUDA__VECS(uint, unsigned int)
IDXGEN_CUDA__VECS(long, long)
IDXGEN_CUDA__VECS(ulong, unsigned long)
IDXGEN_CUDA__VECS(longlong, long long)
IDXGEN_CUDA__VECS(ulonglong, unsigned long long)
IDXGEN_CUDA__VECS(float, float)
IDXGEN_CUDA__VECS(double, double)
/* CUDA 13's 4-vectors of 8-byte elements with an explicit alignment (16 or 32). */
#define IDXGEN_CUDA__VEC4A(n, _Tp, _A) \
	typedef struct __attribute__((aligned(_A))) n##4_##_A##a { _Tp x, y, z, w; } n##4_##_A##a;
IDXGEN_CUDA__VEC4A(long, long, 16)
IDXGEN_CUDA__VEC4A(long, long, 32)
IDXGEN_CUDA__VEC4A(ulong, unsigned long, 16)
IDXGEN_CUDA__VEC4A(ulong, unsigned long, 32)
IDXGEN_CUDA__VEC4A(longlong, long long, 16)
IDXGEN_CUDA__VEC4A(longlong, long long, 32)
IDXGEN_CUDA__VEC4A(ulonglong, unsigned long long, 16)
IDXGEN_CUDA__VEC4A(ulonglong, unsigned long long, 32)
IDXGEN_CUDA__VEC4A(double, double, 16)
IDXGEN_CUDA__VEC4A(double, double, 32)

/*
 * dim3: a grid or block shape.  In C++ every component defaults to 1
 * (dim3 b(256) is 256 x 1 x 1) and an integer converts to a dim3, so
 * `k<<<n, 256>>>` works; in C it is a plain structure (use IDXGEN_DIM3()
 * of cuda_runtime_api.h to convert an integer or a dim3 to one).
 */
#ifdef __cplusplus
struct dim3 {
	unsigned int x, y, z;
	constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1)
		: x(vx), y(vy), z(vz)
	{
	}
	constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z)
	{
	}
	constexpr operator uint3() const
	{
		return uint3{ x, y, z };
	}
};
#else
typedef struct dim3 {
	unsigned int x, y, z;
} dim3;
#endif

#endif /* IDXGEN_CUDA_VECTOR_TYPES_H */
