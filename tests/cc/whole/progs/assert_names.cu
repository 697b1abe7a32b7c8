// Device assert()s in templates and lambdas, as public code checks its
// inputs: the message names the function as nvcc does.  clang (the host
// compiler here) writes "void scale(T *, R...) [T = float, B = 4, R = <int,
// double>]" and "auto k(...)::(anonymous class)::operator()(int) const";
// nvcc "[with T = float; int B = 4; R = int; R = double]" and "lambda
// [](int)->auto::operator()(int)->auto"; an anonymous namespace is
// "(anonymous namespace)" to clang, "<unnamed>" to nvcc.  tests/cc/whole.sh
// compares each message with the name nvcc 13.0 gives (read from its PTX:
// `nvcc -ptx`
// keeps __PRETTY_FUNCTION__ as a string for __assertfail).  Each kernel
// fails one assertion in block 1, thread 2; the launch fails with
// cudaErrorAssert and cudaDeviceReset() makes the next launch possible.
#include <cassert>
#include <cstddef>
#include <cstdio>
#include <cuda_runtime.h>

template <typename T, int N> struct Bounded {
	__device__ void check(const T *p, int i) const { assert(p[i] < N); }
};

template <typename T> __device__ T positive(T x)
{
	assert(x > 0);
	return x;
}

template <typename T, int B, typename... R> __global__ void scale(T *v, R... r)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	assert(v[i] < B);
	v[i] *= (T)sizeof...(r);
}

template <typename T> __global__ void bounded(const T *v)
{
	Bounded<T, 4> b;
	if (blockIdx.x == 1)
		b.check(v, blockIdx.x * blockDim.x + threadIdx.x);
}

template <typename T> __global__ void logs(T *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	v[i] = positive(v[i]);
}

__global__ void rows(const float *v)
{
	auto at = [&](int k) {
		assert(v[k] >= 0.0f);
		return v[k];
	};
	(void)at(blockIdx.x * blockDim.x + threadIdx.x);
}

__global__ void generic(const float *v)
{
	auto check = [](auto x) { assert(x >= 0); };
	check((double)v[blockIdx.x * blockDim.x + threadIdx.x]);
}

template <unsigned U, long L, bool Q, char C, unsigned long long X, short H> __global__ void flags(const int *v)
{
	assert(v[blockIdx.x * blockDim.x + threadIdx.x] >= 0 || !Q);
}

template <size_t N, typename... R> __global__ void sized(const float *v)
{
	assert(v[blockIdx.x * blockDim.x + threadIdx.x] >= 0.0f && N > 0);
}

namespace {
struct Cell {
	float v;
};

template <typename T> __global__ void cells(const T *c)
{
	assert(c[blockIdx.x * blockDim.x + threadIdx.x].v >= 0.0f);
}
} // namespace

int main()
{
	float h[8] = { 1, 1, 1, 1, 1, 1, -1, 1 };	// block 1, thread 2 of <<<2, 4>>>
	int hi[8] = { 1, 1, 1, 1, 1, 1, -1, 1 };
	float *v;
	int *vi, failures = 0;

	for (int c = 0; c < 8; c++) {
		h[6] = c < 2 ? 9.0f : -1.0f;	// scale and bounded fail on a large value
		cudaMalloc(&v, sizeof(h));
		cudaMalloc(&vi, sizeof(hi));
		cudaMemcpy(v, h, sizeof(h), cudaMemcpyHostToDevice);
		cudaMemcpy(vi, hi, sizeof(hi), cudaMemcpyHostToDevice);
		switch (c) {
		case 0: scale<float, 4, int, double><<<2, 4>>>(v, 1, 2.0); break;
		case 1: bounded<<<2, 4>>>(v); break;
		case 2: logs<<<2, 4>>>(v); break;
		case 3: rows<<<2, 4>>>(v); break;
		case 4: generic<<<2, 4>>>(v); break;
		case 5: flags<3u, -2L, true, 'a', 5ull, 7><<<2, 4>>>(vi); break;
		case 6: sized<5><<<2, 4>>>(v); break;
		case 7: cells<<<2, 4>>>((const Cell *)v); break;
		}
		cudaError_t e = cudaDeviceSynchronize();
		if (e != cudaErrorAssert) {
			printf("case %d: synchronize: %s, expected cudaErrorAssert\n", c, cudaGetErrorName(e));
			failures++;
		}
		cudaDeviceReset();
	}
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures != 0;
}
