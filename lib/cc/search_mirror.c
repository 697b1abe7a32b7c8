// SPDX-License-Identifier: MIT
/*
 * search_mirror.c - headers with kernels that a whole program finds through
 * an -I folder outside the main file's folder (lib/cc/README.md, "Whole
 * programs").
 *
 * cuda-samples' FDTD3d keeps its kernel in inc/FDTD3dGPUKernel.cuh, which
 * src/FDTD3dGPU.cu includes as "FDTD3dGPUKernel.cuh" with -I ../inc.  The
 * translated copy of such a header goes to a folder of the translation's
 * own, __inc_<hash of the -I folder's real path>/ at the header's place
 * below the -I folder, and the compile of the translation searches that
 * folder just before the -I folder itself (driver.c, compile_with): the
 * include finds the copy, and a file of the -I folder that the copy or the
 * main file includes is linked beside it (include_mirror.c), so that each
 * include resolves as it did in the original tree.  A hash of the real path,
 * not the option's position: the driver's compile options are not the
 * parse's, and -Xcompiler may add folders of its own.
 */
#define _GNU_SOURCE /* asprintf */
#include "cc.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *search_mirror_name(const char *real_dir)
{
	uint64_t h = 14695981039346656037ull;	/* FNV-1a */
	char *r;

	for (const unsigned char *p = (const unsigned char *)real_dir; *p; p++)
		h = (h ^ *p) * 1099511628211ull;
	if (asprintf(&r, "__inc_%016llx", (unsigned long long)h) < 0)
		return NULL;
	return r;
}

/* Is file rf (a real path) below folder rd? The rest of its path, else NULL. */
static const char *below(const char *rf, const char *rd)
{
	size_t n = strlen(rd);

	return !strncmp(rf, rd, n) && rf[n] == '/' ? rf + n + 1 : NULL;
}

char *relative_to_search(const struct source *s, CXFile f)
{
	char *name = cx_string(clang_getFileName(f)), *rf = realpath(name, NULL), *r = NULL;

	/* the -I folders in the order the parse searched them; the first that holds f */
	for (int i = 0; rf && !r && i < s->nargs; i++) {
		char *rd = strncmp(s->args[i], "-I", 2) ? NULL : realpath(s->args[i] + 2, NULL);
		const char *rest = rd ? below(rf, rd) : NULL;
		char *dir = rest ? search_mirror_name(rd) : NULL;

		if (dir && asprintf(&r, "%s/%s", dir, rest) < 0)
			r = NULL;
		free(dir);
		free(rd);
	}
	free(rf);
	free(name);
	return r;
}
