// expect: 15:2: error: this statement stores __shared__ memory other lanes of the warp may have read with no barrier between (code written for lanes in lock step), which the C output runs one after another: add __syncwarp() or __syncthreads() before it, or build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// Each lane reads its right neighbour's element, then stores its own (a
// rotate through shared memory), no barrier between: on a GPU every lane's
// read comes before any lane's store.  Run one lane after another (the C
// output), lane 0 would store before lane 31 read it.  The C path
// translated it so before issue 38's eleventh session.
__global__ void rotate_left(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x & 31;

	s[t] = in[threadIdx.x];
	__syncwarp();
	int v = s[(t + 1) & 31];
	s[t] = v;
	__syncwarp();
	out[threadIdx.x] = s[t];
}
