/* SPDX-License-Identifier: MIT */
/*
 * cublas_v2.h - the cuBLAS v2 API (cublas_api.h), and the "_v2" spellings
 * of the calls that CUDA's header maps the plain names to, for programs
 * that call those names directly.  Our own header (lib/cublas/README.md).
 */
#ifndef IDXGEN_CUDA_CUBLAS_V2_H
#define IDXGEN_CUDA_CUBLAS_V2_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define CUBLAS_V2_H_

#if defined(CUBLAS_H_)
#error "It is an error to include both cublas.h and cublas_v2.h"
#endif

#include "cublas_api.h"

#define cublasCreate_v2 cublasCreate
#define cublasDestroy_v2 cublasDestroy
#define cublasGetVersion_v2 cublasGetVersion
#define cublasSetStream_v2 cublasSetStream
#define cublasGetStream_v2 cublasGetStream
#define cublasSetPointerMode_v2 cublasSetPointerMode
#define cublasGetPointerMode_v2 cublasGetPointerMode
#define cublasSgemm_v2 cublasSgemm
#define cublasDgemm_v2 cublasDgemm
#define cublasCgemm_v2 cublasCgemm
#define cublasZgemm_v2 cublasZgemm
#define cublasSgemv_v2 cublasSgemv
#define cublasDgemv_v2 cublasDgemv
#define cublasSaxpy_v2 cublasSaxpy
#define cublasDaxpy_v2 cublasDaxpy
#define cublasSdot_v2 cublasSdot
#define cublasDdot_v2 cublasDdot
#define cublasSnrm2_v2 cublasSnrm2
#define cublasDnrm2_v2 cublasDnrm2
#define cublasSscal_v2 cublasSscal
#define cublasDscal_v2 cublasDscal
#define cublasScopy_v2 cublasScopy
#define cublasDcopy_v2 cublasDcopy
#define cublasSasum_v2 cublasSasum
#define cublasDasum_v2 cublasDasum
#define cublasIsamax_v2 cublasIsamax
#define cublasIdamax_v2 cublasIdamax
#define cublasStrsm_v2 cublasStrsm
#define cublasDtrsm_v2 cublasDtrsm
#define cublasSsyrk_v2 cublasSsyrk
#define cublasDsyrk_v2 cublasDsyrk
#define cublasSsyr2k_v2 cublasSsyr2k
#define cublasDsyr2k_v2 cublasDsyr2k
#define cublasCsyr2k_v2 cublasCsyr2k
#define cublasZsyr2k_v2 cublasZsyr2k
#define cublasCher2k_v2 cublasCher2k
#define cublasZher2k_v2 cublasZher2k
#define cublasSger_v2 cublasSger
#define cublasDger_v2 cublasDger

#endif
