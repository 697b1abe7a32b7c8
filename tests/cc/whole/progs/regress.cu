// Whole-program regressions of idxgen-cc (issue 22), each a bug found while
// building tests/cuda: a checked call in a macro right after a launch (its
// text was taken for a launch), a lambda with its own return inside a kernel
// (taken for the kernel's return), a template-dependent value live across
// __syncthreads() (no size before instantiation), a __shared__ flag written
// by one thread and read after a barrier (taken for divergent), a const local
// live across a barrier, and threadIdx/blockIdx/__shared__ inside __device__
// functions, a dim3 initialized from a call and live across a barrier (dim3
// has constructors: it was refused).
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x)                                                        \
	do {                                                            \
		cudaError_t e_ = (x);                                   \
		if (e_ != cudaSuccess) {                                \
			printf("%s\n", cudaGetErrorString(e_));         \
			return 1;                                       \
		}                                                       \
	} while (0)

__constant__ float c_scale;

__device__ int global_id()
{
	return blockIdx.x * blockDim.x + threadIdx.x;
}

__device__ int block_slot(int v)
{
	__shared__ int slot[64];
	slot[threadIdx.x] = v;
	return slot[threadIdx.x] + 1;
}

template <typename T> __global__ void reverse_block(const T *in, T *out)
{
	__shared__ T buf[64];
	__shared__ bool any_negative;
	const int base = blockIdx.x * 64;
	T mine = in[base + threadIdx.x];
	if (threadIdx.x == 0)
		any_negative = false;
	buf[threadIdx.x] = mine;
	__syncthreads();
	if (mine < T(0))
		any_negative = true;
	__syncthreads();
	if (any_negative) {
		__syncthreads();
		out[base + threadIdx.x] = buf[63 - threadIdx.x] + mine * T(0);
	} else {
		out[base + threadIdx.x] = mine;
	}
}

__global__ void with_lambda(int *out, int n)
{
	auto clamp = [](int v, int hi) {
		if (v > hi)
			return hi;
		return v;
	};
	int i = global_id();
	if (i >= n)
		return;
	out[i] = clamp(block_slot(i), 100) + (int)c_scale;
}

__device__ dim3 triple(unsigned x)
{
	return dim3(x, 2, 3);
}

__global__ void dim3_live(int *out)
{
	__shared__ int sh[64];
	dim3 a = triple(threadIdx.x);
	sh[threadIdx.x] = a.x;
	__syncthreads();
	out[threadIdx.x] = sh[63 - threadIdx.x] + a.x + a.y * 100 + a.z * 1000;
}

// A type that is trivial but for a converting constructor (as cuda_fp16.h's
// __half(float)), live across a barrier: assigned into per-thread memory,
// once diagnosed as "has constructors" (issue 39).
struct Fixed {
	int raw;
	Fixed() = default;
	__device__ Fixed(float f) : raw((int)(f * 16.0f)) {}
};

__global__ void converting_live(int *out)
{
	__shared__ int sh[64];
	Fixed a = 0.5f * threadIdx.x;
	Fixed b;
	b.raw = 1;
	sh[threadIdx.x] = a.raw;
	__syncthreads();
	out[threadIdx.x] = sh[63 - threadIdx.x] + a.raw + b.raw;
}

int main()
{
	const int n = 256;
	float h_in[n], h_out[n];
	int h_i[n];
	for (int i = 0; i < n; i++)
		h_in[i] = (i / 64) % 2 ? -(float)i : (float)i;
	float *d_in, *d_out;
	int *d_i;
	float scale = 3.0f;
	CHECK(cudaMalloc(&d_in, n * sizeof(float)));
	CHECK(cudaMalloc(&d_out, n * sizeof(float)));
	CHECK(cudaMalloc(&d_i, n * sizeof(int)));
	CHECK(cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice));
	CHECK(cudaMemcpyToSymbol(c_scale, &scale, sizeof(scale)));
	reverse_block<<<n / 64, 64>>>(d_in, d_out);
	CHECK(cudaGetLastError());
	with_lambda<<<(n + 63) / 64, 64>>>(d_i, n - 3);
	CHECK(cudaDeviceSynchronize());
	CHECK(cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost));
	CHECK(cudaMemcpy(h_i, d_i, (n - 3) * sizeof(int), cudaMemcpyDeviceToHost));
	bool ok = true;
	for (int i = 0; i < n; i++) {
		int b = i / 64, t = i % 64;
		float want = b % 2 ? h_in[b * 64 + 63 - t] : h_in[i];
		ok &= h_out[i] == want;
	}
	for (int i = 0; i < n - 3; i++)
		ok &= h_i[i] == (i + 1 > 100 ? 100 : i + 1) + 3;
	dim3_live<<<1, 64>>>(d_i);
	CHECK(cudaMemcpy(h_i, d_i, 64 * sizeof(int), cudaMemcpyDeviceToHost));
	for (int i = 0; i < 64; i++)
		ok &= h_i[i] == 63 + 3200;
	converting_live<<<1, 64>>>(d_i);
	CHECK(cudaMemcpy(h_i, d_i, 64 * sizeof(int), cudaMemcpyDeviceToHost));
	for (int i = 0; i < 64; i++)
		ok &= h_i[i] == 8 * (63 - i) + 8 * i + 1;
	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	CHECK(cudaFree(d_i));
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
