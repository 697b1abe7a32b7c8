// Loops whose header calls a warp operation (issue 38, thirtieth session;
// lib/cc/warp_loop.c): where the value is the same in every lane of the
// warp -- a vote or __reduce_*_sync over a constant mask, __shfl_sync from a
// constant lane -- loop fission runs the loop once per block while a lane of
// it goes on, the condition evaluated before the loop and at the end of each
// turn, each warp's lanes absent once their warp left it.  Before, each of
// these kernels ran as fibers ("a warp-level function in the header of a
// loop or switch is not supported").  Refused still, the kernel then fibers:
// a shuffle down (each lane its own value), a barrier in the body, the vote
// right of && (published where the program would not evaluate it).
// tests/cc/whole/progs/warp_loop_headers.cu runs the lowered forms against
// host references under both models.
#define FULL 0xffffffffu

__global__ void vote_while(const int *in, int *out)
{
	int todo = in[threadIdx.x] & 7, rounds = 0;

	while (__any_sync(FULL, todo > 0)) {
		if (todo > 0)
			todo--;
		rounds++;
	}
	out[threadIdx.x] = rounds;
}
// MODEL-LABEL: kernel vote_while: fission{{$}}
// MODEL: while containing barriers: lines 19-23, once per block while a lane of it goes on (a warp operation's loop: each warp's lanes go round together, absent once their warp left it)
// CXX-LABEL: vote_while: called once per block
// CXX: __idxgen_p0_[__t] = __idxgen_alive[{{.*}}]; __idxgen_c0_[__t] = 0;
// CXX: if (__idxgen_alive[{{.*}}]) { __idxgen_w0[32 + {{.*}}] = (todo_[__t] > 0) != 0; }
// CXX: __idxgen_c0_[__t] = __idxgen_alive[{{.*}}] && ((idxgen_cc_any(__idxgen_w0 + 32, {{.*}}, __idxgen_alive, (FULL))));
// CXX: __idxgen_alive[{{.*}}] = __idxgen_c0_[__t];
// CXX: while (idxgen_cc_block_any_present((blockDim.x * blockDim.y * blockDim.z), __idxgen_alive)) {
// CXX: if (__idxgen_alive[{{.*}}]) { {
// CXX: __idxgen_c0_[__t] = __idxgen_alive[{{.*}}] && ((idxgen_cc_any(
// CXX: __idxgen_alive[{{.*}}] = __idxgen_c0_[__t];
// CXX: __idxgen_alive[{{.*}}] = __idxgen_p0_[__t];

// the ballot loop: lanes served one at a time; the increment where present
__global__ void ballot_for(const int *in, int *out)
{
	int v = in[threadIdx.x] & 15, acc = 0;
	unsigned b;

	for (int turn = 0; (b = __ballot_sync(FULL, v > 0)) != 0; turn++) {
		int leader = __ffs(b) - 1;

		acc += __shfl_sync(FULL, v, leader) * (turn + 1);
		if ((threadIdx.x & 31) == leader)
			v = 0;
	}
	out[threadIdx.x] = acc;
}
// MODEL-LABEL: kernel ballot_for: fission{{$}}
// MODEL: once per block: line 45 (every warp's ballot, one word a warp)
// MODEL: while containing barriers: lines 45-51, once per block while a lane of it goes on
// CXX-LABEL: ballot_for: called once per block
// CXX: idxgen_cc_ballots(__idxgen_b[[S:[0-9]+]], __idxgen_w[[S]] + 32,
// CXX: (b_[__t] = ((__idxgen_b[[S]][{{.*}} / 32] & (FULL)))) != 0
// CXX: while (idxgen_cc_block_any_present(
// CXX: if (__idxgen_alive[{{.*}}]) { turn_[__t]++; }

// lane 0's value decides; the body runs before the first test
__global__ void lane0_do(const int *in, int *out)
{
	int v = in[threadIdx.x] & 63, steps = 0;

	do {
		v = (v * 3 + 1) % 1000;
		steps++;
	} while (__shfl_sync(FULL, v, 0) % 7 != 0 && steps < 50);
	out[threadIdx.x] = steps * 1000 + v;
}
// MODEL-LABEL: kernel lane0_do: fission{{$}}
// MODEL: do-while containing barriers: lines 68-71, once per block while a lane of it goes on

// a reduction in a for's condition, the loop under a predicated if
__global__ void reduce_pred(const int *in, int *out)
{
	int left = in[threadIdx.x] & 31, rounds = 0;

	if (threadIdx.x < 64)
		for (int r = 1; __reduce_add_sync(FULL, (unsigned)left) > 0u; r++) {
			left = left > r ? left - r : 0;
			rounds = r;
		}
	out[threadIdx.x] = rounds;
}
// MODEL-LABEL: kernel reduce_pred: fission{{$}}
// MODEL: while containing barriers: lines 83-86, once per block while a lane of it goes on

// each lane its own value: refused for loop fission
__global__ void shuffle_down_while(const int *in, int *out)
{
	int v = in[threadIdx.x] & 31, n = 0;

	while (__shfl_down_sync(FULL, v, 1) > n && n < 40)
		n++;
	out[threadIdx.x] = n;
}
// MODEL: kernel shuffle_down_while: fibers (warp.c does not lower it for loop fission: '__shfl_down_sync' in the header of a loop may give the lanes of a warp different values, so they may leave the loop at different turns, which loop fission cannot run: in a loop header it lowers only a value the same in every lane (a vote or __reduce_*_sync over a mask the same in every lane: a constant, __activemask(), a ballot's variable; __shfl_sync from a constant lane))

// a barrier in the body: the warps would reach it as often as the slowest turns
__global__ void vote_barrier(const int *in, int *out)
{
	__shared__ int s[128];
	int v = in[threadIdx.x] & 7;

	s[threadIdx.x] = v;
	while (__all_sync(FULL, v < 9)) {
		__syncthreads();
		v += s[(threadIdx.x + 1) % 128] & 1;
		v++;
	}
	out[threadIdx.x] = v;
}
// MODEL: kernel vote_barrier: fibers (warp.c does not lower it for loop fission: a loop whose header calls a warp-level function may hold no __syncthreads(), return, break, continue or goto under loop fission: the warps of a block may take different numbers of turns (a break may leave it as the last statement of a branch of an if of its body's top level with no warp operation, every warp operation of the loop over __activemask()))

// the vote right of &&: its operand read where the lane would not evaluate it
__global__ void vote_after_and(const int *in, int *out, int n)
{
	int i = threadIdx.x, k = 0;

	while (i < n && __any_sync(FULL, in[i] > k))
		k++;
	out[threadIdx.x] = k;
}
// MODEL: kernel vote_after_and: fibers (warp.c does not lower it for loop fission: a warp-level function in the header of a loop is not supported where the header evaluates it under a condition of its own (&&, ||, ?:) (compute it into a variable before the loop and at the end of its body))
