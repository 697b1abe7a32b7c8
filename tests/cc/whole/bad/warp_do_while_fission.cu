// expect: 19:12: error: a warp-level function in the header of a loop or switch is not supported (compute it into a variable before the loop and at the end of its body)
// exec-model: fission
// A vote as a do-while's condition, forced to loop fission.  warp.c took
// the condition of a `do` for its body (a do's body comes first, its
// condition last) and lowered the vote as a statement there: the C++ did
// not compile ("error: expected expression" from clang, an internal
// error) before the twenty-eighth session.  Refused as a vote in any other
// loop header is now; by default the kernel runs as fibers
// (whole/progs/warp_cond_headers.cu).
#define FULL 0xffffffffu

__global__ void until_all_large(const int *in, int *out)
{
	int v = in[threadIdx.x] & 31, turns = 0;

	do {
		v += 7;
		turns++;
	} while (!__all_sync(FULL, v > 100));
	out[threadIdx.x] = turns * 1000 + v;
}

int main(void)
{
	return 0;
}
