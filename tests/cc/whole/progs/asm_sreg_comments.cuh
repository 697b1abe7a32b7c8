// Lane registers read by inline PTX with comments between the statement's
// parts, in a header of the program (asm_sreg_comments.cu).
#pragma once

__device__ __forceinline__ unsigned int lanes_below()
{
	unsigned int m;
	asm volatile("mov.u32 %0, %%lanemask_lt;" /* lanes below this one */ : "=r"(m));
	return m;
}

__device__ __forceinline__ unsigned int lane_here()
{
	unsigned int id;
	asm volatile("mov.u32 %0, %%laneid;" // the lane's index
		     : "=r"(id));
	return id;
}
