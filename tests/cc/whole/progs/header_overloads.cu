// One kernel template name overloaded across two headers, as segmented-sort
// libraries ship a keys-only and a key-value header (HeCBench segsort's
// gen_copy): both headers' kernels are translated with their headers, and
// each counted only its own file's overloads, so both descriptors were
// gather_reversed__kernel ("too few template parameters in template
// redeclaration": idxgen-cc: internal error).  Overload N of the unit now
// takes __oN wherever it is defined.
#include <cstdio>
#include <cuda_runtime.h>
#include "header_overloads/pairs.cuh"
#include "header_overloads/keys.cuh"

#define NSEG 5

int main()
{
	const int begins[NSEG] = { 0, 3, 3, 40, 100 }, ends[NSEG] = { 3, 3, 40, 100, 300 };
	const int n = 300;
	static int key[n], key_out[n], key_only[n];
	static float val[n], val_out[n];
	int *d_key, *d_key_out, *d_key_only, *d_b, *d_e;
	float *d_val, *d_val_out;
	int bad = 0;

	for (int i = 0; i < n; i++) {
		key[i] = (i * 7919) % 1000;
		val[i] = 0.5f * (float)i;
	}
	cudaMalloc(&d_key, sizeof(key));
	cudaMalloc(&d_key_out, sizeof(key));
	cudaMalloc(&d_key_only, sizeof(key));
	cudaMalloc(&d_val, sizeof(val));
	cudaMalloc(&d_val_out, sizeof(val));
	cudaMalloc(&d_b, sizeof(begins));
	cudaMalloc(&d_e, sizeof(ends));
	cudaMemcpy(d_key, key, sizeof(key), cudaMemcpyHostToDevice);
	cudaMemcpy(d_val, val, sizeof(val), cudaMemcpyHostToDevice);
	cudaMemcpy(d_b, begins, sizeof(begins), cudaMemcpyHostToDevice);
	cudaMemcpy(d_e, ends, sizeof(ends), cudaMemcpyHostToDevice);
	gather_reversed<<<NSEG, 32>>>(d_key, d_val, d_key_out, d_val_out, d_b, d_e, NSEG);
	gather_reversed<<<NSEG, 32>>>(d_key, d_key_only, d_b, d_e, NSEG);
	cudaMemcpy(key_out, d_key_out, sizeof(key), cudaMemcpyDeviceToHost);
	cudaMemcpy(val_out, d_val_out, sizeof(val), cudaMemcpyDeviceToHost);
	cudaMemcpy(key_only, d_key_only, sizeof(key), cudaMemcpyDeviceToHost);
	for (int s = 0; s < NSEG; s++)
		for (int t = 0; t < ends[s] - begins[s]; t++) {
			int i = begins[s] + t, from = ends[s] - 1 - t;

			bad += key_out[i] != key[from] || val_out[i] != val[from] || key_only[i] != key[from] + 1;
		}
	printf("%d of %d wrong\n", bad, n);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
