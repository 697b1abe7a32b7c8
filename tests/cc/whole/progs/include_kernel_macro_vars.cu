// A kernel in a .cu file that the program's .cu includes (Parboil's lbm:
// lbm.cu includes "lbm_kernel.cu"), whose thread's cell is held in
// variables a header's macro declares (SWEEP_VAR) and read through other
// macros of that header.  idxgen-cc kept the variables per thread but left
// their names in the macros' text: "use of undeclared identifier
// '__sweep_x__'", an internal error (exit 2).  Checked against the same
// sweep on the host.
#include <cstdio>
#include <cuda_runtime.h>
#include "include_kernel_macro_vars/lattice_kernel.cu"

int main()
{
	const int n = SIZE_X * SIZE_Y * SIZE_Z * N_ENTRIES;
	static float src[n], dst[n], ref[n];
	for (int i = 0; i < n; i++)
		src[i] = (float)(i % 17) - 8.0f;
	for (int z = 0; z < SIZE_Z; z++)
		for (int y = 0; y < SIZE_Y; y++)
			for (int x = 0; x < SIZE_X; x++) {
				int nx = x + 1 < SIZE_X ? x + 1 : x;
				float c = src[CALC_INDEX(x, y, z, 0)], no = src[CALC_INDEX(x, y, z, 1)];
				float so = src[CALC_INDEX(x, y, z, 2)], e = src[CALC_INDEX(nx, y, z, 0)];
				ref[CALC_INDEX(x, y, z, 0)] = c + 0.5f * e;
				ref[CALC_INDEX(x, y, z, 1)] = so;
				ref[CALC_INDEX(x, y, z, 2)] = no - c;
			}
	float *d_src, *d_dst;
	cudaMalloc(&d_src, sizeof(src));
	cudaMalloc(&d_dst, sizeof(dst));
	cudaMemcpy(d_src, src, sizeof(src), cudaMemcpyHostToDevice);
	stream_cells<<<dim3(SIZE_Y, SIZE_Z), SIZE_X>>>(d_src, d_dst);
	cudaMemcpy(dst, d_dst, sizeof(dst), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += dst[i] != ref[i];
	printf("%d of %d lattice entries differ from the host sweep\n", bad, n);
	printf("%d passed, %d failed\n", !bad, !!bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	cudaFree(d_src);
	cudaFree(d_dst);
	return bad ? 1 : 0;
}
