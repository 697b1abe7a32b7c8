// expect: 11:1: error: the 'template <...>' header of kernel 'scale' is written by macro 'KERNEL_SIG'
// A macro that writes a template kernel's signature, header included; the
// body is the file's.  The host stub repeated the header as written and the
// C++ did not compile (exit 2, "expected unqualified-id"); now refused,
// naming the macro (a non-template signature from a macro is translated:
// whole/progs/macro_signature.cu).
#include <cuda_runtime.h>

#define KERNEL_SIG(NAME) template <typename T> __global__ void NAME(T *p, int n)

KERNEL_SIG(scale)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = p[i] * 2;
}

int main()
{
	float *d;

	cudaMalloc(&d, 64 * sizeof(float));
	scale<<<2, 32>>>(d, 64);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
