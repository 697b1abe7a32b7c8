// Atomics are emitted as written (<idxgen_cc_kernel.h> maps them onto GCC
// __atomic builtins), those on __shared__ memory as plain updates
// (idxgen_cc_block_*: the block's threads run on one CPU thread); an
// atomic's result is different in each thread.
__global__ void atomics(int *g, float *f)
{
	__shared__ int s;
	int old;

	if (threadIdx.x == 0)
		s = 0;
	__syncthreads();
	old = atomicAdd(&s, 1);
	atomicAdd(&f[0], 0.5f);
	__syncthreads();
	g[threadIdx.x] = old + atomicCAS(&g[64], 0, s);
}
// CHECK-LABEL: static void atomics__block(
// old lives across the barrier (different in each thread): promoted; its
// declaration is no code: no linear index in the first loop (regression,
// issue 21: an unused variable '__t' under -Wall)
// CHECK: int *const old_ = IDXGEN_RT_PRIV(__b, int, 0); /* per-thread 'old' */
// CHECK: /* thread loop 0:
// CHECK-NOT: const uint32_t __t
// CHECK: /* __syncthreads() */
// CHECK: old_[__t] = idxgen_cc_block_atomicAdd(&s, 1);
// the float add is the loop's last statement: kept in order per loop (aggregate.c)
// CHECK-NEXT: idxgen_rt_agg_push_f32(&f[0], __idxgen_aggv_0, &__idxgen_aggn_0, (float)(0.5f));
// CHECK: g[threadIdx.x] = old_[__t] + atomicCAS(&g[64], 0, s);

// a block's histogram: the atomic on __shared__ memory is a plain update,
// and its loop is never forced to vectorise (two threads may update one
// bin); the global atomics stay atomic
__global__ void block_hist(const unsigned char *in, unsigned *hist)
{
	__shared__ unsigned bins[16];

	if (threadIdx.x < 16)
		bins[threadIdx.x] = 0;
	__syncthreads();
	atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 15], 1u);
	__syncthreads();
	if (threadIdx.x < 16)
		atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
}
// CHECK-LABEL: static void block_hist__block(
// CHECK: /* the compiler's choice: line 41's atomic is a plain update or keeps its order */
// CHECK: idxgen_cc_block_atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x] & 15], 1u);
// CHECK: atomicAdd(&hist[threadIdx.x], bins[threadIdx.x]);
// PLAN-LABEL: kernel block_hist:
// PLAN: thread loop 1: lines 41-41 (every thread of the block); vectorisation: the compiler's choice (line 41: an atomic on shared memory or a floating add kept in order)
