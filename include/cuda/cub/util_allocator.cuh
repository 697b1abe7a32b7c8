/* SPDX-License-Identifier: MIT */
/* cub/util_allocator.cuh - part of include/cuda/cub/cub.cuh (CachingDeviceAllocator). */
#pragma once
#include "cub.cuh"
