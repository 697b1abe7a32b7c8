// expect: 10:4: error: warp-level operation in divergent control flow is not supported
// A loop around a warp operation under a thread-dependent if whose header
// writes a variable of the kernel: every lane would run it, so no predicate.
__global__ void k(int *d)
{
	int v = d[threadIdx.x], k;

	if (threadIdx.x < 16) {
		for (k = 1; k < 16; k *= 2)
			v += __shfl_down_sync(0xffffu, v, k);
	}
	d[threadIdx.x] = v + k;
}
