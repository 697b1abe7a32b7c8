// WMMA (mma.h) as public code uses it, checked against host products:
//  1. C = alpha * A * B + beta * C, A and B half in column-major order, float
//     accumulators, one warp per 16x16 tile of C looping over K, the epilogue
//     applied element by element through frag.x[i] (CUDA's guarantee);
//  2. row-major operands with a half accumulator, the tile stored into shared
//     memory and read back by other lanes of the warp;
//  3. the m32n8k16 shape, bfloat16 inputs;  4. m16n16k8 with tf32 inputs;
//  5. 8-bit integers into int accumulators (exact).
// Tolerances (double-precision references from the same rounded inputs):
// products of halves are exact in float, so float accumulation over K terms
// errs by at most gamma_K * sum|a*b| (gamma_K ~ K * 2^-24, recursive
// summation), and the epilogue adds 2 roundings; we allow twice that.  A half
// accumulator is rounded to half (2^-11 relative) after each of the K/16
// steps.  bfloat16 and tf32 products are exact in float too (8 and 11
// significant bits).  Prints PASS last when every element is within bounds.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <vector>
#include <mma.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_runtime.h>

using namespace nvcuda;

#define WM 16
#define WN 16
#define WK 16

// C (M x N) = alpha * A (M x K) * B (K x N) + beta * C, all column-major
__global__ void gemm_col_major(const half *a, const half *b, float *c, int M, int N, int K, float alpha, float beta)
{
	int lda = M, ldb = K, ldc = M;
	int warpM = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
	int warpN = blockIdx.y * blockDim.y + threadIdx.y;

	wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::col_major> a_frag;
	wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::col_major> b_frag;
	wmma::fragment<wmma::accumulator, WM, WN, WK, float> acc_frag;
	wmma::fragment<wmma::accumulator, WM, WN, WK, float> c_frag;
	wmma::fill_fragment(acc_frag, 0.0f);

	int row = warpM * WM, col = warpN * WN;
	if (row >= M || col >= N)
		return;
	for (int k = 0; k < K; k += WK) {
		wmma::load_matrix_sync(a_frag, a + row + k * lda, lda);
		wmma::load_matrix_sync(b_frag, b + k + col * ldb, ldb);
		wmma::mma_sync(acc_frag, a_frag, b_frag, acc_frag);
	}
	wmma::load_matrix_sync(c_frag, c + row + col * ldc, ldc, wmma::mem_col_major);
	for (int i = 0; i < c_frag.num_elements; i++)
		c_frag.x[i] = alpha * acc_frag.x[i] + beta * c_frag.x[i];
	wmma::store_matrix_sync(c + row + col * ldc, c_frag, ldc, wmma::mem_col_major);
}

// row-major operands, half accumulator; each warp (4 a block) stages its tile in shared memory
__global__ void gemm_row_major_half(const half *a, const half *b, half *c, int M, int N, int K)
{
	__shared__ half tile[4][WM * WN];
	int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
	int tiles_n = N / WN;
	int t = blockIdx.x * 4 + warp;
	int row = (t / tiles_n) * WM, col = (t % tiles_n) * WN;

	wmma::fragment<wmma::matrix_a, WM, WN, WK, half, wmma::row_major> a_frag;
	wmma::fragment<wmma::matrix_b, WM, WN, WK, half, wmma::row_major> b_frag;
	wmma::fragment<wmma::accumulator, WM, WN, WK, half> acc;
	wmma::fill_fragment(acc, __float2half(0.0f));
	for (int k = 0; k < K; k += WK) {
		wmma::load_matrix_sync(a_frag, a + row * K + k, K);
		wmma::load_matrix_sync(b_frag, b + k * N + col, N);
		wmma::mma_sync(acc, a_frag, b_frag, acc);
	}
	wmma::store_matrix_sync(tile[warp], acc, WN, wmma::mem_row_major);
	__syncwarp();
	// lane l copies rows l/2 (its half of the row) out of the staged tile: other lanes' elements
	for (int j = 0; j < 8; j++) {
		int r = lane / 2, cc = (lane % 2) * 8 + j;
		c[(row + r) * N + col + cc] = tile[warp][r * WN + cc];
	}
}

// one 32 x 8 tile, K = 16, bfloat16 inputs
__global__ void mma_32x8(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c)
{
	wmma::fragment<wmma::matrix_a, 32, 8, 16, __nv_bfloat16, wmma::row_major> a_frag;
	wmma::fragment<wmma::matrix_b, 32, 8, 16, __nv_bfloat16, wmma::col_major> b_frag;
	wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
	wmma::fill_fragment(acc, 1.0f);
	wmma::load_matrix_sync(a_frag, a, 16);
	wmma::load_matrix_sync(b_frag, b, 16);
	wmma::mma_sync(acc, a_frag, b_frag, acc);
	wmma::store_matrix_sync(c, acc, 8, wmma::mem_row_major);
}

// one 16 x 16 tile, K = 8, tf32 inputs (rounded by __float_to_tf32 first, as CUDA code must)
__global__ void mma_tf32(const float *a, const float *b, float *c)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> a_frag;
	wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::row_major> b_frag;
	wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
	wmma::fill_fragment(acc, 0.0f);
	wmma::load_matrix_sync(a_frag, a, 8);
	wmma::load_matrix_sync(b_frag, b, 16);
	for (int i = 0; i < a_frag.num_elements; i++)
		a_frag.x[i] = wmma::__float_to_tf32(a_frag.x[i]);
	for (int i = 0; i < b_frag.num_elements; i++)
		b_frag.x[i] = wmma::__float_to_tf32(b_frag.x[i]);
	wmma::mma_sync(acc, a_frag, b_frag, acc);
	wmma::store_matrix_sync(c, acc, 16, wmma::mem_col_major);
}

// one 16 x 16 tile, K = 16, signed 8-bit inputs, int accumulators
__global__ void mma_int8(const signed char *a, const signed char *b, int *c)
{
	wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> a_frag;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> b_frag;
	wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
	wmma::fill_fragment(acc, 7);
	wmma::load_matrix_sync(a_frag, a, 16);
	wmma::load_matrix_sync(b_frag, b, 16);
	wmma::mma_sync(acc, a_frag, b_frag, acc);
	wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}

static unsigned long long state = 0x9e3779b97f4a7c15ull;
static float urand()	// in [-1, 1)
{
	state = state * 6364136223846793005ull + 1442695040888963407ull;
	return (float)((state >> 40) & 0xffffff) / 8388608.0f - 1.0f;
}

static int failures;
static void check(bool ok, const char *what)
{
	printf("%s: %s\n", what, ok ? "ok" : "WRONG");
	failures += !ok;
}

static void test_col_major()
{
	const int M = 64, N = 48, K = 80;
	const float alpha = 1.5f, beta = -0.75f;
	std::vector<half> a(M * K), b(K * N);
	std::vector<float> c(M * N), c0;
	for (auto &x : a)
		x = __float2half(urand());
	for (auto &x : b)
		x = __float2half(urand());
	for (auto &x : c)
		x = urand();
	c0 = c;
	half *da, *db;
	float *dc;
	cudaMalloc(&da, a.size() * sizeof(half));
	cudaMalloc(&db, b.size() * sizeof(half));
	cudaMalloc(&dc, c.size() * sizeof(float));
	cudaMemcpy(da, a.data(), a.size() * sizeof(half), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b.data(), b.size() * sizeof(half), cudaMemcpyHostToDevice);
	cudaMemcpy(dc, c.data(), c.size() * sizeof(float), cudaMemcpyHostToDevice);
	dim3 block(128, 2);	// 4 x 2 warps
	dim3 grid((M + WM * 4 - 1) / (WM * 4), (N + WN * 2 - 1) / (WN * 2));
	gemm_col_major<<<grid, block>>>(da, db, dc, M, N, K, alpha, beta);
	bool ok = cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost);
	double worst = 0;
	for (int j = 0; j < N; j++)
		for (int i = 0; i < M; i++) {
			double s = 0, mag = 0;
			for (int k = 0; k < K; k++) {
				double p = (double)__half2float(a[i + k * M]) * (double)__half2float(b[k + j * K]);
				s += p;
				mag += fabs(p);
			}
			double ref = alpha * s + beta * c0[i + j * M];
			double tol = 2.0 * (K + 2) * ldexp(1.0, -24) * (fabs(alpha) * mag + fabs(beta * c0[i + j * M]));
			double err = fabs(c[i + j * M] - ref);
			ok = ok && err <= tol;
			worst = err / tol > worst ? err / tol : worst;
		}
	printf("col-major half GEMM 64x48x80: worst error %.3f of the bound\n", worst);
	check(ok, "C = alpha*A*B + beta*C, column-major half, float accumulators, epilogue on frag.x[]");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
}

static void test_row_major_half()
{
	const int M = 32, N = 64, K = 48;
	std::vector<half> a(M * K), b(K * N), c(M * N);
	for (auto &x : a)
		x = __float2half(urand());
	for (auto &x : b)
		x = __float2half(urand());
	half *da, *db, *dc;
	cudaMalloc(&da, a.size() * sizeof(half));
	cudaMalloc(&db, b.size() * sizeof(half));
	cudaMalloc(&dc, c.size() * sizeof(half));
	cudaMemcpy(da, a.data(), a.size() * sizeof(half), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b.data(), b.size() * sizeof(half), cudaMemcpyHostToDevice);
	gemm_row_major_half<<<(M / WM) * (N / WN) / 4, 128>>>(da, db, dc, M, N, K);
	bool ok = cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(c.data(), dc, c.size() * sizeof(half), cudaMemcpyDeviceToHost);
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			double s = 0, mag = 0;
			for (int k = 0; k < K; k++) {
				double p = (double)__half2float(a[i * K + k]) * (double)__half2float(b[k * N + j]);
				s += p;
				mag += fabs(p);
			}
			// a half rounding after each of the K/16 steps, on a partial sum bounded by mag
			double tol = 2.0 * ((K / WK) * ldexp(1.0, -11) + (K + 2) * ldexp(1.0, -24)) * mag + ldexp(1.0, -24);
			ok = ok && fabs(__half2float(c[i * N + j]) - s) <= tol;
		}
	check(ok, "row-major half GEMM, half accumulator, tile staged in shared memory and read by other lanes");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
}

static void test_32x8_bf16()
{
	std::vector<__nv_bfloat16> a(32 * 16), b(16 * 8);
	std::vector<float> c(32 * 8);
	for (auto &x : a)
		x = __float2bfloat16(urand());
	for (auto &x : b)
		x = __float2bfloat16(urand());
	__nv_bfloat16 *da, *db;
	float *dc;
	cudaMalloc(&da, a.size() * sizeof(a[0]));
	cudaMalloc(&db, b.size() * sizeof(b[0]));
	cudaMalloc(&dc, c.size() * sizeof(float));
	cudaMemcpy(da, a.data(), a.size() * sizeof(a[0]), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b.data(), b.size() * sizeof(b[0]), cudaMemcpyHostToDevice);
	mma_32x8<<<1, 32>>>(da, db, dc);
	bool ok = cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 32; i++)
		for (int j = 0; j < 8; j++) {
			double s = 1.0, mag = 1.0;
			for (int k = 0; k < 16; k++) {	// a row-major (ld 16), b column-major (ld 16)
				double p = (double)__bfloat162float(a[i * 16 + k]) * (double)__bfloat162float(b[j * 16 + k]);
				s += p;
				mag += fabs(p);
			}
			ok = ok && fabs(c[i * 8 + j] - s) <= 2.0 * 18 * ldexp(1.0, -24) * mag;
		}
	check(ok, "m32n8k16 bfloat16, row-major A, column-major B, C = 1 + A*B");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
}

static float tf32_host(float f)	// nearest, ties away (CUDA's cvt.rna.tf32.f32), finite inputs
{
	unsigned u;
	memcpy(&u, &f, 4);
	u = (u + 0x1000u) & 0xffffe000u;
	memcpy(&f, &u, 4);
	return f;
}

static void test_tf32()
{
	std::vector<float> a(16 * 8), b(8 * 16), c(16 * 16);
	for (auto &x : a)
		x = urand();
	for (auto &x : b)
		x = urand();
	float *da, *db, *dc;
	cudaMalloc(&da, a.size() * sizeof(float));
	cudaMalloc(&db, b.size() * sizeof(float));
	cudaMalloc(&dc, c.size() * sizeof(float));
	cudaMemcpy(da, a.data(), a.size() * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(db, b.data(), b.size() * sizeof(float), cudaMemcpyHostToDevice);
	mma_tf32<<<1, 32>>>(da, db, dc);
	bool ok = cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(c.data(), dc, c.size() * sizeof(float), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++) {
			double s = 0, mag = 0;
			for (int k = 0; k < 8; k++) {
				double p = (double)tf32_host(a[i * 8 + k]) * (double)tf32_host(b[k * 16 + j]);
				s += p;
				mag += fabs(p);
			}
			ok = ok && fabs(c[i + j * 16] - s) <= 2.0 * 10 * ldexp(1.0, -24) * mag;	// stored column-major
		}
	check(ok, "m16n16k8 tf32 (inputs rounded by __float_to_tf32), stored column-major");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
}

static void test_int8()
{
	std::vector<signed char> a(256), b(256);
	std::vector<int> c(256);
	for (auto &x : a)
		x = (signed char)(urand() * 128.0f);
	for (auto &x : b)
		x = (signed char)(urand() * 128.0f);
	signed char *da, *db;
	int *dc;
	cudaMalloc(&da, 256);
	cudaMalloc(&db, 256);
	cudaMalloc(&dc, 256 * sizeof(int));
	cudaMemcpy(da, a.data(), 256, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b.data(), 256, cudaMemcpyHostToDevice);
	mma_int8<<<1, 32>>>(da, db, dc);
	bool ok = cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(c.data(), dc, 256 * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++) {
			int s = 7;
			for (int k = 0; k < 16; k++)
				s += a[i * 16 + k] * b[k * 16 + j];
			ok = ok && c[i * 16 + j] == s;
		}
	check(ok, "m16n16k16 signed 8-bit into int accumulators: exact");
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
}

int main()
{
	test_col_major();
	test_row_major_half();
	test_32x8_bf16();
	test_tf32();
	test_int8();
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
