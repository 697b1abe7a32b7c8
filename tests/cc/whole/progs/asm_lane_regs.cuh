// The lane's special registers read by inline PTX in a header, as warp
// utility headers write them (asm_lane_registers.cu).
#pragma once

__device__ __forceinline__ unsigned int lanemask_le()
{
	unsigned int m;
	asm volatile("mov.u32 %0, %%lanemask_le;" : "=r"(m));
	return m;
}

__device__ __forceinline__ unsigned int lanemask_gt()
{
	unsigned int m;
	asm volatile("mov.u32 %0, %%lanemask_gt;" : "=r"(m));
	return m;
}

__device__ __forceinline__ unsigned int lanemask_ge()
{
	unsigned int m;
	asm("mov.u32 %0, %lanemask_ge;" : "=r"(m));
	return m;
}

__device__ __forceinline__ unsigned int lanemask_eq()
{
	unsigned int m;
	__asm__("mov.b32 %0, %%lanemask_eq;" : "=r"(m));
	return m;
}
