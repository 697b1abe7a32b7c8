/* SPDX-License-Identifier: MIT */
/*
 * compile.h - how the C that idxgen-cc emits becomes code: one command line
 * for `idxgen-cc -c` and the JIT (module.c, idxgen_module_load()), one
 * default.  Internal to lib/cc; library code (errno-style returns).
 */
#ifndef IDXGEN_CC_COMPILE_H
#define IDXGEN_CC_COMPILE_H

#include <stddef.h>
#include <wordexp.h>

/* Like an OpenCL CPU driver: optimised for the machine that runs the code. */
#define IDXGEN_CC_DEFAULT_CFLAGS "-O3 -march=native"

/*
 * The compiler: $CC, else clang if it is in PATH (LLVM vectorizes the
 * thread loops better), else cc.
 */
const char *idxgen_cc_compiler(void);
/* The flags: $IDXGEN_CC_CFLAGS, else (make_style: idxgen-cc -c) $CFLAGS, else the default. */
const char *idxgen_cc_cflags(int make_style);

struct idxgen_cc_cmd {
	char **argv;		/* NULL-terminated */
	size_t argc, cap;
	wordexp_t words;	/* the flags, split */
	int have_words;
};

/*
 * COMPILER -std=gnu11 FLAGS... -fPIC -IINCLUDEDIR: the flags split into
 * words as the shell would (quotes; no command substitution).  0, -EINVAL
 * when they cannot be split, -ENOMEM.
 */
int idxgen_cc_cmd_init(struct idxgen_cc_cmd *c, const char *compiler, const char *flags,
		       const char *includedir);
int idxgen_cc_cmd_add(struct idxgen_cc_cmd *c, const char *arg);
/* Run it: 0, -errno, or -ENOEXEC when the compiler failed or could not start. */
int idxgen_cc_cmd_run(const struct idxgen_cc_cmd *c);
/* Run argv (argv[0] looked up in PATH) and wait: 0, -errno, -ENOEXEC. */
int idxgen_cc_run(char *const argv[]);
void idxgen_cc_cmd_free(struct idxgen_cc_cmd *c);

#endif
