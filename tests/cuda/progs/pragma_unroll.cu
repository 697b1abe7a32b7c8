// #pragma unroll in its common forms: plain (full unroll of a constant trip
// count), with a count, "#pragma unroll 1" (no unroll), on a loop whose trip
// count is a template parameter, and on nested loops (a 4x4 per-thread tile).
#include <cstdio>
#include <cuda_runtime.h>

#define TAPS 8

template <int K> __device__ int dot_k(const int *a, const int *b)
{
	int s = 0;
#pragma unroll
	for (int k = 0; k < K; k++)
		s += a[k] * b[k];
	return s;
}

__global__ void unrolled(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int w[TAPS];
#pragma unroll
	for (int k = 0; k < TAPS; k++)
		w[k] = k + 1;
	int win[TAPS];
#pragma unroll 4
	for (int k = 0; k < TAPS; k++)
		win[k] = in[(i + k) % n];
	int acc = dot_k<TAPS>(w, win);
	int tile[4][4];
#pragma unroll
	for (int r = 0; r < 4; r++) {
#pragma unroll
		for (int c = 0; c < 4; c++)
			tile[r][c] = (r + 1) * in[(i + c) % n];
	}
	int trace = 0;
#pragma unroll 1
	for (int r = 0; r < 4; r++)
		trace += tile[r][r];
	out[i] = acc + trace;
}

int main()
{
	const int n = 1000;
	int h[n], o[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 31) % 17 - 8;
	int *din, *dout;
	cudaMalloc(&din, sizeof(h));
	cudaMalloc(&dout, sizeof(o));
	cudaMemcpy(din, h, sizeof(h), cudaMemcpyHostToDevice);
	unrolled<<<(n + 127) / 128, 128>>>(din, dout, n);
	cudaMemcpy(o, dout, sizeof(o), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++) {
		int want = 0;
		for (int k = 0; k < TAPS; k++)
			want += (k + 1) * h[(i + k) % n];
		for (int r = 0; r < 4; r++)
			want += (r + 1) * h[(i + r) % n];
		if (o[i] != want) {
			printf("out[%d] = %d, want %d\n", i, o[i], want);
			ok = false;
			break;
		}
	}
	cudaFree(din);
	cudaFree(dout);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
