// Convergent code: declarations and statements that do not depend on the
// thread run once per block, outside the thread loops.
__global__ void uniform(const float *filt, float *d, int n)
{
	int w = n * 2 + 1;
	float f[8];
	for (int k = 0; k < 8; k++)
		f[k] = 0.5f * k;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float acc = 0.0f;
	for (int k = 0; k < 8; k++)
		acc += f[k] * filt[i + k];
	d[i] = acc * w;
}
// CHECK-LABEL: static void uniform__block(
// CHECK: /* uniform: once per block */
// CHECK-NEXT: int w = n * 2 + 1;
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: float f[8];
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: for (int k = 0; k < 8; k++)
// CHECK-NEXT: f[k] = 0.5f * k;
// CHECK-NEXT: /* thread loop 0: {{.*}}uniform.cu lines 9-13 */
// CHECK: int i = blockIdx.x * blockDim.x + threadIdx.x;
// the accumulation depends on the thread: per thread
// CHECK-NEXT: float acc = 0.0f;
// CHECK-NEXT: for (int k = 0; k < 8; k++)
// CHECK-NEXT: acc += f[k] * filt[i + k];
// CHECK-NEXT: d[i] = acc * w;
// CHECK-NOT: uniform: once per block
// CHECK: .priv_bytes = 0,

// The same statements without any thread index: all of them once per block.
__global__ void all_uniform(const float *filt, float *d)
{
	float acc = 0.0f;
	for (int k = 0; k < 8; k++)
		acc += filt[k];
	d[blockIdx.x] = acc;
}
// CHECK-LABEL: static void all_uniform__block(
// CHECK: /* uniform: once per block */
// CHECK-NEXT: float acc = 0.0f;
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: for (int k = 0; k < 8; k++)
// CHECK-NEXT: acc += filt[k];
// the store to memory stays in the thread loop (every thread stores)
// CHECK-NEXT: /* thread loop 0: {{.*}}uniform.cu lines 39-39 */
// CHECK-NOT: threadIdx =
// CHECK: d[blockIdx.x] = acc;
