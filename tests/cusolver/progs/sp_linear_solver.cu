// A sparse linear system solved as cuSolverSp_LinearSolver does it: a 2-D
// Laplacian in CSR (1-based, as read from a Matrix Market file), b(j) =
// 1 + j/n, reverse Cuthill-McKee ordering, B = A(Q, Q) with the value map,
// then Cholesky, LU and QR on the host and Cholesky and QR on the device
// (cudaMalloc'd copies), each checked by its residual
// |b - A x| / (|A| |x| + |b|) computed here.  Built with -lcusolver -lcusparse.
// cuSOLVER 13 marks the sparse API deprecated (cuDSS replaces it); programs still call it
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverSp.h>
#include <cusparse.h>

#define CHECK_SOLVER(call)                                                                   \
	do {                                                                                 \
		cusolverStatus_t s_ = (call);                                                \
		if (s_ != CUSOLVER_STATUS_SUCCESS) {                                         \
			printf("%s failed: status %d (line %d)\n", #call, (int)s_, __LINE__); \
			return 1;                                                            \
		}                                                                            \
	} while (0)

static double residual(int n, const std::vector<int> &ptr, const std::vector<int> &ind,
		       const std::vector<double> &val, const std::vector<double> &x, const std::vector<double> &b)
{
	double r = 0, a = 0, nx = 0, nb = 0;

	for (int i = 0; i < n; i++) {
		double s = 0, row = 0;

		for (int e = ptr[i] - 1; e < ptr[i + 1] - 1; e++)
			s += val[e] * x[ind[e] - 1], row += fabs(val[e]);
		r = fmax(r, fabs(b[i] - s));
		a = fmax(a, row), nx = fmax(nx, fabs(x[i])), nb = fmax(nb, fabs(b[i]));
	}
	return r / (a * nx + nb);
}

int main()
{
	const int k = 40, n = k * k;
	std::vector<int> ptr(n + 1), ind;
	std::vector<double> val, b(n), x(n);

	for (int i = 0; i < n; i++) {
		int r = i / k, c = i % k;

		ptr[i] = (int)ind.size() + 1;
		if (r > 0)
			ind.push_back(i - k + 1), val.push_back(-1);
		if (c > 0)
			ind.push_back(i), val.push_back(-1);
		ind.push_back(i + 1), val.push_back(4);
		if (c < k - 1)
			ind.push_back(i + 2), val.push_back(-1);
		if (r < k - 1)
			ind.push_back(i + k + 1), val.push_back(-1);
		b[i] = 1.0 + (double)i / n;
	}
	int nnz = (int)ind.size();
	ptr[n] = nnz + 1;

	cusolverSpHandle_t handle;
	cusparseMatDescr_t descr;
	cudaStream_t stream;
	CHECK_SOLVER(cusolverSpCreate(&handle));
	cudaStreamCreate(&stream);
	CHECK_SOLVER(cusolverSpSetStream(handle, stream));
	cusparseCreateMatDescr(&descr);
	cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL);
	cusparseSetMatIndexBase(descr, CUSPARSE_INDEX_BASE_ONE);

	int issym = 0;
	CHECK_SOLVER(cusolverSpXcsrissymHost(handle, n, nnz, descr, ptr.data(), ptr.data() + 1, ind.data(), &issym));
	printf("A is %d x %d with %d nonzeros, %ssymmetric\n", n, n, nnz, issym ? "" : "not ");

	// Q = symrcm(A), B = A(Q, Q)
	std::vector<int> q(n), bptr(ptr), bind(ind), map(nnz);
	CHECK_SOLVER(cusolverSpXcsrsymrcmHost(handle, n, nnz, descr, ptr.data(), ind.data(), q.data()));
	size_t size = 0;
	CHECK_SOLVER(cusolverSpXcsrperm_bufferSizeHost(handle, n, n, nnz, descr, bptr.data(), bind.data(), q.data(),
						       q.data(), &size));
	std::vector<char> buffer(size);
	for (int e = 0; e < nnz; e++)
		map[e] = e;
	CHECK_SOLVER(cusolverSpXcsrpermHost(handle, n, n, nnz, descr, bptr.data(), bind.data(), q.data(), q.data(),
					    map.data(), buffer.data()));
	std::vector<double> bval(nnz), bb(n);
	for (int e = 0; e < nnz; e++)
		bval[e] = val[map[e]];
	for (int i = 0; i < n; i++)
		bb[i] = b[q[i]];

	const char *names[] = { "chol (host)", "lu (host)", "qr (host)", "chol (device)", "qr (device)" };
	int failures = 0;
	double *dval, *db, *dx;
	int *dptr, *dind;
	cudaMalloc(&dval, nnz * sizeof(double));
	cudaMalloc(&dptr, (n + 1) * sizeof(int));
	cudaMalloc(&dind, nnz * sizeof(int));
	cudaMalloc(&db, n * sizeof(double));
	cudaMalloc(&dx, n * sizeof(double));
	cudaMemcpy(dval, bval.data(), nnz * sizeof(double), cudaMemcpyHostToDevice);
	cudaMemcpy(dptr, bptr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(dind, bind.data(), nnz * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(db, bb.data(), n * sizeof(double), cudaMemcpyHostToDevice);
	for (int s = 0; s < 5; s++) {
		int singularity = 0;
		std::vector<double> y(n);

		if (s == 0)
			CHECK_SOLVER(cusolverSpDcsrlsvcholHost(handle, n, nnz, descr, bval.data(), bptr.data(), bind.data(),
							       bb.data(), 1e-12, 0, y.data(), &singularity));
		else if (s == 1)
			CHECK_SOLVER(cusolverSpDcsrlsvluHost(handle, n, nnz, descr, bval.data(), bptr.data(), bind.data(),
							     bb.data(), 1e-12, 1, y.data(), &singularity));
		else if (s == 2)
			CHECK_SOLVER(cusolverSpDcsrlsvqrHost(handle, n, nnz, descr, bval.data(), bptr.data(), bind.data(),
							     bb.data(), 1e-12, 0, y.data(), &singularity));
		else if (s == 3)
			CHECK_SOLVER(cusolverSpDcsrlsvchol(handle, n, nnz, descr, dval, dptr, dind, db, 1e-12, 1, dx,
							   &singularity));
		else
			CHECK_SOLVER(cusolverSpDcsrlsvqr(handle, n, nnz, descr, dval, dptr, dind, db, 1e-12, 0, dx,
							 &singularity));
		if (s >= 3)
			cudaMemcpy(y.data(), dx, n * sizeof(double), cudaMemcpyDeviceToHost);
		for (int i = 0; i < n; i++)	// x = Q^T y
			x[q[i]] = y[i];
		double res = residual(n, ptr, ind, val, x, b);
		printf("%-14s singularity %d, |b - A*x|/(|A|*|x| + |b|) = %E\n", names[s], singularity, res);
		if (singularity != -1 || !(res < 1e-14))
			failures++;
	}
	cudaFree(dval), cudaFree(dptr), cudaFree(dind), cudaFree(db), cudaFree(dx);
	cusparseDestroyMatDescr(descr);
	CHECK_SOLVER(cusolverSpDestroy(handle));
	cudaStreamDestroy(stream);
	printf(failures ? "FAILED\n" : "PASSED\n");
	return failures != 0;
}
