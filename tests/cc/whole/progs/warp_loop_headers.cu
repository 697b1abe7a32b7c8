// Loops conditioned on warp votes and on a lane's broadcast, as warp-level
// code writes them (issue 38, thirtieth session; lib/cc/warp_loop.c): a
// work loop `while (__any_sync(FULL, todo > 0))` with a shuffle in its body,
// the ballot loop that serves the warp's lanes one by one (`for (; (b =
// __ballot_sync(FULL, v > 0)) != 0;)`, leader by __ffs, value by
// __shfl_sync), a `do ... while` on lane 0's value, `__all_sync` over a
// partial warp with lanes that returned, `__reduce_add_sync` in a for,
// such a loop under a predicated if and inside a uniform loop, and 2-D
// blocks.  Loop fission runs them (each warp's lanes absent once their
// warp left the loop); fibers run them as written.  Every lane's result is
// checked against host loops that compute what its warp computes, and the
// program prints a checksum of every result so that whole.sh can compare
// the two models' outputs too.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define N    4096

__device__ unsigned lin_id(void)
{
	return threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
}

// each lane works off its items; the warp goes on while any lane has one
__global__ void queue_any(const int *in, int *out)
{
	unsigned lin = lin_id();
	int i = blockIdx.x * blockDim.x * blockDim.y + lin, todo = in[i] & 7, sum = 0, rounds = 0;

	while (__any_sync(FULL, todo > 0)) {
		if (todo > 0) {
			sum += todo * 3;
			todo--;
		}
		sum += __shfl_xor_sync(FULL, todo, 1);
		rounds++;
	}
	out[i] = rounds * 10000 + sum;
}

// the warp's lanes with work, served one at a time, lowest first
__global__ void ballot_serial(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] & 15, acc = 0;
	unsigned b;

	for (int turn = 0; (b = __ballot_sync(FULL, v > 0)) != 0; turn++) {
		int leader = __ffs(b) - 1;
		int x = __shfl_sync(FULL, v, leader);

		acc += x * (turn + 1);
		if ((threadIdx.x & 31) == leader)
			v = 0;
	}
	out[i] = acc;
}

// lane 0's running value decides when the warp stops
__global__ void lane0_do_while(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] & 63, steps = 0;

	do {
		v = (v * 3 + 1) % 1000;
		steps++;
	} while (__shfl_sync(FULL, v, 0) % 7 != 0 && steps < 50);
	out[i] = steps * 1000 + v;
}

// lanes that returned are no part of the vote; the last warp is partial
__global__ void all_partial_return(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (in[i] % 5 == 0)
		return;
	int v = in[i] & 31, t = 0;

	while (__all_sync(FULL, v < 64)) {
		v += 1 + (threadIdx.x & 3);
		t++;
	}
	out[i] = t * 1000 + v;
}

// rounds until the warp's total left is spent
__global__ void reduce_in_for(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, left = in[i] & 31, rounds = 0;

	for (int r = 1; __reduce_add_sync(FULL, (unsigned)left) > 0u; r++) {
		left = left > r ? left - r : 0;
		rounds = r;
	}
	out[i] = rounds;
}

// the first two warps loop under a predicate; the third skips
__global__ void pred_then_loop(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, k = in[i] & 15, n = 0;

	if (threadIdx.x < 64) {
		while (__any_sync(FULL, k < 20)) {
			k += 3;
			n++;
		}
	}
	out[i] = n * 100 + k;
}

// a vote loop in each turn of a uniform loop
__global__ void uniform_outer(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, tot = 0;

	for (int r = 0; r < 3; r++) {
		int c = (in[i] >> (2 * r)) & 3;

		while (__any_sync(FULL, c > 0)) {
			if (c > 0)
				c--;
			tot++;
		}
	}
	out[i] = tot;
}

/* ---- host references: one warp (lanes [0, n), present[l]) at a time ---- */

struct shape {
	int blocks, bx, by;
};

typedef void (*warp_ref)(const int *in, int *want, int n, const int *lanes);

static void ref_queue_any(const int *in, int *want, int n, const int *lanes)
{
	int todo[32], sum[32] = {0}, rounds = 0, any = 1;

	for (int l = 0; l < n; l++)
		todo[l] = in[lanes[l]] & 7;
	while (any) {
		any = 0;
		for (int l = 0; l < n; l++)
			any |= todo[l] > 0;
		if (!any)
			break;
		for (int l = 0; l < n; l++)
			if (todo[l] > 0) {
				sum[l] += todo[l] * 3;
				todo[l]--;
			}
		for (int l = 0; l < n; l++) // a partner past the warp's lanes: the lane's own
			sum[l] += (l ^ 1) < n ? todo[l ^ 1] : todo[l];
		rounds++;
	}
	for (int l = 0; l < n; l++)
		want[lanes[l]] = rounds * 10000 + sum[l];
}

static void ref_ballot_serial(const int *in, int *want, int n, const int *lanes)
{
	int acc = 0, turn = 0;

	for (int l = 0; l < n; l++)
		if (in[lanes[l]] & 15)
			acc += (in[lanes[l]] & 15) * ++turn;
	for (int l = 0; l < n; l++)
		want[lanes[l]] = acc;
}

static void ref_lane0_do_while(const int *in, int *want, int n, const int *lanes)
{
	int v[32], steps = 0;

	for (int l = 0; l < n; l++)
		v[l] = in[lanes[l]] & 63;
	do {
		for (int l = 0; l < n; l++)
			v[l] = (v[l] * 3 + 1) % 1000;
		steps++;
	} while (v[0] % 7 != 0 && steps < 50);
	for (int l = 0; l < n; l++)
		want[lanes[l]] = steps * 1000 + v[l];
}

static void ref_all_partial_return(const int *in, int *want, int n, const int *lanes)
{
	int v[32], live[32], t = 0, all = 1;

	for (int l = 0; l < n; l++) {
		live[l] = in[lanes[l]] % 5 != 0;
		v[l] = in[lanes[l]] & 31;
	}
	for (;;) {
		all = 1;
		for (int l = 0; l < n; l++)
			all &= !live[l] || v[l] < 64;
		if (!all)
			break;
		for (int l = 0; l < n; l++)
			v[l] += 1 + (lanes[l] % 64 & 3); // threadIdx.x & 3 (blocks of 80)
		t++;
	}
	for (int l = 0; l < n; l++)
		if (live[l])
			want[lanes[l]] = t * 1000 + v[l];
}

static void ref_reduce_in_for(const int *in, int *want, int n, const int *lanes)
{
	int left[32], rounds = 0;
	unsigned total;

	for (int l = 0; l < n; l++)
		left[l] = in[lanes[l]] & 31;
	for (int r = 1;; r++) {
		total = 0;
		for (int l = 0; l < n; l++)
			total += (unsigned)left[l];
		if (!total)
			break;
		for (int l = 0; l < n; l++)
			left[l] = left[l] > r ? left[l] - r : 0;
		rounds = r;
	}
	for (int l = 0; l < n; l++)
		want[lanes[l]] = rounds;
}

static void ref_pred_then_loop(const int *in, int *want, int n, const int *lanes)
{
	int k[32], rounds = 0, any;
	bool in_pred = lanes[0] % 96 < 64; // blocks of 96: warps 0 and 1

	for (int l = 0; l < n; l++)
		k[l] = in[lanes[l]] & 15;
	while (in_pred) {
		any = 0;
		for (int l = 0; l < n; l++)
			any |= k[l] < 20;
		if (!any)
			break;
		for (int l = 0; l < n; l++)
			k[l] += 3;
		rounds++;
	}
	for (int l = 0; l < n; l++)
		want[lanes[l]] = rounds * 100 + k[l];
}

static void ref_uniform_outer(const int *in, int *want, int n, const int *lanes)
{
	int tot = 0;

	for (int r = 0; r < 3; r++) {
		int most = 0;

		for (int l = 0; l < n; l++)
			most = ((in[lanes[l]] >> (2 * r)) & 3) > most
				   ? ((in[lanes[l]] >> (2 * r)) & 3)
				   : most;
		tot += most;
	}
	for (int l = 0; l < n; l++)
		want[lanes[l]] = tot;
}

/* every warp of every block: its lanes' global indices (consecutive linear ids) */
static void ref_grid(warp_ref ref, struct shape sh, const int *in, int *want)
{
	int nt = sh.bx * sh.by, lanes[32];

	for (int b = 0; b < sh.blocks; b++)
		for (int w = 0; w < nt; w += 32) {
			int n = nt - w < 32 ? nt - w : 32;

			for (int l = 0; l < n; l++)
				lanes[l] = b * nt + w + l;
			ref(in, want, n, lanes);
		}
}

int main(void)
{
	static int h[N], got[N], want[N], init[N];
	int *d_in, *d_out, passed = 0, failed = 0;
	unsigned seed = 3030, sum;

	for (int t = 0; t < N; t++) {
		seed = seed * 1103515245u + 12345u;
		h[t] = (int)((seed >> 16) % 4000);
		init[t] = -7;
	}
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(h));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);

	struct {
		const char *name;
		void (*kernel)(const int *, int *);
		warp_ref ref;
		struct shape sh;
	} cases[] = {
	    {"queue_any", queue_any, ref_queue_any, {5, 96, 1}},
	    {"queue_any 2-D", queue_any, ref_queue_any, {3, 16, 6}},
	    {"queue_any 2-D partial", queue_any, ref_queue_any, {3, 10, 5}},
	    {"ballot_serial", ballot_serial, ref_ballot_serial, {4, 128, 1}},
	    {"lane0_do_while", lane0_do_while, ref_lane0_do_while, {4, 96, 1}},
	    {"all_partial_return", all_partial_return, ref_all_partial_return, {4, 80, 1}},
	    {"reduce_in_for", reduce_in_for, ref_reduce_in_for, {4, 64, 1}},
	    {"pred_then_loop", pred_then_loop, ref_pred_then_loop, {3, 96, 1}},
	    {"uniform_outer", uniform_outer, ref_uniform_outer, {3, 96, 1}},
	};
	for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		struct shape sh = cases[c].sh;
		int total = sh.blocks * sh.bx * sh.by, bad = -1;

		cudaMemcpy(d_out, init, sizeof(init), cudaMemcpyHostToDevice);
		cases[c].kernel<<<sh.blocks, dim3(sh.bx, sh.by)>>>(d_in, d_out);
		cudaError_t e = cudaDeviceSynchronize();
		cudaMemcpy(got, d_out, sizeof(got), cudaMemcpyDeviceToHost);
		for (int t = 0; t < N; t++)
			want[t] = init[t];
		ref_grid(cases[c].ref, sh, h, want);
		sum = 0;
		for (int t = 0; t < N && bad < 0; t++) {
			sum = sum * 31u + (unsigned)got[t];
			if (got[t] != want[t])
				bad = t;
		}
		printf("%s: checksum %08x over %d threads\n", cases[c].name, sum, total);
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
