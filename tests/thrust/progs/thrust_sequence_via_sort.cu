// SPDX-License-Identifier: MIT
// thrust::sequence without <thrust/sequence.h>, as logic-synthesis codes
// write it (HeCBench logic-rewrite's balance.cu, whose hash_table.h includes
// <thrust/sort.h>): an index array made with thrust::sequence, sorted by
// key, then a kernel gathers through it.  Under nvcc <thrust/sort.h> reaches
// the CUDA system's sort header, which includes <thrust/sequence.h>; with
// Debian's systems it was not declared ("no member named 'sequence' in
// namespace 'thrust'").  Values are checked against loops on the host.
// Prints PASSED or FAILED.
// Build: idxgen-cc -o thrust_sequence_via_sort thrust_sequence_via_sort.cu
//        nvcc -arch=sm_90 -o thrust_sequence_via_sort thrust_sequence_via_sort.cu
#include <cuda_runtime.h>
#include <thrust/execution_policy.h>
#include <thrust/sort.h>
#include <cstdio>
#include <vector>

__global__ void gather_levels(const int *idx, const int *level, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = level[idx[i]] * 2 + idx[i];
}

int main()
{
	const int n = 1000;
	int failures = 0;
	int *idx, *level, *out;
	std::vector<int> h_level(n), h_out(n), h_idx(n);

	for (int i = 0; i < n; i++)
		h_level[i] = (i * 37) % 101;
	cudaMalloc(&idx, n * sizeof(int));
	cudaMalloc(&level, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemcpy(level, h_level.data(), n * sizeof(int), cudaMemcpyHostToDevice);

	// consecutive indices sorted by level (stable: ties keep index order)
	thrust::sequence(thrust::device, idx, idx + n);
	int *keys;
	cudaMalloc(&keys, n * sizeof(int));
	cudaMemcpy(keys, h_level.data(), n * sizeof(int), cudaMemcpyHostToDevice);
	thrust::stable_sort_by_key(thrust::device, keys, keys + n, idx);
	cudaFree(keys);
	gather_levels<<<(n + 127) / 128, 128>>>(idx, level, out, n);
	cudaMemcpy(h_out.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost);
	int k = 0;
	for (int lv = 0; lv <= 100; lv++)	// the same order by a counting pass
		for (int i = 0; i < n; i++)
			if (h_level[i] == lv) {
				if (h_out[k] != lv * 2 + i && failures++ < 5)
					printf("FAILED: out[%d] = %d, expected %d\n", k, h_out[k], lv * 2 + i);
				k++;
			}
	thrust::sequence(thrust::device, idx, idx + n, 5, 3);
	cudaMemcpy(h_idx.data(), idx, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (h_idx[i] != 5 + 3 * i) {
			if (failures++ < 5)
				printf("FAILED: idx[%d] = %d, expected %d\n", i, h_idx[i], 5 + 3 * i);
		}
	cudaFree(idx);
	cudaFree(level);
	cudaFree(out);
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
