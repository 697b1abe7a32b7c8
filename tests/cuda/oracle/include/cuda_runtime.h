/*
 * Test oracle only: CUDA mapped onto the CPU so that the corpus in
 * tests/cuda/progs can be checked without the product (idxgen-cc) and
 * without NVIDIA's headers. Every CUDA thread is a fiber; the threads of a
 * block run in one host thread, switching at __syncthreads and warp-level
 * operations, which therefore have CUDA's lock-step meaning. Blocks run one
 * after another, so __shared__ variables are plain statics (see rt.cpp).
 * Written for this corpus: what it lacks, the corpus does not use.
 */
#ifndef CC_ORACLE_CUDA_RUNTIME_H
#define CC_ORACLE_CUDA_RUNTIME_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cassert>
#include <type_traits>
#include <functional>
#include <utility>

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __shared__ static
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __CC_ORACLE__ 1

/* ---- vector types ---- */
#define CC_MIN16(a) ((a) > 16 ? 16 : (a))
#define CC_VEC(T, N)                                                                    \
	struct __attribute__((aligned(sizeof(T)))) N##1 { T x; };                      \
	struct __attribute__((aligned(2 * sizeof(T)))) N##2 { T x, y; };               \
	struct N##3 { T x, y, z; };                                                    \
	struct __attribute__((aligned(CC_MIN16(4 * sizeof(T))))) N##4 { T x, y, z, w; }; \
	static inline N##1 make_##N##1(T x) { N##1 r; r.x = x; return r; }             \
	static inline N##2 make_##N##2(T x, T y) { N##2 r; r.x = x; r.y = y; return r; } \
	static inline N##3 make_##N##3(T x, T y, T z)                                  \
	{ N##3 r; r.x = x; r.y = y; r.z = z; return r; }                               \
	static inline N##4 make_##N##4(T x, T y, T z, T w)                             \
	{ N##4 r; r.x = x; r.y = y; r.z = z; r.w = w; return r; }
CC_VEC(signed char, char)
CC_VEC(unsigned char, uchar)
CC_VEC(short, short)
CC_VEC(unsigned short, ushort)
CC_VEC(int, int)
CC_VEC(unsigned int, uint)
CC_VEC(long, long)
CC_VEC(unsigned long, ulong)
CC_VEC(long long, longlong)
CC_VEC(unsigned long long, ulonglong)
CC_VEC(float, float)
CC_VEC(double, double)

struct dim3 {
	unsigned x, y, z;
	constexpr dim3(unsigned vx = 1, unsigned vy = 1, unsigned vz = 1) : x(vx), y(vy), z(vz) {}
	constexpr dim3(uint3 v) : x(v.x), y(v.y), z(v.z) {}
	constexpr operator uint3() const { return uint3{x, y, z}; }
};

extern uint3 threadIdx, blockIdx;
extern dim3 blockDim, gridDim;
static const int warpSize = 32;

/* ---- runtime API types ---- */
enum cudaError {
	cudaSuccess = 0,
	cudaErrorInvalidValue = 1,
	cudaErrorMemoryAllocation = 2,
	cudaErrorInitializationError = 3,
	cudaErrorInvalidConfiguration = 9,
	cudaErrorInvalidSymbol = 13,
	cudaErrorInvalidMemcpyDirection = 21,
	cudaErrorInvalidDevice = 101,
	cudaErrorInvalidResourceHandle = 400,
	cudaErrorNotReady = 600,
	cudaErrorLaunchFailure = 719,
	cudaErrorUnknown = 999,
};
typedef enum cudaError cudaError_t;
enum cudaMemcpyKind {
	cudaMemcpyHostToHost = 0,
	cudaMemcpyHostToDevice = 1,
	cudaMemcpyDeviceToHost = 2,
	cudaMemcpyDeviceToDevice = 3,
	cudaMemcpyDefault = 4,
};
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
#define cudaHostAllocDefault 0u
#define cudaHostAllocPortable 1u
#define cudaHostAllocMapped 2u
#define cudaStreamDefault 0u
#define cudaStreamNonBlocking 1u
#define cudaEventDefault 0u
#define cudaEventBlockingSync 1u
#define cudaEventDisableTiming 2u
#define cudaMemAttachGlobal 1u
#define cudaMemAttachHost 2u

struct cudaDeviceProp {
	char name[256];
	size_t totalGlobalMem, sharedMemPerBlock, totalConstMem, memPitch;
	int regsPerBlock, warpSize, maxThreadsPerBlock, maxThreadsDim[3], maxGridSize[3];
	int clockRate, major, minor, multiProcessorCount, maxThreadsPerMultiProcessor;
	int memoryClockRate, memoryBusWidth, l2CacheSize, concurrentKernels, managedMemory;
	int unifiedAddressing, computeMode, integrated, canMapHostMemory, ECCEnabled;
	size_t sharedMemPerMultiprocessor, sharedMemPerBlockOptin;
	int regsPerMultiprocessor, asyncEngineCount, deviceOverlap, cooperativeLaunch;
};

cudaError_t cudaMalloc(void **p, size_t n);
cudaError_t cudaMallocHost(void **p, size_t n);
cudaError_t cudaHostAlloc(void **p, size_t n, unsigned flags);
cudaError_t cudaMallocManaged(void **p, size_t n, unsigned flags = cudaMemAttachGlobal);
cudaError_t cudaMallocPitch(void **p, size_t *pitch, size_t width, size_t height);
template <class T> cudaError_t cudaMalloc(T **p, size_t n) { return cudaMalloc((void **)p, n); }
template <class T> cudaError_t cudaMallocHost(T **p, size_t n) { return cudaMallocHost((void **)p, n); }
template <class T> cudaError_t cudaHostAlloc(T **p, size_t n, unsigned f) { return cudaHostAlloc((void **)p, n, f); }
template <class T> cudaError_t cudaMallocManaged(T **p, size_t n, unsigned f = cudaMemAttachGlobal)
{
	return cudaMallocManaged((void **)p, n, f);
}
template <class T> cudaError_t cudaMallocPitch(T **p, size_t *pitch, size_t w, size_t h)
{
	return cudaMallocPitch((void **)p, pitch, w, h);
}
cudaError_t cudaFree(void *p);
cudaError_t cudaFreeHost(void *p);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t n, cudaMemcpyKind kind);
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t n, cudaMemcpyKind kind, cudaStream_t s = 0);
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src, size_t spitch, size_t width, size_t height,
			 cudaMemcpyKind kind);
cudaError_t cudaMemset(void *p, int v, size_t n);
cudaError_t cudaMemsetAsync(void *p, int v, size_t n, cudaStream_t s = 0);
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total_bytes);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaDeviceReset(void);
cudaError_t cudaGetLastError(void);
cudaError_t cudaPeekAtLastError(void);
const char *cudaGetErrorString(cudaError_t e);
const char *cudaGetErrorName(cudaError_t e);
cudaError_t cudaGetDeviceCount(int *n);
cudaError_t cudaSetDevice(int d);
cudaError_t cudaGetDevice(int *d);
cudaError_t cudaGetDeviceProperties(cudaDeviceProp *p, int d);
cudaError_t cudaStreamCreate(cudaStream_t *s);
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags);
cudaError_t cudaStreamDestroy(cudaStream_t s);
cudaError_t cudaStreamSynchronize(cudaStream_t s);
cudaError_t cudaStreamQuery(cudaStream_t s);
cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags = 0);
cudaError_t cudaEventCreate(cudaEvent_t *e);
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags);
cudaError_t cudaEventDestroy(cudaEvent_t e);
cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s = 0);
cudaError_t cudaEventSynchronize(cudaEvent_t e);
cudaError_t cudaEventQuery(cudaEvent_t e);
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t a, cudaEvent_t b);
cudaError_t __cc_record_error(cudaError_t e);
bool __cc_valid_kind(cudaMemcpyKind k);

template <class T>
cudaError_t cudaMemcpyToSymbol(const T &sym, const void *src, size_t n, size_t off = 0,
			       cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{
	if (off + n > sizeof(T))
		return __cc_record_error(cudaErrorInvalidValue);
	if (!__cc_valid_kind(kind))
		return __cc_record_error(cudaErrorInvalidMemcpyDirection);
	memcpy((char *)&sym + off, src, n);
	return cudaSuccess;
}
template <class T>
cudaError_t cudaMemcpyFromSymbol(void *dst, const T &sym, size_t n, size_t off = 0,
				 cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{
	if (off + n > sizeof(T))
		return __cc_record_error(cudaErrorInvalidValue);
	if (!__cc_valid_kind(kind))
		return __cc_record_error(cudaErrorInvalidMemcpyDirection);
	memcpy(dst, (const char *)&sym + off, n);
	return cudaSuccess;
}
template <class T>
cudaError_t cudaMemcpyToSymbolAsync(const T &sym, const void *src, size_t n, size_t off = 0,
				    cudaMemcpyKind kind = cudaMemcpyHostToDevice, cudaStream_t = 0)
{
	return cudaMemcpyToSymbol(sym, src, n, off, kind);
}
template <class T> cudaError_t cudaGetSymbolAddress(void **p, const T &sym)
{
	*p = (void *)&sym;
	return cudaSuccess;
}

/* ---- launches (rewritten from <<<>>> by cu2cpp.py) ---- */
struct __cc_config {
	dim3 grid, block;
	size_t shmem;
	cudaStream_t stream;
};
static inline __cc_config __cc_cfg(dim3 g, dim3 b, size_t sh = 0, cudaStream_t s = 0)
{
	return __cc_config{g, b, sh, s};
}
cudaError_t __cc_launch(const __cc_config &c, const std::function<void()> &body);
void *__cc_dynamic_shared(void);

template <class... P, size_t... I>
void __cc_call_with(void (*f)(P...), void **args, std::index_sequence<I...>)
{
	f(*static_cast<typename std::remove_reference<P>::type *>(args[I])...);
}
/* cu2cpp.py drops "(const void *)" in front of a kernel's name, so the
 * kernel's type is known here. */
template <class... P>
cudaError_t cudaLaunchKernel(void (*f)(P...), dim3 g, dim3 b, void **args, size_t sh = 0, cudaStream_t s = 0)
{
	return __cc_launch(__cc_cfg(g, b, sh, s), [&]() { __cc_call_with(f, args, std::index_sequence_for<P...>()); });
}

/* ---- function attributes and occupancy: one CPU "multiprocessor" per core ---- */
enum cudaFuncAttribute {
	cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
	cudaFuncAttributePreferredSharedMemoryCarveout = 9,
};
struct cudaFuncAttributes {
	size_t sharedSizeBytes, constSizeBytes, localSizeBytes;
	int maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
	int maxDynamicSharedSizeBytes, preferredShmemCarveout;
};
int __cc_cpu_count(void);
template <class F> cudaError_t cudaFuncSetAttribute(F *, cudaFuncAttribute, int) { return cudaSuccess; }
template <class F> cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a, F *)
{
	memset(a, 0, sizeof(*a));
	a->maxThreadsPerBlock = 1024;
	a->maxDynamicSharedSizeBytes = 227 * 1024;
	a->ptxVersion = a->binaryVersion = 90;
	return cudaSuccess;
}
template <class F>
cudaError_t cudaOccupancyMaxPotentialBlockSize(int *min_grid, int *block, F, size_t = 0, int limit = 0)
{
	*block = limit > 0 && limit < 1024 ? limit / 32 * 32 : 1024;
	if (*block == 0)
		*block = limit;
	*min_grid = __cc_cpu_count();
	return cudaSuccess;
}
template <class F> cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *n, F, int block, size_t = 0)
{
	*n = block > 0 && block <= 1024 ? 2048 / block : 0;
	return block > 0 && block <= 1024 ? cudaSuccess : __cc_record_error(cudaErrorInvalidValue);
}

/* ---- block and warp synchronisation (rt.cpp) ---- */
void __syncthreads(void);
int __syncthreads_count(int pred);
int __syncthreads_and(int pred);
int __syncthreads_or(int pred);
/* Waits until every lane of mask (that exists and has not exited) has
 * arrived with its value; fills all[32]; returns the lanes that arrived. */
unsigned __cc_collective(unsigned mask, uint64_t v, uint64_t all[32]);
/*
 * The lanes at the call site together: file, line and column (g++ 12 has no
 * __builtin_COLUMN: two calls on one line are one site there; CXX=clang++-16).
 */
#ifdef __clang__
#define __CC_SITE_COL __builtin_COLUMN()
#else
#define __CC_SITE_COL 0u
#endif
unsigned __cc_coalesced(const char *file, unsigned site);
static inline unsigned __activemask(const char *file = __builtin_FILE(),
				    unsigned site = __builtin_LINE() * 4096u + __CC_SITE_COL)
{
	return __cc_coalesced(file, site);
}
static inline void __syncwarp(unsigned mask = 0xffffffffu)
{
	uint64_t all[32];
	__cc_collective(mask, 0, all);
}
static inline void __threadfence(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_block(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline void __threadfence_system(void) { __atomic_thread_fence(__ATOMIC_SEQ_CST); }
static inline unsigned __cc_linear_tid(void)
{
	return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}
static inline unsigned __cc_lane(void) { return __cc_linear_tid() % 32; }

template <class T> static inline uint64_t __cc_bits(T v)
{
	static_assert(sizeof(T) <= 8 && std::is_trivially_copyable<T>::value, "oracle: warp value of at most 8 bytes");
	uint64_t b = 0;
	memcpy(&b, &v, sizeof(T));
	return b;
}
template <class T> static inline T __cc_from(uint64_t b)
{
	T v;
	memcpy(&v, &b, sizeof(T));
	return v;
}
template <class T> static inline T __cc_shfl_from(unsigned got, const uint64_t *all, int src, T own)
{
	if (src < 0 || src > 31 || !((got >> src) & 1))
		return own; /* source lane absent: undefined in CUDA; the oracle keeps the own value */
	return __cc_from<T>(all[src]);
}
template <class T> T __shfl_sync(unsigned mask, T v, int src, int width = 32)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, __cc_bits(v), all);
	int lane = __cc_lane(), base = lane & ~(width - 1);
	return __cc_shfl_from(got, all, base + (src & (width - 1)), v);
}
template <class T> T __shfl_up_sync(unsigned mask, T v, unsigned d, int width = 32)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, __cc_bits(v), all);
	int lane = __cc_lane();
	if ((unsigned)(lane & (width - 1)) < d)
		return v;
	return __cc_shfl_from(got, all, lane - (int)d, v);
}
template <class T> T __shfl_down_sync(unsigned mask, T v, unsigned d, int width = 32)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, __cc_bits(v), all);
	int lane = __cc_lane();
	if ((lane & (width - 1)) + d >= (unsigned)width)
		return v;
	return __cc_shfl_from(got, all, lane + (int)d, v);
}
template <class T> T __shfl_xor_sync(unsigned mask, T v, int lm, int width = 32)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, __cc_bits(v), all);
	int lane = __cc_lane(), base = lane & ~(width - 1), src = lane ^ lm;
	if (src < base || src >= base + width)
		return v;
	return __cc_shfl_from(got, all, src, v);
}
static inline unsigned __ballot_sync(unsigned mask, int pred)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, pred != 0, all), r = 0;
	for (int l = 0; l < 32; l++)
		if (((got >> l) & 1) && all[l])
			r |= 1u << l;
	return r;
}
static inline int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
static inline int __all_sync(unsigned mask, int pred)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, pred != 0, all);
	for (int l = 0; l < 32; l++)
		if (((got >> l) & 1) && !all[l])
			return 0;
	return 1;
}
template <class T> unsigned __match_any_sync(unsigned mask, T v)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, __cc_bits(v), all), r = 0;
	uint64_t me = __cc_bits(v);
	for (int l = 0; l < 32; l++)
		if (((got >> l) & 1) && all[l] == me)
			r |= 1u << l;
	return r;
}
template <class T> unsigned __match_all_sync(unsigned mask, T v, int *pred)
{
	uint64_t all[32];
	unsigned got = __cc_collective(mask, __cc_bits(v), all);
	uint64_t me = __cc_bits(v);
	for (int l = 0; l < 32; l++)
		if (((got >> l) & 1) && all[l] != me) {
			*pred = 0;
			return 0;
		}
	*pred = 1;
	return mask;
}
#define CC_WARP_REDUCE(NAME, T, INIT, OP)                                       \
	static inline T NAME(unsigned mask, T v)                                \
	{                                                                       \
		uint64_t all[32];                                               \
		unsigned got = __cc_collective(mask, __cc_bits(v), all);        \
		T r = INIT;                                                     \
		for (int l = 0; l < 32; l++)                                    \
			if ((got >> l) & 1) {                                   \
				T x = __cc_from<T>(all[l]);                     \
				r = OP;                                         \
			}                                                       \
		return r;                                                       \
	}
CC_WARP_REDUCE(__reduce_add_sync, unsigned, 0u, r + x)
CC_WARP_REDUCE(__reduce_add_sync, int, 0, (int)((unsigned)r + (unsigned)x))
CC_WARP_REDUCE(__reduce_min_sync, unsigned, 0xffffffffu, x < r ? x : r)
CC_WARP_REDUCE(__reduce_min_sync, int, 0x7fffffff, x < r ? x : r)
CC_WARP_REDUCE(__reduce_max_sync, unsigned, 0u, x > r ? x : r)
CC_WARP_REDUCE(__reduce_max_sync, int, (int)0x80000000, x > r ? x : r)
CC_WARP_REDUCE(__reduce_and_sync, unsigned, 0xffffffffu, r &x)
CC_WARP_REDUCE(__reduce_or_sync, unsigned, 0u, r | x)
CC_WARP_REDUCE(__reduce_xor_sync, unsigned, 0u, r ^ x)

/* ---- atomics: fibers switch only at synchronisation calls, so these
 * read-modify-writes cannot interleave ---- */
template <class T, class U> T atomicAdd(T *a, U v) { T o = *a; *a = (T)(o + (T)v); return o; }
template <class T, class U> T atomicSub(T *a, U v) { T o = *a; *a = (T)(o - (T)v); return o; }
template <class T, class U> T atomicExch(T *a, U v) { T o = *a; *a = (T)v; return o; }
template <class T, class U> T atomicMin(T *a, U v) { T o = *a; if ((T)v < o) *a = (T)v; return o; }
template <class T, class U> T atomicMax(T *a, U v) { T o = *a; if ((T)v > o) *a = (T)v; return o; }
template <class T, class U> T atomicAnd(T *a, U v) { T o = *a; *a = o & (T)v; return o; }
template <class T, class U> T atomicOr(T *a, U v) { T o = *a; *a = o | (T)v; return o; }
template <class T, class U> T atomicXor(T *a, U v) { T o = *a; *a = o ^ (T)v; return o; }
template <class T, class U, class V> T atomicCAS(T *a, U cmp, V v)
{
	T o = *a;
	if (o == (T)cmp)
		*a = (T)v;
	return o;
}
static inline unsigned atomicInc(unsigned *a, unsigned lim)
{
	unsigned o = *a;
	*a = o >= lim ? 0 : o + 1;
	return o;
}
static inline unsigned atomicDec(unsigned *a, unsigned lim)
{
	unsigned o = *a;
	*a = (o == 0 || o > lim) ? lim : o - 1;
	return o;
}
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd

/* ---- integer intrinsics ---- */
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x)
{
	unsigned r = 0;
	for (int k = 0; k < 32; k++)
		r |= ((x >> k) & 1u) << (31 - k);
	return r;
}
static inline unsigned long long __brevll(unsigned long long x)
{
	return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
static inline int __mul24(int a, int b)
{
	long long x = (long long)(a << 8 >> 8), y = (long long)(b << 8 >> 8);
	return (int)(unsigned)(x * y);
}
static inline unsigned __umul24(unsigned a, unsigned b)
{
	return (unsigned)((unsigned long long)(a & 0xffffff) * (b & 0xffffff));
}
static inline int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
static inline unsigned __umulhi(unsigned a, unsigned b) { return (unsigned)(((unsigned long long)a * b) >> 32); }
static inline long long __mul64hi(long long a, long long b) { return (long long)(((__int128)a * b) >> 64); }
static inline unsigned long long __umul64hi(unsigned long long a, unsigned long long b)
{
	return (unsigned long long)(((unsigned __int128)a * b) >> 64);
}
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
	unsigned long long v = ((unsigned long long)y << 32) | x;
	unsigned r = 0;
	for (int k = 0; k < 4; k++)
		r |= (unsigned)((v >> (8 * ((s >> (4 * k)) & 7))) & 0xff) << (8 * k);
	return r;
}
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned sh)
{
	unsigned long long v = ((unsigned long long)hi << 32) | lo;
	return (unsigned)((v << (sh & 31)) >> 32);
}
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned sh)
{
	unsigned long long v = ((unsigned long long)hi << 32) | lo;
	return (unsigned)(v >> (sh & 31));
}
static inline unsigned __sad(int x, int y, unsigned z) { return (unsigned)(x > y ? (long long)x - y : (long long)y - x) + z; }
static inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }
static inline int __rhadd(int x, int y) { return (int)(((long long)x + y + 1) >> 1); }
static inline unsigned __uhadd(unsigned x, unsigned y) { return (unsigned)(((unsigned long long)x + y) >> 1); }
static inline int __hadd(int x, int y) { return (int)(((long long)x + y) >> 1); }
template <class A, class B> static inline typename std::common_type<A, B>::type min(A a, B b)
{
	typedef typename std::common_type<A, B>::type C;
	return (C)a < (C)b ? (C)a : (C)b;
}
template <class A, class B> static inline typename std::common_type<A, B>::type max(A a, B b)
{
	typedef typename std::common_type<A, B>::type C;
	return (C)a > (C)b ? (C)a : (C)b;
}
static inline long long llmin(long long a, long long b) { return a < b ? a : b; }
static inline long long llmax(long long a, long long b) { return a > b ? a : b; }
static inline unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
static inline unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
static inline unsigned long long ullmin(unsigned long long a, unsigned long long b) { return a < b ? a : b; }
static inline unsigned long long ullmax(unsigned long long a, unsigned long long b) { return a > b ? a : b; }

/* ---- math beyond <cmath>. The fast intrinsics map onto the accurate
 * functions (within their bounds); glibc declares but does not export
 * functions of these names, hence macros. ---- */
#define __expf expf
#define __exp10f exp10f
#define __logf logf
#define __log2f log2f
#define __log10f log10f
#define __sinf sinf
#define __cosf cosf
#define __tanf tanf
#define __powf powf
#define __sincosf sincosf
static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
static inline double rsqrt(double x) { return 1.0 / sqrt(x); }
static inline double sinpi(double x) { return sin(M_PI * x); }
static inline double cospi(double x) { return cos(M_PI * x); }
static inline float sinpif(float x) { return (float)sin(M_PI * x); }
static inline float cospif(float x) { return (float)cos(M_PI * x); }
static inline float __fdividef(float x, float y) { return x / y; }
static inline float fdividef(float x, float y) { return x / y; }
static inline float __saturatef(float x) { return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : (x == x ? x : 0.0f)); }
static inline float __frcp_rn(float x) { return 1.0f / x; }
static inline float __fsqrt_rn(float x) { return sqrtf(x); }
static inline float __fadd_rn(float x, float y) { return x + y; }
static inline float __fmul_rn(float x, float y) { return x * y; }
static inline float __fmaf_rn(float x, float y, float z) { return fmaf(x, y, z); }
static inline double __dadd_rn(double x, double y) { return x + y; }
static inline double __dmul_rn(double x, double y) { return x * y; }
static inline double __fma_rn(double x, double y, double z) { return fma(x, y, z); }
static inline float __int_as_float(int x) { return __cc_from<float>((uint64_t)(unsigned)x); }
static inline int __float_as_int(float x) { return (int)(unsigned)__cc_bits(x); }
static inline float __uint_as_float(unsigned x) { return __cc_from<float>((uint64_t)x); }
static inline unsigned __float_as_uint(float x) { return (unsigned)__cc_bits(x); }
static inline double __longlong_as_double(long long x) { return __cc_from<double>((uint64_t)x); }
static inline long long __double_as_longlong(double x) { return (long long)__cc_bits(x); }
static inline int __float2int_rn(float x) { return (int)lrintf(x); }
static inline int __float2int_rz(float x) { return (int)x; }
static inline int __double2int_rn(double x) { return (int)lrint(x); }
static inline unsigned __float2uint_rn(float x) { return (unsigned)llrintf(x); }
static inline float __int2float_rn(int x) { return (float)x; }
template <class T> static inline T __ldg(const T *p) { return *p; }
template <class T> static inline T __ldcs(const T *p) { return *p; }
template <class T> static inline T __ldlu(const T *p) { return *p; }
template <class T> static inline T __ldcv(const T *p) { return *p; }
template <class T> static inline void __stcs(T *p, T v) { *p = v; }
template <class T> static inline void __stcg(T *p, T v) { *p = v; }
template <class T> static inline void __stwb(T *p, T v) { *p = v; }
template <class T> static inline void __stwt(T *p, T v) { *p = v; }
/* Packed dot products: the parts as arrays, summed in 64 bits, wrapped. */
template <class A, class B, class C> static inline C cc_dot(const A *a, const B *b, int n, C c)
{
	long long s = (long long)c;
	for (int k = 0; k < n; k++)
		s += (long long)a[k] * (long long)b[k];
	return (C)(unsigned)(unsigned long long)s;
}
static inline int __dp4a(char4 a, char4 b, int c)
{
	signed char x[4] = { a.x, a.y, a.z, a.w }, y[4] = { b.x, b.y, b.z, b.w };
	return cc_dot(x, y, 4, c);
}
static inline unsigned __dp4a(uchar4 a, uchar4 b, unsigned c)
{
	unsigned char x[4] = { a.x, a.y, a.z, a.w }, y[4] = { b.x, b.y, b.z, b.w };
	return cc_dot(x, y, 4, c);
}
static inline int __dp4a(int a, int b, int c)
{
	char4 x, y;
	memcpy(&x, &a, 4);
	memcpy(&y, &b, 4);
	return __dp4a(x, y, c);
}
static inline unsigned __dp4a(unsigned a, unsigned b, unsigned c)
{
	uchar4 x, y;
	memcpy(&x, &a, 4);
	memcpy(&y, &b, 4);
	return __dp4a(x, y, c);
}
static inline int __dp2a_lo(short2 a, char4 b, int c)
{
	short x[2] = { a.x, a.y };
	signed char y[2] = { b.x, b.y };
	return cc_dot(x, y, 2, c);
}
static inline unsigned __dp2a_lo(ushort2 a, uchar4 b, unsigned c)
{
	unsigned short x[2] = { a.x, a.y };
	unsigned char y[2] = { b.x, b.y };
	return cc_dot(x, y, 2, c);
}
static inline int __dp2a_hi(short2 a, char4 b, int c)
{
	short x[2] = { a.x, a.y };
	signed char y[2] = { b.z, b.w };
	return cc_dot(x, y, 2, c);
}
static inline unsigned __dp2a_hi(ushort2 a, uchar4 b, unsigned c)
{
	unsigned short x[2] = { a.x, a.y };
	unsigned char y[2] = { b.z, b.w };
	return cc_dot(x, y, 2, c);
}
#define CC_DP2A(name, S2, B4, T)                        \
	static inline T name(T a, T b, T c)             \
	{                                               \
		S2 x;                                   \
		B4 y;                                   \
		memcpy(&x, &a, 4);                      \
		memcpy(&y, &b, 4);                      \
		return name(x, y, c);                   \
	}
CC_DP2A(__dp2a_lo, short2, char4, int)
CC_DP2A(__dp2a_hi, short2, char4, int)
CC_DP2A(__dp2a_lo, ushort2, uchar4, unsigned)
CC_DP2A(__dp2a_hi, ushort2, uchar4, unsigned)
#undef CC_DP2A

#endif
