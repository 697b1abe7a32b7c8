// The plan of warp operations in conditions and loop headers (issue 38,
// the kernels of tests/cc/whole/progs/warp_cond_headers.cu, which runs them
// against host references).  A helper with a shuffle loop called in a
// condition is no statement loop fission can inline: that kernel runs as
// fibers, declined alone (lib/cc/warp_decline.c, twenty-ninth session;
// before, the whole file was translated again with every warp operation left
// to the fibers).  A vote, or a shuffle from a constant lane, in a loop
// header is lowered since the thirtieth session (lib/cc/warp_loop.c: the
// same value in every lane of the warp, so its lanes go round together),
// except right of && (its operand would be read where the lane does not
// evaluate it: declined).  The ballot in a conditional expression is
// lowered: loop fission.
#define FULL 0xffffffffu

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
// MODEL: kernel helper_in_if: fibers (calls 'warp_reduce', which suspends the thread (a barrier, warp-level function or cooperative group in it))

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
// MODEL: kernel vote_in_while: fission{{$}}

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
// MODEL: kernel shuffle_in_for_cond: fibers (warp.c does not lower it for loop fission: a warp-level function in the header of a loop is not supported where the header evaluates it under a condition of its own (&&, ||, ?:)

// a shuffle in the increment: every lane strides by lane 3's step
__global__ void shuffle_in_for_step(const int *in, int *out)
{
	int step = 1 + (in[threadIdx.x] & 7), sum = 0;

	for (int i = 0; i < 100; i += __shfl_sync(FULL, step, 3))
		sum += i;
	out[threadIdx.x] = sum;
}
// MODEL: kernel shuffle_in_for_step: fission{{$}}

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
// MODEL: kernel all_in_do_while: fission{{$}}

// a ballot in a conditional expression
__global__ void ballot_in_ternary(const int *in, int *out)
{
	int v = in[threadIdx.x];

	out[threadIdx.x] = __popc(__ballot_sync(FULL, v % 3 == 0)) > 10 ? v : -v;
}
// MODEL: kernel ballot_in_ternary: fission{{$}}
