// Warp-level operations (issue 23, lib/cc/warp.c): a shuffle is cut into a
// publication of the operand at the thread's LINEAR id, a split point, and
// a read of the partner's slot; a vote reads the 32 slots of its warp.
// The loop around the shuffle is uniform, so it runs once per block.
__global__ void wsum(const int *in, unsigned *out)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	for (int off = 16; off > 0; off /= 2)
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
// CHECK: for (int off = 16; off > 0; off /= 2)
// publish, in a thread loop of its own
// CHECK: /* thread loop 1:
// CHECK: __idxgen_w[[S]][32 + (threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y)] = (v_[__t]);
// CHECK: /* warp operation: slots by linear thread id, then read (warp.c) */
// read: the caller's slot and the one off away, both contiguous loads (the
// arrays are padded), then a choice: the thread loop vectorises without gathers
// CHECK: /* thread loop 2:
// CHECK: IDXGEN_CC_INDEPENDENT
// CHECK: v_[__t] += idxgen_cc_shfl_down(__idxgen_w[[S]] + 32, {{.*}}, (blockDim.x * blockDim.y * blockDim.z), (const unsigned char *)0, (off), (32));
// the vote: publish the predicate, then each thread reads its warp's word
// CHECK: __idxgen_w[[B]][32 + {{.*}}] = (v_[__t] > 10) != 0;
// CHECK: /* warp operation: slots by linear thread id, then read (warp.c) */
// CHECK: unsigned b = idxgen_cc_ballot(__idxgen_w[[B]] + 32, {{.*}}, (0xffffffffu));
