/* SPDX-License-Identifier: MIT */
/*
 * thrust/detail/config/device_system.h - Thrust's choice of device system
 * for programs built by idxgen-cc (which searches include/cuda first).  A
 * program that does not choose (THRUST_DEVICE_SYSTEM) gets a parallel one:
 * Thrust's OpenMP system when it is compiled with OpenMP (-Xcompiler
 * -fopenmp), else its TBB system where oneTBB is installed (libtbb-dev;
 * idxgen-cc then links -ltbb), else the serial C++ system.  Never the CUDA
 * system: CUB kernels and device passes that only nvcc runs.  TBB rather
 * than OpenMP by default: turning OpenMP on for every program would also
 * run the program's own `#pragma omp` lines, which nvcc leaves off.  Thrust
 * itself is Debian's libthrust-dev, found after this header (#include_next).
 * See include/cuda/thrust/README.md.
 */
#ifndef THRUST_DEVICE_SYSTEM
/*
 * Declared only when the system is ours to choose, standing in for CUDA's:
 * idxgen-cc (lib/cc/thrust_arch.c) then holds the device system's algorithms
 * to nvcc's device pass.  A program that names its system gets host code
 * under nvcc too (Thrust's C++, TBB and OpenMP systems are host code).
 */
struct __idxgen_thrust_default_system;
#if defined(_OPENMP)
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_OMP
#elif defined(__has_include)
#if __has_include(<tbb/blocked_range.h>)
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_TBB
#endif
#endif
#ifndef THRUST_DEVICE_SYSTEM
#define THRUST_DEVICE_SYSTEM THRUST_DEVICE_SYSTEM_CPP
#endif
#endif
#include_next <thrust/detail/config/device_system.h>
