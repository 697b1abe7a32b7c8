/* out = in^T (rows x cols), through a shared tile padded against bank conflicts. */
#define TDIM 32

__global__ void transpose(const unsigned int *in, unsigned int *out, int rows, int cols)
{
	__shared__ unsigned int tile[TDIM][TDIM + 1];
	int x = blockIdx.x * TDIM + threadIdx.x;
	int y = blockIdx.y * TDIM + threadIdx.y;

	if (x < cols && y < rows)
		tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
	__syncthreads();
	x = blockIdx.y * TDIM + threadIdx.x;
	y = blockIdx.x * TDIM + threadIdx.y;
	if (x < rows && y < cols)
		out[y * rows + x] = tile[threadIdx.x][threadIdx.y];
}
