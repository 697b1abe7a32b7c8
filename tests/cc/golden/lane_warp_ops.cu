// Lane loops with warp operations (lib/cc/lane_plan.c, README "Lane
// loops"): a warp-level function written as a statement of its own
// (`op(...);`, `v = op(...);`, `v += op(...);`, `T v = op(...);`) in control
// flow uniform across the block is computed for the warp's lanes between two
// lane loops, with no switch: each lane hands in its operation's description
// (__idxgen_cc_lane_put, the same __idxgen_cc_d_<op> the fiber form calls)
// and __idxgen_cc_lane_run computes every live lane's result and makes the
// statement's assignment.  `__syncwarp();` is a split of the lane loop.
// Kernels outside that subset keep a fiber per thread, and --dump=plan says
// why.  Forced to fibers here (loop fission runs most of them).
// FLAGS: --exec-model=fibers
#include <cuda_runtime.h>

#define FULL 0xffffffffu

// a block's sum: a shuffle in a loop body without braces, then a barrier
__global__ void shfl_k(const int *in, int *out)
{
	__shared__ int sums[8];
	int t = threadIdx.x;
	int v = in[blockIdx.x * 256 + t];

	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(FULL, v, o);
	if (t % 32 == 0)
		sums[t / 32] = v;
	__syncthreads();
	if (t == 0)
		out[blockIdx.x] = sums[0] + sums[7];
}

// a warp scan: the result declared in a braced loop body, used in the next lane loop
__global__ void scan_k(const int *in, int *out)
{
	int lane = threadIdx.x % 32;
	int x = in[threadIdx.x];

	for (int d = 1; d < 32; d <<= 1) {
		int y = __shfl_up_sync(FULL, x, d);
		if (lane >= d)
			x += y;
	}
	out[threadIdx.x] = x;
}

// a vote, __syncwarp between stores and loads, a shuffle with a width
__global__ void vote_k(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	unsigned b = __ballot_sync(FULL, in[t] > 0);

	s[t] = (int)b;
	__syncwarp();
	int w = s[t ^ 1];
	w += __shfl_xor_sync(FULL, w, 1, 4);
	out[t] = w;
}

// lanes that return before a shuffle: the warp's exit mask, the shuffle over the live lanes
__global__ void exit_k(const int *in, int *out, int n)
{
	int i = threadIdx.x;
	int v = 0;

	if (i >= n)
		return;
	v = in[i];
	v += __shfl_xor_sync(FULL, v, 1);
	out[i] = v;
}

// a shuffle under a condition that differs within the warp
__global__ void divergent_k(int *out)
{
	int v = threadIdx.x;

	if (threadIdx.x < 16) {
		v = __shfl_sync(FULL, v, 0);
	}
	out[threadIdx.x] = v;
}

// a mask each lane computes: not known to be the same for the warp
__global__ void mask_k(const int *in, int *out)
{
	int v = in[threadIdx.x];
	unsigned m = __ballot_sync(FULL, v > 0);

	v = __shfl_sync(m, v, 0);
	out[threadIdx.x] = v;
}

// a warp operation inside an expression
__global__ void expr_k(int *out)
{
	int v = threadIdx.x;

	v = max(v, __shfl_xor_sync(FULL, v, 1));
	out[threadIdx.x] = v;
}

// a warp operation in the argument of another
__global__ void nested_k(int *out)
{
	int v = threadIdx.x;

	v += __shfl_xor_sync(FULL, __shfl_down_sync(FULL, v, 1), 2);
	out[threadIdx.x] = v;
}

// the result stored to memory, not to a variable
__global__ void store_k(int *out)
{
	int v = threadIdx.x;

	out[threadIdx.x] = __shfl_sync(FULL, v, 3);
}

// MODEL: kernel shfl_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 1 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: t, v
// MODEL: kernel scan_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: lane, x, y
// MODEL: kernel vote_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 3 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: t, b, w
// MODEL: kernel exit_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: i, v
// MODEL: kernel divergent_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 78: a warp operation under a condition on 'threadIdx', not known to be the same for every thread of the block
// MODEL: kernel mask_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 90: a warp operation's mask reads 'm', not known to be the same for every thread of the block
// MODEL: kernel expr_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 99: a warp operation inside a statement other than if, for, while, do or a block
// MODEL: kernel nested_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 108: an argument of '__shfl_xor_sync' that may suspend the thread (a warp operation's operand is computed in the lane loop)
// MODEL: kernel store_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 117: the result of '__shfl_sync' goes to something other than a variable that per-thread code of the kernel declares

// CXX: /* __global__ shfl_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: { const struct __idxgen_cc_lanes __idxgen_ln = __idxgen_cc_lanes_here(); __idxgen_cc_lane_op __idxgen_wo; int __idxgen_lv_t[32]; int __idxgen_lv_v[32]; __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX: v = in[blockIdx.x * 256 + t];
// CXX: } for (int o = 16; o > 0; o /= 2)
// CXX-NEXT: { __IDXGEN_CC_LANES(__idxgen_ln) { __IDXGEN_CC_LANE_TID(); {{.*}} __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(v), __idxgen_cc_as_add(), __idxgen_cc_d_shfl_down_sync(FULL, v, o)); } __idxgen_cc_lane_run(__idxgen_wo, __idxgen_cc_lanes_live(__idxgen_ln, 0)); __IDXGEN_CC_LANES(__idxgen_ln) { {{.*}}  } }__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: if (t % 32 == 0)
// CXX: } __idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0); __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX: __idxgen_fiber_run_warps(__b, shfl_k__fiber);
// CXX: /* __global__ scan_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: } for (int d = 1; d < 32; d <<= 1) {__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(y), __idxgen_cc_as_set(), __idxgen_cc_d_shfl_up_sync(FULL, x, d)); } __idxgen_cc_lane_run(__idxgen_wo, __idxgen_cc_lanes_live(__idxgen_ln, 0)); __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: if (lane >= d)
// CXX-NEXT: x += y;
// CXX: __idxgen_fiber_run_warps(__b, scan_k__fiber);
// CXX: /* __global__ vote_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(b), __idxgen_cc_as_set(), __idxgen_cc_d_ballot_sync(FULL, in[t] > 0)); } __idxgen_cc_lane_run(__idxgen_wo, __idxgen_cc_lanes_live(__idxgen_ln, 0)); __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX: s[t] = (int)b;
// CXX-NEXT: } __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: w = s[t ^ 1];
// CXX-NEXT: __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(w), __idxgen_cc_as_add(), __idxgen_cc_d_shfl_xor_sync(FULL, w, 1, 4)); } __idxgen_cc_lane_run(
// CXX: /* __global__ exit_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: { const struct __idxgen_cc_lanes __idxgen_ln = __idxgen_cc_lanes_here(); uint32_t __idxgen_gone = 0; __idxgen_cc_lane_op __idxgen_wo;
// CXX: { __idxgen_gone |= 1u << __idxgen_l; continue; }
// CXX-NEXT: v = in[i];
// CXX-NEXT: __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(v), __idxgen_cc_as_add(), __idxgen_cc_d_shfl_xor_sync(FULL, v, 1)); } __idxgen_cc_lane_run(__idxgen_wo, __idxgen_cc_lanes_live(__idxgen_ln, __idxgen_gone)); __IDXGEN_CC_LANES(__idxgen_ln) { if ((__idxgen_gone >> __idxgen_l) & 1u) continue;
// CXX: /* __global__ divergent_k: fibers, every thread a coroutine (--exec-model=fibers) */
// CXX: /* __global__ store_k: fibers, every thread a coroutine (--exec-model=fibers) */
