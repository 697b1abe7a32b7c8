// Aggregated atomics (issue 40, lib/cc/aggregate.c): an integer atomicAdd to an address the same for
// every thread, its old value unused, with nothing after it in the thread's code that touches memory
// (another such add does not count, its value does), becomes an add to a local of the thread loop;
// after the loop one atomicAdd adds the total when it is not 0.  A float or double one keeps its
// values in order in a buffer of the loop, applied one by one after it by one compare-and-swap
// loop.  Both loop forms (computed indices, the stream) do it.
__global__ void count_above(const int *in, unsigned *count, int n, int t)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n && in[i] > t)
		atomicAdd(&count[0], 1u);
}
// CHECK-LABEL: static void count_above__block(
// CHECK: if (__linear) {
// CHECK-NEXT: unsigned int __idxgen_agg_0 = 0; /* line 12's atomicAdd, once per loop */
// CHECK: if ((__idxgen_cond_0 || (i < n)) && in[i] > t)
// CHECK-NEXT: (void)(__idxgen_agg_0 += (unsigned int)(unsigned int)(1u));
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK: if (__idxgen_agg_0)
// CHECK-NEXT: atomicAdd(&count[0], (unsigned int)__idxgen_agg_0);
// CHECK-NEXT: } else {
// CHECK-NEXT: unsigned int __idxgen_agg_0 = 0; /* line 12's atomicAdd, once per loop */
// CHECK: (void)(__idxgen_agg_0 += (unsigned int)(unsigned int)(1u));
// CHECK: if (__idxgen_agg_0)
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

// two adds in a row, both taken: the second is no access by which the
// thread could see its first add, and its value reads no memory
__global__ void moments(const int *in, unsigned *s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		unsigned v = (unsigned)in[i];
		atomicAdd(&s[0], v);
		atomicAdd(&s[1], v * v);
	}
}
// CHECK-LABEL: static void moments__block(
// CHECK: unsigned int __idxgen_agg_0 = 0; /* line 69's atomicAdd, once per loop */
// CHECK-NEXT: unsigned int __idxgen_agg_1 = 0; /* line 70's atomicAdd, once per loop */
// CHECK: (void)(__idxgen_agg_0 += (unsigned int)(unsigned int)(v));
// CHECK-NEXT: (void)(__idxgen_agg_1 += (unsigned int)(unsigned int)(v * v));
// CHECK: atomicAdd(&s[0], (unsigned int)__idxgen_agg_0);
// CHECK: atomicAdd(&s[1], (unsigned int)__idxgen_agg_1);

// float and double adds: the values in order, applied one by one after the
// loop (a sum per block would round differently from every order CUDA may
// take)
__global__ void fsum(const float *in, float *f, double *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		float v = in[i];
		atomicAdd(f, v);
		atomicAdd(&d[1], (double)v * 2.0);
	}
}
// CHECK-LABEL: static void fsum__block(
// CHECK: float __idxgen_aggv_0[IDXGEN_RT_AGG_CAP]; /* line 90's atomicAdd values, in order */
// CHECK-NEXT: uint32_t __idxgen_aggn_0 = 0;
// CHECK-NEXT: double __idxgen_aggv_1[IDXGEN_RT_AGG_CAP]; /* line 91's atomicAdd values, in order */
// CHECK: idxgen_rt_agg_push_f32(f, __idxgen_aggv_0, &__idxgen_aggn_0, (float)(v));
// CHECK-NEXT: idxgen_rt_agg_push_f64(&d[1], __idxgen_aggv_1, &__idxgen_aggn_1, (double)((double)v * 2.0));
// CHECK: idxgen_rt_agg_flush_f32(f, __idxgen_aggv_0, __idxgen_aggn_0);
// CHECK-NEXT: idxgen_rt_agg_flush_f64(&d[1], __idxgen_aggv_1, __idxgen_aggn_1);

// left alone: a float add with memory touched after it, an address that
// depends on the thread, the old value used, memory touched after the add,
// an add in the thread's own loop, an index read from memory
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
// PLAN: thread loop 0: lines 9-12 (every thread of the block); bounds: the guard of line 11 limits threadIdx.x (threads outside it do nothing); a plain x loop counted by the global index blockIdx.x * blockDim.x + threadIdx.x in an int where it fits; in a 1-D block whose conditions the bounds decide, that x loop alone (no y/z loops); atomics: line 12's atomicAdd summed per loop, added once;
// PLAN-LABEL: kernel sums:
// PLAN: atomics: line 39's atomicAdd summed per loop, added once;
// PLAN-LABEL: kernel moments:
// PLAN: atomics: line 69, 70's atomicAdds summed per loop, each added once;
// PLAN-LABEL: kernel fsum:
// PLAN: atomics: line 90, 91's floating atomicAdds kept in order per loop, each applied once;
// PLAN-LABEL: kernel others:
// PLAN-NOT: atomics:
