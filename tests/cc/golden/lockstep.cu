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

// A statement that reads another lane's element of what it stores: every
// lane reads, the lanes meet, each writes (__idxgen_cc_vstore).
__global__ void shift_rmw(int *out)
{
	__shared__ int s[33];
	int t = threadIdx.x & 31;
	s[t + 1] = t;
	__syncwarp();
	s[t + 1] = s[t] * 2;
	__syncwarp();
	out[threadIdx.x] = s[t + 1];
}

// A store of an element another lane read before it (write after read): a
// meeting before the store.
__global__ void war(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x & 31;
	s[t] = t;
	__syncwarp();
	int v = s[(t + 1) % 32];
	s[t] = v;
	__syncwarp();
	out[threadIdx.x] = s[t];
}

// The tree reductions' guards keep what a lane reads apart from what the
// others store, one lane's serial scan has no other lane, a double buffer
// reads the half it does not store: no meeting, loop fission stays.
__global__ void tree_guards(int *out)
{
	__shared__ int s[256], buf[512];
	int t = threadIdx.x, pout = 0, pin = 1;
	s[t] = t;
	buf[t] = t;
	__syncthreads();
	for (int k = (int)blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	for (int k = 1; k < (int)blockDim.x; k *= 2) {
		if (t % (2 * k) == 0)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		for (int k = 1; k < 256; k++)
			s[k] += s[k - 1];
	__syncthreads();
	for (int off = 1; off < (int)blockDim.x; off *= 2) {
		pout = 1 - pout;
		pin = 1 - pout;
		buf[pout * blockDim.x + t] = buf[pin * blockDim.x + t] + (t >= off ? buf[pin * blockDim.x + t - off] : 0);
		__syncthreads();
	}
	out[t] = s[t] + buf[pout * blockDim.x + t];
}

// A reference to the lane's element, stored through; a helper given a
// pointer into the tile reads its neighbour's element after storing its own.
__device__ int left_of(int *row, int t)
{
	row[t] = t;
	return row[(t + 31) % 32];
}

__global__ void by_reference(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x & 31;
	int &mine = s[t];
	mine = t * 3;
	out[threadIdx.x] = s[t ^ 1] + left_of(s, t);
}

// A warp-synchronous tree in a loop: each turn's guard keeps its own reads
// and stores apart, but a turn reads what the last one stored for another
// lane.  One statement as the body: the lanes meet before each test of the
// condition; a { } body: the meeting goes in front of its statement.
__global__ void turns(int *out)
{
	__shared__ int s[32];
	int lane = threadIdx.x & 31;
	int *r = s;
	s[lane] = lane;
	__syncwarp();
	for (int k = 16; k > 0; k >>= 1)
		if (lane < k)
			r[lane] += r[lane + k];
	for (int k = 16; k > 0; k >>= 1) {
		if (lane < k)
			r[lane] += r[lane + k];
	}
	out[threadIdx.x] = s[lane];
}

// A warp's running total read after the turn's last barrier, and the next
// turn's store with no barrier between (golden lockstep_edge.cu): loop
// fission ends its thread loops at the loop's back edge, fibers do not.  A
// helper's barrier makes this kernel fibers: the lanes meet before the store.
__device__ void block_sync(void)
{
	__syncthreads();
}

__global__ void carry_fibers(const int *in, int *out, int n)
{
	__shared__ int s[128];
	int t = threadIdx.x, total = 0;
	for (int base = 0; base < n; base += 128) {
		s[t] = in[base + t];
		block_sync();
		out[base + t] = s[t] + total;
		__syncthreads();
		total += s[(t & ~31) + 31];
	}
}

// A store written in a macro (lib/cc/macro_assign.c reads its #define),
// then a neighbour's element: the lanes meet before the read.
#define PUT(a, i, v) a[i] = v

__global__ void macro_store(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x & 31;
	PUT(s, t, in[threadIdx.x]);
	out[threadIdx.x] = s[t ^ 1];
}

// Meetings inside branches and loops say how deep they are (branch_depth.c):
// the odd lanes at the if's meeting (depth 2) go on before the even lanes,
// which skipped the if and wait at the next turn's store (depth 1), as a
// GPU's warp runs the branch before it reconverges (HeCBench's fpdc).
__global__ void odd_pairs(const int *in, int *out, int n)
{
	__shared__ int s[48];
	int lane = threadIdx.x & 31;
	for (int i = lane; i < n; i += 32) {
		s[16 + lane] = in[i];
		if (lane & 1) {
			int lo = s[15 + lane];
			out[i / 2] = lo | in[i] << 4;
		}
	}
}

// MODEL: kernel row_exchange: fibers (line 20 reads __shared__ memory a statement before it stored to with no barrier between
// MODEL: kernel branch_store: fibers (line 32 reads
// MODEL: kernel ring: fibers (line 43 reads
// MODEL: kernel no_meeting: fission
// MODEL: kernel moved_index: fibers (line 66 reads
// MODEL: kernel shift_rmw: fibers
// MODEL: kernel war: fibers
// MODEL: kernel tree_guards: fission, fibers when blockDim.x < 32 && blockDim.y * blockDim.z > 1 (line 108 counts on threadIdx.x telling the lanes of a warp apart)
// MODEL: kernel by_reference: fibers (calls 'left_of', which suspends the thread
// MODEL: kernel turns: fibers
// MODEL: kernel carry_fibers: fibers (calls 'block_sync', which suspends the thread
// MODEL: kernel macro_store: fibers (line {{[0-9]+}} reads __shared__ memory a statement before it stored to
// MODEL: kernel odd_pairs: fibers (line {{[0-9]+}} reads __shared__ memory

// CXX: void row_exchange(
// CXX: col[r * 9] = in[r * 8 + t];
// CXX-NEXT: float s = 0.0f;
// CXX-NEXT: __idxgen_cc_lockstep(); for (int k = 0; k < 8; k++)
// CXX-NEXT: s += row[k] * (k + 1);
// CXX: void branch_store(
// CXX: s[lane] = in[threadIdx.x];
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] = s[lane ^ 1];
// CXX: void ring(
// the next turn stores where this one read (k's change not followed): a meeting before the store too
// CXX: __idxgen_cc_lockstep(1); s[k * 32 + t] = v;
// CXX-NEXT: __idxgen_cc_lockstep(1); v += s[k * 32 + (t + 1) % 32];
// CXX-NOT: __idxgen_cc_lockstep
// CXX: void moved_index(
// CXX: t ^= 1;
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] = s[t];
// CXX: void shift_rmw(
// CXX: __syncwarp();
// CXX-NEXT: __idxgen_cc_vstore(s[t + 1], s[t] * 2);
// CXX: void war(
// CXX: int v = s[(t + 1) % 32];
// CXX-NEXT: __idxgen_cc_lockstep(); s[t] = v;
// its fiber body for blocks whose rows are shorter than a warp (the tree and
// the one-lane scan count on threadIdx.x telling the lanes apart), then
// loop fission, whose block function hands such blocks to it
// CXX: namespace { namespace __idxgen_fiber_tree_guards__ls {
// CXX: __idxgen_cc_vstore(s[t], (s[t]) + (s[t + k]), 2);
// CXX: static void tree_guards__block(
// CXX-NEXT: {
// CXX-NEXT: if (__b->block_dim[0] < 32 && __b->block_dim[1] * __b->block_dim[2] > 1) {
// CXX-NEXT: tree_guards__ls__block(__b);
// CXX-NOT: __idxgen_cc_lockstep
// CXX-NOT: __idxgen_cc_vstore
// CXX: int left_of(
// CXX: row[t] = t;
// CXX-NEXT: __idxgen_cc_lockstep(); return row[(t + 31) % 32];
// CXX: void by_reference(
// CXX: int &mine = s[t];
// CXX-NEXT: mine = t * 3;
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] = s[t ^ 1] + left_of(s, t);
// CXX: void turns(
// lane (threadIdx.x & 31) is no index fibers count on to tell the lanes
// apart (lockstep_guard.c): each sum is read, meet, write, which meets
// between the turns as well
// CXX: for (int k = 16; k > 0; k >>= 1)
// CXX-NEXT: if (lane < k)
// CXX-NEXT: __idxgen_cc_vstore(r[lane], (r[lane]) + (r[lane + k]), 2);
// CXX-NEXT: for (int k = 16; k > 0; k >>= 1) {
// CXX-NEXT: if (lane < k)
// CXX-NEXT: __idxgen_cc_vstore(r[lane], (r[lane]) + (r[lane + k]), 2);
// CXX: void carry_fibers(
// CXX: for (int base = 0; base < n; base += 128) {
// CXX-NEXT: __idxgen_cc_lockstep(1); s[t] = in[base + t];
// CXX: void macro_store(
// CXX: PUT(s, t, in[threadIdx.x]);
// CXX-NEXT: __idxgen_cc_lockstep(); out[threadIdx.x] = s[t ^ 1];
// CXX: void odd_pairs(
// CXX: for (int i = lane; i < n; i += 32) {
// CXX-NEXT: __idxgen_cc_lockstep(1); s[16 + lane] = in[i];
// CXX-NEXT: if (lane & 1) {
// CXX-NEXT: __idxgen_cc_lockstep(2); int lo = s[15 + lane];
