// Lane loops (lib/cc/lane_plan.c, README "Lane loops"): a kernel run as
// fibers whose only suspension points are `__syncthreads();` statements in
// control flow uniform across the block runs one fiber per warp; the code
// between two barriers is a loop over the warp's lanes, a barrier a switch
// among the block's warps, and a value a lane keeps across a barrier lives
// in a per-warp array (the declaration becomes an assignment to the lane's
// element).  Kernels outside that subset keep a fiber per thread, and
// --dump=plan says why.  Forced to fibers here (loop fission runs them all).
// FLAGS: --exec-model=fibers
#include <cuda_runtime.h>

#define TILE 128

// a shared-memory tree: a uniform loop with a barrier, one value kept across barriers
__global__ void tree_k(const float *in, float *out)
{
	__shared__ float s[TILE];
	unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);

	s[t] = in[blockIdx.x * TILE + t];
	__syncthreads();
	for (unsigned h = TILE / 2; h > 0; h /= 2) {
		if (t < h)
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

// two values declared together, a constant of the kernel in a uniform loop's header, a branch on a parameter
__global__ void shift_k(int *out, const int *in, int rounds)
{
	__shared__ int buf[TILE];
	const int steps = 2;
	int t = threadIdx.x, v = in[blockIdx.x * TILE + t];

	for (int r = 0; r < rounds * steps; r++) {
		buf[t] = v;
		__syncthreads();
		v = buf[(t + 1) % TILE];
		__syncthreads();
	}
	if (rounds > 1) {
		buf[t] = v;
		__syncthreads();
	}
	out[blockIdx.x * TILE + t] = v;
}

// a thread that returns before a barrier: the lane leaves the warp's later lane loops (an exit mask)
__global__ void early_k(int *out, int n)
{
	__shared__ int seen[TILE];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	seen[threadIdx.x] = 1;
	if (i >= n)
		return;
	__syncthreads();
	out[i] = seen[(threadIdx.x + 1) % TILE];
}

// a barrier under a condition on the thread: a fiber per thread
__global__ void divergent_k(int *out)
{
	__shared__ int s[TILE];

	s[threadIdx.x] = threadIdx.x;
	if (threadIdx.x < 64) {
		__syncthreads();
		out[threadIdx.x] = s[127 - threadIdx.x];
	}
}

struct counter {
	int n;
	__device__ void add(int v) { n += v; }
};

// a kernel parameter changed by per-thread code: each thread has its own copy, the lanes of a warp would share one
__global__ void param_k(int *out, int base)
{
	__shared__ int s[TILE];

	base += threadIdx.x;
	s[threadIdx.x] = base;
	__syncthreads();
	out[threadIdx.x] = s[TILE - 1 - threadIdx.x];
}

// ... or a member function called on a struct parameter
__global__ void member_k(int *out, counter c)
{
	__shared__ int s[TILE];

	c.add(threadIdx.x);
	s[threadIdx.x] = c.n;
	__syncthreads();
	out[threadIdx.x] = s[TILE - 1 - threadIdx.x];
}

__device__ int mirrored(const int *s)
{
	return s[TILE - 1 - threadIdx.x];
}

// a function of the program that reads threadIdx: the thread-local copy is set for each lane too
__global__ void helper_k(int *out)
{
	__shared__ int s[TILE];

	s[threadIdx.x] = threadIdx.x * 3;
	__syncthreads();
	out[threadIdx.x] = mirrored(s);
}

// threadIdx in a lambda: a local of each lane loop there, which the lambda might not capture
__global__ void lambda_k(int *out)
{
	__shared__ int s[TILE];
	auto at = [&](int d) { return s[(threadIdx.x + d) % TILE]; };

	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	out[threadIdx.x] = at(1);
}

// a then without braces beside a braced else with a barrier: it would run once per warp (regression: it did)
__global__ void unbraced_k(int *count, int n)
{
	__shared__ int s[TILE];

	if (n > 0)
		count[0]++;
	else {
		s[threadIdx.x] = 1;
		__syncthreads();
	}
	count[1 + threadIdx.x] = s[0];
}

// a loop header that stores to memory: it would run once per warp
__global__ void header_store_k(int *count, int n)
{
	__shared__ int s[TILE];

	for (int i = 0; i < n; i++, count[0]++) {
		s[threadIdx.x] = i;
		__syncthreads();
	}
	count[1 + threadIdx.x] = s[0];
}

int main()
{
	return 0;
}
// MODEL: kernel tree_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 2 barrier(s), the warp's lanes run as loops between them; kept across a barrier in per-warp arrays: t
// MODEL: kernel shift_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 3 barrier(s), the warp's lanes run as loops between them; kept across a barrier in per-warp arrays: t, v
// MODEL: kernel early_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 1 barrier(s), the warp's lanes run as loops between them; kept across a barrier in per-warp arrays: i
// MODEL: kernel divergent_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 70: a barrier under a condition the same only across each warp (where blockDim.x % 32 == 0), not the block
// MODEL: kernel param_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 86: a kernel parameter or a uniform loop's variable (one copy for the warp's lanes) is assigned by per-thread code
// MODEL: kernel member_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 97: a kernel parameter or a uniform loop's variable (one copy for the warp's lanes) has a member function called by per-thread code
// MODEL: kernel helper_k: fibers (--exec-model=fibers)
// MODEL-NEXT: fibers, one per warp (lane loops): 1 barrier(s), the warp's lanes run as loops between them
// MODEL: kernel lambda_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 122: threadIdx in a lambda or a local class (a local of each lane loop there)
// MODEL: kernel unbraced_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 134: a statement with a barrier whose bodies are not all braced blocks (or an else if)
// MODEL: kernel header_store_k: fibers (--exec-model=fibers)
// MODEL-NEXT: a fiber per thread, not lane loops: line 148: a barrier under a loop whose header stores to memory

// CXX: /* __global__ tree_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX-NEXT: namespace { namespace __idxgen_fiber_tree_k {
// CXX-NEXT: #line 15 "{{.*}}/lane_loops.cu"
// CXX-NEXT: void tree_k(const float *in, float *out)
// CXX-NEXT: { const struct __idxgen_cc_lanes __idxgen_ln = __idxgen_cc_lanes_here(); unsigned int __idxgen_lv_t[32]; __IDXGEN_CC_LANES(__idxgen_ln) { __IDXGEN_CC_LANE_TID(); unsigned int &t __attribute__((unused)) = __idxgen_lv_t[__idxgen_l];
// CXX-NEXT: } static thread_local float s[TILE];__IDXGEN_CC_LANES(__idxgen_ln) { __IDXGEN_CC_LANE_TID(); unsigned int &t __attribute__((unused)) = __idxgen_lv_t[__idxgen_l];
// CXX-NEXT: t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
// CXX: s[t] = in[blockIdx.x * TILE + t];
// CXX-NEXT: } __idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0); __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: } for (unsigned h = TILE / 2; h > 0; h /= 2) {__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: if (t < h)
// CXX-NEXT: s[t] += s[t + h];
// CXX-NEXT: } __idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0); __IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: } }__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: if (t == 0)
// CXX-NEXT: out[blockIdx.x] = s[0];
// CXX-NEXT: } }
// CXX: __idxgen_fiber_run_warps(__b, tree_k__fiber);
// CXX: /* __global__ shift_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: } const int steps = 2;__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX-NEXT: t = threadIdx.x, v = in[blockIdx.x * TILE + t];
// CXX: } for (int r = 0; r < rounds * steps; r++) {__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX: } if (rounds > 1) {__IDXGEN_CC_LANES(__idxgen_ln) {
// CXX: __idxgen_fiber_run_warps(__b, shift_k__fiber);
// CXX: /* __global__ early_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: { const struct __idxgen_cc_lanes __idxgen_ln = __idxgen_cc_lanes_here(); uint32_t __idxgen_gone = 0; int __idxgen_lv_i[32]; __IDXGEN_CC_LANES(__idxgen_ln) { if ((__idxgen_gone >> __idxgen_l) & 1u) continue; __IDXGEN_CC_LANE_TID();
// CXX: if (i >= n)
// CXX-NEXT: { __idxgen_gone |= 1u << __idxgen_l; continue; }
// CXX: __idxgen_fiber_run_warps(__b, early_k__fiber);
// CXX: /* __global__ divergent_k: fibers, every thread a coroutine (--exec-model=fibers) */
// CXX: __idxgen_fiber_run(__b, divergent_k__fiber);
// CXX: /* __global__ helper_k: fibers, one per warp (lane loops) (--exec-model=fibers) */
// CXX: __IDXGEN_CC_LANES(__idxgen_ln) { __IDXGEN_CC_LANE_TID_TLS();
