// expect: 15:4: error: this statement reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step), which the C output runs one after another: read into a variable, __syncwarp(), then store, or build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// A tree over rows of a 2-D block whose k starts at a constant, not at
// blockDim.x / 2: where blockDim.x < 2 k, a lane of one row reads the
// element a lane of the next row stores (tid + k lands there).  Not proved
// apart: refused on the C path rather than run in lane order.
__global__ void rows_tree(const int *in, int *out)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ int s[512];

	s[tid] = in[tid];
	__syncthreads();
	for (unsigned int k = 16; k > 0; k >>= 1) {
		if (threadIdx.x < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	out[tid] = s[tid];
}
