// SPDX-License-Identifier: MIT
// A fully connected layer through cuBLASLt as transformer training code
// writes it: out (OC x N, column-major) = GELU(weight^T * inp + bias), with
// weight stored C x OC, the matmul described by cublasLtMatmulDesc and
// cublasLtMatrixLayout objects, an algorithm from the heuristic query, the
// GELU_BIAS epilogue; then the same layer without epilogue in bfloat16 inputs
// with float output, and a batched (strided) double product in row order.
// Compared with CPU loops.  Prints PASSED or FAILED.
// Build: idxgen-cc -o lt_bias_gelu lt_bias_gelu.cu -lcublas -lcublasLt
//        nvcc -arch=sm_90 -o lt_bias_gelu lt_bias_gelu.cu -lcublas -lcublasLt
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cuda_bf16.h>
#include <cublasLt.h>

#define CHECK_CUBLAS(call)                                                              \
	do {                                                                            \
		cublasStatus_t s_ = (call);                                             \
		if (s_ != CUBLAS_STATUS_SUCCESS) {                                      \
			printf("cuBLAS error %d at line %d\n", (int)s_, __LINE__);      \
			exit(1);                                                        \
		}                                                                       \
	} while (0)

__global__ void fill(float *x, int n, float scale, float phase)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = scale * sinf(0.37f * i + phase);
}

__global__ void to_bf16(const float *x, __nv_bfloat16 *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = __float2bfloat16(x[i]);
}

static float gelu_ref(float x)
{
	return 0.5f * x * (1.0f + tanhf(0.7978845608f * (x + 0.044715f * x * x * x)));
}

static void layout(cublasLtMatrixLayout_t *l, cudaDataType t, int rows, int cols, int ld)
{
	CHECK_CUBLAS(cublasLtMatrixLayoutCreate(l, t, rows, cols, ld));
}

int main()
{
	const int C = 48, OC = 40, N = 24; // input features, output features, tokens
	cublasLtHandle_t lt;
	CHECK_CUBLAS(cublasLtCreate(&lt));
	float *w, *inp, *bias, *out;
	cudaMalloc(&w, sizeof(float) * C * OC);
	cudaMalloc(&inp, sizeof(float) * C * N);
	cudaMalloc(&bias, sizeof(float) * OC);
	cudaMalloc(&out, sizeof(float) * OC * N);
	fill<<<(C * OC + 127) / 128, 128>>>(w, C * OC, 0.2f, 0.1f);
	fill<<<(C * N + 127) / 128, 128>>>(inp, C * N, 1.0f, 0.7f);
	fill<<<1, 64>>>(bias, OC, 0.5f, 1.3f);
	cudaDeviceSynchronize();

	cublasLtMatmulDesc_t desc;
	cublasOperation_t opT = CUBLAS_OP_T, opN = CUBLAS_OP_N;
	cublasLtEpilogue_t epi = CUBLASLT_EPILOGUE_GELU_BIAS;
	CHECK_CUBLAS(cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F, CUDA_R_32F));
	CHECK_CUBLAS(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSA, &opT, sizeof(opT)));
	CHECK_CUBLAS(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_TRANSB, &opN, sizeof(opN)));
	CHECK_CUBLAS(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)));
	CHECK_CUBLAS(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_BIAS_POINTER, &bias, sizeof(bias)));
	cublasLtMatrixLayout_t wl, il, ol;
	layout(&wl, CUDA_R_32F, C, OC, C);
	layout(&il, CUDA_R_32F, C, N, C);
	layout(&ol, CUDA_R_32F, OC, N, OC);
	cublasLtMatmulPreference_t pref;
	size_t ws_size = 1 << 20;
	void *ws;
	cudaMalloc(&ws, ws_size);
	CHECK_CUBLAS(cublasLtMatmulPreferenceCreate(&pref));
	CHECK_CUBLAS(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES, &ws_size,
							  sizeof(ws_size)));
	cublasLtMatmulHeuristicResult_t heur;
	int found = 0;
	CHECK_CUBLAS(cublasLtMatmulAlgoGetHeuristic(lt, desc, wl, il, ol, ol, pref, 1, &heur, &found));
	if (found == 0) {
		printf("no algorithm\nFAILED\n");
		return 1;
	}
	const float alpha = 1.0f, beta = 0.0f;
	CHECK_CUBLAS(cublasLtMatmul(lt, desc, &alpha, w, wl, inp, il, &beta, out, ol, out, ol, &heur.algo, ws,
				    ws_size, 0));
	cudaDeviceSynchronize();

	std::vector<float> hw(C * OC), hi(C * N), hb(OC), ho(OC * N);
	cudaMemcpy(hw.data(), w, sizeof(float) * C * OC, cudaMemcpyDeviceToHost);
	cudaMemcpy(hi.data(), inp, sizeof(float) * C * N, cudaMemcpyDeviceToHost);
	cudaMemcpy(hb.data(), bias, sizeof(float) * OC, cudaMemcpyDeviceToHost);
	cudaMemcpy(ho.data(), out, sizeof(float) * OC * N, cudaMemcpyDeviceToHost);
	double err = 0;
	for (int t = 0; t < N; t++)
		for (int o = 0; o < OC; o++) {
			float s = hb[o];
			for (int c = 0; c < C; c++)
				s += hw[c + o * C] * hi[c + t * C];
			err = fmax(err, fabs(ho[o + t * OC] - gelu_ref(s)));
		}
	printf("GELU_BIAS layer: max error %.3g\n", err);
	bool ok = err < 1e-4;

	// the same product from bfloat16 inputs into float, no epilogue
	__nv_bfloat16 *wb, *ib;
	cudaMalloc(&wb, sizeof(__nv_bfloat16) * C * OC);
	cudaMalloc(&ib, sizeof(__nv_bfloat16) * C * N);
	to_bf16<<<(C * OC + 127) / 128, 128>>>(w, wb, C * OC);
	to_bf16<<<(C * N + 127) / 128, 128>>>(inp, ib, C * N);
	cudaDeviceSynchronize();
	epi = CUBLASLT_EPILOGUE_DEFAULT;
	CHECK_CUBLAS(cublasLtMatmulDescSetAttribute(desc, CUBLASLT_MATMUL_DESC_EPILOGUE, &epi, sizeof(epi)));
	cublasLtMatrixLayout_t wbl, ibl;
	layout(&wbl, CUDA_R_16BF, C, OC, C);
	layout(&ibl, CUDA_R_16BF, C, N, C);
	CHECK_CUBLAS(cublasLtMatmul(lt, desc, &alpha, wb, wbl, ib, ibl, &beta, out, ol, out, ol, NULL, ws, ws_size, 0));
	cudaMemcpy(ho.data(), out, sizeof(float) * OC * N, cudaMemcpyDeviceToHost);
	err = 0;
	for (int t = 0; t < N; t++)
		for (int o = 0; o < OC; o++) {
			float s = 0;
			for (int c = 0; c < C; c++)
				s += __bfloat162float(__float2bfloat16(hw[c + o * C])) *
				     __bfloat162float(__float2bfloat16(hi[c + t * C]));
			err = fmax(err, fabs(ho[o + t * OC] - s));
		}
	printf("bfloat16 layer: max error %.3g\n", err);
	ok = ok && err < 1e-4;

	// batched row-major double: 3 products of 4 x 5 by 5 x 3
	const int B = 3, M = 4, K = 5, P = 3;
	double ha[B * M * K], hbm[B * K * P], hd[B * M * P], *da, *db, *dd;
	for (int i = 0; i < B * M * K; i++)
		ha[i] = (i % 7) - 3;
	for (int i = 0; i < B * K * P; i++)
		hbm[i] = (i % 5) - 2;
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&db, sizeof(hbm));
	cudaMalloc(&dd, sizeof(hd));
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(db, hbm, sizeof(hbm), cudaMemcpyHostToDevice);
	cublasLtMatmulDesc_t ddesc;
	CHECK_CUBLAS(cublasLtMatmulDescCreate(&ddesc, CUBLAS_COMPUTE_64F, CUDA_R_64F));
	cublasLtMatrixLayout_t al, bl, dl;
	layout(&al, CUDA_R_64F, M, K, K);
	layout(&bl, CUDA_R_64F, K, P, P);
	layout(&dl, CUDA_R_64F, M, P, P);
	cublasLtOrder_t row = CUBLASLT_ORDER_ROW;
	int32_t batch = B;
	int64_t sa = M * K, sb = K * P, sd = M * P;
	for (cublasLtMatrixLayout_t l : { al, bl, dl }) {
		CHECK_CUBLAS(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_ORDER, &row, sizeof(row)));
		CHECK_CUBLAS(cublasLtMatrixLayoutSetAttribute(l, CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT, &batch, sizeof(batch)));
	}
	CHECK_CUBLAS(cublasLtMatrixLayoutSetAttribute(al, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &sa, sizeof(sa)));
	CHECK_CUBLAS(cublasLtMatrixLayoutSetAttribute(bl, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &sb, sizeof(sb)));
	CHECK_CUBLAS(cublasLtMatrixLayoutSetAttribute(dl, CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET, &sd, sizeof(sd)));
	const double one = 1.0, zero = 0.0;
	CHECK_CUBLAS(cublasLtMatmul(lt, ddesc, &one, da, al, db, bl, &zero, dd, dl, dd, dl, NULL, NULL, 0, 0));
	cudaMemcpy(hd, dd, sizeof(hd), cudaMemcpyDeviceToHost);
	int wrong = 0;
	for (int b = 0; b < B; b++)
		for (int i = 0; i < M; i++)
			for (int j = 0; j < P; j++) {
				double s = 0;
				for (int k = 0; k < K; k++)
					s += ha[b * M * K + i * K + k] * hbm[b * K * P + k * P + j];
				wrong += hd[b * M * P + i * P + j] != s;
			}
	printf("batched row-major double: %d wrong\n", wrong);
	ok = ok && wrong == 0;

	for (cublasLtMatrixLayout_t l : { wl, il, ol, wbl, ibl, al, bl, dl })
		cublasLtMatrixLayoutDestroy(l);
	cublasLtMatmulPreferenceDestroy(pref);
	cublasLtMatmulDescDestroy(desc);
	cublasLtMatmulDescDestroy(ddesc);
	cublasLtDestroy(lt);
	cudaFree(w), cudaFree(inp), cudaFree(bias), cudaFree(out), cudaFree(ws), cudaFree(wb), cudaFree(ib);
	cudaFree(da), cudaFree(db), cudaFree(dd);
	printf(ok ? "PASSED\n" : "FAILED\n");
	return ok ? 0 : 1;
}
