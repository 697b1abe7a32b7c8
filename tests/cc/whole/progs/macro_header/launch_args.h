// Launch configurations kept out of an IDE's C++ parser (macro_header.cu).
#pragma once

#ifdef __CUDACC__
#define KERNEL_ARGS2(grid, block) <<<grid, block>>>
#define KERNEL_ARGS3(grid, block, sh_mem) <<<grid, block, sh_mem>>>
#else
#define KERNEL_ARGS2(grid, block)
#define KERNEL_ARGS3(grid, block, sh_mem)
#endif

#include "kernel_gen.cuh"
