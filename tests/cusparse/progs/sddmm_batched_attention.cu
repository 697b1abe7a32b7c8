// SPDX-License-Identifier: MIT
// Sampled dense-dense products as sparse-attention code writes them: a batch
// of query (Q, rows x d) and key (K, d x cols) matrices made by a kernel, a
// banded mask in CSR shared in pattern but stored once per batch
// (cusparseCsrSetStridedBatch), Q and K strided batches
// (cusparseDnMatSetStridedBatch), cusparseSDDMM with its bufferSize and
// preprocess calls producing the masked scores, then a batched cusparseSpMM
// multiplying the scores by V.  The host recomputes both with plain loops.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o sddmm_batched_attention sddmm_batched_attention.cu -lcusparse
//        nvcc -arch=sm_90 -o sddmm_batched_attention sddmm_batched_attention.cu -lcusparse
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CK(x)                                                                                \
	do {                                                                                 \
		cudaError_t e_ = (x);                                                        \
		if (e_ != cudaSuccess) {                                                     \
			printf("CUDA error %s line %d\nFAILED\n", cudaGetErrorString(e_), __LINE__); \
			return 1;                                                            \
		}                                                                            \
	} while (0)
#define CS(x)                                                                                \
	do {                                                                                 \
		cusparseStatus_t s_ = (x);                                                   \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                         \
			printf("cuSPARSE error %s line %d\nFAILED\n", cusparseGetErrorString(s_), __LINE__); \
			return 1;                                                            \
		}                                                                            \
	} while (0)

__global__ void fill(float *p, int n, float scale, int salt)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = scale * (float)(((i + salt) * 37) % 17 - 8) / 8.0f;
}

int main()
{
	const int batches = 3, seq = 40, d = 16, dv = 8, band = 3;
	// banded pattern: |i - j| <= band
	std::vector<int> h_off(seq + 1), h_col;
	for (int i = 0; i < seq; i++) {
		h_off[i] = (int)h_col.size();
		for (int j = i - band; j <= i + band; j++)
			if (j >= 0 && j < seq)
				h_col.push_back(j);
	}
	h_off[seq] = (int)h_col.size();
	const int nnz = (int)h_col.size();

	float *dQ, *dK, *dV, *dS, *dO;
	int *d_off, *d_col;
	CK(cudaMalloc(&dQ, batches * seq * d * sizeof(float)));
	CK(cudaMalloc(&dK, batches * d * seq * sizeof(float)));
	CK(cudaMalloc(&dV, batches * seq * dv * sizeof(float)));
	CK(cudaMalloc(&dO, batches * seq * dv * sizeof(float)));
	CK(cudaMalloc(&dS, batches * nnz * sizeof(float)));
	CK(cudaMalloc(&d_off, batches * (seq + 1) * sizeof(int)));
	CK(cudaMalloc(&d_col, batches * nnz * sizeof(int)));
	fill<<<(batches * seq * d + 127) / 128, 128>>>(dQ, batches * seq * d, 1.0f, 1);
	fill<<<(batches * seq * d + 127) / 128, 128>>>(dK, batches * seq * d, 0.5f, 5);
	fill<<<(batches * seq * dv + 127) / 128, 128>>>(dV, batches * seq * dv, 2.0f, 11);
	CK(cudaGetLastError());
	for (int b = 0; b < batches; b++) {
		CK(cudaMemcpy(d_off + b * (seq + 1), h_off.data(), (seq + 1) * sizeof(int), cudaMemcpyHostToDevice));
		CK(cudaMemcpy(d_col + b * nnz, h_col.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
	}
	CK(cudaMemset(dS, 0, batches * nnz * sizeof(float)));

	cusparseHandle_t handle;
	cusparseDnMatDescr_t q, k, v, o;
	cusparseSpMatDescr_t s;
	CS(cusparseCreate(&handle));
	CS(cusparseCreateDnMat(&q, seq, d, d, dQ, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CS(cusparseDnMatSetStridedBatch(q, batches, seq * d));
	CS(cusparseCreateDnMat(&k, d, seq, seq, dK, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CS(cusparseDnMatSetStridedBatch(k, batches, d * seq));
	CS(cusparseCreateCsr(&s, seq, seq, nnz, d_off, d_col, dS, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
			     CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CS(cusparseCsrSetStridedBatch(s, batches, seq + 1, nnz));

	const float scale = 0.25f, zero = 0.0f, one = 1.0f;
	size_t size = 0;
	void *buffer = nullptr;
	CS(cusparseSDDMM_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &scale,
				    q, k, &zero, s, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, &size));
	CK(cudaMalloc(&buffer, size));
	CS(cusparseSDDMM_preprocess(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &scale,
				    q, k, &zero, s, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, buffer));
	CS(cusparseSDDMM(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &scale, q, k,
			 &zero, s, CUDA_R_32F, CUSPARSE_SDDMM_ALG_DEFAULT, buffer));

	// O = S V, batched
	CS(cusparseCreateDnMat(&v, seq, dv, dv, dV, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CS(cusparseDnMatSetStridedBatch(v, batches, seq * dv));
	CS(cusparseCreateDnMat(&o, seq, dv, dv, dO, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CS(cusparseDnMatSetStridedBatch(o, batches, seq * dv));
	size_t size2 = 0;
	void *buffer2 = nullptr;
	CS(cusparseSpMM_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s,
				   v, &zero, o, CUDA_R_32F, CUSPARSE_SPMM_CSR_ALG2, &size2));
	CK(cudaMalloc(&buffer2, size2));
	CS(cusparseSpMM(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s, v, &zero,
			o, CUDA_R_32F, CUSPARSE_SPMM_CSR_ALG2, buffer2));
	CK(cudaDeviceSynchronize());

	std::vector<float> hQ(batches * seq * d), hK(batches * d * seq), hV(batches * seq * dv), hS(batches * nnz),
		hO(batches * seq * dv);
	CK(cudaMemcpy(hQ.data(), dQ, hQ.size() * sizeof(float), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(hK.data(), dK, hK.size() * sizeof(float), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(hV.data(), dV, hV.size() * sizeof(float), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(hS.data(), dS, hS.size() * sizeof(float), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(hO.data(), dO, hO.size() * sizeof(float), cudaMemcpyDeviceToHost));

	double worst_s = 0, worst_o = 0;
	for (int b = 0; b < batches; b++) {
		std::vector<double> ref_s(nnz);
		for (int i = 0; i < seq; i++)
			for (int e = h_off[i]; e < h_off[i + 1]; e++) {
				double acc = 0;
				for (int l = 0; l < d; l++)
					acc += (double)hQ[b * seq * d + i * d + l] * hK[b * d * seq + l * seq + h_col[e]];
				ref_s[e] = scale * acc;
				worst_s = fmax(worst_s, fabs(ref_s[e] - hS[b * nnz + e]));
			}
		for (int i = 0; i < seq; i++)
			for (int c = 0; c < dv; c++) {
				double acc = 0;
				for (int e = h_off[i]; e < h_off[i + 1]; e++)
					acc += ref_s[e] * hV[b * seq * dv + h_col[e] * dv + c];
				worst_o = fmax(worst_o, fabs(acc - hO[b * seq * dv + i * dv + c]));
			}
	}
	printf("batches %d, nnz %d each, max |S - ref| %.3g, max |O - ref| %.3g\n", batches, nnz, worst_s, worst_o);
	bool ok = worst_s < 1e-5 && worst_o < 1e-4;

	cusparseDestroyDnMat(q); cusparseDestroyDnMat(k); cusparseDestroyDnMat(v); cusparseDestroyDnMat(o);
	cusparseDestroySpMat(s);
	cusparseDestroy(handle);
	cudaFree(dQ); cudaFree(dK); cudaFree(dV); cudaFree(dO); cudaFree(dS);
	cudaFree(d_off); cudaFree(d_col); cudaFree(buffer); cudaFree(buffer2);
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
