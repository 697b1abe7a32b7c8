/* SPDX-License-Identifier: MIT */
/* cub/device/device_run_length_encode.cuh - part of include/cuda/cub/cub.cuh (one header holds the device-wide primitives). */
#pragma once
#include "../cub.cuh"
