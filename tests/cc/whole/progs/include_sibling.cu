// A kernel in an included file (include_sibling/stencil.cuh) that includes its
// own neighbours by quoted names: "coeffs.h" beside it, "../include_sibling_grid.h"
// above it.  A decoy coeffs.h beside this file holds other weights: the
// header's include must find its own neighbour, as nvcc's would.
#include <cstdio>
#include "coeffs.h"
#include "include_sibling/stencil.cuh"

int main()
{
	const int n = GRID_N;
	float h[n], out[n], *d_in, *d_out;

	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 7);
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(out));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	stencil3<<<n / GRID_BLOCK, GRID_BLOCK>>>(d_in, d_out, n);
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	bool ok = DECOY_WEIGHT == 100;
	for (int i = 0; i < n; i++) {
		float l = i > 0 ? h[i - 1] : 0.0f, r = i < n - 1 ? h[i + 1] : 0.0f;
		ok &= out[i] == 1.0f * l + 2.0f * h[i] + 1.0f * r;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
