// Warp helpers that return their one parameter, inlined onto the variable
// that takes the result (lib/cc/warp_inline_self.c, issue 40): `v =
// warp_sum(v);` becomes the helper's loop on v itself, `{ for (...) v +=
// __shfl_down_sync(...); }`, with no copies in and out -- so that where only
// lane 0 reads v afterwards (lib/cc/warp_lane0.c, also past the helper's
// braces and out of a predicated if), the shuffle tree computes only the
// lanes lane 0's value depends on.  Before, the public block sum (bench_warp's
// sum_shfl_helper) copied v into __idxgen_a0_0, the result out through
// __idxgen_r0, and both trees computed every lane (the last argument of
// idxgen_cc_block_tree_once 0): 7,537 instructions a block, 3,873 after
// (callgrind, lib/README.md).  tests/cc/whole/progs/warp_helper_self.cu and
// tests/cc/warp (helper_self, against the reference executor) run them.
#define FULL 0xffffffffu

__device__ int warp_sum(int v)
{
	for (int off = warpSize / 2; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

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
// (in a 1-D block the whole block sum is one computation, golden
// warp_block_sum.cu; the statements as written, the else branch, are these)
// CHECK-LABEL: /* __global__ block_sum:
// CHECK-NOT: __idxgen_a{{[0-9]+}}_0
// CHECK-NOT: __idxgen_r{{[0-9]+}}
// CHECK: idxgen_cc_block_sum2_from((in) + blockIdx.x * blockDim.x, __idxgen_w0 + 32,
// CHECK: __idxgen_w1[32 + {{.*}}] = (v_[__t]);
// CHECK: idxgen_cc_block_tree_once(__idxgen_w1 + 32, __idxgen_w1b + 32, {{.*}}, __idxgen_alive, 16, (32), 0, (blockDim.x % 32u == 0 || (blockDim.y == 1 && blockDim.z == 1)));
// CHECK: idxgen_cc_block_tree_once(__idxgen_w2 + 32, __idxgen_w2b + 32, {{.*}}, __idxgen_alive, 16, (32), 0, (blockDim.x % 32u == 0 || (blockDim.y == 1 && blockDim.z == 1)));
// CHECK: if (__idxgen_alive[{{.*}}]) { v_[__t] = __idxgen_w2b[32 + {{.*}}]; }
// CHECK-NOT: __idxgen_r{{[0-9]+}}
// PLAN-LABEL: kernel block_sum:
// PLAN: once per block: line 29 (warp tree: line 29's shuffle loop, {{.*}}; only the lanes lane 0's value depends on (only lane 0 reads it))
// PLAN: once per block: line 38 (warp tree: line 38's shuffle loop, {{.*}}; only the lanes lane 0's value depends on (only lane 0 reads it))

__global__ void decl_form(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x, x = in[g];
	int s = warp_sum(x * 3 - 1);

	if ((threadIdx.x & 31) == 0)
		out[g / 32] = s;
}
// CHECK-LABEL: /* __global__ decl_form:
// CHECK-NOT: __idxgen_a{{[0-9]+}}_0
// CHECK: s_[__t] = (x * 3 - 1);
// CHECK: idxgen_cc_block_tree_add({{.*}}, 16, (32), 0, (blockDim.x % 32u == 0 || (blockDim.y == 1 && blockDim.z == 1)));
// CHECK-NOT: __idxgen_r{{[0-9]+}}
// PLAN-LABEL: kernel decl_form:
// PLAN: warp tree: line {{[0-9]+}}'s shuffle loop, {{.*}}, only the lanes lane 0's value depends on (only lane 0 reads it)

// every lane reads the result: the tree in full
__global__ void all_read(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	v = warp_sum(v);
	out[g] = v;
}
// CHECK-LABEL: /* __global__ all_read:
// CHECK-NOT: __idxgen_a{{[0-9]+}}_0
// CHECK: idxgen_cc_block_tree_add({{.*}}, 16, (32), 0, 0);
// PLAN-LABEL: kernel all_read:
// PLAN-NOT: only the lanes lane 0
// PLAN: kernel plus_form:

// ---- the general form stays where the in-place one would not be the same ----
__device__ int warp_sum_plus(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v + 1;
}

__device__ float warp_sumf(float v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

// not its parameter: the result plus one
__global__ void plus_form(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	v = warp_sum_plus(v);
	out[g] = v;
}
// CHECK-LABEL: /* __global__ plus_form:
// CHECK: __idxgen_a{{[0-9]+}}_0_[__t] = (v_[__t]);
// CHECK: __idxgen_r{{[0-9]+}}_[__t] = (v_1_[__t] + 1);

// an int variable, a float helper: the conversions stay where they were
__global__ void converted(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	v = warp_sumf(v);
	out[g] = v;
}
// CHECK-LABEL: /* __global__ converted:
// CHECK: __idxgen_a{{[0-9]+}}_0_[__t] = (v_[__t]);
// CHECK: __idxgen_r{{[0-9]+}}_[__t] = (v_1_[__t]);

// the variable's address is taken
__global__ void addressed(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];
	int *p = &v;

	v = warp_sum(v);
	out[g] = *p;
}
// CHECK-LABEL: /* __global__ addressed:
// CHECK: __idxgen_a{{[0-9]+}}_0_[__t] = (v_[__t]);
// CHECK: __idxgen_r{{[0-9]+}}_[__t] = (v_1_[__t]);
