// SPDX-License-Identifier: MIT
/*
 * nvvm.c - libNVVM's calls (include/cuda/nvvm.h).  A program keeps its
 * modules' count and its log; verifying or compiling NVVM IR is not done
 * here (there is no NVVM IR compiler in idxgen, and the PTX it would make
 * could not run on this device: kernels are built ahead of time by
 * idxgen-cc), so both answer NVVM_ERROR_COMPILATION with the reason in the
 * program's log, after the checks libNVVM makes first (a program, its
 * modules, the options' names); a compiled result is never there
 * (NVVM_ERROR_INVALID_PROGRAM, as NVRTC's outputs in nvrtc.c).
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include "nvvm.h"
#pragma GCC visibility pop

struct _nvvmProgram {
	unsigned int modules;
	const char *log; /* "" until a verify or compile; the reason after */
};

static const char compile_log[] =
    "idxgen: NVVM IR is not verified or compiled here (libNVVM's work): kernels are compiled "
    "ahead of time by idxgen-cc (build the kernel's CUDA source into the program)\n";
static const char no_result_log[] = "idxgen: no compiled result: NVVM IR is not compiled here\n";

static const char *const names[] = {
    "NVVM_SUCCESS",
    "NVVM_ERROR_OUT_OF_MEMORY",
    "NVVM_ERROR_PROGRAM_CREATION_FAILURE",
    "NVVM_ERROR_IR_VERSION_MISMATCH",
    "NVVM_ERROR_INVALID_INPUT",
    "NVVM_ERROR_INVALID_PROGRAM",
    "NVVM_ERROR_INVALID_IR",
    "NVVM_ERROR_INVALID_OPTION",
    "NVVM_ERROR_NO_MODULE_IN_PROGRAM",
    "NVVM_ERROR_COMPILATION",
    "NVVM_ERROR_CANCELLED",
};

const char *nvvmGetErrorString(nvvmResult result)
{
	if ((unsigned int)result < sizeof(names) / sizeof(names[0]))
		return names[result];
	return "NVVM_ERROR unknown";
}

/* libNVVM's version and NVVM IR's of the toolkit our headers stand for (CUDA 12.0) */
nvvmResult nvvmVersion(int *major, int *minor)
{
	if (!major || !minor)
		return NVVM_ERROR_INVALID_INPUT;
	*major = 2, *minor = 0;
	return NVVM_SUCCESS;
}

nvvmResult nvvmIRVersion(int *majorIR, int *minorIR, int *majorDbg, int *minorDbg)
{
	if (!majorIR || !minorIR || !majorDbg || !minorDbg)
		return NVVM_ERROR_INVALID_INPUT;
	*majorIR = 2, *minorIR = 0, *majorDbg = 3, *minorDbg = 1;
	return NVVM_SUCCESS;
}

nvvmResult nvvmCreateProgram(nvvmProgram *prog)
{
	struct _nvvmProgram *p;

	if (!prog)
		return NVVM_ERROR_INVALID_INPUT;
	if (!(p = calloc(1, sizeof(*p))))
		return NVVM_ERROR_OUT_OF_MEMORY;
	p->log = "";
	*prog = p;
	return NVVM_SUCCESS;
}

nvvmResult nvvmDestroyProgram(nvvmProgram *prog)
{
	if (!prog || !*prog)
		return NVVM_ERROR_INVALID_PROGRAM;
	free(*prog);
	*prog = NULL;
	return NVVM_SUCCESS;
}

nvvmResult nvvmAddModuleToProgram(nvvmProgram prog, const char *buffer, size_t size,
				  const char *name)
{
	(void)name;
	if (!prog)
		return NVVM_ERROR_INVALID_PROGRAM;
	if (!buffer || !size)
		return NVVM_ERROR_INVALID_INPUT;
	prog->modules++;
	return NVVM_SUCCESS;
}

nvvmResult nvvmLazyAddModuleToProgram(nvvmProgram prog, const char *buffer, size_t size,
				      const char *name)
{
	return nvvmAddModuleToProgram(prog, buffer, size, name);
}

/* libNVVM's options, by name: a known one, or NVVM_ERROR_INVALID_OPTION before anything else. */
static bool option_ok(const char *o)
{
	static const char *const prefixes[] = {
	    "-opt=", "-arch=compute_",	    "-ftz=", "-prec-sqrt=", "-prec-div=",
	    "-fma=", "-jump-table-density="};

	if (!strcmp(o, "-g") || !strcmp(o, "-generate-line-info") || !strcmp(o, "-gen-lto"))
		return true;
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(o, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

static nvvmResult refuse_work(nvvmProgram prog, int n, const char **opts)
{
	if (!prog)
		return NVVM_ERROR_INVALID_PROGRAM;
	if (n < 0 || (n > 0 && !opts))
		return NVVM_ERROR_INVALID_INPUT;
	for (int i = 0; i < n; i++)
		if (!opts[i] || !option_ok(opts[i]))
			return NVVM_ERROR_INVALID_OPTION;
	if (!prog->modules)
		return NVVM_ERROR_NO_MODULE_IN_PROGRAM;
	prog->log = compile_log;
	return NVVM_ERROR_COMPILATION;
}

nvvmResult nvvmVerifyProgram(nvvmProgram prog, int numOptions, const char **options)
{
	return refuse_work(prog, numOptions, options);
}

nvvmResult nvvmCompileProgram(nvvmProgram prog, int numOptions, const char **options)
{
	return refuse_work(prog, numOptions, options);
}

nvvmResult nvvmGetCompiledResultSize(nvvmProgram prog, size_t *bufferSizeRet)
{
	if (!prog)
		return NVVM_ERROR_INVALID_PROGRAM;
	if (!bufferSizeRet)
		return NVVM_ERROR_INVALID_INPUT;
	prog->log = no_result_log;
	return NVVM_ERROR_INVALID_PROGRAM;
}

nvvmResult nvvmGetCompiledResult(nvvmProgram prog, char *buffer)
{
	if (!prog)
		return NVVM_ERROR_INVALID_PROGRAM;
	if (!buffer)
		return NVVM_ERROR_INVALID_INPUT;
	prog->log = no_result_log;
	return NVVM_ERROR_INVALID_PROGRAM;
}

nvvmResult nvvmGetProgramLogSize(nvvmProgram prog, size_t *bufferSizeRet)
{
	if (!prog)
		return NVVM_ERROR_INVALID_PROGRAM;
	if (!bufferSizeRet)
		return NVVM_ERROR_INVALID_INPUT;
	*bufferSizeRet = strlen(prog->log) + 1;
	return NVVM_SUCCESS;
}

nvvmResult nvvmGetProgramLog(nvvmProgram prog, char *buffer)
{
	if (!prog)
		return NVVM_ERROR_INVALID_PROGRAM;
	if (!buffer)
		return NVVM_ERROR_INVALID_INPUT;
	memcpy(buffer, prog->log, strlen(prog->log) + 1);
	return NVVM_SUCCESS;
}
