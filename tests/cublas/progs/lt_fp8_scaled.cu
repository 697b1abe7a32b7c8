// SPDX-License-Identifier: MIT
// An FP8 GEMM through cuBLASLt as FP8 inference and training code writes it:
// E4M3 A (transposed) and B quantized from float on the host with a
// per-tensor scale, a bfloat16 C, an E4M3 D with its own scale, the four
// scale factors and D's amax behind device pointers set on the matmul
// descriptor, fast accumulation on, one heuristic algorithm and a
// workspace.  The host recomputes D from the dequantized inputs in double
// and quantizes it with cuda_fp8.h's conversion; every D must match (the
// inputs keep the sums exact) and amax must equal the largest |result|
// before scale_D.  Prints PASSED or FAILED.
// Build: idxgen-cc -o lt_fp8_scaled lt_fp8_scaled.cu -lcublasLt
//        nvcc -arch=sm_90 -o lt_fp8_scaled lt_fp8_scaled.cu -lcublasLt
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <vector>
#include <cublasLt.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <cuda_runtime.h>

#define CK(x)                                                                                \
	do {                                                                                 \
		cudaError_t e_ = (x);                                                        \
		if (e_ != cudaSuccess) {                                                     \
			printf("CUDA error %s line %d\nFAILED\n", cudaGetErrorString(e_), __LINE__); \
			return 1;                                                            \
		}                                                                            \
	} while (0)
#define CL(x)                                                                                \
	do {                                                                                 \
		cublasStatus_t s_ = (x);                                                     \
		if (s_ != CUBLAS_STATUS_SUCCESS) {                                           \
			printf("cuBLASLt error %d line %d\nFAILED\n", (int)s_, __LINE__);    \
			return 1;                                                            \
		}                                                                            \
	} while (0)

int main()
{
	const int m = 24, n = 16, k = 32;
	const float scale_a = 0.5f, scale_b = 0.25f, scale_c = 2.0f, scale_d = 0.1f;
	const float alpha = 1.0f, beta = 0.5f;

	// quantize: A is k x m (used transposed), B k x n, small multiples of 1/4 (exact in E4M3)
	std::vector<__nv_fp8_e4m3> ha(k * m), hb(k * n);
	std::vector<__nv_bfloat16> hc(m * n);
	for (int i = 0; i < k * m; i++)
		ha[i] = __nv_fp8_e4m3((float)((i * 7) % 13 - 6) / 4.0f / scale_a);
	for (int i = 0; i < k * n; i++)
		hb[i] = __nv_fp8_e4m3((float)((i * 5) % 9 - 4) / 2.0f / scale_b);
	for (int i = 0; i < m * n; i++)
		hc[i] = __float2bfloat16((float)(i % 11) - 5.0f);

	__nv_fp8_e4m3 *da, *db, *dd;
	__nv_bfloat16 *dc;
	float *d_scales, *d_amax;
	void *workspace;
	size_t ws_size = 1 << 20;
	CK(cudaMalloc(&da, k * m * sizeof(__nv_fp8_e4m3)));
	CK(cudaMalloc(&db, k * n * sizeof(__nv_fp8_e4m3)));
	CK(cudaMalloc(&dc, m * n * sizeof(__nv_bfloat16)));
	CK(cudaMalloc(&dd, m * n * sizeof(__nv_fp8_e4m3)));
	CK(cudaMalloc(&d_scales, 4 * sizeof(float)));
	CK(cudaMalloc(&d_amax, sizeof(float)));
	CK(cudaMalloc(&workspace, ws_size));
	float h_scales[4] = { scale_a, scale_b, scale_c, scale_d };
	CK(cudaMemcpy(da, ha.data(), ha.size() * sizeof(ha[0]), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(db, hb.data(), hb.size() * sizeof(hb[0]), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(dc, hc.data(), hc.size() * sizeof(hc[0]), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(d_scales, h_scales, sizeof(h_scales), cudaMemcpyHostToDevice));
	CK(cudaMemset(d_amax, 0, sizeof(float)));

	cudaStream_t stream;
	CK(cudaStreamCreate(&stream));
	cublasLtHandle_t lt;
	cublasLtMatmulDesc_t op;
	cublasLtMatrixLayout_t la, lb, lc, ld;
	cublasLtMatmulPreference_t pref;
	cublasOperation_t ta = CUBLAS_OP_T, tb = CUBLAS_OP_N;
	int8_t fast = 1;
	const float *pa = d_scales, *pb = d_scales + 1, *pc = d_scales + 2, *pd = d_scales + 3;
	CL(cublasLtCreate(&lt));
	CL(cublasLtMatmulDescCreate(&op, CUBLAS_COMPUTE_32F, CUDA_R_32F));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSA, &ta, sizeof(ta)));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_TRANSB, &tb, sizeof(tb)));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_A_SCALE_POINTER, &pa, sizeof(pa)));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_B_SCALE_POINTER, &pb, sizeof(pb)));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_C_SCALE_POINTER, &pc, sizeof(pc)));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_D_SCALE_POINTER, &pd, sizeof(pd)));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_AMAX_D_POINTER, &d_amax, sizeof(d_amax)));
	CL(cublasLtMatmulDescSetAttribute(op, CUBLASLT_MATMUL_DESC_FAST_ACCUM, &fast, sizeof(fast)));
	CL(cublasLtMatrixLayoutCreate(&la, CUDA_R_8F_E4M3, k, m, k));
	CL(cublasLtMatrixLayoutCreate(&lb, CUDA_R_8F_E4M3, k, n, k));
	CL(cublasLtMatrixLayoutCreate(&lc, CUDA_R_16BF, m, n, m));
	CL(cublasLtMatrixLayoutCreate(&ld, CUDA_R_8F_E4M3, m, n, m));
	CL(cublasLtMatmulPreferenceCreate(&pref));
	CL(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws_size,
						sizeof(ws_size)));
	cublasLtMatmulHeuristicResult_t heur = {};
	int found = 0;
	CL(cublasLtMatmulAlgoGetHeuristic(lt, op, la, lb, lc, ld, pref, 1, &heur, &found));
	if (found == 0) {
		printf("no algorithm\nFAILED\n");
		return 1;
	}
	CL(cublasLtMatmul(lt, op, &alpha, da, la, db, lb, &beta, dc, lc, dd, ld, &heur.algo, workspace, ws_size,
			  stream));
	CK(cudaStreamSynchronize(stream));

	std::vector<__nv_fp8_e4m3> hd(m * n);
	float amax = 0;
	CK(cudaMemcpy(hd.data(), dd, hd.size() * sizeof(hd[0]), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(&amax, d_amax, sizeof(float), cudaMemcpyDeviceToHost));

	int wrong = 0;
	double want_amax = 0;
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			double s = 0;
			for (int l = 0; l < k; l++)
				s += (double)(float)ha[l + i * k] * (double)(float)hb[l + j * k];
			double v = alpha * scale_a * scale_b * s + beta * scale_c * (double)__bfloat162float(hc[i + j * m]);
			want_amax = fmax(want_amax, fabs(v));
			__nv_fp8_e4m3 want(v * (double)scale_d);
			if (want.__x != hd[i + j * m].__x) {
				if (wrong < 5)
					printf("D(%d,%d) = %g, want %g\n", i, j, (float)hd[i + j * m], (float)want);
				wrong++;
			}
		}
	printf("%d of %d D values wrong, amax %g (want %g)\n", wrong, m * n, amax, want_amax);
	bool ok = wrong == 0 && amax == (float)want_amax;

	cublasLtMatmulPreferenceDestroy(pref);
	cublasLtMatrixLayoutDestroy(la); cublasLtMatrixLayoutDestroy(lb);
	cublasLtMatrixLayoutDestroy(lc); cublasLtMatrixLayoutDestroy(ld);
	cublasLtMatmulDescDestroy(op);
	cublasLtDestroy(lt);
	cudaStreamDestroy(stream);
	cudaFree(da); cudaFree(db); cudaFree(dc); cudaFree(dd);
	cudaFree(d_scales); cudaFree(d_amax); cudaFree(workspace);
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
