// `auto` pointers that live across __syncthreads() in a kernel template (runs
// as fibers: lib/cc/whole.c, dependent_layout) and in a plain kernel (loop
// fission), each block reversing its tile; checked against the reversal
// computed on the host.
#include <cstdio>
#include <cuda_runtime.h>

template <typename T, int N>
__global__ void reverse_tiles(T *out, const T *in)
{
	__shared__ T tile[N];
	auto src = in + blockIdx.x * N;
	auto dst = out + blockIdx.x * N;
	tile[threadIdx.x] = src[threadIdx.x];
	__syncthreads();
	dst[threadIdx.x] = tile[N - 1 - threadIdx.x];
}

__global__ void reverse_tiles64(int *out, const int *in)
{
	__shared__ int tile[64];
	auto src = in + blockIdx.x * 64;
	auto dst = out + blockIdx.x * 64;
	tile[threadIdx.x] = src[threadIdx.x];
	__syncthreads();
	dst[threadIdx.x] = tile[63 - threadIdx.x];
}

int main()
{
	const int n = 512;
	int *in, *a, *b;
	double *din, *dout;
	cudaMallocManaged(&in, n * sizeof(int));
	cudaMallocManaged(&a, n * sizeof(int));
	cudaMallocManaged(&b, n * sizeof(int));
	cudaMallocManaged(&din, n * sizeof(double));
	cudaMallocManaged(&dout, n * sizeof(double));
	for (int i = 0; i < n; i++) {
		in[i] = i * 7 + 3;
		din[i] = 0.5 * i;
	}
	reverse_tiles<int, 64><<<n / 64, 64>>>(a, in);
	reverse_tiles<double, 128><<<n / 128, 128>>>(dout, din);
	reverse_tiles64<<<n / 64, 64>>>(b, in);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	int bad = 0;
	for (int i = 0; i < n; i++) {
		int j64 = (i / 64) * 64 + 63 - i % 64;
		int j128 = (i / 128) * 128 + 127 - i % 128;
		bad += a[i] != in[j64];
		bad += b[i] != in[j64];
		bad += dout[i] != din[j128];
	}
	printf("%d mismatches\n", bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
