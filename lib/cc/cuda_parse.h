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
int atomicAdd(int *, int); unsigned int atomicAdd(unsigned int *, unsigned int); float atomicAdd(float *, float);
int atomicSub(int *, int); unsigned int atomicSub(unsigned int *, unsigned int);
int atomicMin(int *, int); unsigned int atomicMin(unsigned int *, unsigned int);
int atomicMax(int *, int); unsigned int atomicMax(unsigned int *, unsigned int);
int atomicExch(int *, int); unsigned int atomicExch(unsigned int *, unsigned int);
int atomicCAS(int *, int, int); unsigned int atomicCAS(unsigned int *, unsigned int, unsigned int);
int atomicAnd(int *, int); unsigned int atomicAnd(unsigned int *, unsigned int);
int atomicOr(int *, int); unsigned int atomicOr(unsigned int *, unsigned int);
int atomicXor(int *, int); unsigned int atomicXor(unsigned int *, unsigned int);
int min(int, int); unsigned int min(unsigned int, unsigned int); long min(long, long); float min(float, float); double min(double, double);
int max(int, int); unsigned int max(unsigned int, unsigned int); long max(long, long); float max(float, float); double max(double, double);
unsigned int umin(unsigned int, unsigned int), umax(unsigned int, unsigned int);
int abs(int); long labs(long);
float sqrtf(float), rsqrtf(float), expf(float), __expf(float), logf(float), __logf(float), sinf(float), __sinf(float),
	cosf(float), __cosf(float), tanf(float), powf(float, float), __powf(float, float), fabsf(float), floorf(float), ceilf(float),
	roundf(float), truncf(float), fminf(float, float), fmaxf(float, float), fmodf(float, float), tanhf(float), exp2f(float),
	log2f(float), __fdividef(float, float), __saturatef(float), fmaf(float, float, float);
double sqrt(double), rsqrt(double), exp(double), log(double), sin(double), cos(double), tan(double), pow(double, double),
	fabs(double), floor(double), ceil(double), round(double), trunc(double), fmin(double, double), fmax(double, double),
	fmod(double, double), tanh(double), exp2(double), log2(double), fma(double, double, double);
int __mul24(int, int); unsigned int __umul24(unsigned int, unsigned int);
/* Warp-level operations as lib/cc/warp.c lowers them (include/idxgen_cc_warp.h). */
void __idxgen_warp_sync(void);
void __idxgen_warp_check(unsigned int);
int __popc(unsigned int), __popcll(unsigned long long), __ffs(int), __ffsll(long long), __clz(int), __clzll(long long);
unsigned idxgen_cc_shfl_src(unsigned, unsigned, const unsigned char *, int, int);
unsigned idxgen_cc_shfl_up_src(unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_shfl_down_src(unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_shfl_xor_src(unsigned, unsigned, const unsigned char *, int, int);
template <class T> T idxgen_cc_shfl_up(const T *, unsigned, unsigned, const unsigned char *, unsigned, int);
template <class T> T idxgen_cc_shfl_down(const T *, unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_present_mask(unsigned, unsigned, const unsigned char *);
unsigned idxgen_cc_ballot(const int *, unsigned, unsigned, const unsigned char *, unsigned);
int idxgen_cc_any(const int *, unsigned, unsigned, const unsigned char *, unsigned);
int idxgen_cc_all(const int *, unsigned, unsigned, const unsigned char *, unsigned);
template <class T> unsigned idxgen_cc_match_any(const T *, unsigned, unsigned, const unsigned char *, unsigned);
template <class T> unsigned idxgen_cc_match_all(const T *, unsigned, unsigned, const unsigned char *, unsigned, int *);
template <class T> T idxgen_cc_reduce_add(const T *, unsigned, unsigned, const unsigned char *, unsigned);
template <class T> T idxgen_cc_reduce_min(const T *, unsigned, unsigned, const unsigned char *, unsigned);
template <class T> T idxgen_cc_reduce_max(const T *, unsigned, unsigned, const unsigned char *, unsigned);
template <class T> unsigned int __match_any_sync(unsigned int, T);
template <class T> unsigned int __match_all_sync(unsigned int, T, int *);
template <class T> T __reduce_add_sync(unsigned int, T);
template <class T> T __reduce_min_sync(unsigned int, T);
template <class T> T __reduce_max_sync(unsigned int, T);
unsigned int __ballot(int);
int __any(int), __all(int);
/* Outside the subset: declared so that their use is diagnosed by name. */
unsigned int __ballot_sync(unsigned int, int), __activemask(void);
int __any_sync(unsigned int, int), __all_sync(unsigned int, int);
template <class T> T __shfl_sync(unsigned int, T, int, int = 32);
template <class T> T __shfl_up_sync(unsigned int, T, unsigned int, int = 32);
template <class T> T __shfl_down_sync(unsigned int, T, unsigned int, int = 32);
template <class T> T __shfl_xor_sync(unsigned int, T, int, int = 32);
template <class T> T __shfl(T, int, int = 32);
template <class T> T __shfl_up(T, unsigned int, int = 32);
template <class T> T __shfl_down(T, unsigned int, int = 32);
template <class T> T __shfl_xor(T, int, int = 32);
typedef unsigned long long cudaTextureObject_t, cudaSurfaceObject_t;
template <class T, int D = 1, int M = 0> struct texture { };
template <class T> T tex1Dfetch(cudaTextureObject_t, int);
template <class T> T tex1D(cudaTextureObject_t, float);
template <class T> T tex2D(cudaTextureObject_t, float, float);
template <class T> T tex3D(cudaTextureObject_t, float, float, float);
typedef int cudaError_t; typedef struct CUstream_st *cudaStream_t;
cudaError_t cudaDeviceSynchronize(void), cudaGetLastError(void);
int printf(const char *, ...);
