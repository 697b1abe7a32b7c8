/* SPDX-License-Identifier: MIT */
/*
 * pch.h - the translated programs' prelude precompiled and cached (pch.c).
 */
#ifndef IDXGEN_CC_PCH_H
#define IDXGEN_CC_PCH_H

#include <stdbool.h>

/* False when $IDXGEN_CC_PCH is 0: every build parses the prelude itself. */
bool pch_enabled(void);

/*
 * The PCH of header (our prelude, under include: our include folder) for the
 * host compile flags[0..n) (the compiler, then every option but the file's
 * own -I/-iquote, -c, -o and input; cxx_file: the compiler's file, NULL if
 * not found), built now if the cache has none: a new string, or NULL when
 * there is none to be had (disabled, no cache folder, the build failed).
 * verbose: print the command that builds one.
 */
char *pch_get(const char *header, const char *include, const char *cxx_file, char *const *flags, int n,
	      bool verbose);

/* A PCH the compiler refused (its system headers changed): gone, so that the next build makes a new one. */
void pch_forget(const char *path);

#endif
