/* SPDX-License-Identifier: MIT */
/*
 * device_types.h - the rounding modes of the runtime API (cudaRoundMode),
 * CUDA's names and values.  Our own header, C and C++.
 */
#ifndef IDXGEN_CUDA_DEVICE_TYPES_H
#define IDXGEN_CUDA_DEVICE_TYPES_H
/* the guard name of NVIDIA's header, which helper headers test */
#define __DEVICE_TYPES_H__

enum cudaRoundMode {
	cudaRoundNearest,
	cudaRoundZero,
	cudaRoundPosInf,
	cudaRoundMinInf
};

#endif
