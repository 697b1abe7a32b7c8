// SPDX-License-Identifier: MIT
// Sparse products in single precision as graph and GNN codes call cuSPARSE:
// a random band-and-scatter matrix made dense by a kernel, turned into CSR
// by cusparseDenseToSparse (analysis, cusparseSpMatGetSize, allocation,
// cusparseCsrSetPointers, convert); its square A*A by cusparseSpGEMM (work
// estimation and compute twice each, as the size queries go, then copy);
// the product made dense again by cusparseSparseToDense; and a feature
// matrix multiplied by a COO copy of A with 64-bit indices (cusparseSpMM,
// row-major features).  Both results are compared with a naive dense
// product computed by our own kernel.  Prints PASSED or FAILED.
// Build: idxgen-cc -o graph_products graph_products.cu -lcusparse
//        nvcc -arch=sm_90 -o graph_products graph_products.cu -lcusparse
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUDA(call)                                                                     \
	{                                                                                    \
		cudaError_t e_ = (call);                                                     \
		if (e_ != cudaSuccess) {                                                     \
			printf("CUDA API failed at line %d: %s\n", __LINE__, cudaGetErrorString(e_)); \
			return 1;                                                            \
		}                                                                            \
	}
#define CHECK_CUSPARSE(call)                                                                 \
	{                                                                                    \
		cusparseStatus_t s_ = (call);                                                \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                         \
			printf("CUSPARSE API failed at line %d: %s (%d)\n", __LINE__,        \
			       cusparseGetErrorString(s_), (int)s_);                          \
			return 1;                                                            \
		}                                                                            \
	}

// A (n x n, row-major): a band of width 1 and a hashed scatter of other edges
__global__ void make_dense(float *A, int n)
{
	int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= n || c >= n)
		return;
	unsigned h = (unsigned)(r * 7919 + c * 104729) * 2654435761u;
	bool edge = abs(r - c) <= 1 || (h >> 27) == 0;
	A[r * n + c] = edge ? 0.25f + (float)((r + 2 * c) % 5) : 0.f;
}

// C = A B, all row-major, naive: the reference
__global__ void dense_mm(const float *A, const float *B, float *C, int m, int k, int n)
{
	int r = blockIdx.y * blockDim.y + threadIdx.y, c = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= m || c >= n)
		return;
	float s = 0;
	for (int q = 0; q < k; q++)
		s += A[r * k + q] * B[q * n + c];
	C[r * n + c] = s;
}

static bool close_all(const std::vector<float> &got, const std::vector<float> &ref, const char *what)
{
	double worst = 0;
	for (size_t i = 0; i < got.size(); i++)
		worst = std::fmax(worst, std::fabs(got[i] - ref[i]) / (1 + std::fabs(ref[i])));
	printf("%s: worst relative difference %.3g\n", what, worst);
	return worst < 1e-5;
}

int main()
{
	const int n = 200, f = 16;
	float *dA, *dAA, *dRef, *dX, *dY, *dYref;
	CHECK_CUDA(cudaMalloc(&dA, n * n * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&dAA, n * n * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&dRef, n * n * sizeof(float)));
	dim3 tb(16, 16), grid((n + 15) / 16, (n + 15) / 16);
	make_dense<<<grid, tb>>>(dA, n);
	dense_mm<<<grid, tb>>>(dA, dA, dRef, n, n, n);

	cusparseHandle_t handle;
	cusparseDnMatDescr_t matDense, matAA;
	cusparseSpMatDescr_t matA, matC;
	CHECK_CUSPARSE(cusparseCreate(&handle));
	CHECK_CUSPARSE(cusparseCreateDnMat(&matDense, n, n, n, dA, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	int *dOff, *dCol;
	float *dVal;
	CHECK_CUDA(cudaMalloc(&dOff, (n + 1) * sizeof(int)));
	CHECK_CUSPARSE(cusparseCreateCsr(&matA, n, n, 0, dOff, NULL, NULL, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	size_t size = 0;
	void *buf = NULL;
	CHECK_CUSPARSE(cusparseDenseToSparse_bufferSize(handle, matDense, matA,
							CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &size));
	CHECK_CUDA(cudaMalloc(&buf, size));
	CHECK_CUSPARSE(cusparseDenseToSparse_analysis(handle, matDense, matA,
						      CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
	int64_t rows, cols, nnz;
	CHECK_CUSPARSE(cusparseSpMatGetSize(matA, &rows, &cols, &nnz));
	CHECK_CUDA(cudaMalloc(&dCol, nnz * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&dVal, nnz * sizeof(float)));
	CHECK_CUSPARSE(cusparseCsrSetPointers(matA, dOff, dCol, dVal));
	CHECK_CUSPARSE(cusparseDenseToSparse_convert(handle, matDense, matA,
						     CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buf));
	printf("A: %d x %d, %lld nonzeros\n", n, n, (long long)nnz);

	// C = A * A
	float alpha = 1.f, beta = 0.f;
	cusparseOperation_t op = CUSPARSE_OPERATION_NON_TRANSPOSE;
	CHECK_CUSPARSE(cusparseCreateCsr(&matC, n, n, 0, NULL, NULL, NULL, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	cusparseSpGEMMDescr_t spgemm;
	CHECK_CUSPARSE(cusparseSpGEMM_createDescr(&spgemm));
	size_t size1 = 0, size2 = 0;
	void *buf1 = NULL, *buf2 = NULL;
	CHECK_CUSPARSE(cusparseSpGEMM_workEstimation(handle, op, op, &alpha, matA, matA, &beta, matC,
						     CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, spgemm, &size1, NULL));
	CHECK_CUDA(cudaMalloc(&buf1, size1));
	CHECK_CUSPARSE(cusparseSpGEMM_workEstimation(handle, op, op, &alpha, matA, matA, &beta, matC,
						     CUDA_R_32F, CUSPARSE_SPGEMM_DEFAULT, spgemm, &size1, buf1));
	CHECK_CUSPARSE(cusparseSpGEMM_compute(handle, op, op, &alpha, matA, matA, &beta, matC, CUDA_R_32F,
					      CUSPARSE_SPGEMM_DEFAULT, spgemm, &size2, NULL));
	CHECK_CUDA(cudaMalloc(&buf2, size2));
	CHECK_CUSPARSE(cusparseSpGEMM_compute(handle, op, op, &alpha, matA, matA, &beta, matC, CUDA_R_32F,
					      CUSPARSE_SPGEMM_DEFAULT, spgemm, &size2, buf2));
	int64_t c_rows, c_cols, c_nnz;
	CHECK_CUSPARSE(cusparseSpMatGetSize(matC, &c_rows, &c_cols, &c_nnz));
	int *cOff, *cCol;
	float *cVal;
	CHECK_CUDA(cudaMalloc(&cOff, (n + 1) * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&cCol, c_nnz * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&cVal, c_nnz * sizeof(float)));
	CHECK_CUSPARSE(cusparseCsrSetPointers(matC, cOff, cCol, cVal));
	CHECK_CUSPARSE(cusparseSpGEMM_copy(handle, op, op, &alpha, matA, matA, &beta, matC, CUDA_R_32F,
					   CUSPARSE_SPGEMM_DEFAULT, spgemm));
	printf("A*A: %lld nonzeros\n", (long long)c_nnz);
	CHECK_CUSPARSE(cusparseCreateDnMat(&matAA, n, n, n, dAA, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK_CUSPARSE(cusparseSparseToDense_bufferSize(handle, matC, matAA,
							CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &size));
	CHECK_CUSPARSE(cusparseSparseToDense(handle, matC, matAA, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, buf));
	std::vector<float> aa(n * n), ref(n * n);
	CHECK_CUDA(cudaMemcpy(aa.data(), dAA, n * n * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(ref.data(), dRef, n * n * sizeof(float), cudaMemcpyDeviceToHost));
	bool ok = close_all(aa, ref, "SpGEMM A*A");

	// Y = A X with A in COO, 64-bit indices, from the CSR arrays
	std::vector<int> off(n + 1), col(nnz);
	std::vector<float> val(nnz);
	CHECK_CUDA(cudaMemcpy(off.data(), dOff, (n + 1) * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(col.data(), dCol, nnz * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(val.data(), dVal, nnz * sizeof(float), cudaMemcpyDeviceToHost));
	std::vector<int64_t> cooRow(nnz), cooCol(nnz);
	for (int r = 0; r < n; r++)
		for (int k = off[r]; k < off[r + 1]; k++) {
			cooRow[k] = r;
			cooCol[k] = col[k];
		}
	int64_t *dRow64, *dCol64;
	CHECK_CUDA(cudaMalloc(&dRow64, nnz * sizeof(int64_t)));
	CHECK_CUDA(cudaMalloc(&dCol64, nnz * sizeof(int64_t)));
	CHECK_CUDA(cudaMemcpy(dRow64, cooRow.data(), nnz * sizeof(int64_t), cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMemcpy(dCol64, cooCol.data(), nnz * sizeof(int64_t), cudaMemcpyHostToDevice));
	std::vector<float> x(n * f);
	for (int i = 0; i < n * f; i++)
		x[i] = (float)((i * 37) % 11) - 5.f;
	CHECK_CUDA(cudaMalloc(&dX, n * f * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&dY, n * f * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&dYref, n * f * sizeof(float)));
	CHECK_CUDA(cudaMemcpy(dX, x.data(), n * f * sizeof(float), cudaMemcpyHostToDevice));
	dense_mm<<<dim3(1, (n + 15) / 16), tb>>>(dA, dX, dYref, n, n, f);
	cusparseSpMatDescr_t matCoo;
	cusparseDnMatDescr_t matX, matY;
	CHECK_CUSPARSE(cusparseCreateCoo(&matCoo, n, n, nnz, dRow64, dCol64, dVal, CUSPARSE_INDEX_64I,
					 CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CHECK_CUSPARSE(cusparseCreateDnMat(&matX, n, f, f, dX, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK_CUSPARSE(cusparseCreateDnMat(&matY, n, f, f, dY, CUDA_R_32F, CUSPARSE_ORDER_ROW));
	CHECK_CUSPARSE(cusparseSpMM_bufferSize(handle, op, op, &alpha, matCoo, matX, &beta, matY,
					       CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &size));
	void *buf3 = NULL;
	CHECK_CUDA(cudaMalloc(&buf3, size));
	CHECK_CUSPARSE(cusparseSpMM(handle, op, op, &alpha, matCoo, matX, &beta, matY, CUDA_R_32F,
				    CUSPARSE_SPMM_ALG_DEFAULT, buf3));
	std::vector<float> y(n * f), yref(n * f);
	CHECK_CUDA(cudaMemcpy(y.data(), dY, n * f * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(yref.data(), dYref, n * f * sizeof(float), cudaMemcpyDeviceToHost));
	ok = close_all(y, yref, "SpMM A X (COO, 64-bit)") && ok;

	CHECK_CUSPARSE(cusparseSpGEMM_destroyDescr(spgemm));
	CHECK_CUSPARSE(cusparseDestroySpMat(matA));
	CHECK_CUSPARSE(cusparseDestroySpMat(matC));
	CHECK_CUSPARSE(cusparseDestroySpMat(matCoo));
	CHECK_CUSPARSE(cusparseDestroyDnMat(matDense));
	CHECK_CUSPARSE(cusparseDestroyDnMat(matAA));
	CHECK_CUSPARSE(cusparseDestroyDnMat(matX));
	CHECK_CUSPARSE(cusparseDestroyDnMat(matY));
	CHECK_CUSPARSE(cusparseDestroy(handle));
	for (void *p : { (void *)dA, (void *)dAA, (void *)dRef, (void *)dX, (void *)dY, (void *)dYref,
			 (void *)dOff, (void *)dCol, (void *)dVal, (void *)cOff, (void *)cCol,
			 (void *)cVal, (void *)dRow64, (void *)dCol64, buf, buf1, buf2, buf3 })
		cudaFree(p);
	printf(ok ? "PASSED\n" : "FAILED\n");
	return ok ? 0 : 1;
}
