/* SPDX-License-Identifier: MIT */
/*
 * thrust/detail/config/device_system.h - Thrust's choice of device system
 * for programs built by idxgen-cc (which searches include/cuda first): a
 * program that does not choose (THRUST_DEVICE_SYSTEM) gets Thrust's OpenMP
 * system when it is compiled with OpenMP (-Xcompiler -fopenmp), else its
 * serial C++ one, never the CUDA system (CUB kernels and device passes that
 * only nvcc runs).  Thrust itself is Debian's libthrust-dev, found after
 * this header (#include_next).  See include/cuda/thrust/README.md.
 */
#ifndef THRUST_DEVICE_SYSTEM
#ifdef _OPENMP
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP
#else
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif
#endif
#include_next <thrust/detail/config/device_system.h>
