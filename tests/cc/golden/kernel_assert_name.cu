// A kernel that calls assert(): under loop fission its body is in the block
// function, whose name the host compiler would put in the message; the
// block function hands the runtime the kernel's signature as nvcc's message
// spells it (namespaces, parameter types; a template's parameters as
// written, its arguments added at run time), so a failed assertion names
// the kernel (tests/cc/whole/progs/kernel_assert.cu runs it).
#include <cassert>
#include <cuda_runtime.h>

namespace stencil {
__global__ void smooth(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(in[i] >= 0.0f);
	if (i < n)
		out[i] = in[i] * 0.5f;
}
} // namespace stencil

template <typename T> __global__ void check_range(const T *v, int n, T limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		assert(v[i] >= 0 && v[i] < limit);
}

template __global__ void check_range<int>(const int *, int, int);

// CXX: static void smooth__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: idxgen_cc_block_scope __idxgen_bs(__b, &::threadIdx, "void stencil::smooth(const float *, float *, int)");
// CXX: static void check_range__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: idxgen_cc_block_scope __idxgen_bs(__b, &::threadIdx, "void check_range(const T *, int, T)");
