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

// Round r's index computed (stride.c, stride_index): the index starts at B + threadIdx.a, only the
// step writes it, the condition is i < U or i <= U (either side) and nothing reads it after the loop,
// so each round runs the threads of a contiguous range, i = round start + threadIdx.a, without the
// per-thread index array; per block, where a value could leave its type, the per-thread rounds.
__global__ void scale_le(float *y, float a, int last)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; last >= i; i += blockDim.x * gridDim.x)
		y[i] *= a;
}
// CHECK-LABEL: static void scale_le__block(
// CHECK: /* line 79's stride loop, interchanged, its index computed: its rounds once per block, each over the threads whose index B + threadIdx.x + r * S is below the bound */
// CHECK-NEXT: {
// CHECK-NEXT: const int64_t __idxgen_sb_1 = (int64_t)(blockIdx.x * blockDim.x);
// CHECK-NEXT: const int64_t __idxgen_ss_1 = (int64_t)(blockDim.x * gridDim.x);
// CHECK-NEXT: const int64_t __idxgen_su0_1 = (int64_t)(int)(last);
// CHECK-NEXT: if (__idxgen_ss_1 > 0 && __idxgen_ss_1 < INT64_C(2147483647) - (int64_t)__bdx &&
// CHECK-NEXT: __idxgen_sb_1 >= 0 && __idxgen_sb_1 <= INT64_C(2147483647) - (int64_t)__bdx &&
// CHECK-NEXT: __idxgen_su0_1 < INT64_C(2147483647) - __idxgen_ss_1 - (int64_t)__bdx) {
// CHECK-NEXT: const int64_t __idxgen_su_1 = __idxgen_su0_1 + 1;
// CHECK-NEXT: for (int64_t __idxgen_rb_1 = __idxgen_sb_1; __idxgen_rb_1 < __idxgen_su_1; __idxgen_rb_1 += __idxgen_ss_1) {
// CHECK: if (__idxgen_su_1 - __idxgen_rb_1 < (int64_t)__bdx)
// CHECK-NEXT: __idxgen_hi_x = (uint32_t)(__idxgen_su_1 - __idxgen_rb_1);
// CHECK-NEXT: const int __idxgen_in_1 = 1;
// An int index on threadIdx.x: a 1-D block's round is the x loop alone, counted by the index in an
// int (emit.c's stride_x_base, one_d_x_loop), so the kernel's i folds to the counter; else as before.
// CHECK-NEXT: const uint32_t __idxgen_gb __attribute__((unused)) = (uint32_t)__idxgen_rb_1;
// CHECK-NEXT: if (__idxgen_lo_y == 0 && __idxgen_hi_y == 1 && __idxgen_lo_z == 0 && __idxgen_hi_z == 1
// CHECK-NEXT: && __idxgen_lo_x <= __idxgen_hi_x && (int64_t)__idxgen_gb + __idxgen_hi_x <= INT32_MAX) {
// CHECK-NEXT: const uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x); __idxgen_gi < (int32_t)(__idxgen_gb + __idxgen_hi_x); __idxgen_gi++) {
// CHECK-NEXT: const uint32_t __tx = (uint32_t)__idxgen_gi - __idxgen_gb;
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: int i = (int)(__idxgen_rb_1 + threadIdx.x);
// CHECK-NEXT: if (__idxgen_in_1 || (last >= i)) {
// CHECK-NEXT: y[i] *= a;
// CHECK: } else {
// CHECK-NEXT: for (uint32_t __tz = __idxgen_lo_z; __tz < __idxgen_hi_z; __tz++)
// CHECK: for (uint32_t __tx = __idxgen_lo_x; __tx < __idxgen_hi_x; __tx++) {
// CHECK-NEXT: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: int i = (int)(__idxgen_rb_1 + threadIdx.x);
// CHECK-NEXT: if (__idxgen_in_1 || (last >= i)) {
// CHECK-NEXT: y[i] *= a;
// CHECK: const int __idxgen_in_1 = 0;
// CHECK: } else {
// CHECK-NEXT: /* line 79's stride loop, interchanged: its rounds once per block, every thread's next iteration in each */
// CHECK: y[i_[__t]] *= a;
// CHECK-NEXT: i_[__t] += blockDim.x * gridDim.x;

// left per-thread: the index read after the loop, a start that is not B + threadIdx.a, a stride loop
// that a uniform loop runs again (its second run starts where the first ended)
__global__ void per_thread(const int *x, int *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = 3 * threadIdx.x, k = i;

	while (i < n) {
		y[i] = x[i];
		i += blockDim.x * gridDim.x;
	}
	y[blockIdx.x] = i;
	while (j < n) {
		y[j] += 1;
		j += blockDim.x;
	}
	for (int r = 0; r < 2; r++) {
		while (k < n) {
			y[k] += r;
			k += blockDim.x * gridDim.x;
		}
		__syncthreads();
	}
}
// CHECK-LABEL: static void per_thread__block(
// CHECK-NOT: its index computed
// CHECK: const struct idxgen_rt_kernel idxgen_cc_kernel_per_thread

// size_t index and bound: an unsigned 64-bit bound above INT64_MAX fails the per-block range check;
// the start is computed in unsigned int, so every value must stay below UINT_MAX
__global__ void scale_size(float *y, size_t n)
{
	for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		y[i] += 1.0f;
}
// CHECK-LABEL: static void scale_size__block(
// CHECK-NOT: __idxgen_gb
// CHECK: const int64_t __idxgen_su0_1 = (unsigned long)(n) > (unsigned long)INT64_MAX ? INT64_MAX : (int64_t)(unsigned long)(n);
// CHECK-NEXT: if (__idxgen_ss_1 > 0 && __idxgen_ss_1 < INT64_C(4294967295) - (int64_t)__bdx &&
// CHECK-NOT: __idxgen_gb
// CHECK: size_t i = (size_t)(__idxgen_rb_1 + threadIdx.x);
// CHECK-NOT: __idxgen_gi
// CHECK: const struct idxgen_rt_kernel idxgen_cc_kernel_scale_size

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
// PLAN-LABEL: kernel scale_le:
// PLAN: stride loop: lines 79-80, interchanged: its rounds once per block, every thread's next iteration in each; index computed: round r runs the threads whose i = start + threadIdx.x + r * stride is in range, a contiguous range (per-thread indices where a value could leave its type); in a 1-D block whose conditions the rounds decide, each round's x loop alone, counted by its index in an int
// PLAN-LABEL: kernel per_thread:
// PLAN-NOT: index computed
// PLAN: k (line
// PLAN-LABEL: kernel scale_size:
// PLAN: stride loop: lines {{[0-9]+}}-{{[0-9]+}}, interchanged: {{.*}}; index computed: {{.*}} (per-thread indices where a value could leave its type){{$}}

// Two rounds at a time (stride_pair.c): where the body writes only the thread's own locals, a 1-D
// block's whole round and the next run as one loop, each thread's two iterations in a row, the
// second with the round's start redeclared; the round loop then steps past the second.  Not where
// the body writes memory (saxpy, scale_le above) or a __shared__ variable.
__global__ void own_sum(const float *x, float *out, int n)
{
	float s = 0.0f;

	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		s += x[i] * x[i];
	out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
// CHECK-LABEL: static void own_sum__block(
// CHECK: const uint32_t __idxgen_gb __attribute__((unused)) = (uint32_t)__idxgen_rb_1;
// CHECK-NEXT: if (__idxgen_lo_y == 0 && __idxgen_hi_y == 1 && __idxgen_lo_z == 0 && __idxgen_hi_z == 1
// CHECK-NEXT: && __idxgen_lo_x == 0 && __idxgen_hi_x == __bdx && (int64_t)__idxgen_gb + __bdx <= INT32_MAX
// CHECK-NEXT: && __idxgen_su_1 - __idxgen_rb_1 - __idxgen_ss_1 >= (int64_t)__bdx) {
// CHECK-NEXT: const uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;
// CHECK-NEXT: const int64_t __idxgen_rn_1 = __idxgen_rb_1 + __idxgen_ss_1;
// CHECK-NEXT: IDXGEN_CC_INDEPENDENT
// CHECK-NEXT: for (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x); __idxgen_gi < (int32_t)(__idxgen_gb + __idxgen_hi_x); __idxgen_gi++) {
// CHECK: const dim3 threadIdx = { __tx, __ty, __tz };
// CHECK-NEXT: {
// CHECK-NEXT: int i = (int)(__idxgen_rb_1 + threadIdx.x);
// CHECK-NEXT: if (__idxgen_in_1 || (i < n)) {
// CHECK-NEXT: s_[__t] += x[i] * x[i];
// CHECK: { /* round r + 1 */
// CHECK-NEXT: const int64_t __idxgen_rb_1 = __idxgen_rn_1;
// CHECK-NEXT: int i = (int)(__idxgen_rb_1 + threadIdx.x);
// CHECK-NEXT: if (__idxgen_in_1 || (i < n)) {
// CHECK-NEXT: s_[__t] += x[i] * x[i];
// CHECK: __idxgen_rb_1 = __idxgen_rn_1;
// CHECK-NEXT: } else
// CHECK-NEXT: if (__idxgen_lo_y == 0 && __idxgen_hi_y == 1 && __idxgen_lo_z == 0 && __idxgen_hi_z == 1
// CHECK-NEXT: && __idxgen_lo_x <= __idxgen_hi_x && (int64_t)__idxgen_gb + __idxgen_hi_x <= INT32_MAX) {

__global__ void shared_slots(const float *x, float *out, int n)
{
	__shared__ float part[256];

	part[threadIdx.x] = 0.0f;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		part[threadIdx.x] += x[i];
	__syncthreads();
	if (threadIdx.x == 0) {
		float s = 0.0f;

		for (unsigned k = 0; k < blockDim.x; k++)
			s += part[k];
		out[blockIdx.x] = s;
	}
}
// CHECK-LABEL: static void shared_slots__block(
// CHECK: its index computed
// CHECK-NOT: __idxgen_rn_1
// CHECK: const struct idxgen_rt_kernel idxgen_cc_kernel_shared_slots

// PLAN-LABEL: kernel own_sum:
// PLAN: stride loop: lines {{[0-9]+}}-{{[0-9]+}}, interchanged: {{.*}}; in a 1-D block whose conditions the rounds decide, each round's x loop alone, counted by its index in an int; two rounds at a time where both are whole (the body writes only the thread's own locals)
// PLAN-LABEL: kernel shared_slots:
// PLAN: stride loop: lines {{[0-9]+}}-{{[0-9]+}}, interchanged: {{.*}}, counted by its index in an int{{$}}
