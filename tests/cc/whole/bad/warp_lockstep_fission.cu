// expect: 14:2: error: this statement reads __shared__ memory other lanes of the warp may have stored with no barrier between (code written for lanes in lock step), which loop fission runs one after another: add __syncwarp() or __syncthreads() before it, or build without --exec-model=fission to run it as fibers
// exec-model: fission
// Each lane of a warp writes one element, then reads a row of four that
// other lanes wrote, with no barrier: right only for lanes in lock step.
// Run one lane at a time, lane 0 would read elements 1-3 before lanes 1-3
// wrote them.  By default such kernels run as fibers.
__global__ void rows_of_four(const int *in, int *out)
{
	__shared__ int m[256];
	int t = threadIdx.x;
	int row = (t & 31) / 4 * 4 + (t & ~31);

	m[t] = in[blockIdx.x * 256 + t];
	out[blockIdx.x * 256 + t] = m[row] + m[row + 1] + m[row + 2] + m[row + 3];
}
