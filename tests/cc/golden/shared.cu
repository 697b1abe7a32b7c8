// Shared memory: static __shared__ arrays and scalars are locals of the block
// function, hoisted in front of the thread loop that declares them;
// extern __shared__ is the launch's dynamic shared memory.
__global__ void shared(float *d)
{
	extern __shared__ float dyn[];
	__shared__ float tile[8][9];
	__shared__ int count;

	if (threadIdx.x == 0)
		count = 0;
	tile[threadIdx.y][threadIdx.x] = d[threadIdx.x];
	dyn[threadIdx.x] = 1.0f;
	__syncthreads();
	d[threadIdx.x] = tile[threadIdx.x][threadIdx.y] + dyn[threadIdx.x] + count;
}
// CHECK-LABEL: static void shared__block(
// CHECK: float *const dyn = __b->dyn_shared; /* extern __shared__ */
// CHECK-NEXT: __shared__ float tile[8][9];
// CHECK-NEXT: __shared__ int count;
// CHECK-NEXT: /* thread loop 0: {{.*}}shared.cu lines 10-13 */
// CHECK: if (threadIdx.x == 0)
// CHECK-NEXT: count = 0;
// CHECK: .shared_bytes = 0, /* static __shared__ (292 bytes): locals of the block function */
