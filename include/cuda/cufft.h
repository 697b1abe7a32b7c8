/* SPDX-License-Identifier: MIT */
/*
 * cufft.h - the cuFFT API (plans of 1 to 3 dimensions, batched and advanced
 * layouts, C2C/R2C/C2R in single and double precision, streams) of idxgen's
 * lib/cufft, which runs it on FFTW3.  Our own header, C11 and C++11; values
 * and signatures are CUDA 12's.  As cuFFT: transforms are unnormalised (a
 * forward then an inverse transform multiplies by the number of points),
 * FORWARD is exp(-2 pi i jk/n), an R2C result has n/2+1 complex points in
 * its last dimension.  Coverage and limits: lib/cufft/README.md.
 */
#ifndef IDXGEN_CUDA_CUFFT_H
#define IDXGEN_CUDA_CUFFT_H
/* NVIDIA's include guard: code tests it to learn what is included
 * (cuda-samples' helper_cuda.h keys its _cudaGetErrorEnum overloads on them) */
#define _CUFFT_H_

#include <stddef.h>
#include "driver_types.h"
#include "cuComplex.h"
#include "library_types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define CUFFT_VER_MAJOR 11
#define CUFFT_VER_MINOR 0
#define CUFFT_VER_PATCH 0
#define CUFFT_VER_BUILD 0
#define CUFFT_VERSION (CUFFT_VER_MAJOR * 1000 + CUFFT_VER_MINOR * 100 + CUFFT_VER_PATCH)

#define CUFFT_FORWARD -1
#define CUFFT_INVERSE 1

typedef enum cufftResult_t {
	CUFFT_SUCCESS = 0,
	CUFFT_INVALID_PLAN = 1,
	CUFFT_ALLOC_FAILED = 2,
	CUFFT_INVALID_TYPE = 3,
	CUFFT_INVALID_VALUE = 4,
	CUFFT_INTERNAL_ERROR = 5,
	CUFFT_EXEC_FAILED = 6,
	CUFFT_SETUP_FAILED = 7,
	CUFFT_INVALID_SIZE = 8,
	CUFFT_UNALIGNED_DATA = 9,
	CUFFT_INCOMPLETE_PARAMETER_LIST = 10,
	CUFFT_INVALID_DEVICE = 11,
	CUFFT_PARSE_ERROR = 12,
	CUFFT_NO_WORKSPACE = 13,
	CUFFT_NOT_IMPLEMENTED = 14,
	CUFFT_LICENSE_ERROR = 15,
	CUFFT_NOT_SUPPORTED = 16,
	/* CUDA 13's codes (lib/cufft returns none of them; helper_cuda.h names them) */
	CUFFT_MISSING_DEPENDENCY = 17,
	CUFFT_NVRTC_FAILURE = 18,
	CUFFT_NVJITLINK_FAILURE = 19,
	CUFFT_NVSHMEM_FAILURE = 20
} cufftResult;
#define MAX_CUFFT_ERROR 0x15

typedef enum cufftType_t {
	CUFFT_R2C = 0x2a, CUFFT_C2R = 0x2c, CUFFT_C2C = 0x29,
	CUFFT_D2Z = 0x6a, CUFFT_Z2D = 0x6c, CUFFT_Z2Z = 0x69
} cufftType;

typedef enum cufftCompatibility_t { CUFFT_COMPATIBILITY_FFTW_PADDING = 0x01 } cufftCompatibility;
#define CUFFT_COMPATIBILITY_DEFAULT CUFFT_COMPATIBILITY_FFTW_PADDING

typedef int cufftHandle;
#define CUFFT_PLAN_NULL -1	/* a handle that is no plan */
#define MAX_SHIM_RANK 3		/* the highest rank of a plan */
typedef float cufftReal;
typedef double cufftDoubleReal;
typedef cuComplex cufftComplex;
typedef cuDoubleComplex cufftDoubleComplex;

cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch);
cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type);
cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type);
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride, int idist,
			  int *onembed, int ostride, int odist, cufftType type, int batch);

cufftResult cufftCreate(cufftHandle *plan);
cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *work_size);
cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *work_size);
cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type, size_t *work_size);
cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride, int idist,
			      int *onembed, int ostride, int odist, cufftType type, int batch, size_t *work_size);
cufftResult cufftMakePlanMany64(cufftHandle plan, int rank, long long *n, long long *inembed, long long istride,
				long long idist, long long *onembed, long long ostride, long long odist,
				cufftType type, long long batch, size_t *work_size);

/* Work areas: FFTW keeps its own; sizes are 0, a user area is accepted. */
cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *work_size);
cufftResult cufftGetSize(cufftHandle plan, size_t *work_size);
cufftResult cufftGetSize1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *work_size);
cufftResult cufftSetWorkArea(cufftHandle plan, void *work_area);
cufftResult cufftSetAutoAllocation(cufftHandle plan, int auto_allocate);
cufftResult cufftSetCompatibilityMode(cufftHandle plan, cufftCompatibility mode);
cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist, int *onembed, int ostride,
			      int odist, cufftType type, int batch, size_t *workSize);
cufftResult cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type, size_t *workSize);
cufftResult cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type, size_t *workSize);
cufftResult cufftGetSizeMany(cufftHandle handle, int rank, int *n, int *inembed, int istride, int idist,
			     int *onembed, int ostride, int odist, cufftType type, int batch, size_t *workArea);
cufftResult cufftGetSizeMany64(cufftHandle plan, int rank, long long int *n, long long int *inembed,
			       long long int istride, long long int idist, long long int *onembed,
			       long long int ostride, long long int odist, cufftType type, long long int batch,
			       size_t *workSize);

/* Plan properties (CUDA 12.x/13): kept and read back, no effect (lib/cufft/sizes.c) */
typedef enum cufftProperty_t {
	NVFFT_PLAN_PROPERTY_INT64_PATIENT_JIT = 0x1,
	NVFFT_PLAN_PROPERTY_INT64_MAX_NUM_HOST_THREADS = 0x2
} cufftProperty;
cufftResult cufftSetPlanPropertyInt64(cufftHandle plan, cufftProperty property, const long long int inputValueInt);
cufftResult cufftGetPlanPropertyInt64(cufftHandle plan, cufftProperty property, long long int *returnPtrValue);
cufftResult cufftResetPlanProperty(cufftHandle plan, cufftProperty property);

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction);
cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata);
cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata);
cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata, int direction);
cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata);
cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata);

cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream);
cufftResult cufftDestroy(cufftHandle plan);
cufftResult cufftGetVersion(int *version);
cufftResult cufftGetProperty(libraryPropertyType type, int *value);

#ifdef __cplusplus
}
#endif

#endif
