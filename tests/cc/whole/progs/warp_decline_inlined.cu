// Kernels a warp helper is inlined into that then run as fibers, beside
// kernels loop fission runs with the same helper inlined (issue 38,
// thirtieth session; golden tests/cc/golden/warp_decline_inlined.cu): a
// warp sum broadcast and then tested by a shuffle down in a loop header
// (warp.c cannot lower it), the helper in the else branch of a per-warp
// condition (loop fission cannot run it), the helper as a statement, a
// ballot.  Before, the first two sent the whole file back without warp.c.
// Each kernel's results are checked against host loops that compute what
// the warp computes, lane by lane.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define T    64 // threads: two warps
#define NB   3	// blocks

__device__ int warp_sum(int x)
{
	int v = x;

	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(FULL, v, o);
	return v;
}

// the warp's total in every lane, then count up to the lower neighbour's
// copy of it (the same in every lane: one trip count for the warp)
__global__ void sum_then_shuffle_loop(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i] & 7, n = 0;

	v = warp_sum(v);
	v = __shfl_sync(FULL, v, 0);
	while (__shfl_down_sync(FULL, v, 1) > n * 16 && n < 40)
		n++;
	out[i] = v * 64 + n;
}

// odd warps sum, even warps mark: a condition the same in a warp's lanes
__global__ void sum_under_else(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i];

	if (((threadIdx.x / 32) & 1) == 0) {
		v = -1;
	} else {
		v = warp_sum(v);
	}
	out[i] = v;
}

__global__ void plain_sum(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i];

	v = warp_sum(v);
	out[i] = v;
}

__global__ void plain_vote(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x;

	out[i] = (int)__ballot_sync(FULL, in[i] > 0);
}

/* lane l's value after the shuffle-down tree: CUDA's, a source past the warp giving the lane's own
 */
static void host_tree(const int *x, int *r)
{
	int cur[32], next[32];

	for (int l = 0; l < 32; l++)
		cur[l] = x[l];
	for (int o = 16; o > 0; o >>= 1) {
		for (int l = 0; l < 32; l++)
			next[l] = cur[l] + (l + o < 32 ? cur[l + o] : cur[l]);
		for (int l = 0; l < 32; l++)
			cur[l] = next[l];
	}
	for (int l = 0; l < 32; l++)
		r[l] = cur[l];
}

static void ref_sum_then_shuffle_loop(const int *in, int *want)
{
	for (int w = 0; w < NB * T / 32; w++) {
		int x[32], r[32], n = 0;

		for (int l = 0; l < 32; l++)
			x[l] = in[32 * w + l] & 7;
		host_tree(x, r);
		while (r[0] > n * 16 && n < 40)
			n++;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = r[0] * 64 + n;
	}
}

static void ref_sum_under_else(const int *in, int *want)
{
	for (int w = 0; w < NB * T / 32; w++) {
		int r[32];

		host_tree(in + 32 * w, r);
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = (w % (T / 32)) % 2 == 0 ? -1 : r[l];
	}
}

static void ref_plain_sum(const int *in, int *want)
{
	for (int w = 0; w < NB * T / 32; w++)
		host_tree(in + 32 * w, want + 32 * w);
}

static void ref_plain_vote(const int *in, int *want)
{
	for (int w = 0; w < NB * T / 32; w++) {
		unsigned b = 0;

		for (int l = 0; l < 32; l++)
			b |= (unsigned)(in[32 * w + l] > 0) << l;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = (int)b;
	}
}

int main(void)
{
	static int h[NB * T], got[NB * T], want[NB * T];
	int *d_in, *d_out, passed = 0, failed = 0;
	unsigned seed = 4242;

	for (int t = 0; t < NB * T; t++) {
		seed = seed * 1103515245u + 12345u;
		h[t] = (int)((seed >> 16) % 200) - 90;
	}
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(h));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);

	struct {
		const char *name;
		void (*kernel)(const int *, int *);
		void (*ref)(const int *, int *);
	} cases[] = {
	    {"sum_then_shuffle_loop", sum_then_shuffle_loop, ref_sum_then_shuffle_loop},
	    {"sum_under_else", sum_under_else, ref_sum_under_else},
	    {"plain_sum", plain_sum, ref_plain_sum},
	    {"plain_vote", plain_vote, ref_plain_vote},
	};
	for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		int bad = -1;

		cudaMemset(d_out, 0, sizeof(h));
		cases[c].kernel<<<NB, T>>>(d_in, d_out);
		cudaError_t e = cudaDeviceSynchronize();
		cudaMemcpy(got, d_out, sizeof(h), cudaMemcpyDeviceToHost);
		cases[c].ref(h, want);
		for (int i = 0; i < NB * T && bad < 0; i++)
			if (got[i] != want[i])
				bad = i;
		if (e != cudaSuccess || bad >= 0) {
			printf("%s: %s, element %d is %d, want %d\n", cases[c].name,
			       cudaGetErrorString(e), bad, bad >= 0 ? got[bad] : 0,
			       bad >= 0 ? want[bad] : 0);
			failed++;
		} else {
			passed++;
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%d passed, %d failed\n", passed, failed);
	printf(failed ? "FAIL\n" : "PASS\n");
	return failed != 0;
}
