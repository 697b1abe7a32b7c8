/* SPDX-License-Identifier: MIT */
/* nvToolsExtCuda.h - NVTX 2's path of nvtx3/nvToolsExtCuda.h (annotations, no profiler attached). */
#include "nvtx3/nvToolsExtCuda.h"
