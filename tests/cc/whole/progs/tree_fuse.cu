// A reduction's load fused with its tree's first level (issue 40;
// lib/cc/tree_fuse.c): in 1-D blocks of 128, 256, 512 and 1024 threads the
// first level runs with the loads of its two slots, any other size runs the
// load, the barrier and the tree apart.  The values must be the tree's own
// bit for bit: every element of shared memory after the tree (the upper
// slots keep what was loaded) and the block's result, against the same tree
// run on the host, for loads that compute (squares, a conversion, fabsf, an
// offset), levels of sum and fmaxf, float and double, the headers' other
// spellings (`>> 1`, `!= 0`, `/= 2`, the variable declared in front), on
// sizes that are no power of two and with a partial last block.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define MAXB 1024

// sum of squares of ints converted to float, from an offset; every element after the tree
__global__ void sum_squares(const int *in, float *after, int off, int n)
{
	__shared__ float s[MAXB];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	float x = i < (unsigned)n ? (float)in[off + i] : 0.0f;

	s[tid] = x * x;
	__syncthreads();
	for (unsigned k = blockDim.x >> 1; k != 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	after[blockIdx.x * blockDim.x + tid] = s[tid];
}

// the largest magnitude: fabsf in the load, fmaxf in the levels, the variable declared in front
__global__ void max_abs(const float *in, float *out, int n)
{
	__shared__ float m[MAXB];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int k;

	m[tid] = i < n ? fabsf(in[i]) : 0.0f;
	__syncthreads();
	for (k = blockDim.x / 2; k > 0; k /= 2) {
		if (tid < k)
			m[tid] = fmaxf(m[tid], m[tid + k]);
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = m[0];
}

// double, the sum written out
__global__ void sum_double(const double *in, double *out, int n)
{
	__shared__ double s[MAXB];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + tid;

	s[tid] = i < (unsigned)n ? in[i] : 0.0;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] = s[tid] + s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

static int passed, failed;

static void check(bool ok, const char *what, int b)
{
	if (ok) {
		passed++;
	} else {
		printf("FAIL %s (blocks of %d)\n", what, b);
		failed++;
	}
}

// the host's tree over one block's slots, in place, in the kernel's order
template <typename T, typename Op> static void host_tree(T *s, int b, Op op)
{
	for (int k = b / 2; k > 0; k /= 2)
		for (int t = 0; t < k; t++)
			s[t] = op(s[t], s[t + k]);
}

static float fvalue(int i)	/* magnitudes far apart: the order of the adds shows */
{
	return (i % 5 == 0 ? 3.0e3f : 1.0f / (float)(1 + i % 89)) * (i % 3 ? 1.0f : -1.0f);
}

static void run_squares(int b, int n)
{
	const int off = 7;
	int g = (n + b - 1) / b;
	int *in = new int[off + g * b];
	float *want = new float[g * b], *got = new float[g * b], *dafter;
	int *din;

	for (int i = 0; i < off + g * b; i++)
		in[i] = (i * 7919) % 4001 - 2000;
	for (int blk = 0; blk < g; blk++) {
		float *s = want + blk * b;

		for (int t = 0; t < b; t++) {
			int i = blk * b + t;
			float x = i < n ? (float)in[off + i] : 0.0f;

			s[t] = x * x;
		}
		host_tree(s, b, [](float a, float c) { return a + c; });
	}
	cudaMalloc(&din, sizeof(int) * (off + g * b));
	cudaMalloc(&dafter, sizeof(float) * g * b);
	cudaMemcpy(din, in, sizeof(int) * (off + g * b), cudaMemcpyHostToDevice);
	sum_squares<<<g, b>>>(din, dafter, off, n);
	cudaMemcpy(got, dafter, sizeof(float) * g * b, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(float) * g * b), "sum of squares: every slot's bits", b);
	cudaFree(din);
	cudaFree(dafter);
	delete[] in;
	delete[] want;
	delete[] got;
}

static void run_max(int b, int n)
{
	int g = (n + b - 1) / b;
	float *in = new float[n], *want = new float[g], *got = new float[g], *s = new float[b], *din, *dout;

	for (int i = 0; i < n; i++)
		in[i] = fvalue(i) * (float)(i % 13);
	for (int blk = 0; blk < g; blk++) {
		for (int t = 0; t < b; t++)
			s[t] = blk * b + t < n ? fabsf(in[blk * b + t]) : 0.0f;
		host_tree(s, b, [](float a, float c) { return fmaxf(a, c); });
		want[blk] = s[0];
	}
	cudaMalloc(&din, sizeof(float) * n);
	cudaMalloc(&dout, sizeof(float) * g);
	cudaMemcpy(din, in, sizeof(float) * n, cudaMemcpyHostToDevice);
	max_abs<<<g, b>>>(din, dout, n);
	cudaMemcpy(got, dout, sizeof(float) * g, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(float) * g), "largest magnitude: bits", b);
	cudaFree(din);
	cudaFree(dout);
	delete[] in;
	delete[] want;
	delete[] got;
	delete[] s;
}

static void run_double(int b, int n)
{
	int g = (n + b - 1) / b;
	double *in = new double[n], *want = new double[g], *got = new double[g], *s = new double[b], *din, *dout;

	for (int i = 0; i < n; i++)
		in[i] = (double)fvalue(3 * i + 1) * 1.0e-3 + (i % 11 == 0 ? 1.0e12 : 0.0);
	for (int blk = 0; blk < g; blk++) {
		for (int t = 0; t < b; t++)
			s[t] = blk * b + t < n ? in[blk * b + t] : 0.0;
		host_tree(s, b, [](double a, double c) { return a + c; });
		want[blk] = s[0];
	}
	cudaMalloc(&din, sizeof(double) * n);
	cudaMalloc(&dout, sizeof(double) * g);
	cudaMemcpy(din, in, sizeof(double) * n, cudaMemcpyHostToDevice);
	sum_double<<<g, b>>>(din, dout, n);
	cudaMemcpy(got, dout, sizeof(double) * g, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(double) * g), "double sum: bits", b);
	cudaFree(din);
	cudaFree(dout);
	delete[] in;
	delete[] want;
	delete[] got;
	delete[] s;
}

int main()
{
	/* the fused sizes first, then sizes the load and the tree run apart (no power of two too) */
	const int sizes[] = { 128, 256, 512, 1024, 64, 32, 96, 100, 33, 2, 1 };

	for (int b : sizes) {
		run_squares(b, 5 * b - 3);	/* a partial last block */
		run_squares(b, 3 * b);
		run_max(b, 4 * b - 1);
		run_double(b, 3 * b + 1);
	}
	check(cudaGetLastError() == cudaSuccess && cudaDeviceSynchronize() == cudaSuccess, "no CUDA error", 0);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed != 0;
}
