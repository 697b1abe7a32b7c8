// expect: 10:35: error: statements of one macro expansion cannot be split into thread loops
// exec-model: fission
#include <cuda_runtime.h>

#define TOUCH                                               \
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x; \
	if (out)                                            \
		out[i] = 1;

__global__ void touch(int *out) { TOUCH; }

int main()
{
	int *p = nullptr;
	touch<<<1, 32>>>(p);
	return 0;
}
