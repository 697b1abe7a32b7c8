// Regression (HeCBench eikonal): "dim3 idx(tx + 1, ty + 1, 1);" before a
// __syncthreads() and read after it is recomputed in each thread loop that
// uses it.  The copy used to be written "dim3 idx = idx(tx + 1, ...)" (the
// initializer's text starts at the name) and the C++ did not compile; it is
// now the declaration as written, in both thread loops.
#include <cuda_runtime.h>

__global__ void halo(int *out)
{
	__shared__ int tile[10][10];
	int tx = threadIdx.x, ty = threadIdx.y;
	dim3 idx(tx + 1, ty + 1, 1);
	dim3 one(tx);
	tile[idx.y][idx.x] = tx + ty;
	__syncthreads();
	out[ty * 8 + tx] = tile[idx.y][idx.x + 1] + (int)idx.z + (int)one.x;
}

int main()
{
	int *d = nullptr;
	halo<<<1, dim3(8, 8)>>>(d);
	return 0;
}
// MODEL: kernel halo: fission
// CXX-LABEL: static void halo__block(
// CXX: dim3 idx(tx + 1, ty + 1, 1);
// CXX-NEXT: tile[(int32_t)(idx.y)][(int32_t)(idx.x)] = tx + ty;
// CXX: /* __syncthreads() */
// CXX: dim3 idx(tx + 1, ty + 1, 1);{{[[:space:]]+}}/* recomputed */
// CXX-NEXT: dim3 one(tx);{{[[:space:]]+}}/* recomputed */
