/* SPDX-License-Identifier: MIT */
/*
 * builtin_types.h - the runtime API's types in one include, as NVIDIA's
 * header of this name gathers them: rounding modes, driver, surface and
 * texture types, the vector types.  Our own header, C and C++.
 */
#ifndef IDXGEN_CUDA_BUILTIN_TYPES_H
#define IDXGEN_CUDA_BUILTIN_TYPES_H

#include "device_types.h"
#include "driver_types.h"
#include "surface_types.h"
#include "texture_types.h"
#include "vector_types.h"

#endif
