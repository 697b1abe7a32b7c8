// Barriers in uniform loops and branches, at any depth: the statement runs
// once per block, its body split recursively into thread loops.
__global__ void control(float *d, int n, int mode)
{
	__shared__ float s[128];
	float v = d[threadIdx.x];

	for (int k = 1; k < n; k *= 2) {
		s[threadIdx.x] = v;
		__syncthreads();
		if (mode) {
			v += s[(threadIdx.x + k) % 128];
			__syncthreads();
		} else {
			v -= s[threadIdx.x];
		}
	}
	int j = 0;
	while (j < mode) {
		__syncthreads();
		j++;
	}
	do {
		v *= 0.5f;
		__syncthreads();
		j--;
	} while (j > 0);
	d[threadIdx.x] = v;
}
// CHECK-LABEL: static void control__block(
// CHECK: float *const v_ = IDXGEN_RT_PRIV(__b, float, 0); /* per-thread 'v' */
// CHECK: /* thread loop 0: {{.*}}barrier_control.cu lines 6-6 */
// CHECK: v_[__t] = d[threadIdx.x];
// the loop header runs once per block
// CHECK: for (int k = 1; k < n; k *= 2) {
// CHECK-NEXT: /* thread loop 1: {{.*}}barrier_control.cu lines 9-9 */
// CHECK: s[threadIdx.x] = v_[__t];
// CHECK: /* __syncthreads() */
// CHECK-NEXT: if (mode) {
// CHECK-NEXT: /* thread loop 2: {{.*}}barrier_control.cu lines 12-12 */
// CHECK: v_[__t] += s[(threadIdx.x + k) % 128];
// CHECK: /* __syncthreads() */
// CHECK-NEXT: } else {
// CHECK-NEXT: /* thread loop 3: {{.*}}barrier_control.cu lines 15-15 */
// CHECK: v_[__t] -= s[threadIdx.x];
// CHECK: v_[__t] -= s[threadIdx.x];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// j is uniform: one copy per block
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: int j = 0;
// CHECK-NEXT: while (j < mode) {
// CHECK-NEXT: /* __syncthreads() */
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: j++;
// CHECK-NEXT: }
// CHECK-NEXT: do {
// CHECK-NEXT: /* thread loop 4: {{.*}}barrier_control.cu lines 24-24 */
// CHECK: v_[__t] *= 0.5f;
// CHECK: /* __syncthreads() */
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: j--;
// CHECK-NEXT: } while (j > 0);
// CHECK-NEXT: /* thread loop 5: {{.*}}barrier_control.cu lines 28-28 */

// PLAN: kernel control: {{.*}} 6 thread loop(s), 4 barrier(s), private area 4 bytes a thread
// PLAN-NEXT: statements:
// PLAN-NEXT: __shared__ declaration: line 5
// PLAN-NEXT: thread loop 0: lines 6-6
// PLAN-NEXT: for containing barriers: lines 8-17, once per block (its conditions are uniform)
// PLAN-NEXT: thread loop 1: lines 9-9
// PLAN-NEXT: barrier: line 10
// PLAN-NEXT: if containing barriers: lines 11-16, once per block
// PLAN-NEXT: thread loop 2: lines 12-12
// PLAN-NEXT: barrier: line 13
// PLAN-NEXT: else:
// PLAN-NEXT: thread loop 3: lines 15-15
// PLAN-NEXT: once per block: line 18 (a declaration that does not depend on the thread)
// PLAN-NEXT: while containing barriers: lines 19-22, once per block
// PLAN-NEXT: barrier: line 20
// PLAN-NEXT: once per block: line 21 (a statement that does not depend on the thread)
// PLAN-NEXT: do-while containing barriers: lines 23-27, once per block
// PLAN-NEXT: thread loop 4: lines 24-24
// PLAN-NEXT: barrier: line 25
// PLAN-NEXT: once per block: line 26
// PLAN-NEXT: thread loop 5: lines 28-28
// PLAN: v (line 6, different in each thread): promoted: per-thread array 'v_' at offset 0 of the private area (size 4): live across a barrier
// PLAN-NEXT: k (line 8, the same in every thread): per block (uniform)
// PLAN-NEXT: j (line 18, the same in every thread): per block (uniform)
