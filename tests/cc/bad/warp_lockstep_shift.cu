// expect: 15:3: error: this statement reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step), which the C output runs one after another: read into a variable, __syncwarp(), then store, or build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// A shift by one lane in one statement, no barrier: on a GPU the warp's
// lanes all read before any writes, so s[t] gets the old s[t - 1].  Run one
// lane after another (the C output), lane 2 would read what lane 1 had
// just written.  Before issue 38's eleventh session the C path translated
// it so and ran it wrong.
__global__ void shift_right(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x & 31;

	s[t] = in[threadIdx.x];
	__syncwarp();
	if (t > 0)
		s[t] = s[t - 1];
	__syncwarp();
	out[threadIdx.x] = s[t];
}
