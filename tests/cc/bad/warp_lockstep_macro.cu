// expect: 19:2: error: this statement reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step), which the C output runs one after another: read into a variable, __syncwarp(), then store, or build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// A shift written in a macro: every lane reads its left neighbour's element
// and stores its own, which in lock step all lanes read before any writes.
// op_text() reads an operator from the file's text, where the expansion
// shows only the macro's call, so before issue 38's twelfth session the
// assignment was not seen as a store at all and the C path ran the shift
// lane after lane (lib/cc/macro_assign.c reads the #define).  Since the
// twenty-seventh session the invocation is written out before the translation
// (lib/cc/macro_lockstep_expand.c): refused as the same statement written out
// is, where a whole program runs it as fibers.
#define SHIFT(s, t) s[t] = s[t - 1]

__global__ void shift(const int *in, int *out)
{
	__shared__ int s[33];
	int t = threadIdx.x + 1;

	s[t] = in[threadIdx.x];
	SHIFT(s, t);
	out[threadIdx.x] = s[t];
}
