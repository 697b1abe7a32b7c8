// A uniform statement after per-thread statements moves in front of the open
// thread loop when the two are independent, so the loop stays in one piece.
__global__ void hoist(int *d)
{
	int i = threadIdx.x;
	d[i] = i;
	int m = 3;
	d[i + 64] = m;
}
// CHECK-LABEL: static void hoist__block(
// CHECK: /* uniform: once per block */
// CHECK-NEXT: int m = 3;
// CHECK-NEXT: /* thread loop 0: {{.*}}hoist.cu lines 5-8 */
// CHECK: int i = threadIdx.x;
// CHECK-NEXT: d[i] = i;
// CHECK-NEXT: d[i + 64] = m;

// PLAN: thread loop 0: lines 5-8
// PLAN-NEXT: once per block: line 7 (a declaration that does not depend on the thread), moved in front of the open thread loop
// PLAN: i (line 5, different in each thread): per-thread local of thread loop 0: used in that thread loop only
// PLAN-NEXT: m (line 7, the same in every thread): per block (uniform)
