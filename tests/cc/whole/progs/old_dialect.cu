// nvcc's dialect as older code writes it: launches with spaces in the
// chevrons, launches in a macro's body (a type-dispatch macro instantiating
// a template kernel per type) and in a macro's arguments, kernels defined
// in and included into extern "C" blocks, kernels (and a template kernel)
// declared before they are defined.
#include <cstdio>

__global__ void scale(int *a, int n, int f);
template <typename T> __global__ void fill(T *a, int n, T v);

extern "C" {
#include "dialect/kern.cuh"

__global__ void add_c(int *a, int n, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	__syncthreads();
	if (i < n)
		a[i] += v;
}
}

template <typename T> __global__ void add_one(T *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] += (T)1;
}

#define LAUNCH_ADD_ONE(T, p, n) add_one<T><<<((n) + 31) / 32, 32>>>((T *)(p), (n))
#define DISPATCH(kind, ...)                                  \
	do {                                                 \
		if ((kind) == 0)                             \
			LAUNCH_ADD_ONE(int, __VA_ARGS__);    \
		else                                         \
			LAUNCH_ADD_ONE(float, __VA_ARGS__);  \
	} while (0)
#define CHECKED(...)                                                   \
	do {                                                           \
		__VA_ARGS__;                                           \
		if (cudaGetLastError() != cudaSuccess)                 \
			printf("launch failed at line %d\n", __LINE__); \
	} while (0)

int main()
{
	const int n = 64;
	int *a;
	float *f;
	cudaMallocManaged(&a, n * sizeof(int));
	cudaMallocManaged(&f, n * sizeof(float));
	for (int i = 0; i < n; i++) {
		a[i] = i;
		f[i] = (float)i;
	}
	fill<<<2, n / 2>>>(a, n, 3);
	scale<<<1, n>>>(a, n, 2);
	for (int i = 0; i < n; i++)
		a[i] += i - 20; // (3 + 7) * 2
	add_c<< <1, n>> >(a, n, 10);
	add_c<< <dim3(2), dim3(n / 2) >>>(a, n, 100);
	DISPATCH(0, a, n);
	DISPATCH(1, f, n);
	CHECKED(twice<<<1, n>>>(f, n));
	cudaDeviceSynchronize();
	bool ok = true;
	for (int i = 0; i < n; i++)
		ok = ok && a[i] == i + 111 && f[i] == 2.f * (i + 1);
	cudaFree(a);
	cudaFree(f);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}

__global__ void scale(int *a, int n, int f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] *= f;
}

template <typename T> __global__ void fill(T *a, int n, T v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = v + (T)7;
}
