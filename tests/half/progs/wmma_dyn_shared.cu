// WMMA from dynamic shared memory declared as a two-dimensional array of
// unknown length (`extern __shared__ half sm[][ROW]`), as tiled tensor-core
// GEMMs write it: the block stages a band of A's rows and of B's columns
// (B transposed, so both are rows of ROW halves with a skew of 8), each of
// its four warps loads its fragments from &sm[r][k] (A row-major, B
// column-major, leading dimension ROW), accumulates in float over K and
// stores its 16x16 tile of C.  Inputs are small integers, so every product
// and sum is exact in float and C is compared exactly with a host product.
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

#define M 64
#define N 96
#define K 48
#define BAND 32 // rows of A and columns of B a block stages
#define ROW (K + 8)

__global__ void gemm_band(const half *a, const half *b, float *c)
{
	extern __shared__ half sm[][ROW]; // rows 0..BAND-1: A; BAND..2*BAND-1: B transposed
	const int m0 = blockIdx.y * BAND, n0 = blockIdx.x * BAND;
	const int warp = threadIdx.x / 32, wy = warp / 2, wx = warp % 2;

	for (int i = threadIdx.x; i < BAND * K; i += blockDim.x) {
		int r = i / K, k = i % K;
		sm[r][k] = a[(m0 + r) * K + k];
		sm[BAND + r][k] = b[k * N + n0 + r];
	}
	__syncthreads();

	wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
	wmma::fill_fragment(acc, 0.0f);
	for (int k = 0; k < K; k += 16) {
		wmma::load_matrix_sync(fa, &sm[wy * 16][k], ROW);
		wmma::load_matrix_sync(fb, &sm[BAND + wx * 16][k], ROW);
		wmma::mma_sync(acc, fa, fb, acc);
	}
	wmma::store_matrix_sync(c + (m0 + wy * 16) * N + n0 + wx * 16, acc, N, wmma::mem_row_major);
}

int main()
{
	half *ha = (half *)malloc(M * K * sizeof(half)), *hb = (half *)malloc(K * N * sizeof(half));
	float *hc = (float *)malloc(M * N * sizeof(float));
	int *ia = (int *)malloc(M * K * sizeof(int)), *ib = (int *)malloc(K * N * sizeof(int));
	half *da, *db;
	float *dc;

	for (int i = 0; i < M * K; i++) {
		ia[i] = (i * 7 + 3) % 7 - 3;
		ha[i] = __float2half((float)ia[i]);
	}
	for (int i = 0; i < K * N; i++) {
		ib[i] = (i * 5 + 2) % 9 - 4;
		hb[i] = __float2half((float)ib[i]);
	}
	cudaMalloc(&da, M * K * sizeof(half));
	cudaMalloc(&db, K * N * sizeof(half));
	cudaMalloc(&dc, M * N * sizeof(float));
	cudaMemcpy(da, ha, M * K * sizeof(half), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hb, K * N * sizeof(half), cudaMemcpyHostToDevice);
	size_t shmem = 2 * BAND * ROW * sizeof(half);
	gemm_band<<<dim3(N / BAND, M / BAND), 128, shmem>>>(da, db, dc);
	cudaMemcpy(hc, dc, M * N * sizeof(float), cudaMemcpyDeviceToHost);
	int bad = cudaGetLastError() != cudaSuccess;
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			int want = 0;
			for (int k = 0; k < K; k++)
				want += ia[i * K + k] * ib[k * N + j];
			bad += hc[i * N + j] != (float)want;
		}
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	free(ha);
	free(hb);
	free(hc);
	free(ia);
	free(ib);
	return bad != 0;
}
