// Warp operations and __device__ helpers holding them in conditions and
// loop headers, as warp-level code writes them (issue 38): a helper's
// shuffle reduction compared in an `if`, a vote as a `while` condition (a
// warp that keeps working while any lane has work), a shuffle in a `for`
// condition and in its increment, a `do ... while (__all_sync(...))`, and a
// ballot in a conditional expression.  Each kernel's results are checked
// against host loops that compute what the warp computes, lane by lane.
// The default model runs them as fibers; `--exec-model=fission` refuses
// each (whole.sh), never builds it wrong.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define T 64 // threads: two warps

__device__ int warp_reduce(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return __shfl_sync(FULL, v, 0);
}

// the warp's total compared in an if: lanes of a warp with a positive sum double their value
__global__ void helper_in_if(const int *in, int *out)
{
	int v = in[threadIdx.x];

	if (warp_reduce(v) > 0)
		v *= 2;
	out[threadIdx.x] = v;
}

// each lane halves its count until every lane of the warp is at zero; out counts the warp's rounds
__global__ void vote_in_while(const int *in, int *out)
{
	int v = in[threadIdx.x] & 255, rounds = 0;

	while (__any_sync(FULL, v != 0)) {
		v >>= 1;
		rounds++;
	}
	out[threadIdx.x] = rounds;
}

// a shuffle in the condition: steps while lane 0's running value stays below a bound
__global__ void shuffle_in_for_cond(const int *in, int *out)
{
	int v = in[threadIdx.x] & 15, steps = 0;

	for (int k = 0; k < 40 && __shfl_sync(FULL, v, 0) < 200; k++) {
		v += 1 + (threadIdx.x & 3);
		steps++;
	}
	out[threadIdx.x] = steps * 1000 + v;
}

// a shuffle in the increment: every lane strides by lane 3's step
__global__ void shuffle_in_for_step(const int *in, int *out)
{
	int step = 1 + (in[threadIdx.x] & 7), sum = 0;

	for (int i = 0; i < 100; i += __shfl_sync(FULL, step, 3))
		sum += i;
	out[threadIdx.x] = sum;
}

// do-while on a vote: add the lane's value until all lanes pass 100
__global__ void all_in_do_while(const int *in, int *out)
{
	int v = in[threadIdx.x] & 31, turns = 0;

	do {
		v += 7;
		turns++;
	} while (!__all_sync(FULL, v > 100));
	out[threadIdx.x] = turns * 1000 + v;
}

// a ballot in a conditional expression
__global__ void ballot_in_ternary(const int *in, int *out)
{
	int v = in[threadIdx.x];

	out[threadIdx.x] = __popc(__ballot_sync(FULL, v % 3 == 0)) > 10 ? v : -v;
}

static int check(const char *name, const int *got, const int *want, int n)
{
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("%s: element %d is %d, want %d\n", name, i, got[i], want[i]);
			return 1;
		}
	return 0;
}

typedef void (*host_ref)(const int *in, int *want);

static void ref_helper_in_if(const int *in, int *want)
{
	for (int w = 0; w < T / 32; w++) {
		int s = 0;

		for (int l = 0; l < 32; l++)
			s += in[32 * w + l];
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = s > 0 ? 2 * in[32 * w + l] : in[32 * w + l];
	}
}

static void ref_vote_in_while(const int *in, int *want)
{
	for (int w = 0; w < T / 32; w++) {
		int most = 0;

		for (int l = 0; l < 32; l++) {
			int v = in[32 * w + l] & 255, bits = 0;

			while (v) {
				v >>= 1;
				bits++;
			}
			most = bits > most ? bits : most;
		}
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = most;
	}
}

static void ref_shuffle_in_for_cond(const int *in, int *want)
{
	for (int w = 0; w < T / 32; w++) {
		// lane 0's value decides for the warp: count its steps alone
		int v0 = in[32 * w] & 15, steps = 0;

		while (steps < 40 && v0 < 200) {
			v0 += 1;
			steps++;
		}
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = steps * 1000 + (in[32 * w + l] & 15) + steps * (1 + (l & 3));
	}
}

static void ref_shuffle_in_for_step(const int *in, int *want)
{
	for (int w = 0; w < T / 32; w++) {
		int step = 1 + (in[32 * w + 3] & 7), sum = 0;

		for (int i = 0; i < 100; i += step)
			sum += i;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = sum;
	}
}

static void ref_all_in_do_while(const int *in, int *want)
{
	for (int w = 0; w < T / 32; w++) {
		int least = 1 << 30, turns;

		for (int l = 0; l < 32; l++)
			least = (in[32 * w + l] & 31) < least ? (in[32 * w + l] & 31) : least;
		// the warp turns until its smallest value passes 100
		turns = (100 - least) / 7 + 1;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = turns * 1000 + (in[32 * w + l] & 31) + 7 * turns;
	}
}

static void ref_ballot_in_ternary(const int *in, int *want)
{
	for (int w = 0; w < T / 32; w++) {
		int n = 0;

		for (int l = 0; l < 32; l++)
			n += in[32 * w + l] % 3 == 0;
		for (int l = 0; l < 32; l++)
			want[32 * w + l] = n > 10 ? in[32 * w + l] : -in[32 * w + l];
	}
}

int main(void)
{
	int h[T], got[T], want[T], *d_in, *d_out, passed = 0, failed = 0;
	unsigned seed = 12345;

	for (int t = 0; t < T; t++) {
		seed = seed * 1103515245u + 12345u;
		// the first warp sums positive, the second negative
		h[t] = (int)((seed >> 16) % 200) - (t < 32 ? 40 : 160);
	}
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(h));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);

	struct {
		const char *name;
		void (*kernel)(const int *, int *);
		host_ref ref;
	} cases[] = {
		{ "helper_in_if", helper_in_if, ref_helper_in_if },
		{ "vote_in_while", vote_in_while, ref_vote_in_while },
		{ "shuffle_in_for_cond", shuffle_in_for_cond, ref_shuffle_in_for_cond },
		{ "shuffle_in_for_step", shuffle_in_for_step, ref_shuffle_in_for_step },
		{ "all_in_do_while", all_in_do_while, ref_all_in_do_while },
		{ "ballot_in_ternary", ballot_in_ternary, ref_ballot_in_ternary },
	};
	for (unsigned c = 0; c < sizeof(cases) / sizeof(cases[0]); c++) {
		cudaMemset(d_out, 0, sizeof(h));
		cases[c].kernel<<<1, T>>>(d_in, d_out);
		cudaMemcpy(got, d_out, sizeof(h), cudaMemcpyDeviceToHost);
		cases[c].ref(h, want);
		if (check(cases[c].name, got, want, T))
			failed++;
		else
			passed++;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	printf("%d passed, %d failed\n", passed, failed);
	printf(failed ? "FAIL\n" : "PASS\n");
	return failed != 0;
}
