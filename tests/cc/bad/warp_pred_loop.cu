// expect: 10:4: error: warp-level operation in divergent control flow is not supported
// A loop around a warp operation under a thread-dependent if whose counter
// the body (run under the predicate) updates: the lanes outside the
// predicate would loop on an old counter, so no predicate.
__global__ void k(int *d)
{
	int v = d[threadIdx.x], k = 1;
	if (threadIdx.x < 16) {
		while (k < 16) {
			v += __shfl_down_sync(0xffffu, v, k);
			k *= 2;
		}
	}
	d[threadIdx.x] = v;
}
