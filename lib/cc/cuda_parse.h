/*
 * idxgen_cuda.h - what clang sees before a .cu file (host-side C++ parse):
 * the CUDA built-ins of the supported subset, and the unsupported ones so
 * that a use gets a clear diagnostic instead of "undeclared identifier".
 * Embedded into idxgen-cc (cuda_parse.inc); never installed.
 */
#define __global__ __attribute__((annotate("idxgen_global")))
#define __device__ __attribute__((annotate("idxgen_device")))
#define __host__ __attribute__((annotate("idxgen_host")))
#define __shared__ __attribute__((annotate("idxgen_shared")))
#define __constant__ __attribute__((annotate("idxgen_constant")))
#define __managed__ __attribute__((annotate("idxgen_managed")))
#define __forceinline__ inline
#define __noinline__
#define __restrict__ __restrict
#define __launch_bounds__(...)
typedef decltype(sizeof(0)) size_t;
struct uint3 { unsigned int x, y, z; };
struct dim3 { unsigned int x, y, z; };
extern const uint3 threadIdx, blockIdx;
extern const dim3 blockDim, gridDim;
#define warpSize 32
void __syncthreads(void);
int __syncthreads_count(int), __syncthreads_and(int), __syncthreads_or(int);
void __syncwarp(unsigned int = 0xffffffffu);
void __threadfence(void), __threadfence_block(void);
/* Atomics with CUDA's overloads (64-bit and floating ones included: a program using them must parse). */
int atomicAdd(int *, int); unsigned int atomicAdd(unsigned int *, unsigned int); float atomicAdd(float *, float);
unsigned long long atomicAdd(unsigned long long *, unsigned long long); double atomicAdd(double *, double);
int atomicSub(int *, int); unsigned int atomicSub(unsigned int *, unsigned int);
int atomicMin(int *, int); unsigned int atomicMin(unsigned int *, unsigned int);
unsigned long long atomicMin(unsigned long long *, unsigned long long); long long atomicMin(long long *, long long);
int atomicMax(int *, int); unsigned int atomicMax(unsigned int *, unsigned int);
unsigned long long atomicMax(unsigned long long *, unsigned long long); long long atomicMax(long long *, long long);
int atomicExch(int *, int); unsigned int atomicExch(unsigned int *, unsigned int);
unsigned long long atomicExch(unsigned long long *, unsigned long long); float atomicExch(float *, float);
int atomicCAS(int *, int, int); unsigned int atomicCAS(unsigned int *, unsigned int, unsigned int);
unsigned long long atomicCAS(unsigned long long *, unsigned long long, unsigned long long);
unsigned short atomicCAS(unsigned short *, unsigned short, unsigned short);
int atomicAnd(int *, int); unsigned int atomicAnd(unsigned int *, unsigned int); unsigned long long atomicAnd(unsigned long long *, unsigned long long);
int atomicOr(int *, int); unsigned int atomicOr(unsigned int *, unsigned int); unsigned long long atomicOr(unsigned long long *, unsigned long long);
int atomicXor(int *, int); unsigned int atomicXor(unsigned int *, unsigned int); unsigned long long atomicXor(unsigned long long *, unsigned long long);
unsigned int atomicInc(unsigned int *, unsigned int), atomicDec(unsigned int *, unsigned int);
/* The scoped forms: blocks share one coherent memory, so every scope is the device's. */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec
int min(int, int); unsigned int min(unsigned int, unsigned int); long min(long, long); float min(float, float); double min(double, double);
int max(int, int); unsigned int max(unsigned int, unsigned int); long max(long, long); float max(float, float); double max(double, double);
unsigned int umin(unsigned int, unsigned int), umax(unsigned int, unsigned int);
/*
 * The C library's functions as glibc declares them (C linkage, noexcept), so
 * that <stdio.h>, <stdlib.h>, <math.h>, <cstdio>, <cmath> may follow.
 */
#define __IDXGEN_NX noexcept
extern "C" {
int abs(int) __IDXGEN_NX; long labs(long) __IDXGEN_NX;
float sqrtf(float) __IDXGEN_NX, rsqrtf(float) __IDXGEN_NX, expf(float) __IDXGEN_NX, __expf(float) __IDXGEN_NX,
	logf(float) __IDXGEN_NX, __logf(float) __IDXGEN_NX, sinf(float) __IDXGEN_NX, __sinf(float) __IDXGEN_NX,
	cosf(float) __IDXGEN_NX, __cosf(float) __IDXGEN_NX, tanf(float) __IDXGEN_NX, powf(float, float) __IDXGEN_NX,
	__powf(float, float) __IDXGEN_NX, fabsf(float) __IDXGEN_NX, floorf(float) __IDXGEN_NX, ceilf(float) __IDXGEN_NX,
	roundf(float) __IDXGEN_NX, truncf(float) __IDXGEN_NX, fminf(float, float) __IDXGEN_NX,
	fmaxf(float, float) __IDXGEN_NX, fmodf(float, float) __IDXGEN_NX, tanhf(float) __IDXGEN_NX, exp2f(float) __IDXGEN_NX,
	log2f(float) __IDXGEN_NX, __fdividef(float, float) __IDXGEN_NX, __saturatef(float) __IDXGEN_NX,
	fmaf(float, float, float) __IDXGEN_NX;
double sqrt(double) __IDXGEN_NX, rsqrt(double) __IDXGEN_NX, exp(double) __IDXGEN_NX, log(double) __IDXGEN_NX,
	sin(double) __IDXGEN_NX, cos(double) __IDXGEN_NX, tan(double) __IDXGEN_NX, pow(double, double) __IDXGEN_NX,
	fabs(double) __IDXGEN_NX, floor(double) __IDXGEN_NX, ceil(double) __IDXGEN_NX, round(double) __IDXGEN_NX,
	trunc(double) __IDXGEN_NX, fmin(double, double) __IDXGEN_NX, fmax(double, double) __IDXGEN_NX,
	fmod(double, double) __IDXGEN_NX, tanh(double) __IDXGEN_NX, exp2(double) __IDXGEN_NX, log2(double) __IDXGEN_NX,
	fma(double, double, double) __IDXGEN_NX;
int printf(const char *, ...);
}
#undef __IDXGEN_NX
/* NULL without a header, as CUDA's own headers give it. */
#ifndef NULL
#define NULL __null
#endif
int __mul24(int, int); unsigned int __umul24(unsigned int, unsigned int);
/* Warp-level operations as lib/cc/warp.c lowers them (include/idxgen_cc_warp.h). */
void __idxgen_warp_sync(void);
void __idxgen_warp_check(unsigned int);
int __popc(unsigned int), __popcll(unsigned long long), __ffs(int), __ffsll(long long), __clz(int), __clzll(long long);
unsigned idxgen_cc_shfl_src(unsigned, unsigned, const unsigned char *, int, int);
unsigned idxgen_cc_shfl_up_src(unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_shfl_down_src(unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_shfl_xor_src(unsigned, unsigned, const unsigned char *, int, int);
template <class _Tp> _Tp idxgen_cc_shfl_up(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned, int);
template <class _Tp> _Tp idxgen_cc_shfl_down(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_present_mask(unsigned, unsigned, const unsigned char *);
unsigned idxgen_cc_ballot(const int *, unsigned, unsigned, const unsigned char *, unsigned);
void idxgen_cc_ballots(unsigned *, const int *, unsigned, const unsigned char *);
void idxgen_cc_warp_leader_add_i(int *, const unsigned *, unsigned, unsigned, unsigned, int, const unsigned char *, int, int *);
void idxgen_cc_warp_leader_add_u(unsigned *, const unsigned *, unsigned, unsigned, unsigned, int, const unsigned char *, unsigned, unsigned *);
void idxgen_cc_warp_leader_add_ull(unsigned long long *, const unsigned *, unsigned, unsigned, unsigned, int, const unsigned char *, unsigned long long, unsigned long long *);
int idxgen_cc_any(const int *, unsigned, unsigned, const unsigned char *, unsigned);
int idxgen_cc_all(const int *, unsigned, unsigned, const unsigned char *, unsigned);
template <class _Tp> unsigned idxgen_cc_match_any(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned);
template <class _Tp> unsigned idxgen_cc_match_all(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned, int *);
template <class _Tp> _Tp idxgen_cc_reduce_add(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned);
template <class _Tp> _Tp idxgen_cc_reduce_min(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned);
template <class _Tp> _Tp idxgen_cc_reduce_max(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned);
template <class _Tp> _Tp idxgen_cc_reduce_and(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned);
template <class _Tp> _Tp idxgen_cc_reduce_or(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned);
template <class _Tp> _Tp idxgen_cc_reduce_xor(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned);
int idxgen_cc_block_leader(unsigned, unsigned, const unsigned char *);
int idxgen_cc_block_any_present(unsigned, const unsigned char *);
int idxgen_cc_tree_odd(long long);
unsigned idxgen_cc_lockstep_warp(unsigned, unsigned, unsigned *, unsigned *);
template <class _Tp> void idxgen_cc_block_tree_add(_Tp *, _Tp *, unsigned, const unsigned char *, unsigned, int, int, int);
template <class _Tp> void idxgen_cc_block_tree_once(_Tp *, _Tp *, unsigned, const unsigned char *, unsigned, int, int, int);
template <class _Tp, class _Bp, class _Zp> void idxgen_cc_block_sum2(_Tp *, _Tp *, unsigned, _Tp *, _Bp, _Zp);
template <class _Sp, class _Tp, class _Bp, class _Zp> void idxgen_cc_block_sum2_from(_Sp *, _Tp *, _Tp *, unsigned, _Tp *, _Bp, _Zp);
template <class _Tp> unsigned int __match_any_sync(unsigned int, _Tp);
template <class _Tp> unsigned int __match_all_sync(unsigned int, _Tp, int *);
template <class _Tp> _Tp __reduce_add_sync(unsigned int, _Tp);
template <class _Tp> _Tp __reduce_min_sync(unsigned int, _Tp);
template <class _Tp> _Tp __reduce_max_sync(unsigned int, _Tp);
/* CUDA's bit reductions take and give unsigned int only */
unsigned int __reduce_and_sync(unsigned int, unsigned int);
unsigned int __reduce_or_sync(unsigned int, unsigned int);
unsigned int __reduce_xor_sync(unsigned int, unsigned int);
unsigned int __ballot(int);
int __any(int), __all(int);
/* Outside the subset: declared so that their use is diagnosed by name. */
unsigned int __ballot_sync(unsigned int, int), __activemask(void);
int __any_sync(unsigned int, int), __all_sync(unsigned int, int);
template <class _Tp> _Tp __shfl_sync(unsigned int, _Tp, int, int = 32);
template <class _Tp> _Tp __shfl_up_sync(unsigned int, _Tp, unsigned int, int = 32);
template <class _Tp> _Tp __shfl_down_sync(unsigned int, _Tp, unsigned int, int = 32);
template <class _Tp> _Tp __shfl_xor_sync(unsigned int, _Tp, int, int = 32);
template <class _Tp> _Tp __shfl(_Tp, int, int = 32);
template <class _Tp> _Tp __shfl_up(_Tp, unsigned int, int = 32);
template <class _Tp> _Tp __shfl_down(_Tp, unsigned int, int = 32);
template <class _Tp> _Tp __shfl_xor(_Tp, int, int = 32);
typedef unsigned long long cudaTextureObject_t, cudaSurfaceObject_t;
template <class _Tp, int _Dim = 1, int _Mode = 0> struct texture { };
template <class _Tp> _Tp tex1Dfetch(cudaTextureObject_t, int);
template <class _Tp> _Tp tex1D(cudaTextureObject_t, float);
template <class _Tp> _Tp tex2D(cudaTextureObject_t, float, float);
template <class _Tp> _Tp tex3D(cudaTextureObject_t, float, float, float);
typedef int cudaError_t; typedef struct CUstream_st *cudaStream_t;
cudaError_t cudaDeviceSynchronize(void), cudaGetLastError(void);
