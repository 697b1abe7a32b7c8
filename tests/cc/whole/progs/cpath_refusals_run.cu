// Constructs the C path (`--translate`, loop fission alone) refuses in
// tests/cc/bad/, run as whole programs, where kernels loop fission cannot
// express run as fibers (issue 38): `continue` in a loop with a barrier
// (continue_barrier.cu), a barrier in a `switch` (switch_barrier.cu),
// `goto` (goto.cu), a warp vote under `&&` (warp_conditional.cu), in a
// loop's condition (warp_loop_header.cu), in a declaration of several
// variables (warp_multi_decl.cu), as another's argument (warp_nested.cu),
// and a `return` between two (warp_return_between.cu).  Each kernel is the
// bad file's in shape, with results checked against host loops.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define T 64 // threads: two warps

__global__ void continue_barrier(const int *d, int n, int *out)
{
	__shared__ int s[T];

	s[threadIdx.x] = -1;
	for (int i = 0; i < n; i++) {
		if (d[i] == 0)
			continue;
		s[threadIdx.x] = i * 10 + (int)threadIdx.x % 3;
		__syncthreads();
	}
	out[threadIdx.x] = s[(threadIdx.x + 1) % T];
}

__global__ void switch_barrier(int mode, int *out)
{
	__shared__ int s[T];

	switch (mode) {
	case 1:
		s[threadIdx.x] = 3 * (int)threadIdx.x;
		__syncthreads();
		out[threadIdx.x] = s[T - 1 - threadIdx.x];
		break;
	default:
		out[threadIdx.x] = -1;
	}
}

__global__ void with_goto(int *out)
{
	int k = 0;
again:
	if (k < (int)threadIdx.x % 5) {
		k++;
		goto again;
	}
	out[threadIdx.x] = k;
}

__global__ void vote_under_and(const int *a, int nb, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if ((int)blockIdx.x < nb && __any_sync(FULL, a[i] > 90))
		out[i] = 1;
	else
		out[i] = 0;
}

__global__ void vote_in_loop_condition(int *d)
{
	int i = threadIdx.x;

	while (__any_sync(FULL, d[i] > 0))
		d[i]--;
}

__global__ void shuffle_in_multi_decl(const int *d, int *out)
{
	int a = d[threadIdx.x], b = __shfl_sync(FULL, a, 0);

	out[threadIdx.x] = b;
}

__global__ void shuffle_of_shuffle(const int *d, int *out)
{
	int lane = threadIdx.x % 32;

	out[threadIdx.x] = __shfl_sync(FULL, d[threadIdx.x], __shfl_xor_sync(FULL, lane, 1));
}

__global__ void return_between(const int *in, unsigned *out)
{
	int lin = threadIdx.x;
	unsigned m = __ballot_sync(FULL, in[lin] % 5 != 1);

	if (in[lin] % 5 == 1)
		return;
	out[lin] = __ballot_sync(m, 1);
}

static int check(const char *name, const int *got, const int *want, int n)
{
	int wrong = 0;

	for (int i = 0; i < n; i++)
		if (got[i] != want[i] && wrong++ < 3)
			printf("%s: [%d] = %d, want %d\n", name, i, got[i], want[i]);
	printf("%s: %d of %d wrong\n", name, wrong, n);
	return wrong != 0;
}

int main()
{
	int h[2 * T], want[2 * T], got[2 * T], *d_in, *d_out, bad = 0;
	const int n = 9;

	for (int i = 0; i < 2 * T; i++)
		h[i] = (i * 37 + 5) % 97;
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(got));

	// continue: d[i] == 0 for i = 2, 5, 8 of the first n
	int flags[n] = {1, 4, 0, 7, 3, 0, 2, 6, 0};
	cudaMemcpy(d_in, flags, sizeof(flags), cudaMemcpyHostToDevice);
	continue_barrier<<<1, T>>>(d_in, n, d_out);
	cudaMemcpy(got, d_out, T * sizeof(int), cudaMemcpyDeviceToHost);
	for (int t = 0; t < T; t++)
		want[t] = 7 * 10 + (t + 1) % T % 3; // the last i with d[i] != 0: 7
	bad += check("continue_barrier", got, want, T);

	for (int mode = 0; mode < 2; mode++) {
		switch_barrier<<<1, T>>>(mode, d_out);
		cudaMemcpy(got, d_out, T * sizeof(int), cudaMemcpyDeviceToHost);
		for (int t = 0; t < T; t++)
			want[t] = mode == 1 ? 3 * (T - 1 - t) : -1;
		bad += check(mode ? "switch_barrier case 1" : "switch_barrier default", got, want, T);
	}

	with_goto<<<1, T>>>(d_out);
	cudaMemcpy(got, d_out, T * sizeof(int), cudaMemcpyDeviceToHost);
	for (int t = 0; t < T; t++)
		want[t] = t % 5;
	bad += check("with_goto", got, want, T);

	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	vote_under_and<<<2, T>>>(d_in, 1, d_out);
	cudaMemcpy(got, d_out, sizeof(got), cudaMemcpyDeviceToHost);
	for (int w = 0; w < 2 * T / 32; w++) {
		int any = 0;
		for (int l = 0; l < 32; l++)
			any |= h[32 * w + l] > 90;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = 32 * w < T && any;
	}
	bad += check("vote_under_and", got, want, 2 * T);

	vote_in_loop_condition<<<1, T>>>(d_in);
	cudaMemcpy(got, d_in, T * sizeof(int), cudaMemcpyDeviceToHost);
	for (int w = 0; w < T / 32; w++) {
		int most = 0;
		for (int l = 0; l < 32; l++)
			most = h[32 * w + l] > most ? h[32 * w + l] : most;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = h[32 * w + l] - most;
	}
	bad += check("vote_in_loop_condition", got, want, T);

	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	shuffle_in_multi_decl<<<1, T>>>(d_in, d_out);
	cudaMemcpy(got, d_out, T * sizeof(int), cudaMemcpyDeviceToHost);
	for (int t = 0; t < T; t++)
		want[t] = h[t / 32 * 32];
	bad += check("shuffle_in_multi_decl", got, want, T);

	shuffle_of_shuffle<<<1, T>>>(d_in, d_out);
	cudaMemcpy(got, d_out, T * sizeof(int), cudaMemcpyDeviceToHost);
	for (int t = 0; t < T; t++)
		want[t] = h[t ^ 1];
	bad += check("shuffle_of_shuffle", got, want, T);

	cudaMemset(d_out, 0xff, T * sizeof(int));
	return_between<<<1, T>>>(d_in, (unsigned *)d_out);
	cudaMemcpy(got, d_out, T * sizeof(int), cudaMemcpyDeviceToHost);
	for (int w = 0; w < T / 32; w++) {
		unsigned m = 0;
		for (int l = 0; l < 32; l++)
			m |= (unsigned)(h[32 * w + l] % 5 != 1) << l;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = h[32 * w + l] % 5 == 1 ? -1 : (int)m;
	}
	bad += check("return_between", got, want, T);

	cudaFree(d_in);
	cudaFree(d_out);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
