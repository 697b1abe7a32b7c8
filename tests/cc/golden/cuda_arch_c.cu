// __CUDA_ARCH__ on the C path (--translate): a kernel file has device code
// only, so every #if group naming it takes the device pass's view (900),
// in __device__ and __host__ __device__ functions, kernels and at file
// scope, and __CUDA_ARCH__ in code becomes its number.

#ifdef __CUDA_ARCH__
#define SCALE 3
#else
#define SCALE 5
#endif

__host__ __device__ static inline int twice(int v)
{
#if defined(__CUDA_ARCH__)
	return v << 1;
#else
	return v + v + 1000;
#endif
}

__global__ void arch_probe(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
#if __CUDA_ARCH__ >= 800
		out[i] = twice(i) * SCALE + __CUDA_ARCH__;
#else
		out[i] = -1;
#endif
	}
}

// CHECK: #define SCALE 3
// CHECK-NOT: SCALE 5
// CHECK: int twice(int v)
// CHECK-NOT: 1000
// CHECK: return v << 1;
// CHECK-NOT: 1000
// CHECK: out[i] = twice(i) * SCALE + 900 {{ *}};
// CHECK-NOT: out[i] = -1;
