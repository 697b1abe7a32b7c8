// expect: 15:2: error: cannot jump from switch statement to this case label
// A case label that jumps over the initialisation of a const variable: nvcc
// warns (#546-D), clang rejects, and the declaration cannot be split into a
// declaration and an assignment (a const needs its initialiser), so clang's
// error stands (lib/cc/edg_compat.c splits only what stays the same code).
#include <cuda_runtime.h>

__global__ void pick(const int *in, int *out)
{
	switch (in[threadIdx.x] & 1) {
	case 0:
		const int k = in[threadIdx.x] * 3;
		out[threadIdx.x] = k;
		break;
	case 1:
		out[threadIdx.x] = 1;
		break;
	}
}

int main()
{
	return 0;
}
