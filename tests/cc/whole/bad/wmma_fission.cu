// expect: 24:8: error: 'load_matrix_sync' is a collective of a library header (WMMA's mma.h, CUB's block and warp primitives, libcu++'s barriers): the threads of a warp or block act together in it, which only fibers run: build without --exec-model=fission
// exec-model: fission
// One warp multiplies a 16x16 tile with WMMA, forced to loop fission.
// load_matrix_sync, mma_sync and store_matrix_sync are rendezvous of the
// warp's 32 lanes (include/cuda/mma.h), which loop fission, one thread after
// another, cannot hold: before the twenty-eighth session the program built
// and stopped at its launch ("a warp-level function called outside a fiber
// kernel (an idxgen-cc bug)").  Refused at the first call now (whole.c);
// by default the kernel runs as fibers (tests/half/progs/wmma_gemm.cu).
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

using namespace nvcuda;

__global__ void tile_product(const half *a, const half *b, float *c)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	float *mine = c + blockIdx.x * 256;

	/* the accumulator starts from what c holds, so no fill_fragment */
	wmma::load_matrix_sync(acc, mine, 16, wmma::mem_row_major);
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 16);
	wmma::mma_sync(acc, fa, fb, acc);
	wmma::store_matrix_sync(mine, acc, 16, wmma::mem_row_major);
}

int main(void)
{
	half *a, *b;
	float *c;

	cudaMalloc(&a, 256 * sizeof(half));
	cudaMalloc(&b, 256 * sizeof(half));
	cudaMalloc(&c, 256 * sizeof(float));
	cudaMemset(a, 0, 256 * sizeof(half));
	cudaMemset(b, 0, 256 * sizeof(half));
	cudaMemset(c, 0, 256 * sizeof(float));
	tile_product<<<1, 32>>>(a, b, c);
	return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
