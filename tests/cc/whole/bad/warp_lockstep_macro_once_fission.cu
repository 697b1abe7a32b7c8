// expect: 20:2: error: this statement reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step), which loop fission runs one after another: read into a variable, __syncwarp(), then store, or build without --exec-model=fission to run it as fibers
// exec-model: fission
// (Since the twenty-seventh session the invocation is written out before the translation,
// lib/cc/macro_lockstep_expand.c, and runs as fibers by default; forced to loop fission it
// is refused as the statement written out is.)
// An object-like macro whose body is one shift of a warp's elements: every
// lane reads its left neighbour's element and stores its own.  Before the
// fourteenth session both sides read as the macro's name (libclang gives a
// body's cursors the name's offsets) and the shift ran lane after lane.
#define SHIFT_LEFT s[t] = s[t - 1];

__global__ void shift(const int *in, int *out)
{
	__shared__ int s[33];
	int t = threadIdx.x + 1;

	s[t] = in[threadIdx.x];
	s[0] = 0;
	__syncwarp();
	SHIFT_LEFT
	__syncwarp();
	out[threadIdx.x] = s[t];
}
