// SPDX-License-Identifier: MIT
/*
 * A __global__ function declared before it is defined, as older code does.
 * The translator's parse makes every function __host__ __device__ (#pragma
 * clang force_cuda_host_device, cuda_whole.h), and clang then rejects a
 * kernel's redeclaration ("'device' and 'global' attributes are not
 * compatible": the first declaration got the implicit __device__).  So,
 * when a file has such a declaration, every kernel declaration and
 * definition of it is taken out of the pragma: __idxgen_hd_off before its
 * __global__, __idxgen_hd_on after its ';' or body (the pragma's end and
 * begin in the parse, nothing in the C++ written: idxgen_cc_program.h).
 * Text edits with the column map of warp_edit.c, before the parse.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static bool ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/* Past a comment, literal or preprocessor line at i, else i itself. */
static size_t skip(const char *t, size_t len, size_t i)
{
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
		while (i < len && t[i] != '\n')
			i++;
	} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
		for (i += 2; i + 1 < len && !(t[i] == '*' && t[i + 1] == '/'); i++)
			;
		i = i + 2 < len ? i + 2 : len;
	} else if (t[i] == '"' || t[i] == '\'') {
		char q = t[i];

		for (i++; i < len && t[i] != q; i++)
			if (t[i] == '\\')
				i++;
		i = i < len ? i + 1 : len;
	} else if (t[i] == '#') {
		size_t j = i;

		while (j > 0 && (t[j - 1] == ' ' || t[j - 1] == '\t'))
			j--;
		if (j == 0 || t[j - 1] == '\n')	/* a directive: to its logical line's end */
			for (; i < len && !(t[i] == '\n' && t[i - 1] != '\\'); i++)
				;
	}
	return i;
}

/* The end of the declaration whose __global__ is at g: past its ';' or body; *fwd if a ';'. */
static size_t decl_end(const char *t, size_t len, size_t g, bool *fwd)
{
	int paren = 0, brace = 0;
	size_t i = g, k;

	while (i < len) {
		if ((k = skip(t, len, i)) != i) {
			i = k;
			continue;
		}
		if (t[i] == '(')
			paren++;
		else if (t[i] == ')')
			paren--;
		else if (t[i] == ';' && paren == 0 && brace == 0) {
			*fwd = true;
			return i + 1;
		} else if (t[i] == '{' && paren == 0) {
			brace++;
		} else if (t[i] == '}' && paren == 0 && --brace == 0) {
			*fwd = false;
			return i + 1;
		}
		i++;
	}
	return 0;
}

/* The offsets of the file's __global__ tokens outside comments, literals and directives. */
static unsigned find_globals(const struct source *s, unsigned *at, unsigned max)
{
	const char *t = s->text;
	size_t i = 0, k;
	unsigned n = 0;

	while (i < s->len && n < max) {
		if ((k = skip(t, s->len, i)) != i) {
			i = k;
			continue;
		}
		if (!strncmp(t + i, "__global__", 10) && (i == 0 || !ident_char(t[i - 1])) &&
		    !ident_char(t[i + 10]))
			at[n++] = (unsigned)i;
		i++;
	}
	return n;
}

void kernel_decls(struct source *s)
{
	enum { MAX = 4096 };
	unsigned *at = cx_alloc(MAX * sizeof(*at)), n = find_globals(s, at, MAX), i, nfwd = 0;
	size_t *end = cx_alloc((n + 1) * sizeof(*end));
	struct wlower w = { 0 };

	for (i = 0; i < n; i++) {
		bool fwd = false;

		end[i] = decl_end(s->text, s->len, at[i], &fwd);
		nfwd += end[i] && fwd;
	}
	if (nfwd) {
		w.s = s;
		for (i = 0; i < n; i++) {
			if (!end[i] || (i + 1 < n && end[i] > at[i + 1]))
				continue;	/* not one declaration we can delimit: left in the pragma */
			wl_edit(&w, at[i], at[i], cx_strdup("__idxgen_hd_off "));
			wl_edit(&w, (unsigned)end[i], (unsigned)end[i], cx_strdup(" __idxgen_hd_on"));
		}
		wl_apply(&w);
		for (i = 0; i < w.ne; i++)
			free(w.e[i].text);
		free(w.e);
	}
	free(end);
	free(at);
}
