// Regression (HeCBench logic-rewrite, `__global__ void print(int, Cut *,
// int *)` beside the host's `ostream &print()`): kernels that share their
// name with other functions, which CUDA resolves by the arguments.  The
// translator took the host stub's address as a bare `&name`, an overload
// set that does not convert to `const void *`: the C++ it wrote did not
// compile (an internal error).  Here a kernel beside a host function, one
// beside a __device__ function of its name that it calls, a kernel template
// beside a host function template of its name, and a kernel template `fill`
// that `using namespace std` puts beside std::fill; each result checked
// against the host.
#include <algorithm>
#include <cstdio>
#include <cuda_runtime.h>

using namespace std;

static int host_calls = 0;

// the host's function, as logic-rewrite's print()
int scale(int v)
{
	host_calls++;
	return v * 3;
}

__global__ void scale(int n, const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] * 3;
}

__device__ int square(int v)
{
	return v * v;
}

__global__ void square(int n, int *a)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = square(a[i]) + 1;
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

template <typename T> __global__ void fill(T *a, int n, T v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = v + (T)i;
}

int main()
{
	const int n = 100, threads = 32, blocks = (n + threads - 1) / threads;
	int h_in[n], h_out[n];
	float h_f[n];
	int *d_in, *d_out;
	float *d_f;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = i - 7;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMalloc(&d_f, sizeof(h_f));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);

	scale<<<blocks, threads>>>(n, d_in, d_out);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (h_out[i] != scale(h_in[i]) && bad++ < 4)
			printf("scale: element %d: %d, expected %d\n", i, h_out[i], h_in[i] * 3);
	if (host_calls != n && bad++ < 4)
		printf("scale: the host function ran %d times, expected %d\n", host_calls, n);

	square<<<blocks, threads>>>(n, d_in);
	cudaMemcpy(h_out, d_in, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (h_out[i] != h_in[i] * h_in[i] + 1 && bad++ < 4)
			printf("square: element %d: %d, expected %d\n", i, h_out[i], h_in[i] * h_in[i] + 1);

	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	twice<int><<<blocks, threads>>>(d_in, n);
	cudaMemcpy(h_out, d_in, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (h_out[i] != twice(h_in[i]) && bad++ < 4)
			printf("twice: element %d: %d, expected %d\n", i, h_out[i], 2 * h_in[i]);

	fill<<<blocks, threads>>>(d_f, n, 0.5f);
	cudaMemcpy(h_f, d_f, sizeof(h_f), cudaMemcpyDeviceToHost);
	fill(h_out, h_out + n, 9);	// std::fill on the host, beside the kernel
	for (int i = 0; i < n; i++)
		if ((h_f[i] != 0.5f + (float)i || h_out[i] != 9) && bad++ < 4)
			printf("fill: element %d: %g and %d, expected %g and 9\n", i, (double)h_f[i], h_out[i],
			       0.5 + i);

	cudaError_t err = cudaGetLastError();
	if (err != cudaSuccess && bad++ < 4)
		printf("CUDA error: %s\n", cudaGetErrorString(err));
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_f);
	printf("%d mismatches\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
