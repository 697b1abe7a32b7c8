// expect: 11:2: error: dynamic parallelism (launching or referencing kernel 'child' from device code) is not supported
#include <cuda_runtime.h>

__global__ void child(int *out)
{
	out[threadIdx.x] = 1;
}

__global__ void parent(int *out)
{
	child<<<1, 32>>>(out);
}

int main()
{
	return 0;
}
