/* SPDX-License-Identifier: MIT */
/*
 * cusparse_v2.h - cuSPARSE's API under the name CUDA 4's programs include
 * (cusparse.h is all of it: there is no older API left to tell apart).  Our
 * own header (lib/cusparse/README.md).
 */
#ifndef IDXGEN_CUDA_CUSPARSE_V2_H
#define IDXGEN_CUDA_CUSPARSE_V2_H
/* NVIDIA's include guard: code tests it to learn what is included */
#define CUSPARSE_V2_H_

#include "cusparse.h"

#endif
