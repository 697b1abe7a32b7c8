// A kernel defined in a header that the program finds through -I ../inc, a
// folder beside its own (cuda-samples' FDTD3d: src/FDTD3dGPU.cu includes
// "FDTD3dGPUKernel.cuh" from inc/).  idxgen-cc refused it: "kernels defined
// in .../inc/stencil_kernel.cuh, a file outside the program's folder, are
// not supported".  The translated header now goes to a mirror of the -I
// folder that the compile searches first.  whole.sh builds it with
// -I search_path/inc; the host computes the same stencil.
#include <cstdio>
#include <cstdlib>
#include "stencil_params.h"
#include "stencil_kernel.cuh"

bool run_stencil(float *out, const float *in, int dimx, int dimy, int dimz)
{
	const float w[RADIUS + 1] = { 0.5f, 0.25f, 0.125f };
	size_t bytes = (size_t)dimx * dimy * dimz * sizeof(float);
	float *din, *dout;

	if (cudaMalloc(&din, bytes) != cudaSuccess || cudaMalloc(&dout, bytes) != cudaSuccess)
		return false;
	cudaMemcpyToSymbol(weights, w, sizeof(w));
	cudaMemcpy(din, in, bytes, cudaMemcpyHostToDevice);
	dim3 block(TILE_X, TILE_Y), grid(dimx / TILE_X, dimy / TILE_Y);
	stencil_x<<<grid, block>>>(dout, din, dimx, dimy, dimz);
	bool ok = cudaMemcpy(out, dout, bytes, cudaMemcpyDeviceToHost) == cudaSuccess;
	cudaFree(din);
	cudaFree(dout);
	return ok;
}

int main()
{
	const int dimx = 64, dimy = 8, dimz = 3, n = dimx * dimy * dimz;
	const float w[RADIUS + 1] = { 0.5f, 0.25f, 0.125f };
	float *in = (float *)malloc(n * sizeof(float)), *out = (float *)malloc(n * sizeof(float));
	int bad = 0;

	for (int i = 0; i < n; i++)
		in[i] = (float)((i * 7) % 13);
	if (!run_stencil(out, in, dimx, dimy, dimz)) {
		puts("FAIL");
		return 1;
	}
	for (int i = 0; i < n; i++) {
		int x = i % dimx;
		float v = w[0] * in[i];
		for (int r = 1; r <= RADIUS; r++)
			v += w[r] * ((x - r >= 0 ? in[i - r] : 0.0f) + (x + r < dimx ? in[i + r] : 0.0f));
		if (out[i] != v && bad++ < 5)
			printf("out[%d] = %g, want %g\n", i, out[i], v);
	}
	printf("%d of %d wrong\n", bad, n);
	puts(bad ? "FAIL" : "PASS");
	free(in);
	free(out);
	return bad != 0;
}
