// Warp-aggregated atomics once per block (issue 40, lib/cc/warp_agg.c): the
// leader's `if (lane == leader) r = atomicAdd(p, __popc(mask));` and the
// broadcast `r = __shfl_sync(.., r, leader);` become one statement the block
// runs once (one atomicAdd of each warp's count by its leader, in
// idxgen_cc_warp_leader_add_*) and a read of the warp's result: no exchange
// of r, no split point between them.  NVIDIA's blog form, with a ballot:
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
// CHECK: __shared__ int __idxgen_l[[L:[0-9]+]][32];
// CHECK: idxgen_cc_ballots(__idxgen_b[[B:[0-9]+]],
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: idxgen_cc_warp_leader_add_i(__idxgen_l[[L]], __idxgen_b[[B]], 0xffffffffu, (blockDim.x * blockDim.y * blockDim.z), blockDim.x, 1, (const unsigned char *)0, (int)0, (count));
// CHECK-NEXT: /* thread loop 1:
// CHECK: base = ((void)(lane == leader), (void)(__popc(mask)), (void)(leader), __idxgen_l[[L]][{{.*}} / 32]);
// CHECK-NOT: __idxgen_warp_sync
// CHECK-LABEL: static void agg_inc__block(

// The CUDA 9 form of the blog's helper, inlined: __activemask(), the rank
// test (`rank == 0`), the count in a local, the result declared without an
// initializer; unsigned counters.  No ballot: no split point at all, the
// collective reads the present lanes itself.
__device__ unsigned agg_inc(unsigned *ctr)
{
	unsigned active = __activemask();
	int leader = __ffs(active) - 1;
	unsigned change = __popc(active);
	unsigned lane = threadIdx.x % 32;
	unsigned rank = __popc(active & ((1u << lane) - 1));
	unsigned warp_res;
	if (rank == 0)
		warp_res = atomicAdd(ctr, change);
	warp_res = __shfl_sync(active, warp_res, leader);
	return warp_res + rank;
}

__global__ void agg_inc(const int *in, unsigned *out, unsigned *ctr)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned slot = agg_inc(ctr);
	out[slot] = in[i];
}
// CHECK: idxgen_cc_warp_leader_add_u(__idxgen_l{{[0-9]+}}, (const unsigned *)0, ~0u, (blockDim.x * blockDim.y * blockDim.z), blockDim.x, 3, (const unsigned char *)0, (unsigned int)0, ({{.*}}));
// CHECK-NOT: __idxgen_warp_sync
// CHECK-LABEL: static void per_bin__block(

// Refused, lowered call by call as before: the pointer differs by thread
// (each leader's own bin), ...
__global__ void per_bin(const int *in, int *hist, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	unsigned mask = __ballot_sync(0xffffffffu, in[i] > 0);
	int leader = __ffs(mask) - 1;
	int r = 0;
	if (lane == leader)
		r = atomicAdd(&hist[in[i] & 7], __popc(mask));
	r = __shfl_sync(0xffffffffu, r, leader);
	out[i] = r;
}
// CHECK-NOT: idxgen_cc_warp_leader_add
// CHECK: __idxgen_w{{[0-9]+}}[32 + {{.*}}] = (r);
// CHECK-LABEL: static void not_leader__block(

// ... the broadcast from another lane than the leader, ...
__global__ void not_leader(const int *in, int *count, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	unsigned mask = __ballot_sync(0xffffffffu, in[i] > 0);
	int leader = __ffs(mask) - 1;
	int r = 0;
	if (lane == leader)
		r = atomicAdd(count, __popc(mask));
	r = __shfl_sync(0xffffffffu, r, 0);
	out[i] = r;
}
// CHECK-NOT: idxgen_cc_warp_leader_add
// CHECK: __idxgen_w{{[0-9]+}}[32 + {{.*}}] = (r);
// CHECK-LABEL: static void in_loop__block(

// ... inside a loop, and a result whose value before the test is not a
// constant.
__global__ void in_loop(const int *in, int *count, int *out, int rounds)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	for (int k = 0; k < rounds; k++) {
		unsigned mask = __ballot_sync(0xffffffffu, in[i] > k);
		int leader = __ffs(mask) - 1;
		int r = 0;
		if (lane == leader)
			r = atomicAdd(count, __popc(mask));
		r = __shfl_sync(0xffffffffu, r, leader);
		out[i] += r;
	}
	unsigned mask = __ballot_sync(0xffffffffu, in[i] > 0);
	int leader = __ffs(mask) - 1;
	int r = in[i];
	if (lane == leader)
		r = atomicAdd(count, __popc(mask));
	r = __shfl_sync(0xffffffffu, r, leader);
	out[i] += r;
}
// CHECK-NOT: idxgen_cc_warp_leader_add

// CHECK-LABEL: static void shared_result__block(

// ... and a result in __shared__ memory (one word for the whole block).
__global__ void shared_result(const int *in, int *count, int *out)
{
	__shared__ int r;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	unsigned mask = __ballot_sync(0xffffffffu, in[i] > 0);
	int leader = __ffs(mask) - 1;
	if (lane == leader)
		r = atomicAdd(count, __popc(mask));
	out[i] = __shfl_sync(0xffffffffu, r, leader);
}
// CHECK-NOT: idxgen_cc_warp_leader_add

// PLAN-LABEL: kernel filter:
// PLAN: barrier: line 12
// PLAN-NEXT: once per block: line 12 (every warp's ballot, one word a warp)
// PLAN-NEXT: thread loop 1:
// PLAN-NEXT: once per block: line 15 (every warp's aggregated atomic: one atomicAdd of the warp's count by its leader, the old value read by every lane), moved in front of the open thread loop
// PLAN-LABEL: kernel agg_inc:
// PLAN: 0 barrier(s)
// PLAN: once per block: line {{[0-9]+}} (every warp's aggregated atomic: one atomicAdd of the warp's count by its leader, the old value read by every lane)
// PLAN-LABEL: kernel per_bin:
// PLAN-NOT: aggregated atomic
// PLAN-LABEL: kernel not_leader:
// PLAN-NOT: aggregated atomic
// PLAN-LABEL: kernel in_loop:
// PLAN-NOT: aggregated atomic
