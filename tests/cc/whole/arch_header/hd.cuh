// A __host__ __device__ function and a macro whose __CUDA_ARCH__ groups take
// another branch in nvcc's device pass than in its host pass (the shape of
// helper headers that pick an intrinsic on the device and libm on the host).
// idxgen-cc compiles headers as the host pass sees them: right for host
// callers (hd_host.cu), wrong for kernels, refused where they would see the
// function's group (hd_device.cu; the host's branch before, silently); the
// macro gets a device twin that kernels expand (hd_device_macro.cu).
#pragma once

__host__ __device__ inline int pass_id()
{
#ifdef __CUDA_ARCH__
	return 1;
#else
	return 0;
#endif
}

#ifdef __CUDA_ARCH__
#define PASS_SIDE 1
#else
#define PASS_SIDE 0
#endif
