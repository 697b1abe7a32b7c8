// Lane loops with warp operations that function-like macros of the file
// spell (lib/cc/lane_macro.c, README "Lane loops"), as public code writes
// them (HeCBench shuffle: `#define __shfl(v, d) __shfl_sync(0xffffffff, v,
// d)`).  libclang shows such a call only as the macro's invocation, so the
// invocation stays in the text and, around its statement, the operation's
// name is made its description's for the preprocessor (`#pragma
// push_macro`, `#define __shfl_sync __idxgen_cc_d_shfl_sync`, `#pragma
// pop_macro`).  Taken only where the macro's body is the call alone and the
// file defines it once; anything else keeps a fiber per thread, and
// --dump=plan says why.  prefix_k pins a fix: a macro whose name starts
// with the operation's (`__shfl_sync_all`) was renamed into
// `__idxgen_cc_d_shfl_sync_all(value)`, C++ that does not compile.
// FLAGS: --exec-model=fibers
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define __shfl(v, d) __shfl_sync(0xffffffff, v, d)
#define __shfl_xor(v, d) __shfl_xor_sync(0xffffffff, v, d)
#define BALLOT(p) __ballot_sync(FULL, (p))
#define SYNCW() __syncwarp()
#define __shfl_sync_all(v) __shfl_sync(FULL, v, 0)
#define SHFL_PLUS(v) __shfl_sync(FULL, v, 0) + 1
#define SHFL_ANY(v, s) __shfl_sync(FULL, v, s)
#define SHFL0(v) SHFL_ANY(v, 0)
#define BCAST_INTO(v) v = __shfl_sync(FULL, v, 0)

// a declaration from a broadcast (HeCBench shuffle bcast_shfl_sg8)
__global__ void bcast_k(const int arg, int *out)
{
	int value = ((threadIdx.x & 0x7) == 0) ? arg : 0;
	int out_v = __shfl(value, 0);
	out[blockDim.x * blockIdx.x + threadIdx.x] = out_v;
}

// `+=` in a loop body without braces (bcast_shfl_xor_sg8)
__global__ void xor_k(int *out)
{
	int value = (threadIdx.x & 0x7);
	for (int mask = 1; mask < 0x7; mask *= 2)
		value += __shfl_xor(value, mask);
	out[blockDim.x * blockIdx.x + threadIdx.x] = value;
}

// `v = MACRO(...);` and a bare `MACRO();` (__syncwarp: a split of the lane loop)
__global__ void vote_k(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	unsigned b = 0;

	b = BALLOT(in[t] > 0);
	s[t] = (int)b;
	SYNCW();
	out[t] = s[t ^ 1];
}

// a macro whose name starts with the operation's
__global__ void prefix_k(int *out)
{
	int value = threadIdx.x;
	int b = __shfl_sync_all(value);
	out[threadIdx.x] = b;
}

// a body that is more than the call
__global__ void plus_k(int *out)
{
	int v = threadIdx.x;

	v = SHFL_PLUS(v);
	out[threadIdx.x] = v;
}

// a macro that calls another macro
__global__ void chain_k(int *out)
{
	int v = threadIdx.x;

	v = SHFL0(v);
	out[threadIdx.x] = v;
}

// the whole statement a macro's
__global__ void stmt_k(int *out)
{
	int v = threadIdx.x;

	BCAST_INTO(v);
	out[threadIdx.x] = v;
}

// MODEL: kernel bcast_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: out_v
// MODEL: kernel xor_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: value
// MODEL: kernel vote_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 2 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: t, b
// MODEL: kernel prefix_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 0 barrier(s), 1 warp operation(s) computed for the warp between two loops, the warp's lanes run as loops between them; kept across a barrier or warp operation in per-warp arrays: b
// MODEL: kernel plus_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 70: a warp operation inside a statement other than if, for, while, do or a block
// MODEL: kernel chain_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 79: '__shfl_sync' as a statement a macro writes, or not written out (a function-like macro of the file whose body is the call alone is taken)
// MODEL: kernel stmt_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 88: '__shfl_sync' as a statement a macro writes, or not written out (a function-like macro of the file whose body is the call alone is taken)

// CXX: /* __global__ bcast_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: {{^}}#pragma push_macro("__shfl_sync")
// CXX-NEXT: {{^}}#undef __shfl_sync
// CXX-NEXT: {{^}}#define __shfl_sync __idxgen_cc_d_shfl_sync
// CXX-NEXT: {{^}}__idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(
// CXX-NEXT: #line 31
// CXX-NEXT: {{^}}out_v), __idxgen_cc_as_set(), __shfl(value, 0));
// CXX-NEXT: {{^}}#pragma pop_macro("__shfl_sync")
// CXX-NEXT: } __idxgen_cc_lane_run(__idxgen_wo, __idxgen_cc_lanes_live(__idxgen_ln, 0));
// CXX: /* __global__ xor_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: } for (int mask = 1; mask < 0x7; mask *= 2)
// CXX-NEXT: { __IDXGEN_CC_LANES(__idxgen_ln) { __IDXGEN_CC_LANE_TID(); int &value __attribute__((unused)) = __idxgen_lv_value[__idxgen_l];
// CXX-NEXT: {{^}}#pragma push_macro("__shfl_xor_sync")
// CXX-NEXT: {{^}}#undef __shfl_xor_sync
// CXX-NEXT: {{^}}#define __shfl_xor_sync __idxgen_cc_d_shfl_xor_sync
// CXX-NEXT: {{^}}__idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(
// CXX-NEXT: #line 40
// CXX-NEXT: {{^}}value), __idxgen_cc_as_add(), __shfl_xor(value, mask));
// CXX-NEXT: {{^}}#pragma pop_macro("__shfl_xor_sync")
// CXX: /* __global__ vote_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: {{^}}#define __ballot_sync __idxgen_cc_d_ballot_sync
// CXX-NEXT: {{^}}__idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(
// CXX-NEXT: #line 51
// CXX-NEXT: {{^}}b), __idxgen_cc_as_set(), BALLOT(in[t] > 0));
// CXX-NEXT: {{^}}#pragma pop_macro("__ballot_sync")
// CXX: s[t] = (int)b;
// CXX-NEXT: {{^}} } __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX: /* __global__ prefix_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: {{^}}#define __shfl_sync __idxgen_cc_d_shfl_sync
// CXX-NOT: __idxgen_cc_d_shfl_sync_all
// CXX: b), __idxgen_cc_as_set(), __shfl_sync_all(value));
