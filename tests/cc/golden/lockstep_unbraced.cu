// Lock step (lib/cc/lockstep.c): a branch's or loop's body that is one
// statement, no { }, and must be preceded by a meeting of the lanes.  The
// meeting went before the body's owner, which does not part the owner's
// condition from the body: `if (t < 16 && m[16 - t] > m[t]) m[t] = 100;`
// read m[16 - t] after another lane had stored 100 there (issue 38,
// fourteenth session; tests/cuda/progs/warp_lockstep_unbraced.cu).  Now the
// body goes in { } with the meeting first, its depth the body's.
#define N 32

// the condition reads what the body stores for another lane
__global__ void flag_larger(int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = t;
	__syncthreads();
	if (t < 16 && m[16 - t] > m[t])
		m[t] = 100;
	out[t] = m[t];
}

// both branches, and the else's own if
__global__ void both_branches(int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = t % 7;
	__syncthreads();
	if (m[(t + 1) % N] > m[t])
		m[t] = -1;
	else if (m[(t + 2) % N] > m[t])
		m[t] = -2;
	else
		m[t] = 1;
	out[t] = m[t];
}

// a loop's body: the condition reads what the body lowers
__global__ void count_down(int *out)
{
	__shared__ int m[N + 1];
	unsigned t = threadIdx.x;

	m[t + 1] = t % 5;
	m[0] = 0;
	__syncthreads();
	while (m[t] > 0 && m[t + 1] > -4)
		m[t + 1]--;
	out[t] = m[t + 1];
}

// nested: each level's turn reads what the last stored for other lanes
__global__ void nested_levels(int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = (N - t) / 3;
	__syncthreads();
	for (unsigned k = 1; k < 4; k++)
		if (t >= k && m[t - k] > m[t])
			m[t] = m[t] + 1;
	out[t] = m[t];
}

// braced, as before: the meeting inside the block, no braces added
__global__ void braced(int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = t;
	__syncthreads();
	if (t < 16 && m[16 - t] > m[t]) {
		m[t] = 100;
	}
	out[t] = m[t];
}

// MODEL: kernel flag_larger: fibers (line 19 reads
// MODEL: kernel both_branches: fibers (line 32 reads
// MODEL: kernel count_down: fibers (line 50 reads
// MODEL: kernel nested_levels: fibers (line 64 reads
// MODEL: kernel braced: fibers (line 77 reads
// CXX: void flag_larger(
// CXX: if (t < 16 && m[(int32_t)(16 - t)] > m[t])
// CXX-NEXT: { __idxgen_cc_lockstep(1); m[t] = 100; }
// CXX: void both_branches(
// CXX: if (m[(t + 1) % N] > m[t])
// CXX-NEXT: { __idxgen_cc_lockstep(1); m[t] = -1; }
// CXX-NEXT: else if (m[(t + 2) % N] > m[t])
// CXX-NEXT: { __idxgen_cc_lockstep(2); m[t] = -2; }
// CXX-NEXT: else
// CXX-NEXT: { __idxgen_cc_lockstep(2); m[t] = 1; }
// CXX: void count_down(
// CXX: while (m[t] > 0 && m[t + 1] > -4)
// CXX-NEXT: { __idxgen_cc_lockstep(1); m[t + 1]--; }
// CXX: void nested_levels(
// CXX: for (unsigned k = 1; k < 4; k++)
// CXX-NEXT: { __idxgen_cc_lockstep(1); if (t >= k && m[(int32_t)(t - k)] > m[t])
// CXX-NEXT: { __idxgen_cc_lockstep(2); m[t] = m[t] + 1; } }
// CXX: void braced(
// CXX: if (t < 16 && m[(int32_t)(16 - t)] > m[t]) {
// CXX-NEXT: __idxgen_cc_lockstep(1); m[t] = 100;
// CXX-NEXT: }
