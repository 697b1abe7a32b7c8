// SPDX-License-Identifier: MIT
/*
 * nvrtc.c - NVRTC's calls (include/cuda/nvrtc.h).  A program holds its
 * source, headers and log; nvrtcCompileProgram runs idxgen-cc on them
 * (nvrtc_compile.c), so that the PTX it gives is the module cuModuleLoadData
 * loads (idxgen-cc -ptx's text form: kernels here are CPU code, not PTX)
 * and, for a real architecture (sm_NN), the cubin is that module's ELF.
 * Lowered names (nvrtcGetLoweredName) are not computed: the mangled name of
 * a name expression needs the compiler's semantic analysis of it, which
 * idxgen-cc does not report back; after a compile they are
 * NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID (extern "C" kernels, what programs
 * that load by name mostly use, need none).
 */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nvrtc_int.h"

static const char *const names[] = {
    "NVRTC_SUCCESS",
    "NVRTC_ERROR_OUT_OF_MEMORY",
    "NVRTC_ERROR_PROGRAM_CREATION_FAILURE",
    "NVRTC_ERROR_INVALID_INPUT",
    "NVRTC_ERROR_INVALID_PROGRAM",
    "NVRTC_ERROR_INVALID_OPTION",
    "NVRTC_ERROR_COMPILATION",
    "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE",
    "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
    "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
    "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
    "NVRTC_ERROR_INTERNAL_ERROR",
    "NVRTC_ERROR_TIME_FILE_WRITE_FAILED",
    "NVRTC_ERROR_NO_PCH_CREATE_ATTEMPTED",
    "NVRTC_ERROR_PCH_CREATE_HEAP_EXHAUSTED",
    "NVRTC_ERROR_PCH_CREATE",
    "NVRTC_ERROR_CANCELLED",
    "NVRTC_ERROR_TIME_TRACE_FILE_WRITE_FAILED",
};

const char *nvrtcGetErrorString(nvrtcResult result)
{
	if ((unsigned int)result < sizeof(names) / sizeof(names[0]))
		return names[result];
	return "NVRTC_ERROR unknown";
}

void nvrtc_text_add(struct nvrtc_text *t, const char *fmt, ...)
{
	va_list ap;
	char *more, *grown;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&more, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	grown = realloc(t->s, t->len + (size_t)n + 1);
	if (grown) {
		memcpy(grown + t->len, more, (size_t)n + 1);
		t->s = grown;
		t->len += (size_t)n;
	}
	free(more);
}

/* NVRTC's version of the toolkit our headers stand for (CUDART_VERSION 12000) */
nvrtcResult nvrtcVersion(int *major, int *minor)
{
	if (!major || !minor)
		return NVRTC_ERROR_INVALID_INPUT;
	*major = 12;
	*minor = 0;
	return NVRTC_SUCCESS;
}

/* NVRTC 12.0's architectures: idxgen-cc compiles for any (the CPU runs the code). */
static const int archs[] = {50, 52, 53, 60, 61, 62, 70, 72, 75, 80, 86, 87, 89, 90};

nvrtcResult nvrtcGetNumSupportedArchs(int *count)
{
	if (!count)
		return NVRTC_ERROR_INVALID_INPUT;
	*count = (int)(sizeof(archs) / sizeof(archs[0]));
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetSupportedArchs(int *out)
{
	if (!out)
		return NVRTC_ERROR_INVALID_INPUT;
	memcpy(out, archs, sizeof(archs));
	return NVRTC_SUCCESS;
}

/* The file the source is compiled as: name's last part, ending in .cu (idxgen-cc goes by it). */
static char *file_name(const char *name)
{
	const char *base = name && *name ? strrchr(name, '/') : NULL;
	size_t n;
	char *s;

	base = base ? base + 1 : (name && *name ? name : "default_program");
	if (!*base || !strcmp(base, ".") || !strcmp(base, ".."))
		base = "default_program";
	n = strlen(base);
	if (asprintf(&s, "%s%s", base, n > 3 && !strcmp(base + n - 3, ".cu") ? "" : ".cu") < 0)
		return NULL;
	return s;
}

/* The folder part of name, "." where it has none. */
static char *dir_name(const char *name)
{
	const char *slash = name ? strrchr(name, '/') : NULL;

	if (!slash)
		return strdup(".");
	return slash == name ? strdup("/") : strndup(name, (size_t)(slash - name));
}

static void free_program(struct _nvrtcProgram *p)
{
	int i;

	for (i = 0; i < p->nheaders; i++) {
		if (p->headers)
			free(p->headers[i]);
		if (p->header_names)
			free(p->header_names[i]);
	}
	free(p->headers);
	free(p->header_names);
	free(p->src);
	free(p->file);
	free(p->dir);
	free(p->log.s);
	free(p->ptx);
	free(p->cubin);
	free(p);
}

nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
			       int num_headers, const char *const *headers,
			       const char *const *include_names)
{
	struct _nvrtcProgram *p;
	int i, bad = 0;

	if (!prog || !src || num_headers < 0 || (num_headers > 0 && (!headers || !include_names)))
		return NVRTC_ERROR_INVALID_INPUT;
	for (i = 0; i < num_headers; i++)
		if (!headers[i] || !include_names[i])
			return NVRTC_ERROR_INVALID_INPUT;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NVRTC_ERROR_OUT_OF_MEMORY;
	p->src = strdup(src);
	p->file = file_name(name);
	p->dir = dir_name(name);
	if (num_headers) {
		p->headers = calloc((size_t)num_headers, sizeof(char *));
		p->header_names = calloc((size_t)num_headers, sizeof(char *));
	}
	bad = !p->src || !p->file || !p->dir || (num_headers && (!p->headers || !p->header_names));
	for (i = 0; !bad && i < num_headers; i++) {
		p->nheaders = i + 1;
		p->headers[i] = strdup(headers[i]);
		p->header_names[i] = strdup(include_names[i]);
		bad = !p->headers[i] || !p->header_names[i];
	}
	if (bad) {
		free_program(p);
		return NVRTC_ERROR_OUT_OF_MEMORY;
	}
	*prog = p;
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog)
{
	if (!prog || !*prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	free_program(*prog);
	*prog = NULL;
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int num_options, const char *const *options)
{
	nvrtcResult r;

	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (num_options < 0 || (num_options > 0 && !options))
		return NVRTC_ERROR_INVALID_INPUT;
	/* a second compile starts afresh, as NVRTC's */
	free(prog->log.s);
	free(prog->ptx);
	free(prog->cubin);
	prog->log = (struct nvrtc_text){0};
	prog->ptx = NULL;
	prog->cubin = NULL;
	prog->ptx_size = prog->cubin_size = 0;
	r = nvrtc_compile(prog, num_options, options);
	prog->compiled = 1;
	prog->ok = r == NVRTC_SUCCESS;
	return r;
}

nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *size)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!size)
		return NVRTC_ERROR_INVALID_INPUT;
	*size = prog->log.len + 1;
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!log)
		return NVRTC_ERROR_INVALID_INPUT;
	memcpy(log, prog->log.s ? prog->log.s : "", prog->log.len + 1);
	return NVRTC_SUCCESS;
}

/* An output of the last compile: none before a successful one (NVRTC's invalid program). */
static nvrtcResult output(nvrtcProgram prog, const void *out)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!out)
		return NVRTC_ERROR_INVALID_INPUT;
	return prog->ok ? NVRTC_SUCCESS : NVRTC_ERROR_INVALID_PROGRAM;
}

nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *size)
{
	nvrtcResult r = output(prog, size);

	if (r == NVRTC_SUCCESS)
		*size = prog->ptx_size;
	return r;
}

nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx)
{
	nvrtcResult r = output(prog, ptx);

	if (r == NVRTC_SUCCESS)
		memcpy(ptx, prog->ptx, prog->ptx_size);
	return r;
}

/* 0 bytes for a virtual architecture (compute_NN, NVRTC's default), as NVRTC. */
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *size)
{
	nvrtcResult r = output(prog, size);

	if (r == NVRTC_SUCCESS)
		*size = prog->cubin_size;
	return r;
}

nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin)
{
	nvrtcResult r = output(prog, cubin);

	if (r == NVRTC_SUCCESS && prog->cubin_size)
		memcpy(cubin, prog->cubin, prog->cubin_size);
	return r;
}

/* LTO IR is never made (-dlto is refused at the compile): 0 bytes, as NVRTC without -dlto. */
nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *size)
{
	nvrtcResult r = output(prog, size);

	if (r == NVRTC_SUCCESS)
		*size = 0;
	return r;
}

nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *ltoir)
{
	return output(prog, ltoir);
}

nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *const name_expression)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!name_expression)
		return NVRTC_ERROR_INVALID_INPUT;
	return prog->compiled ? NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION : NVRTC_SUCCESS;
}

/* Not computed (the header comment says why). */
nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
				const char **lowered_name)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!name_expression || !lowered_name)
		return NVRTC_ERROR_INVALID_INPUT;
	return prog->ok ? NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID
			: NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
}
