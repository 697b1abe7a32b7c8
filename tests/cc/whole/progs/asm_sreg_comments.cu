// Inline PTX reading a lane's special register with a comment between the
// statement's parts, in the .cu and in a header of the program.  The
// rewrite (lib/cc/asm_sreg.c) stopped at the comment and left the PTX; in a
// header the judge of whole.c read the statement's tokens, where comments
// are gone, accepted it, and the host's assembler failed on `mov.u32`; in
// the .cu the same statement was refused ("inline assembly in device code
// (PTX) cannot run on the CPU").  Comments are blanks to the rewrite now.
// Results against the lane numbering of 32 consecutive linear ids.
#include <cstdio>
#include <cuda_runtime.h>
#include "asm_sreg_comments.cuh"

__device__ unsigned int lanes_up_to()
{
	unsigned int m;
	asm("mov.u32 %0, %%lanemask_le;" /* this lane and those below */ : "=r"(m));
	return m;
}

__global__ void ranks(const int *flag, unsigned int *out)
{
	unsigned int lane = lane_here(), below = lanes_below(), upto = lanes_up_to();
	unsigned int votes = __ballot_sync(0xffffffffu, flag[threadIdx.x]);

	out[threadIdx.x] = lane + 100u * __popc(votes & below) + 10000u * __popc(votes & upto);
}

int main()
{
	const int n = 96;
	int flag[n], *d_flag, bad = 0;
	unsigned int out[n], *d_out;

	for (int i = 0; i < n; i++)
		flag[i] = (i * 7) % 3 == 0;
	cudaMalloc(&d_flag, sizeof(flag));
	cudaMalloc(&d_out, sizeof(out));
	cudaMemcpy(d_flag, flag, sizeof(flag), cudaMemcpyHostToDevice);
	ranks<<<1, n>>>(d_flag, d_out);
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int lane = i % 32, w = i - lane, lt = 0, le = 0;

		for (int j = 0; j < lane; j++)
			lt += flag[w + j];
		le = lt + flag[i];
		bad += out[i] != (unsigned)(lane + 100 * lt + 10000 * le);
	}
	cudaFree(d_flag);
	cudaFree(d_out);
	printf("%d of %d wrong\n", bad, n);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
