// expect: 25:3: error: this statement reads __shared__ memory other lanes of the warp may have stored with no barrier between (code written for lanes in lock step), which loop fission runs one after another: add __syncwarp() or __syncthreads() before it, or build without --exec-model=fission to run it as fibers
// exec-model: fission
// (Since the twenty-seventh session the invocation is written out before the translation,
// lib/cc/macro_lockstep_expand.c, and runs as fibers by default; forced to loop fission it
// is refused as the statement written out is.)
// A warp's tree sum whose step is an object-like macro: the whole
// assignment is the macro's body, no token of it an argument.  libclang
// gives every cursor of such a body the offsets of the macro's name, so
// before the fourteenth session the target and the value both read as
// "TREE_STEP", one element, no hazard: the kernel ran as loop fission,
// each lane through all five turns before the next began, and the sum
// came out 31 where a GPU gives 496.  No meeting can go into a macro's
// text: refused with a way to write it.
#define TREE_STEP if (lane < k) s[lane] += s[lane + k];

__global__ void warp_sum(const int *in, int *out)
{
	__shared__ int s[64];
	unsigned lane = threadIdx.x;

	s[lane] = in[lane];
	s[lane + 32] = 0;
	__syncwarp();
	for (unsigned k = 16; k > 0; k >>= 1)
		TREE_STEP
	__syncwarp();
	if (lane == 0)
		*out = s[0];
}
