/* SPDX-License-Identifier: MIT */
/* nvrtc_int.h - an NVRTC program (nvrtc.c) and its compile (nvrtc_compile.c). */
#ifndef IDXGEN_CUDART_NVRTC_INT_H
#define IDXGEN_CUDART_NVRTC_INT_H

#include <stddef.h>

#pragma GCC visibility push(default)
#include "nvrtc.h"
#pragma GCC visibility pop

/* A growing text (the program's log); NULL text reads as "". */
struct nvrtc_text {
	char *s;
	size_t len;
};

struct _nvrtcProgram {
	char *src;  /* the source, copied */
	char *file; /* its file name in the compile's folder (NAME.cu) */
	char *dir;  /* the folder of the name it was given ("." for none), for "..." includes */
	int nheaders;
	char **headers, **header_names; /* the headers given at creation, copied */
	struct nvrtc_text log;		/* idxgen-cc's messages and ours */
	int compiled;			/* a compile was tried */
	int ok;				/* ... and succeeded */
	char *ptx;			/* the module as text (idxgen-cc -ptx), NUL-terminated */
	size_t ptx_size;		/* with the NUL, as NVRTC counts */
	void *cubin; /* the module's ELF bytes, for a real architecture (sm_NN) */
	size_t cubin_size;
};

/* Append printf's text to t (dropped when memory runs out: the log is advice). */
void nvrtc_text_add(struct nvrtc_text *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Compile prog with NVRTC's options; its outputs and log into prog. */
nvrtcResult nvrtc_compile(struct _nvrtcProgram *prog, int n, const char *const *options);

#endif
