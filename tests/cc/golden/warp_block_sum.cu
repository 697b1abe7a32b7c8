// The two-level shuffle block sum recognised as the block reduction it is
// (lib/cc/warp_block_sum.c, issue 40): each warp's shuffle tree, lane 0's
// sum into __shared__ memory, a barrier, warp 0's lanes reloading the sums
// (0 beyond the warp count), warp 0's tree again, thread 0 using the result.
// In a 1-D block (a run-time test) the block publishes v once and
// idxgen_cc_block_sum2 runs both trees once per block, the adds in the
// trees' order, and thread 0's use reads its result; any other shape runs
// the statements as written (the else branch).  Before, the statements ran as ten thread loops: bench_warp's
// sum_shfl_helper 3,873 instructions a block, sum_shfl 1,796 (callgrind,
// lib/README.md).  tests/cc/whole/progs/warp_block_sum.cu compares the
// taken forms with a host model, floats bit for bit; tests/cc/warp
// (block_sum2) with the reference executor.
#define FULL 0xffffffffu

__device__ int warp_sum(int v)
{
	for (int off = warpSize / 2; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

__device__ float warp_sumf(float v)
{
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

// the public form: a helper, lane and warp locals, warp 0's tree predicated
__global__ void block_sum(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / warpSize ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ block_sum:
// CHECK: if (blockDim.y == 1 && blockDim.z == 1 && blockIdx.x * blockDim.x <= 0u - blockDim.x) {
// CHECK-NOT: (in[blockIdx.x * blockDim.x + threadIdx.x]);
// CHECK: idxgen_cc_block_sum2_from((in) + blockIdx.x * blockDim.x, __idxgen_w[[W:[0-9]+]] + 32, __idxgen_w[[W]]b + 32, (blockDim.x * blockDim.y * blockDim.z), sums, (blockDim.x / warpSize), (0));
// CHECK: out[blockIdx.x] = __idxgen_w[[W]]b[32];
// CHECK: } else {
// CHECK: idxgen_cc_block_tree_once(
// CHECK: idxgen_cc_block_tree_once(
// CHECK: out[blockIdx.x] = v_[__t];
// PLAN-LABEL: kernel block_sum:
// PLAN: once per block: line 34 (block sum in a 1-D block: every warp's shuffle tree, lane 0's sums through __shared__ memory, warp 0's tree of them, one loop over the block's warps, the adds in the trees' order; only thread 0 reads the result), v read where its contiguous load reads it (no publication)
// PLAN: else:

// lane 0's form written out: tid a local, the second tree in every warp
__global__ void lane0_form(const int *in, int *out)
{
	__shared__ int warp_sums[32];
	unsigned tid = threadIdx.x;
	int v = in[blockIdx.x * blockDim.x + tid];
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	if (tid % 32 == 0)
		warp_sums[tid / 32] = v;
	__syncthreads();
	v = tid % 32 < blockDim.x / 32 ? warp_sums[tid % 32] : 0;
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	if (tid == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ lane0_form:
// CHECK: idxgen_cc_block_sum2_from((in) + blockIdx.x * blockDim.x, {{.*}}, warp_sums, (blockDim.x / 32), (0));
// PLAN-LABEL: kernel lane0_form:
// PLAN: once per block: line {{[0-9]+}} (block sum in a 1-D block:

// floats, the warp index by a shift, a braced second tree
__global__ void float_sum(const float *in, float *out)
{
	__shared__ float part[32];
	int lane = threadIdx.x & 31;
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sumf(v);
	if (!lane)
		part[threadIdx.x >> 5] = v;
	__syncthreads();
	v = (threadIdx.x < (blockDim.x >> 5)) ? part[threadIdx.x] : 0.0f;
	if (threadIdx.x < 32) {
		v = warp_sumf(v);
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = v * 0.5f;
}
// CHECK-LABEL: /* __global__ float_sum:
// CHECK: idxgen_cc_block_sum2_from((in) + blockIdx.x * blockDim.x, {{.*}}, part, ((blockDim.x >> 5)), (0.0f));
// PLAN-LABEL: kernel float_sum:
// PLAN: once per block: line {{[0-9]+}} (block sum in a 1-D block:

// thread 0's use with a comment in it: not copied into the 1-D form, which
// then gives every thread's v the result
__global__ void use_commented(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0) /* the block's sum */
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ use_commented:
// CHECK: idxgen_cc_block_sum2_from((in) + blockIdx.x * blockDim.x, __idxgen_w[[U:[0-9]+]] + 32,
// CHECK: v_[__t] = __idxgen_w[[U]]b[32];
// CHECK: } else {
// CHECK: out[blockIdx.x] = v_[__t];

// the load's index the other way round: read in place too
__global__ void swapped_index(const float *in, float *out)
{
	__shared__ float sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	float v = in[threadIdx.x + blockDim.x * blockIdx.x];

	v = warp_sumf(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0.0f;
	if (wid == 0)
		v = warp_sumf(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ swapped_index:
// CHECK: idxgen_cc_block_sum2_from((in) + blockIdx.x * blockDim.x, {{.*}}, sums, (blockDim.x / 32), (0.0f));

// ---- v's load not read in place: published as before ----

// a strided load: thread t's value is not at t
__global__ void strided_load(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[2 * (blockIdx.x * blockDim.x + threadIdx.x)];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ strided_load:
// CHECK-NOT: idxgen_cc_block_sum2_from
// CHECK: = (in[2 * (blockIdx.x * blockDim.x + threadIdx.x)]);
// CHECK: idxgen_cc_block_sum2(__idxgen_w{{[0-9]+}} + 32,

// the pointer assigned in the kernel
__global__ void moved_pointer(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	in += 64;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ moved_pointer:
// CHECK-NOT: idxgen_cc_block_sum2_from
// CHECK: idxgen_cc_block_sum2(__idxgen_w{{[0-9]+}} + 32,

// the loaded value converted to v's type
__global__ void converted_load(const short *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ converted_load:
// CHECK-NOT: idxgen_cc_block_sum2_from
// CHECK: idxgen_cc_block_sum2(__idxgen_w{{[0-9]+}} + 32,

// ---- left as written: what the form would not give the same ----

// v read after the sum by every thread
__global__ void read_after(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
	out[gridDim.x + blockIdx.x * blockDim.x + threadIdx.x] = v;
}
// CHECK-LABEL: /* __global__ read_after:
// CHECK-NOT: idxgen_cc_block_sum2
// CHECK: idxgen_cc_block_tree_once(

// lane 0 of every warp uses the result (warps past 0 read their reloaded value)
__global__ void lane_use(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (lane == 0)
		out[blockIdx.x * 32 + wid] = v;
}
// CHECK-LABEL: /* __global__ lane_use:
// CHECK-NOT: idxgen_cc_block_sum2
// CHECK: idxgen_cc_block_tree_once(

// fewer than 32 slots for the sums
__global__ void small_shared(const int *in, int *out)
{
	__shared__ int sums[8];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ small_shared:
// CHECK-NOT: idxgen_cc_block_sum2
// CHECK: idxgen_cc_block_tree_once(

// a reload bound that depends on the thread
__global__ void thread_bound(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 - lane ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ thread_bound:
// CHECK-NOT: idxgen_cc_block_sum2
// CHECK: idxgen_cc_block_tree_once(

// a first tree of half a warp (offsets 8 .. 1)
__global__ void half_tree(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	for (int off = 8; off > 0; off /= 2)
		v += __shfl_down_sync(FULL, v, off);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ half_tree:
// CHECK-NOT: idxgen_cc_block_sum2
// CHECK: idxgen_cc_block_tree_once(

// the butterfly: every lane gets the sum
__global__ void xor_tree(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	for (int off = 16; off > 0; off /= 2)
		v += __shfl_xor_sync(FULL, v, off);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ xor_tree:
// CHECK-NOT: idxgen_cc_block_sum2
// CHECK: idxgen_cc_block_tree_once(

// lanes that returned are absent from the trees
__global__ void returned(const int *in, int *out)
{
	__shared__ int sums[32];
	int lane = threadIdx.x % 32, wid = threadIdx.x / 32;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	if (v < 0)
		return;
	v = warp_sum(v);
	if (lane == 0)
		sums[wid] = v;
	__syncthreads();
	v = threadIdx.x < blockDim.x / 32 ? sums[lane] : 0;
	if (wid == 0)
		v = warp_sum(v);
	if (threadIdx.x == 0)
		out[blockIdx.x] = v;
}
// CHECK-LABEL: /* __global__ returned:
// CHECK-NOT: idxgen_cc_block_sum2
// CHECK: idxgen_cc_block_tree_once(
// CHECK-NOT: idxgen_cc_block_sum2
