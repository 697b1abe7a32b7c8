/* SPDX-License-Identifier: MIT */
/* cub/warp/warp_store.cuh - cub::WarpStore, with cub::WarpLoad in warp_load.cuh (the same arrangements) */
#pragma once
#include "warp_load.cuh"
