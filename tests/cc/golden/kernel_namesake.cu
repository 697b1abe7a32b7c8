// A kernel that shares its name with another function (logic-rewrite's
// `__global__ void print(...)` beside the host's `ostream &print()`): the
// host stub's address is taken through the kernel's function type, since a
// bare `&name` is an overload set that does not convert to `const void *`;
// so is a kernel template's beside a host template of its name.  A kernel
// whose name nothing else has keeps the bare `&name`.
#include <cuda_runtime.h>

int scale(int v)
{
	return v * 3;
}

__global__ void scale(int n, const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] * 3;
}

template <typename T> T twice(T v)
{
	return v + v;
}

template <typename T> __global__ void twice(T *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] += a[i];
}

__global__ void unique_name(int *a)
{
	a[threadIdx.x] = 1;
}

int main()
{
	scale<<<1, 32>>>(32, nullptr, nullptr);
	twice<int><<<1, 32>>>(nullptr, 32);
	unique_name<<<1, 32>>>(nullptr);
	return scale(1) + twice(1);
}
// CXX: __idxgenLaunchStub((const void *)(void (*)(int, const int *, int *))&scale, &scale__kernel, __args);
// CXX: __idxgenRegisterFunction((const void *)(void (*)(int, const int *, int *))&scale, &scale__kernel);
// CXX-NEXT: __idxgenRegisterParamAligns((const void *)(void (*)(int, const int *, int *))&scale, scale__arg_aligns);
// CXX: const int twice__reg = (__idxgenRegisterFunction((const void *)(void (*)(T *, int))&twice<T>, &twice__kernel<T>), __idxgenRegisterParamAligns((const void *)(void (*)(T *, int))&twice<T>, twice__arg_aligns<T>), 0);
// CXX: __idxgenLaunchStub((const void *)(void (*)(T *, int))&twice<T>, &twice__kernel<T>, __args);
// CXX: __idxgenLaunchStub((const void *)&unique_name, &unique_name__kernel, __args);
// CXX: __idxgenRegisterFunction((const void *)&unique_name, &unique_name__kernel);
