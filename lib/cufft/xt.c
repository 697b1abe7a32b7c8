// SPDX-License-Identifier: MIT
/*
 * lib/cufft: cuFFT's extended API (cufftXt.h) for the one device here.
 *
 * A descriptor (cudaLibXtDesc) holds one array per GPU; ours hold one,
 * cudaMalloc'd, of the plan's input, output or in-place extent (the
 * format asked), so the data is in natural order: with one GPU there is
 * nothing to shuffle, and cufftXtMemcpy is one cudaMemcpy of the
 * descriptor's size.  The executions run the plan (exec.c) on the
 * descriptors' arrays.  cufftXtMakePlanMany maps its three cudaDataTypes
 * to the plan types (single and double; half is CUFFT_NOT_SUPPORTED).
 * Callbacks: callback.c.  LTO callbacks (cufftXtSetJITCallback) come as
 * NVIDIA's LTO-IR, which nothing here can compile: CUFFT_NOT_SUPPORTED.
 */
#include <stdlib.h>
#include "cufft_internal.h"
#pragma GCC visibility push(default)
#include <cufftXt.h>
#pragma GCC visibility pop

cufftResult cufftXtSetGPUs(cufftHandle handle, int nGPUs, int *whichGPUs)
{
	int count = 0;

	if (!cufft_plan_get(handle))
		return CUFFT_INVALID_PLAN;
	if (nGPUs < 1 || !whichGPUs)
		return CUFFT_INVALID_VALUE;
	if (cudaGetDeviceCount(&count) != cudaSuccess || nGPUs > count)
		return CUFFT_INVALID_DEVICE;
	for (int i = 0; i < nGPUs; i++)
		if (whichGPUs[i] < 0 || whichGPUs[i] >= count)
			return CUFFT_INVALID_DEVICE;
	return CUFFT_SUCCESS;
}

/* The bytes an array of this format needs: the execution's input, output, or both in place. */
static size_t format_bytes(const struct cufft_plan *p, cufftXtSubFormat format)
{
	size_t in = cufft_array_bytes(p, true, false), out = cufft_array_bytes(p, true, true);

	switch (format) {
	case CUFFT_XT_FORMAT_INPUT:
		return cufft_array_bytes(p, false, false);
	case CUFFT_XT_FORMAT_OUTPUT:
		return cufft_array_bytes(p, false, true);
	default:
		return in > out ? in : out;
	}
}

static bool format_ok(cufftXtSubFormat f)
{
	return f == CUFFT_XT_FORMAT_INPUT || f == CUFFT_XT_FORMAT_OUTPUT ||
	       f == CUFFT_XT_FORMAT_INPLACE || f == CUFFT_XT_FORMAT_INPLACE_SHUFFLED ||
	       f == CUFFT_XT_FORMAT_1D_INPUT_SHUFFLED;
}

cufftResult cufftXtMalloc(cufftHandle plan, cudaLibXtDesc **descriptor, cufftXtSubFormat format)
{
	struct cufft_plan *p = cufft_plan_get(plan);
	cudaLibXtDesc *lib;
	cudaXtDesc *xt;
	size_t bytes;
	int dev = 0;

	if (!p || !p->made)
		return CUFFT_INVALID_PLAN;
	if (!descriptor || !format_ok(format))
		return CUFFT_INVALID_VALUE;
	bytes = format_bytes(p, format);
	lib = calloc(1, sizeof(*lib));
	xt = calloc(1, sizeof(*xt));
	if (!lib || !xt || cudaMalloc(&xt->data[0], bytes) != cudaSuccess) {
		free(lib);
		free(xt);
		return CUFFT_ALLOC_FAILED;
	}
	cudaGetDevice(&dev);
	xt->version = CUDA_XT_DESCRIPTOR_VERSION;
	xt->nGPUs = 1;
	xt->GPUs[0] = dev;
	xt->size[0] = bytes;
	lib->version = CUDA_XT_DESCRIPTOR_VERSION;
	lib->descriptor = xt;
	lib->library = LIB_FORMAT_CUFFT;
	lib->subFormat = format;
	*descriptor = lib;
	return CUFFT_SUCCESS;
}

/* A descriptor of ours (one array) or NULL. */
static cudaXtDesc *one_array(const cudaLibXtDesc *d)
{
	if (!d || !d->descriptor || d->library != LIB_FORMAT_CUFFT || d->descriptor->nGPUs != 1 ||
	    !d->descriptor->data[0])
		return NULL;
	return d->descriptor;
}

cufftResult cufftXtFree(cudaLibXtDesc *descriptor)
{
	cudaXtDesc *xt = one_array(descriptor);

	if (!xt)
		return CUFFT_INVALID_VALUE;
	cudaFree(xt->data[0]);
	free(xt);
	free(descriptor);
	return CUFFT_SUCCESS;
}

/* Host to descriptor, descriptor to host, descriptor to descriptor of the same size: one
 * cudaMemcpy. */
cufftResult cufftXtMemcpy(cufftHandle plan, void *dstPointer, void *srcPointer,
			  cufftXtCopyType type)
{
	cudaXtDesc *dst = NULL, *src = NULL;
	void *to = dstPointer, *from = srcPointer;
	size_t bytes;

	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	if (!dstPointer || !srcPointer)
		return CUFFT_INVALID_VALUE;
	if (type == CUFFT_COPY_HOST_TO_DEVICE || type == CUFFT_COPY_DEVICE_TO_DEVICE) {
		if (!(dst = one_array(dstPointer)))
			return CUFFT_INVALID_VALUE;
		to = dst->data[0];
	}
	if (type == CUFFT_COPY_DEVICE_TO_HOST || type == CUFFT_COPY_DEVICE_TO_DEVICE) {
		if (!(src = one_array(srcPointer)))
			return CUFFT_INVALID_VALUE;
		from = src->data[0];
	}
	if (!dst && !src) /* not one of the three copy types */
		return CUFFT_INVALID_VALUE;
	if (dst && src && dst->size[0] != src->size[0])
		return CUFFT_INVALID_VALUE;
	bytes = dst ? dst->size[0] : src->size[0];
	return cudaMemcpy(to, from, bytes, cudaMemcpyDefault) == cudaSuccess ? CUFFT_SUCCESS
									     : CUFFT_EXEC_FAILED;
}

/* The plan's own execution on any arrays: R2C/D2Z forward and C2R/Z2D inverse whatever the
 * direction. */
cufftResult cufftXtExec(cufftHandle plan, void *input, void *output, int direction)
{
	struct cufft_plan *p = cufft_plan_get(plan);

	if (!p || !p->made)
		return CUFFT_INVALID_PLAN;
	switch (p->type) {
	case CUFFT_C2C:
		return cufftExecC2C(plan, input, output, direction);
	case CUFFT_Z2Z:
		return cufftExecZ2Z(plan, input, output, direction);
	case CUFFT_R2C:
		return cufftExecR2C(plan, input, output);
	case CUFFT_D2Z:
		return cufftExecD2Z(plan, input, output);
	case CUFFT_C2R:
		return cufftExecC2R(plan, input, output);
	case CUFFT_Z2D:
		return cufftExecZ2D(plan, input, output);
	}
	return CUFFT_INVALID_TYPE;
}

/* Checks the descriptors, then runs the plan (of `type`, or any type when type is 0) on their
 * arrays. */
static cufftResult exec_descriptors(cufftHandle plan, cufftType type, cudaLibXtDesc *input,
				    cudaLibXtDesc *output, int direction)
{
	struct cufft_plan *p = cufft_plan_get(plan);
	cudaXtDesc *in = one_array(input), *out = one_array(output);

	if (!p || !p->made)
		return CUFFT_INVALID_PLAN;
	if (!in || !out || (type && p->type != type))
		return CUFFT_INVALID_VALUE;
	return cufftXtExec(plan, in->data[0], out->data[0], direction);
}

cufftResult cufftXtExecDescriptor(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output,
				  int direction)
{
	return exec_descriptors(plan, 0, input, output, direction);
}

cufftResult cufftXtExecDescriptorC2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output,
				     int direction)
{
	return exec_descriptors(plan, CUFFT_C2C, input, output, direction);
}

cufftResult cufftXtExecDescriptorZ2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output,
				     int direction)
{
	return exec_descriptors(plan, CUFFT_Z2Z, input, output, direction);
}

cufftResult cufftXtExecDescriptorR2C(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
	return exec_descriptors(plan, CUFFT_R2C, input, output, CUFFT_FORWARD);
}

cufftResult cufftXtExecDescriptorD2Z(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
	return exec_descriptors(plan, CUFFT_D2Z, input, output, CUFFT_FORWARD);
}

cufftResult cufftXtExecDescriptorC2R(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
	return exec_descriptors(plan, CUFFT_C2R, input, output, CUFFT_INVERSE);
}

cufftResult cufftXtExecDescriptorZ2D(cufftHandle plan, cudaLibXtDesc *input, cudaLibXtDesc *output)
{
	return exec_descriptors(plan, CUFFT_Z2D, input, output, CUFFT_INVERSE);
}

/* The plan type of (input, output, execution) types; 0 with *why set when there is none. */
static cufftType type_of(cudaDataType in, cudaDataType out, cudaDataType exec, cufftResult *why)
{
	static const struct {
		cudaDataType in, out, exec;
		cufftType type;
	} map[] = {
	    {CUDA_C_32F, CUDA_C_32F, CUDA_C_32F, CUFFT_C2C},
	    {CUDA_R_32F, CUDA_C_32F, CUDA_C_32F, CUFFT_R2C},
	    {CUDA_C_32F, CUDA_R_32F, CUDA_C_32F, CUFFT_C2R},
	    {CUDA_C_64F, CUDA_C_64F, CUDA_C_64F, CUFFT_Z2Z},
	    {CUDA_R_64F, CUDA_C_64F, CUDA_C_64F, CUFFT_D2Z},
	    {CUDA_C_64F, CUDA_R_64F, CUDA_C_64F, CUFFT_Z2D},
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (map[i].in == in && map[i].out == out && map[i].exec == exec)
			return map[i].type;
	/* half and bfloat16 transforms are cuFFT's; FFTW has none */
	*why = in == CUDA_R_16F || in == CUDA_C_16F || in == CUDA_R_16BF || in == CUDA_C_16BF
		   ? CUFFT_NOT_SUPPORTED
		   : CUFFT_INVALID_TYPE;
	return (cufftType)0;
}

cufftResult cufftXtMakePlanMany(cufftHandle plan, int rank, long long int *n,
				long long int *inembed, long long int istride, long long int idist,
				cudaDataType inputtype, long long int *onembed,
				long long int ostride, long long int odist, cudaDataType outputtype,
				long long int batch, size_t *workSize, cudaDataType executiontype)
{
	cufftResult why = CUFFT_INVALID_TYPE;
	cufftType type = type_of(inputtype, outputtype, executiontype, &why);

	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	if (!type)
		return why;
	return cufftMakePlanMany64(plan, rank, n, inembed, istride, idist, onembed, ostride, odist,
				   type, batch, workSize);
}

cufftResult cufftXtGetSizeMany(cufftHandle plan, int rank, long long int *n, long long int *inembed,
			       long long int istride, long long int idist, cudaDataType inputtype,
			       long long int *onembed, long long int ostride, long long int odist,
			       cudaDataType outputtype, long long int batch, size_t *workSize,
			       cudaDataType executiontype)
{
	cufftResult why = CUFFT_INVALID_TYPE;

	(void)inembed, (void)istride, (void)idist, (void)onembed, (void)ostride, (void)odist;
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	if (!type_of(inputtype, outputtype, executiontype, &why))
		return why;
	if (rank < 1 || rank > 3 || !n || batch < 1)
		return CUFFT_INVALID_SIZE;
	if (!workSize)
		return CUFFT_INVALID_VALUE;
	*workSize = 0; /* FFTW keeps its own work areas */
	return CUFFT_SUCCESS;
}

cufftResult cufftXtSetWorkArea(cufftHandle plan, void **workArea)
{
	(void)workArea;
	return cufft_plan_get(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

cufftResult cufftXtSetWorkAreaPolicy(cufftHandle plan, cufftXtWorkAreaPolicy policy,
				     size_t *workSize)
{
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	if (policy != CUFFT_WORKAREA_MINIMAL && policy != CUFFT_WORKAREA_USER &&
	    policy != CUFFT_WORKAREA_PERFORMANCE)
		return CUFFT_INVALID_VALUE;
	if (workSize)
		*workSize = 0;
	return CUFFT_SUCCESS;
}

/* The 1-D factors are those of a transform split over GPUs: there is one device. */
cufftResult cufftXtQueryPlan(cufftHandle plan, void *queryStruct, cufftXtQueryType queryType)
{
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	if (!queryStruct || queryType != CUFFT_QUERY_1D_FACTORS)
		return CUFFT_INVALID_VALUE;
	return CUFFT_NOT_SUPPORTED;
}

cufftResult cufftXtSetJITCallback(cufftHandle plan, const char *lto_callback_symbol_name,
				  const void *lto_callback_fatbin, size_t lto_callback_fatbin_size,
				  cufftXtCallbackType type, void **caller_info)
{
	(void)lto_callback_fatbin_size, (void)caller_info;
	if (!cufft_plan_get(plan))
		return CUFFT_INVALID_PLAN;
	if (!lto_callback_symbol_name || !lto_callback_fatbin || type < CUFFT_CB_LD_COMPLEX ||
	    type >= CUFFT_CB_UNDEFINED)
		return CUFFT_INVALID_VALUE;
	return CUFFT_NOT_SUPPORTED;
}
