// Device code's `unsigned int` offsets into __shared__ memory in a whole
// program (lib/cc/shared_index.c; shared_index.cu pins the C): the merge
// path search of GPU merge kernels, a template whose window's element type
// is its parameter, read backwards from the diagonal through a pointer set
// from a pointer into the window (`B_win[~a]`: B_win[-a - 1] on a GPU,
// whose shared addresses are 32-bit).  A parameter may be given any pointer
// by a caller: as written.
#include <cstdint>
#include <cuda_runtime.h>

template <typename T>
__device__ T read_back(const T *p, uint32_t i)
{
	return p[~i];
}

template <typename T, int N>
__global__ void merge_search(const T *a, const T *b, uint32_t *split)
{
	__shared__ T win[2 * N];
	T *B_win = win + N;
	uint32_t d = threadIdx.x * 4, lo = d > N ? d - N : 0, hi = d < N ? d : N;

	win[threadIdx.x] = a[threadIdx.x];
	B_win[threadIdx.x] = b[threadIdx.x];
	__syncthreads();
	T *bd = B_win + d;
	while (lo < hi) {
		uint32_t mid = (lo + hi) >> 1;

		if (bd[~mid] < win[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	split[threadIdx.x] = lo + (uint32_t)read_back(B_win + d, lo);
}

template __global__ void merge_search<float, 256>(const float *, const float *, uint32_t *);

// CXX: return p[~i];
// CXX: if (bd[(int32_t)(~mid)] < win[(int32_t)(mid)])
