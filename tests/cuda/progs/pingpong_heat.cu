// Heat-equation (Jacobi) steps in __shared__ memory, ping-pong style: each
// block holds a tile of the rod in two __shared__ buffers and, between
// barriers, writes the next step into one from the other, then the two
// trade places -- the shapes public stencil codes use: two pointers
// swapped through a temporary, two pointers set by the step's parity, and
// one `[2][N]` array indexed by `cur` and `1 - cur` (or `cur ^ 1`).  Each
// step's statement stores one buffer and reads the other, which lets loop
// fission run the lanes one after another (issue 38: these kernels ran as
// fibers meeting at every statement, and --exec-model=fission refused
// them).  Checked against the same steps on the host.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 128
#define CHECK(x)                                                                          \
	do {                                                                              \
		cudaError_t e_ = (x);                                                     \
		if (e_ != cudaSuccess) {                                                  \
			fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			exit(1);                                                          \
		}                                                                         \
	} while (0)

// the tile's two ends stay at 0 (each block a rod of its own)
__device__ __host__ inline float heat_step(float l, float c, float r)
{
	return 0.25f * l + 0.5f * c + 0.25f * r;
}

__global__ void heat_swap(const float *in, float *out, int steps)
{
	__shared__ float a[TILE + 2];
	__shared__ float b[TILE + 2];
	float *src = a, *dst = b;
	const int t = threadIdx.x + 1;
	const int g = blockIdx.x * TILE + threadIdx.x;

	a[t] = in[g];
	b[t] = 0.0f;
	if (threadIdx.x == 0)
		a[0] = b[0] = a[TILE + 1] = b[TILE + 1] = 0.0f;
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		dst[t] = heat_step(src[t - 1], src[t], src[t + 1]);
		__syncthreads();
		float *tmp = src;
		src = dst;
		dst = tmp;
	}
	out[g] = src[t];
}

__global__ void heat_parity(const float *in, float *out, int steps)
{
	__shared__ float a[TILE + 2];
	__shared__ float b[TILE + 2];
	float *src, *dst;
	const int t = threadIdx.x + 1;
	const int g = blockIdx.x * TILE + threadIdx.x;

	a[t] = in[g];
	if (threadIdx.x == 0)
		a[0] = b[0] = a[TILE + 1] = b[TILE + 1] = 0.0f;
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		if (s % 2 == 0) {
			src = a;
			dst = b;
		} else {
			src = b;
			dst = a;
		}
		dst[t] = heat_step(src[t - 1], src[t], src[t + 1]);
		__syncthreads();
	}
	out[g] = steps % 2 ? b[t] : a[t];
}

__global__ void heat_halves(const float *in, float *out, int steps)
{
	__shared__ float buf[2][TILE + 2];
	const int t = threadIdx.x + 1;
	const int g = blockIdx.x * TILE + threadIdx.x;
	int cur = 0;

	buf[0][t] = in[g];
	if (threadIdx.x == 0)
		buf[0][0] = buf[1][0] = buf[0][TILE + 1] = buf[1][TILE + 1] = 0.0f;
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		buf[1 - cur][t] = heat_step(buf[cur][t - 1], buf[cur][t], buf[cur][t + 1]);
		__syncthreads();
		cur = 1 - cur;
	}
	out[g] = buf[cur][t];
}

__global__ void heat_halves_xor(const float *in, float *out, int steps)
{
	__shared__ float buf[2][TILE + 2];
	const int t = threadIdx.x + 1;
	const int g = blockIdx.x * TILE + threadIdx.x;
	unsigned cur = 0;

	buf[0][t] = in[g];
	if (threadIdx.x == 0)
		buf[0][0] = buf[1][0] = buf[0][TILE + 1] = buf[1][TILE + 1] = 0.0f;
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		buf[cur ^ 1][t] = heat_step(buf[cur][t - 1], buf[cur][t], buf[cur][t + 1]);
		__syncthreads();
		cur ^= 1;
	}
	out[g] = buf[cur][t];
}

static void reference(const float *in, float *out, int blocks, int steps)
{
	float a[TILE + 2], b[TILE + 2];

	for (int blk = 0; blk < blocks; blk++) {
		a[0] = b[0] = a[TILE + 1] = b[TILE + 1] = 0.0f;
		for (int i = 0; i < TILE; i++)
			a[i + 1] = in[blk * TILE + i];
		for (int s = 0; s < steps; s++) {
			float *src = s % 2 ? b : a, *dst = s % 2 ? a : b;

			for (int i = 1; i <= TILE; i++)
				dst[i] = heat_step(src[i - 1], src[i], src[i + 1]);
		}
		for (int i = 0; i < TILE; i++)
			out[blk * TILE + i] = steps % 2 ? b[i + 1] : a[i + 1];
	}
}

int main()
{
	const int blocks = 24, n = blocks * TILE, steps = 37;
	void (*kernels[])(const float *, float *, int) = { heat_swap, heat_parity, heat_halves, heat_halves_xor };
	const char *names[] = { "heat_swap", "heat_parity", "heat_halves", "heat_halves_xor" };
	float *h_in = (float *)malloc(n * sizeof(float)), *h_out = (float *)malloc(n * sizeof(float));
	float *ref = (float *)malloc(n * sizeof(float)), *d_in, *d_out;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = (float)((i * 7919) % 1000) / 10.0f;
	reference(h_in, ref, blocks, steps);
	CHECK(cudaMalloc(&d_in, n * sizeof(float)));
	CHECK(cudaMalloc(&d_out, n * sizeof(float)));
	CHECK(cudaMemcpy(d_in, h_in, n * sizeof(float), cudaMemcpyHostToDevice));
	for (int k = 0; k < 4; k++) {
		int wrong = 0;

		CHECK(cudaMemset(d_out, 0, n * sizeof(float)));
		kernels[k]<<<blocks, TILE>>>(d_in, d_out, steps);
		CHECK(cudaGetLastError());
		CHECK(cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost));
		for (int i = 0; i < n; i++)
			wrong += fabsf(h_out[i] - ref[i]) > 1e-4f * (1.0f + fabsf(ref[i]));
		printf("%s: %d of %d wrong\n", names[k], wrong, n);
		bad += wrong;
	}
	CHECK(cudaFree(d_in));
	CHECK(cudaFree(d_out));
	free(h_in);
	free(h_out);
	free(ref);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
