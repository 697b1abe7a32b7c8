// FP8 activations as inference kernels store them: rows of __nv_fp8_e4m3
// read four at a time as __nv_fp8x4_e4m3, widened to float4 and to
// __nv_bfloat162 pairs, scaled, a bfloat16 bias added, and stored back as
// __nv_fp8x4_e4m3 (saturating); a second kernel quantises floats to E5M2
// pairs with __nv_cvt_float2_to_fp8x2 (no saturation: overflow is infinity)
// and reads them back through __nv_cvt_fp8x2_to_halfraw2.  The inputs are
// k/8 (k = 0..14) with a bias of +-1/2 and a scale of 2, so every result is
// exact in E4M3 and the host checks it with plain float arithmetic; one
// element overflows (448 * 2) and must saturate to 448.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
	printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); return 1; } } while (0)

__global__ void bias_scale_fp8(const __nv_fp8x4_e4m3 *in, const __nv_bfloat162 *bias, float scale,
			       __nv_fp8x4_e4m3 *out, int rows, int cols4)
{
	int row = blockIdx.x, c = threadIdx.x;
	if (row >= rows || c >= cols4)
		return;
	float4 v = static_cast<float4>(in[row * cols4 + c]);
	__nv_bfloat162 s2 = __float2bfloat162_rn(scale);
	__nv_bfloat162 lo = __floats2bfloat162_rn(v.x, v.y), hi = __floats2bfloat162_rn(v.z, v.w);
	lo = __hadd2(__hmul2(lo, s2), bias[2 * c]);
	hi = __hadd2(__hmul2(hi, s2), bias[2 * c + 1]);
	out[row * cols4 + c] = __nv_fp8x4_e4m3(lo, hi);
}

__global__ void quantise_e5m2(const float2 *in, __nv_fp8x2_storage_t *q, __half2 *back, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		q[i] = __nv_cvt_float2_to_fp8x2(in[i], __NV_NOSAT, __NV_E5M2);
		back[i] = __half2(__nv_cvt_fp8x2_to_halfraw2(q[i], __NV_E5M2));
	}
}

int main()
{
	const int rows = 5, cols = 32, cols4 = cols / 4;
	static float x[rows * cols], bias_f[cols];
	static __nv_fp8_e4m3 h_in[rows * cols], h_out[rows * cols];
	static __nv_bfloat16 h_bias[cols];
	for (int r = 0; r < rows; r++)
		for (int c = 0; c < cols; c++) {
			x[r * cols + c] = ((r * 7 + c * 3) % 15) / 8.0f * ((r + c) % 2 ? -1 : 1);
			h_in[r * cols + c] = __nv_fp8_e4m3(x[r * cols + c]);
		}
	x[3 * cols + 5] = 448.0f; /* 448 * 2 + bias saturates */
	h_in[3 * cols + 5] = __nv_fp8_e4m3(448.0f);
	for (int c = 0; c < cols; c++) {
		bias_f[c] = c % 3 ? 0.5f : -0.5f;
		h_bias[c] = __float2bfloat16(bias_f[c]);
	}
	__nv_fp8x4_e4m3 *d_in, *d_out;
	__nv_bfloat162 *d_bias;
	CHECK(cudaMalloc(&d_in, sizeof(h_in)));
	CHECK(cudaMalloc(&d_out, sizeof(h_out)));
	CHECK(cudaMalloc(&d_bias, sizeof(h_bias)));
	CHECK(cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpy(d_bias, h_bias, sizeof(h_bias), cudaMemcpyHostToDevice));
	bias_scale_fp8<<<rows, cols4>>>(d_in, d_bias, 2.0f, d_out, rows, cols4);
	CHECK(cudaGetLastError());
	CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < rows * cols; i++) {
		float want = fminf(x[i] * 2.0f + bias_f[i % cols], 448.0f);
		float got = static_cast<float>(h_out[i]);
		if (got != want && bad++ < 5)
			printf("row %d col %d: %g, expected %g\n", i / cols, i % cols, got, want);
	}

	/* E5M2: 1.75 = 0x3f, -0.0625 = 0xac, 1e5 overflows to infinity 0x7c, 3 * 2^-16 is the subnormal 0x03 */
	const float2 h_f[2] = { { 1.75f, -0.0625f }, { 1e5f, 3.0f / 65536.0f } };
	float2 *d_f;
	__nv_fp8x2_storage_t *d_q, h_q[2];
	__half2 *d_back, h_back[2];
	CHECK(cudaMalloc(&d_f, sizeof(h_f)));
	CHECK(cudaMalloc(&d_q, sizeof(h_q)));
	CHECK(cudaMalloc(&d_back, sizeof(h_back)));
	CHECK(cudaMemcpy(d_f, h_f, sizeof(h_f), cudaMemcpyHostToDevice));
	quantise_e5m2<<<1, 32>>>(d_f, d_q, d_back, 2);
	CHECK(cudaMemcpy(h_q, d_q, sizeof(h_q), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h_back, d_back, sizeof(h_back), cudaMemcpyDeviceToHost));
	if (h_q[0] != 0xac3f || h_q[1] != 0x037c) {
		printf("E5M2 pairs 0x%04x 0x%04x, expected 0xac3f 0x037c\n", h_q[0], h_q[1]);
		bad++;
	}
	if (__half2float(h_back[0].x) != 1.75f || __half2float(h_back[0].y) != -0.0625f ||
	    !isinf(__half2float(h_back[1].x)) || __half2float(h_back[1].y) != 3.0f / 65536.0f) {
		printf("E5M2 back to half: %g %g %g %g\n", __half2float(h_back[0].x), __half2float(h_back[0].y),
		       __half2float(h_back[1].x), __half2float(h_back[1].y));
		bad++;
	}
	cudaFree(d_in), cudaFree(d_out), cudaFree(d_bias), cudaFree(d_f), cudaFree(d_q), cudaFree(d_back);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad ? 1 : 0;
}
