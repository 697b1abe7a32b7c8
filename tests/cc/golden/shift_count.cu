// Device code's shifts by a count that is not a constant (lib/cc/shift.c,
// include/idxgen_cc_shift.h): PTX's shl/shr clamp a count past the width,
// x86 masks it, so `a << n` is written __idxgen_shl(a , n) (>>, <<= and >>=
// likewise) in kernels and __device__ functions; a count that names no
// variable (a literal, an enumerator, sizeof) stays as written.  The C path
// (--translate); shift_count_cxx.cu and shift_count_fibers.cu pin the C++.

enum { WIDTH = 5 };

__device__ unsigned int rot(unsigned int x, int r)
{
	return (x << r) | (x >> (32 - r));
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

// The C: each shift by a variable count through the helper, the constants as written.
// CHECK: return (__idxgen_shl(x , r)) | (__idxgen_shr(x , (32 - r)));
// CHECK: out[t] = __idxgen_shl(dw , (32 - bit));
// CHECK: __idxgen_shl_eq(dw , bit);
// CHECK: __idxgen_shr_eq(w , bits[t + 1]);
// CHECK: out[t + 1] = dw + (unsigned int)(__idxgen_shr(w , bit)) + (1u << 3) + (dw << WIDTH) + (dw >> sizeof(int)) + rot(dw, bit);
// CHECK: out[t + 2] = __idxgen_shl((__idxgen_shl(dw , bit)) , t);
