/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_program.h - what the C++ that `idxgen-cc` writes for a whole
 * CUDA program includes first (lib/cc/README.md, "Whole programs"): the
 * CUDA runtime API and device functions of lib/cudart (nvcc includes
 * <cuda_runtime.h> implicitly, so do we), the thread loop helpers of the
 * block functions, and the built-in variables that __device__ functions
 * read.
 *
 * Inside a kernel's block function threadIdx, blockIdx, blockDim and
 * gridDim are locals (the fast path).  A __device__ function sees the
 * thread_local objects below instead; the block function of every kernel
 * of a file whose __device__ functions use them sets blockIdx & co. once
 * per block and threadIdx at the top of each thread-loop iteration.  They
 * are per file (static): a kernel and the __device__ functions it calls
 * are in one file, as without -rdc.
 */
#ifndef IDXGEN_CC_PROGRAM_H
#define IDXGEN_CC_PROGRAM_H

#ifndef __cplusplus
#error "idxgen_cc_program.h is for the C++ that idxgen-cc writes for whole programs"
#endif

/*
 * __shared__ where the translator left the text as it was (a __device__
 * function in a header outside the program's folder, the body of a macro):
 * one object per worker thread, as whole.c writes it where it rewrites --
 * a worker runs its blocks one after another.  At block scope thread_local
 * implies static (`static __shared__` reads right too).  Never nothing: a
 * __shared__ buffer that silently became one per thread gave wrong sums.
 * idxgen_cuda_device.h keeps this definition (#ifndef); a header that
 * included cuda_runtime.h first (cooperative_groups.h) had its empty one.
 */
#undef __shared__
#define __shared__ thread_local

#include <cuda_runtime.h>
#include <stdint.h>
#include <string.h>
#include <type_traits>
#include <idxgen_rt.h>
#include <idxgen_cc_warp.h>
#include <idxgen_cc_edg.h>
#include <idxgen_cc_shift.h>
#include <idxgen_cc_narrow.h>

#ifndef __align__
#define __align__(n) __attribute__((aligned(n)))
/* Marks of lib/cc/kernel_decls.c: the translator's parse only. */
#define __idxgen_hd_off
#define __idxgen_hd_on
#endif

#if defined(__clang__)
#pragma clang diagnostic ignored "-Wpass-failed"
#pragma clang diagnostic ignored "-Wc++20-designator"
#pragma clang diagnostic ignored "-Wunused-variable"
/* a kernel's typedef is copied in front of the thread loops for its __shared__ storage (emit.c) */
#pragma clang diagnostic ignored "-Wunused-local-typedef"
#define IDXGEN_CC_INDEPENDENT _Pragma("clang loop vectorize(assume_safety) interleave_count(1)")
#define IDXGEN_CC_SHORT_LOOP _Pragma("clang loop interleave_count(1)")
#define IDXGEN_CC_UNROLL_FULL _Pragma("clang loop unroll(full)")
#else
#pragma GCC diagnostic ignored "-Wunused-local-typedefs"
#define IDXGEN_CC_INDEPENDENT _Pragma("GCC ivdep")
#define IDXGEN_CC_SHORT_LOOP
#define IDXGEN_CC_UNROLL_FULL
#endif

/*
 * Is the block's index stream in x-fastest order?  The runtime classified
 * it once per launch (blk->stream_order, kernel ABI 2, as
 * idxgen_cc_kernel.h reads it): no per-block scan of the stream, which
 * cost a whole program's simple kernels a third of their time (issue 40).
 */
static inline int idxgen_cc_linear(const struct idxgen_rt_block *b)
{
	return b->stream_order == IDXGEN_RT_STREAM_LINEAR;
}

/*
 * Atomics on the block's __shared__ memory (lib/cc/block_atomic.c): a
 * block's threads run on one CPU thread and none stops inside an
 * expression, so a read, the operation and a write are atomic there.  The
 * value is converted to the element's type first, as CUDA's overloads do.
 */
#define IDXGEN_CC__BLOCK_RMW(name, NEW)							\
template <class _Tp, class _Up> static inline _Tp idxgen_cc_block_##name(_Tp *__p, _Up __u)	\
{											\
	_Tp __o = *__p, __v = (_Tp)__u;							\
	*__p = (_Tp)(NEW);								\
	return __o;									\
}
IDXGEN_CC__BLOCK_RMW(atomicAdd, __o + __v)
IDXGEN_CC__BLOCK_RMW(atomicSub, __o - __v)
IDXGEN_CC__BLOCK_RMW(atomicExch, __v)
IDXGEN_CC__BLOCK_RMW(atomicMin, __v < __o ? __v : __o)
IDXGEN_CC__BLOCK_RMW(atomicMax, __v > __o ? __v : __o)
IDXGEN_CC__BLOCK_RMW(atomicAnd, __o & __v)
IDXGEN_CC__BLOCK_RMW(atomicOr, __o | __v)
IDXGEN_CC__BLOCK_RMW(atomicXor, __o ^ __v)
IDXGEN_CC__BLOCK_RMW(atomicInc, __o >= __v ? 0 : __o + 1)
IDXGEN_CC__BLOCK_RMW(atomicDec, __o == 0 || __o > __v ? __v : __o - 1)
#undef IDXGEN_CC__BLOCK_RMW
template <class _Tp, class _Up, class _Wp> static inline _Tp idxgen_cc_block_atomicCAS(_Tp *__p, _Up __c, _Wp __w)
{
	_Tp __o = *__p;

	if (__o == (_Tp)__c)
		*__p = (_Tp)__w;
	return __o;
}

/* Offsets in the private area of values of template-dependent types. */
constexpr size_t idxgen_cc_align(size_t x, size_t a)
{
	return (x + a - 1) / a * a;
}

/*
 * The indices 0 .. N-1 of a kernel template's parameter pack (C++11 has no
 * std::index_sequence): its fiber entry reads argument NFIXED + i as the
 * pack's element i.
 */
template <size_t... _I> struct idxgen_cc_seq {
};
template <size_t _N, size_t... _I> struct idxgen_cc_make_seq : idxgen_cc_make_seq<_N - 1, _N - 1, _I...> {
};
template <size_t... _I> struct idxgen_cc_make_seq<0, _I...> {
	typedef idxgen_cc_seq<_I...> type;
};

/* dim3 by a name no program uses: a kernel's variable named dim3 hides the type (lib/cc/emit.c dim3_type) */
typedef dim3 __idxgen_dim3;

/* The built-in variables as __device__ functions see them (above). */
static thread_local uint3 threadIdx __attribute__((unused));
static thread_local uint3 blockIdx __attribute__((unused));
static thread_local dim3 blockDim __attribute__((unused));
static thread_local dim3 gridDim __attribute__((unused));
static const int warpSize __attribute__((unused)) = 32;
/*
 * The running block's dynamic shared memory, for `extern __shared__ T a[];`
 * at namespace scope (lib/cc/whole.c file_dyn_shared(): a thread-local
 * reference to this of type T *): the block functions of such a file set it.
 */
static thread_local void *idxgen_cc_dyn_shared __attribute__((unused));

static inline void idxgen_cc_set_block(const struct idxgen_rt_block *b)
{
	blockIdx.x = b->block_idx[0], blockIdx.y = b->block_idx[1], blockIdx.z = b->block_idx[2];
	blockDim.x = b->block_dim[0], blockDim.y = b->block_dim[1], blockDim.z = b->block_dim[2];
	gridDim.x = b->grid_dim[0], gridDim.y = b->grid_dim[1], gridDim.z = b->grid_dim[2];
}

static inline void idxgen_cc_set_thread(unsigned int x, unsigned int y, unsigned int z)
{
	threadIdx.x = x, threadIdx.y = y, threadIdx.z = z;
}

/*
 * nvcc compiles a __host__ __device__ function twice, with __CUDA_ARCH__
 * defined for device code and not for host code.  Where such a function's
 * body differs between the two, lib/cc/cuda_arch.c keeps both bodies in one
 * function and this says which runs: the device one while a block function
 * runs on this OS thread (it holds an idxgen_cc_device_scope; fibers of the
 * block switch stacks, not threads), the host one otherwise -- the
 * launching thread runs blocks too when it helps the workers, so the view
 * is set per block, not per thread.  One flag for the whole program (an
 * inline function's static: the same object in every file), as a __device__
 * function of one file may be called from a kernel of another.  A constant
 * expression sees the host body (nvcc's host pass evaluates those).
 */
inline bool &idxgen_cc_on_device(void)
{
	static thread_local bool on;

	return on;
}

constexpr bool idxgen_cc_device_view(void)
{
	return __builtin_is_constant_evaluated() ? false : idxgen_cc_on_device();
}

struct idxgen_cc_device_scope {
	bool was;
	idxgen_cc_device_scope() : was(idxgen_cc_on_device())
	{
		idxgen_cc_on_device() = true;
	}
	~idxgen_cc_device_scope()
	{
		idxgen_cc_on_device() = was;
	}
};

/*
 * The block that runs on this OS thread and the threadIdx of its file, for
 * __trap() and a failed assert() in device code (lib/cudart/device_trap.c):
 * they fail the launch as on CUDA (cudaErrorLaunchFailure, cudaErrorAssert:
 * sticky), never the process.  Set by the block functions of a file whose
 * code calls either (lib/cc/whole.c find_traps); one object for the whole
 * program, as a __device__ function of one file may assert for a kernel of
 * another.  The pointer names the kernel's file's threadIdx, which its
 * block function keeps current.  Outside a block both act as on the host.
 */
struct idxgen_cc_running {
	struct idxgen_rt_block *blk;
	const uint3 *tid;
	const char *kernel;	/* its signature as nvcc prints it, where its block function holds its body */
};

inline idxgen_cc_running &idxgen_cc_running_block(void)
{
	static thread_local idxgen_cc_running r;

	return r;
}

struct idxgen_cc_block_scope {
	idxgen_cc_running was;
	idxgen_cc_block_scope(struct idxgen_rt_block *b, const uint3 *t, const char *kernel = nullptr)
		: was(idxgen_cc_running_block())
	{
		idxgen_cc_running_block() = idxgen_cc_running{ b, t, kernel };
	}
	~idxgen_cc_block_scope()
	{
		idxgen_cc_running_block() = was;
	}
};

static inline __attribute__((noreturn)) void __trap(void)
{
	const idxgen_cc_running &__r = idxgen_cc_running_block();

	__idxgenDeviceTrap(__r.blk, __r.tid ? __r.tid->x : 0, __r.tid ? __r.tid->y : 0, __r.tid ? __r.tid->z : 0);
}

/*
 * __brkpt(): a debugger's breakpoint.  With no debugger attached a GPU
 * stops the kernel with an error (the launch fails): here as __trap().
 */
static inline __attribute__((noreturn)) void __brkpt(void)
{
	__trap();
}

/*
 * Thread-block clusters are of one block here (idxgen_cuda_sm90.h): the
 * shared memory of rank 0 is the block's own, and any other rank names a
 * block that does not exist -- an error on a GPU (the access faults), a
 * trap here at the mapping.
 */
static inline void *__cluster_map_shared_rank(const void *__p, unsigned int __rank)
{
	if (__rank)
		__trap();
	return const_cast<void *>(__p);
}

/*
 * FUNCTION of assert()'s message as nvcc prints it for a kernel: the host
 * compiler names the function the body is in, which for a kernel is the
 * translator's -- its block function under loop fission ("void k__block(struct
 * idxgen_rt_block *)", for which the block scope holds the kernel's own
 * signature; a template's " [T = int]" is kept) or its copy in a fiber
 * namespace ("(anonymous namespace)::__idxgen_fiber_k::", taken out).  Any
 * other function (a __device__ helper, a lambda in the kernel) is named as
 * it is; the runtime spells templates and lambdas as nvcc does
 * (lib/cudart/device_names.c).  Into buf, only on the way to a failed
 * assertion.
 */
inline void idxgen_cc_name_add(char *__buf, size_t __n, const char *__s, size_t __len)
{
	size_t __at = strlen(__buf);

	if (__len > __n - 1 - __at)
		__len = __n - 1 - __at;
	memcpy(__buf + __at, __s, __len);
	__buf[__at + __len] = 0;
}

/* Whether two signatures name the same function: equal up to the '('. */
inline bool idxgen_cc_same_function(const char *__a, const char *__b)
{
	const char *__pa = strchr(__a, '('), *__pb = strchr(__b, '(');

	return __pa && __pb && __pa - __a == __pb - __b && !strncmp(__a, __b, (size_t)(__pa - __a));
}

inline const char *idxgen_cc_user_function(const char *__fn, const char *__kernel, char *__buf, size_t __n)
{
	static const char *const __anon[] = { "(anonymous namespace)::", "{anonymous}::", "" };
	const char *__f = __fn ? strstr(__fn, "__idxgen_fiber_") : nullptr, *__e, *__t;

	__buf[0] = 0;
	if (__f && (__e = strstr(__f, "::"))) {
		size_t __a = 0;

		for (const char *__p : __anon) {
			__a = strlen(__p);
			if ((size_t)(__f - __fn) >= __a && !strncmp(__f - __a, __p, __a))
				break;
		}
		idxgen_cc_name_add(__buf, __n, __fn, (size_t)(__f - __a - __fn));
		idxgen_cc_name_add(__buf, __n, __e + 2, strlen(__e + 2));
		if (__kernel && (__t = strstr(__buf, ") [")) && idxgen_cc_same_function(__buf, __kernel)) {
			/* the kernel's own fiber copy, whose bitwise-bound parameters are
			 * references there (T &): its signature as written, as nvcc prints it */
			char __tail[512];

			idxgen_cc_name_add((__tail[0] = 0, __tail), sizeof(__tail), __t + 1, strlen(__t + 1));
			__buf[0] = 0;
			idxgen_cc_name_add(__buf, __n, __kernel, strlen(__kernel));
			idxgen_cc_name_add(__buf, __n, __tail, strlen(__tail));
		}
		return __buf;
	}
	if (__fn && __kernel && strstr(__fn, "__block(") && !strstr(__fn, "::(anonymous class)::")) {
		idxgen_cc_name_add(__buf, __n, __kernel, strlen(__kernel));
		if ((__t = strstr(__fn, ") [")))
			idxgen_cc_name_add(__buf, __n, __t + 1, strlen(__t + 1));
		return __buf;
	}
	return __fn;
}

/*
 * assert() as <assert.h> writes it calls __assert_fail (glibc), renamed
 * here so that the program's own assert()s, included after this header,
 * reach this one: C linkage and glibc's exact type, because an <assert.h>
 * included later declares it again under this name.  Weak: one kept.
 */
extern "C" __attribute__((weak, noreturn)) void idxgen_cc_assert_fail(const char *__assertion, const char *__file,
								 unsigned int __line, const char *__function) noexcept
{
	const idxgen_cc_running &__r = idxgen_cc_running_block();
	char __name[1024];

	__idxgenDeviceAssert(__r.blk, __r.tid ? __r.tid->x : 0, __r.tid ? __r.tid->y : 0, __r.tid ? __r.tid->z : 0,
			     __assertion, __file, __line,
			     __r.blk ? idxgen_cc_user_function(__function, __r.kernel, __name, sizeof(__name)) : __function);
}
#define __assert_fail idxgen_cc_assert_fail

/*
 * clock(): on a GPU device code reads the multiprocessor's cycle counter
 * (clock64's, cudaDevAttrClockRate kHz), host code the process's CPU time
 * (CLOCKS_PER_SEC).  One name in a whole program, renamed here as
 * __assert_fail is: the answer follows the view of the running code, the
 * device's in a block function of a file that calls clock() (it holds an
 * idxgen_cc_device_scope: lib/cc/whole.c find_traps), glibc's otherwise.
 * Device code got glibc's before: a kernel that spins for clockRate * ms
 * cycles (the samples' clock_block) spun about clockRate / 1000 times as
 * long, over half an hour for 1 ms at 2 GHz.  <ctime> is included first:
 * it #undefs clock, and std::clock must name the renamed function too.
 * Weak, C linkage and glibc's type: a <time.h> included later declares it
 * again under this name.
 */
#include <ctime>
static inline clock_t idxgen_cc_host_clock(void)
{
	return clock();
}
extern "C" __attribute__((weak)) clock_t idxgen_cc_clock(void) noexcept
{
	return idxgen_cc_device_view() ? (clock_t)clock64() : idxgen_cc_host_clock();
}
namespace std {
using ::idxgen_cc_clock;
}
#define clock idxgen_cc_clock

/*
 * A block that traps leaves its block function by a jump (lib/rt's
 * idxgen_rt_trap), past its idxgen_cc_device_scope's end: the runtime calls
 * this on that thread before the jump, so host code after the failed launch
 * (the waiting thread runs blocks too) sees the host view, and __trap() and
 * assert() there act as on the host.  Weak: one
 * definition in every file of the program, one kept; the runtime's
 * reference to it is weak too (C kernels and the JIT have none).  A block
 * function runs with the view off before it (nothing nests blocks).
 */
extern "C" __attribute__((weak)) void idxgen_cc_block_trapped(void)
{
	idxgen_cc_on_device() = false;
	idxgen_cc_running_block() = idxgen_cc_running{ nullptr, nullptr, nullptr };
}

/* Kernels run as fibers: __syncthreads() and the warp functions as suspensions. */
#include <idxgen_cc_fiber.h>

#endif
