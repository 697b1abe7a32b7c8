// Ping-pong __shared__ buffers in the lock-step analysis (lib/cc/lockstep.c,
// lockstep_pair.c, lockstep_slots.c; issue 38).  A Jacobi step stores one
// buffer and reads the other: two pointers moved only as a pair (swapped
// through a temporary, or set in both branches of an if) never point into
// one array at once, and `buf[1 - cur]` / `buf[cur ^ 1]` is never `buf[cur]`
// where cur is the same in every lane -- such kernels run with loop fission.
// Before, the step was taken for a statement that reads what it stores for
// another lane: fibers with a meeting there (and --exec-model=fission
// refused them).  What stays a meeting: a cur that differs between lanes,
// or one a lane-dependent branch changes; pointers that alias; a swap with
// a read between its moves; a buffer also named directly in the step.
#include <cuda_runtime.h>

#define N 64

__global__ void swap_pair(const float *in, float *out, int steps)
{
	__shared__ float a[N + 2];
	__shared__ float b[N + 2];
	float *src = a, *dst = b;
	int t = threadIdx.x + 1;

	a[t] = in[t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		dst[t] = 0.5f * (src[t - 1] + src[t + 1]);
		__syncthreads();
		float *tmp = src;
		src = dst;
		dst = tmp;
	}
	out[t] = src[t];
}

__global__ void parity_pair(const float *in, float *out, int steps)
{
	__shared__ float a[N + 2];
	__shared__ float b[N + 2];
	float *src, *dst;
	int t = threadIdx.x + 1;

	a[t] = in[t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		if (s & 1) {
			src = b;
			dst = a;
		} else {
			src = a;
			dst = b;
		}
		dst[t] = 0.5f * (src[t - 1] + src[t + 1]);
		__syncthreads();
	}
	out[t] = a[t];
}

__global__ void halves(const float *in, float *out, int steps)
{
	__shared__ float buf[2][N + 2];
	int t = threadIdx.x + 1, cur = 0;

	buf[0][t] = in[t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		buf[1 - cur][t] = 0.5f * (buf[cur][t - 1] + buf[cur][t + 1]);
		__syncthreads();
		cur = 1 - cur;
	}
	out[t] = buf[cur][t];
}

__global__ void halves_xor(const float *in, float *out, int steps)
{
	__shared__ float buf[2][N + 2];
	int t = threadIdx.x + 1;
	unsigned cur = 0;

	buf[0][t] = in[t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		buf[cur ^ 1][t] = 0.5f * (buf[cur][t - 1] + buf[cur][t + 1]);
		__syncthreads();
		cur ^= 1;
	}
	out[t] = buf[cur][t];
}

// cur differs between lanes: lane 0 stores buf[1] while lane 1 reads it
__global__ void lane_cur(const float *in, float *out)
{
	__shared__ float buf[2][N + 2];
	int t = threadIdx.x + 1, cur = threadIdx.x & 1;

	buf[0][t] = buf[1][t] = in[t];
	__syncthreads();
	buf[1 - cur][t] = 0.5f * (buf[cur][t - 1] + buf[cur][t + 1]);
	__syncthreads();
	out[t] = buf[0][t];
}

// a branch only some lanes take changes cur: the lanes' cur differ after it
__global__ void lane_branch_cur(const float *in, float *out, int steps)
{
	__shared__ float buf[2][N + 2];
	int t = threadIdx.x + 1, cur = 0;

	buf[0][t] = buf[1][t] = in[t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		buf[1 - cur][t] = 0.5f * (buf[cur][t - 1] + buf[cur][t + 1]);
		__syncthreads();
		if (threadIdx.x < 16)
			cur = 1 - cur;
	}
	out[t] = buf[0][t];
}

// both pointers into one array: a real read of what other lanes store
__global__ void same_array(const float *in, float *out)
{
	__shared__ float a[N + 2];
	__shared__ float b[N + 2];
	float *src = a, *dst = a;
	int t = threadIdx.x + 1;

	a[t] = b[t] = in[t];
	__syncthreads();
	dst[t] = 0.5f * (src[t - 1] + src[t + 1]);
	__syncthreads();
	out[t] = a[t] + b[t];
}

// a read between the swap's moves: there src and dst are one array
__global__ void read_mid_swap(const float *in, float *out)
{
	__shared__ float a[N + 2];
	__shared__ float b[N + 2];
	float *src = a, *dst = b;
	int t = threadIdx.x + 1;

	a[t] = b[t] = in[t];
	__syncthreads();
	float *tmp = src;
	src = dst;
	dst[t] = 0.5f * (src[t - 1] + src[t + 1]);
	dst = tmp;
	__syncthreads();
	out[t] = a[t] + b[t] + dst[t];
}

// the step also reads b by name, which dst may be
__global__ void named_too(const float *in, float *out, int steps)
{
	__shared__ float a[N + 2];
	__shared__ float b[N + 2];
	float *src = a, *dst = b;
	int t = threadIdx.x + 1;

	a[t] = b[t] = in[t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		dst[t] = 0.5f * (src[t - 1] + b[t + 1]);
		__syncthreads();
		float *tmp = src;
		src = dst;
		dst = tmp;
	}
	out[t] = src[t];
}

// MODEL: kernel swap_pair: fission
// MODEL: kernel parity_pair: fission
// MODEL: kernel halves: fission
// MODEL: kernel halves_xor: fission
// MODEL: kernel lane_cur: fibers (line 97 reads __shared__ memory a statement before it stored to
// MODEL: kernel lane_branch_cur: fibers (line 111 reads __shared__ memory a statement before it stored to
// MODEL: kernel same_array: fibers (line 129 reads __shared__ memory a statement before it stored to
// MODEL: kernel read_mid_swap: fibers (line 146 reads __shared__ memory a statement before it stored to
// MODEL: kernel named_too: fibers (line 163 reads __shared__ memory a statement before it stored to
// the four kernels before lane_cur have no read-meet-write; the five after do
// CXX-NOT: __idxgen_cc_vstore
// CXX: __idxgen_cc_vstore(buf[1 - cur][t], 0.5f * (buf[cur][t - 1] + buf[cur][t + 1]));
// CXX: __idxgen_cc_vstore(buf[1 - cur][t], 0.5f * (buf[cur][t - 1] + buf[cur][t + 1]), 1);
// CXX: __idxgen_cc_vstore(dst[t], 0.5f * (src[t - 1] + src[t + 1]));
// CXX: __idxgen_cc_vstore(dst[t], 0.5f * (src[t - 1] + src[t + 1]));
// CXX: __idxgen_cc_vstore(dst[t], 0.5f * (src[t - 1] + b[t + 1]), 1);
