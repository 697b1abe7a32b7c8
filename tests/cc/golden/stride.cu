// Grid- and block-stride loops, interchanged (issue 40, lib/cc/stride.c): a for or while loop of
// a thread loop that steps a local by a uniform stride involving blockDim or gridDim runs its
// rounds once per block, each round a thread loop in which every thread runs its next iteration
// (__idxgen_more_R: whether any thread ran one).  What the thread carries across iterations is
// per-thread (promoted); a for's init ends the thread loop before.  Left alone: another step, a
// break/return out of the loop, a condition that reads memory, what could wait for another thread.
__global__ void saxpy(int n, float a, const float *x, float *y)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		y[i] = a * x[i] + y[i];
}
// CHECK-LABEL: static void saxpy__block(
// CHECK: int *const i_ = IDXGEN_RT_PRIV(__b, int, 0);
// CHECK: i_[__t] = blockIdx.x * blockDim.x + threadIdx.x;
// CHECK: /* line 9's stride loop, interchanged: its rounds once per block, every thread's next iteration in each */
// CHECK-NEXT: for (int __idxgen_more_1 = 1; __idxgen_more_1;) {
// CHECK-NEXT: __idxgen_more_1 = 0;
// CHECK: const int __idxgen_go = !!(i_[__t] < n);
// CHECK-NEXT: __idxgen_more_1 |= __idxgen_go;
// CHECK-NEXT: if (__idxgen_go) {
// CHECK-NEXT: y[i_[__t]] = a * x[i_[__t]] + y[i_[__t]];
// CHECK-NEXT: i_[__t] += blockDim.x * gridDim.x;
// CHECK-NEXT: }

// while form, the stride in a local; the sum after the loop reads the per-thread value
__global__ void dot(const double *a, const double *b, double *part, int n)
{
	int i = threadIdx.x + blockIdx.x * blockDim.x;
	int stride = blockDim.x * gridDim.x;
	double t = 0;

	while (i < n) {
		t += a[i] * b[i];
		i += stride;
	}
	part[threadIdx.x + blockIdx.x * blockDim.x] = t;
}
// CHECK-LABEL: static void dot__block(
// CHECK: /* line 32's stride loop, interchanged
// CHECK: const int __idxgen_go = !!(i_[__t] < n);
// CHECK: t_[__t] += a[i_[__t]] * b[i_[__t]];
// CHECK-NEXT: i_[__t] += stride;
// CHECK: part[threadIdx.x + blockIdx.x * blockDim.x] = t_[__t];

// left alone: a chunk per thread (the step involves no block or grid size), a break, a condition
// that reads memory, an atomicCAS spin in an inner loop, a volatile flag
__global__ void kept(const int *x, int *y, int *lock, volatile int *flag, int n)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;

	for (int i = tid * 4; i < tid * 4 + 4 && i < n; i++)
		y[i] = x[i];
	for (int i = tid; i < n; i += blockDim.x * gridDim.x) {
		if (x[i] < 0)
			break;
		y[i] += 1;
	}
	for (int i = tid; i < n && x[i] != 0; i += blockDim.x * gridDim.x)
		y[i] += 2;
	for (int i = tid; i < n; i += blockDim.x * gridDim.x) {
		while (atomicCAS(lock, 0, 1) != 0)
			;
		y[i] += 3;
		atomicExch(lock, 0);
	}
	for (int i = tid; i < n; i += blockDim.x * gridDim.x)
		y[i] += *flag;
}
// CHECK-LABEL: static void kept__block(
// CHECK-NOT: stride loop, interchanged
// CHECK: const struct idxgen_rt_kernel idxgen_cc_kernel_kept

// PLAN-LABEL: kernel saxpy:
// PLAN: thread loop 0: lines 9-9 (every thread of the block)
// PLAN-NEXT: stride loop: lines 9-10, interchanged: its rounds once per block, every thread's next iteration in each
// PLAN-NEXT: thread loop 1: lines 9-10 (every thread of the block); vectorisation: forced
// PLAN: i (line 9, different in each thread): promoted
// PLAN-LABEL: kernel dot:
// PLAN: stride loop: lines 32-35, interchanged
// PLAN: t (line 30, different in each thread): promoted
// PLAN-LABEL: kernel kept:
// PLAN-NOT: stride loop
// PLAN: 1 thread loop(s)
