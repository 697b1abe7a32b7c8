// SPDX-License-Identifier: MIT
/*
 * test_runtime_header.c - cusparse.h alone gives the runtime API, as
 * NVIDIA's does (it includes cuda_runtime_api.h): a file built by a host
 * compiler may allocate and copy with no CUDA header of its own.  Ours
 * declared no cudaMalloc there (found with cublas.h's, HeCBench hpl,
 * eighteenth session).  So this file includes nothing of CUDA but
 * cusparse.h: the row pointers of a 3 x 3 matrix with 4 entries copied to
 * the device, expanded to row indices (cusparseXcsr2coo), copied back.
 */
#include <cusparse.h>
#include "tap.h"

TAP_TEST(csr2coo_through_runtime)
{
	const int rowptr[4] = {0, 2, 2, 4},
		  want[4] = {0, 0, 2, 2}; /* rows 0 and 2 hold two entries each */
	int rows[4] = {-1, -1, -1, -1}, *drowptr = NULL, *drows = NULL, same = 1;
	cusparseHandle_t h = NULL;

	tap_ok(cusparseCreate(&h) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
	tap_ok(cudaMalloc((void **)&drowptr, sizeof rowptr) == cudaSuccess &&
		   cudaMalloc((void **)&drows, sizeof rows) == cudaSuccess,
	       "cudaMalloc, declared by cusparse.h");
	tap_ok(cudaMemcpy(drowptr, rowptr, sizeof rowptr, cudaMemcpyHostToDevice) == cudaSuccess,
	       "cudaMemcpy host to device");
	tap_ok(cusparseXcsr2coo(h, drowptr, 4, 3, drows, CUSPARSE_INDEX_BASE_ZERO) ==
		   CUSPARSE_STATUS_SUCCESS,
	       "cusparseXcsr2coo");
	tap_ok(cudaDeviceSynchronize() == cudaSuccess, "cudaDeviceSynchronize");
	tap_ok(cudaMemcpy(rows, drows, sizeof rows, cudaMemcpyDeviceToHost) == cudaSuccess,
	       "cudaMemcpy device to host");
	for (int i = 0; i < 4; i++)
		same &= rows[i] == want[i];
	tap_ok(same, "row indices 0 0 2 2 (got %d %d %d %d)", rows[0], rows[1], rows[2], rows[3]);
	tap_ok(cudaFree(drowptr) == cudaSuccess && cudaFree(drows) == cudaSuccess, "cudaFree");
	tap_ok(cusparseDestroy(h) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
