/* SPDX-License-Identifier: MIT */
/* cub/util_type.cuh - part of include/cuda/cub/cub.cuh (KeyValuePair, DoubleBuffer). */
#pragma once
#include "cub.cuh"
