/* SPDX-License-Identifier: MIT */
/* cub/device/device_partition.cuh - part of include/cuda/cub/cub.cuh (one header holds the device-wide primitives). */
#pragma once
#include "../cub.cuh"
