// The block reduction tree written again per common 1-D block size (issue
// 40; lib/cc/tree.c): the translator emits it once more for blocks of 256,
// 128, 512 and 1024 threads with the size a constant, and the general code
// for every other shape.  Both must give the tree's own values bit for
// bit: float sums whose result depends on the order of the adds, checked
// against the same pairwise tree computed on the host (every element of
// shared memory after the tree, not only the sum), the halving while loop
// of teaching code, a max tree, on the specialised sizes, on 64 and 32
// threads and on 2-D blocks (both general), and with a partial last block.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define MAXB 1024

// the whole shared array after the tree: every level's survivors
__global__ void tree_float(const float *in, float *after, int n)
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

// the halving while loop (a dot product's cache), double
__global__ void tree_while(const double *a, const double *b, double *part, int n)
{
	__shared__ double cache[MAXB];
	int ci = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	cache[ci] = i < n ? a[i] * b[i] : 0.0;
	__syncthreads();
	int h = blockDim.x / 2;
	while (h != 0) {
		if (ci < h)
			cache[ci] += cache[ci + h];
		__syncthreads();
		h /= 2;
	}
	if (ci == 0)
		part[blockIdx.x] = cache[0];
}

// a max tree over int, the step written out
__global__ void tree_max(const int *in, int *out, int n)
{
	__shared__ int m[MAXB];
	int tid = threadIdx.x, i = blockIdx.x * blockDim.x + threadIdx.x;

	m[tid] = i < n ? in[i] : -2147483647 - 1;
	__syncthreads();
	for (int k = blockDim.x / 2; k > 0; k = k >> 1) {
		if (tid < k)
			m[tid] = max(m[tid], m[tid + k]);
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = m[0];
}

// a 2-D block: x-rows reduced by each row's own tree (general code)
__global__ void tree_rows(const float *in, float *out, int w)
{
	__shared__ float s[8][64];
	unsigned tx = threadIdx.x, ty = threadIdx.y;

	s[ty][tx] = in[(blockIdx.x * blockDim.y + ty) * w + tx];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (tx < k)
			s[ty][tx] += s[ty][tx + k];
		__syncthreads();
	}
	if (tx == 0)
		out[blockIdx.x * blockDim.y + ty] = s[ty][0];
}

static int fails;

static void check(bool ok, const char *what, int b)
{
	if (!ok) {
		printf("FAIL %s (block %d)\n", what, b);
		fails++;
	}
}

// the host's tree over one block's values, in place, in the kernel's order
template <typename T> static void host_tree(T *s, int b)
{
	for (int k = b / 2; k > 0; k /= 2)
		for (int t = 0; t < k; t++)
			s[t] += s[t + k];
}

static void run_float(int b, int n)
{
	int g = (n + b - 1) / b;
	float *in = new float[g * b], *want = new float[g * b], *got = new float[g * b];
	float *din, *dafter;

	for (int i = 0; i < g * b; i++)	/* magnitudes far apart: the order of the adds shows */
		in[i] = i < n ? (i % 7 == 0 ? 1.0e7f : 1.0f / (float)(1 + i % 97)) : 0.0f;
	memcpy(want, in, sizeof(float) * g * b);
	for (int bl = 0; bl < g; bl++)
		host_tree(want + bl * b, b);
	cudaMalloc(&din, sizeof(float) * g * b);
	cudaMalloc(&dafter, sizeof(float) * g * b);
	cudaMemcpy(din, in, sizeof(float) * g * b, cudaMemcpyHostToDevice);
	tree_float<<<g, b>>>(din, dafter, n);
	cudaMemcpy(got, dafter, sizeof(float) * g * b, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(float) * g * b), "float tree, every element's bits", b);
	cudaFree(din);
	cudaFree(dafter);
	delete[] in;
	delete[] want;
	delete[] got;
}

static void run_while(int b, int n)
{
	int g = (n + b - 1) / b;
	double *a = new double[g * b], *c = new double[g * b], *want = new double[g], *got = new double[g];
	double *da, *dc, *dp;

	for (int i = 0; i < g * b; i++) {
		a[i] = i < n ? 1.0 / (1 + i % 13) : 0.0;
		c[i] = i < n ? (i % 5 ? 3.0e-9 : 7.0e9) : 0.0;
	}
	for (int bl = 0; bl < g; bl++) {
		double *s = new double[b];

		for (int t = 0; t < b; t++)
			s[t] = a[bl * b + t] * c[bl * b + t];
		host_tree(s, b);
		want[bl] = s[0];
		delete[] s;
	}
	cudaMalloc(&da, sizeof(double) * g * b);
	cudaMalloc(&dc, sizeof(double) * g * b);
	cudaMalloc(&dp, sizeof(double) * g);
	cudaMemcpy(da, a, sizeof(double) * g * b, cudaMemcpyHostToDevice);
	cudaMemcpy(dc, c, sizeof(double) * g * b, cudaMemcpyHostToDevice);
	tree_while<<<g, b>>>(da, dc, dp, n);
	cudaMemcpy(got, dp, sizeof(double) * g, cudaMemcpyDeviceToHost);
	check(!memcmp(got, want, sizeof(double) * g), "double while tree, bits", b);
	cudaFree(da);
	cudaFree(dc);
	cudaFree(dp);
	delete[] a;
	delete[] c;
	delete[] want;
	delete[] got;
}

static void run_max(int b, int n)
{
	int g = (n + b - 1) / b, *in = new int[n], *got = new int[g], *din, *dout;

	for (int i = 0; i < n; i++)
		in[i] = (int)((i * 2654435761u) % 100000u) - 50000;
	cudaMalloc(&din, sizeof(int) * n);
	cudaMalloc(&dout, sizeof(int) * g);
	cudaMemcpy(din, in, sizeof(int) * n, cudaMemcpyHostToDevice);
	tree_max<<<g, b>>>(din, dout, n);
	cudaMemcpy(got, dout, sizeof(int) * g, cudaMemcpyDeviceToHost);
	for (int bl = 0; bl < g; bl++) {
		int m = -2147483647 - 1;

		for (int t = bl * b; t < (bl + 1) * b && t < n; t++)
			m = in[t] > m ? in[t] : m;
		check(got[bl] == m, "int max tree", b);
	}
	cudaFree(din);
	cudaFree(dout);
	delete[] in;
	delete[] got;
}

static void run_rows(int bx, int by)
{
	int w = bx, rows = 4 * by, g = rows / by;
	float *in = new float[rows * w], *want = new float[rows], *got = new float[rows], *din, *dout;

	for (int i = 0; i < rows * w; i++)
		in[i] = i % 3 ? 1.0f / (float)(i % 89 + 1) : 3.0e6f;
	for (int r = 0; r < rows; r++) {
		float *s = new float[w];

		memcpy(s, in + r * w, sizeof(float) * w);
		host_tree(s, w);
		want[r] = s[0];
		delete[] s;
	}
	cudaMalloc(&din, sizeof(float) * rows * w);
	cudaMalloc(&dout, sizeof(float) * rows);
	cudaMemcpy(din, in, sizeof(float) * rows * w, cudaMemcpyHostToDevice);
	tree_rows<<<g, dim3(bx, by)>>>(din, dout, w);
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
	const int sizes[] = { 256, 128, 512, 1024, 64, 32 };

	for (int b : sizes) {
		run_float(b, 5 * b - 3);	/* a partial last block */
		run_while(b, 3 * b + 1);
		run_max(b, 4 * b - 1);
	}
	run_rows(64, 4);
	run_rows(32, 8);
	if (cudaGetLastError() != cudaSuccess || cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL a CUDA error\n");
		fails++;
	}
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails != 0;
}
