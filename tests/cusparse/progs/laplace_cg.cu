// SPDX-License-Identifier: MIT
// Conjugate gradients on the 2-D Poisson matrix with cuSPARSE's generic API,
// as solver tutorials write it: the 5-point Laplacian of a g x g grid built
// in CSR by a kernel (one thread per row), x_true chosen, b = A x_true by
// cusparseSpMV, then CG iterations whose matrix-vector products are
// cusparseSpMV calls (bufferSize, one buffer) and whose dot products and
// updates are our own kernels; x is compared with x_true.  Then a forward
// substitution with A's lower triangle (cusparseSpSV: fill-mode attribute,
// analysis, solve) checked by its residual on the host.  Prints PASSED.
// Build: idxgen-cc -o laplace_cg laplace_cg.cu -lcusparse
//        nvcc -arch=sm_90 -o laplace_cg laplace_cg.cu -lcusparse
#include <cmath>
#include <cstdio>
#include <cstdlib>
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
			printf("cuSPARSE error %s at line %d\n", cusparseGetErrorString(s_), __LINE__); \
			return 1;                                                            \
		}                                                                            \
	} while (0)

// row r of the Laplacian of a g x g grid: 4 on the diagonal, -1 for each neighbour
__device__ int row_nnz(int r, int g)
{
	int i = r / g, j = r % g;
	return 1 + (i > 0) + (i < g - 1) + (j > 0) + (j < g - 1);
}

__global__ void count_rows(int *off, int g)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r < g * g)
		off[r + 1] = row_nnz(r, g);
	if (r == 0)
		off[0] = 0;
}

__global__ void fill_rows(const int *off, int *col, double *val, int g)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;
	if (r >= g * g)
		return;
	int i = r / g, j = r % g, k = off[r];
	// columns in increasing order, as CSR wants
	if (i > 0) { col[k] = r - g; val[k++] = -1; }
	if (j > 0) { col[k] = r - 1; val[k++] = -1; }
	col[k] = r; val[k++] = 4;
	if (j < g - 1) { col[k] = r + 1; val[k++] = -1; }
	if (i < g - 1) { col[k] = r + g; val[k++] = -1; }
}

__global__ void dot(const double *a, const double *b, int n, double *out)
{
	__shared__ double part[256];
	double s = 0;
	for (int k = threadIdx.x; k < n; k += blockDim.x)
		s += a[k] * b[k];
	part[threadIdx.x] = s;
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (threadIdx.x < w)
			part[threadIdx.x] += part[threadIdx.x + w];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		*out = part[0];
}

// y = y + a x
__global__ void axpy(double a, const double *x, double *y, int n)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k < n)
		y[k] += a * x[k];
}

// p = r + b p
__global__ void xpay(const double *r, double b, double *p, int n)
{
	int k = blockIdx.x * blockDim.x + threadIdx.x;
	if (k < n)
		p[k] = r[k] + b * p[k];
}

int main()
{
	const int g = 24, n = g * g, threads = 128, blocks = (n + threads - 1) / threads;
	int *d_off, *d_col, nnz;
	double *d_val, *d_x, *d_b, *d_r, *d_p, *d_ap, *d_xt, *d_s;

	CHECK_CUDA(cudaMalloc(&d_off, (n + 1) * sizeof(int)));
	count_rows<<<blocks, threads>>>(d_off, g);
	std::vector<int> off(n + 1);
	CHECK_CUDA(cudaMemcpy(off.data(), d_off, (n + 1) * sizeof(int), cudaMemcpyDeviceToHost));
	for (int r = 0; r < n; r++)
		off[r + 1] += off[r];
	nnz = off[n];
	CHECK_CUDA(cudaMemcpy(d_off, off.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMalloc(&d_col, nnz * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&d_val, nnz * sizeof(double)));
	fill_rows<<<blocks, threads>>>(d_off, d_col, d_val, g);
	for (double **v : { &d_x, &d_b, &d_r, &d_p, &d_ap, &d_xt })
		CHECK_CUDA(cudaMalloc(v, n * sizeof(double)));
	CHECK_CUDA(cudaMalloc(&d_s, sizeof(double)));

	std::vector<double> xt(n);
	for (int k = 0; k < n; k++)
		xt[k] = std::sin(0.1 * k) + 1;
	CHECK_CUDA(cudaMemcpy(d_xt, xt.data(), n * sizeof(double), cudaMemcpyHostToDevice));

	cusparseHandle_t handle;
	cusparseSpMatDescr_t matA;
	cusparseDnVecDescr_t vecXt, vecB, vecP, vecAp;
	CHECK_CUSPARSE(cusparseCreate(&handle));
	CHECK_CUSPARSE(cusparseCreateCsr(&matA, n, n, nnz, d_off, d_col, d_val, CUSPARSE_INDEX_32I,
					 CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseCreateDnVec(&vecXt, n, d_xt, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseCreateDnVec(&vecB, n, d_b, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseCreateDnVec(&vecP, n, d_p, CUDA_R_64F));
	CHECK_CUSPARSE(cusparseCreateDnVec(&vecAp, n, d_ap, CUDA_R_64F));
	double one = 1, zero = 0;
	size_t bufferSize = 0;
	void *dBuffer = NULL;
	CHECK_CUSPARSE(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, matA,
					       vecP, &zero, vecAp, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT,
					       &bufferSize));
	CHECK_CUDA(cudaMalloc(&dBuffer, bufferSize));
	CHECK_CUSPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, matA, vecXt, &zero,
				    vecB, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, dBuffer));

	// CG from x = 0: r = p = b
	CHECK_CUDA(cudaMemset(d_x, 0, n * sizeof(double)));
	CHECK_CUDA(cudaMemcpy(d_r, d_b, n * sizeof(double), cudaMemcpyDeviceToDevice));
	CHECK_CUDA(cudaMemcpy(d_p, d_b, n * sizeof(double), cudaMemcpyDeviceToDevice));
	double rr, rr0, pap;
	dot<<<1, 256>>>(d_r, d_r, n, d_s);
	CHECK_CUDA(cudaMemcpy(&rr, d_s, sizeof(double), cudaMemcpyDeviceToHost));
	rr0 = rr;
	int it = 0;
	for (; it < 1000 && rr > 1e-24 * rr0; it++) {
		CHECK_CUSPARSE(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, matA, vecP,
					    &zero, vecAp, CUDA_R_64F, CUSPARSE_SPMV_ALG_DEFAULT, dBuffer));
		dot<<<1, 256>>>(d_p, d_ap, n, d_s);
		CHECK_CUDA(cudaMemcpy(&pap, d_s, sizeof(double), cudaMemcpyDeviceToHost));
		double a = rr / pap, rr_new;
		axpy<<<blocks, threads>>>(a, d_p, d_x, n);
		axpy<<<blocks, threads>>>(-a, d_ap, d_r, n);
		dot<<<1, 256>>>(d_r, d_r, n, d_s);
		CHECK_CUDA(cudaMemcpy(&rr_new, d_s, sizeof(double), cudaMemcpyDeviceToHost));
		xpay<<<blocks, threads>>>(d_r, rr_new / rr, d_p, n);
		rr = rr_new;
	}
	std::vector<double> x(n);
	CHECK_CUDA(cudaMemcpy(x.data(), d_x, n * sizeof(double), cudaMemcpyDeviceToHost));
	double err = 0;
	for (int k = 0; k < n; k++)
		err = std::fmax(err, std::fabs(x[k] - xt[k]));
	printf("CG: %d iterations, max |x - x_true| = %.3g\n", it, err);
	bool ok = err < 1e-8 && it < n;

	// forward substitution with the lower triangle: L y = 2 b
	cusparseSpSVDescr_t spsv;
	cusparseFillMode_t fill = CUSPARSE_FILL_MODE_LOWER;
	cusparseDiagType_t diag = CUSPARSE_DIAG_TYPE_NON_UNIT;
	double two = 2;
	CHECK_CUSPARSE(cusparseSpMatSetAttribute(matA, CUSPARSE_SPMAT_FILL_MODE, &fill, sizeof(fill)));
	CHECK_CUSPARSE(cusparseSpMatSetAttribute(matA, CUSPARSE_SPMAT_DIAG_TYPE, &diag, sizeof(diag)));
	CHECK_CUSPARSE(cusparseSpSV_createDescr(&spsv));
	size_t svSize = 0;
	void *svBuffer = NULL;
	CHECK_CUSPARSE(cusparseSpSV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &two, matA, vecB,
					       vecP, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, spsv, &svSize));
	CHECK_CUDA(cudaMalloc(&svBuffer, svSize));
	CHECK_CUSPARSE(cusparseSpSV_analysis(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &two, matA, vecB,
					     vecP, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, spsv, svBuffer));
	CHECK_CUSPARSE(cusparseSpSV_solve(handle, CUSPARSE_OPERATION_NON_TRANSPOSE, &two, matA, vecB,
					  vecP, CUDA_R_64F, CUSPARSE_SPSV_ALG_DEFAULT, spsv));
	std::vector<int> col(nnz);
	std::vector<double> val(nnz), y(n), b(n);
	CHECK_CUDA(cudaMemcpy(col.data(), d_col, nnz * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(val.data(), d_val, nnz * sizeof(double), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(y.data(), d_p, n * sizeof(double), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(b.data(), d_b, n * sizeof(double), cudaMemcpyDeviceToHost));
	double res = 0;
	for (int r = 0; r < n; r++) {
		double s = 0;
		for (int k = off[r]; k < off[r + 1]; k++)
			if (col[k] <= r)
				s += val[k] * y[col[k]];
		res = std::fmax(res, std::fabs(s - 2 * b[r]));
	}
	printf("SpSV: max |L y - 2 b| = %.3g\n", res);
	ok = ok && res < 1e-9;

	CHECK_CUSPARSE(cusparseSpSV_destroyDescr(spsv));
	CHECK_CUSPARSE(cusparseDestroySpMat(matA));
	for (cusparseDnVecDescr_t v : { vecXt, vecB, vecP, vecAp })
		CHECK_CUSPARSE(cusparseDestroyDnVec(v));
	CHECK_CUSPARSE(cusparseDestroy(handle));
	for (void *p : { (void *)d_off, (void *)d_col, (void *)d_val, (void *)d_x, (void *)d_b,
			 (void *)d_r, (void *)d_p, (void *)d_ap, (void *)d_xt, (void *)d_s, dBuffer, svBuffer })
		cudaFree(p);
	printf(ok ? "PASSED\n" : "FAILED\n");
	return ok ? 0 : 1;
}
