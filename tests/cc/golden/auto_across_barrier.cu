// A kernel template whose `auto` pointers live across __syncthreads()
// (a block-wise scan's "auto gi = g_idata + bid * N;"): the type is deduced
// per instantiation and loop fission has to name it outside the body, in
// the size of the per-thread area, so it refuses the kernel
// (lib/cc/whole.c, dependent_layout) and the kernel runs as fibers.  The
// same variables in a kernel that is not a template keep loop fission.
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

__global__ void reverse_tiles64(int *out, const int *in)
{
	__shared__ int tile[64];
	auto src = in + blockIdx.x * 64;
	auto dst = out + blockIdx.x * 64;
	tile[threadIdx.x] = src[threadIdx.x];
	__syncthreads();
	dst[threadIdx.x] = tile[63 - threadIdx.x];
}

int main()
{
	int *a = nullptr, *b = nullptr;
	reverse_tiles<int, 64><<<4, 64>>>(b, a);
	reverse_tiles64<<<4, 64>>>(b, a);
	return 0;
}
// MODEL: kernel reverse_tiles: fibers (loop fission cannot run it: 'dst' lives across __syncthreads() and its 'auto' type depends on template parameters: not supported)
// MODEL: kernel reverse_tiles64: fission
