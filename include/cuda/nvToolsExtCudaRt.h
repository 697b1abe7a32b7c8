/* SPDX-License-Identifier: MIT */
/* nvToolsExtCudaRt.h - NVTX 2's path of nvtx3/nvToolsExtCudaRt.h (annotations, no profiler attached). */
#include "nvtx3/nvToolsExtCudaRt.h"
