// A kernel file the program's .cu includes, whose statements read
// __shared__ elements through a product macro of a header (Altis lavaMD:
// `r2 = rA_shared[wtx].v + rB_shared[j].v - DOT(rA_shared[wtx], rB_shared[j]);`
// with `#define DOT(A,B) ((A.x)*(B.x)+...)` in lavaMD.h).  idxgen-cc could
// not read a header's #define, took each binary operator of it over
// __shared__ memory for an assignment, and refused the kernel as a lock-step
// store "written in a macro" (exit 1).  Checked against the same sums on
// the host (small integers: exact in any order).
#include <cstdio>
#include <cuda_runtime.h>
#include "header_macro_products/pair_kernel.cu"

int main()
{
	const int boxes = 3, n = boxes * PAR_PER_BOX;
	static four_vector h_r[n];
	static double h_out[n];
	for (int i = 0; i < n; i++)
		h_r[i] = four_vector{ (double)(i % 5), (double)(i % 3), (double)(i % 4) - 1.0, (double)(i % 2) };
	four_vector *d_r;
	double *d_out;
	cudaMalloc(&d_r, sizeof(h_r));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMemcpy(d_r, h_r, sizeof(h_r), cudaMemcpyHostToDevice);
	pair_terms<<<boxes, 64>>>(d_r, d_out);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int b = 0; b < boxes; b++)
		for (int t = 0; t < PAR_PER_BOX; t++) {
			const four_vector &a = h_r[b * PAR_PER_BOX + t];
			double want = 0.0;
			for (int j = 0; j < PAR_PER_BOX; j++) {
				const four_vector &c = h_r[b * PAR_PER_BOX + j];
				want += a.v + c.v - (a.x * c.x + a.y * c.y + a.z * c.z);
			}
			bad += h_out[b * PAR_PER_BOX + t] != want;
		}
	printf("%d of %d particle sums differ from the host's\n", bad, n);
	printf("%d passed, %d failed\n", !bad, !!bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	cudaFree(d_r);
	cudaFree(d_out);
	return bad ? 1 : 0;
}
