// Template row kernels that advance their pointer parameters once per block
// with <cuda_fp16.h> included (issue 38: the dependent "in += ..." was run
// by every thread on the block's one copy of "in": a crash or wrong rows).
// Checked against a host computation.
#include <cstdio>
#include <cuda_fp16.h>

template <typename T>
__global__ void rows_to_int(const T *in, int *out, int n)
{
	out += blockIdx.x * n;
	in += blockIdx.x * n;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		out[i] = (int)in[i];
}

template <typename T>
__global__ void row_sums(const T *in, float *sums, int n)
{
	__shared__ float part[128];
	in += blockIdx.x * n;
	float v = 0.0f;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		v += (float)in[i];
	part[threadIdx.x] = v;
	__syncthreads();
	if (threadIdx.x == 0) {
		float t = 0.0f;
		for (int i = 0; i < (int)blockDim.x; i++)
			t += part[i];
		sums[blockIdx.x] = t;
	}
}

int main()
{
	const int rows = 6, n = 300;
	float *in, *sums;
	int *out;
	cudaMallocManaged(&in, sizeof(float) * rows * n);
	cudaMallocManaged(&out, sizeof(int) * rows * n);
	cudaMallocManaged(&sums, sizeof(float) * rows);
	for (int i = 0; i < rows * n; i++)
		in[i] = (float)(i % 50);
	rows_to_int<float><<<rows, 128>>>(in, out, n);
	row_sums<float><<<rows, 128>>>(in, sums, n);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	int bad = 0;
	for (int i = 0; i < rows * n; i++)
		bad += out[i] != i % 50;
	for (int r = 0; r < rows; r++) {
		float t = 0.0f;
		for (int i = 0; i < n; i++)
			t += (float)((r * n + i) % 50);
		bad += sums[r] != t;
	}
	printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
	return bad != 0;
}
