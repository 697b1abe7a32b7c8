// Device code's shifts by a count that is not a constant (lib/cc/shift.c,
// include/idxgen_cc_shift.h): PTX's shl/shr clamp a count past the width,
// x86 masks it, so `a << n` is written __idxgen_shl(a , n) (>>, <<= and >>=
// likewise) in kernels and __device__ functions of a whole program; a count
// that names no variable (a literal, an enumerator, a template parameter,
// sizeof) stays as written, and so does host code.  The C++ of loop fission
// (shift_count.cu: the C; shift_count_fibers.cu: fibers and lane loops).
#include <cuda_runtime.h>

enum { WIDTH = 5 };

__device__ unsigned int rot(unsigned int x, int r)
{
	return (x << r) | (x >> (32 - r));
}

template <int B> __device__ unsigned int by_param(unsigned int x)
{
	return x << B;
}

__global__ void pack(unsigned int *out, const int *bits, unsigned long long *wide)
{
	int t = threadIdx.x;
	int bit = bits[t];
	unsigned int dw = out[t];
	unsigned long long w = wide[t];

	out[t] = dw << (32 - bit);
	dw <<= bit;
	w >>= bits[t + 1];
	out[t + 1] = dw + (unsigned int)(w >> bit) + (1u << 3) + (dw << WIDTH) + (dw >> sizeof(int)) + rot(dw, bit);
	out[t + 2] = (dw << bit) << t;
	wide[t] = w;
}

int host_side(int a, int n)
{
	return a << n;
}

// The C++ (loop fission): the same, a template parameter's count as written, host code as written.
// CXX: return (__idxgen_shl(x , r)) | (__idxgen_shr(x , (32 - r)));
// CXX: return x << B;
// CXX: out[t] = __idxgen_shl(dw , (32 - bit));
// CXX: __idxgen_shl_eq(dw , bit);
// CXX: __idxgen_shr_eq(w , bits[t + 1]);
// CXX: out[t + 2] = __idxgen_shl((__idxgen_shl(dw , bit)) , t);
// CXX: return a << n;
