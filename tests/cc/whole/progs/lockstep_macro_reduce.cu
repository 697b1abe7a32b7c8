// Lock-step steps written with a macro: a block reduction whose last steps
// (strides 16 to 1, no barrier, no volatile, as pre-Volta code wrote them)
// are `#define SUM(s)` invocations, in the style of Parboil's histo prescan,
// and a one-lane shift `#define SHIFT(s, t) s[t] = s[t - 1]`.  Each
// assignment reads elements other lanes of the warp store: in lock step all
// lanes read before any writes.  idxgen-cc refused both kernels ("this
// statement's assignment, written in a macro, ...", exit 1); the invocations
// are now written out before the translation (lib/cc/macro_lockstep_expand.c)
// and the steps run read, meet, write.  Checked against host sums and a
// host shift.
#include <cstdio>
#include <cuda_runtime.h>

#define THREADS 128

__global__ void block_stats(const unsigned *in, int n, float *out)
{
	__shared__ float Sum[THREADS];
	__shared__ float Mod[THREADS];
	float a = 0.0f, m = 0.0f;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		a += (float)(in[i] % 1000);
		m += (float)(in[i] % 7);
	}
	Sum[threadIdx.x] = a;
	Mod[threadIdx.x] = m;

#define SUM(stride__)                                                   \
	if (threadIdx.x < stride__) {                                   \
		Sum[threadIdx.x] += Sum[threadIdx.x + stride__];        \
		Mod[threadIdx.x] += Mod[threadIdx.x + stride__];        \
	}

	for (int stride = THREADS / 2; stride >= 32; stride = stride >> 1) {
		__syncthreads();
		SUM(stride);
	}
	SUM(16);
	SUM(8);
	SUM(4);
	SUM(2);
	SUM(1);

	if (threadIdx.x == 0) {
		out[2 * blockIdx.x] = Sum[0];
		out[2 * blockIdx.x + 1] = Mod[0];
	}
}

#define SHIFT(s, t) s[t] = s[t - 1]

__global__ void shift_right(const int *in, int *out)
{
	__shared__ int s[33];
	int t = threadIdx.x + 1;

	s[0] = -1;
	s[t] = in[threadIdx.x];
	SHIFT(s, t);
	out[threadIdx.x] = s[t];
}

int main()
{
	const int n = 5000, blocks = 3;
	static unsigned h_in[n];
	float h_out[2 * blocks];
	int h_shift_in[32], h_shift_out[32];
	for (int i = 0; i < n; i++)
		h_in[i] = (unsigned)(i * 2654435761u);
	for (int i = 0; i < 32; i++)
		h_shift_in[i] = 10 * i + 3;

	unsigned *d_in;
	float *d_out;
	int *d_si, *d_so;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMalloc(&d_si, sizeof(h_shift_in));
	cudaMalloc(&d_so, sizeof(h_shift_out));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	cudaMemcpy(d_si, h_shift_in, sizeof(h_shift_in), cudaMemcpyHostToDevice);
	block_stats<<<blocks, THREADS>>>(d_in, n, d_out);
	shift_right<<<1, 32>>>(d_si, d_so);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_shift_out, d_so, sizeof(h_shift_out), cudaMemcpyDeviceToHost);

	int passed = 0, failed = 0;
	// each block's sums: whole numbers below 2^24, exact in float in any order
	double sum = 0, mod = 0, want_sum = 0, want_mod = 0;
	for (int b = 0; b < blocks; b++) {
		sum += h_out[2 * b];
		mod += h_out[2 * b + 1];
	}
	for (int i = 0; i < n; i++) {
		want_sum += h_in[i] % 1000;
		want_mod += h_in[i] % 7;
	}
	printf("block sums: %.0f and %.0f, host %.0f and %.0f\n", sum, mod, want_sum, want_mod);
	(sum == want_sum && mod == want_mod) ? passed++ : failed++;

	int bad = 0;
	for (int i = 0; i < 32; i++)
		bad += h_shift_out[i] != (i ? h_shift_in[i - 1] : -1);
	printf("shift: %d of 32 lanes wrong\n", bad);
	bad ? failed++ : passed++;

	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_si);
	cudaFree(d_so);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
