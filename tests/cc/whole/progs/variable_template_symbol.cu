// A __constant__ variable template filled per type with cudaMemcpyToSymbol,
// as HeCBench's convolution1D does (`template<typename T> __constant__ T
// mask[MAX_MASK_WIDTH];`, `cudaMemcpyToSymbol(mask<T>, h_mask, ...)`).
// nvcc registers every instance the program uses; here the symbol calls
// failed with cudaErrorInvalidSymbol.  The instances are separate objects:
// the float and double kernels each see their own mask.  Checked against
// the host.
#include <cstdio>
#include <cuda_runtime.h>

#define MAX_MASK 8
#define N 256

template <typename T> __constant__ T mask[MAX_MASK];
template <typename T> __device__ T bias;

template <typename T> __global__ void conv1d(const T *in, T *out, int n, int width)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	T s = 0;
	for (int j = 0; j < width; j++) {
		int k = i - width / 2 + j;
		if (k >= 0 && k < n)
			s += in[k] * mask<T>[j];
	}
	out[i] = s + bias<T>;
}

template <typename T> int run(const char *name, T scale)
{
	const int width = 5;
	T h_mask[MAX_MASK], h_in[N], h_out[N], ref[N], b = (T)3 * scale, back[MAX_MASK];
	for (int j = 0; j < MAX_MASK; j++)
		h_mask[j] = (T)(j + 1) * scale;
	for (int i = 0; i < N; i++)
		h_in[i] = (T)(i % 7);
	for (int i = 0; i < N; i++) {
		T s = 0;
		for (int j = 0; j < width; j++) {
			int k = i - width / 2 + j;
			if (k >= 0 && k < N)
				s += h_in[k] * h_mask[j];
		}
		ref[i] = s + b;
	}
	T *d_in, *d_out;
	size_t size = 0;
	void *addr = nullptr;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	cudaError_t e1 = cudaMemcpyToSymbol(mask<T>, h_mask, width * sizeof(T));
	cudaError_t e2 = cudaMemcpyToSymbol(bias<T>, &b, sizeof(T));
	cudaError_t e3 = cudaGetSymbolSize(&size, mask<T>);
	cudaError_t e4 = cudaGetSymbolAddress(&addr, mask<T>);
	cudaError_t e5 = cudaMemcpyToSymbol(mask<T>, h_mask, (MAX_MASK + 1) * sizeof(T));	// past its end
	cudaGetLastError();
	conv1d<T><<<(N + 63) / 64, 64>>>(d_in, d_out, N, width);
	cudaError_t e6 = cudaDeviceSynchronize();
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	cudaError_t e7 = cudaMemcpyFromSymbol(back, mask<T>, sizeof(back));
	int bad = 0;
	for (int i = 0; i < N; i++)
		bad += h_out[i] != ref[i];
	for (int j = 0; j < width; j++)
		bad += back[j] != h_mask[j];
	printf("%s: %s %s %s %s %s %s %s, size %zu, %d wrong\n", name, cudaGetErrorName(e1), cudaGetErrorName(e2),
	       cudaGetErrorName(e3), cudaGetErrorName(e4), cudaGetErrorName(e5), cudaGetErrorName(e6),
	       cudaGetErrorName(e7), size, bad);
	cudaFree(d_in);
	cudaFree(d_out);
	return bad == 0 && e1 == cudaSuccess && e2 == cudaSuccess && e3 == cudaSuccess && e4 == cudaSuccess &&
	       e5 == cudaErrorInvalidValue && e6 == cudaSuccess && e7 == cudaSuccess && size == sizeof(T) * MAX_MASK &&
	       addr != nullptr;
}

int main()
{
	// float first, then double: each instance keeps its own values
	int ok = run<float>("float", 1.0f);
	ok = run<double>("double", 0.5) && ok;
	ok = run<float>("float again", 2.0f) && ok;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
