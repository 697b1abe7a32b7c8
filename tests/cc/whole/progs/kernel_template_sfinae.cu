// Kernel templates chosen by std::enable_if in an unnamed template
// parameter, as HeCBench's ert writes one kernel for half2 and one for
// every other type: `typename std::enable_if<C, int>::type = 0` (an
// unnamed non-type parameter) and `typename = std::enable_if_t<C>` (an
// unnamed type parameter).  One of each pair stages through a __device__
// helper that waits at __syncthreads() (a fiber kernel), the other is
// plain (loop fission).  Checked against the host.
#include <cstdio>
#include <type_traits>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

template <typename T, typename std::enable_if<std::is_same<T, half2>::value, int>::type = 0>
__global__ void axpy(int n, T a, T *__restrict__ y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = __hfma2(a, y[i], a);	// a * y + a
}

template <typename T, typename std::enable_if<!std::is_same<T, half2>::value, int>::type = 0>
__global__ void axpy(int n, T a, T *__restrict__ y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * y[i] + a + (T)1;	// one more, so that the wrong overload shows
}

__device__ float staged(float *s, float v)
{
	s[threadIdx.x] = v;
	__syncthreads();
	return s[(threadIdx.x + 1) % blockDim.x];
}

template <typename T, typename = std::enable_if_t<std::is_floating_point<T>::value>>
__global__ void rotate(T *x)
{
	__shared__ float s[64];

	x[blockIdx.x * blockDim.x + threadIdx.x] = (T)staged(s, (float)x[blockIdx.x * blockDim.x + threadIdx.x]);
}

template <typename T, std::enable_if_t<std::is_integral<T>::value, bool> = true>
__global__ void rotate(T *x)
{
	x[blockIdx.x * blockDim.x + threadIdx.x] *= 2;
}

template <typename T> static T from_float(float v)
{
	if constexpr (std::is_same<T, half2>::value)
		return __float2half2_rn(v);
	else
		return (T)v;
}

template <typename T> static int check_axpy(const char *name, T a, float fa, float extra)
{
	const int n = 100;
	T *y;
	int bad = 0;

	cudaMallocManaged(&y, 128 * sizeof(T));
	for (int i = 0; i < n; i++)
		y[i] = from_float<T>(float(i % 7));
	axpy<T><<<2, 64>>>(n, a, y);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++) {
		float want = fa * float(i % 7) + fa + extra, got;

		if constexpr (std::is_same<T, half2>::value)
			got = __low2float(y[i]) == __high2float(y[i]) ? __low2float(y[i]) : -1.0f;	// both halves
		else
			got = (float)y[i];
		if (got != want && bad++ < 4)
			printf("axpy<%s>: element %d: %g, expected %g\n", name, i, got, want);
	}
	cudaFree(y);
	return bad;
}

template <typename T> static int check_rotate(const char *name, bool floating)
{
	const int n = 128;
	T *x;
	int bad = 0;

	cudaMallocManaged(&x, n * sizeof(T));
	for (int i = 0; i < n; i++)
		x[i] = (T)i;
	rotate<<<2, 64>>>(x);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++) {
		T want = floating ? (T)(i / 64 * 64 + (i + 1) % 64) : (T)(2 * i);

		if (x[i] != want && bad++ < 4)
			printf("rotate<%s>: element %d: %g, expected %g\n", name, i, (double)x[i], (double)want);
	}
	cudaFree(x);
	return bad;
}

int main()
{
	int bad = check_axpy<float>("float", 2.0f, 2.0f, 1.0f) + check_axpy<double>("double", 0.5, 0.5f, 1.0f) +
		  check_axpy<half2>("half2", __float2half2_rn(1.5f), 1.5f, 0.0f);

	bad += check_rotate<float>("float", true) + check_rotate<double>("double", true) +
	       check_rotate<int>("int", false);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
