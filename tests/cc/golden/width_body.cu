// Whole programs: a kernel with a thread loop by whole warps gets a second
// block function for blocks 32 threads wide, blockDim.x the constant 32
// there (lib/cc/width_body.c, issue 40), and the descriptor's function
// picks one by the width; a kernel template's are templates too, called
// with the kernel's template arguments.  A kernel without such a loop
// keeps one block function.
#include <cstdio>
#define TILE 32

template <typename T>
__global__ void transposeT(const T *in, T *out, int rows, int cols)
{
	__shared__ T tile[TILE][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;

	for (int j = 0; j < TILE; j += blockDim.y)
		if (x < cols && y + j < rows)
			tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	for (int j = 0; j < TILE; j += blockDim.y)
		if (x < rows && y + j < cols)
			out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void scale(float *v, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		v[i] *= a;
}

int main()
{
	float *a, *b;

	cudaMalloc(&a, 64 * 64 * sizeof(float));
	cudaMalloc(&b, 64 * 64 * sizeof(float));
	transposeT<float><<<dim3(2, 2), dim3(32, 8)>>>(a, b, 64, 64);
	scale<<<16, 256>>>(b, 2.0f, 64 * 64);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
// CXX-LABEL: #pragma GCC diagnostic ignored "-Waggressive-loop-optimizations"
// CXX: template <typename T>
// CXX-NEXT: /* __global__ transposeT, its blocks 32 threads wide (transposeT__block_pick) */
// CXX-NEXT: __attribute__((noinline)) static void transposeT__block_w32(struct idxgen_rt_block *__b)
// CXX: const dim3 blockDim = { 32u, __b->block_dim[1], __b->block_dim[2] };
// CXX: const uint32_t __bdx = 32u, __bdy = __b->block_dim[1], __bdz = __b->block_dim[2];
// CXX: for (; __txw + 32u <= __bdx; __txw += 32u) /* whole warps */
// CXX: #pragma GCC diagnostic pop
// CXX: template <typename T>
// CXX-NEXT: /* __global__ transposeT: called once per block; 2 thread loop(s), 1 barrier(s) */
// CXX-NEXT: static void transposeT__block(struct idxgen_rt_block *__b)
// CXX: const dim3 blockDim = { __b->block_dim[0], __b->block_dim[1], __b->block_dim[2] };
// CXX: const uint32_t __bdx = __b->block_dim[0], __bdy = __b->block_dim[1], __bdz = __b->block_dim[2];
// CXX: template <typename T>
// CXX-NEXT: /* __global__ transposeT: a block 32 threads wide runs in transposeT__block_w32, blockDim.x a constant there */
// CXX-NEXT: static void transposeT__block_pick(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: void (*volatile const any)(struct idxgen_rt_block *) = transposeT__block<T>;
// CXX-EMPTY:
// CXX-NEXT: if (__b->block_dim[0] == 32u)
// CXX-NEXT: transposeT__block_w32<T>(__b);
// CXX-NEXT: else
// CXX-NEXT: any(__b);
// CXX-NEXT: }
// CXX: transposeT__block_pick<T>, 0,
// CXX-NOT: __block_w32
// CXX-LABEL: static void scale__block(struct idxgen_rt_block *__b)
// CXX-NOT: __block_w32
// CXX: scale__block, 0,
// CXX: int main()
