// SPDX-License-Identifier: MIT
// Block ILU(0) as cuSPARSE's documentation uses it (bsrilu02 then two
// triangular solves), in the style of public code: a block-tridiagonal
// BSR matrix of 3 x 3 blocks (row-major, CUSPARSE_DIRECTION_ROW) made by a
// kernel; bsrilu02 (bufferSize, analysis, zeroPivot, factor, zeroPivot);
// then L Y = B (lower, unit diagonal) and U X = Y (upper) with bsrsm2 for
// four right-hand sides. Block-tridiagonal has no fill, so ILU(0) is the
// exact LU and A X = B is checked on the host with the original matrix.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o bsr_ilu_solve bsr_ilu_solve.cu -lcusparse
//        nvcc -arch=sm_90 -o bsr_ilu_solve bsr_ilu_solve.cu -lcusparse
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUDA(call)                                                                         \
	do {                                                                                     \
		cudaError_t e_ = (call);                                                         \
		if (e_ != cudaSuccess) {                                                         \
			printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
			exit(1);                                                                 \
		}                                                                                \
	} while (0)
#define CHECK_CUSPARSE(call)                                                               \
	do {                                                                               \
		cusparseStatus_t s_ = (call);                                              \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                       \
			printf("cuSPARSE error %d at line %d\n", (int)s_, __LINE__);      \
			exit(1);                                                           \
		}                                                                          \
	} while (0)

const int BD = 3;

// block row i holds blocks i-1, i, i+1 (those that exist), each row-major
__global__ void make_bsr(int mb, int *rowPtr, int *colInd, double *val)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= mb)
		return;
	int first = i == 0 ? 0 : 3 * i - 1;
	rowPtr[i] = first;
	if (i == mb - 1)
		rowPtr[mb] = 3 * mb - 2;
	int k = first;
	for (int j = i - 1; j <= i + 1; j++) {
		if (j < 0 || j >= mb)
			continue;
		colInd[k] = j;
		for (int r = 0; r < BD; r++)
			for (int c = 0; c < BD; c++)
				val[k * BD * BD + r * BD + c] =
					j == i ? (r == c ? 8.0 : 1.0 / (2 + r + c)) : -0.5 / (1 + r + 2 * c + i);
		k++;
	}
}

int main()
{
	const int mb = 20, n = mb * BD, nnzb = 3 * mb - 2, nrhs = 4, ld = n;
	int *dRowPtr, *dColInd;
	double *dVal, *dB, *dY, *dX;

	CHECK_CUDA(cudaMalloc(&dRowPtr, sizeof(int) * (mb + 1)));
	CHECK_CUDA(cudaMalloc(&dColInd, sizeof(int) * nnzb));
	CHECK_CUDA(cudaMalloc(&dVal, sizeof(double) * nnzb * BD * BD));
	CHECK_CUDA(cudaMalloc(&dB, sizeof(double) * ld * nrhs));
	CHECK_CUDA(cudaMalloc(&dY, sizeof(double) * ld * nrhs));
	CHECK_CUDA(cudaMalloc(&dX, sizeof(double) * ld * nrhs));
	make_bsr<<<(mb + 31) / 32, 32>>>(mb, dRowPtr, dColInd, dVal);
	CHECK_CUDA(cudaDeviceSynchronize());

	std::vector<int> rp(mb + 1), ci(nnzb);
	std::vector<double> A(nnzb * BD * BD), B(ld * nrhs), X(ld * nrhs);
	CHECK_CUDA(cudaMemcpy(rp.data(), dRowPtr, sizeof(int) * (mb + 1), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(ci.data(), dColInd, sizeof(int) * nnzb, cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(A.data(), dVal, sizeof(double) * A.size(), cudaMemcpyDeviceToHost));
	for (int i = 0; i < ld * nrhs; i++)
		B[i] = sin(0.3 * i) + 1.0;
	CHECK_CUDA(cudaMemcpy(dB, B.data(), sizeof(double) * B.size(), cudaMemcpyHostToDevice));

	cusparseHandle_t handle;
	cusparseMatDescr_t descrM, descrL, descrU;
	bsrilu02Info_t infoM;
	bsrsm2Info_t infoL, infoU;
	CHECK_CUSPARSE(cusparseCreate(&handle));
	CHECK_CUSPARSE(cusparseCreateMatDescr(&descrM));
	CHECK_CUSPARSE(cusparseCreateMatDescr(&descrL));
	CHECK_CUSPARSE(cusparseSetMatFillMode(descrL, CUSPARSE_FILL_MODE_LOWER));
	CHECK_CUSPARSE(cusparseSetMatDiagType(descrL, CUSPARSE_DIAG_TYPE_UNIT));
	CHECK_CUSPARSE(cusparseCreateMatDescr(&descrU));
	CHECK_CUSPARSE(cusparseSetMatFillMode(descrU, CUSPARSE_FILL_MODE_UPPER));
	CHECK_CUSPARSE(cusparseSetMatDiagType(descrU, CUSPARSE_DIAG_TYPE_NON_UNIT));
	CHECK_CUSPARSE(cusparseCreateBsrilu02Info(&infoM));
	CHECK_CUSPARSE(cusparseCreateBsrsm2Info(&infoL));
	CHECK_CUSPARSE(cusparseCreateBsrsm2Info(&infoU));

	const cusparseDirection_t dir = CUSPARSE_DIRECTION_ROW;
	const cusparseOperation_t N = CUSPARSE_OPERATION_NON_TRANSPOSE;
	const cusparseSolvePolicy_t policy = CUSPARSE_SOLVE_POLICY_USE_LEVEL;
	int sizeM = 0, sizeL = 0, sizeU = 0, pos = 0;
	CHECK_CUSPARSE(cusparseDbsrilu02_bufferSize(handle, dir, mb, nnzb, descrM, dVal, dRowPtr, dColInd, BD, infoM,
						    &sizeM));
	CHECK_CUSPARSE(cusparseDbsrsm2_bufferSize(handle, dir, N, N, mb, nrhs, nnzb, descrL, dVal, dRowPtr, dColInd,
						  BD, infoL, &sizeL));
	CHECK_CUSPARSE(cusparseDbsrsm2_bufferSize(handle, dir, N, N, mb, nrhs, nnzb, descrU, dVal, dRowPtr, dColInd,
						  BD, infoU, &sizeU));
	int size = sizeM > sizeL ? sizeM : sizeL;
	size = size > sizeU ? size : sizeU;
	void *buffer;
	CHECK_CUDA(cudaMalloc(&buffer, size));

	int failures = 0;
	CHECK_CUSPARSE(cusparseDbsrilu02_analysis(handle, dir, mb, nnzb, descrM, dVal, dRowPtr, dColInd, BD, infoM,
						  policy, buffer));
	if (cusparseXbsrilu02_zeroPivot(handle, infoM, &pos) == CUSPARSE_STATUS_ZERO_PIVOT) {
		printf("A(%d,%d) is missing\n", pos, pos);
		failures++;
	}
	CHECK_CUSPARSE(cusparseDbsrilu02(handle, dir, mb, nnzb, descrM, dVal, dRowPtr, dColInd, BD, infoM, policy,
					 buffer));
	if (cusparseXbsrilu02_zeroPivot(handle, infoM, &pos) == CUSPARSE_STATUS_ZERO_PIVOT) {
		printf("block U(%d,%d) is not invertible\n", pos, pos);
		failures++;
	}
	const double one = 1.0;
	CHECK_CUSPARSE(cusparseDbsrsm2_analysis(handle, dir, N, N, mb, nrhs, nnzb, descrL, dVal, dRowPtr, dColInd, BD,
						infoL, policy, buffer));
	CHECK_CUSPARSE(cusparseDbsrsm2_analysis(handle, dir, N, N, mb, nrhs, nnzb, descrU, dVal, dRowPtr, dColInd, BD,
						infoU, policy, buffer));
	CHECK_CUSPARSE(cusparseDbsrsm2_solve(handle, dir, N, N, mb, nrhs, nnzb, &one, descrL, dVal, dRowPtr, dColInd,
					     BD, infoL, dB, ld, dY, ld, policy, buffer));
	CHECK_CUSPARSE(cusparseDbsrsm2_solve(handle, dir, N, N, mb, nrhs, nnzb, &one, descrU, dVal, dRowPtr, dColInd,
					     BD, infoU, dY, ld, dX, ld, policy, buffer));
	CHECK_CUDA(cudaMemcpy(X.data(), dX, sizeof(double) * X.size(), cudaMemcpyDeviceToHost));

	// A X = B with the original blocks
	double worst = 0;
	for (int c = 0; c < nrhs; c++)
		for (int bi = 0; bi < mb; bi++)
			for (int r = 0; r < BD; r++) {
				double s = 0;
				for (int k = rp[bi]; k < rp[bi + 1]; k++)
					for (int q = 0; q < BD; q++)
						s += A[k * BD * BD + r * BD + q] * X[c * ld + ci[k] * BD + q];
				worst = fmax(worst, fabs(s - B[c * ld + bi * BD + r]));
			}
	printf("block ILU(0) + two bsrsm2 solves, %d x %d blocks of %d, %d right-hand sides: max |A X - B| = %.3g\n",
	       mb, mb, BD, nrhs, worst);
	failures += !(worst < 1e-10);

	cudaFree(buffer);
	cudaFree(dRowPtr), cudaFree(dColInd), cudaFree(dVal), cudaFree(dB), cudaFree(dY), cudaFree(dX);
	cusparseDestroyBsrilu02Info(infoM);
	cusparseDestroyBsrsm2Info(infoL);
	cusparseDestroyBsrsm2Info(infoU);
	cusparseDestroyMatDescr(descrM);
	cusparseDestroyMatDescr(descrL);
	cusparseDestroyMatDescr(descrU);
	cusparseDestroy(handle);
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
