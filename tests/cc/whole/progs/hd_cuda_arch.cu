// __CUDA_ARCH__ inside __host__ __device__ functions: nvcc compiles such a
// function twice, so a kernel (or a __device__ function) calling it runs
// the device branch and host code calling it runs the host branch.  In the
// shapes public code has: a plain helper, a template under `#if
// __CUDA_ARCH__ >= 800`, overloads, a member function, a constructor, one
// H/D function reached through another, a local declared differently in
// each branch, a branch with `#pragma unroll` and a fast-math intrinsic.
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

__host__ __device__ int where(void)
{
#ifdef __CUDA_ARCH__
	return 1;	// device
#else
	return 2;	// host
#endif
}

template <class T> __host__ __device__ T scale(T v)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
	return v * 10;
#else
	return v * 100;
#endif
}

__host__ __device__ float twice(float v)
{
#ifndef __CUDA_ARCH__
	return v * 2.0f + 0.5f;	// host: marked with .5
#else
	return __fmul_rn(v, 2.0f);
#endif
}

__host__ __device__ int twice(int v)
{
#ifdef __CUDA_ARCH__
	int r = v << 1;
#else
	long r = 2L * v + 1;	// host: odd
#endif
	return (int)r;
}

struct Counter {
	int base;
	__host__ __device__ Counter(int b)
	{
#ifdef __CUDA_ARCH__
		base = b + 1000;
#else
		base = b + 2000;
#endif
	}
	__host__ __device__ int step(int i) const
	{
		int s = 0;
#ifdef __CUDA_ARCH__
#pragma unroll
		for (int k = 0; k < 4; k++)
			s += i;
#else
		s = -i;
#endif
		return base + s;
	}
};

// reached through another __host__ __device__ function (no __CUDA_ARCH__ of its own)
__host__ __device__ int outer(int v) { return where() * 1000 + v; }

__device__ int from_device_fn(int v) { return outer(v) + scale(v); }

__global__ void probe(int *out, float *fout)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	Counter c(t);

	out[5 * t] = where();
	out[5 * t + 1] = from_device_fn(t);
	out[5 * t + 2] = twice(t);
	out[5 * t + 3] = c.step(t);
	out[5 * t + 4] = scale<int>(t);
	fout[t] = twice((float)t);
}

int main(void)
{
	int *out, h[5 * N], bad = 0;
	float *fout, hf[N];

	cudaMalloc(&out, sizeof(h));
	cudaMalloc(&fout, sizeof(hf));
	probe<<<2, N / 2>>>(out, fout);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hf, fout, sizeof(hf), cudaMemcpyDeviceToHost);
	for (int t = 0; t < N; t++) {
		int want[5] = { 1, 1000 + t + 10 * t, 2 * t, 1000 + t + 4 * t, 10 * t };

		for (int j = 0; j < 5; j++)
			if (h[5 * t + j] != want[j] && bad++ < 8)
				printf("device: out[%d][%d] = %d, expected %d\n", t, j, h[5 * t + j], want[j]);
		if (hf[t] != 2.0f * t && bad++ < 8)
			printf("device: twice(%d.f) = %g, expected %g\n", t, hf[t], 2.0f * t);
	}
	// the same functions called by the host: the host branches
	Counter c(3);
	int hw[6] = { where(), outer(5), twice(7), c.step(4), scale<int>(3), (int)(twice(1.0f) * 10) };
	int hwant[6] = { 2, 2005, 15, 2003 - 4, 300, 25 };

	printf("device: where %d, from_device_fn(3) %d, twice(3) %d, step %d, scale %d, twice(3.f) %g\n", h[15],
	       h[16], h[17], h[18], h[19], hf[3]);
	printf("host:   where %d, outer(5) %d, twice(7) %d, step %d, scale %d, twice(1.f)*10 %d\n", hw[0], hw[1],
	       hw[2], hw[3], hw[4], hw[5]);
	for (int j = 0; j < 6; j++)
		if (hw[j] != hwant[j] && bad++ < 16)
			printf("host: value %d = %d, expected %d\n", j, hw[j], hwant[j]);
	cudaFree(out);
	cudaFree(fout);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
