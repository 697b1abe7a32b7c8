/*
 * idxgen_cuda.h (whole programs) - what clang sees before a .cu file that
 * idxgen-cc builds as a whole program: the file is parsed as CUDA on the
 * host side (-x cuda --cuda-host-only, no CUDA installation), so that
 * k<<<g, b>>>(args) is a kernel call in the syntax tree; every function but
 * a __global__ one is __host__ __device__ (the pragma), so device code may
 * call what the host may; the qualifiers are annotations the translator
 * reads.  nvcc includes <cuda_runtime.h> implicitly (ours: include/cuda).
 * Embedded into idxgen-cc (cuda_whole.inc); never installed.
 */
#define __global__ __attribute__((global)) __attribute__((annotate("idxgen_global")))
#define __device__ __attribute__((annotate("idxgen_device")))
#define __host__ __attribute__((annotate("idxgen_host")))
#define __shared__ __attribute__((annotate("idxgen_shared")))
#define __constant__ __attribute__((annotate("idxgen_constant")))
#define __managed__ __attribute__((annotate("idxgen_managed")))
#define __align__(n) __attribute__((aligned(n)))
/*
 * Thread-block clusters are of one block here (include/cuda/idxgen_cuda_sm90.h):
 * a kernel that asks for more, launched in the program, is refused at the
 * launch; __cluster_dims__() and (1, 1, 1) are accepted.
 */
constexpr bool __idxgen_cluster_larger(unsigned __x = 1, unsigned __y = 1, unsigned __z = 1)
{
	return __x * __y * __z > 1;
}
#define __cluster_dims__(...)                                                                              \
	__attribute__((diagnose_if(__idxgen_cluster_larger(__VA_ARGS__),                                  \
				   "thread-block clusters of more than one block are not supported "      \
				   "(__cluster_dims__: idxgen runs clusters of one block)",                \
				   "error")))
/* Around kernels declared before their definition (lib/cc/kernel_decls.c). */
#define __idxgen_hd_off _Pragma("clang force_cuda_host_device end")
#define __idxgen_hd_on _Pragma("clang force_cuda_host_device begin")
/* clang's own built-in (a __device__ function); declared here, the translator knows it */
__attribute__((device)) void __syncthreads(void);
/*
 * std::exception's members are __host__ __device__ like every function of
 * the program (the pragma below): a program's "const char *what() const
 * noexcept override" in a class derived from it is one, and clang lets a
 * function override only one of its own target.  libstdc++ defines the
 * class alone in <bits/exception.h>; std::terminate, which c++config.h
 * declares and <exception> declares again, stays a host function.
 */
#if __has_include(<bits/exception.h>)
#include <bits/c++config.h>
#pragma clang force_cuda_host_device begin
#include <bits/exception.h>
#pragma clang force_cuda_host_device end
#endif
/*
 * Host only, before the pragma: clang declares operator new/delete itself
 * (host), which <new> redeclares, and std::terminate (c++config.h) is
 * declared again in <exception>.
 */
#include <exception>
#include <new>
/*
 * <new>'s placement forms are host functions here: device code gets its own
 * (as clang's CUDA headers give it); the host compile of the translated
 * C++ uses <new>'s, which these only stand for in the parse.
 */
__attribute__((device)) inline void *operator new(__SIZE_TYPE__, void *__p) noexcept { return __p; }
__attribute__((device)) inline void *operator new[](__SIZE_TYPE__, void *__p) noexcept { return __p; }
__attribute__((device)) inline void operator delete(void *, void *) noexcept {}
__attribute__((device)) inline void operator delete[](void *, void *) noexcept {}
#pragma clang force_cuda_host_device begin
#include <cuda_runtime.h>
/* nvcc's void * arithmetic where edg_compat.c writes a call (include/idxgen_cc_edg.h) */
#include <idxgen_cc_edg.h>
/* clang's lowering of <<<>>> in the parse; cudaConfigureCall (its older one) is cuda_runtime_api.h's */
extern "C" unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0, void * = 0);
extern const uint3 threadIdx, blockIdx;
/* CUDA's device function: the launch fails (include/idxgen_cc_program.h) */
__attribute__((noreturn)) void __trap(void);
extern const dim3 blockDim, gridDim;
extern const int warpSize;
/* The branch a __host__ __device__ function kept twice takes (lib/cc/cuda_arch.c). */
constexpr bool idxgen_cc_device_view(void) { return false; }
/* Warp-level operations as lib/cc/warp.c lowers them (include/idxgen_cc_warp.h). */
void __idxgen_warp_sync(void);
void __idxgen_warp_check(unsigned int);
unsigned idxgen_cc_shfl_src(unsigned, unsigned, const unsigned char *, int, int);
unsigned idxgen_cc_shfl_up_src(unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_shfl_down_src(unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_shfl_xor_src(unsigned, unsigned, const unsigned char *, int, int);
template <class _Tp> _Tp idxgen_cc_shfl_up(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned, int);
template <class _Tp> _Tp idxgen_cc_shfl_down(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned, int);
unsigned idxgen_cc_tile_ballot(const int *, unsigned, unsigned, const unsigned char *, unsigned);
int idxgen_cc_tile_any(const int *, unsigned, unsigned, const unsigned char *, unsigned);
int idxgen_cc_tile_all(const int *, unsigned, unsigned, const unsigned char *, unsigned);
int IDXGEN_CC_OP_ADD, IDXGEN_CC_OP_MIN, IDXGEN_CC_OP_MAX;
template <class _Tp, class _Op> _Tp idxgen_cc_tile_reduce(const _Tp *, unsigned, unsigned, const unsigned char *, unsigned, _Op);
unsigned idxgen_cc_present_mask(unsigned, unsigned, const unsigned char *);
/* A call of a helper that reaches __activemask()/coalesced_threads() (path_scope.c). */
struct __idxgen_cc_path {
	explicit __idxgen_cc_path(unsigned int);
	~__idxgen_cc_path();
};
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
unsigned int __ballot(int);
int __any(int), __all(int);
/* Outside what idxgen-cc translates today: declared so that a use is diagnosed by name. */
int __syncthreads_count(int), __syncthreads_and(int), __syncthreads_or(int);
/* include/idxgen_cc_fiber.h and idxgen_cc_program.h: kernels that call them run as fibers (fiber_plan.c) */
int syncthreads_count(bool);
bool syncthreads_and(bool), syncthreads_or(bool);
void __barrier_sync(unsigned int), __barrier_sync_count(unsigned int, unsigned int);
int __uni_sync(unsigned int, int);
dim3 __clusterIdx(void), __clusterGridDimInClusters(void);
void __cluster_barrier_wait(void);
__attribute__((noreturn)) void __brkpt(void);
void *__cluster_map_shared_rank(const void *, unsigned int);
void __syncwarp(unsigned int = 0xffffffffu);
unsigned int __ballot_sync(unsigned int, int), __activemask(void);
int __any_sync(unsigned int, int), __all_sync(unsigned int, int);
template <class _Tp> _Tp __shfl_sync(unsigned int, _Tp, int, int = 32);
template <class _Tp> _Tp __shfl_up_sync(unsigned int, _Tp, unsigned int, int = 32);
template <class _Tp> _Tp __shfl_down_sync(unsigned int, _Tp, unsigned int, int = 32);
template <class _Tp> _Tp __shfl_xor_sync(unsigned int, _Tp, int, int = 32);
template <class _Tp> unsigned int __match_any_sync(unsigned int, _Tp);
template <class _Tp> unsigned int __match_all_sync(unsigned int, _Tp, int *);
template <class _Tp> _Tp __reduce_add_sync(unsigned int, _Tp);
template <class _Tp> _Tp __reduce_min_sync(unsigned int, _Tp);
template <class _Tp> _Tp __reduce_max_sync(unsigned int, _Tp);
/* CUDA's bit reductions take and give unsigned int only */
unsigned int __reduce_and_sync(unsigned int, unsigned int);
unsigned int __reduce_or_sync(unsigned int, unsigned int);
unsigned int __reduce_xor_sync(unsigned int, unsigned int);
