// Regression (issue 21): 'static __device__' and '__device__ static' gave
// "duplicate 'static'" in the C (__device__ is already static inline there).
static __device__ float sq(float x)
{
	return x * x;
}

__device__ static float cube(float x)
{
	return x * x * x;
}

/* and 'inline' (clang: duplicate 'inline' declaration specifier) */
__device__ inline float half(float x)
{
	return x / 2;
}

inline __device__ float twice(float x)
{
	return x * 2;
}

__global__ void use_static(float *d)
{
	d[threadIdx.x] = sq(d[threadIdx.x]) + cube(2.0f) + half(twice(1.0f));
}
// CHECK: __device__ float sq(float x)
// CHECK: __device__ float cube(float x)
// CHECK: __device__ float half(float x)
// CHECK: __device__ float twice(float x)
