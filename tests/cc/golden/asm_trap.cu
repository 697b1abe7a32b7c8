// Inline PTX "trap;" is CUDA's __trap() (lib/cc/asm_sreg.c): before the
// parse the statement becomes `__trap()` padded with blanks to its length,
// its line breaks kept, so lines and columns stay the user's; the forms
// public code writes (asm, asm volatile, __asm__ __volatile__ with a
// "memory" clobber, in a macro, over two lines).  Other PTX stays refused
// (tests/cc/whole/bad/inline_ptx*.cu).
#include <cstdio>

#define GUARD(c) if (!(c)) asm("trap;")

__device__ int at(const int *a, int i, int n)
{
	if (i >= n)
		asm volatile("trap;");
	return a[i];
}

__global__ void pick(const int *a, const int *idx, int *out, int n)
{
	int t = threadIdx.x;
	GUARD(idx[t] >= 0);
	out[t] = at(a, idx[t], n);
	if (out[t] < 0)
		__asm__ __volatile__("trap;"
				     ::: "memory");
}

// CXX: #define GUARD(c) if (!(c)) __trap()
// CXX: if (i >= n)
// CXX-NEXT: __trap() ;
// CXX: __trap()
// CXX-NEXT: {{^ *;$}}
// MODEL: kernel pick: fission
