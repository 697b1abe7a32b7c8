// Macros a program's own header defines one way for nvcc's device pass and
// another for its host pass (the shape of CloverLeaf's Fortran-to-C helper
// header): a sign transfer that is copysign on the GPU and a comparison on
// the host -- they differ where the second operand is -0.0 -- and a scale.
#ifndef SIGN_TWIN_CUH
#define SIGN_TWIN_CUH

#define SQUARE(a) ((a) * (a))

#ifdef __CUDA_ARCH__
#define SIGN_OF(a, b) copysign(a, b)
#define TWIN_SCALE 3
#else
#define SIGN_OF(a, b) \
	((((b) < 0 && (a) > 0) || ((b) > 0 && (a) < 0)) ? -(a) : (a))
#define TWIN_SCALE 5
#endif

#endif
