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
