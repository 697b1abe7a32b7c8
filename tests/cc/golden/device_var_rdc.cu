// Device variables of relocatable device code (-rdc=true): they link
// across the program's files, as nvcc links them, so they stay as written
// (without -rdc each file has its own: device_var_per_file.cu).
// FLAGS: -rdc=true
#include <cuda_runtime.h>

__constant__ float c_scale[4];
extern __device__ int d_elsewhere;

__global__ void use(float *out)
{
	out[threadIdx.x] = c_scale[threadIdx.x % 4] + d_elsewhere;
}

// CXX: {{^}}__constant__ float c_scale[4];
// CXX-NEXT: {{^}}extern __device__ int d_elsewhere;
