// Refactorization as the sample cuSolverRf does it: a nonsymmetric sparse
// matrix A (a convection-diffusion stencil on a grid, 0-based CSR), the
// reverse Cuthill-McKee ordering, B = Q A Q^T, LU with partial pivoting
// of B on the host (cusolverSp's low-level csrlu*Host), P, L, U taken out;
// then cusolverRf set up with P = Qr(Plu), Q = Qr(Qlu), and a second
// matrix of the same pattern (another velocity) imported into device
// memory, refactored and solved there, each solution checked by its
// residual |b - A x| / (|A| |x| + |b|) computed here.  A kernel builds the
// second matrix's values.  Prints PASSED or FAILED.
// Built with -lcusolver -lcusparse.
// cuSOLVER 13 marks cusolverRf and the low-level sparse API deprecated (cuDSS replaces them)
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverRf.h>
#include <cusolverSp.h>
#include <cusolverSp_LOWLEVEL_PREVIEW.h>
#include <cusparse.h>

#define CHECK_SOLVER(call)                                                                   \
	do {                                                                                 \
		cusolverStatus_t s_ = (call);                                                \
		if (s_ != CUSOLVER_STATUS_SUCCESS) {                                         \
			printf("%s failed: status %d (line %d)\n", #call, (int)s_, __LINE__); \
			return 1;                                                            \
		}                                                                            \
	} while (0)

static const int GRID = 12, N = GRID * GRID;

// the stencil's five values for velocity v: diagonal, west, east, south, north
__host__ __device__ static void stencil(double v, double *w)
{
	w[0] = 4.0 + v;
	w[1] = -1.0 - v;
	w[2] = -1.0 + 0.5 * v;
	w[3] = -1.0 - 0.25 * v;
	w[4] = -1.0;
}

// the values of row i in the pattern's order (west, south, diagonal, north, east where present)
__global__ void fillValues(const int *ptr, const int *ind, double *val, double v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	double w[5];

	if (i >= n)
		return;
	stencil(v, w);
	for (int e = ptr[i]; e < ptr[i + 1]; e++) {
		int j = ind[e];
		val[e] = j == i ? w[0] : j == i - 1 ? w[1] : j == i + 1 ? w[2] : j < i ? w[3] : w[4];
	}
}

static void pattern(std::vector<int> &ptr, std::vector<int> &ind)
{
	for (int i = 0; i < N; i++) {
		int r = i / GRID, c = i % GRID;
		ptr.push_back((int)ind.size());
		if (r > 0)
			ind.push_back(i - GRID);
		if (c > 0)
			ind.push_back(i - 1);
		ind.push_back(i);
		if (c < GRID - 1)
			ind.push_back(i + 1);
		if (r < GRID - 1)
			ind.push_back(i + GRID);
	}
	ptr.push_back((int)ind.size());
}

static double residual(const std::vector<int> &ptr, const std::vector<int> &ind, const std::vector<double> &val,
		       const std::vector<double> &x, const std::vector<double> &b)
{
	double r = 0, a = 0, nx = 0, nb = 0;

	for (int i = 0; i < N; i++) {
		double s = 0, row = 0;
		for (int e = ptr[i]; e < ptr[i + 1]; e++)
			s += val[e] * x[ind[e]], row += fabs(val[e]);
		r = fmax(r, fabs(b[i] - s));
		a = fmax(a, row), nx = fmax(nx, fabs(x[i])), nb = fmax(nb, fabs(b[i]));
	}
	return r / (a * nx + nb);
}

int main()
{
	std::vector<int> ptr, ind;
	pattern(ptr, ind);
	int nnz = (int)ind.size();
	std::vector<double> val(nnz), val2(nnz), b(N), x(N);

	for (int i = 0; i < N; i++) {
		double w[5];
		stencil(0.8, w);
		for (int e = ptr[i]; e < ptr[i + 1]; e++) {
			int j = ind[e];
			val[e] = j == i ? w[0] : j == i - 1 ? w[1] : j == i + 1 ? w[2] : j < i ? w[3] : w[4];
		}
		b[i] = 1.0 + (double)i / N;
	}

	cusolverSpHandle_t sp;
	cusparseMatDescr_t descr;
	CHECK_SOLVER(cusolverSpCreate(&sp));
	if (cusparseCreateMatDescr(&descr) != CUSPARSE_STATUS_SUCCESS)
		return 1;
	cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ZERO);

	// reorder: B = Qr A Qr^T
	std::vector<int> qr(N), mapBfromA(nnz), ptrB(ptr), indB(ind);
	size_t permBytes = 0;
	CHECK_SOLVER(cusolverSpXcsrsymrcmHost(sp, N, nnz, descr, ptr.data(), ind.data(), qr.data()));
	CHECK_SOLVER(cusolverSpXcsrperm_bufferSizeHost(sp, N, N, nnz, descr, ptrB.data(), indB.data(), qr.data(),
						       qr.data(), &permBytes));
	std::vector<char> permBuffer(permBytes + 1);
	for (int k = 0; k < nnz; k++)
		mapBfromA[k] = k;
	CHECK_SOLVER(cusolverSpXcsrpermHost(sp, N, N, nnz, descr, ptrB.data(), indB.data(), qr.data(), qr.data(),
					    mapBfromA.data(), permBuffer.data()));
	std::vector<double> valB(nnz);
	for (int k = 0; k < nnz; k++)
		valB[k] = val[mapBfromA[k]];

	// LU of B with partial pivoting on the host
	csrluInfoHost_t info;
	size_t internalBytes = 0, workBytes = 0;
	int singularity = 0;
	CHECK_SOLVER(cusolverSpCreateCsrluInfoHost(&info));
	CHECK_SOLVER(cusolverSpXcsrluAnalysisHost(sp, N, nnz, descr, ptrB.data(), indB.data(), info));
	CHECK_SOLVER(cusolverSpDcsrluBufferInfoHost(sp, N, nnz, descr, valB.data(), ptrB.data(), indB.data(), info,
						    &internalBytes, &workBytes));
	std::vector<char> luBuffer(workBytes + 1);
	CHECK_SOLVER(cusolverSpDcsrluFactorHost(sp, N, nnz, descr, valB.data(), ptrB.data(), indB.data(), info, 1.0,
						luBuffer.data()));
	CHECK_SOLVER(cusolverSpDcsrluZeroPivotHost(sp, info, 1e-14, &singularity));
	if (singularity >= 0) {
		printf("B is singular at %d\nFAILED\n", singularity);
		return 1;
	}
	std::vector<double> bhat(N), xhat(N);
	for (int j = 0; j < N; j++)
		bhat[j] = b[qr[j]];
	CHECK_SOLVER(cusolverSpDcsrluSolveHost(sp, N, bhat.data(), xhat.data(), info, luBuffer.data()));
	for (int j = 0; j < N; j++)
		x[qr[j]] = xhat[j];
	double r1 = residual(ptr, ind, val, x, b);
	printf("host LU: residual %.3e\n", r1);

	int nnzL = 0, nnzU = 0;
	CHECK_SOLVER(cusolverSpXcsrluNnzHost(sp, &nnzL, &nnzU, info));
	std::vector<int> plu(N), qlu(N), ptrL(N + 1), indL(nnzL), ptrU(N + 1), indU(nnzU);
	std::vector<double> valL(nnzL), valU(nnzU);
	CHECK_SOLVER(cusolverSpDcsrluExtractHost(sp, plu.data(), qlu.data(), descr, valL.data(), ptrL.data(),
						 indL.data(), descr, valU.data(), ptrU.data(), indU.data(), info,
						 luBuffer.data()));
	std::vector<int> P(N), Q(N);
	for (int j = 0; j < N; j++)
		P[j] = qr[plu[j]], Q[j] = qr[qlu[j]];

	// cusolverRf: set up with A's factors, then a matrix of the same pattern made on the device
	cusolverRfHandle_t rf;
	CHECK_SOLVER(cusolverRfCreate(&rf));
	CHECK_SOLVER(cusolverRfSetNumericProperties(rf, 0.0, 0.0));
	CHECK_SOLVER(cusolverRfSetAlgs(rf, CUSOLVERRF_FACTORIZATION_ALG0, CUSOLVERRF_TRIANGULAR_SOLVE_ALG1));
	CHECK_SOLVER(cusolverRfSetMatrixFormat(rf, CUSOLVERRF_MATRIX_FORMAT_CSR, CUSOLVERRF_UNIT_DIAGONAL_ASSUMED_L));
	CHECK_SOLVER(cusolverRfSetResetValuesFastMode(rf, CUSOLVERRF_RESET_VALUES_FAST_MODE_ON));
	CHECK_SOLVER(cusolverRfSetupHost(N, nnz, ptr.data(), ind.data(), val.data(), nnzL, ptrL.data(), indL.data(),
					 valL.data(), nnzU, ptrU.data(), indU.data(), valU.data(), P.data(), Q.data(),
					 rf));
	CHECK_SOLVER(cusolverRfAnalyze(rf));

	int *d_ptr, *d_ind, *d_P, *d_Q;
	double *d_val, *d_x, *d_T;
	cudaMalloc((void **)&d_ptr, sizeof(int) * (N + 1));
	cudaMalloc((void **)&d_ind, sizeof(int) * nnz);
	cudaMalloc((void **)&d_val, sizeof(double) * nnz);
	cudaMalloc((void **)&d_P, sizeof(int) * N);
	cudaMalloc((void **)&d_Q, sizeof(int) * N);
	cudaMalloc((void **)&d_x, sizeof(double) * N);
	cudaMalloc((void **)&d_T, sizeof(double) * N);
	cudaMemcpy(d_ptr, ptr.data(), sizeof(int) * (N + 1), cudaMemcpyHostToDevice);
	cudaMemcpy(d_ind, ind.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice);
	cudaMemcpy(d_P, P.data(), sizeof(int) * N, cudaMemcpyHostToDevice);
	cudaMemcpy(d_Q, Q.data(), sizeof(int) * N, cudaMemcpyHostToDevice);
	fillValues<<<(N + 63) / 64, 64>>>(d_ptr, d_ind, d_val, 2.0, N);
	if (cudaDeviceSynchronize() != cudaSuccess)
		return 1;
	CHECK_SOLVER(cusolverRfResetValues(N, nnz, d_ptr, d_ind, d_val, d_P, d_Q, rf));
	CHECK_SOLVER(cusolverRfRefactor(rf));
	cudaMemcpy(d_x, b.data(), sizeof(double) * N, cudaMemcpyHostToDevice);
	CHECK_SOLVER(cusolverRfSolve(rf, d_P, d_Q, 1, d_T, N, d_x, N));
	cudaMemcpy(x.data(), d_x, sizeof(double) * N, cudaMemcpyDeviceToHost);
	cudaMemcpy(val2.data(), d_val, sizeof(double) * nnz, cudaMemcpyDeviceToHost);
	double r2 = residual(ptr, ind, val2, x, b);
	printf("cusolverRf on the second matrix: residual %.3e\n", r2);

	cusolverRfDestroy(rf);
	cusolverSpDestroyCsrluInfoHost(info);
	cusparseDestroyMatDescr(descr);
	cusolverSpDestroy(sp);
	cudaFree(d_ptr), cudaFree(d_ind), cudaFree(d_val), cudaFree(d_P), cudaFree(d_Q), cudaFree(d_x), cudaFree(d_T);
	bool ok = r1 < 1e-14 && r2 < 1e-14;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
