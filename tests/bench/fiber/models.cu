// Kernels both execution models run (issue 38, item 4), timed: built once
// with --exec-model=fission and once with --exec-model=fibers by
// tests/bench/fiber_models.sh, which prints the ratios (vote_loop also
// against its C loop, the twin column).  Each kernel's
// result is checked against a host reference first (a wrong result prints
// FAIL and exits 1).  Times: CPU seconds of the process around launch and
// synchronisation (on a loaded machine wall time counts other processes'
// turns), best of REPS.  Not pass/fail otherwise.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>

#define BS 256
#define REPS 7

// a block's sum by a shared-memory tree: 9 barriers
__global__ void tree_sum(const int *in, int *out)
{
	__shared__ int s[BS];
	unsigned t = threadIdx.x;

	s[t] = in[blockIdx.x * BS + t];
	__syncthreads();
	for (unsigned h = BS / 2; h > 0; h /= 2) {
		if (t < h)
			s[t] += s[t + h];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

// a block's sum by warp shuffles, then the warps' sums through shared memory
__global__ void shfl_sum(const int *in, int *out)
{
	__shared__ int w[BS / 32];
	unsigned t = threadIdx.x;
	int v = in[blockIdx.x * BS + t];

	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if (t % 32 == 0)
		w[t / 32] = v;
	__syncthreads();
	if (t == 0) {
		int s = 0;

		for (int i = 0; i < BS / 32; i++)
			s += w[i];
		out[blockIdx.x] = s;
	}
}

// a block's sum in two levels, the common public form: each warp's sum by shuffles, then the
// first warp sums the warps' sums under `if (wid == 0)` (lane loops under a branch each warp
// takes or skips; blocks of 256: whole warps)
__global__ void block_sum2(const int *in, int *out)
{
	__shared__ int w[32];
	unsigned t = threadIdx.x, lane = t % 32, wid = t / 32;
	int v = in[blockIdx.x * BS + t];

	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if (lane == 0)
		w[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < BS / 32 ? w[lane] : 0;
		for (int o = 16; o > 0; o /= 2)
			v += __shfl_down_sync(0xffffffffu, v, o);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

// block_sum2 written as public code often writes it: the warp's sum in a __device__ helper
// called twice (`v = warpReduceSum(v);`; lane loops: the helper's own lane form)
__device__ int warpReduceSum(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__global__ void block_sumh(const int *in, int *out)
{
	__shared__ int w[32];
	unsigned t = threadIdx.x, lane = t % 32, wid = t / 32;
	int v = in[blockIdx.x * BS + t];

	v = warpReduceSum(v);
	if (lane == 0)
		w[wid] = v;
	__syncthreads();
	if (wid == 0) {
		v = lane < BS / 32 ? w[lane] : 0;
		v = warpReduceSum(v);
		if (lane == 0)
			out[blockIdx.x] = v;
	}
}

// an inclusive scan of each warp by shuffles (Hillis-Steele), the warps' totals added through shared memory
__global__ void warp_scan(const int *in, int *out)
{
	__shared__ int w[BS / 32];
	unsigned t = threadIdx.x, lane = t % 32;
	int x = in[blockIdx.x * BS + t];

	for (int d = 1; d < 32; d <<= 1) {
		int y = __shfl_up_sync(0xffffffffu, x, d);
		if (lane >= (unsigned)d)
			x += y;
	}
	if (lane == 31)
		w[t / 32] = x;
	__syncthreads();
	for (unsigned i = 0; i < t / 32; i++)
		x += w[i];
	out[blockIdx.x * BS + t] = x;
}

// a 1-D three-point stencil with the block's tile and halo in shared memory
__global__ void stencil3(const int *in, int *out, int n)
{
	__shared__ int s[BS + 2];
	int g = blockIdx.x * BS + threadIdx.x;
	int t = threadIdx.x + 1;

	s[t] = in[g];
	if (threadIdx.x == 0)
		s[0] = g > 0 ? in[g - 1] : 0;
	if (threadIdx.x == BS - 1)
		s[BS + 1] = g + 1 < n ? in[g + 1] : 0;
	__syncthreads();
	out[g] = s[t - 1] + 2 * s[t] + s[t + 1];
}

// a 32x32 tile transpose through shared memory (blocks of 32x8)
__global__ void transpose(const int *in, int *out, int w)
{
	__shared__ int tile[32][33];
	int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;

	for (int j = 0; j < 32; j += 8)
		tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * w + x];
	__syncthreads();
	x = blockIdx.y * 32 + threadIdx.x;
	y = blockIdx.x * 32 + threadIdx.y;
	for (int j = 0; j < 32; j += 8)
		out[(y + j) * w + x] = tile[threadIdx.x][threadIdx.y + j];
}

// a work loop with a vote in its header, as warp-level code writes one: each lane works off its
// own items, the warp goes round while any lane has one left (loop fission runs the loop once per
// block while a warp of it goes on, lib/cc/warp_loop.c; fibers: the lanes meet at every vote)
__global__ void vote_loop(const int *in, int *out)
{
	int g = blockIdx.x * BS + threadIdx.x, todo = in[g] & 15, acc = 0;

	while (__any_sync(0xffffffffu, todo > 0)) {
		if (todo > 0) {
			acc += todo * 3 + (acc & 7);
			todo--;
		}
	}
	out[g] = acc;
}

// vote_loop's lanes as a plain loop: what an OpenMP twin's thread runs for its elements (one
// worker: the serial loop); the same results, the lanes' turns without the warp's
static void vote_loop_c(const int *in, int *out, int n)
{
	for (int i = 0; i < n; i++) {
		int todo = in[i] & 15, acc = 0;

		while (todo > 0) {
			acc += todo * 3 + (acc & 7);
			todo--;
		}
		out[i] = acc;
	}
}

// no barrier: what a thread's start costs
__global__ void axpy(const int *in, int *out)
{
	int g = blockIdx.x * BS + threadIdx.x;

	out[g] = 3 * in[g] + 1;
}

static double cpu_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

enum { K_TREE, K_SHFL, K_SUM2, K_SUMH, K_SCAN, K_STENCIL, K_TRANSPOSE, K_AXPY, K_VOTE, NK };
static const char *const names[NK] = { "tree_sum", "shfl_sum", "block_sum2", "block_sumh", "warp_scan", "stencil3", "transpose", "axpy", "vote_loop" };

static void launch(int k, const int *d_in, int *d_out, int nb, int n, int w)
{
	switch (k) {
	case K_TREE: tree_sum<<<nb, BS>>>(d_in, d_out); break;
	case K_SHFL: shfl_sum<<<nb, BS>>>(d_in, d_out); break;
	case K_SUM2: block_sum2<<<nb, BS>>>(d_in, d_out); break;
	case K_SUMH: block_sumh<<<nb, BS>>>(d_in, d_out); break;
	case K_SCAN: warp_scan<<<nb, BS>>>(d_in, d_out); break;
	case K_STENCIL: stencil3<<<nb, BS>>>(d_in, d_out, n); break;
	case K_TRANSPOSE: transpose<<<dim3(w / 32, w / 32), dim3(32, 8)>>>(d_in, d_out, w); break;
	case K_VOTE: vote_loop<<<nb, BS>>>(d_in, d_out); break;
	default: axpy<<<nb, BS>>>(d_in, d_out); break;
	}
}

/* want[0 .. cnt) */
static void reference(int k, const int *in, int *want, int cnt, int n, int w)
{
	if (k == K_VOTE) {
		vote_loop_c(in, want, cnt);
		return;
	}
	for (int i = 0; i < cnt; i++) {
		if (k == K_TREE || k == K_SHFL || k == K_SUM2 || k == K_SUMH) {
			want[i] = 0;
			for (int t = 0; t < BS; t++)
				want[i] += in[i * BS + t];
		} else if (k == K_SCAN) {
			want[i] = in[i] + (i % BS ? want[i - 1] : 0);
		} else if (k == K_STENCIL) {
			want[i] = (i > 0 ? in[i - 1] : 0) + 2 * in[i] + (i + 1 < n ? in[i + 1] : 0);
		} else if (k == K_TRANSPOSE) {
			want[i] = in[(i % w) * w + i / w];
		} else {
			want[i] = 3 * in[i] + 1;
		}
	}
}

int main(int argc, char **argv)
{
	const int nb = argc > 1 ? atoi(argv[1]) : 4096, n = nb * BS, w = 1024;
	const int len = n > w * w ? n : w * w;
	int *in = (int *)malloc(len * sizeof(int)), *got = (int *)malloc(len * sizeof(int));
	int *want = (int *)malloc(len * sizeof(int)), *d_in, *d_out, bad = 0;

	for (int i = 0; i < len; i++)
		in[i] = (int)((unsigned)i * 2654435761u >> 22);
	cudaMalloc(&d_in, len * sizeof(int));
	cudaMalloc(&d_out, len * sizeof(int));
	cudaMemcpy(d_in, in, len * sizeof(int), cudaMemcpyHostToDevice);
	for (int k = 0; k < NK; k++) {
		int cnt = k == K_TREE || k == K_SHFL || k == K_SUM2 || k == K_SUMH ? nb : k == K_TRANSPOSE ? w * w : n;
		double best = 1e30;

		reference(k, in, want, cnt, n, w);
		cudaMemset(d_out, 0, len * sizeof(int));
		launch(k, d_in, d_out, nb, n, w);
		if (cudaDeviceSynchronize() != cudaSuccess) {
			printf("%s: FAIL (launch)\n", names[k]);
			return 1;
		}
		cudaMemcpy(got, d_out, cnt * sizeof(int), cudaMemcpyDeviceToHost);
		if (memcmp(got, want, cnt * sizeof(int))) {
			printf("%s: FAIL (result)\n", names[k]);
			bad++;
			continue;
		}
		for (int r = 0; r < REPS; r++) {
			double t = cpu_s();

			launch(k, d_in, d_out, nb, n, w);
			cudaDeviceSynchronize();
			t = cpu_s() - t;
			best = t < best ? t : best;
		}
		printf("%s %.3f ms (%d threads)\n", names[k], best * 1e3, k == K_TRANSPOSE ? w * w / 4 : n);
		if (k == K_VOTE) {	/* its C loop, timed the same way (fiber_models.sh: the twin column) */
			best = 1e30;
			for (int r = 0; r < REPS; r++) {
				double t = cpu_s();

				vote_loop_c(in, want, n);
				t = cpu_s() - t;
				best = t < best ? t : best;
			}
			printf("twin %s %.3f ms (C loop)\n", names[k], best * 1e3);
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	free(in);
	free(got);
	free(want);
	return bad != 0;
}
