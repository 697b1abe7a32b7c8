// expect: 8:1: error: 'device' and 'global' attributes are not compatible
// Kernels declared before their definitions by a macro that holds two whole
// declarations: kernel_decls.c takes macros for a kernel's head and macros
// holding one whole declaration, ';' last (whole/progs/kernel_macro_redecl.cu,
// kernel_decl_macro.cu), not these.  Refused; clang's error names no place
// of its own: it must still say where (its note's place, the declaration).
#define DECLARE_KERNELS(a, b) __global__ void a(int *p); __global__ void b(int *p);
DECLARE_KERNELS(fill, clear)

__global__ void fill(int *a)
{
	a[threadIdx.x] = 1;
}

__global__ void clear(int *a)
{
	a[threadIdx.x] = 0;
}

int main()
{
	int *a;
	cudaMalloc(&a, 32 * sizeof(int));
	fill<<<1, 32>>>(a);
	clear<<<1, 32>>>(a);
	return cudaDeviceSynchronize() != cudaSuccess;
}
