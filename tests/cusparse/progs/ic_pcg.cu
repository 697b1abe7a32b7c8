// SPDX-License-Identifier: MIT
// Preconditioned conjugate gradients with an incomplete-Cholesky IC(0)
// preconditioner through cuSPARSE's legacy API, as CUDA 10/11 solver codes
// (NVIDIA's conjugateGradientPrecond sample among them) write it: the
// 2-D Poisson matrix of a g x g grid in CSR on the host, a copy factored by
// cusparseDcsric02 (bufferSize, analysis, zero-pivot check, factor), then
// each iteration applies M^-1 = (L L^T)^-1 with two cusparseSpSV_solve
// calls on L's descriptor (fill mode LOWER; N, then TRANSPOSE, each
// analysed once), as CUDA 12 codes do since csrsv2 left the toolkit.
// Matrix-vector products, dot products and updates are our own kernels.
// Checks: x against the x_true b was made from, and PCG needing fewer
// iterations than plain CG on the same system.  Prints PASSED.
// Build: idxgen-cc -o ic_pcg ic_pcg.cu -lcusparse
//        nvcc -arch=sm_90 -o ic_pcg ic_pcg.cu -lcusparse
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUDA(call)                                                                     \
	do {                                                                                 \
		cudaError_t e_ = (call);                                                     \
		if (e_ != cudaSuccess) {                                                     \
			printf("CUDA error %s at line %d\n", cudaGetErrorString(e_), __LINE__); \
			return 1;                                                            \
		}                                                                            \
	} while (0)
#define CHECK_CUSPARSE(call)                                                                 \
	do {                                                                                 \
		cusparseStatus_t s_ = (call);                                                \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                         \
			printf("cuSPARSE error %d at line %d\n", (int)s_, __LINE__);          \
			return 1;                                                            \
		}                                                                            \
	} while (0)

__global__ void spmv(int n, const int *rowPtr, const int *colInd, const double *val, const double *x, double *y)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r < n) {
		double s = 0;
		for (int k = rowPtr[r]; k < rowPtr[r + 1]; k++)
			s += val[k] * x[colInd[k]];
		y[r] = s;
	}
}

// partial dot products, one per block, summed on the host
__global__ void dot(int n, const double *a, const double *b, double *part)
{
	__shared__ double s[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = i < n ? a[i] * b[i] : 0;
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (threadIdx.x < w)
			s[threadIdx.x] += s[threadIdx.x + w];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		part[blockIdx.x] = s[0];
}

__global__ void axpy(int n, double a, const double *x, double *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] += a * x[i];
}

__global__ void xpby(int n, const double *x, double b, double *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = x[i] + b * y[i];
}

struct Solver {
	int n, nnz, blocks;
	int *rowPtr, *colInd;
	double *val, *valL, *x, *r, *z, *p, *q, *t, *part;
	std::vector<double> hpart;
	cusparseHandle_t handle;
	cusparseSpMatDescr_t matL;
	cusparseDnVecDescr_t vecR, vecT, vecZ;
	cusparseSpSVDescr_t svL, svLt;
	void *buffer;

	double dotp(const double *a, const double *b)
	{
		dot<<<blocks, 256>>>(n, a, b, part);
		cudaMemcpy(hpart.data(), part, sizeof(double) * blocks, cudaMemcpyDeviceToHost);
		double s = 0;
		for (double v : hpart)
			s += v;
		return s;
	}

	// z = (L L^T)^-1 r with two triangular solves, or z = r without a preconditioner
	int precondition(bool ic)
	{
		const double one = 1.0;
		if (!ic)
			return cudaMemcpy(z, r, sizeof(double) * n, cudaMemcpyDeviceToDevice) != cudaSuccess;
		CHECK_CUSPARSE(cusparseSpSV_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, matL, vecR, vecT,
						  CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, svL));
		CHECK_CUSPARSE(cusparseSpSV_solve(handle, CUSPARSE_OPERATION_TRANSPOSE, &one, matL, vecT, vecZ,
						  CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, svLt));
		return 0;
	}

	// (P)CG from x = 0; returns the iterations to |r| < tol |b|, -1 on an error
	int solve(const double *b, bool ic, double tol, int maxit)
	{
		cudaMemset(x, 0, sizeof(double) * n);
		cudaMemcpy(r, b, sizeof(double) * n, cudaMemcpyDeviceToDevice);
		double bnorm = sqrt(dotp(b, b));
		if (precondition(ic))
			return -1;
		cudaMemcpy(p, z, sizeof(double) * n, cudaMemcpyDeviceToDevice);
		double rz = dotp(r, z);
		for (int k = 1; k <= maxit; k++) {
			spmv<<<blocks, 256>>>(n, rowPtr, colInd, val, p, q);
			double alpha = rz / dotp(p, q);
			axpy<<<blocks, 256>>>(n, alpha, p, x);
			axpy<<<blocks, 256>>>(n, -alpha, q, r);
			if (sqrt(dotp(r, r)) < tol * bnorm)
				return k;
			if (precondition(ic))
				return -1;
			double rz1 = dotp(r, z);
			xpby<<<blocks, 256>>>(n, z, rz1 / rz, p);
			rz = rz1;
		}
		return maxit + 1;
	}
};

int main()
{
	const int g = 24, n = g * g;
	std::vector<int> hRow(n + 1), hCol;
	std::vector<double> hVal, hx(n), hb(n);

	for (int i = 0; i < g; i++)
		for (int j = 0; j < g; j++) {
			int r = i * g + j;
			hRow[r] = (int)hCol.size();
			int nb[5] = { r - g, r - 1, r, r + 1, r + g };
			bool in[5] = { i > 0, j > 0, true, j < g - 1, i < g - 1 };
			for (int k = 0; k < 5; k++)
				if (in[k]) {
					hCol.push_back(nb[k]);
					hVal.push_back(k == 2 ? 4.0 : -1.0);
				}
		}
	int nnz = (int)hCol.size();
	hRow[n] = nnz;
	for (int r = 0; r < n; r++)
		hx[r] = sin(0.1 * r) + 0.5;
	for (int r = 0; r < n; r++) {
		hb[r] = 0;
		for (int k = hRow[r]; k < hRow[r + 1]; k++)
			hb[r] += hVal[k] * hx[hCol[k]];
	}

	Solver s;
	s.n = n, s.nnz = nnz, s.blocks = (n + 255) / 256;
	s.hpart.resize(s.blocks);
	double *b;
	CHECK_CUDA(cudaMalloc(&s.rowPtr, sizeof(int) * (n + 1)));
	CHECK_CUDA(cudaMalloc(&s.colInd, sizeof(int) * nnz));
	CHECK_CUDA(cudaMalloc(&s.val, sizeof(double) * nnz));
	CHECK_CUDA(cudaMalloc(&s.valL, sizeof(double) * nnz));
	double **vecs[] = { &s.x, &s.r, &s.z, &s.p, &s.q, &s.t, &b };
	for (double **v : vecs)
		CHECK_CUDA(cudaMalloc(v, sizeof(double) * n));
	CHECK_CUDA(cudaMalloc(&s.part, sizeof(double) * s.blocks));
	cudaMemcpy(s.rowPtr, hRow.data(), sizeof(int) * (n + 1), cudaMemcpyHostToDevice);
	cudaMemcpy(s.colInd, hCol.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice);
	cudaMemcpy(s.val, hVal.data(), sizeof(double) * nnz, cudaMemcpyHostToDevice);
	cudaMemcpy(s.valL, hVal.data(), sizeof(double) * nnz, cudaMemcpyHostToDevice);
	cudaMemcpy(b, hb.data(), sizeof(double) * n, cudaMemcpyHostToDevice);

	// IC(0) of A into valL, then the triangular solves' analyses
	CHECK_CUSPARSE(cusparseCreate(&s.handle));
	cusparseMatDescr_t descrA;
	csric02Info_t infoIC;
	CHECK_CUSPARSE(cusparseCreateMatDescr(&descrA));
	CHECK_CUSPARSE(cusparseSetMatType(descrA, CUSPARSE_MATRIX_TYPE_GENERAL));
	CHECK_CUSPARSE(cusparseSetMatIndexBase(descrA, CUSPARSE_INDEX_BASE_ZERO));
	CHECK_CUSPARSE(cusparseCreateCsric02Info(&infoIC));
	int szIC;
	CHECK_CUSPARSE(cusparseDcsric02_bufferSize(s.handle, n, nnz, descrA, s.valL, s.rowPtr, s.colInd, infoIC, &szIC));
	void *bufIC;
	CHECK_CUDA(cudaMalloc(&bufIC, szIC));
	CHECK_CUSPARSE(cusparseDcsric02_analysis(s.handle, n, nnz, descrA, s.valL, s.rowPtr, s.colInd, infoIC,
						 CUSPARSE_SOLVE_POLICY_USE_LEVEL, bufIC));
	int pivot;
	if (cusparseXcsric02_zeroPivot(s.handle, infoIC, &pivot) == CUSPARSE_STATUS_ZERO_PIVOT) {
		printf("A(%d,%d) is missing\n", pivot, pivot);
		return 1;
	}
	CHECK_CUSPARSE(cusparseDcsric02(s.handle, n, nnz, descrA, s.valL, s.rowPtr, s.colInd, infoIC,
					CUSPARSE_SOLVE_POLICY_USE_LEVEL, bufIC));
	if (cusparseXcsric02_zeroPivot(s.handle, infoIC, &pivot) == CUSPARSE_STATUS_ZERO_PIVOT) {
		printf("L(%d,%d) is zero\n", pivot, pivot);
		return 1;
	}

	// L: the lower triangle of valL; the upper one still holds A's entries and is ignored
	const double one = 1.0;
	cusparseFillMode_t lower = CUSPARSE_FILL_MODE_LOWER;
	cusparseDiagType_t nonUnit = CUSPARSE_DIAG_TYPE_NON_UNIT;
	CHECK_CUSPARSE(cusparseCreateCsr(&s.matL, n, n, nnz, s.rowPtr, s.colInd, s.valL, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseSpMatSetAttribute(s.matL, CUSPARSE_SPMAT_FILL_MODE, &lower, sizeof(lower)));
	CHECK_CUSPARSE(cusparseSpMatSetAttribute(s.matL, CUSPARSE_SPMAT_DIAG_TYPE, &nonUnit, sizeof(nonUnit)));
	CHECK_CUSPARSE(cusparseCreateDnVec(&s.vecR, n, s.r, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseCreateDnVec(&s.vecT, n, s.t, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseCreateDnVec(&s.vecZ, n, s.z, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseSpSV_createDescr(&s.svL));
	CHECK_CUSPARSE(cusparseSpSV_createDescr(&s.svLt));
	size_t szL, szLt;
	CHECK_CUSPARSE(cusparseSpSV_bufferSize(s.handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.matL, s.vecR, s.vecT,
					       CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, s.svL, &szL));
	CHECK_CUSPARSE(cusparseSpSV_bufferSize(s.handle, CUSPARSE_OPERATION_TRANSPOSE, &one, s.matL, s.vecT, s.vecZ,
					       CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, s.svLt, &szLt));
	CHECK_CUDA(cudaMalloc(&s.buffer, szL + szLt + 1));
	CHECK_CUSPARSE(cusparseSpSV_analysis(s.handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, s.matL, s.vecR, s.vecT,
					     CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, s.svL, s.buffer));
	CHECK_CUSPARSE(cusparseSpSV_analysis(s.handle, CUSPARSE_OPERATION_TRANSPOSE, &one, s.matL, s.vecT, s.vecZ,
					     CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, s.svLt, (char *)s.buffer + szL));

	const double tol = 1e-10;
	int itCG = s.solve(b, false, tol, 2 * n);
	int itPCG = s.solve(b, true, tol, 2 * n);
	std::vector<double> got(n);
	cudaMemcpy(got.data(), s.x, sizeof(double) * n, cudaMemcpyDeviceToHost);
	double err = 0;
	for (int r = 0; r < n; r++)
		err = fmax(err, fabs(got[r] - hx[r]));
	printf("%d unknowns, %d nonzeros: CG %d iterations, IC(0)-PCG %d iterations, max |x - x_true| = %.3g\n", n,
	       nnz, itCG, itPCG, err);

	cusparseDestroyCsric02Info(infoIC);
	cusparseSpSV_destroyDescr(s.svL);
	cusparseSpSV_destroyDescr(s.svLt);
	cusparseDestroyDnVec(s.vecR), cusparseDestroyDnVec(s.vecT), cusparseDestroyDnVec(s.vecZ);
	cusparseDestroySpMat(s.matL);
	cusparseDestroyMatDescr(descrA);
	cusparseDestroy(s.handle);
	cudaFree(s.rowPtr), cudaFree(s.colInd), cudaFree(s.val), cudaFree(s.valL), cudaFree(s.buffer), cudaFree(bufIC);
	cudaFree(s.part);
	for (double **v : vecs)
		cudaFree(*v);
	bool ok = itCG > 0 && itCG <= 2 * n && itPCG > 0 && itPCG < itCG && err < 1e-7;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
