// SPDX-License-Identifier: MIT
/*
 * driver_link.c - the JIT linker of the driver API (cuLinkCreate,
 * cuLinkAddData/AddFile, cuLinkComplete, cuLinkDestroy) for the device code
 * this runtime loads: the modules idxgen-cc writes (-fatbin, -cubin, and
 * -ptx's text form, whatever input type the caller names them by).  Such a
 * module is already a complete image of its .cu file's kernels, so a link
 * of one module gives that module, ready for cuModuleLoadData, owned by
 * the link state until cuLinkDestroy as CUDA's output is.  Two modules or
 * more (up to IDXGEN_LINK_MAX) give a linked image of them all
 * (driver_link_image.c), which cuModuleLoadData loads as one module whose
 * parts call each other's functions (nvcc's -rdc=true: a kernel of one
 * calling an `extern __device__` function of another); a reference no
 * part defines is found when the image is loaded
 * (CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND, the name in the log).
 * NVIDIA's device code (PTX, cubin, fatbin) has nothing for this device,
 * CUDA_ERROR_NO_BINARY_FOR_GPU as for cuModuleLoadData; other bytes are
 * CUDA_ERROR_INVALID_PTX given as PTX, else CUDA_ERROR_INVALID_IMAGE.
 * The logs go to the buffers the options of cuLinkCreate name (CUDA keeps
 * those for the link state's life).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver_image.h"
#include "driver_int.h"
#include "idxgen_module.h"

/* A log buffer cuLinkCreate's options named: written at each step, its length reported. */
struct link_log {
	char *buf;
	size_t size;		/* the buffer's, as given (CUDA overwrites the option with the length) */
	void **len_at;		/* the caller's option value that receives the length, or NULL */
};

struct CUlinkState_st {
	struct CUlinkState_st *next;	/* the context's list */
	struct link_log error, info;
	void *parts[IDXGEN_LINK_MAX];	/* the modules added, as ELF images */
	size_t sizes[IDXGEN_LINK_MAX];
	unsigned int nparts;
	void *image;			/* cuLinkComplete's: a part, or the linked image of them */
	size_t size;
};

/* Is s a live link state?  Lock held. */
static bool live(struct cudart_ctx *c, CUlinkState s)
{
	for (CUlinkState i = c->links; i; i = i->next)
		if (i == s)
			return true;
	return false;
}

static bool is_link(CUlinkState s)
{
	struct cudart_ctx *c = cudart_ctx();
	bool yes;

	pthread_mutex_lock(&c->lock);
	yes = s && live(c, s);
	pthread_mutex_unlock(&c->lock);
	return yes;
}

static void put(struct link_log *l, const char *text)
{
	if (!l->buf || !l->size)
		return;
	snprintf(l->buf, l->size, "%s", text);
	if (l->len_at)
		*l->len_at = (void *)(uintptr_t)strlen(l->buf);
}

static void log_error(CUlinkState s, const char *why)
{
	put(&s->error, why);
	put(&s->info, "");
}

/* The log buffers cuLinkCreate's options name (CUDA keeps them for the state's life). */
static void find_logs(CUlinkState s, unsigned int n, const CUjit_option *opts, void **vals)
{
	for (unsigned int i = 0; i < n; i++) {
		if (opts[i] == CU_JIT_ERROR_LOG_BUFFER)
			s->error.buf = vals[i];
		else if (opts[i] == CU_JIT_INFO_LOG_BUFFER)
			s->info.buf = vals[i];
		else if (opts[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
			s->error.size = (size_t)(uintptr_t)vals[i], s->error.len_at = &vals[i];
		else if (opts[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES)
			s->info.size = (size_t)(uintptr_t)vals[i], s->info.len_at = &vals[i];
	}
}

CUresult cuLinkCreate(unsigned int n, CUjit_option *opts, void **vals, CUlinkState *state)
{
	struct cudart_ctx *c = cudart_ctx();
	CUlinkState s;

	if (!state || (n && (!opts || !vals)))
		return CUDA_ERROR_INVALID_VALUE;
	s = calloc(1, sizeof(*s));
	if (!s)
		return CUDA_ERROR_OUT_OF_MEMORY;
	find_logs(s, n, opts, vals);
	pthread_mutex_lock(&c->lock);
	s->next = c->links;
	c->links = s;
	pthread_mutex_unlock(&c->lock);
	*state = s;
	return CUDA_SUCCESS;
}

/* An input that is no module of ours: CUDA's code for what it is, the reason in the log. */
static CUresult refuse(CUlinkState s, CUjitInputType type, const struct drv_image_info *info, const char *name)
{
	char why[320];

	snprintf(why, sizeof(why), "idxgen: %s: %s", name ? name : "input", info->why);
	log_error(s, why);
	if (info->kind == DRV_IMAGE_NVIDIA)
		return CUDA_ERROR_NO_BINARY_FOR_GPU;
	return type == CU_JIT_INPUT_PTX ? CUDA_ERROR_INVALID_PTX : CUDA_ERROR_INVALID_IMAGE;
}

/* data (size bytes), checked, as the state's module: a copy of its ELF image. */
static CUresult add(CUlinkState s, CUjitInputType type, const void *data, size_t size, const char *name)
{
	struct drv_image_info info;
	size_t bytes = 0;
	void *text = cudart_drv_image_text(data, size, &bytes);
	const void *elf = text ? text : data;
	CUresult r = CUDA_SUCCESS;
	char why[320];

	if (cudart_drv_image(elf, text ? bytes : size, &info) != DRV_IMAGE_MODULE) {
		r = refuse(s, type, &info, name);
	} else if (s->nparts == IDXGEN_LINK_MAX) {
		snprintf(why, sizeof(why), "idxgen: %s: more than %d modules in one link", name ? name : "input",
			 IDXGEN_LINK_MAX);
		log_error(s, why);
		r = CUDA_ERROR_NOT_SUPPORTED;
	} else {
		s->parts[s->nparts] = malloc(info.size);
		if (!s->parts[s->nparts])
			r = CUDA_ERROR_OUT_OF_MEMORY;
		else
			memcpy(s->parts[s->nparts], elf, s->sizes[s->nparts] = info.size), s->nparts++;
	}
	free(text);
	return r;
}

CUresult cuLinkAddData(CUlinkState state, CUjitInputType type, void *data, size_t size, const char *name,
		       unsigned int n, CUjit_option *opts, void **vals)
{
	if (!data || !size || (unsigned int)type >= CU_JIT_NUM_INPUT_TYPES || (n && (!opts || !vals)))
		return CUDA_ERROR_INVALID_VALUE;
	if (!is_link(state))
		return CUDA_ERROR_INVALID_HANDLE;
	return add(state, type, data, size, name);
}

CUresult cuLinkAddFile(CUlinkState state, CUjitInputType type, const char *path, unsigned int n,
		       CUjit_option *opts, void **vals)
{
	void *image;
	size_t size;
	CUresult r;

	if (!path || (unsigned int)type >= CU_JIT_NUM_INPUT_TYPES || (n && (!opts || !vals)))
		return CUDA_ERROR_INVALID_VALUE;
	if (!is_link(state))
		return CUDA_ERROR_INVALID_HANDLE;
	r = cudart_module_file(path, &image, &size);
	if (r)
		return r;
	r = add(state, type, image, size, path);
	free(image);
	return r;
}

CUresult cuLinkComplete(CUlinkState state, void **cubin, size_t *size)
{
	char info[160];

	if (!cubin || !size)
		return CUDA_ERROR_INVALID_VALUE;
	if (!is_link(state))
		return CUDA_ERROR_INVALID_HANDLE;
	if (!state->nparts) {
		log_error(state, "idxgen: nothing to link: no module was added");
		return CUDA_ERROR_INVALID_IMAGE;
	}
	if (state->image != state->parts[0])
		free(state->image);	/* completed before: made again of every part added */
	if (state->nparts == 1) {
		state->image = state->parts[0];
		state->size = state->sizes[0];
	} else {
		state->image = cudart_link_image_make(state->parts, state->sizes, state->nparts, &state->size);
		if (!state->image)
			return CUDA_ERROR_OUT_OF_MEMORY;
	}
	snprintf(info, sizeof(info), "idxgen: linked %u module(s), %zu bytes (idxgen-cc's; there is no JIT)",
		 state->nparts, state->size);
	put(&state->error, "");
	put(&state->info, info);
	*cubin = state->image;
	*size = state->size;
	return CUDA_SUCCESS;
}

CUresult cuLinkDestroy(CUlinkState state)
{
	struct cudart_ctx *c = cudart_ctx();
	CUlinkState *at;
	bool found;

	pthread_mutex_lock(&c->lock);
	for (at = &c->links; *at && *at != state; at = &(*at)->next)
		;
	found = state && *at;
	if (found)
		*at = state->next;
	pthread_mutex_unlock(&c->lock);
	if (!found)
		return CUDA_ERROR_INVALID_HANDLE;
	if (state->image != state->parts[0])
		free(state->image);
	for (unsigned int i = 0; i < state->nparts; i++)
		free(state->parts[i]);
	free(state);
	return CUDA_SUCCESS;
}
