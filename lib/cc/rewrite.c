// SPDX-License-Identifier: MIT
/*
 * rewrite.c - the translator copies the source text into the C; where C++
 * accepts what C spells differently, an edit (struct edit) replaces a
 * range of the text wherever it is copied (emit_src): file scope, __device__
 * functions and kernels alike.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Do [start, end) and e overlap?  An insertion overlaps only what it lies strictly inside. */
static bool edits_overlap(unsigned start, unsigned end, const struct edit *e)
{
	if (start == end)
		return e->start < start && start < e->end;
	if (e->start == e->end)
		return start < e->start && e->start < end;
	return start < e->end && e->start < end;
}

static bool overlaps_made(const struct source *s, unsigned start, unsigned end)
{
	for (unsigned i = 0; i < s->nedits; i++)
		if (edits_overlap(start, end, &s->edits[i]))
			return true;
	return false;
}

/*
 * Does n go before e in the list?  By start; at one offset closing
 * insertions first (the last made, an inner expression's, first), then
 * opening ones (the first made, an outer expression's, first), then the
 * replacement that starts there.
 */
static bool goes_before(const struct edit *n, const struct edit *e)
{
	if (n->start != e->start)
		return n->start < e->start;
	return n->kind < e->kind || (n->kind == e->kind && n->kind == EDIT_CLOSE);
}

static void edit_add(struct source *s, const struct edit *n)
{
	unsigned i;

	s->edits = cx_realloc(s->edits, (s->nedits + 1) * sizeof(*s->edits));
	for (i = s->nedits; i > 0 && goes_before(n, &s->edits[i - 1]); i--)
		s->edits[i] = s->edits[i - 1];
	s->edits[i] = *n;
	s->edits[i].text = cx_strdup(n->text);
	s->edits[i].seq = s->edit_seq++;
	s->nedits++;
}

void source_edit(struct source *s, unsigned start, unsigned end, const char *text)
{
	struct edit e = { start, end, (char *)text, start, end, start == end ? EDIT_OPEN : EDIT_REPLACE, 0 };

	if (start <= end && !overlaps_made(s, start, end))	/* the first wins */
		edit_add(s, &e);
}

bool source_edit_group(struct source *s, const struct edit *g, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (overlaps_made(s, g[i].start, g[i].end))
			return false;
	for (unsigned i = 0; i < n; i++)
		edit_add(s, &g[i]);
	return true;
}

void source_edits_undo(struct source *s, unsigned seq)
{
	unsigned i, n = 0;

	for (i = 0; i < s->nedits; i++)
		if (s->edits[i].seq < seq)
			s->edits[n++] = s->edits[i];
		else
			free(s->edits[i].text);
	s->nedits = n;
}

/* The C headers under their C++ names. */
static const char *const c_headers[][2] = {
	{ "cassert", "assert.h" }, { "cctype", "ctype.h" },   { "cerrno", "errno.h" },
	{ "cfloat", "float.h" },   { "cinttypes", "inttypes.h" }, { "climits", "limits.h" },
	{ "cmath", "math.h" },     { "cstdbool", "stdbool.h" }, { "cstddef", "stddef.h" },
	{ "cstdint", "stdint.h" }, { "cstdio", "stdio.h" },   { "cstdlib", "stdlib.h" },
	{ "cstring", "string.h" }, { "ctime", "time.h" },
};

static const char *c_header(const char *cxx)
{
	size_t i;

	for (i = 0; i < sizeof(c_headers) / sizeof(c_headers[0]); i++)
		if (!strcmp(cxx, c_headers[i][0]))
			return c_headers[i][1];
	return NULL;
}

static char *token(CXTranslationUnit tu, CXToken t)
{
	return cx_string(clang_getTokenSpelling(tu, t));
}

/* #include <name>: the C name of a C++ C header; other names without .h are C++. */
static void include_edit(struct source *s, CXTranslationUnit tu, CXToken *t, unsigned n, unsigned i)
{
	unsigned lt = off_of(clang_getTokenLocation(tu, t[i])), gt, j;
	char *name, *edit;
	const char *c;

	for (j = i + 1; j < n; j++) {
		char *sp = token(tu, t[j]);
		bool end = !strcmp(sp, ">");

		free(sp);
		if (end)
			break;
	}
	if (j == n)
		return;
	gt = off_of(clang_getTokenLocation(tu, t[j]));
	if (gt <= lt + 1 || gt >= s->len)
		return;
	name = strndup(s->text + lt + 1, gt - lt - 1);
	if (!name)
		return;
	c = c_header(name);
	if (c) {
		if (asprintf(&edit, "<%s>", c) > 0) {
			source_edit(s, lt, gt + 1, edit);
			free(edit);
		}
	} else if (!strchr(name, '.')) {
		unsigned line, col;

		clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, &line, &col, NULL);
		fprintf(stderr, "%s:%u:%u: error: <%s> is a C++ header and the output is C: include C headers only\n",
			s->path, line, col, name);
		s->nerrors++;
	}
	free(name);
}

/* The lines of the main file whose #include the preprocessor followed (not in #if 0). */
struct included {
	const struct source *s;
	unsigned *line, n;
};

static void inclusion_visit(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	struct included *inc = d;
	CXFile in;
	unsigned line;

	(void)f;
	if (depth != 1)
		return;
	clang_getExpansionLocation(stack[0], &in, &line, NULL, NULL);
	if (!in || !clang_File_isEqual(in, inc->s->file))
		return;
	inc->line = cx_realloc(inc->line, (inc->n + 1) * sizeof(*inc->line));
	inc->line[inc->n++] = line;
}

static bool was_included(const struct included *inc, CXTranslationUnit tu, CXToken t)
{
	unsigned line, i;

	clang_getExpansionLocation(clang_getTokenLocation(tu, t), NULL, &line, NULL, NULL);
	for (i = 0; i < inc->n; i++)
		if (inc->line[i] == line)
			return true;
	return false;
}

static void include_edits(struct source *s, CXTranslationUnit tu)
{
	CXSourceRange r = clang_getCursorExtent(clang_getTranslationUnitCursor(tu));
	struct included inc = { .s = s };
	CXToken *t;
	unsigned n, i;

	clang_getInclusions(tu, inclusion_visit, &inc);
	clang_tokenize(tu, r, &t, &n);
	for (i = 0; i + 2 < n; i++) {
		char *a = token(tu, t[i]), *b = token(tu, t[i + 1]), *c = token(tu, t[i + 2]);

		if (!strcmp(a, "#") && !strcmp(b, "include") && !strcmp(c, "<") && was_included(&inc, tu, t[i]))
			include_edit(s, tu, t, n, i + 2);
		free(a);
		free(b);
		free(c);
	}
	clang_disposeTokens(tu, t, n);
	free(inc.line);
}

/* 'static' and 'inline' of a __device__ function: __device__ is static inline in the C. */
static void static_edit(struct source *s, CXTranslationUnit tu, CXCursor fn)
{
	CXToken *t;
	unsigned n, i, name = off_of(clang_getCursorLocation(fn));

	/* from the expansion locations: the extent may start in a macro (__device__) */
	CXSourceRange r = clang_getRange(clang_getLocationForOffset(tu, s->file, c_start(fn)),
					 clang_getLocationForOffset(tu, s->file, name));

	clang_tokenize(tu, r, &t, &n);
	for (i = 0; i < n; i++) {
		unsigned o = off_of(clang_getTokenLocation(tu, t[i]));
		char *sp = token(tu, t[i]);
		bool st = !strcmp(sp, "static") || !strcmp(sp, "inline");

		free(sp);
		if (o >= name)
			break;
		if (st) {
			unsigned e = o + 6;	/* strlen("static") == strlen("inline") */

			while (e < s->len && (s->text[e] == ' ' || s->text[e] == '\t'))
				e++;
			source_edit(s, o, e, "");
		}
	}
	clang_disposeTokens(tu, t, n);
}

static bool refs_variable(CXCursor e);

static enum CXChildVisitResult refs_variable_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	    clang_getCursorKind(clang_getCursorReferenced(c)) == CXCursor_VarDecl) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does e read a variable (a constant expression in C++, not in C)? */
static bool refs_variable(CXCursor e)
{
	bool r = false;

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		return clang_getCursorKind(clang_getCursorReferenced(e)) == CXCursor_VarDecl;
	clang_visitChildren(e, refs_variable_visit, &r);
	return r;
}

static int cmp_offset(const void *a, const void *b)
{
	unsigned x = c_start(*(const CXCursor *)a), y = c_start(*(const CXCursor *)b);

	return x < y ? -1 : x > y;
}

/* float a[L] with const int L: the bound written as its value, float a[4 /+ L +/]. */
static void bound_edits(struct source *s, CXCursor d)
{
	CXType t = clang_getCursorType(d);
	struct cx_kids ks, bounds = { 0 };
	CXCursor init = clang_getCursorKind(d) == CXCursor_VarDecl ? var_init(d) : clang_getNullCursor();
	unsigned name = off_of(clang_getCursorLocation(d)), i, ndims = 0;
	long long dims[16];

	for (; t.kind == CXType_ConstantArray && ndims < 16; t = clang_getArrayElementType(t))
		dims[ndims++] = clang_getArraySize(t);
	if (!ndims)
		return;
	ks = cx_kids_of(d);
	for (i = 0; i < ks.n; i++)
		if (clang_isExpression(clang_getCursorKind(ks.c[i])) && c_start(ks.c[i]) > name &&
		    (clang_Cursor_isNull(init) || c_start(ks.c[i]) < c_start(init)))
			cx_kids_add(&bounds, ks.c[i]);
	cx_kids_free(&ks);
	if (bounds.n == ndims) {
		qsort(bounds.c, bounds.n, sizeof(*bounds.c), cmp_offset);
		for (i = 0; i < ndims; i++) {
			unsigned a = c_start(bounds.c[i]), b = c_end(bounds.c[i]);
			char *text;

			if (!refs_variable(bounds.c[i]) || in_macro(bounds.c[i]) || b > s->len || a >= b)
				continue;
			if (asprintf(&text, "%lld /* %.*s */", dims[i], (int)(b - a), s->text + a) > 0) {
				source_edit(s, a, b, text);
				free(text);
			}
		}
	}
	cx_kids_free(&bounds);
}

struct rewrite_ctx {
	struct source *s;
	CXTranslationUnit tu;
};

static enum CXChildVisitResult rewrite_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct rewrite_ctx *ctx = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!in_main(ctx->s, c))
		return CXChildVisit_Continue;
	if (k == CXCursor_FunctionDecl && has_annot(c, "device") &&
	    (clang_Cursor_getStorageClass(c) == CX_SC_Static || clang_Cursor_isFunctionInlined(c)))
		static_edit(ctx->s, ctx->tu, c);
	if (k == CXCursor_VarDecl || k == CXCursor_FieldDecl || k == CXCursor_ParmDecl)
		bound_edits(ctx->s, c);
	return CXChildVisit_Recurse;
}

void plan_rewrites(struct source *s, CXTranslationUnit tu)
{
	struct rewrite_ctx ctx = { s, tu };

	include_edits(s, tu);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), rewrite_visit, &ctx);
	shared_index_edits(s, tu);	/* before shift_edits: a cast around a shift's group */
	shift_edits(s, tu);	/* last: its groups give way to the edits above */
}
