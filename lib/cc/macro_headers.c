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
 * once, at most MAX_HEADERS of them 16 deep.  An `#include <...>` is read
 * where the header is found in a -I folder of the command line, as the
 * compiler searches those first: a library of the program's own installed
 * beside it (`-I ../inc`, `#include <launch_kit.cuh>`) -- its launch
 * macros were not written out, and the build stopped at them.  Not our
 * CUDA headers (cc_our_header), nor one that only the system's folders hold:
 * the toolkit's and the system's, never read.
 */
#define _GNU_SOURCE /* asprintf */
#include "cc.h"
#include "paths.h"

#include <stdio.h>
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

/* `-I DIR`, `-IDIR`, `--include-path DIR` at args[*i]: DIR (*i past it), else NULL. */
static const char *search_dir(char *const *args, int nargs, int *i)
{
	const char *a = args[*i];

	if ((!strcmp(a, "-I") || !strcmp(a, "--include-path")) && *i + 1 < nargs)
		return args[++*i];
	return !strncmp(a, "-I", 2) && a[2] ? a + 2 : NULL;
}

/* Header NAME of `#include <NAME>` in a -I folder of args, not one of ours: its real path, else NULL. */
static char *angle_resolve(const char *name, char *const *args, int nargs)
{
	for (int i = 0; i < nargs; i++) {
		const char *d = search_dir(args, nargs, &i);
		char *p, *r;

		if (!d || asprintf(&p, "%s/%s", d, name) < 0)
			continue;
		r = realpath(p, NULL);
		free(p);
		if (r && !cc_our_header(r))
			return r;
		free(r);
		if (r)
			return NULL; /* ours: the search stops at the first folder that has it */
	}
	return NULL;
}

/*
 * The header line l (ll bytes, blanks in front gone) includes: its path
 * (quoted: beside from, then -I and -iquote folders; angle brackets: -I
 * folders only), else NULL.
 */
static char *included(const char *l, size_t ll, const char *from, char *const *args, int nargs)
{
	const char *q, *q2, *e = l + ll;
	char *name, *path;
	bool angle;

	if (ll < 10 || *l != '#')
		return NULL;
	for (q = l + 1; q < e && (*q == ' ' || *q == '\t'); q++)
		;
	if ((size_t)(e - q) < 7 || strncmp(q, "include", 7))
		return NULL;
	for (q += 7; q < e && (*q == ' ' || *q == '\t'); q++)
		;
	if (q == e || (*q != '"' && *q != '<'))
		return NULL;
	angle = *q == '<';
	if (!(q2 = memchr(q + 1, angle ? '>' : '"', (size_t)(e - q - 1))) || q2 == q + 1)
		return NULL;
	name = strndup(q + 1, (size_t)(q2 - q - 1));
	if (!name)
		return NULL;
	path = angle ? angle_resolve(name, args, nargs) : include_resolve(from, name, args, nargs);
	free(name);
	return path;
}

static unsigned scan(struct seen *v, const char *from, const char *text, size_t len, char *const *args,
		     int nargs, unsigned (*what)(const char *, size_t), unsigned depth)
{
	unsigned bits = 0;
	size_t i = 0;

	while (i < len && depth < 16) {
		const char *l = text + i, *e = memchr(l, '\n', len - i);
		size_t ll = e ? (size_t)(e - l) : len - i;
		char *path;
		struct source h;

		i += ll + 1;
		while (ll && (*l == ' ' || *l == '\t'))
			l++, ll--;
		path = included(l, ll, from, args, nargs);
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
