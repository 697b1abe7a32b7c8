// A ballot once per warp (issue 40, lib/cc/warp.c): NVIDIA's warp-aggregated
// increment asks every lane for its warp's ballot.  The lanes publish their
// predicate; after the split the block computes each warp's word once (a
// statement that runs once per block, idxgen_cc_ballots), and every lane
// reads its warp's word and ANDs its own mask in (a mask that differs by
// lane stays exact).  The leader's atomicAdd and its broadcast are one
// statement once per block (golden/warp_agg.cu).
__global__ void filter(const int *in, int *out, int *count, int limit)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int keep = in[i] < limit;
	unsigned mask = __ballot_sync(0xffffffffu, keep);
	int leader = __ffs(mask) - 1;
	int base = 0;
	if (lane == leader)
		base = atomicAdd(count, __popc(mask));
	base = __shfl_sync(0xffffffffu, base, leader);
	if (keep)
		out[base + __popc(mask & ((1u << lane) - 1u))] = in[i];
}
// CHECK-LABEL: static void filter__block(
// CHECK: __shared__ unsigned __idxgen_b[[B:[0-9]+]][32];
// CHECK: /* thread loop 0:
// CHECK: __idxgen_w[[B]][32 + {{.*}}] = (keep_[__t]) != 0;
// CHECK: /* warp operation: slots by linear thread id, then read (warp.c) */
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: idxgen_cc_ballots(__idxgen_b[[B]], __idxgen_w[[B]] + 32, (blockDim.x * blockDim.y * blockDim.z), (const unsigned char *)0);
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: idxgen_cc_warp_leader_add_i(
// CHECK-NEXT: /* thread loop 1:
// CHECK: mask = (__idxgen_b[[B]][{{.*}} / 32] & (0xffffffffu));
// CHECK-NOT: idxgen_cc_ballot(
// CHECK-LABEL: static void half_masks__block(

// A mask that differs by lane, and a kernel whose threads may return: the
// word counts only the lanes that have not returned (the __idxgen_alive
// flags), the lane's mask ANDed in.
__global__ void half_masks(const int *in, unsigned *out, int limit)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned m = threadIdx.x % 32 < 16 ? 0x0000ffffu : 0xffff0000u;
	if (in[g] < 0)
		return;
	out[g] = __ballot_sync(m, in[g] < limit);
}
// CHECK: idxgen_cc_ballots(__idxgen_b[[H:[0-9]+]], __idxgen_w[[H]] + 32, (blockDim.x * blockDim.y * blockDim.z), __idxgen_alive);
// CHECK: out[g] = (__idxgen_b[[H]][{{.*}} / 32] & (m));

// PLAN-LABEL: kernel filter:
// PLAN: barrier: line 13
// PLAN-NEXT: once per block: line 13 (every warp's ballot, one word a warp)
// PLAN-NEXT: thread loop 1:
// PLAN-LABEL: kernel half_masks:
// PLAN: once per block: line {{[0-9]+}} (every warp's ballot, one word a warp)
