// expect: 10:7: error: 'dst' lives across __syncthreads() and its 'auto' type depends on template parameters: not supported
// exec-model: fission
#include <cuda_runtime.h>

template <typename T, int N>
__global__ void reverse_tiles(T *out, const T *in)
{
	__shared__ T tile[N];
	auto src = in + blockIdx.x * N;
	auto dst = out + blockIdx.x * N;
	tile[threadIdx.x] = src[threadIdx.x];
	__syncthreads();
	dst[threadIdx.x] = tile[N - 1 - threadIdx.x];
}

int main()
{
	int *a = nullptr, *b = nullptr;
	reverse_tiles<int, 64><<<4, 64>>>(b, a);
	return 0;
}
