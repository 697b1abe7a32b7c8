// A kernel that indexes with a header's macro on every line, as TeaLeaf_CUDA's
// kernels write THARR2D: each binary operator of each use asks whether the
// macro's #define may assign, which meant a search of every header the parse
// includes, system headers too, per question (tea_leaf_kernel_cuda.cu: over
// 20 minutes of idxgen-cc at load 20).  The header found for a macro is now
// kept for the parse: one search for GRID2D, every other question answered
// from the memo (lib/cc/macro_assign.c).
#include "header_macro_memo/grid.h"

__global__ void smooth(const double *in, double *out, int width, int height)
{
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	if (col < width && row < height)
		out[GRID2D(0, 0)] = 0.5 * in[GRID2D(0, 0)] + 0.125 * (in[GRID2D(-1, 0)] + in[GRID2D(1, 0)] +
								       in[GRID2D(0, -1)] + in[GRID2D(0, 1)]);
}

void step(const double *in, double *out, int width, int height)
{
	dim3 block(16, 16), grid((width + 15) / 16, (height + 15) / 16);
	smooth<<<grid, block>>>(in, out, width, height);
}

// MODEL: kernel smooth: fission
// STATS: header macros: searched 1 times, {{[1-9][0-9]*}} answers from the memo
