// Loops whose header calls a warp vote over a mask the program computes,
// a cooperative-groups tile's vote, or that lanes leave by `break` (issue
// 38, thirty-first session; lib/cc/warp_loop.c, warp_mask.c): the work
// loop over the lanes of a ballot (`unsigned live = __ballot_sync(FULL, i <
// n); if (i < n) while (__any_sync(live, ...))`), the same over
// __activemask() inside a branch, a mask handed in as a parameter, `while
// (tile.any(...))` over tiles of 32, `tile.all` over tiles of 16 with
// shuffles inside the tile, the ballot loop of a tile of 8 serving its lanes
// one by one, and two loops over __activemask() that single lanes leave by
// `break` while the others go on.  Loop fission runs them (each warp's, or
// tile's, lanes absent once they left); fibers run them as written.  Every
// lane's result is checked against host loops that compute what its warp
// computes, and the program prints a checksum of every result so that
// whole.sh can compare the two models' outputs too.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define FULL    0xffffffffu
#define N       3990 /* not a multiple of 32: the last warp is partial */
#define THREADS 128
#define BLOCKS  ((N + THREADS - 1) / THREADS)
#define SPAN    (BLOCKS * THREADS)

// lanes past n sit the loop out; the others go round while any has work
__global__ void ballot_mask_work(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned live = __ballot_sync(FULL, i < n);
	int todo = i < n ? in[i] & 7 : 0, sum = 0, rounds = 0;

	if (i < n) {
		while (__any_sync(live, todo > 0)) {
			if (todo > 0) {
				sum += todo;
				todo--;
			}
			rounds++;
		}
		out[i] = rounds * 1000 + sum;
	}
}

// the lanes of a branch vote among themselves, as __activemask() names them
__global__ void active_branch(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, todo = in[i] & 15, acc = 0;

	if (in[i] % 3 != 0) {
		while (__any_sync(__activemask(), todo > 0)) {
			todo -= todo > 0;
			acc += __reduce_add_sync(__activemask(), (unsigned)todo);
		}
	}
	out[i] = acc;
}

// a mask the caller chooses: every lane of the warp goes on while all may
__global__ void param_mask(const int *in, int *out, unsigned mask, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] & 31, steps = 0;

	while (__all_sync(mask, v < limit)) {
		v += 1 + (v & 3);
		steps++;
	}
	out[i] = steps * 1000 + v;
}

// a whole-warp tile: the tile's lanes go round while any has work
__global__ void tile32_any(const int *in, int *out)
{
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] & 15, turns = 0;

	while (tile.any(v > 0)) {
		v = v > 3 ? v - 3 : 0;
		turns++;
	}
	out[i] = turns * 100 + (int)tile.thread_rank();
}

// tiles of 16 each at their own pace, with a shuffle inside the tile
__global__ void tile16_all(const int *in, int *out)
{
	cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(cg::this_thread_block());
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] & 31, s = 0;

	while (t16.all(v < 40)) {
		v += 1 + (v & 3);
		s += t16.shfl_down(v, 1);
	}
	out[i] = s * 64 + v;
}

// tiles of 8 serve their lanes one by one, lowest rank first
__global__ void tile8_ballot(const int *in, int *out)
{
	cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(cg::this_thread_block());
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] % 5, acc = 0, turns = 0;
	unsigned b;

	while ((b = t8.ballot(v > 0)) != 0) {
		int leader = __ffs(b) - 1;

		acc += t8.shfl(v, leader);
		if ((int)t8.thread_rank() == leader)
			v = 0;
		turns++;
	}
	out[i] = turns * 1000 + acc;
}

// lanes with an odd count leave when it runs low; the rest vote on
__global__ void active_break(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, todo = in[i] & 15, rounds = 0, seen = 0;

	while (__any_sync(__activemask(), todo > 0)) {
		todo -= 2;
		if ((todo & 1) && todo < 3) {
			rounds += 100;
			break;
		}
		seen += __popc(__ballot_sync(__activemask(), todo > 4));
		rounds++;
	}
	out[i] = rounds * 1000 + seen;
}

// the same in a do-while: a lane leaves when its value is a multiple of 7
__global__ void active_do_break(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x, v = in[i] & 63, hits = 0;

	do {
		v += 5;
		if (v % 7 == 0)
			break;
		else
			hits++;
	} while (__all_sync(__activemask(), v < 90));
	out[i] = hits * 1000 + v;
}

/* ---- host references: one warp (or tile) at a time, lanes in lock step ---- */

static void ref_ballot_mask_work(const int *in, int *ref, int n)
{
	for (int w = 0; w < SPAN; w += 32) {
		int most = 0;

		for (int i = w; i < w + 32 && i < n; i++)
			most = (in[i] & 7) > most ? in[i] & 7 : most;
		for (int i = w; i < w + 32 && i < n; i++) {
			int t = in[i] & 7;

			ref[i] = most * 1000 + t * (t + 1) / 2;
		}
	}
}

static void ref_active_branch(const int *in, int *ref)
{
	for (int w = 0; w < SPAN; w += 32) {
		int todo[32], acc = 0;
		bool any = true, in_branch[32];

		for (int l = 0; l < 32; l++) {
			todo[l] = in[w + l] & 15;
			in_branch[l] = in[w + l] % 3 != 0;
		}
		while (any) {
			unsigned sum = 0;

			any = false;
			for (int l = 0; l < 32; l++)
				any |= in_branch[l] && todo[l] > 0;
			if (!any)
				break;
			for (int l = 0; l < 32; l++)
				if (in_branch[l]) {
					todo[l] -= todo[l] > 0;
					sum += (unsigned)todo[l];
				}
			acc += (int)sum;
		}
		for (int l = 0; l < 32; l++)
			ref[w + l] = in_branch[l] ? acc : 0;
	}
}

static void ref_param_mask(const int *in, int *ref, int limit)
{
	for (int w = 0; w < SPAN; w += 32) {
		int v[32], steps = 0;
		bool all = true;

		for (int l = 0; l < 32; l++)
			v[l] = in[w + l] & 31;
		for (;;) {
			all = true;
			for (int l = 0; l < 32; l++)
				all &= v[l] < limit;
			if (!all)
				break;
			for (int l = 0; l < 32; l++)
				v[l] += 1 + (v[l] & 3);
			steps++;
		}
		for (int l = 0; l < 32; l++)
			ref[w + l] = steps * 1000 + v[l];
	}
}

static void ref_tile32_any(const int *in, int *ref)
{
	for (int w = 0; w < SPAN; w += 32) {
		int most = 0;

		for (int l = 0; l < 32; l++)
			most = (in[w + l] & 15) > most ? in[w + l] & 15 : most;
		for (int l = 0; l < 32; l++)
			ref[w + l] = (most + 2) / 3 * 100 + l;
	}
}

static void ref_tile16_all(const int *in, int *ref)
{
	for (int t = 0; t < SPAN; t += 16) {
		int v[16], s[16] = {0};

		for (int r = 0; r < 16; r++)
			v[r] = in[t + r] & 31;
		for (;;) {
			bool all = true;

			for (int r = 0; r < 16; r++)
				all &= v[r] < 40;
			if (!all)
				break;
			for (int r = 0; r < 16; r++)
				v[r] += 1 + (v[r] & 3);
			for (int r = 0; r < 16; r++)
				s[r] += v[r < 15 ? r + 1 : r]; /* the last rank reads its own */
		}
		for (int r = 0; r < 16; r++)
			ref[t + r] = s[r] * 64 + v[r];
	}
}

static void ref_tile8_ballot(const int *in, int *ref)
{
	for (int t = 0; t < SPAN; t += 8) {
		int turns = 0, acc = 0;

		for (int r = 0; r < 8; r++)
			if (in[t + r] % 5 > 0) {
				turns++;
				acc += in[t + r] % 5;
			}
		for (int r = 0; r < 8; r++)
			ref[t + r] = turns * 1000 + acc;
	}
}

static void ref_active_break(const int *in, int *ref)
{
	for (int w = 0; w < SPAN; w += 32) {
		int todo[32], rounds[32] = {0}, seen[32] = {0};
		bool in_loop[32];

		for (int l = 0; l < 32; l++) {
			todo[l] = in[w + l] & 15;
			in_loop[l] = true;
		}
		for (;;) {
			bool any = false;
			int count = 0;

			for (int l = 0; l < 32; l++)
				any |= in_loop[l] && todo[l] > 0;
			if (!any)
				break;
			for (int l = 0; l < 32; l++)
				if (in_loop[l]) {
					todo[l] -= 2;
					if ((todo[l] & 1) && todo[l] < 3) {
						rounds[l] += 100;
						in_loop[l] = false;
					}
				}
			for (int l = 0; l < 32; l++)
				count += in_loop[l] && todo[l] > 4;
			for (int l = 0; l < 32; l++)
				if (in_loop[l]) {
					seen[l] += count;
					rounds[l]++;
				}
		}
		for (int l = 0; l < 32; l++)
			ref[w + l] = rounds[l] * 1000 + seen[l];
	}
}

static void ref_active_do_break(const int *in, int *ref)
{
	for (int w = 0; w < SPAN; w += 32) {
		int v[32], hits[32] = {0};
		bool in_loop[32];

		for (int l = 0; l < 32; l++) {
			v[l] = in[w + l] & 63;
			in_loop[l] = true;
		}
		for (;;) {
			bool all = true, left = true;

			for (int l = 0; l < 32; l++)
				if (in_loop[l]) {
					v[l] += 5;
					if (v[l] % 7 == 0)
						in_loop[l] = false;
					else
						hits[l]++;
				}
			for (int l = 0; l < 32; l++) {
				all &= !in_loop[l] || v[l] < 90;
				left &= !in_loop[l];
			}
			if (left || !all)
				break;
		}
		for (int l = 0; l < 32; l++)
			ref[w + l] = hits[l] * 1000 + v[l];
	}
}

static int check(const char *name, const int *got, const int *ref, int n, unsigned *sum)
{
	int bad = 0;

	for (int i = 0; i < n; i++) {
		if (got[i] != ref[i] && bad++ < 3)
			printf("%s: [%d] = %d, want %d\n", name, i, got[i], ref[i]);
		*sum = *sum * 31u + (unsigned)got[i];
	}
	printf("%s: %s\n", name, bad ? "FAIL" : "ok");
	return bad == 0;
}

int main(void)
{
	static int in[SPAN], got[SPAN], ref[SPAN];
	int *d_in, *d_out, pass = 0, total = 0;
	unsigned sum = 0;

	for (int i = 0; i < SPAN; i++)
		in[i] = (int)((i * 2654435761u) >> 7) & 1023;
	cudaMalloc(&d_in, sizeof(in));
	cudaMalloc(&d_out, sizeof(got));
	cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);

#define RUN(name, launch, reffn, count)                                   \
	do {                                                              \
		cudaMemset(d_out, 0, sizeof(got));                        \
		launch;                                                   \
		cudaMemcpy(got, d_out, sizeof(got), cudaMemcpyDeviceToHost); \
		for (int k = 0; k < SPAN; k++)                            \
			ref[k] = 0;                                       \
		reffn;                                                    \
		pass += check(name, got, ref, count, &sum);               \
		total++;                                                  \
	} while (0)

	RUN("ballot_mask_work", (ballot_mask_work<<<BLOCKS, THREADS>>>(d_in, d_out, N)),
	    ref_ballot_mask_work(in, ref, N), SPAN);
	RUN("active_branch", (active_branch<<<BLOCKS, THREADS>>>(d_in, d_out)), ref_active_branch(in, ref), SPAN);
	RUN("param_mask", (param_mask<<<BLOCKS, THREADS>>>(d_in, d_out, FULL, 60)), ref_param_mask(in, ref, 60),
	    SPAN);
	RUN("tile32_any", (tile32_any<<<BLOCKS, THREADS>>>(d_in, d_out)), ref_tile32_any(in, ref), SPAN);
	RUN("tile16_all", (tile16_all<<<BLOCKS, THREADS>>>(d_in, d_out)), ref_tile16_all(in, ref), SPAN);
	RUN("tile8_ballot", (tile8_ballot<<<BLOCKS, THREADS>>>(d_in, d_out)), ref_tile8_ballot(in, ref), SPAN);
	RUN("active_break", (active_break<<<BLOCKS, THREADS>>>(d_in, d_out)), ref_active_break(in, ref), SPAN);
	RUN("active_do_break", (active_do_break<<<BLOCKS, THREADS>>>(d_in, d_out)), ref_active_do_break(in, ref),
	    SPAN);
	cudaFree(d_in);
	cudaFree(d_out);
	printf("checksum %08x\n", sum);
	printf("%d passed, %d failed\n", pass, total - pass);
	printf("%s\n", pass == total ? "PASS" : "FAIL");
	return pass == total ? 0 : 1;
}
