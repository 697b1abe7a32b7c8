// SPDX-License-Identifier: MIT
/*
 * test_legacy_header.c - cublas.h alone gives the runtime API, as NVIDIA's
 * does (it includes cuda_runtime.h).  HPL's CUDA port (src/cuda/cuda_dgemm.cpp,
 * built by mpicc, a host compiler) includes only <cublas.h> and <cuda.h> and
 * calls cudaMalloc, cudaMemcpy, cudaDeviceSynchronize and cudaFree around
 * the legacy cublasDgemm/cublasDtrsm; ours declared none of those (a build
 * error, HeCBench hpl, eighteenth session).  So this file includes nothing
 * of CUDA but cublas.h, and does what that port does on small matrices
 * whose products are worked out here by hand.
 */
#include <cublas.h>
#include "tap.h"

/* C = A B, column-major 2 x 2, the port's dgemm path: device copies, product, copy back */
TAP_TEST(dgemm_through_runtime)
{
	const double a[4] = {1, 3, 2, 4}, b[4] = {5, 7, 6, 8}; /* A = [1 2; 3 4], B = [5 6; 7 8] */
	const double want[4] = {19, 43, 22, 50};	       /* A B = [19 22; 43 50] */
	double c[4] = {0}, *da = NULL, *db = NULL, *dc = NULL;
	int same = 1;

	tap_ok(cublasInit() == CUBLAS_STATUS_SUCCESS, "cublasInit");
	tap_ok(cudaMalloc((void **)&da, sizeof a) == cudaSuccess &&
		   cudaMalloc((void **)&db, sizeof b) == cudaSuccess &&
		   cudaMalloc((void **)&dc, sizeof c) == cudaSuccess,
	       "cudaMalloc, declared by cublas.h");
	tap_ok(cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice) == cudaSuccess &&
		   cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice) == cudaSuccess,
	       "cudaMemcpy host to device");
	cublasDgemm('N', 'N', 2, 2, 2, 1.0, da, 2, db, 2, 0.0, dc, 2);
	tap_ok(cublasGetError() == CUBLAS_STATUS_SUCCESS, "cublasDgemm");
	tap_ok(cudaDeviceSynchronize() == cudaSuccess, "cudaDeviceSynchronize");
	tap_ok(cudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost) == cudaSuccess,
	       "cudaMemcpy device to host");
	for (int i = 0; i < 4; i++)
		same &= c[i] == want[i];
	tap_ok(same, "A B = [19 22; 43 50] (got [%g %g; %g %g])", c[0], c[2], c[1], c[3]);
	tap_ok(cudaFree(da) == cudaSuccess && cudaFree(db) == cudaSuccess &&
		   cudaFree(dc) == cudaSuccess,
	       "cudaFree");
	tap_ok(cublasShutdown() == CUBLAS_STATUS_SUCCESS, "cublasShutdown");
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
