// Lane loops under a branch each warp takes or skips as a whole
// (lib/cc/lane_plan.c if_cond, lane_warp_cond.c; README "Lane loops"): a
// condition the same across each warp where blockDim.x % 32 == 0 --
// threadIdx.x compared with a multiple of 32, divided by one or shifted by
// 5 or more, threadIdx.y and .z, a linear index, locals never changed after
// such an initializer -- around warp operations is evaluated in a lane loop
// of its own (`if (({ bool __idxgen_wc = false; LANES { ... __idxgen_wc =
// (cond); } __idxgen_wc; }))`), and the kernel gets its fiber-per-thread
// body NAME__tf beside the lane form, whose block function hands it blocks
// whose rows are not whole warps.  Other conditions, a barrier under such
// a branch, keep a fiber per thread, and --dump=plan says why.
// FLAGS: --exec-model=fibers
#include <cuda_runtime.h>

#define FULL 0xffffffffu

// the first warp sums the warps' sums
__global__ void wid_k(const int *in, int *out)
{
	__shared__ int part[32];
	int tid = threadIdx.x;
	int lane = tid % 32;
	int wid = tid / 32;
	int v = in[blockIdx.x * blockDim.x + tid];

	v = __reduce_add_sync(FULL, v);
	if (lane == 0)
		part[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < (int)(blockDim.x / 32) ? part[lane] : 0;
		v = __reduce_add_sync(FULL, v);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

// threadIdx.x below a multiple of 32, threadIdx.y, a linear index's warp, an else
__global__ void forms_k(const int *in, int *out)
{
	unsigned gid = blockIdx.x * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;
	int v = in[gid];

	if (threadIdx.x < 64) {
		v += __shfl_xor_sync(FULL, v, 1);
	}
	if (threadIdx.y == 1) {
		v = __reduce_max_sync(FULL, v);
	} else {
		v = __reduce_min_sync(FULL, v);
	}
	if ((gid >> 5) % 2 == 0) {
		v = __shfl_sync(FULL, v, 0);
	}
	out[gid] = v;
}

// a lane's index below 16: differs within the warp
__global__ void half_k(int *out)
{
	int lane = threadIdx.x % 32;
	int v = threadIdx.x;

	if (lane < 16) {
		v = __shfl_sync(0xffffu, v, 0);
	}
	out[threadIdx.x] = v;
}

// threadIdx.x divided by 16: not a multiple of 32
__global__ void sixteen_k(int *out)
{
	int v = threadIdx.x;

	if (threadIdx.x / 16 == 0) {
		v = __shfl_sync(0xffffu, v, 0);
	}
	out[threadIdx.x] = v;
}

// the warp's index changed after its declaration
__global__ void changed_k(int *out, int k)
{
	int wid = threadIdx.x / 32;
	int v = threadIdx.x;

	wid += k;
	if (wid == 0) {
		v = __shfl_sync(FULL, v, 0);
	}
	out[threadIdx.x] = v;
}

// a barrier under a branch only each warp agrees on
__global__ void barrier_k(int *out)
{
	__shared__ int s[64];
	int v = threadIdx.x;

	if (threadIdx.x < 32) {
		v = __shfl_sync(FULL, v, 0);
		s[threadIdx.x] = v;
		__syncthreads();
	}
	out[threadIdx.x] = v;
}

// MODEL: kernel wid_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 1 barrier(s), 2 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: lane, wid, v
// MODEL-NEXT: where blockDim.x % 32 != 0: a fiber per thread (line 30 branches on a condition the same across each warp only where rows are whole warps)
// MODEL: kernel forms_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 4 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: gid, v
// MODEL-NEXT: where blockDim.x % 32 != 0: a fiber per thread (line 44 branches on a condition the same across each warp only where rows are whole warps)
// MODEL: kernel half_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 64: a warp operation under a condition on 'lane', not known to be the same for every thread of the block nor of each warp
// MODEL: kernel sixteen_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 75: a warp operation under a condition on 'threadIdx', not known to be the same for every thread of the block nor of each warp
// MODEL: kernel changed_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 88: a warp operation under a condition on 'wid', not known to be the same for every thread of the block nor of each warp
// MODEL: kernel barrier_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 100: a barrier under a condition the same only across each warp (where blockDim.x % 32 == 0), not the block

// the fiber-per-thread body first, then the lane form, whose block function hands it blocks whose rows are not whole warps
// CXX: /* __global__ wid_k: fibers, every thread a coroutine (blocks whose rows are not whole warps: line 30) */
// CXX-NEXT: namespace { namespace __idxgen_fiber_wid_k__tf {
// CXX: static void wid_k__tf__block(struct idxgen_rt_block *__b)
// CXX: __idxgen_fiber_run(__b, wid_k__tf__fiber);
// CXX: /* __global__ wid_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: } if (({ bool __idxgen_wc = false; __IDXGEN_CC_LANES(__idxgen_ln) { __IDXGEN_CC_LANE_TID(); int &lane __attribute__((unused)) = __idxgen_lv_lane[__idxgen_l]; int &wid __attribute__((unused)) = __idxgen_lv_wid[__idxgen_l]; int &v __attribute__((unused)) = __idxgen_lv_v[__idxgen_l]; __idxgen_wc = (wid == 0); } __idxgen_wc; })) {__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: v = lane < (int)(blockDim.x / 32) ? part[lane] : 0;
// CXX-NEXT: __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(v), __idxgen_cc_as_set(), __idxgen_cc_d_reduce_add_sync(FULL, v)); } __idxgen_cc_lane_run(__idxgen_wo, __idxgen_cc_lanes_live(__idxgen_ln, 0)); __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX: static void wid_k__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: if (__b->block_dim[0] % 32u) {
// CXX-NEXT: wid_k__tf__block(__b);
// CXX-NEXT: return;
// CXX-NEXT: }
// CXX-NEXT: idxgen_cc_set_block(__b);
// CXX-NEXT: __idxgen_fiber_run_warps(__b, wid_k__fiber);
// the other conditions, evaluated the same way
// CXX: __idxgen_wc = (threadIdx.x < 64); } __idxgen_wc; }))
// CXX: __idxgen_wc = (threadIdx.y == 1); } __idxgen_wc; }))
// CXX: __idxgen_wc = ((gid >> 5) % 2 == 0); } __idxgen_wc; }))
// CXX: static void forms_k__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: if (__b->block_dim[0] % 32u) {
// CXX-NEXT: forms_k__tf__block(__b);
