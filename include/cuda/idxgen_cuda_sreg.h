/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cuda_sreg.h - a lane's special registers, for the inline PTX that
 * only reads one (`asm("mov.u32 %0, %%laneid;" : "=r"(lane));`, the lane
 * masks): idxgen-cc writes such a statement as `(lane)=__sreg_laneid`
 * before the parse (lib/cc/asm_sreg.c).  A warp is 32 consecutive linear
 * thread ids of its block (lib/cc/README.md, "Warps"), so the lane is the
 * linear id modulo 32; expressions of threadIdx and blockDim, so that the
 * translator's analyses see that they depend on the thread.
 */
#ifndef IDXGEN_CUDA_SREG_H
#define IDXGEN_CUDA_SREG_H

#define __sreg_lane ((unsigned int)(threadIdx.x + (threadIdx.y + threadIdx.z * blockDim.y) * blockDim.x) % 32u)
#define __sreg_laneid __sreg_lane
#define __sreg_lanemask_eq (1u << __sreg_lane)
#define __sreg_lanemask_lt ((1u << __sreg_lane) - 1u)
#define __sreg_lanemask_le ((2u << __sreg_lane) - 1u)	/* lane 31: 2u << 31 wraps to 0, all bits */
#define __sreg_lanemask_gt (~((2u << __sreg_lane) - 1u))
#define __sreg_lanemask_ge (~((1u << __sreg_lane) - 1u))

#endif
