// Lane loops through __device__ warp helpers called at statement level
// (lib/cc/lane_plan.c helper_stmt, whole.c lane_helpers_write; README "Lane
// loops"): `v = warpReduceSum(v);` ends the lane loop after the arguments
// are stored in per-call arrays of the kernel, the helper's own lane form
// (`static inline void NAME__idxgen_lanes_ID(P *__idxgen_lv_p, ..., R
// *__idxgen_hr, uint32_t __idxgen_gone_in)`, written before the kernel in
// its fiber namespace: the helper's body with its own lane loops, warp
// operations and barriers, its parameters bound per lane) runs the warp's
// lanes, and the next loop assigns the result; a template's instantiation
// names its arguments first (`typedef int T;`).  Helpers with shared or
// static variables, a mask each lane passes, a parameter by reference, or a
// call whose result goes elsewhere than a variable keep a fiber per thread,
// and --dump=plan says why.
// FLAGS: --exec-model=fibers
#include <cuda_runtime.h>

#define FULL 0xffffffffu

__device__ int warpReduceSum(int val)
{
	for (int offset = warpSize / 2; offset > 0; offset /= 2)
		val += __shfl_down_sync(FULL, val, offset);
	return val;
}

// a barrier and a nested helper on the kernel's shared array
__device__ int blockSum(int *partial, int v)
{
	int lane = threadIdx.x % 32;
	int wid = threadIdx.x / 32;

	v = warpReduceSum(v);
	if (lane == 0)
		partial[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? partial[lane] : 0;
	if (wid == 0) {
		v = warpReduceSum(v);
	}
	return v;
}

__device__ int sharedSum(int v)
{
	static __shared__ int s[32];

	v = warpReduceSum(v);
	s[threadIdx.x / 32] = v;
	__syncthreads();
	return s[0];
}

__device__ int maskedMax(unsigned m, int v)
{
	return __reduce_max_sync(m, v);
}

__device__ void addInto(int &acc, int v)
{
	acc += __shfl_xor_sync(FULL, v, 1);
}

template <typename T> __device__ T tmplSum(T v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_xor_sync(FULL, v, o);
	return v;
}

namespace red {
__device__ int sum(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(FULL, v, o);
	return v;
}
} // namespace red

__global__ void sum_k(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warpReduceSum(v);
	if (threadIdx.x % 32 == 0)
		out[(blockIdx.x * blockDim.x + threadIdx.x) / 32] = v;
}

__global__ void block_k(const int *in, int *out)
{
	__shared__ int partial[32];
	int s = blockSum(partial, in[blockIdx.x * blockDim.x + threadIdx.x]);

	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

__global__ void shared_k(const int *in, int *out)
{
	int v = sharedSum(in[threadIdx.x]);
	out[threadIdx.x] = v;
}

__global__ void mask_k(const int *in, int *out)
{
	int v = maskedMax(in[0] ? FULL : 0xffffu, in[threadIdx.x]);
	out[threadIdx.x] = v;
}

__global__ void ref_k(const int *in, int *out)
{
	int acc = 0;

	addInto(acc, in[threadIdx.x]);
	out[threadIdx.x] = acc;
}

__global__ void tmpl_k(const int *in, int *out)
{
	int v = tmplSum(in[threadIdx.x]);
	out[threadIdx.x] = v;
}

__global__ void store_k(const int *in, int *out)
{
	out[threadIdx.x] = warpReduceSum(in[threadIdx.x]);
}

// a helper of another namespace: its lane form could not see that namespace's names
__global__ void ns_k(const int *in, int *out)
{
	int v = in[threadIdx.x];

	v = red::sum(v);
	out[threadIdx.x] = v;
}

// MODEL: kernel sum_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: v; warp helpers run as lane loops of their own: warpReduceSum
// MODEL: kernel block_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: s; warp helpers run as lane loops of their own: blockSum
// MODEL-NEXT: where blockDim.x % 32 != 0: a fiber per thread (line 91 branches on a condition the same across each warp only where rows are whole warps)
// MODEL: kernel shared_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 99: a call of the warp helper 'sharedSum', whose own lane form is not possible: line 45: a shared or static variable in a warp helper
// MODEL: kernel mask_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 105: a call of the warp helper 'maskedMax', whose own lane form is not possible: line 55: '__reduce_max_sync': lane loops take only `__syncthreads();` and warp operations written as statements (`v = op(...);`) in uniform control flow as places to wai
// MODEL: kernel ref_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 58: the warp helper 'addInto' takes a parameter that is not a scalar or pointer by value
// MODEL: kernel tmpl_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: v; warp helpers run as lane loops of their own: tmplSum
// MODEL: kernel store_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 125: the result of the warp helper 'warpReduceSum' goes to something other than a variable that per-thread code declares
// MODEL: kernel ns_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 133: the warp helper 'sum' is in another namespace than the kernel

// CXX: /* __global__ sum_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX-NEXT: namespace { namespace __idxgen_fiber_sum_k {
// CXX-NEXT: static inline void warpReduceSum__idxgen_lanes_0(int *__idxgen_lv_val, int *__idxgen_hr, uint32_t __idxgen_gone_in)
// CXX-NEXT: #line 20
// CXX-NEXT: { const struct __idxgen_cc_lanes __idxgen_ln = __idxgen_cc_lanes_here(); uint32_t __idxgen_gone = __idxgen_gone_in; __idxgen_cc_lane_op __idxgen_wo; __IDXGEN_CC_LANES(__idxgen_ln) { if ((__idxgen_gone >> __idxgen_l) & 1u) continue; __IDXGEN_CC_LANE_TID(); int &val __attribute__((unused)) = __idxgen_lv_val[__idxgen_l];
// CXX: __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(val), __idxgen_cc_as_add(), __idxgen_cc_d_shfl_down_sync(FULL, val, offset)); } __idxgen_cc_lane_run(__idxgen_wo, __idxgen_cc_lanes_live(__idxgen_ln, __idxgen_gone));
// CXX: __idxgen_hr[__idxgen_l] = (val);
// CXX: int __idxgen_h0_a0[32]; int __idxgen_h0_r[32]; int __idxgen_lv_v[32];
// CXX: __idxgen_h0_a0[__idxgen_l] = (v); } warpReduceSum__idxgen_lanes_0(__idxgen_h0_a0, __idxgen_h0_r, 0u); __IDXGEN_CC_LANES(__idxgen_ln) { {{.*}} v = __idxgen_h0_r[__idxgen_l];
// CXX: /* __global__ block_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX-NEXT: namespace { namespace __idxgen_fiber_block_k {
// CXX-NEXT: static inline void warpReduceSum__idxgen_lanes_0(int *__idxgen_lv_val, int *__idxgen_hr, uint32_t __idxgen_gone_in)
// CXX: static inline void blockSum__idxgen_lanes_1(int * *__idxgen_lv_partial, int *__idxgen_lv_v, int *__idxgen_hr, uint32_t __idxgen_gone_in)
// CXX: __idxgen_h0_a0[__idxgen_l] = (v); } warpReduceSum__idxgen_lanes_0(__idxgen_h0_a0, __idxgen_h0_r, __idxgen_gone);
// CXX: } __idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
// CXX: __idxgen_h1_a0[__idxgen_l] = (v); } warpReduceSum__idxgen_lanes_0(__idxgen_h1_a0, __idxgen_h1_r, __idxgen_gone);
// CXX: __idxgen_hr[__idxgen_l] = (v);
// CXX: __idxgen_h2_a0[__idxgen_l] = (partial); __idxgen_h2_a1[__idxgen_l] = (in[blockIdx.x * blockDim.x + threadIdx.x]); } blockSum__idxgen_lanes_1(__idxgen_h2_a0, __idxgen_h2_a1, __idxgen_h2_r, 0u);
// CXX: static inline void tmplSum__idxgen_lanes_0(int *__idxgen_lv_v, int *__idxgen_hr, uint32_t __idxgen_gone_in)
// CXX-NEXT: #line 64
// CXX-NEXT: { const struct __idxgen_cc_lanes __idxgen_ln = __idxgen_cc_lanes_here(); uint32_t __idxgen_gone = __idxgen_gone_in; __idxgen_cc_lane_op __idxgen_wo; typedef int T; __IDXGEN_CC_LANES(__idxgen_ln)
