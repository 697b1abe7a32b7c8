// expect: 8:1: error: 'device' and 'global' attributes are not compatible
// A kernel declared before its definition by a macro that holds the whole
// declaration, ';' included: kernel_decls.c takes macros for a kernel's head
// (whole/progs/kernel_macro_redecl.cu), not these, whose end it cannot see.
// Refused; clang's error names no place of its own: it must still say where
// (its note's place, the declaration).
#define DECLARE_KERNEL(name) __global__ void name(int *a);
DECLARE_KERNEL(fill)

__global__ void fill(int *a)
{
	a[threadIdx.x] = 1;
}

int main()
{
	int *a;
	cudaMalloc(&a, 32 * sizeof(int));
	fill<<<1, 32>>>(a);
	return cudaDeviceSynchronize() != cudaSuccess;
}
