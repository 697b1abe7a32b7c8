// SPDX-License-Identifier: MIT
/*
 * nvjitlink.c - nvJitLink's calls (include/cuda/nvJitLink.h) on the
 * linker of cuLink* (driver_link_image.c): the inputs are the modules
 * idxgen-cc writes (-fatbin, -cubin, -ptx's text form; -rdc=true where one
 * calls another's device functions), whatever input type names them; one
 * module links to itself, two or more (up to IDXGEN_LINK_MAX) to the
 * linked image cuModuleLoadData loads as one module.  What nvJitLink
 * would have to compile or that holds no code for this device is refused
 * by the step that would need it: PTX NVJITLINK_ERROR_PTX_COMPILE, LTO-IR
 * NVJITLINK_ERROR_NVVM_COMPILE, NVIDIA's cubins and fatbins
 * NVJITLINK_ERROR_ARCH_MISMATCH, other bytes
 * NVJITLINK_ERROR_UNRECOGNIZED_INPUT; linked PTX (-ptx) is never made.
 * Each reason goes to the handle's error log.  Options are checked as
 * nvJitLink's: -arch=sm_NN is required, the others known are accepted
 * (they tune code generation, which is idxgen-cc's, done before).  A
 * handle is made even when an option is refused, so that its log can be
 * read (as programs do after a failed call).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver_image.h"
#include "driver_int.h"
#include "idxgen_module.h"
#pragma GCC visibility push(default)
#include "nvJitLink.h"
#pragma GCC visibility pop

struct nvJitLink {
	void *parts[IDXGEN_LINK_MAX]; /* the modules added, as ELF images */
	size_t sizes[IDXGEN_LINK_MAX];
	unsigned int nparts;
	void *image; /* nvJitLinkComplete's */
	size_t size;
	bool ptx_asked; /* -ptx */
	char error[512], info[256];
};

/* The reason of a refusal in the error log (the latest one). */
static nvJitLinkResult fail(nvJitLinkHandle h, nvJitLinkResult r, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static nvJitLinkResult fail(nvJitLinkHandle h, nvJitLinkResult r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(h->error, sizeof(h->error), fmt, ap);
	va_end(ap);
	return r;
}

/* nvJitLink's options: a known one, and whether it is the architecture. */
static bool known_option(const char *o)
{
	static const char *const prefixes[] = {
	    "-maxrregcount=",
	    "-ftz=",
	    "-prec-div=",
	    "-prec-sqrt=",
	    "-fma=",
	    "-kernels-used=",
	    "-variables-used=",
	    "-Xptxas=",
	    "-Xnvvm=",
	    "-split-compile=",
	    "-split-compile-extended=",
	    "-jump-table-density=",
	    "-device-stack-protector=",
	    "-O",
	};
	static const char *const words[] = {
	    "-time",	"-verbose", "-lto", "-ptx", "-g", "-lineinfo", "-optimize-unused-variables",
	    "-no-cache"};

	for (size_t i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (!strcmp(o, words[i]))
			return true;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(o, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* -arch=sm_NN[a|f] or compute_NN: an architecture name nvJitLink knows the form of. */
static bool arch_ok(const char *a)
{
	const char *d = !strncmp(a, "sm_", 3) ? a + 3 : !strncmp(a, "compute_", 8) ? a + 8 : NULL;
	size_t n;

	if (!d)
		return false;
	n = strspn(d, "0123456789");
	return n >= 2 && (!d[n] || ((d[n] == 'a' || d[n] == 'f') && !d[n + 1]));
}

static nvJitLinkResult check_options(nvJitLinkHandle h, uint32_t n, const char **opts)
{
	bool arch = false;

	if (n && !opts)
		return fail(h, NVJITLINK_ERROR_NULL_INPUT,
			    "idxgen: nvJitLinkCreate: %u options, no array", n);
	for (uint32_t i = 0; i < n; i++) {
		if (!opts[i])
			return fail(h, NVJITLINK_ERROR_NULL_INPUT,
				    "idxgen: nvJitLinkCreate: option %u is NULL", i);
		if (!strncmp(opts[i], "-arch=", 6)) {
			if (!arch_ok(opts[i] + 6))
				return fail(h, NVJITLINK_ERROR_UNRECOGNIZED_ARCH,
					    "idxgen: unrecognized architecture %s", opts[i]);
			arch = true;
		} else if (!known_option(opts[i])) {
			return fail(h, NVJITLINK_ERROR_UNRECOGNIZED_OPTION,
				    "idxgen: unrecognized option %s", opts[i]);
		}
		h->ptx_asked |= !strcmp(opts[i], "-ptx");
	}
	if (!arch)
		return fail(h, NVJITLINK_ERROR_MISSING_ARCH,
			    "idxgen: nvJitLinkCreate needs -arch=sm_NN");
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t numOptions, const char **options)
{
	nvJitLinkHandle h;

	if (!handle)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!(h = calloc(1, sizeof(*h))))
		return NVJITLINK_ERROR_INTERNAL;
	*handle = h;
	return check_options(h, numOptions, options);
}

nvJitLinkResult nvJitLinkDestroy(nvJitLinkHandle *handle)
{
	if (!handle || !*handle)
		return NVJITLINK_ERROR_NULL_INPUT;
	for (unsigned int i = 0; i < (*handle)->nparts; i++)
		free((*handle)->parts[i]);
	free((*handle)->image);
	free(*handle);
	*handle = NULL;
	return NVJITLINK_SUCCESS;
}

/* Input that is not a module of ours: the code of the step that would need it. */
static nvJitLinkResult refuse(nvJitLinkHandle h, nvJitLinkInputType type,
			      const struct drv_image_info *info, const char *name)
{
	const char *what = name ? name : "input";

	if (type == NVJITLINK_INPUT_PTX)
		return fail(
		    h, NVJITLINK_ERROR_PTX_COMPILE,
		    "idxgen: %s: PTX is not compiled here (build the kernels with idxgen-cc): %s",
		    what, info->why);
	if (type == NVJITLINK_INPUT_LTOIR)
		return fail(
		    h, NVJITLINK_ERROR_NVVM_COMPILE,
		    "idxgen: %s: LTO-IR is not compiled here (build the kernels with idxgen-cc)",
		    what);
	if (info->kind == DRV_IMAGE_NVIDIA)
		return fail(h, NVJITLINK_ERROR_ARCH_MISMATCH, "idxgen: %s: %s", what, info->why);
	return fail(h, NVJITLINK_ERROR_UNRECOGNIZED_INPUT, "idxgen: %s: %s", what, info->why);
}

static nvJitLinkResult add(nvJitLinkHandle h, nvJitLinkInputType type, const void *data,
			   size_t size, const char *name)
{
	struct drv_image_info info;
	size_t bytes = 0;
	void *text = cudart_drv_image_text(data, size, &bytes);
	const void *elf = text ? text : data;
	nvJitLinkResult r = NVJITLINK_SUCCESS;

	if (cudart_drv_image(elf, text ? bytes : size, &info) != DRV_IMAGE_MODULE)
		r = refuse(h, type, &info, name);
	else if (h->nparts == IDXGEN_LINK_MAX)
		r = fail(h, NVJITLINK_ERROR_INVALID_INPUT,
			 "idxgen: %s: more than %d modules in one link", name ? name : "input",
			 IDXGEN_LINK_MAX);
	else if (!(h->parts[h->nparts] = malloc(info.size)))
		r = fail(h, NVJITLINK_ERROR_INTERNAL, "idxgen: out of memory");
	else
		memcpy(h->parts[h->nparts], elf, h->sizes[h->nparts] = info.size), h->nparts++;
	free(text);
	return r;
}

static bool type_ok(nvJitLinkInputType t)
{
	return (t >= NVJITLINK_INPUT_CUBIN && t <= NVJITLINK_INPUT_INDEX) ||
	       t == NVJITLINK_INPUT_ANY;
}

nvJitLinkResult nvJitLinkAddData(nvJitLinkHandle handle, nvJitLinkInputType inputType,
				 const void *data, size_t size, const char *name)
{
	if (!handle || !data)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!type_ok(inputType) || !size)
		return fail(handle, NVJITLINK_ERROR_INVALID_INPUT,
			    "idxgen: %s: input type %d, %zu bytes", name ? name : "input",
			    (int)inputType, size);
	return add(handle, inputType, data, size, name);
}

nvJitLinkResult nvJitLinkAddFile(nvJitLinkHandle handle, nvJitLinkInputType inputType,
				 const char *fileName)
{
	void *image;
	size_t size;
	nvJitLinkResult r;

	if (!handle || !fileName)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!type_ok(inputType))
		return fail(handle, NVJITLINK_ERROR_INVALID_INPUT, "idxgen: %s: input type %d",
			    fileName, (int)inputType);
	if (cudart_module_file(fileName, &image, &size) != CUDA_SUCCESS)
		return fail(handle, NVJITLINK_ERROR_INVALID_INPUT, "idxgen: %s: cannot be read",
			    fileName);
	r = add(handle, inputType, image, size, fileName);
	free(image);
	return r;
}

nvJitLinkResult nvJitLinkComplete(nvJitLinkHandle handle)
{
	if (!handle)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!handle->nparts)
		return fail(handle, NVJITLINK_ERROR_INVALID_INPUT,
			    "idxgen: nothing to link: no module was added");
	free(handle->image);
	if (handle->nparts == 1) {
		handle->image = malloc(handle->sizes[0]);
		if (handle->image)
			memcpy(handle->image, handle->parts[0], handle->size = handle->sizes[0]);
	} else {
		handle->image = cudart_link_image_make(handle->parts, handle->sizes, handle->nparts,
						       &handle->size);
	}
	if (!handle->image)
		return fail(handle, NVJITLINK_ERROR_INTERNAL, "idxgen: out of memory");
	snprintf(handle->info, sizeof(handle->info),
		 "idxgen: linked %u module(s), %zu bytes (idxgen-cc's; there is no JIT)",
		 handle->nparts, handle->size);
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkGetLinkedCubinSize(nvJitLinkHandle handle, size_t *size)
{
	if (!handle || !size)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!handle->image)
		return fail(handle, NVJITLINK_ERROR_INVALID_INPUT,
			    "idxgen: no linked image: call nvJitLinkComplete");
	*size = handle->size;
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkGetLinkedCubin(nvJitLinkHandle handle, void *cubin)
{
	if (!handle || !cubin)
		return NVJITLINK_ERROR_NULL_INPUT;
	if (!handle->image)
		return fail(handle, NVJITLINK_ERROR_INVALID_INPUT,
			    "idxgen: no linked image: call nvJitLinkComplete");
	memcpy(cubin, handle->image, handle->size);
	return NVJITLINK_SUCCESS;
}

/* Linked PTX comes from LTO-IR, which is not compiled here. */
nvJitLinkResult nvJitLinkGetLinkedPtxSize(nvJitLinkHandle handle, size_t *size)
{
	if (!handle || !size)
		return NVJITLINK_ERROR_NULL_INPUT;
	return fail(
	    handle, NVJITLINK_ERROR_INVALID_INPUT,
	    "idxgen: no linked PTX%s: the image is idxgen-cc's code (nvJitLinkGetLinkedCubin)",
	    handle->ptx_asked ? " (-ptx)" : "");
}

nvJitLinkResult nvJitLinkGetLinkedPtx(nvJitLinkHandle handle, char *ptx)
{
	if (!handle || !ptx)
		return NVJITLINK_ERROR_NULL_INPUT;
	return nvJitLinkGetLinkedPtxSize(handle, &(size_t){0});
}

/* A log's size counts its terminating NUL (0 when empty, as nvJitLink's). */
static nvJitLinkResult log_size(nvJitLinkHandle handle, const char *log, size_t *size)
{
	if (!handle || !size)
		return NVJITLINK_ERROR_NULL_INPUT;
	*size = *log ? strlen(log) + 1 : 0;
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkGetErrorLogSize(nvJitLinkHandle handle, size_t *size)
{
	return log_size(handle, handle ? handle->error : "", size);
}

nvJitLinkResult nvJitLinkGetErrorLog(nvJitLinkHandle handle, char *log)
{
	if (!handle || !log)
		return NVJITLINK_ERROR_NULL_INPUT;
	strcpy(log, handle->error);
	return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkGetInfoLogSize(nvJitLinkHandle handle, size_t *size)
{
	return log_size(handle, handle ? handle->info : "", size);
}

nvJitLinkResult nvJitLinkGetInfoLog(nvJitLinkHandle handle, char *log)
{
	if (!handle || !log)
		return NVJITLINK_ERROR_NULL_INPUT;
	strcpy(log, handle->info);
	return NVJITLINK_SUCCESS;
}

/* The version of the toolkit our headers stand for (CUDART_VERSION 12000, as nvrtcVersion) */
nvJitLinkResult nvJitLinkVersion(unsigned int *major, unsigned int *minor)
{
	if (!major || !minor)
		return NVJITLINK_ERROR_INVALID_INPUT;
	*major = 12;
	*minor = 0;
	return NVJITLINK_SUCCESS;
}
