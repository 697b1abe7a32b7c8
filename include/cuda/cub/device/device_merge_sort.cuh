/* SPDX-License-Identifier: MIT */
/* cub/device/device_merge_sort.cuh - part of include/cuda/cub/cub.cuh (one header holds the device-wide primitives). */
#pragma once
#include "../cub.cuh"
