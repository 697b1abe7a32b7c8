// Locals assigned or stepped inside a macro's body (lib/cc/macro_assign.c,
// syntax.c assignment() and unary_op()): libclang 16 gives every cursor of a
// body the offsets of the macro's call, whose text is the macro's name, so
// these writes were no writes at all.  Loop fission then recomputed `w`
// from its initializer after the barrier and kept `base` once per block
// (wrong results), and lane loops took `if (w == 0)` for a branch each warp
// takes as a whole; lockstep.c saw no store in `s[t]++` (BUMP) where a
// warp's lanes run in lock step; has_effects() saw no read of memory in
// MINE's '*', so h was recomputed after the barrier, where another thread
// had changed it.  Now the #define is read: a value live across a barrier
// and written in a macro's body keeps loop fission out (it cannot rename
// inside the macro), and `w` is no warp index after NEXT_ROW.  End to end:
// tests/cuda/progs/macro_body_writes.cu.
#include <cuda_runtime.h>

#define BS 128
#define ADVANCE w = tid + 1;
#define STEP_BACK u--;
#define SET_BASE base = threadIdx.x;
#define NEXT_ROW w = threadIdx.x & 31;
#define BUMP s[t]++;
#define MINE (*(buf + threadIdx.x))

__global__ void advance(int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	int w = tid;

	ADVANCE
	s[tid] = tid;
	__syncthreads();
	out[tid] = w + s[BS - 1 - tid];
}

__global__ void step_back(int *out)
{
	__shared__ int s[BS];
	int tid = threadIdx.x;
	int u = tid;

	STEP_BACK
	s[tid] = tid;
	__syncthreads();
	out[tid] = u + s[BS - 1 - tid];
}

__global__ void rebase(int *out)
{
	__shared__ int s[BS];
	int base = 0;

	SET_BASE
	s[threadIdx.x] = base;
	__syncthreads();
	out[threadIdx.x] = base + s[(threadIdx.x + 1) % BS];
}

__global__ void next_row(const int *in, int *out)
{
	int tid = threadIdx.x;
	int w = tid / 32;
	int v = in[tid];

	NEXT_ROW
	if (w == 0) {
		v = __ballot_sync(1u, 1);
	}
	out[tid] = v;
}

__global__ void bump(int *out)
{
	__shared__ int s[BS + 1];
	int t = threadIdx.x, v = -1;

	s[t] = t;
	__syncthreads();
	if (t < 32) {
		BUMP
		v = s[t + 1];
	}
	out[t] = v;
}

__global__ void mine(int *buf, int *out)
{
	int t = threadIdx.x;
	int h = MINE;

	__syncthreads();
	buf[(t + 1) % BS] = -1;
	__syncthreads();
	out[t] = h;
}

// MODEL: kernel advance: fibers (loop fission cannot run it: 'w' lives across __syncthreads() and is used inside a macro: not supported)
// MODEL: kernel step_back: fibers (loop fission cannot run it: 'u' lives across __syncthreads() and is used inside a macro: not supported)
// MODEL: kernel rebase: fibers (loop fission cannot run it: 'base' lives across __syncthreads() and is used inside a macro: not supported)
// MODEL: kernel next_row: fibers
// MODEL-NEXT: a fiber per thread, not lane loops: line 66: a warp operation under a condition on 'w', not known to be the same for every thread of the block nor of each warp
// MODEL: kernel bump: fibers (line 81 reads __shared__ memory a statement before it stored to with no barrier between: the lanes of a warp meet there, as in lock step)
// MODEL: kernel mine: fission
// MODEL: h (line 89, different in each thread): promoted: per-thread array
