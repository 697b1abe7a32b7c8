// extern __shared__ as a two-dimensional array of unknown length, its rows
// padded by one against bank conflicts (tiled transposes and tensor-core
// GEMMs declare their dynamic shared memory so): the element type is itself
// an array, so the pointer to the block's dynamic shared memory is declared
// through __typeof__ of the element type (`float[33] *const tile` is no C).
#define TILE 32

__global__ void transpose_dyn(const float *in, float *out, int n)
{
	extern __shared__ float tile[][TILE + 1];
	int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;

	tile[threadIdx.y][threadIdx.x] = in[y * n + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}
// CHECK: __typeof__(float[33]) *const tile = __b->dyn_shared;
// CHECK: tile[threadIdx.y][threadIdx.x] = in[y * n + x];
