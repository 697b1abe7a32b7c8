/* SPDX-License-Identifier: MIT */
/*
 * cufftXt.h - cuFFT's extended API of idxgen's lib/cufft: descriptors of
 * device arrays (cufftXtMalloc, cufftXtMemcpy, cufftXtFree), their
 * executions (cufftXtExecDescriptor*), cufftXtExec and cufftXtMakePlanMany
 * with cudaDataType, for the one device here (cufftXtSetGPUs with one GPU).
 * Callbacks (device code cuFFT calls per point) are called (one address
 * space); LTO callbacks and half-precision plans are CUFFT_NOT_SUPPORTED.
 * Our own header, enum values and signatures as CUDA 12's; what is
 * covered: lib/cufft/README.md.
 */
#ifndef IDXGEN_CUDA_CUFFTXT_H
#define IDXGEN_CUDA_CUFFTXT_H
/* NVIDIA's include guard */
#define _CUFFTXT_H_

#include "cudalibxt.h"
#include "cufft.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum cufftXtSubFormat_t {
	CUFFT_XT_FORMAT_INPUT = 0x00,
	CUFFT_XT_FORMAT_OUTPUT = 0x01,
	CUFFT_XT_FORMAT_INPLACE = 0x02,
	CUFFT_XT_FORMAT_INPLACE_SHUFFLED = 0x03,
	CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED = 0x04,
	CUFFT_XT_FORMAT_DISTRIBUTED_INPUT = 0x05,
	CUFFT_XT_FORMAT_DISTRIBUTED_OUTPUT = 0x06,
	CUFFT_FORMAT_UNDEFINED = 0x07
} cufftXtSubFormat;

typedef enum cufftXtCopyType_t {
	CUFFT_COPY_HOST_TO_DEVICE = 0x00,
	CUFFT_COPY_DEVICE_TO_HOST = 0x01,
	CUFFT_COPY_DEVICE_TO_DEVICE = 0x02,
	CUFFT_COPY_UNDEFINED = 0x03
} cufftXtCopyType;

typedef enum cufftXtQueryType_t { CUFFT_QUERY_1D_FACTORS = 0x00, CUFFT_QUERY_UNDEFINED = 0x01 } cufftXtQueryType;

/* how a multi-GPU 1-D transform is split (cufftXtQueryPlan; not made here: one device) */
typedef struct cufftXt1dFactors_t {
	long long int size;
	long long int stringCount;
	long long int stringLength;
	long long int substringLength;
	long long int factor1;
	long long int factor2;
	long long int stringMask;
	long long int substringMask;
	long long int factor1Mask;
	long long int factor2Mask;
	int stringShift;
	int substringShift;
	int factor1Shift;
	int factor2Shift;
} cufftXt1dFactors;

typedef enum cufftXtWorkAreaPolicy_t {
	CUFFT_WORKAREA_MINIMAL = 0,
	CUFFT_WORKAREA_USER = 1,
	CUFFT_WORKAREA_PERFORMANCE = 2
} cufftXtWorkAreaPolicy;

typedef enum cufftXtCallbackType_t {
	CUFFT_CB_LD_COMPLEX = 0x0,
	CUFFT_CB_LD_COMPLEX_DOUBLE = 0x1,
	CUFFT_CB_LD_REAL = 0x2,
	CUFFT_CB_LD_REAL_DOUBLE = 0x3,
	CUFFT_CB_ST_COMPLEX = 0x4,
	CUFFT_CB_ST_COMPLEX_DOUBLE = 0x5,
	CUFFT_CB_ST_REAL = 0x6,
	CUFFT_CB_ST_REAL_DOUBLE = 0x7,
	CUFFT_CB_UNDEFINED = 0x8
} cufftXtCallbackType;

/* the callbacks' types (the JIT ones: LTO callbacks, refused) */
typedef cufftComplex (*cufftCallbackLoadC)(void *dataIn, size_t offset, void *callerInfo, void *sharedPointer);
typedef cufftDoubleComplex (*cufftCallbackLoadZ)(void *dataIn, size_t offset, void *callerInfo,
						  void *sharedPointer);
typedef cufftReal (*cufftCallbackLoadR)(void *dataIn, size_t offset, void *callerInfo, void *sharedPointer);
typedef cufftDoubleReal (*cufftCallbackLoadD)(void *dataIn, size_t offset, void *callerInfo, void *sharedPointer);
typedef void (*cufftCallbackStoreC)(void *dataOut, size_t offset, cufftComplex element, void *callerInfo,
				    void *sharedPointer);
typedef void (*cufftCallbackStoreZ)(void *dataOut, size_t offset, cufftDoubleComplex element, void *callerInfo,
				    void *sharedPointer);
typedef void (*cufftCallbackStoreR)(void *dataOut, size_t offset, cufftReal element, void *callerInfo,
				    void *sharedPointer);
typedef void (*cufftCallbackStoreD)(void *dataOut, size_t offset, cufftDoubleReal element, void *callerInfo,
				    void *sharedPointer);
typedef cufftComplex (*cufftJITCallbackLoadC)(void *dataIn, unsigned long long offset, void *callerInfo,
					      void *sharedPointer);
typedef cufftDoubleComplex (*cufftJITCallbackLoadZ)(void *dataIn, unsigned long long offset, void *callerInfo,
						    void *sharedPointer);
typedef cufftReal (*cufftJITCallbackLoadR)(void *dataIn, unsigned long long offset, void *callerInfo,
					   void *sharedPointer);
typedef cufftDoubleReal (*cufftJITCallbackLoadD)(void *dataIn, unsigned long long offset, void *callerInfo,
						 void *sharedPointer);
typedef void (*cufftJITCallbackStoreC)(void *dataOut, unsigned long long offset, cufftComplex element,
				       void *callerInfo, void *sharedPointer);
typedef void (*cufftJITCallbackStoreZ)(void *dataOut, unsigned long long offset, cufftDoubleComplex element,
				       void *callerInfo, void *sharedPointer);
typedef void (*cufftJITCallbackStoreR)(void *dataOut, unsigned long long offset, cufftReal element,
				       void *callerInfo, void *sharedPointer);
typedef void (*cufftJITCallbackStoreD)(void *dataOut, unsigned long long offset, cufftDoubleReal element,
				       void *callerInfo, void *sharedPointer);

cufftResult cufftXtSetGPUs(cufftHandle handle, int nGPUs, int *whichGPUs);
cufftResult cufftXtMalloc(cufftHandle plan, cudaLibXtDesc **descriptor, cufftXtSubFormat format);
cufftResult cufftXtMemcpy(cufftHandle plan, void *dstPointer, void *srcPointer, cufftXtCopyType type);
cufftResult cufftXtFree(cudaLibXtDesc *descriptor);
cufftResult cufftXtSetWorkArea(cufftHandle plan, void **workArea);
cufftResult cufftXtExecDescriptorC2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output,
				     int direction);
cufftResult cufftXtExecDescriptorR2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtExecDescriptorC2R(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtExecDescriptorZ2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output,
				     int direction);
cufftResult cufftXtExecDescriptorD2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtExecDescriptorZ2D(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output);
cufftResult cufftXtQueryPlan(cufftHandle plan, void *queryStruct, cufftXtQueryType queryType);
cufftResult cufftXtSetCallback(cufftHandle plan, void **callback_routine, cufftXtCallbackType cbType,
			       void **caller_info);
cufftResult cufftXtClearCallback(cufftHandle plan, cufftXtCallbackType cbType);
cufftResult cufftXtSetCallbackSharedSize(cufftHandle plan, cufftXtCallbackType cbType, size_t sharedSize);
cufftResult cufftXtSetJITCallback(cufftHandle plan, const char *lto_callback_symbol_name,
				  const void *lto_callback_fatbin, size_t lto_callback_fatbin_size,
				  cufftXtCallbackType type, void **caller_info);
cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int *n, long long int *inembed,
				long long int istride, long long int idist, cudaDataType inputtype,
				long long int *onembed, long long int ostride, long long int odist,
				cudaDataType outputtype, long long int batch, size_t *workSize,
				cudaDataType executiontype);
cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int *n, long long int *inembed,
			       long long int istride, long long int idist, cudaDataType inputtype,
			       long long int *onembed, long long int ostride, long long int odist,
			       cudaDataType outputtype, long long int batch, size_t *workSize,
			       cudaDataType executiontype);
cufftResult cufftXtExec(cufftHandle plan, void *input, void *output, int direction);
cufftResult cufftXtExecDescriptor(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output, int direction);
cufftResult cufftXtSetWorkAreaPolicy(cufftHandle plan, cufftXtWorkAreaPolicy policy, size_t *workSize);

#ifdef __cplusplus
}
#endif

#endif
