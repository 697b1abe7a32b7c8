// A program written with CRLF line ends (as some public programs are, e.g.
// HeCBench's hungarian): whole.sh builds a CRLF copy.  Each construct below
// is read from the text before the parse, where a backslash-CR-LF must be a
// #define's continuation as a backslash-LF is: a launch in a macro of
// several lines called through another macro, extern __shared__ in a
// macro's member functions, and __CUDA_ARCH__ in a __host__ __device__
// function.
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

__managed__ int out[N];

#define check(x) \
	do { \
		if ((x) != cudaSuccess) \
			printf("error at line %d\n", __LINE__); \
	} while (0)

#define call_kernel(k, n_blocks, n_threads) \
	call_kernel_s(k, n_blocks, n_threads, 0)

#define call_kernel_s(k, n_blocks, n_threads, shared) \
	{ \
		k<<<n_blocks, n_threads, shared>>>(); \
		check(cudaDeviceSynchronize()); \
	}

#define DYN_BUFFER(T, name) \
	struct name { \
		__device__ T *get() \
		{ \
			extern __shared__ T name##_s[]; \
			return name##_s; \
		} \
	}

DYN_BUFFER(int, IntBuf);

__host__ __device__ int side(void)
{
#ifdef __CUDA_ARCH__
	return 1;
#else
	return 2;
#endif
}

__global__ void fill(void)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] = side() * 100 + threadIdx.x;
}

__global__ void rotate(void)
{
	int *s = IntBuf().get();
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = out[i];
	__syncthreads();
	out[i] = s[(threadIdx.x + 1) % blockDim.x];
}

int main(void)
{
	int bad = 0;

	call_kernel(fill, 2, N / 2);
	call_kernel_s(rotate, 2, N / 2, N / 2 * sizeof(int));
	for (int i = 0; i < N; i++) {
		int want = 100 + ((i % (N / 2)) + 1) % (N / 2);

		if (out[i] != want && bad++ < 4)
			printf("out[%d] = %d, expected %d\n", i, out[i], want);
	}
	printf("out[0] %d, host side() %d\n", out[0], side());
	printf("%s\n", bad || side() != 2 ? "FAILED" : "PASS");
	return bad != 0;
}
