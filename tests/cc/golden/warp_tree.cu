// The shuffle-tree loop run once per block (issue 40; lib/cc/warp_tree.c):
// a loop that halves a constant offset and adds each level's shuffle of a
// local becomes one publication, one loop per level over the block's warps
// run by the block's leader, and one read; the levels alternate between two
// exchange arrays, so five end in the second.  Loops that are not exactly
// that are lowered shuffle by shuffle.

__global__ void sum_down(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if (threadIdx.x % 32 == 0)
		out[blockIdx.x * blockDim.x / 32 + threadIdx.x / 32] = v;
}
// CHECK-LABEL: static void sum_down__block(
// CHECK: __shared__ int __idxgen_w0[32 + 1024 + 32];
// CHECK-NEXT: __shared__ int __idxgen_w0b[32 + 1024 + 32];
// CHECK: __idxgen_w0[32 + (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)] = (v);
// only lane 0 reads the sum: lane 0's lanes, where threadIdx.x % 32 is the lane
// CHECK: if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) idxgen_cc_block_tree_add(__idxgen_w0 + 32, __idxgen_w0b + 32, (blockDim.x * blockDim.y * blockDim.z), (const unsigned char *)0, 16, (32), 0, (blockDim.x % 32u == 0 || (blockDim.y == 1 && blockDim.z == 1)));
// CHECK: v = __idxgen_w0b[32 + (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)];
// CHECK-NOT: idxgen_cc_shfl_down(
// CHECK-LABEL: idxgen_cc_kernel_sum_down
// PLAN-LABEL: kernel sum_down:
// PLAN: thread loop 1: lines 11-11 (every thread of the block); bounds: the guard of line 11 limits threadIdx.x, .y, .z (threads outside it do nothing); warp tree: line 11's shuffle loop, each level one loop over the block's warps (its leader runs them), only the lanes lane 0's value depends on (only lane 0 reads it)

// the butterfly, halved by a shift, four levels from 8 (an even count: the first array), width 16
__global__ void all_xor(const float *in, float *out)
{
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];
	for (int m = 8; m >= 1; m >>= 1)
		v = v + __shfl_xor_sync(0xffffffffu, v, m, 16);
	out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
// CHECK-LABEL: static void all_xor__block(
// CHECK: idxgen_cc_block_tree_add(__idxgen_w1 + 32, __idxgen_w1b + 32, (blockDim.x * blockDim.y * blockDim.z), (const unsigned char *)0, 8, (16), 1, 0);
// CHECK: v = __idxgen_w1[32 + (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)];
// CHECK-LABEL: idxgen_cc_kernel_all_xor
// PLAN-LABEL: kernel all_xor:
// PLAN: warp tree: line 32's shuffle loop, each level one loop over the block's warps (its leader runs them);

// a thread that returned is no lane: the tree runs once per block when a
// lane is present (idxgen_cc_block_tree_once), not behind a leader's test
// in every thread (issue 40: 2,500 of 13,100 instructions a block of the
// public block sum)
__global__ void returned(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	out[i] = v;
}
// CHECK-LABEL: static void returned__block(
// CHECK-NOT: idxgen_cc_block_leader
// CHECK: idxgen_cc_block_tree_once(__idxgen_w2 + 32, __idxgen_w2b + 32, (blockDim.x * blockDim.y * blockDim.z), __idxgen_alive, 16, (32), 0, 0);
// CHECK-NOT: idxgen_cc_block_leader
// CHECK-LABEL: idxgen_cc_kernel_returned
// PLAN-LABEL: kernel returned:
// PLAN: once per block: line [[L:[0-9]+]] (warp tree: line [[L]]'s shuffle loop, each level one loop over the block's warps, when a lane is present: no leader test per thread)

// not the tree: a second statement in the body, a start that is not a
// constant, a shuffle of another variable
__global__ void left_alone(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x], w = v, c = 0;
	for (int off = 16; off > 0; off /= 2) {
		v += __shfl_down_sync(0xffffffffu, v, off);
		c++;
	}
	for (int off = blockDim.x / 64; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, w, off);
	out[blockIdx.x * blockDim.x + threadIdx.x] = v + w + c;
}
// CHECK-LABEL: static void left_alone__block(
// CHECK-NOT: idxgen_cc_block_tree_add
// CHECK: idxgen_cc_shfl_down(
// CHECK-NOT: idxgen_cc_block_tree_add
// CHECK-LABEL: idxgen_cc_kernel_left_alone
// PLAN-LABEL: kernel left_alone:
// PLAN-NOT: warp tree
// PLAN: variables:

// lanes 0 and 16 read the sum: every lane computed
__global__ void half_warps(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	if (threadIdx.x % 16 == 0)
		out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
// CHECK-LABEL: static void half_warps__block(
// CHECK: (const unsigned char *)0, 16, (32), 0, 0);
// CHECK-LABEL: idxgen_cc_kernel_half_warps

// under a predicate: published and read where it holds, the leader the
// lowest thread where it holds (the lanes present: __idxgen_alive)
__global__ void predicated(const int *in, int *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	if (v > 3) {
		for (int off = 16; off > 0; off /= 2)
			v += __shfl_down_sync(0xffffffffu, v, off);
		out[blockIdx.x * blockDim.x + threadIdx.x] = v;
	}
}
// CHECK-LABEL: static void predicated__block(
// CHECK: if (__idxgen_alive[{{.*}}]) { __idxgen_w{{[0-9]+}}[32 + {{.*}}] = (v_[__t]); }
// CHECK: idxgen_cc_block_tree_once({{.*}}, __idxgen_alive, 16, (32), 0, 0);
// CHECK: if (__idxgen_alive[{{.*}}]) { v_[__t] = __idxgen_w{{[0-9]+}}b[32 + {{.*}}]; }
// CHECK-LABEL: idxgen_cc_kernel_predicated
// PLAN-LABEL: kernel predicated:
// PLAN: warp tree: line {{[0-9]+}}'s shuffle loop
