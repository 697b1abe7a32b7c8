/* SPDX-License-Identifier: MIT */
/* nvToolsExt.h - NVTX 2's path of nvtx3/nvToolsExt.h (annotations, no profiler attached). */
#include "nvtx3/nvToolsExt.h"
