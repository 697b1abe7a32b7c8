// SPDX-License-Identifier: MIT
/*
 * nvrtc.c - NVRTC's calls (include/cuda/nvrtc.h).  A program object holds
 * its log; compiling never produces code (kernels are compiled ahead of
 * time by idxgen-cc, and no driver call here loads PTX or a cubin), so it
 * answers NVRTC_ERROR_COMPILATION and the log says why, and the outputs of
 * a compile (PTX, cubin, LTO IR, lowered names) are never there: asking for
 * them is NVRTC's "invalid program" / "no lowered names" answer.
 */
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include "nvrtc.h"
#pragma GCC visibility pop

struct _nvrtcProgram {
	char *log;	/* "" until a compile; the reason after */
	int compiled;	/* a compile was tried */
};

static const char compile_log[] =
	"idxgen: NVRTC run-time compilation is not supported: kernels are compiled "
	"ahead of time by idxgen-cc (build this kernel's source into the program "
	"as a .cu file)\n";

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

/* NVRTC's version of the toolkit our headers stand for (CUDART_VERSION 12000) */
nvrtcResult nvrtcVersion(int *major, int *minor)
{
	if (!major || !minor)
		return NVRTC_ERROR_INVALID_INPUT;
	*major = 12;
	*minor = 0;
	return NVRTC_SUCCESS;
}

/* No architecture can be compiled for at run time. */
nvrtcResult nvrtcGetNumSupportedArchs(int *count)
{
	if (!count)
		return NVRTC_ERROR_INVALID_INPUT;
	*count = 0;
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetSupportedArchs(int *archs)
{
	return archs ? NVRTC_SUCCESS : NVRTC_ERROR_INVALID_INPUT;
}

nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src, const char *name,
			       int num_headers, const char *const *headers,
			       const char *const *include_names)
{
	struct _nvrtcProgram *p;

	(void)name;
	if (!prog || !src || num_headers < 0 ||
	    (num_headers > 0 && (!headers || !include_names)))
		return NVRTC_ERROR_INVALID_INPUT;
	p = calloc(1, sizeof(*p));
	if (!p)
		return NVRTC_ERROR_OUT_OF_MEMORY;
	p->log = (char *)"";
	*prog = p;
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog)
{
	if (!prog || !*prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	free(*prog);
	*prog = NULL;
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int num_options, const char *const *options)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (num_options < 0 || (num_options > 0 && !options))
		return NVRTC_ERROR_INVALID_INPUT;
	prog->log = (char *)compile_log;
	prog->compiled = 1;
	return NVRTC_ERROR_COMPILATION;
}

nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *size)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!size)
		return NVRTC_ERROR_INVALID_INPUT;
	*size = strlen(prog->log) + 1;
	return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!log)
		return NVRTC_ERROR_INVALID_INPUT;
	memcpy(log, prog->log, strlen(prog->log) + 1);
	return NVRTC_SUCCESS;
}

/* No compile ever succeeds: there is no code to size or copy. */
static nvrtcResult no_output(nvrtcProgram prog, const void *out)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!out)
		return NVRTC_ERROR_INVALID_INPUT;
	return NVRTC_ERROR_INVALID_PROGRAM;
}

nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *size)
{
	return no_output(prog, size);
}

nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx)
{
	return no_output(prog, ptx);
}

nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *size)
{
	return no_output(prog, size);
}

nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin)
{
	return no_output(prog, cubin);
}

nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram prog, size_t *size)
{
	return no_output(prog, size);
}

nvrtcResult nvrtcGetLTOIR(nvrtcProgram prog, char *ltoir)
{
	return no_output(prog, ltoir);
}

nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog, const char *const name_expression)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!name_expression)
		return NVRTC_ERROR_INVALID_INPUT;
	return prog->compiled ? NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION : NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog, const char *const name_expression,
				const char **lowered_name)
{
	if (!prog)
		return NVRTC_ERROR_INVALID_PROGRAM;
	if (!name_expression || !lowered_name)
		return NVRTC_ERROR_INVALID_INPUT;
	return NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
}
