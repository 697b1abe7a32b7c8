// SPDX-License-Identifier: MIT
// A batch of pentadiagonal systems solved with cusparseDgpsvInterleavedBatch,
// as NVIDIA's CUDA Library Samples do (gpsvInterleavedBatch): four systems
// of order 64, the discrete biharmonic operator [1, -4, 6, -4, 1] plus a
// different shift per system, stored interleaved (entry i of system j at
// i * batch + j); the right-hand side is made by our own kernel from a chosen
// solution, and the solver must give that solution back.  The diagonals
// are copied with cudaMemcpyAsync on the handle's stream and the solver
// called at once.  Prints PASSED or FAILED.
// Build: idxgen-cc -o gpsv_batch gpsv_batch.cu -lcusparse
//        nvcc -arch=sm_90 -o gpsv_batch gpsv_batch.cu -lcusparse
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CHECK_CUDA(call)                                                                           \
	{                                                                                          \
		cudaError_t e_ = (call);                                                           \
		if (e_ != cudaSuccess) {                                                           \
			printf("CUDA API failed at line %d: %s\n", __LINE__,                       \
			       cudaGetErrorString(e_));                                            \
			return 1;                                                                  \
		}                                                                                  \
	}
#define CHECK_CUSPARSE(call)                                                                       \
	{                                                                                          \
		cusparseStatus_t s_ = (call);                                                      \
		if (s_ != CUSPARSE_STATUS_SUCCESS) {                                               \
			printf("CUSPARSE API failed at line %d: %s (%d)\n", __LINE__,              \
			       cusparseGetErrorString(s_), (int)s_);                               \
			return 1;                                                                  \
		}                                                                                  \
	}

// b = A x for every system, A given by its five interleaved diagonals
__global__ void penta_apply(int m, int batch, const double *ds, const double *dl, const double *d,
			    const double *du, const double *dw, const double *x, double *b)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, j = blockIdx.y;
	if (i >= m)
		return;
	double s = d[i * batch + j] * x[i * batch + j];
	if (i >= 2)
		s += ds[i * batch + j] * x[(i - 2) * batch + j];
	if (i >= 1)
		s += dl[i * batch + j] * x[(i - 1) * batch + j];
	if (i + 1 < m)
		s += du[i * batch + j] * x[(i + 1) * batch + j];
	if (i + 2 < m)
		s += dw[i * batch + j] * x[(i + 2) * batch + j];
	b[i * batch + j] = s;
}

int main()
{
	const int m = 64, batch = 4, n = m * batch;
	std::vector<double> ds(n), dl(n), d(n), du(n), dw(n), x(n), b(n);
	for (int i = 0; i < m; i++)
		for (int j = 0; j < batch; j++) {
			int k = i * batch + j;
			ds[k] = i >= 2 ? 1.0 : 0.0;
			dl[k] = i >= 1 ? -4.0 : 0.0;
			d[k] = 6.0 + 0.5 * j;
			du[k] = i + 1 < m ? -4.0 : 0.0;
			dw[k] = i + 2 < m ? 1.0 : 0.0;
			x[k] = std::sin(0.1 * (i + 1) * (j + 1));
		}
	cudaStream_t stream;
	cusparseHandle_t handle;
	CHECK_CUDA(cudaStreamCreate(&stream));
	CHECK_CUSPARSE(cusparseCreate(&handle));
	CHECK_CUSPARSE(cusparseSetStream(handle, stream));
	double *d_ds, *d_dl, *d_d, *d_du, *d_dw, *d_x, *d_b;
	double **arrays[] = {&d_ds, &d_dl, &d_d, &d_du, &d_dw, &d_x, &d_b};
	for (double **a : arrays)
		CHECK_CUDA(cudaMalloc(a, sizeof(double) * n));
	CHECK_CUDA(
	    cudaMemcpyAsync(d_ds, ds.data(), sizeof(double) * n, cudaMemcpyHostToDevice, stream));
	CHECK_CUDA(
	    cudaMemcpyAsync(d_dl, dl.data(), sizeof(double) * n, cudaMemcpyHostToDevice, stream));
	CHECK_CUDA(
	    cudaMemcpyAsync(d_d, d.data(), sizeof(double) * n, cudaMemcpyHostToDevice, stream));
	CHECK_CUDA(
	    cudaMemcpyAsync(d_du, du.data(), sizeof(double) * n, cudaMemcpyHostToDevice, stream));
	CHECK_CUDA(
	    cudaMemcpyAsync(d_dw, dw.data(), sizeof(double) * n, cudaMemcpyHostToDevice, stream));
	CHECK_CUDA(
	    cudaMemcpyAsync(d_x, x.data(), sizeof(double) * n, cudaMemcpyHostToDevice, stream));
	penta_apply<<<dim3((m + 31) / 32, batch), 32, 0, stream>>>(m, batch, d_ds, d_dl, d_d, d_du,
								   d_dw, d_x, d_b);
	CHECK_CUDA(cudaGetLastError());

	size_t bufferSize = 0;
	void *dBuffer = NULL;
	CHECK_CUSPARSE(cusparseDgpsvInterleavedBatch_bufferSizeExt(
	    handle, 0, m, d_ds, d_dl, d_d, d_du, d_dw, d_b, batch, &bufferSize));
	CHECK_CUDA(cudaMalloc(&dBuffer, bufferSize));
	CHECK_CUSPARSE(cusparseDgpsvInterleavedBatch(handle, 0, m, d_ds, d_dl, d_d, d_du, d_dw, d_b,
						     batch, dBuffer));
	CHECK_CUDA(
	    cudaMemcpyAsync(b.data(), d_b, sizeof(double) * n, cudaMemcpyDeviceToHost, stream));
	CHECK_CUDA(cudaStreamSynchronize(stream));

	double err = 0;
	for (int k = 0; k < n; k++)
		err = std::fmax(err, std::fabs(b[k] - x[k]));
	printf("gpsvInterleavedBatch: %d systems of order %d, max |x - x_chosen| = %.3g\n", batch,
	       m, err);
	for (double **a : arrays)
		CHECK_CUDA(cudaFree(*a));
	CHECK_CUDA(cudaFree(dBuffer));
	CHECK_CUSPARSE(cusparseDestroy(handle));
	CHECK_CUDA(cudaStreamDestroy(stream));
	bool ok = err < 1e-8;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
