// Warp-synchronous stores whose value ends in a macro that ends in `;`
// (cuda-samples dwtHaar1D: `#define INV_SQRT_2 0.70710678118654752440f;`,
// then `shared[i] = (shared[i] + shared[j]) * INV_SQRT_2;`).  Run as
// fibers, such a store is rewritten so that the lanes meet around it; the
// rewrite used to put the value in a call, `__idxgen_cc_vstore(a, b)`, and
// the macro's `;` inside it: the C++ written did not compile (exit 2).
// The last warp's tree of halving steps, plain and volatile, with `=` and
// `+=`, checked against the same tree on the host (exact: integers times
// powers of two).
#include <cstdio>

#define HALF 0.5f;
#define ONE 1.0f;

__global__ void halve_tree(const float *in, float *out)
{
	__shared__ float s[64];
	int t = threadIdx.x;

	s[t] = in[blockIdx.x * 64 + t];
	s[t + 32] = in[blockIdx.x * 64 + t + 32];
	__syncthreads();
	s[t] = (s[t] + s[t + 32]) * HALF;
	if (t < 16)
		s[t] = (s[t] + s[t + 16]) * HALF;
	if (t < 8)
		s[t] += s[t + 8] * ONE;
	if (t == 0)
		out[blockIdx.x] = s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7];
}

__global__ void halve_tree_volatile(const float *in, float *out)
{
	__shared__ float s[64];
	int t = threadIdx.x;

	s[t] = in[blockIdx.x * 64 + t];
	s[t + 32] = in[blockIdx.x * 64 + t + 32];
	__syncthreads();
	volatile float *v = s;
	if (t < 16)
		v[t] = (v[t] + v[t + 16] + v[t + 32] + v[t + 48]) * HALF;
	if (t < 8)
		v[t] += v[t + 8] * ONE;
	if (t < 4)
		v[t] = (v[t] + v[t + 4]) * HALF;
	if (t == 0)
		out[blockIdx.x] = v[0] + v[1] + v[2] + v[3];
}

static float host_tree(const float *x)
{
	float s[64];

	for (int i = 0; i < 64; i++)
		s[i] = x[i];
	for (int t = 0; t < 32; t++)
		s[t] = (s[t] + s[t + 32]) * 0.5f;
	for (int t = 0; t < 16; t++)
		s[t] = (s[t] + s[t + 16]) * 0.5f;
	for (int t = 0; t < 8; t++)
		s[t] += s[t + 8];
	return s[0] + s[1] + s[2] + s[3] + s[4] + s[5] + s[6] + s[7];
}

static float host_tree_volatile(const float *x)
{
	float s[64];

	for (int i = 0; i < 64; i++)
		s[i] = x[i];
	for (int t = 0; t < 16; t++)
		s[t] = (s[t] + s[t + 16] + s[t + 32] + s[t + 48]) * 0.5f;
	for (int t = 0; t < 8; t++)
		s[t] += s[t + 8];
	for (int t = 0; t < 4; t++)
		s[t] = (s[t] + s[t + 4]) * 0.5f;
	return s[0] + s[1] + s[2] + s[3];
}

int main()
{
	const int blocks = 8, n = blocks * 64;
	float h[n], out[2][blocks], *d_in, *d_out;

	for (int i = 0; i < n; i++)
		h[i] = (float)((i * 29) % 61 - 30);
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(out));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	halve_tree<<<blocks, 32>>>(d_in, d_out);
	halve_tree_volatile<<<blocks, 32>>>(d_in, d_out + blocks);
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int b = 0; b < blocks; b++) {
		bad += out[0][b] != host_tree(h + b * 64);
		bad += out[1][b] != host_tree_volatile(h + b * 64);
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%d of %d block results wrong\n%s\n", bad, 2 * blocks, bad ? "FAIL" : "PASS");
	return bad != 0;
}
