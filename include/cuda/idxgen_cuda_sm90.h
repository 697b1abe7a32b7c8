/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_sm90.h - the device functions of NVIDIA's crt/sm_90_rt.h that
 * need no thread or block of their own: the 16-byte atomics
 * (__u128AtomicCAS/Exch and their _block/_system forms, and in C++ the
 * atomicCAS/atomicExch templates over any trivially copyable 16-byte type
 * aligned to 16), the float2/float4 atomicAdd (each element atomic on its
 * own, as CUDA documents), and what a cluster of one block answers.
 *
 * Clusters: a launch here is clusters of one block (cudaDevAttrClusterLaunch
 * is 0; cudaLaunchKernelEx refuses a larger cluster), so the cluster's size
 * is 1, its dimensions (1, 1, 1), every block's rank in it 0, and shared
 * memory is the block's own (rank 0).  __clusterDimIsSpecified() is 1 in a
 * kernel declared with __cluster_dims__ (of one block: more are refused at
 * the launch), else 0 (the launch attribute of one block is accepted as a
 * hint, not recorded).  The cluster barrier's
 * arrive is a release fence; its wait and the queries that read the block
 * (__clusterIdx, __clusterGridDimInClusters) are in idxgen_cc_fiber.h, the
 * mapping of another block's shared memory in idxgen_cc_program.h (a rank
 * other than 0 traps).  C11 and C++; idxgen_cuda_device.h includes it at
 * its end.
 */
#ifndef IDXGEN_CUDA_SM90_H
#define IDXGEN_CUDA_SM90_H

#include <string.h>

#include "vector_types.h"
#include "idxgen_cuda_device.h"

#ifndef IDXGEN_CUDA__F
#define IDXGEN_CUDA__F static inline __attribute__((unused))
#endif

/*
 * One 16-byte compare-and-swap: *a == *cmp ? *a = *val : nothing; the old
 * value to *old.  x86-64: lock cmpxchg16b (every x86-64 CPU Debian 12 runs
 * on has it), which needs the 16-byte alignment CUDA requires too.  A
 * misaligned address (an error on CUDA) and other CPUs: under a spin lock
 * of the file (no libatomic to link), atomic against the 16-byte atomics
 * of the same file.
 */
IDXGEN_CUDA__F void __idxgen_cas16(void *__a, const void *__cmp, const void *__val, void *__old)
{
#if defined(__x86_64__)
	if (!((unsigned long)__a & 15)) {
		unsigned long long __c[2], __v[2];

		memcpy(__c, __cmp, 16);
		memcpy(__v, __val, 16);
		__asm__ __volatile__("lock cmpxchg16b %0"
				     : "+m"(*(volatile unsigned long long(*)[2])__a), "+a"(__c[0]), "+d"(__c[1])
				     : "b"(__v[0]), "c"(__v[1])
				     : "memory", "cc");
		memcpy(__old, __c, 16);	/* rdx:rax: the value found, equal or not */
		return;
	}
#endif
	{
		static int __lock;

		while (__atomic_exchange_n(&__lock, 1, __ATOMIC_ACQUIRE))
			;
		memcpy(__old, __a, 16);
		if (!memcmp(__old, __cmp, 16))
			memcpy(__a, __val, 16);
		__atomic_store_n(&__lock, 0, __ATOMIC_RELEASE);
	}
}

/* __u128AtomicCAS(address, compare, value, result): CUDA's builtin behind the 16-byte atomicCAS */
IDXGEN_CUDA__F void __u128AtomicCAS(void *__a, void *__cmp, void *__val, void *__ret)
{
	__idxgen_cas16(__a, __cmp, __val, __ret);
}
IDXGEN_CUDA__F void __u128AtomicCAS_block(void *__a, void *__cmp, void *__val, void *__ret)
{
	__idxgen_cas16(__a, __cmp, __val, __ret);
}
IDXGEN_CUDA__F void __u128AtomicCAS_system(void *__a, void *__cmp, void *__val, void *__ret)
{
	__idxgen_cas16(__a, __cmp, __val, __ret);
}

/* __u128AtomicExch(address, value, result): compare-and-swap until it takes */
IDXGEN_CUDA__F void __u128AtomicExch(void *__a, void *__val, void *__ret)
{
	unsigned char __seen[16], __now[16];

	memcpy(__seen, __a, 16);	/* a first guess; a torn one only costs a round */
	for (;;) {
		__idxgen_cas16(__a, __seen, __val, __now);
		if (!memcmp(__now, __seen, 16))
			break;
		memcpy(__seen, __now, 16);
	}
	memcpy(__ret, __seen, 16);
}
IDXGEN_CUDA__F void __u128AtomicExch_block(void *__a, void *__val, void *__ret)
{
	__u128AtomicExch(__a, __val, __ret);
}
IDXGEN_CUDA__F void __u128AtomicExch_system(void *__a, void *__val, void *__ret)
{
	__u128AtomicExch(__a, __val, __ret);
}

IDXGEN_CUDA__F void __threadfence_cluster(void)
{
	__threadfence();
}

#ifdef __cplusplus
#include <type_traits>

/* the 16-byte atomicCAS/atomicExch of any trivially copyable type aligned to 16 (CUDA's constraint) */
template <class _Tp>
using __idxgen_cuda_u128_t =
	typename std::enable_if<sizeof(_Tp) == 16 && alignof(_Tp) >= 16 && std::is_trivially_copyable<_Tp>::value,
				_Tp>::type;

template <class _Tp> static inline __idxgen_cuda_u128_t<_Tp> atomicCAS(_Tp *__a, _Tp __cmp, _Tp __val)
{
	union __u {
		_Tp __t;
		__u() {}
	} __r;

	__u128AtomicCAS((void *)__a, (void *)&__cmp, (void *)&__val, (void *)&__r.__t);
	return __r.__t;
}
template <class _Tp> static inline __idxgen_cuda_u128_t<_Tp> atomicExch(_Tp *__a, _Tp __val)
{
	union __u {
		_Tp __t;
		__u() {}
	} __r;

	__u128AtomicExch((void *)__a, (void *)&__val, (void *)&__r.__t);
	return __r.__t;
}

/* sm_90's vector adds: each element atomic on its own (CUDA: not the vector as one access) */
static inline __attribute__((unused)) float2 atomicAdd(float2 *__a, float2 __v)
{
	float2 __r;

	__r.x = atomicAdd(&__a->x, __v.x);
	__r.y = atomicAdd(&__a->y, __v.y);
	return __r;
}
static inline __attribute__((unused)) float4 atomicAdd(float4 *__a, float4 __v)
{
	float4 __r;

	__r.x = atomicAdd(&__a->x, __v.x);
	__r.y = atomicAdd(&__a->y, __v.y);
	__r.z = atomicAdd(&__a->z, __v.z);
	__r.w = atomicAdd(&__a->w, __v.w);
	return __r;
}

/* clusters of one block (above) */
#ifdef __cplusplus
/*
 * Whether the running kernel was declared with __cluster_dims__ (CUDA's
 * %is_explicit_cluster: 1 under __cluster_dims__(1, 1, 1), which it
 * returned 0 for): set by the block function of such a kernel
 * (lib/cc/kernel.c kernel_cluster_dims) for as long as it runs; one object
 * for the whole program (an inline function's static), as a __device__
 * function of one file may ask for a kernel of another.
 */
inline unsigned int &__idxgen_cluster_dims_given(void)
{
	static thread_local unsigned int __given;

	return __given;
}

struct __idxgen_cluster_scope {
	unsigned int __was;
	__idxgen_cluster_scope() : __was(__idxgen_cluster_dims_given())
	{
		__idxgen_cluster_dims_given() = 1;
	}
	~__idxgen_cluster_scope()
	{
		__idxgen_cluster_dims_given() = __was;
	}
};

static inline __attribute__((unused)) unsigned int __clusterDimIsSpecified(void)
{
	return __idxgen_cluster_dims_given();
}
#else
static inline __attribute__((unused)) unsigned int __clusterDimIsSpecified(void)
{
	return 0;
}
#endif
static inline __attribute__((unused)) dim3 __clusterDim(void)
{
	return dim3(1, 1, 1);
}
static inline __attribute__((unused)) dim3 __clusterRelativeBlockIdx(void)
{
	return dim3(0, 0, 0);
}
static inline __attribute__((unused)) unsigned int __clusterRelativeBlockRank(void)
{
	return 0;
}
static inline __attribute__((unused)) unsigned int __clusterSizeInBlocks(void)
{
	return 1;
}
static inline __attribute__((unused)) unsigned int __cluster_query_shared_rank(const void *__p)
{
	(void)__p;
	return 0;
}
/* a thread's arrival at the cluster barrier: what it wrote before is visible to those past the wait */
static inline __attribute__((unused)) void __cluster_barrier_arrive(void)
{
	__atomic_thread_fence(__ATOMIC_RELEASE);
}
static inline __attribute__((unused)) void __cluster_barrier_arrive_relaxed(void)
{
}
#endif /* __cplusplus */

#endif /* IDXGEN_CUDA_SM90_H */
