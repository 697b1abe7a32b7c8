// Kernel templates overloaded by their parameters, as libraries write an
// in-place and an out-of-place version of one operation: `scale(T *a, T s)`
// and `scale(const T *in, T *out, int n, T s)`, the second reducing its
// block's sum through shared memory.  Launched with and without explicit
// template arguments and from a host template; checked against the host.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T> __global__ void scale(T *a, T s)
{
	a[blockIdx.x * blockDim.x + threadIdx.x] *= s;
}

template <typename T> __global__ void scale(const T *in, T *out, int n, T s)
{
	__shared__ T part[64];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T v = i < n ? in[i] * s : (T)0;

	out[i] = v;
	part[threadIdx.x] = v;
	__syncthreads();
	for (int h = blockDim.x / 2; h > 0; h /= 2) {
		if ((int)threadIdx.x < h)
			part[threadIdx.x] += part[threadIdx.x + h];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[n + blockIdx.x] = part[0];
}

template <typename T> static int run(const char *name, T s)
{
	const int n = 128, threads = 64, blocks = n / threads;
	T *a, *out;
	int bad = 0;

	cudaMallocManaged(&a, n * sizeof(T));
	cudaMallocManaged(&out, (n + blocks) * sizeof(T));
	for (int i = 0; i < n; i++)
		a[i] = (T)(i % 9);
	scale<T><<<blocks, threads>>>(a, out, n, s);	// out-of-place first: reads a as filled
	scale<<<blocks, threads>>>(a, s);		// then in place, the template argument deduced
	cudaDeviceSynchronize();
	for (int b = 0; b < blocks; b++) {
		T sum = 0;

		for (int i = b * threads; i < (b + 1) * threads; i++) {
			T want = (T)(i % 9) * s;

			sum += want;
			if ((a[i] != want || out[i] != want) && bad++ < 4)
				printf("%s: element %d: %g and %g, expected %g\n", name, i, (double)a[i], (double)out[i],
				       (double)want);
		}
		if (out[n + b] != sum && bad++ < 4)
			printf("%s: block %d sum %g, expected %g\n", name, b, (double)out[n + b], (double)sum);
	}
	cudaFree(a);
	cudaFree(out);
	return bad;
}

int main()
{
	int bad = run<int>("int", 3) + run<float>("float", 0.5f) + run<double>("double", 2.0);

	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
