// expect: 13:2: error: inline assembly in device code (PTX) cannot run on the CPU
// A lane-mask read whose template and operand are spread over lines too
// short to hold its rewrite, `(lanes_below_this_one)=__sreg_lanemask_lt`,
// on one line (lib/cc/asm_sreg.c keeps every line and column the user's):
// the rewrite leaves it, so it is refused.  Before, the judge read the
// statement's tokens joined, accepted it, and the host's assembler failed
// on the PTX ("invalid register name").
#include <cuda_runtime.h>

__device__ unsigned lanes_below()
{
	unsigned lanes_below_this_one;
	asm volatile(
		"mov.u32 %0, "
		"%%lanemask_lt;"
		: "=r"(
		lanes_below_this_one));
	return lanes_below_this_one;
}

__global__ void k(unsigned *out)
{
	out[threadIdx.x] = __popc(lanes_below());
}

int main()
{
	k<<<1, 32>>>(nullptr);
	return 0;
}
