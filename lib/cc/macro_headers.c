// SPDX-License-Identifier: MIT
/*
 * macro_headers.c - the program's own headers, for the passes that write
 * macros out before the parse (lib/cc/README.md, "Kernels that a macro
 * writes", "nvcc's dialect as older code writes it").
 *
 * macro_kernel_expand.c parses the file once more (or several times) only
 * where a macro that writes a kernel or a launch configuration is defined,
 * and it learns that from the text before any parse.  Programs keep such
 * macros in a header of their own as often as in the .cu (`common.h` with
 * `KERNEL_ARGS2`, a `kernels.cuh` of kernel-writing macros), so the headers
 * that `#include "..."` reaches from the main file are read too: beside the
 * including file, then in the -I folders (include_resolve), depth first, each
 * once, at most MAX_HEADERS of them 16 deep.  Angle-bracket includes are the
 * toolkit's and the system's, never read.
 */
#define _GNU_SOURCE /* memmem */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

#define MAX_HEADERS 64

struct seen {
	char *path[MAX_HEADERS];
	unsigned n;
};

static bool seen_add(struct seen *v, char *path)
{
	for (unsigned i = 0; i < v->n; i++)
		if (!strcmp(v->path[i], path))
			return false;
	if (v->n == MAX_HEADERS)
		return false;
	v->path[v->n++] = path;
	return true;
}

static unsigned scan(struct seen *v, const char *from, const char *text, size_t len, char *const *args,
		     int nargs, unsigned (*what)(const char *, size_t), unsigned depth)
{
	unsigned bits = 0;
	size_t i = 0;

	while (i < len && depth < 16) {
		const char *l = text + i, *e = memchr(l, '\n', len - i), *q, *q2;
		size_t ll = e ? (size_t)(e - l) : len - i;
		char *name, *path;
		struct source h;

		i += ll + 1;
		while (ll && (*l == ' ' || *l == '\t'))
			l++, ll--;
		if (ll < 10 || *l != '#' || !(q = memchr(l, '"', ll)) ||
		    !(q2 = memchr(q + 1, '"', ll - (size_t)(q - l) - 1)) || !memmem(l, (size_t)(q - l), "include", 7))
			continue;
		name = strndup(q + 1, (size_t)(q2 - q - 1));
		path = name ? include_resolve(from, name, args, nargs) : NULL;
		free(name);
		if (!path || !seen_add(v, path)) {
			free(path);
			continue;
		}
		if (source_read(&h, path)) {
			bits |= what(h.text, h.len);
			bits |= scan(v, path, h.text, h.len, args, nargs, what, depth + 1);
			source_free(&h);
		}
	}
	return bits;
}

unsigned program_headers_scan(const struct source *s, char *const *args, int nargs,
			      unsigned (*what)(const char *text, size_t len))
{
	struct seen v = { .n = 0 };
	unsigned bits = scan(&v, s->path, s->text, s->len, args, nargs, what, 0);

	for (unsigned i = 0; i < v.n; i++)
		free(v.path[i]);
	return bits;
}
