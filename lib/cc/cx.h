/* SPDX-License-Identifier: MIT */
/*
 * cx.h - small libclang helpers shared by the two translators of the tree,
 * idxgen-cc (lib/cc) and idxgen-coop (lib/coop): strings, children of a
 * cursor, and FILE:LINE:COL diagnostics.  No state: every function works
 * on its arguments only.
 */
#ifndef IDXGEN_CX_H
#define IDXGEN_CX_H

#include <clang-c/Index.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Out of memory in a compiler is fatal: message and exit status 2. */
void *cx_alloc(size_t n);
void *cx_realloc(void *p, size_t n);
char *cx_strdup(const char *s);

/* The text of s (never NULL; "" for a null string); s is disposed of. */
char *cx_string(CXString s);
/* The spelling of a cursor (its name), malloc'd. */
char *cx_spelling(CXCursor c);

/* The children of a cursor, attributes left out; free with cx_kids_free. */
struct cx_kids {
	CXCursor *c;
	unsigned n, cap;
};

struct cx_kids cx_kids_of(CXCursor c);
void cx_kids_add(struct cx_kids *k, CXCursor c);
void cx_kids_free(struct cx_kids *k);
/* c's only child in *only (true), or false when c has none or several. */
bool cx_only_child(CXCursor c, CXCursor *only);
/* The braced body of function (template) fn, or a null cursor (a declaration). */
CXCursor cx_body_of(CXCursor fn);

/* Where c is, as the reader sees it (the expansion location). */
struct cx_loc {
	char *file;	/* malloc'd; the fallback when the location has no file */
	unsigned line, col;
};

struct cx_loc cx_loc_of(CXCursor c, const char *fallback);
void cx_loc_free(struct cx_loc *l);
/* "FILE:LINE:COL: SEVERITY: MESSAGE", malloc'd (no newline). */
char *cx_vformat(struct cx_loc l, const char *severity, const char *fmt, va_list ap)
	__attribute__((format(printf, 3, 0)));

#endif
