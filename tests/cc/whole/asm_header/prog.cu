// Inline PTX in a header of the program that lib/cc/asm_sreg.c cannot
// rewrite in place (its lines too short for `(x)=__sreg_lanemask_lt`):
// whole.c judged it on the statement's tokens joined, accepted it, and the
// host's assembler failed ("invalid register name": output that does not
// compile).  Now the judge runs the rewrite on the header's text, and the
// statement is refused at its place in the header (tests/cc/whole.sh).
#include <cstdio>
#include <cuda_runtime.h>
#include "lanes.cuh"

__global__ void k(unsigned *out)
{
	out[threadIdx.x] = __popc(lanes_below());
}

int main()
{
	unsigned *d;

	cudaMalloc(&d, 32 * sizeof(unsigned));
	k<<<1, 32>>>(d);
	cudaFree(d);
	printf("PASS\n");
	return 0;
}
