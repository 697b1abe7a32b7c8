// Device code's conversions of a float or double to an 8- or 16-bit integer
// (lib/cc/narrow_cast.c, include/idxgen_cc_narrow.h): nvcc converts through
// a 32-bit register (cvt.rzi.s32/.u32, saturating there) and keeps the low
// bits, so the operand is converted to int (signed destinations) or unsigned
// (unsigned ones) first: explicit casts, implicit conversions (assignment,
// initialisation, argument, return), a compound assignment through a helper,
// a template's cast, variable or return of its parameter type through
// __idxgen_via32<T>.  Left
// as written: 32-bit and bool destinations, integer operands, a __half
// source (its own saturating conversion, as nvcc's cuda_fp16.h), host code.
// The C++ of loop fission, with a variable live across __syncthreads().
#include <cuda_fp16.h>
#include <cuda_runtime.h>

typedef unsigned short pixel16;

__device__ void put(unsigned char *p, unsigned char v)
{
	*p = v;
}

__device__ short to_short(double x)
{
	return x;
}

template <typename T> __device__ T convert(float x)
{
	return static_cast<T>(x);
}

template <typename T> __device__ T quantize(float x)
{
	T q = x * 0.5f;
	return q;
}

template <typename T> __device__ T as_is(float x)
{
	return x;
}

__global__ void narrow(const float *f, signed char *sc, unsigned char *uc, short *ss, pixel16 *us, int *wide,
		       bool *flag, const __half *h, const int *n)
{
	__shared__ float tile[64];
	int t = threadIdx.x;
	float v = f[t] * 2.0f;
	char c = f[t];

	sc[t] = (signed char)f[t];
	uc[t] = static_cast<unsigned char>(f[t] + 0.5f);
	us[t] = pixel16(f[t]);
	ss[t] = to_short(f[t]);
	put(uc + t, f[t]);
	uc[t] += f[t];
	ss[t] -= v;
	sc[t] = n[t];
	wide[t] = f[t];
	flag[t] = f[t];
	uc[t + 1] = h[t];
	us[t + 1] = convert<unsigned short>(f[t]) + quantize<unsigned short>(f[t]) + as_is<unsigned short>(f[t]);
	tile[t] = v;
	__syncthreads();
	sc[t + 1] = c + (signed char)tile[t] + v;
}

unsigned char host_side(float x)
{
	return x;
}

// The C++ (loop fission).
// CXX: return (int)(x);
// CXX: return static_cast<T>(__idxgen_via32<T>(x));
// CXX: T q = __idxgen_via32<T>(x * 0.5f);
// CXX: return __idxgen_via32<T>(x);
// CXX: c_[__t] = (int)(f[t]);
// CXX: sc[t] = (signed char)(int)(f[t]);
// CXX: uc[t] = static_cast<unsigned char>((unsigned)(f[t] + 0.5f));
// CXX: us[t] = pixel16((unsigned)(f[t]));
// CXX: ss[t] = to_short(f[t]);
// CXX: put(uc + t, (unsigned)(f[t]));
// CXX: __idxgen_add_eq_via32(uc[t] , f[t]);
// CXX: __idxgen_sub_eq_via32(ss[t] , v_[__t]);
// CXX: sc[t] = n[t];
// CXX: wide[t] = f[t];
// CXX: flag[t] = f[t];
// CXX: uc[t + 1] = h[t];
// CXX: us[t + 1] = convert<unsigned short>(f[t]) + quantize<unsigned short>(f[t]) + as_is<unsigned short>(f[t]);
// CXX: sc[t + 1] = (int)(c_[__t] + (signed char)(int)(tile[t]) + v_[__t]);
// CXX: return x;
