// SPDX-License-Identifier: MIT
// cuSPARSE's legacy calls as benchmark codes still make them: a dense
// matrix's nonzeros counted by row with cusparseSnnz (a matrix descriptor
// set to GENERAL, base 0), a CSR matrix whose columns came unsorted (as
// after a parallel assembly) sorted with cusparseXcsrsort and an identity
// permutation, its values moved with cusparseGather (the generic call that
// replaced gthr), and its COO row indices from cusparseXcsr2coo; the same
// steps with base 1 (the Fortran convention).  Checked against the CSR
// form the host builds from the dense matrix.  Prints PASSED or FAILED.
// Build: idxgen-cc -o legacy_sort_nnz legacy_sort_nnz.cu -lcusparse
//        nvcc -arch=sm_90 -o legacy_sort_nnz legacy_sort_nnz.cu -lcusparse
#include <cuda_runtime.h>
#include <cusparse.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK_CUDA(func)                                                            \
	do {                                                                        \
		cudaError_t status = (func);                                        \
		if (status != cudaSuccess) {                                        \
			printf("CUDA API failed at line %d with error: %s (%d)\n", \
			       __LINE__, cudaGetErrorString(status), status);      \
			return 1;                                                   \
		}                                                                   \
	} while (0)

#define CHECK_CUSPARSE(func)                                                            \
	do {                                                                            \
		cusparseStatus_t status = (func);                                       \
		if (status != CUSPARSE_STATUS_SUCCESS) {                                \
			printf("CUSPARSE API failed at line %d with error: %s (%d)\n", \
			       __LINE__, cusparseGetErrorString(status), status);      \
			return 1;                                                       \
		}                                                                       \
	} while (0)

static int run(cusparseHandle_t handle, int m, int n, int base, unsigned seed)
{
	// a column-major dense matrix, about a quarter nonzero
	std::vector<float> dense((size_t)m * n, 0.0f);
	srand(seed);
	for (size_t k = 0; k < dense.size(); k++)
		if (rand() % 4 == 0)
			dense[k] = (float)(rand() % 1000 + 1) / 8.0f;

	// the host's CSR form: columns ascending in each row
	std::vector<int> row_ptr(m + 1), col_ind;
	std::vector<float> val;
	row_ptr[0] = base;
	for (int i = 0; i < m; i++) {
		for (int j = 0; j < n; j++)
			if (dense[i + (size_t)j * m] != 0.0f) {
				col_ind.push_back(j + base);
				val.push_back(dense[i + (size_t)j * m]);
			}
		row_ptr[i + 1] = (int)col_ind.size() + base;
	}
	int nnz = (int)col_ind.size();

	cusparseMatDescr_t descr = 0;
	CHECK_CUSPARSE(cusparseCreateMatDescr(&descr));
	CHECK_CUSPARSE(cusparseSetMatType(descr, CUSPARSE_MATRIX_TYPE_GENERAL));
	CHECK_CUSPARSE(cusparseSetMatIndexBase(descr, base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO));

	// nonzeros per row of the dense matrix
	float *d_dense;
	int *d_nnz_per_row, nnz_total = -1;
	CHECK_CUDA(cudaMalloc(&d_dense, dense.size() * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&d_nnz_per_row, m * sizeof(int)));
	CHECK_CUDA(cudaMemcpy(d_dense, dense.data(), dense.size() * sizeof(float), cudaMemcpyHostToDevice));
	CHECK_CUSPARSE(cusparseSnnz(handle, CUSPARSE_DIRECTION_ROW, m, n, descr, d_dense, m, d_nnz_per_row, &nnz_total));
	std::vector<int> nnz_per_row(m);
	CHECK_CUDA(cudaMemcpy(nnz_per_row.data(), d_nnz_per_row, m * sizeof(int), cudaMemcpyDeviceToHost));
	bool ok = nnz_total == nnz;
	for (int i = 0; i < m; i++)
		ok = ok && nnz_per_row[i] == row_ptr[i + 1] - row_ptr[i];
	if (!ok)
		printf("cusparseSnnz: total %d, expected %d\n", nnz_total, nnz);

	// the same entries with each row's order reversed and rotated
	std::vector<int> cols_unsorted(col_ind);
	std::vector<float> vals_unsorted(val);
	for (int i = 0; i < m; i++) {
		int lo = row_ptr[i] - base, len = row_ptr[i + 1] - row_ptr[i];
		for (int k = 0; k < len; k++) {
			int from = lo + (len - 1 - (k + i) % len);
			cols_unsorted[lo + k] = col_ind[from];
			vals_unsorted[lo + k] = val[from];
		}
	}

	int *d_row_ptr, *d_col, *d_perm, *d_coo_rows;
	float *d_val, *d_val_sorted;
	CHECK_CUDA(cudaMalloc(&d_row_ptr, (m + 1) * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&d_col, nnz * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&d_perm, nnz * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&d_coo_rows, nnz * sizeof(int)));
	CHECK_CUDA(cudaMalloc(&d_val, nnz * sizeof(float)));
	CHECK_CUDA(cudaMalloc(&d_val_sorted, nnz * sizeof(float)));
	CHECK_CUDA(cudaMemcpy(d_row_ptr, row_ptr.data(), (m + 1) * sizeof(int), cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMemcpy(d_col, cols_unsorted.data(), nnz * sizeof(int), cudaMemcpyHostToDevice));
	CHECK_CUDA(cudaMemcpy(d_val, vals_unsorted.data(), nnz * sizeof(float), cudaMemcpyHostToDevice));

	size_t buffer_size = 0;
	void *d_buffer = NULL;
	CHECK_CUSPARSE(cusparseXcsrsort_bufferSizeExt(handle, m, n, nnz, d_row_ptr, d_col, &buffer_size));
	CHECK_CUDA(cudaMalloc(&d_buffer, buffer_size));
	CHECK_CUSPARSE(cusparseCreateIdentityPermutation(handle, nnz, d_perm));
	CHECK_CUSPARSE(cusparseXcsrsort(handle, m, n, nnz, descr, d_row_ptr, d_col, d_perm, d_buffer));

	// sorted values: val_sorted[k] = val[perm[k]]
	cusparseSpVecDescr_t vec_perm;
	cusparseDnVecDescr_t vec_val;
	CHECK_CUSPARSE(cusparseCreateSpVec(&vec_perm, nnz, nnz, d_perm, d_val_sorted, CUSPARSE_INDEX_32I,
					   CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
	CHECK_CUSPARSE(cusparseCreateDnVec(&vec_val, nnz, d_val, CUDA_R_32F));
	CHECK_CUSPARSE(cusparseGather(handle, vec_val, vec_perm));
	CHECK_CUSPARSE(cusparseXcsr2coo(handle, d_row_ptr, nnz, m, d_coo_rows,
					base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO));
	CHECK_CUDA(cudaDeviceSynchronize());

	std::vector<int> cols_out(nnz), rows_out(nnz);
	std::vector<float> vals_out(nnz);
	CHECK_CUDA(cudaMemcpy(cols_out.data(), d_col, nnz * sizeof(int), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(vals_out.data(), d_val_sorted, nnz * sizeof(float), cudaMemcpyDeviceToHost));
	CHECK_CUDA(cudaMemcpy(rows_out.data(), d_coo_rows, nnz * sizeof(int), cudaMemcpyDeviceToHost));
	int bad = 0;
	for (int i = 0; i < m; i++)
		for (int k = row_ptr[i] - base; k < row_ptr[i + 1] - base; k++)
			if (cols_out[k] != col_ind[k] || vals_out[k] != val[k] || rows_out[k] != i + base)
				bad++;
	if (bad)
		printf("csrsort/gather/csr2coo (base %d): %d of %d entries differ\n", base, bad, nnz);
	ok = ok && !bad;
	printf("%d x %d, base %d: %d nonzeros, sorted and gathered\n", m, n, base, nnz);

	CHECK_CUSPARSE(cusparseDestroySpVec(vec_perm));
	CHECK_CUSPARSE(cusparseDestroyDnVec(vec_val));
	CHECK_CUSPARSE(cusparseDestroyMatDescr(descr));
	CHECK_CUDA(cudaFree(d_dense));
	CHECK_CUDA(cudaFree(d_nnz_per_row));
	CHECK_CUDA(cudaFree(d_row_ptr));
	CHECK_CUDA(cudaFree(d_col));
	CHECK_CUDA(cudaFree(d_perm));
	CHECK_CUDA(cudaFree(d_coo_rows));
	CHECK_CUDA(cudaFree(d_val));
	CHECK_CUDA(cudaFree(d_val_sorted));
	CHECK_CUDA(cudaFree(d_buffer));
	return ok ? 0 : 2;
}

int main()
{
	cusparseHandle_t handle = NULL;
	CHECK_CUSPARSE(cusparseCreate(&handle));
	int r1 = run(handle, 300, 200, 0, 7);
	int r2 = run(handle, 57, 91, 1, 11);
	CHECK_CUSPARSE(cusparseDestroy(handle));
	bool ok = r1 == 0 && r2 == 0;
	printf("%s\n", ok ? "PASSED" : "FAILED");
	return ok ? 0 : 1;
}
