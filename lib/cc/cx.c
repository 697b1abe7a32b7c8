// SPDX-License-Identifier: MIT
/* cx.c - libclang helpers shared by idxgen-cc and idxgen-coop (cx.h). */
#define _GNU_SOURCE
#include "cx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void out_of_memory(void)
{
	fputs("out of memory\n", stderr);
	exit(2);
}

void *cx_alloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *cx_realloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *cx_strdup(const char *s)
{
	char *p = strdup(s);

	if (!p)
		out_of_memory();
	return p;
}

char *cx_string(CXString s)
{
	const char *t = clang_getCString(s);
	char *r = cx_strdup(t ? t : "");

	clang_disposeString(s);
	return r;
}

char *cx_spelling(CXCursor c)
{
	return cx_string(clang_getCursorSpelling(c));
}

void cx_kids_add(struct cx_kids *k, CXCursor c)
{
	if (k->n == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 8;
		k->c = cx_realloc(k->c, k->cap * sizeof(*k->c));
	}
	k->c[k->n++] = c;
}

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (!clang_isAttribute(clang_getCursorKind(c)))
		cx_kids_add(d, c);
	return CXChildVisit_Continue;
}

struct cx_kids cx_kids_of(CXCursor c)
{
	struct cx_kids k = { 0 };

	clang_visitChildren(c, kids_visit, &k);
	return k;
}

void cx_kids_free(struct cx_kids *k)
{
	free(k->c);
	k->c = NULL;
	k->n = k->cap = 0;
}

CXCursor cx_body_of(CXCursor fn)
{
	struct cx_kids ks = cx_kids_of(fn);
	CXCursor b = clang_getNullCursor();

	for (unsigned i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
			b = ks.c[i];
	cx_kids_free(&ks);
	return b;
}

bool cx_only_child(CXCursor c, CXCursor *only)
{
	struct cx_kids k = cx_kids_of(c);
	bool one = k.n == 1;

	if (one)
		*only = k.c[0];
	cx_kids_free(&k);
	return one;
}

struct cx_loc cx_loc_of(CXCursor c, const char *fallback)
{
	struct cx_loc l = { 0 };
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &l.line, &l.col, NULL);
	l.file = f ? cx_string(clang_getFileName(f)) : cx_strdup(fallback);
	return l;
}

void cx_loc_free(struct cx_loc *l)
{
	free(l->file);
	l->file = NULL;
}

char *cx_vformat(struct cx_loc l, const char *severity, const char *fmt, va_list ap)
{
	char *msg, *r;

	if (vasprintf(&msg, fmt, ap) < 0)
		out_of_memory();
	if (asprintf(&r, "%s:%u:%u: %s: %s", l.file, l.line, l.col, severity, msg) < 0)
		out_of_memory();
	free(msg);
	return r;
}
