// SPDX-License-Identifier: MIT
// Many small linear systems at once, as batched-LU codes write it: a kernel
// fills a batch of matrices on the device, an array of device pointers is
// copied over, cublasSgetrfBatched factors them (pivots and infos on the
// device), cublasSgetrsBatched solves A x = b for each, cublasSgetriBatched
// and cublasDmatinvBatched invert them.  The host checks each residual
// |A x - b| and A * inv(A) = I with plain loops.  Prints PASSED or FAILED.
// Build: idxgen-cc -o lu_batched_solve lu_batched_solve.cu -lcublas
//        nvcc -arch=sm_90 -o lu_batched_solve lu_batched_solve.cu -lcublas
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#define CK(call)                                                                            \
	do {                                                                                \
		cudaError_t e_ = (call);                                                    \
		if (e_ != cudaSuccess) {                                                    \
			printf("CUDA error %s at line %d\nFAILED\n", cudaGetErrorString(e_), __LINE__); \
			return 1;                                                           \
		}                                                                           \
	} while (0)
#define CB(call)                                                                            \
	do {                                                                                \
		cublasStatus_t s_ = (call);                                                 \
		if (s_ != CUBLAS_STATUS_SUCCESS) {                                          \
			printf("cuBLAS error %d at line %d\nFAILED\n", (int)s_, __LINE__);  \
			return 1;                                                           \
		}                                                                           \
	} while (0)

// Matrix b of the batch, column-major n x n: a hash of (b, i, j) in [-1, 1],
// plus n on a permuted diagonal: the identity's on even matrices, the rows
// shifted by one on odd ones, so that pivoting is needed there.
template <typename T>
__global__ void fill(T *a, int n, int batch)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx >= n * n * batch)
		return;
	int b = idx / (n * n), j = (idx / n) % n, i = idx % n;
	unsigned h = (unsigned)(b * 7919 + i * 131 + j * 31 + 17);
	h ^= h >> 13;
	h *= 0x5bd1e995u;
	h ^= h >> 15;
	T v = (T)(h % 2001) / (T)1000 - (T)1;
	int big_row = (b & 1) ? (j + 1) % n : j;
	if (i == big_row)
		v += (T)n;
	a[idx] = v;
}

template <typename T>
static double max_residual(const T *a, const T *x, const T *rhs, int n)
{
	double worst = 0;
	for (int i = 0; i < n; i++) {
		double s = 0;
		for (int k = 0; k < n; k++)
			s += (double)a[i + k * n] * x[k];
		worst = fmax(worst, fabs(s - rhs[i]));
	}
	return worst;
}

template <typename T>
static double max_off_identity(const T *a, const T *inv, int n)
{
	double worst = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			double s = 0;
			for (int k = 0; k < n; k++)
				s += (double)a[i + k * n] * inv[k + j * n];
			worst = fmax(worst, fabs(s - (i == j ? 1.0 : 0.0)));
		}
	return worst;
}

template <typename T>
static std::vector<T *> pointers(T *base, int n, int batch)
{
	std::vector<T *> p(batch);
	for (int b = 0; b < batch; b++)
		p[b] = base + (size_t)b * n * n;
	return p;
}

int main()
{
	const int n = 17, batch = 101, small = 12;
	bool ok = true;
	cublasHandle_t handle;
	CB(cublasCreate(&handle));

	// single precision: factor, solve, invert
	float *d_a, *d_lu, *d_inv, *d_x;
	float **d_lu_ptrs, **d_inv_ptrs, **d_x_ptrs;
	int *d_piv, *d_info;
	size_t mat = (size_t)n * n * batch;
	CK(cudaMalloc(&d_a, mat * sizeof(float)));
	CK(cudaMalloc(&d_lu, mat * sizeof(float)));
	CK(cudaMalloc(&d_inv, mat * sizeof(float)));
	CK(cudaMalloc(&d_x, (size_t)n * batch * sizeof(float)));
	CK(cudaMalloc(&d_lu_ptrs, batch * sizeof(float *)));
	CK(cudaMalloc(&d_inv_ptrs, batch * sizeof(float *)));
	CK(cudaMalloc(&d_x_ptrs, batch * sizeof(float *)));
	CK(cudaMalloc(&d_piv, (size_t)n * batch * sizeof(int)));
	CK(cudaMalloc(&d_info, batch * sizeof(int)));
	fill<float><<<(int)((mat + 255) / 256), 256>>>(d_a, n, batch);
	CK(cudaGetLastError());
	CK(cudaMemcpy(d_lu, d_a, mat * sizeof(float), cudaMemcpyDeviceToDevice));

	std::vector<float> h_rhs((size_t)n * batch);
	for (size_t i = 0; i < h_rhs.size(); i++)
		h_rhs[i] = (float)((i * 37) % 11) - 5.0f;
	CK(cudaMemcpy(d_x, h_rhs.data(), h_rhs.size() * sizeof(float), cudaMemcpyHostToDevice));

	std::vector<float *> lu_p = pointers(d_lu, n, batch), inv_p = pointers(d_inv, n, batch);
	std::vector<float *> x_p(batch);
	for (int b = 0; b < batch; b++)
		x_p[b] = d_x + (size_t)b * n;
	CK(cudaMemcpy(d_lu_ptrs, lu_p.data(), batch * sizeof(float *), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(d_inv_ptrs, inv_p.data(), batch * sizeof(float *), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(d_x_ptrs, x_p.data(), batch * sizeof(float *), cudaMemcpyHostToDevice));

	CB(cublasSgetrfBatched(handle, n, d_lu_ptrs, n, d_piv, d_info, batch));
	int info = 0;
	CB(cublasSgetrsBatched(handle, CUBLAS_OP_N, n, 1, (const float *const *)d_lu_ptrs, n, d_piv, d_x_ptrs, n,
			       &info, batch));
	std::vector<int> h_info(batch);
	CB(cublasSgetriBatched(handle, n, (const float *const *)d_lu_ptrs, n, d_piv, d_inv_ptrs, n, d_info,
			       batch));
	CK(cudaDeviceSynchronize());
	CK(cudaMemcpy(h_info.data(), d_info, batch * sizeof(int), cudaMemcpyDeviceToHost));

	std::vector<float> h_a(mat), h_inv(mat), h_x((size_t)n * batch);
	std::vector<int> h_piv((size_t)n * batch);
	CK(cudaMemcpy(h_a.data(), d_a, mat * sizeof(float), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(h_inv.data(), d_inv, mat * sizeof(float), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(h_x.data(), d_x, h_x.size() * sizeof(float), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(h_piv.data(), d_piv, h_piv.size() * sizeof(int), cudaMemcpyDeviceToHost));

	int swapped = 0;
	double res = 0, off = 0;
	for (int b = 0; b < batch; b++) {
		if (h_info[b] != 0) {
			printf("matrix %d: info %d\n", b, h_info[b]);
			ok = false;
		}
		for (int k = 0; k < n; k++)
			swapped += h_piv[(size_t)b * n + k] != k + 1;
		res = fmax(res, max_residual(&h_a[(size_t)b * n * n], &h_x[(size_t)b * n], &h_rhs[(size_t)b * n], n));
		off = fmax(off, max_off_identity(&h_a[(size_t)b * n * n], &h_inv[(size_t)b * n * n], n));
	}
	printf("getrs info %d, pivots that swap %d, max |Ax-b| %.3g, max |A inv(A) - I| %.3g\n", info, swapped,
	       res, off);
	ok = ok && info == 0 && swapped > 0 && res < 1e-4 && off < 1e-4;

	// double precision, matinvBatched (n <= 32)
	double *d_s, *d_sinv, **d_s_ptrs, **d_sinv_ptrs;
	size_t smat = (size_t)small * small * batch;
	CK(cudaMalloc(&d_s, smat * sizeof(double)));
	CK(cudaMalloc(&d_sinv, smat * sizeof(double)));
	CK(cudaMalloc(&d_s_ptrs, batch * sizeof(double *)));
	CK(cudaMalloc(&d_sinv_ptrs, batch * sizeof(double *)));
	fill<double><<<(int)((smat + 127) / 128), 128>>>(d_s, small, batch);
	CK(cudaGetLastError());
	std::vector<double *> s_p = pointers(d_s, small, batch), sinv_p = pointers(d_sinv, small, batch);
	CK(cudaMemcpy(d_s_ptrs, s_p.data(), batch * sizeof(double *), cudaMemcpyHostToDevice));
	CK(cudaMemcpy(d_sinv_ptrs, sinv_p.data(), batch * sizeof(double *), cudaMemcpyHostToDevice));
	CB(cublasDmatinvBatched(handle, small, (const double *const *)d_s_ptrs, small, d_sinv_ptrs, small, d_info,
				batch));
	std::vector<double> h_s(smat), h_sinv(smat);
	CK(cudaMemcpy(h_s.data(), d_s, smat * sizeof(double), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(h_sinv.data(), d_sinv, smat * sizeof(double), cudaMemcpyDeviceToHost));
	CK(cudaMemcpy(h_info.data(), d_info, batch * sizeof(int), cudaMemcpyDeviceToHost));
	double doff = 0;
	for (int b = 0; b < batch; b++) {
		ok = ok && h_info[b] == 0;
		doff = fmax(doff, max_off_identity(&h_s[(size_t)b * small * small], &h_sinv[(size_t)b * small * small],
						   small));
	}
	printf("matinv max |A inv(A) - I| %.3g\n", doff);
	ok = ok && doff < 1e-12;

	cudaFree(d_a); cudaFree(d_lu); cudaFree(d_inv); cudaFree(d_x);
	cudaFree(d_lu_ptrs); cudaFree(d_inv_ptrs); cudaFree(d_x_ptrs);
	cudaFree(d_piv); cudaFree(d_info);
	cudaFree(d_s); cudaFree(d_sinv); cudaFree(d_s_ptrs); cudaFree(d_sinv_ptrs);
	CB(cublasDestroy(handle));
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
