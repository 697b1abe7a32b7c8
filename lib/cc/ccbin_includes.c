// SPDX-License-Identifier: MIT
/*
 * ccbin_includes.c - the include folders a -ccbin wrapper adds (issue 44).
 * nvcc preprocesses with its host compiler, so `-ccbin mpicxx` finds
 * <mpi.h> through the -I that Open MPI's (or MPICH's) wrapper passes on to
 * g++.  idxgen-cc parses with libclang, so it asks the host compiler for
 * its search list (`CXX -E -v -x c++ /dev/null`: the lines between
 * "#include <...> search starts here:" and "End of search list.") and
 * hands the parse the folders that are not the C and C++ libraries' own,
 * which libclang finds by itself (its own versions of them).
 */
#define _GNU_SOURCE
#include "cc.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A folder of the C or C++ library or of a compiler's own headers: libclang has its own. */
static bool library_folder(const char *dir)
{
	return strstr(dir, "/c++/") || strstr(dir, "/gcc/") || strstr(dir, "/clang/") || strstr(dir, "/llvm-") ||
	       !strcmp(dir, "/usr/include") || !strcmp(dir, "/usr/local/include") ||
	       (!strncmp(dir, "/usr/include/", 13) && strstr(dir, "-linux-gnu") && !strchr(dir + 13, '/'));
}

/* The host compiler's stderr of `-E -v -x c++ /dev/null`, or NULL. */
static FILE *search_list_of(const char *cxx, pid_t *pid)
{
	int fd[2];

	if (pipe(fd))
		return NULL;
	*pid = fork();
	if (*pid < 0) {
		close(fd[0]);
		close(fd[1]);
		return NULL;
	}
	if (*pid == 0) {
		int null = open("/dev/null", O_RDWR);

		dup2(null, 0);
		dup2(null, 1);
		dup2(fd[1], 2);
		close(fd[0]);
		execlp(cxx, cxx, "-E", "-v", "-x", "c++", "/dev/null", (char *)NULL);
		_exit(127);
	}
	close(fd[1]);
	return fdopen(fd[0], "r");
}

void ccbin_include_dirs(const char *cxx, void (*add)(void *ctx, const char *dir), void *ctx)
{
	char line[4096];
	bool in_list = false;
	pid_t pid;
	FILE *f = search_list_of(cxx, &pid);
	int st;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *dir = line + strspn(line, " \t");

		dir[strcspn(dir, "\r\n")] = 0;
		if (!strncmp(line, "#include <...> search starts here:", 34))
			in_list = true;
		else if (!strncmp(line, "End of search list.", 19))
			in_list = false;
		else if (in_list && dir[0] == '/' && !library_folder(dir))
			add(ctx, dir);
	}
	fclose(f);
	waitpid(pid, &st, 0);
}
