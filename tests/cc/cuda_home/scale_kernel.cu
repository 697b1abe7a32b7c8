// The CUDA half of a program whose build compiles the .cu with nvcc -c and
// links with the C compiler against CUDA's libraries, as Rodinia's backprop,
// b+tree, kmeans and leukocyte do (gcc ... -L$(CUDA_DIR)/lib64 -lcuda
// -lcudart): the C code calls an extern "C" function of this file.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>

__global__ void scale_add(float *y, const float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * x[i] + y[i];
}

extern "C" int scale_on_device(float *y, const float *x, float a, int n)
{
	float *dx, *dy;
	int count = 0;

	if (cudaGetDeviceCount(&count) != cudaSuccess || count < 1)
		return 1;
	cudaMalloc((void **)&dx, n * sizeof(float));
	cudaMalloc((void **)&dy, n * sizeof(float));
	cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
	scale_add<<<(n + 127) / 128, 128>>>(dy, dx, a, n);
	cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
	cudaFree(dx);
	cudaFree(dy);
	return cudaGetLastError() != cudaSuccess;
}

// the driver API's entry point too (-lcuda): CUresult from the same library
extern "C" int driver_api_ready(void)
{
	return cuInit(0) == CUDA_SUCCESS;
}
