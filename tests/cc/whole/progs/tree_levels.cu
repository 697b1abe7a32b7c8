// The block reduction tree recognised (issue 40; lib/cc/tree_level.c): in
// a 1-D block each level runs as one loop over exactly the threads that
// work (`tid < s`, or `tid % (2 * s) == 0` of the interleaved form), with
// the guard gone.  The values must be the tree's own bit for bit: float and
// double sums whose result depends on the order of the adds, checked against
// the same tree computed on the host (every element of shared memory after
// the tree, not only the sum); an argmax over two arrays with a branch in
// the level's statement; a start that is a constant; on the sizes written
// with the size a constant (256, 128, 512, 1024), on 64 and 32 threads, on
// sizes that are no power of two (the halving form), with a partial last
// block, and on 2-D blocks, where the level form is not used.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define MAXB 1024

// the interleaved tree (Harris's first kernel), float: every element after it
__global__ void tree_interleaved(const float *in, float *after, int n)
{
	__shared__ float s[MAXB];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < (unsigned)n ? in[i] : 0.0f;
	__syncthreads();
	for (unsigned k = 1; k < blockDim.x; k *= 2) {
		if (tid % (2 * k) == 0)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	after[blockIdx.x * blockDim.x + tid] = s[tid];
}

// the same over double, the step a shift, the modulus written k * 2, int
__global__ void tree_interleaved_shift(const double *in, double *out, int n)
{
	__shared__ double s[MAXB];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < n ? in[i] : 0.0;
	__syncthreads();
	for (int k = 1; k < (int)blockDim.x; k <<= 1) {
		if (tid % (k * 2) == 0)
			s[tid] = s[tid] + s[tid + k];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

// the halving tree, float: every element after it (any block size)
__global__ void tree_halving(const float *in, float *after, int n)
{
	__shared__ float s[MAXB];
	unsigned tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	s[tid] = i < (unsigned)n ? in[i] : 0.0f;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	after[blockIdx.x * blockDim.x + tid] = s[tid];
}

// an argmax: two arrays, a branch inside the level, the first index on ties
__global__ void tree_argmax(const float *in, int *out, int n)
{
	__shared__ float v[MAXB];
	__shared__ int ix[MAXB];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	v[tid] = i < n ? in[i] : -1.0e30f;
	ix[tid] = i;
	__syncthreads();
	for (int k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tid < k) {
			if (v[tid + k] > v[tid] || (v[tid + k] == v[tid] && ix[tid + k] < ix[tid])) {
				v[tid] = v[tid + k];
				ix[tid] = ix[tid + k];
			}
		}
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = ix[0];
}

// a start that is a constant (blocks of 256), fmaxf
__global__ void tree_const_start(const float *in, float *out)
{
	__shared__ float m[256];
	unsigned tid = threadIdx.x;

	m[tid] = in[blockIdx.x * 256 + tid];
	__syncthreads();
	for (unsigned k = 128; k > 0; k >>= 1) {
		if (tid < k)
			m[tid] = fmaxf(m[tid], m[tid + k]);
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = m[0];
}

static int fails;

static void check(bool ok, const char *what, int b)
{
	if (!ok) {
		printf("FAIL %s (block %d)\n", what, b);
		fails++;
	}
}

// the host's trees over one block's values, in place, in the kernel's order
template <typename T> static void host_halving(T *s, int b)
{
	for (int k = b / 2; k > 0; k /= 2)
		for (int t = 0; t < k; t++)
			s[t] += s[t + k];
}

template <typename T> static void host_interleaved(T *s, int b)
{
	for (int k = 1; k < b; k *= 2)
		for (int t = 0; t < b; t += 2 * k)
			s[t] += s[t + k];
}

static float value(int i)	/* magnitudes far apart: the order of the adds shows */
{
	return i % 7 == 0 ? 1.0e7f : 1.0f / (float)(1 + i % 97);
}

static void run_float(int b, int n, bool interleaved)
{
	int g = (n + b - 1) / b;
	float *in = new float[g * b], *want = new float[g * b], *got = new float[g * b];
	float *din, *dafter;

	for (int i = 0; i < g * b; i++)
		in[i] = i < n ? value(i) : 0.0f;
	memcpy(want, in, sizeof(float) * g * b);
	for (int bl = 0; bl < g; bl++)
		if (interleaved)
			host_interleaved(want + bl * b, b);
		else
			host_halving(want + bl * b, b);
	cudaMalloc(&din, sizeof(float) * g * b);
	cudaMalloc(&dafter, sizeof(float) * g * b);
	cudaMemcpy(din, in, sizeof(float) * g * b, cudaMemcpyHostToDevice);
	if (interleaved)
		tree_interleaved<<<g, b>>>(din, dafter, n);
	else
		tree_halving<<<g, b>>>(din, dafter, n);
	cudaMemcpy(got, dafter, sizeof(float) * g * b, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(float) * g * b),
	      interleaved ? "interleaved float tree, every element's bits" : "halving float tree, every element's bits",
	      b);
	cudaFree(din);
	cudaFree(dafter);
	delete[] in;
	delete[] want;
	delete[] got;
}

static void run_shift(int b, int n)
{
	int g = (n + b - 1) / b;
	double *in = new double[g * b], *want = new double[g], *got = new double[g], *din, *dout;

	for (int i = 0; i < g * b; i++)
		in[i] = i < n ? (i % 5 ? 3.0e-9 * (1 + i % 11) : 7.0e9) : 0.0;
	for (int bl = 0; bl < g; bl++) {
		double *s = new double[b];

		memcpy(s, in + bl * b, sizeof(double) * b);
		host_interleaved(s, b);
		want[bl] = s[0];
		delete[] s;
	}
	cudaMalloc(&din, sizeof(double) * g * b);
	cudaMalloc(&dout, sizeof(double) * g);
	cudaMemcpy(din, in, sizeof(double) * g * b, cudaMemcpyHostToDevice);
	tree_interleaved_shift<<<g, b>>>(din, dout, n);
	cudaMemcpy(got, dout, sizeof(double) * g, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(double) * g), "interleaved double tree (shift), bits", b);
	cudaFree(din);
	cudaFree(dout);
	delete[] in;
	delete[] want;
	delete[] got;
}

static void run_argmax(int b, int n)
{
	int g = (n + b - 1) / b, *got = new int[g], *dout;
	float *in = new float[n], *din;

	for (int i = 0; i < n; i++)	/* ties: the smallest index wins */
		in[i] = (float)((i * 2654435761u >> 8) % 1000u);
	cudaMalloc(&din, sizeof(float) * n);
	cudaMalloc(&dout, sizeof(int) * g);
	cudaMemcpy(din, in, sizeof(float) * n, cudaMemcpyHostToDevice);
	tree_argmax<<<g, b>>>(din, dout, n);
	cudaMemcpy(got, dout, sizeof(int) * g, cudaMemcpyDeviceToHost);
	for (int bl = 0; bl < g; bl++) {
		int best = bl * b;

		for (int t = bl * b; t < (bl + 1) * b && t < n; t++)
			if (in[t] > in[best])
				best = t;
		check(got[bl] == best, "argmax tree", b);
	}
	cudaFree(din);
	cudaFree(dout);
	delete[] in;
	delete[] got;
}

static void run_const_start(void)
{
	int g = 6, n = g * 256;
	float *in = new float[n], *got = new float[g], *din, *dout;

	for (int i = 0; i < n; i++)
		in[i] = value(i * 31) - (float)(i % 13);
	cudaMalloc(&din, sizeof(float) * n);
	cudaMalloc(&dout, sizeof(float) * g);
	cudaMemcpy(din, in, sizeof(float) * n, cudaMemcpyHostToDevice);
	tree_const_start<<<g, 256>>>(din, dout);
	cudaMemcpy(got, dout, sizeof(float) * g, cudaMemcpyDeviceToHost);
	for (int bl = 0; bl < g; bl++) {
		float m = in[bl * 256];

		for (int t = 1; t < 256; t++)
			m = in[bl * 256 + t] > m ? in[bl * 256 + t] : m;
		check(got[bl] == m, "max tree from a constant start", 256);
	}
	cudaFree(din);
	cudaFree(dout);
	delete[] in;
	delete[] got;
}

// a 2-D block: the tree over each row of threads, tid = threadIdx.x + blockDim.x * threadIdx.y (general code)
__global__ void tree_rows(const float *in, float *out)
{
	__shared__ float s[MAXB];
	unsigned tx = threadIdx.x, row = threadIdx.y * blockDim.x;

	s[row + tx] = in[blockIdx.x * blockDim.x * blockDim.y + row + tx];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tx < k)
			s[row + tx] += s[row + tx + k];
		__syncthreads();
	}
	if (tx == 0)
		out[blockIdx.x * blockDim.y + threadIdx.y] = s[row];
}

static void run_rows(int bx, int by)
{
	int rows = 3 * by, n = rows * bx;
	float *in = new float[n], *want = new float[rows], *got = new float[rows], *din, *dout;

	for (int i = 0; i < n; i++)
		in[i] = value(i);
	for (int r = 0; r < rows; r++) {
		float *s = new float[bx];

		memcpy(s, in + r * bx, sizeof(float) * bx);
		host_halving(s, bx);
		want[r] = s[0];
		delete[] s;
	}
	cudaMalloc(&din, sizeof(float) * n);
	cudaMalloc(&dout, sizeof(float) * rows);
	cudaMemcpy(din, in, sizeof(float) * n, cudaMemcpyHostToDevice);
	tree_rows<<<3, dim3(bx, by)>>>(din, dout);
	cudaMemcpy(got, dout, sizeof(float) * rows, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(float) * rows), "2-D rows tree, bits", bx * by);
	cudaFree(din);
	cudaFree(dout);
	delete[] in;
	delete[] want;
	delete[] got;
}

int main()
{
	const int pow2[] = { 256, 128, 512, 1024, 64, 32 }, other[] = { 96, 100, 33 };

	for (int b : pow2) {
		run_float(b, 5 * b - 3, true);	/* a partial last block */
		run_float(b, 3 * b, false);
		run_shift(b, 3 * b + 1);
		run_argmax(b, 4 * b - 1);
	}
	for (int b : other)
		run_float(b, 4 * b - 5, false);
	run_const_start();
	run_rows(64, 4);
	run_rows(32, 8);
	if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL a CUDA error\n");
		fails++;
	}
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails != 0;
}
