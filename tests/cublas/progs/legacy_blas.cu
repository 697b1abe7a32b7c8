// cuBLAS's legacy API (cublas.h) as older code calls it, HPL's CUDA port
// among them: no handle, scalars by value, 'N'/'T' characters, errors read
// back with cublasGetError.  DGEMM against a naive loop, a unit-lower
// triangular solve (DTRSM) whose right-hand side was built from a known
// solution, level-1 calls on known vectors, and a bad character refused.
#include <cublas.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

static int failures;

static void expect(int ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s\n", what);
		failures++;
	}
}

static void check_dgemm(void)
{
	const int m = 37, n = 29, k = 23, lda = m, ldb = n, ldc = m;	// C = alpha A B^T + beta C
	const double alpha = 1.5, beta = -0.5;
	double *a = (double *)malloc(sizeof(double) * lda * k);
	double *b = (double *)malloc(sizeof(double) * ldb * k);
	double *c = (double *)malloc(sizeof(double) * ldc * n);
	double *want = (double *)malloc(sizeof(double) * ldc * n);
	double *da, *db, *dc;

	for (int i = 0; i < lda * k; i++)
		a[i] = (double)((i * 7) % 11) - 5.0;
	for (int i = 0; i < ldb * k; i++)
		b[i] = (double)((i * 5) % 13) * 0.25;
	for (int i = 0; i < ldc * n; i++)
		c[i] = (double)(i % 9);
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = 0;
			for (int p = 0; p < k; p++)
				s += a[i + p * lda] * b[j + p * ldb];
			want[i + j * ldc] = alpha * s + beta * c[i + j * ldc];
		}
	expect(cublasAlloc(lda * k, sizeof(double), (void **)&da) == CUBLAS_STATUS_SUCCESS, "cublasAlloc A");
	expect(cublasAlloc(ldb * k, sizeof(double), (void **)&db) == CUBLAS_STATUS_SUCCESS, "cublasAlloc B");
	expect(cublasAlloc(ldc * n, sizeof(double), (void **)&dc) == CUBLAS_STATUS_SUCCESS, "cublasAlloc C");
	cublasSetMatrix(m, k, sizeof(double), a, lda, da, lda);
	cublasSetMatrix(n, k, sizeof(double), b, ldb, db, ldb);
	cublasSetMatrix(m, n, sizeof(double), c, ldc, dc, ldc);
	cublasDgemm('N', 't', m, n, k, alpha, da, lda, db, ldb, beta, dc, ldc);
	expect(cublasGetError() == CUBLAS_STATUS_SUCCESS, "cublasDgemm: no error");
	cublasGetMatrix(m, n, sizeof(double), dc, ldc, c, ldc);
	double worst = 0;
	for (int i = 0; i < ldc * n; i++)
		worst = fmax(worst, fabs(c[i] - want[i]));
	expect(worst < 1e-9, "cublasDgemm('N', 't') equals the naive loop");
	cublasFree(da);
	cublasFree(db);
	cublasFree(dc);
	free(a);
	free(b);
	free(c);
	free(want);
}

// L X = B with L unit lower triangular (its diagonal not read), B = L X0.
static void check_dtrsm(void)
{
	const int m = 24, n = 5;
	double l[m * m], x0[m * n], rhs[m * n];
	double *dl, *db;

	for (int j = 0; j < m; j++)
		for (int i = 0; i < m; i++)
			l[i + j * m] = i > j ? 0.125 * (double)((i + 2 * j) % 5) - 0.25 : (i == j ? 99.0 : 7.0);
	for (int i = 0; i < m * n; i++)
		x0[i] = (double)(i % 7) - 3.0;
	for (int j = 0; j < n; j++)
		for (int i = 0; i < m; i++) {
			double s = x0[i + j * m];	// unit diagonal
			for (int p = 0; p < i; p++)
				s += l[i + p * m] * x0[p + j * m];
			rhs[i + j * m] = s;
		}
	cudaMalloc((void **)&dl, sizeof(l));
	cudaMalloc((void **)&db, sizeof(rhs));
	cudaMemcpy(dl, l, sizeof(l), cudaMemcpyHostToDevice);
	cudaMemcpy(db, rhs, sizeof(rhs), cudaMemcpyHostToDevice);
	cublasDtrsm('L', 'L', 'N', 'U', m, n, 1.0, dl, m, db, m);
	expect(cublasGetError() == CUBLAS_STATUS_SUCCESS, "cublasDtrsm: no error");
	cudaMemcpy(rhs, db, sizeof(rhs), cudaMemcpyDeviceToHost);
	double worst = 0;
	for (int i = 0; i < m * n; i++)
		worst = fmax(worst, fabs(rhs[i] - x0[i]));
	expect(worst < 1e-9, "cublasDtrsm('L', 'L', 'N', 'U') gives back the known solution");
	cudaFree(dl);
	cudaFree(db);
}

static void check_level1(void)
{
	const int n = 100;
	float x[n], y[n];
	float *dx, *dy;

	for (int i = 0; i < n; i++) {
		x[i] = (float)(i % 10);	// 0..9 ten times: sum 450, squares 2850
		y[i] = 1.0f;
	}
	x[57] = -20.0f;	// the largest magnitude, index 58 (1-based)
	cublasAlloc(n, sizeof(float), (void **)&dx);
	cublasAlloc(n, sizeof(float), (void **)&dy);
	cublasSetVector(n, sizeof(float), x, 1, dx, 1);
	cublasSetVector(n, sizeof(float), y, 1, dy, 1);
	cublasSaxpy(n, 2.0f, dx, 1, dy, 1);	// y = 2x + 1
	cublasGetVector(n, sizeof(float), dy, 1, y, 1);
	expect(y[3] == 7.0f && y[57] == -39.0f, "cublasSaxpy");
	float dot = cublasSdot(n, dx, 1, dx, 1);	// 2850 - 49 + 400
	expect(dot == 3201.0f, "cublasSdot");
	expect(fabsf(cublasSnrm2(n, dx, 1) - sqrtf(3201.0f)) < 1e-3f, "cublasSnrm2");
	expect(cublasIsamax(n, dx, 1) == 58, "cublasIsamax is 1-based");
	expect(cublasSasum(n, dx, 1) == 450.0f - 7.0f + 20.0f, "cublasSasum");
	expect(cublasGetError() == CUBLAS_STATUS_SUCCESS, "level 1: no error");
	cublasFree(dx);
	cublasFree(dy);
}

static void check_errors(void)
{
	double *d;

	cudaMalloc((void **)&d, 16 * sizeof(double));
	cublasDgemm('X', 'N', 4, 4, 4, 1.0, d, 4, d, 4, 0.0, d, 4);
	expect(cublasGetError() == CUBLAS_STATUS_INVALID_VALUE, "a bad operation character: INVALID_VALUE");
	expect(cublasGetError() == CUBLAS_STATUS_SUCCESS, "cublasGetError cleared it");
	cublasDgemm('N', 'N', -1, 4, 4, 1.0, d, 4, d, 4, 0.0, d, 4);
	expect(cublasGetError() == CUBLAS_STATUS_INVALID_VALUE, "a negative size: INVALID_VALUE");
	cudaFree(d);
}

int main(void)
{
	int version = 0;

	expect(cublasInit() == CUBLAS_STATUS_SUCCESS, "cublasInit");
	expect(cublasGetVersion(&version) == CUBLAS_STATUS_SUCCESS && version > 0, "cublasGetVersion");
	check_dgemm();
	check_dtrsm();
	check_level1();
	check_errors();
	expect(cublasShutdown() == CUBLAS_STATUS_SUCCESS, "cublasShutdown");
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures != 0;
}
