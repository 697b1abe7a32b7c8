// expect: 16:2: error: this statement's assignment, written in a macro, reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step): idxgen-cc cannot make every lane read before any writes there; read into a variable, __syncwarp(), then store
// A shift written in a macro: every lane reads its left neighbour's element
// and stores its own, which in lock step all lanes read before any writes.
// op_text() reads an operator from the file's text, where the expansion
// shows only the macro's call, so before issue 38's twelfth session the
// assignment was not seen as a store at all and the C path and fibers ran the shift
// lane after lane (lib/cc/macro_assign.c reads the #define).
#define SHIFT(s, t) s[t] = s[t - 1]

__global__ void shift(const int *in, int *out)
{
	__shared__ int s[33];
	int t = threadIdx.x + 1;

	s[t] = in[threadIdx.x];
	SHIFT(s, t);
	out[threadIdx.x] = s[t];
}
