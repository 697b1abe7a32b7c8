// Warp-level operations (issue 23, lib/cc/warp.c): a shuffle is cut into a
// publication of the operand at the thread's LINEAR id, a split point, and
// a read of the partner's slot; a vote reads the 32 slots of its warp.
// The loop around the shuffle is uniform, so it runs once per block.  (It
// stops at 2: a whole tree, down to 1, runs as one loop per level,
// golden/warp_tree.cu.)
__global__ void wsum(const int *in, unsigned *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	for (int off = 16; off > 1; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	unsigned b = __ballot_sync(0xffffffffu, v > 10);
	if (threadIdx.x % warpSize == 0)
		out[blockIdx.x * blockDim.x + threadIdx.x] = b + (unsigned)v;
}
// CHECK-LABEL: static void wsum__block(
// the exchange arrays: one slot per thread of a block, by linear id
// CHECK: __shared__ int __idxgen_w[[S:[0-9]+]][32 + 1024 + 32];
// CHECK: __shared__ int __idxgen_w[[B:[0-9]+]][32 + 1024 + 32];
// CHECK: /* thread loop 0:
// CHECK: for (int off = 16; off > 1; off /= 2)
// publish, in a thread loop of its own
// CHECK: /* thread loop 1:
// CHECK: __idxgen_w[[S]][32 + (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)] = (v_[__t]);
// CHECK: /* warp operation: slots by linear thread id, then read (warp.c) */
// read: the caller's slot and the one off away, both contiguous loads (the
// arrays are padded), then a choice: the thread loop vectorises without gathers
// CHECK: /* thread loop 2:
// CHECK: IDXGEN_CC_INDEPENDENT
// CHECK: v_[__t] += idxgen_cc_shfl_down(__idxgen_w[[S]] + 32, {{.*}}, (blockDim.x * blockDim.y * blockDim.z), (const unsigned char *)0, (off), (32));
// the vote: publish the predicate; after the split the block computes every
// warp's word once (not once per lane: issue 40), then each thread reads its
// warp's word and ANDs its own mask in
// CHECK: __idxgen_w[[B]][32 + {{.*}}] = (v_[__t] > 10) != 0;
// CHECK: /* warp operation: slots by linear thread id, then read (warp.c) */
// CHECK-NEXT: /* uniform: once per block */
// CHECK-NEXT: idxgen_cc_ballots(__idxgen_b[[B]], __idxgen_w[[B]] + 32, (blockDim.x * blockDim.y * blockDim.z), (const unsigned char *)0);
// CHECK-NEXT: /* thread loop {{[0-9]+}}:
// CHECK: unsigned b = (__idxgen_b[[B]][(threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y) / 32] & (0xffffffffu));

// A warp operation under a condition that depends on the thread (the last
// stage of a block reduction): the condition becomes a predicate in the
// thread's __idxgen_alive slot (saved, set, restored, each behind a split
// point); lanes where it is false publish nothing and are absent from the
// body's operations, and every statement of the body runs under it.
__global__ void last_warp(const int *in, int *out)
{
	__shared__ int tot[32];
	int t = threadIdx.x;
	tot[t / 32] = in[t];
	__syncthreads();
	if (t < 32) {
		int v = tot[t];
		v += __shfl_down_sync(0xffffffffu, v, 16);
		if (t == 0)
			out[blockIdx.x] = v;
	}
}
// CHECK-LABEL: static void last_warp__block(
// CHECK: __shared__ unsigned char __idxgen_alive[1024];
// CHECK: __idxgen_alive[{{.*}}] = 1;
// CHECK: /* __syncthreads() */
// CHECK: __idxgen_p0_[__t] = __idxgen_alive[[[LIN:.*]]];
// CHECK-NEXT: __idxgen_alive[[[LIN]]] = __idxgen_p0_[__t] && (t < 32);
// a declaration's initializer runs under the predicate, the publication too
// CHECK: v_[__t] = __idxgen_alive[[[LIN]]] ? (tot[t]) : 0;
// CHECK-NEXT: if (__idxgen_alive[[[LIN]]]) { __idxgen_w{{[0-9]+}}[32 + [[LIN]]] = (v_[__t]); }
// CHECK: /* warp operation: slots by linear thread id, then read (warp.c) */
// the read knows absent lanes through __idxgen_alive
// CHECK: if (__idxgen_alive[[[LIN]]]) v_[__t] += idxgen_cc_shfl_down({{.*}}, __idxgen_alive, (16), (32));
// CHECK-NEXT: if (__idxgen_alive[[[LIN]]]) { if (t == 0)
// restored after a split point
// CHECK: /* warp operation: slots by linear thread id, then read (warp.c) */
// CHECK: __idxgen_alive[[[LIN]]] = __idxgen_p0_[__t];
