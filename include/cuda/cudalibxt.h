/* SPDX-License-Identifier: MIT */
/*
 * cudalibxt.h - the descriptors of CUDA's multi-GPU library calls
 * (cufftXtMalloc & co.): one array per GPU.  Here there is one device, so a
 * descriptor made by lib/cufft holds one array (nGPUs 1).  Our own header;
 * field order and types as CUDA's, since programs read data[0] and size[0].
 */
#ifndef IDXGEN_CUDA_CUDALIBXT_H
#define IDXGEN_CUDA_CUDALIBXT_H
/* NVIDIA's include guard */
#define _CUDA_LIB_XT_H_

#include <stddef.h>
#include "cuda_runtime.h"

#define CUDA_XT_DESCRIPTOR_VERSION 0x01000000

enum cudaXtCopyType_t {
	LIB_XT_COPY_HOST_TO_DEVICE,
	LIB_XT_COPY_DEVICE_TO_HOST,
	LIB_XT_COPY_DEVICE_TO_DEVICE
};
typedef enum cudaXtCopyType_t cudaLibXtCopyType;

enum libFormat_t { LIB_FORMAT_CUFFT = 0x0, LIB_FORMAT_UNDEFINED = 0x1 };
typedef enum libFormat_t libFormat;

#define MAX_CUDA_DESCRIPTOR_GPUS 64

/* the arrays, one per GPU: data[i] of size[i] bytes on device GPUs[i] */
struct cudaXtDesc_t {
	int version;
	int nGPUs;
	int GPUs[MAX_CUDA_DESCRIPTOR_GPUS];
	void *data[MAX_CUDA_DESCRIPTOR_GPUS];
	size_t size[MAX_CUDA_DESCRIPTOR_GPUS];
	void *cudaXtState;
};
typedef struct cudaXtDesc_t cudaXtDesc;

/* what a library hands the program: its arrays, which library, how the data is ordered */
struct cudaLibXtDesc_t {
	int version;
	cudaXtDesc *descriptor;
	libFormat library;
	int subFormat;
	void *libDescriptor;
};
typedef struct cudaLibXtDesc_t cudaLibXtDesc;

#endif
