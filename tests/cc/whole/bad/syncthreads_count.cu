// expect: 9:2: error: '__syncthreads_count' is not supported yet
// exec-model: fission
#include <cstdio>

__device__ int fold(int *buf, int v)
{
	__shared__ int extra;
	buf[0] = v + extra;
	__syncthreads_count(v);
	return buf[0];
}

__global__ void k(int *out)
{
	__shared__ int buf[1];
	out[threadIdx.x] = fold(buf, 1);
}

int main()
{
	return 0;
}
