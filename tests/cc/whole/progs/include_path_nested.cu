// Headers that include each other through the include path (nvcc -I with
// the .cu's folder; HeCBench warpsort builds with -I.): the .cu includes
// lanes.cuh, and reduce.cuh includes it again by a name relative to the
// .cu's folder.  Both must be the one file to `#pragma once`: before the
// fix the translated reduce.cuh found the untranslated lanes.cuh, and the
// C++ written for the .cu redefined warp_sum (exit 2, internal error).
// Host reference: the sum of each warp's 32 inputs.
#include <cstdio>
#include "include_path_nested/lanes.cuh"
#include "include_path_nested/reduce.cuh"

int main()
{
	const int n = 1000, warps = (n + 31) / 32;
	int h[n], out[warps], *d_in, *d_out;

	for (int i = 0; i < n; i++)
		h[i] = (i * 37) % 101 - 50;
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(out));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	warp_totals<<<warps, 32>>>(d_in, d_out, n);
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int w = 0; w < warps; w++) {
		int s = 0;
		for (int i = w * 32; i < w * 32 + 32 && i < n; i++)
			s += h[i];
		bad += out[w] != s;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%d of %d warp sums wrong\n%s\n", bad, warps, bad ? "FAIL" : "PASS");
	return bad != 0;
}
