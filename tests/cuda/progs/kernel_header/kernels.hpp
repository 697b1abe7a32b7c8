// The kernels of the program, declared in a header of its own that both
// .cu files include (a common layout of larger samples): main.cu launches
// them, kernels.cu defines them.
#ifndef KERNEL_HEADER_KERNELS_HPP
#define KERNEL_HEADER_KERNELS_HPP

__global__ void fill_ramp(float *x, int n, float start, float step);
__global__ void axpy(float a, const float *x, float *y, int n);
__global__ void spin_until_set(volatile unsigned int *flag);

#endif
