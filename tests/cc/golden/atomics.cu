// Atomics are emitted as written (<idxgen_cc_kernel.h> maps them onto GCC
// __atomic builtins); an atomic's result is different in each thread.
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
// CHECK: old_[__t] = atomicAdd(&s, 1);
// CHECK-NEXT: atomicAdd(&f[0], 0.5f);
// CHECK: g[threadIdx.x] = old_[__t] + atomicCAS(&g[64], 0, s);
