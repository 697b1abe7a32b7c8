#pragma once
#define LAUNCH_KIT(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)
// a kernel that a macro writes, as launch kits carry elementwise kernels
#define SCALE_KERNEL(name, f)                                      \
	__global__ void name(int n, int *p)                        \
	{                                                          \
		int i = blockIdx.x * blockDim.x + threadIdx.x;     \
		if (i < n)                                         \
			p[i] *= (f);                               \
	}
