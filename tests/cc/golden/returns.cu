// Early returns: "if (c) return; rest" at the top of a thread loop becomes
// "if (c) { } else { rest }" (no jump: the loop stays vectorizable); when a
// later thread loop exists a per-thread __done flag makes it skip the thread.
__global__ void guard(int *d, int n)
{
	int i = threadIdx.x;

	if (i >= n)
		return;
	d[i] = 2 * d[i];
}
// CHECK-LABEL: static void guard__block(
// one thread loop: no flags
// CHECK-NOT: __done
// CHECK: int i = threadIdx.x;
// CHECK-NEXT: if ((!__idxgen_cond_0 && (i >= n))) {
// CHECK-NEXT: } else {
// CHECK-NEXT: d[i] = 2 * d[i];
// CHECK-NEXT: }
// CHECK-NEXT: }

// any other return ends the thread's loop body with a jump; a return before a
// barrier sets the thread's flag
__global__ void two_loops(int *d, int n)
{
	__shared__ int s[64];
	int i = threadIdx.x;

	for (int k = 0; k < n; k++)
		if (d[k] == i)
			return;
	s[i] = d[i];
	__syncthreads();
	d[i] = s[63 - i];
}
// CHECK-LABEL: static void two_loops__block(
// CHECK: unsigned char *const __done = IDXGEN_RT_PRIV(__b, unsigned char, 0); /* returned */
// CHECK-EMPTY:
// CHECK-NEXT: memset(__done, 0, __b->nthreads);
// CHECK: /* thread loop 0: {{.*}}returns.cu lines 27-32 */
// CHECK: const uint32_t __t = (__tz * __bdy + __ty) * __bdx + __tx;
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: if (__done[__t])
// CHECK-NEXT: continue;
// CHECK: if (d[k] == i)
// the computed-index copy jumps to its own label
// CHECK-NEXT: do { __done[__t] = 1; goto __next_thread_0l; } while (0);
// CHECK: __next_thread_0l:;
// CHECK: IDXGEN_RT_FOR_THREADS(__b, __t) {
// CHECK: do { __done[__t] = 1; goto __next_thread_0; } while (0);
// CHECK: __next_thread_0:;
// CHECK: /* __syncthreads() */
// CHECK-NEXT: /* thread loop 1: {{.*}}returns.cu lines 34-34 */
// CHECK: if (__done[__t])
// CHECK-NEXT: continue;
// CHECK-NEXT: int i = threadIdx.x; /* recomputed */
// CHECK-NEXT: d[i] = s[63 - i];
// CHECK: .priv_bytes = 1,
