// expect: 10:1: error: macro 'DECLARE_STEP' declares a kernel beside a declaration that is not a kernel's
// A macro that declares a kernel and, beside it, a __device__ helper, ';'
// and all, both defined further down.  kernel_decls.c takes uses of macros
// whose declarations are all kernels' out of the parse's host-device pragma
// (whole/progs/kernel_decl_macro.cu, kernel_decl_macro_pair.cu); taken out
// with the kernel, the helper's declaration would lose the __host__
// __device__ its definition gets, so such a use is refused, naming the
// macro (clang's "'device' and 'global' attributes are not compatible" before).
#define DECLARE_STEP(name) __global__ void name(int *p); __device__ int name##_value(int i);
DECLARE_STEP(fill)

__device__ int fill_value(int i)
{
	return 2 * i + 1;
}

__global__ void fill(int *a)
{
	a[threadIdx.x] = fill_value(threadIdx.x);
}

int main()
{
	int *a;
	cudaMalloc(&a, 32 * sizeof(int));
	fill<<<1, 32>>>(a);
	return cudaDeviceSynchronize() != cudaSuccess;
}
