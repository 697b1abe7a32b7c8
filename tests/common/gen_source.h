/* SPDX-License-Identifier: MIT */
/*
 * gen_source.h - scan the generator's source for division.
 *
 * The generator uses add/compare only in the generation loop
 * (docs/design.md#generator).  The model marks that code with
 * idxgen-gen-begin / idxgen-gen-end comments; the host test asserts it
 * holds no '/' or '%' operator and the benchmark prints it.
 */
#ifndef IDXGEN_GEN_SOURCE_H
#define IDXGEN_GEN_SOURCE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Count '/' and '%' operators in the code between the idxgen-gen-begin marker
 * and a comment holding just idxgen-gen-end in a C source text, skipping comments and string
 * and character literals (the begin marker sits inside a comment).  Returns
 * the count, or -1 without markers; *lines gets the number of lines that
 * hold code.  If echo is set, those lines (comments removed) go to it.
 */
static int count_div_ops(const char *text, int *lines, FILE *echo)
{
	const char *p = strstr(text, "idxgen-gen-begin"), *end = strstr(text, "/* idxgen-gen-end */");
	char line[512];
	size_t n = 0;
	int ops = 0, in_block = 1, code = 0;

	*lines = 0;
	if (!p || !end || end < p)
		return -1;
	for (; p <= end; p++) {
		char ch = p < end ? *p : '\n';

		if (ch == '\n') {
			if (code) {
				(*lines)++;
				if (echo)
					fprintf(echo, "%.*s\n", (int)n, line);
			}
			n = 0;
			code = 0;
			continue;
		}
		if (in_block) {
			if (p[0] == '*' && p[1] == '/')
				in_block = 0, p++;
			continue;
		}
		if (p[0] == '/' && p[1] == '*') {
			in_block = 1, p++;
			continue;
		}
		if (p[0] == '/' && p[1] == '/') {
			while (p + 1 < end && p[1] != '\n')
				p++;
			continue;
		}
		if (ch == '"' || ch == '\'') {
			/* a literal: copy it, its contents are not operators */
			const char *q = p;

			for (p++; p < end && *p != ch && *p != '\n'; p++)
				if (*p == '\\')
					p++;
			for (; q <= p && n < sizeof(line); q++)
				line[n++] = *q;
			code = 1;
			continue;
		}
		if (ch == '/' || ch == '%')
			ops++;
		if (ch != ' ' && ch != '\t' && ch != '\\')
			code = 1;
		if (n < sizeof(line))
			line[n++] = ch;
	}
	return ops;
}

/* A whole text file, NUL-terminated (the model's source); NULL on error. */
static char *read_text(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0)
		buf = malloc((size_t)n + 1);
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	if (buf)
		buf[n] = '\0';
	fclose(f);
	return buf;
}

#endif /* IDXGEN_GEN_SOURCE_H */
