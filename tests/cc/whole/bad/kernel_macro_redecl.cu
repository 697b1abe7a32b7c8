// expect: 7:1: error: 'device' and 'global' attributes are not compatible
// A kernel declared before its definition through a macro for __global__:
// the text kernel_decls.c reads has no __global__ to take out of the parse's
// host-device pragma, and clang's error names no place of its own: it must
// still say where (the note's place, the declaration).
#define KERNEL __global__
KERNEL void fill(int *a);

KERNEL void fill(int *a)
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
