// cudaMemcpyToSymbol on a symbol declared `extern __device__ int ext[];` (an array of
// unknown bound where the call is; defined with its bound later): the by-reference
// template must not take sizeof of the incomplete type (it did for one commit of
// this session: a compile error in cuda_runtime.h).  nvcc takes it with -rdc=true (nvcc -rdc=true -c: rc 0).
#include <cstdio>
#include <cuda_runtime.h>
extern __device__ int ext[];
__global__ void k(int *o) { o[threadIdx.x] = ext[threadIdx.x]; }
int use(int *d) {
	int h[4] = {1, 2, 3, 4};
	return cudaMemcpyToSymbol(ext, h, sizeof(h)) == cudaSuccess;
}
__device__ int ext[4];
int main() {
	int *d, h[4] = {0};
	cudaMalloc(&d, sizeof(h));
	int ok = use(d);
	k<<<1, 4>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	ok = ok && h[3] == 4;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
