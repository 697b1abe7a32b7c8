/* SPDX-License-Identifier: MIT */
/*
 * paths.h - where idxgen-cc finds its headers and libraries (paths.c;
 * lib/cc/README.md, "Where idxgen-cc finds its files").  Every user of
 * those places (the driver's command lines, the front end's include
 * folders, the passes that tell our headers from the user's) asks here.
 */
#ifndef IDXGEN_CC_PATHS_H
#define IDXGEN_CC_PATHS_H

#include <limits.h>
#include <stdbool.h>

struct cc_paths {
	bool build_tree;	/* the build tree's idxgen-cc, else an installed one */
	char exe_dir[PATH_MAX];	/* the folder of the executable (installed) */
	char include[PATH_MAX];	/* our headers: -I include/cuda -I include */
	char libdir[PATH_MAX];	/* libidxgen.so (-L, the programs' RUNPATH) */
	char archives[PATH_MAX];	/* libidxgen_NAME.a: LIBDIR, or the build folder's NAME/ */
};

/* The paths of this process's idxgen-cc; the same for the whole process. */
const struct cc_paths *cc_paths(void);

/* The static library libidxgen_NAME.a (cudart, cublas, ...): a new string. */
char *cc_archive(const char *name);

/* name (a file clang opened) under our include folder: its rest from the '/' on, else NULL. */
const char *cc_our_header(const char *name);

#endif
