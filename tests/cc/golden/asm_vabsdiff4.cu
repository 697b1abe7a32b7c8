// Inline PTX `vabsdiff4.u32.u32.u32.add d, a, b, c` (cuda-samples'
// stereoDisparity) is c plus the sum over four bytes of |a_i - b_i|: before
// the parse lib/cc/asm_sreg.c writes the statement as
// `__idxgen_vabsdiff4_add((d), (a), (b), (c))`, include/cuda's macro for
// `(d) = __vsadu4(a, b) + c`; the operands stay where they were written,
// the rest becomes blanks, so lines and columns stay the user's.  The
// signed and per-byte forms stay refused
// (tests/cc/whole/bad/inline_ptx_vabsdiff4_signed.cu).
#include <cuda_runtime.h>

__device__ unsigned int sad4(unsigned int a, unsigned int b, unsigned int c)
{
	unsigned int result;

	asm("vabsdiff4.u32.u32.u32.add"
	    " %0, %1, %2, %3;"
	    : "=r"(result)
	    : "r"(a), "r"(b), "r"(c));
	return result;
}

__global__ void cost(const unsigned int *l, const unsigned int *r, unsigned int *out)
{
	int t = threadIdx.x;
	unsigned int s;
	asm volatile("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(s) : "r"(l[t]), "r"(r[t]), "r"(0u));
	out[t] = sad4(l[t], r[t + 1], s);
}

// CXX: {{^}}	__idxgen_vabsdiff4_add(
// CXX-NOT: vabsdiff4
// CXX: {{^ *}}(result)
// CXX-NEXT: {{^ *}}, (a), (b), (c));
// CXX-NEXT: return result;
// CXX: __idxgen_vabsdiff4_add( {{ *}}(s), (l[t]), (r[t]), (0u));
// MODEL: kernel cost: fission
