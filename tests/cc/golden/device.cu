// __device__ functions pass through as C functions; kernels call them.
__device__ float square(float x)
{
	return x * x;
}

__device__ int clampi(int v, int lo, int hi)
{
	return min(max(v, lo), hi);
}

__global__ void use(float *d, int n)
{
	int i = clampi((int)threadIdx.x, 0, n - 1);

	d[i] = square(d[i]);
}
// CHECK: #include <idxgen_cc_kernel.h>
// CHECK: float square(float x)
// CHECK-NEXT: {
// CHECK-NEXT: return x * x;
// CHECK-NEXT: }
// CHECK: int clampi(int v, int lo, int hi)
// CHECK-NEXT: {
// CHECK-NEXT: return min(max(v, lo), hi);
// CHECK-LABEL: static void use__block(
// CHECK: int i = clampi((int)threadIdx.x, 0, n - 1);
// CHECK-NEXT: d[i] = square(d[i]);
