// expect: 16:2: error: this statement's assignment, written in a macro, reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step): idxgen-cc cannot make every lane read before any writes there; read into a variable, __syncwarp(), then store
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
