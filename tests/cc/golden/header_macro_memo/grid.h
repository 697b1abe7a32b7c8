// The index macro of a 2-D grid with a halo, in a header of the program
// (header_macro_memo.cu), as TeaLeaf_CUDA's cuda_kernel_header.hpp writes THARR2D.
#define GRID2D(dx, dy) ((row + (dy)) * (width + 2) + (col + (dx)))
