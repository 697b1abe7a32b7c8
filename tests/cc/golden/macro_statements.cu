// A kernel body that is one macro of a declaration and an if (a benchmark's
// "do not optimise away" macro): loop fission writes each statement's text,
// which is the whole macro use each time, so it refuses the kernel
// (lib/cc/check.c, check_macro_statements) and the kernel runs as fibers,
// its text as written.
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
// MODEL: kernel touch: fibers (loop fission cannot run it: statements of one macro expansion cannot be split into thread loops)
