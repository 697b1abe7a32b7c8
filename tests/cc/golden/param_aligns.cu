// cudaFuncGetParamInfo needs each parameter's place in CUDA's parameter
// buffer: the translator records alignof of every parameter type beside
// its sizeof (k__arg_aligns, in parameter order) and registers them after
// the kernel (__idxgenRegisterParamAligns); a template kernel's per
// instantiation, in its registration's comma expression; a kernel without
// parameters has none to register.  (`fill` shares its name with std::fill
// of the C++ headers: its address is taken through its function type,
// golden/kernel_namesake.cu.)
#include <cuda_runtime.h>

struct __align__(16) Quad { float v[5]; };

__global__ void scale(char tag, double f, Quad q, float *out)
{
	out[threadIdx.x] = (float)f * q.v[0] + tag;
}

template <typename T>
__global__ void fill(T v, char c, T *out)
{
	out[threadIdx.x] = v + c;
}

__global__ void nothing()
{
}

int main()
{
	Quad q = {};
	scale<<<1, 1>>>(1, 2.0, q, nullptr);
	fill<double><<<1, 1>>>(1.0, 2, nullptr);
	nothing<<<1, 1>>>();
	return 0;
}
// CXX: const size_t scale__arg_sizes[] = { sizeof(char), sizeof(double), sizeof(Quad), sizeof(float *) };
// CXX-NEXT: const size_t scale__arg_aligns[] = { alignof(char), alignof(double), alignof(Quad), alignof(float *) };
// CXX: __idxgenRegisterFunction((const void *)&scale, &scale__kernel);
// CXX-NEXT: __idxgenRegisterParamAligns((const void *)&scale, scale__arg_aligns);
// CXX: const size_t fill__arg_aligns[] = { alignof(T), alignof(char), alignof(T *) };
// CXX: const int fill__reg = (__idxgenRegisterFunction((const void *)(void (*)(T, char, T *))&fill<T>, &fill__kernel<T>), __idxgenRegisterParamAligns((const void *)(void (*)(T, char, T *))&fill<T>, fill__arg_aligns<T>), 0);
// CXX: __idxgenRegisterFunction((const void *)&nothing, &nothing__kernel);
// CXX-NEXT: }
