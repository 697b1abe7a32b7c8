// expect: 5:17: error: a kernel with a parameter pack ('typename... Ts') is not supported by loop fission
// exec-model: fission
#include <cuda_runtime.h>
template <typename... Ts>
__global__ void sum_all(int *out, Ts... vals)
{
	int parts[] = { 0, (int)vals... };
	int s = 0;
	for (unsigned k = 0; k < sizeof(parts) / sizeof(parts[0]); k++)
		s += parts[k];
	out[threadIdx.x] = s;
}

int main()
{
	int *o = nullptr;
	sum_all<<<1, 32>>>(o, 1, 2L);
	return 0;
}
