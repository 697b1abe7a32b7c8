// Code written for a warp in lock step (lib/cc/lockstep.c, README.md
// "Warp-synchronous code"): a statement that reads __shared__ memory another
// lane may have stored since the last barrier gets a meeting of the lanes
// before it (__idxgen_cc_lockstep()), and its kernel runs as fibers.  A read
// of the lane's own element, of another __shared__ array, or after a
// barrier gets none: those kernels stay with loop fission.
#include <cuda_runtime.h>

// 8 lanes exchange a row through pointers into one tile: one meeting before
// the loop that reads (not one per turn).
__global__ void row_exchange(const float *in, float *out)
{
	__shared__ float tile[8 * 9];
	int t = threadIdx.x & 7;
	float *col = &tile[t];
	float *row = &tile[t * 9];
	for (int r = 0; r < 8; r++)
		col[r * 9] = in[r * 8 + t];
	float s = 0.0f;
	for (int k = 0; k < 8; k++)
		s += row[k] * (k + 1);
	out[threadIdx.x] = s;
}

// Only some lanes store; every lane reads a neighbour's element.
__global__ void branch_store(const int *in, int *out)
{
	__shared__ int s[32];
	int lane = threadIdx.x & 31;
	if (lane < 16)
		s[lane] = in[threadIdx.x];
	out[threadIdx.x] = s[lane ^ 1];
}

// A turn stores, then reads a neighbour's element of the same turn: the
// meeting is inside the loop.
__global__ void ring(const int *in, int *out)
{
	__shared__ int s[4 * 32];
	int t = threadIdx.x & 31, v = in[threadIdx.x];
	for (int k = 0; k < 4; k++) {
		s[k * 32 + t] = v;
		v += s[k * 32 + (t + 1) % 32];
	}
	out[threadIdx.x] = v;
}

// The lane's own element, another array, a read after a barrier: no meeting.
__global__ void no_meeting(const int *in, int *out)
{
	__shared__ int a[64], b[64];
	int t = threadIdx.x;
	a[t] = in[t];
	b[t] = a[t] * 2;
	__syncthreads();
	out[t] = a[t ^ 1] + b[t];
}

// The same text after its index changed: another lane's element.
__global__ void moved_index(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t * 7;
	t ^= 1;
	out[threadIdx.x] = s[t];
}

// MODEL: kernel row_exchange: fibers (line 20 reads __shared__ memory a statement before it stored to with no barrier between
// MODEL: kernel branch_store: fibers (line 32 reads
// MODEL: kernel ring: fibers (line 43 reads
// MODEL: kernel no_meeting: fission
// MODEL: kernel moved_index: fibers (line 66 reads

// CXX: void row_exchange(
// CXX: col[r * 9] = in[r * 8 + t];
// CXX-NEXT: float s = 0.0f;
// CXX-NEXT: __idxgen_cc_lockstep(); for (int k = 0; k < 8; k++)
// CXX-NEXT: s += row[k] * (k + 1);
// CXX: void branch_store(
// CXX: s[lane] = in[threadIdx.x];
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] = s[lane ^ 1];
// CXX: void ring(
// CXX: s[k * 32 + t] = v;
// CXX-NEXT: __idxgen_cc_lockstep(); v += s[k * 32 + (t + 1) % 32];
// CXX-NOT: __idxgen_cc_lockstep
// CXX: void moved_index(
// CXX: t ^= 1;
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] = s[t];
