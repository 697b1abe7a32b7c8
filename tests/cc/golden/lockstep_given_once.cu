// Host functions that pass device pointers and references down through
// each other and into kernels, in the shape of public mini-apps (HeCBench's
// miniWeather), beside a warp-synchronous tree in __shared__ memory whose
// helper is given the array two helpers deep (kernel -> outer -> inner ->
// step).  The lock-step analysis (lib/cc/lockstep.c) asks of every
// function with a pointer parameter which of them some call gives
// __shared__ memory, following the callers LOCKSTEP_CALLER_DEPTH deep;
// before, each question scanned the whole program, per call, per argument,
// per caller followed, and every pass over the functions asked again
// (miniWeather's translation did not end, issue 38).  Now one scan per
// parse and each question answered once (lockstep_calls.c): the counts
// (--dump=stats) are pinned, and the finding is kept: in the helper each
// lane reads, the lanes meet, then each writes (__idxgen_cc_vstore).
#include <cuda_runtime.h>

#define W 32

__device__ void step(float *q, int t, int k)
{
	if (t < k)
		q[t] += q[t + k];
}

__device__ void inner(float *p, int t)
{
	for (int k = W / 2; k > 0; k /= 2)
		step(p, t, k);
}

__device__ void outer(float *r, int t)
{
	inner(r, t);
}

__global__ void warp_sums(const float *in, float *out)
{
	__shared__ float tile[2 * W];
	int t = threadIdx.x;

	tile[t] = in[blockIdx.x * W + t];
	tile[t + W] = 0;
	__syncthreads();
	if (t < W)
		outer(tile, t);
	__syncthreads();
	if (t == 0)
		out[blockIdx.x] = tile[0];
}

__global__ void axpy(float *y, const float *x, float a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] += a * x[i];
}

static void profile(float x, float &u, float &w)
{
	u = 1 + x;
	w = 1 - x;
}

static void fill(float *h, int n, float &total)
{
	total = 0;
	for (int i = 0; i < n; i++) {
		float u, w;

		profile(i / (float)n, u, w);
		h[i] = u * w;
		total += h[i];
	}
}

static void upload(float *d, const float *h, int n)
{
	cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
}

static void stage(float *y, const float *x, float a, int n)
{
	axpy<<<(n + 63) / 64, 64>>>(y, x, a, n);
}

static void three_stages(float *y, float *tmp, const float *x, int n)
{
	stage(tmp, x, 1.0f / 3, n);
	stage(tmp, y, 0.5f, n);
	stage(y, tmp, 1.0f, n);
}

static void reduce(const float *d, float *part, int n, float &sum)
{
	float h[8];

	warp_sums<<<n / W, 2 * W>>>(d, part);
	cudaMemcpy(h, part, sizeof(h), cudaMemcpyDeviceToHost);
	sum = 0;
	for (int b = 0; b < n / W && b < 8; b++)
		sum += h[b];
}

static void timestep(float *y, float *tmp, const float *x, float *part, int n, float &sum)
{
	three_stages(y, tmp, x, n);
	reduce(y, part, n, sum);
}

int main()
{
	const int n = 256;
	float h[n], total, sum, *x, *y, *tmp, *part;

	fill(h, n, total);
	cudaMalloc(&x, n * sizeof(float));
	cudaMalloc(&y, n * sizeof(float));
	cudaMalloc(&tmp, n * sizeof(float));
	cudaMalloc(&part, 8 * sizeof(float));
	upload(x, h, n);
	upload(y, h, n);
	for (int s = 0; s < 4; s++)
		timestep(y, tmp, x, part, n, sum);
	return sum > total ? 0 : 1;
}
// STATS: lockstep: {{[0-9]+}} functions asked, {{[0-9]+}} walked; 1 program scans, {{[12]?[0-9]}} parameter questions
// MODEL: kernel warp_sums: fibers (calls 'outer', which suspends the thread
// MODEL: kernel axpy: fission
// CXX: __device__ void step(float *q, int t, int k)
// CXX-NEXT: {
// CXX-NEXT: if (t < k)
// CXX-NEXT: __idxgen_cc_vstore(q[t], (q[t]) + (q[t + k]), 1);
