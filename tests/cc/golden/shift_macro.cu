// Shifts by a count that is not a constant whose operator a macro's text
// writes (lib/cc/macro_shift_expand.c): shift.c's helper cannot be put into
// the #define, so each invocation of the main file that writes one in
// device code is written out one level in place first, after which the
// shift is rewritten as where it is spelled (Parboil mri-gridding's
// CONFLICT_FREE_OFFSET: by precedence a count of LNB + index, past 31; left
// as written before).  A count that is a constant stays as written, and so
// does the invocation of a macro whose shifts all are.
#include <cuda_runtime.h>

#define LNB 4
#define CONFLICT_FREE_OFFSET(index) ((index) >> LNB + (index) >> (2*LNB))
#define DROP_LOW(v, n) v >>= (n)
#define HALF(x) ((x) >> 1)

__global__ void offsets(int *off, unsigned *low, const int *n)
{
	int i = threadIdx.x;
	unsigned v = low[i];

	off[i] = CONFLICT_FREE_OFFSET(i);
	DROP_LOW(v, n[i]);
	low[i] = HALF(v);
}

// CXX: off[i] = (__idxgen_shr((i) , LNB + (i)) >> (2*LNB));
// CXX-NEXT: __idxgen_shr_eq(v , (n[i]));
// CXX-NEXT: low[i] = HALF(v);
// MODEL: kernel offsets: fission
