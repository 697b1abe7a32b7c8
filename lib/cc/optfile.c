// SPDX-License-Identifier: MIT
/*
 * optfile.c - nvcc's options files (--options-file F, -optf F, a comma
 * list of files, or --options-file=F): the options written in F take the
 * place of the option on the command line, before anything else reads it.
 * A file holds words separated by white space; '...' keeps its text as is,
 * "..." too except that \" and \\ are escapes, and a backslash outside
 * quotes escapes the next character (the shell's rules, without
 * expansions: wordexp(3) would also expand $VAR and globs, which nvcc's
 * files do not).  Files may name further files, eight deep at most.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OPTFILE_DEPTH 8

static void put1(struct buf *b, char c)
{
	bput(b, &c, 1);
}

static bool push(struct cc_args *out, char *s)
{
	if (out->n + 1 >= out->cap) {
		int cap = out->cap ? 2 * out->cap : 16;
		char **v = realloc(out->v, (size_t)cap * sizeof(*v));

		if (!v)
			return false;
		out->v = v;
		out->cap = cap;
	}
	out->v[out->n++] = s;
	out->v[out->n] = NULL;
	return true;
}

/* Does arg name options files?  Their list (in arg or the next argument). */
static const char *files_of(const char *arg, const char *next, bool *takes_next)
{
	*takes_next = false;
	if (!strcmp(arg, "--options-file") || !strcmp(arg, "-optf")) {
		*takes_next = true;
		return next;
	}
	if (!strncmp(arg, "--options-file=", 15))
		return arg + 15;
	if (!strncmp(arg, "-optf=", 6))
		return arg + 6;
	return NULL;
}

/* The words of text; false: an unterminated quote (*bad says so). */
static bool split(const char *text, struct cc_args *words, const char **bad)
{
	const char *p = text;

	while (*p) {
		struct buf w = { 0 };
		char quote = 0;

		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (!*p)
			break;
		for (; *p && (quote || !strchr(" \t\r\n", *p)); p++) {
			if (quote == '\'' && *p == '\'')
				quote = 0;
			else if (quote == '"' && *p == '"')
				quote = 0;
			else if (!quote && (*p == '\'' || *p == '"'))
				quote = *p;
			else if (*p == '\\' && quote != '\'' && p[1] &&
				 (!quote || p[1] == '"' || p[1] == '\\'))
				put1(&w, *++p);
			else
				put1(&w, *p);
		}
		if (quote) {
			buf_free(&w);
			*bad = "unterminated quote";
			return false;
		}
		put1(&w, 0);
		if (!push(words, w.p)) {
			buf_free(&w);
			*bad = strerror(ENOMEM);
			return false;
		}
	}
	return true;
}

static int expand(const char *const *av, int ac, struct cc_args *out, struct cc_args *own, int depth);

static int expand_file(const char *path, struct cc_args *out, struct cc_args *own, int depth)
{
	struct cc_args words = { 0 };
	const char *bad = NULL;
	struct buf text = { 0 };
	FILE *f;
	int c, rc;

	if (depth >= OPTFILE_DEPTH) {
		fprintf(stderr, "idxgen-cc: %s: options files nested more than %d deep\n", path,
			OPTFILE_DEPTH);
		return 2;
	}
	f = fopen(path, "r");
	if (!f) {
		fprintf(stderr, "idxgen-cc: options file %s: %s\n", path, strerror(errno));
		return 2;
	}
	while ((c = getc(f)) != EOF)
		put1(&text, (char)c);
	put1(&text, 0);
	fclose(f);
	if (!split(text.p, &words, &bad)) {
		fprintf(stderr, "idxgen-cc: options file %s: %s\n", path, bad);
		rc = 2;
	} else {
		rc = expand((const char *const *)words.v, words.n, out, own, depth + 1);
	}
	for (int i = 0; i < words.n; i++)
		if (!push(own, words.v[i]))	/* the words live as long as the arguments */
			rc = 2;
	free(words.v);
	buf_free(&text);
	return rc;
}

static int expand(const char *const *av, int ac, struct cc_args *out, struct cc_args *own, int depth)
{
	for (int i = 0; i < ac; i++) {
		bool takes_next;
		const char *list = files_of(av[i], i + 1 < ac ? av[i + 1] : NULL, &takes_next);
		char *copy, *name, *save = NULL;
		int rc = 0;

		if (!list && takes_next) {
			fprintf(stderr, "idxgen-cc: option %s needs an argument\n", av[i]);
			return 2;
		}
		if (!list) {
			if (!push(out, (char *)av[i]))
				return 2;
			continue;
		}
		i += takes_next;
		copy = strdup(list);
		if (!copy)
			return 2;
		for (name = strtok_r(copy, ",", &save); name && !rc; name = strtok_r(NULL, ",", &save))
			rc = expand_file(name, out, own, depth);
		free(copy);
		if (rc)
			return rc;
	}
	return 0;
}

int cc_expand_options_files(int argc, char **argv, struct cc_args *out, struct cc_args *own)
{
	if (!push(out, argv[0]))
		return 2;
	return expand((const char *const *)argv + 1, argc - 1, out, own, 0);
}

void cc_args_free(struct cc_args *a, bool strings)
{
	for (int i = 0; strings && i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}
