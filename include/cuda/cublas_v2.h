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
#define cublasSgbmv_v2 cublasSgbmv
#define cublasStbmv_v2 cublasStbmv
#define cublasStbsv_v2 cublasStbsv
#define cublasStpmv_v2 cublasStpmv
#define cublasStpsv_v2 cublasStpsv
#define cublasSsyr_v2 cublasSsyr
#define cublasSsyr2_v2 cublasSsyr2
#define cublasDgbmv_v2 cublasDgbmv
#define cublasDtbmv_v2 cublasDtbmv
#define cublasDtbsv_v2 cublasDtbsv
#define cublasDtpmv_v2 cublasDtpmv
#define cublasDtpsv_v2 cublasDtpsv
#define cublasDsyr_v2 cublasDsyr
#define cublasDsyr2_v2 cublasDsyr2
#define cublasCgbmv_v2 cublasCgbmv
#define cublasCtbmv_v2 cublasCtbmv
#define cublasCtbsv_v2 cublasCtbsv
#define cublasCtpmv_v2 cublasCtpmv
#define cublasCtpsv_v2 cublasCtpsv
#define cublasCsyr_v2 cublasCsyr
#define cublasCsyr2_v2 cublasCsyr2
#define cublasZgbmv_v2 cublasZgbmv
#define cublasZtbmv_v2 cublasZtbmv
#define cublasZtbsv_v2 cublasZtbsv
#define cublasZtpmv_v2 cublasZtpmv
#define cublasZtpsv_v2 cublasZtpsv
#define cublasZsyr_v2 cublasZsyr
#define cublasZsyr2_v2 cublasZsyr2
#define cublasSsbmv_v2 cublasSsbmv
#define cublasSspmv_v2 cublasSspmv
#define cublasSspr_v2 cublasSspr
#define cublasSspr2_v2 cublasSspr2
#define cublasDsbmv_v2 cublasDsbmv
#define cublasDspmv_v2 cublasDspmv
#define cublasDspr_v2 cublasDspr
#define cublasDspr2_v2 cublasDspr2
#define cublasChbmv_v2 cublasChbmv
#define cublasChpmv_v2 cublasChpmv
#define cublasCher_v2 cublasCher
#define cublasCher2_v2 cublasCher2
#define cublasChpr_v2 cublasChpr
#define cublasChpr2_v2 cublasChpr2
#define cublasZhbmv_v2 cublasZhbmv
#define cublasZhpmv_v2 cublasZhpmv
#define cublasZher_v2 cublasZher
#define cublasZher2_v2 cublasZher2
#define cublasZhpr_v2 cublasZhpr
#define cublasZhpr2_v2 cublasZhpr2

#endif
