// A kernel declared in a namespace and defined outside it (logic-rewrite's
// `__global__ void Aig::buildHashTable(...)`): its registration, written
// after the definition at global scope, names it by its full path.
#include <cuda_runtime.h>

namespace Aig {
__global__ void build(int n, int *out);
namespace Inner {
__global__ void twice(int n, int *out);
}
}

__global__ void Aig::build(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = i;
}

__global__ void Aig::Inner::twice(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] *= 2;
}

int main()
{
	Aig::build<<<1, 32>>>(32, nullptr);
	Aig::Inner::twice<<<1, 32>>>(32, nullptr);
	return 0;
}
// CXX: __idxgenLaunchStub((const void *)&::Aig::build, &build__kernel, __args);
// CXX: __idxgenRegisterFunction((const void *)&::Aig::build, &build__kernel);
// CXX: __idxgenLaunchStub((const void *)&::Aig::Inner::twice, &twice__kernel, __args);
// CXX: __idxgenRegisterFunction((const void *)&::Aig::Inner::twice, &twice__kernel);
