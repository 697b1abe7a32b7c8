// The kernel file header_macro_products.cu includes, as lavaMD's wrapper
// includes kernel_gpu_cuda.cu: each thread sums, over the box's particles
// held in __shared__ memory, a term built with the header's DOT macro.
#ifndef PAIR_KERNEL_CU
#define PAIR_KERNEL_CU
#include "particles.h"

__global__ void pair_terms(const four_vector *rv, double *out)
{
	__shared__ four_vector r_shared[PAR_PER_BOX];
	int t = threadIdx.x;

	if (t < PAR_PER_BOX)
		r_shared[t] = rv[blockIdx.x * PAR_PER_BOX + t];
	__syncthreads();
	if (t < PAR_PER_BOX) {
		double acc = 0.0;
		for (int j = 0; j < PAR_PER_BOX; j++) {
			double r2 = r_shared[t].v + r_shared[j].v - DOT(r_shared[t], r_shared[j]);
			acc += r2;
		}
		out[blockIdx.x * PAR_PER_BOX + t] = acc;
	}
}
#endif
