// expect: 20:5: error: this statement reads __shared__ memory other lanes of the warp may have stored with no barrier between (code written for lanes in lock step), which the C output runs one after another: add __syncwarp() or __syncthreads() before it, or build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// The last warp's tree with no volatile or __syncwarp(): each turn's guard
// keeps the lanes' reads and stores apart, but the next turn reads sums the
// last one stored for other lanes.  Lane after lane (the C output), lane 0
// would finish every turn before lane 8 stored its first sum; the C path
// translated it so before issue 38's eleventh session (the second turn was
// not looked at).  Since the fourteenth session the meeting of a one-statement
// body goes inside it (braces added), so the refusal names the statement that
// reads the last turn's sums, as for a body in { }.
__global__ void last_warp(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;

	s[t] = in[blockIdx.x * 64 + t];
	__syncthreads();
	if (t < 32)
		for (int k = 16; k > 0; k >>= 1)
			if (t < k)
				s[t] += s[t + k];
	__syncthreads();
	out[blockIdx.x * 64 + t] = s[t];
}
