// Interface between the host file (main.cpp) and the two CUDA files: plain
// C++ functions that launch kernels, as multi-file programs are organised.
#ifndef MULTIFILE_OPS_H
#define MULTIFILE_OPS_H

// scale.cu: y[i] = a * x[i] + y[i] on device buffers.
int launch_saxpy(float a, const float *d_x, float *d_y, int n);
// stats.cu: the sum and the maximum of a device buffer.
int device_sum_max(const float *d_x, int n, float *sum, float *max);

#endif
