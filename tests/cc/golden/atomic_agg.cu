// Aggregated atomics (issue 40, lib/cc/aggregate.c): an integer atomicAdd
// to an address that is the same for every thread, its old value unused,
// with nothing after it in the thread's code that touches memory, becomes
// an add to a local of the thread loop; after the loop one atomicAdd adds
// the total when it is not 0.  Both loop forms (computed indices, the
// stream) do it.
__global__ void count_above(const int *in, unsigned *count, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && in[i] > t)
		atomicAdd(&count[0], 1u);
}
// CHECK-LABEL: static void count_above__block(
// CHECK: if (__linear) {
// CHECK-NEXT: unsigned int __idxgen_agg_0 = 0; /* line 12's atomicAdd, once per loop */
// CHECK: if (i < n && in[i] > t)
// CHECK-NEXT: (void)(__idxgen_agg_0 += (unsigned int)(unsigned int)(1u));
// CHECK-NEXT: }
// CHECK-NEXT: if (__idxgen_agg_0)
// CHECK-NEXT: atomicAdd(&count[0], (unsigned int)__idxgen_agg_0);
// CHECK-NEXT: } else {
// CHECK-NEXT: unsigned int __idxgen_agg_0 = 0; /* line 12's atomicAdd, once per loop */
// CHECK: (void)(__idxgen_agg_0 += (unsigned int)(unsigned int)(1u));
// CHECK-NEXT: }
// CHECK-NEXT: if (__idxgen_agg_0)
// CHECK-NEXT: atomicAdd(&count[0], (unsigned int)__idxgen_agg_0);

// a uniform index; int wraps in unsigned arithmetic (the C path's atomicAdd
// has no 64-bit form: tests/cc/whole/progs/atomic_sum.cu runs one).  The
// first add is left alone: the thread's code after it reads memory (and
// calls), and the thread must see its own add there
__global__ void sums(const int *in, int *sum, unsigned *big, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		atomicAdd(sum, in[i]);
		atomicAdd(&big[k + 1], (unsigned)in[i]);
	}
}
// CHECK-LABEL: static void sums__block(
// CHECK: unsigned int __idxgen_agg_0 = 0; /* line 39's atomicAdd, once per loop */
// CHECK: atomicAdd(sum, in[i]);
// CHECK-NEXT: (void)(__idxgen_agg_0 += (unsigned int)(unsigned int)((unsigned)in[i]));
// CHECK: atomicAdd(&big[k + 1], (unsigned int)__idxgen_agg_0);

// a whole-block total: int wraps in unsigned arithmetic
__global__ void total(const int *in, int *sum, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		atomicAdd(sum, in[i]);
}
// CHECK-LABEL: static void total__block(
// CHECK: unsigned int __idxgen_agg_0 = 0; /* line 54's atomicAdd, once per loop */
// CHECK: (void)(__idxgen_agg_0 += (unsigned int)(int)(in[i]));
// CHECK: atomicAdd(sum, (int)__idxgen_agg_0);

// left alone: a float add (its order is its value), an address that depends
// on the thread, the old value used, memory touched after the add, an add
// in the thread's own loop, an index read from memory
__global__ void others(const int *in, float *f, int *hist, int *cnt, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	atomicAdd(&f[0], 1.0f);
	atomicAdd(&hist[in[i] % 64], 1);
	out[i] = atomicAdd(&cnt[0], 1);
	for (int j = 0; j < n; j++)
		atomicAdd(&cnt[1], j);
	atomicAdd(&cnt[in[0]], 1);
	atomicAdd(&cnt[2], 1);
	out[i + 1] = 0;
}
// CHECK-LABEL: static void others__block(
// CHECK-NOT: __idxgen_agg
// CHECK: atomicAdd(&f[0], 1.0f);
// CHECK-NEXT: atomicAdd(&hist[in[i] % 64], 1);
// CHECK-NEXT: out[i] = atomicAdd(&cnt[0], 1);
// CHECK-NEXT: for (int j = 0; j < n; j++)
// CHECK-NEXT: atomicAdd(&cnt[1], j);
// CHECK-NEXT: atomicAdd(&cnt[in[0]], 1);
// CHECK-NEXT: atomicAdd(&cnt[2], 1);
// CHECK-LABEL: const struct idxgen_rt_kernel idxgen_cc_kernel_others
// PLAN-LABEL: kernel count_above:
// PLAN: thread loop 0: lines 9-12 (every thread of the block); atomics: line 12's atomicAdd summed per loop, added once;
// PLAN-LABEL: kernel sums:
// PLAN: atomics: line 39's atomicAdd summed per loop, added once;
// PLAN-LABEL: kernel others:
// PLAN-NOT: atomics:
