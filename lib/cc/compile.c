// SPDX-License-Identifier: MIT
/* compile.c - the command line that compiles translated C (compile.h). */
#define _GNU_SOURCE
#include "compile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* Is prog in PATH? */
static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char p[4096], f[4200], *dir, *save = NULL;

	snprintf(p, sizeof(p), "%s", path ? path : "/usr/bin:/bin");
	for (dir = strtok_r(p, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		snprintf(f, sizeof(f), "%s/%s", dir, prog);
		if (!access(f, X_OK))
			return 1;
	}
	return 0;
}

const char *idxgen_cc_compiler(void)
{
	const char *cc = getenv("CC");

	if (cc && *cc)
		return cc;
	return in_path("clang") ? "clang" : "cc";
}

const char *idxgen_cc_cflags(int make_style)
{
	const char *f = getenv("IDXGEN_CC_CFLAGS");

	if (f && *f)
		return f;
	f = getenv("CFLAGS");
	if (make_style && f && *f)
		return f;
	return IDXGEN_CC_DEFAULT_CFLAGS;
}

int idxgen_cc_cmd_add(struct idxgen_cc_cmd *c, const char *arg)
{
	if (c->argc + 2 > c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 32;
		char **a = realloc(c->argv, cap * sizeof(*a));

		if (!a)
			return -ENOMEM;
		c->argv = a;
		c->cap = cap;
	}
	c->argv[c->argc++] = (char *)arg;
	c->argv[c->argc] = NULL;
	return 0;
}

int idxgen_cc_cmd_init(struct idxgen_cc_cmd *c, const char *compiler, const char *flags,
		       const char *includedir)
{
	size_t i;
	int err;

	memset(c, 0, sizeof(*c));
	if (wordexp(flags, &c->words, WRDE_NOCMD))
		return -EINVAL;
	c->have_words = 1;
	err = idxgen_cc_cmd_add(c, compiler);
	err = err ? err : idxgen_cc_cmd_add(c, "-std=gnu11");
	for (i = 0; !err && i < c->words.we_wordc; i++)
		err = idxgen_cc_cmd_add(c, c->words.we_wordv[i]);
	err = err ? err : idxgen_cc_cmd_add(c, "-fPIC");
	if (!err && includedir) {
		err = idxgen_cc_cmd_add(c, "-I");
		err = err ? err : idxgen_cc_cmd_add(c, includedir);
	}
	if (err)
		idxgen_cc_cmd_free(c);
	return err;
}

int idxgen_cc_run(char *const argv[])
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execvp(argv[0], argv);
		perror(argv[0]);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		return -errno;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -ENOEXEC;
}

int idxgen_cc_cmd_run(const struct idxgen_cc_cmd *c)
{
	return idxgen_cc_run(c->argv);
}

void idxgen_cc_cmd_free(struct idxgen_cc_cmd *c)
{
	if (c->have_words)
		wordfree(&c->words);
	free(c->argv);
	memset(c, 0, sizeof(*c));
}
