// The kernel file that include_kernel_macro_vars.cu includes, as Parboil's
// lbm.cu includes lbm_kernel.cu: every cell reads its own entries and its
// +x neighbour's through macros whose variables SWEEP_VAR declared.
#ifndef LATTICE_KERNEL_CU
#define LATTICE_KERNEL_CU
#include "lattice_macros.h"

__global__ void stream_cells(const float *src, float *dst)
{
	SWEEP_VAR
	SWEEP_X = threadIdx.x;
	SWEEP_Y = blockIdx.x;
	SWEEP_Z = blockIdx.y;

	float c = LOCAL(src, 0), n = LOCAL(src, 1), s = LOCAL(src, 2);
	float e = NEIGHBOUR_X(src, 0);

	LOCAL(dst, 0) = c + 0.5f * e;
	LOCAL(dst, 1) = s;
	LOCAL(dst, 2) = n - c;
}
#endif
