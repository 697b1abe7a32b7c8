// A lane-mask read spread over lines too short to hold its rewrite
// (prog.cu): left as PTX, so refused here, in the header.
#pragma once

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
