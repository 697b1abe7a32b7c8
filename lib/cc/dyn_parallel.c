// SPDX-License-Identifier: MIT
/*
 * dyn_parallel.c - dynamic parallelism in whole programs: a launch
 * `k<<<g, b, shm, st>>>(args)` written in a __global__ or __device__
 * function becomes, by a group of edits of the text (applied wherever the
 * text is copied: loop fission's statements, a fiber kernel's text, a
 * __device__ function's),
 *
 *	(__idxgenPushDeviceCallConfiguration(g, b, shm, st) ? (void)0 : k(args))
 *
 * (the callee as written left in a comment after the push's name): a call
 * of k's host stub after a configuration marked as device code's:
 * lib/cudart/device_launch.c runs the child grid to completion there (why
 * CUDA permits that: lib/cc/README.md, "Dynamic parallelism").  A kernel
 * that launches itself names its stub from the global namespace
 * (`::ns::k`): in its fiber text, which whole.c copies into a namespace of
 * its own, a plain `k` would be that copy, a call of the body in the
 * launching thread.  The callees' offsets are kept: the checks that refuse a
 * kernel named in device code let these through.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"

/* The offsets of the <<< and the end of the >>> of call c, at bracket depth 0; false if none. */
static bool chevrons(CXTranslationUnit tu, CXCursor c, unsigned a, unsigned e, unsigned *lt, unsigned *gt_end)
{
	CXToken *t;
	unsigned n, depth = 0;
	bool found = false, done = false;

	clang_tokenize(tu, clang_getCursorExtent(c), &t, &n);
	for (unsigned i = 0; i < n && !done; i++) {
		char *sp = cx_string(clang_getTokenSpelling(tu, t[i]));
		unsigned off = off_of(clang_getTokenLocation(tu, t[i]));

		if (off < a || off >= e)
			;	/* outside the call's own text */
		else if (!strcmp(sp, "(") || !strcmp(sp, "[") || !strcmp(sp, "{"))
			depth++;
		else if (!strcmp(sp, ")") || !strcmp(sp, "]") || !strcmp(sp, "}"))
			depth--;
		else if (!strcmp(sp, "<<<") && !depth && !found)
			*lt = off, found = true;
		else if (!strcmp(sp, ">>>") && !depth && found)
			*gt_end = off + 3, done = true;
		free(sp);
	}
	clang_disposeTokens(tu, t, n);
	return done;
}

/* Is c's whole extent text of the file itself (no macro at either end)? */
static bool spelled_here(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation l[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };
	unsigned a, b;
	CXFile fa, fb;

	if (in_macro(c))
		return false;
	for (int i = 0; i < 2; i++) {
		clang_getExpansionLocation(l[i], &fa, NULL, NULL, &a);
		clang_getSpellingLocation(l[i], &fb, NULL, NULL, &b);
		if (a != b || !fa || !fb || !clang_File_isEqual(fa, fb))
			return false;
	}
	return true;
}

/* "::ns1::ns2::" of fn, or NULL where no qualified name reaches it (an anonymous namespace, a class). */
static char *global_prefix(CXCursor fn)
{
	struct buf b = { 0 };
	char *q = cx_strdup("::"), *n;

	for (CXCursor p = clang_getCursorSemanticParent(fn); !clang_isTranslationUnit(clang_getCursorKind(p));
	     p = clang_getCursorSemanticParent(p)) {
		if (clang_getCursorKind(p) == CXCursor_LinkageSpec)
			continue;
		if (clang_getCursorKind(p) != CXCursor_Namespace || clang_Cursor_isAnonymous(p)) {
			free(q);
			return NULL;
		}
		n = cx_spelling(p);
		b.n = 0;
		bprintf(&b, "::%s::%s", n, q + 2);
		free(n);
		free(q);
		q = cx_strdup(b.p);
	}
	buf_free(&b);
	return q;
}

/* The callee [a, lt) as the stub's call writes it: `::ns::k<T>` where the kernel fn launches itself. */
static char *callee_text(struct source *s, CXCursor fn, unsigned a, unsigned lt, bool *self)
{
	char *fname = cx_spelling(fn), *pre, *r;
	unsigned e = lt, i, id;

	while (e > a && strchr(" \t\r\n", s->text[e - 1]))
		e--;
	for (id = a; id < e && text_ident_char(s->text[id]); id++)
		;
	*self = id - a == strlen(fname) && !strncmp(s->text + a, fname, id - a) && has_annot(fn, "global");
	for (i = a; i < e && !(s->text[i] == ':' && i + 1 < e && s->text[i + 1] == ':'); i++)
		;
	pre = *self && i == e ? global_prefix(fn) : cx_strdup("");
	free(fname);
	if (!pre)
		return NULL;
	if (asprintf(&r, "%s%.*s", pre, (int)(e - a), s->text + a) < 0)
		r = NULL;
	free(pre);
	return r;
}

struct dp_walk {
	struct source *s;
	CXTranslationUnit tu;
	CXCursor fn;	/* the __global__ or __device__ function */
};

static void launch_edits(struct dp_walk *d, CXCursor c)
{
	struct source *s = d->s;
	unsigned a = c_start(c), e = c_end(c), lt = 0, gte = 0, ce;
	bool self;
	char *callee, *mid;

	if (!spelled_here(c) || !chevrons(d->tu, c, a, e, &lt, &gte) || e > s->len)
		return;	/* a launch in a macro: the checks refuse the kernel named there */
	callee = callee_text(s, d->fn, a, lt, &self);
	if (!callee) {
		error_at(s, c, "a kernel in an anonymous namespace or a class that launches itself from device code is not supported");
		return;
	}
	if (asprintf(&mid, ") ? (void)0 : %s", callee) < 0) {
		free(callee);
		return;
	}
	for (ce = lt; ce > a && strchr(" \t\r\n", s->text[ce - 1]); ce--)
		;
	/*
	 * Each edit in a group no larger than the node it lies in (the
	 * callee, the chevrons, the call): loop fission copies a call node by
	 * node (emit.c), each node's own edits between its parts.  The callee
	 * as written, which may be several nodes (`k<T>`), goes into a comment.
	 */
	struct edit g[5] = {
		{ a, a, "(__idxgenPushDeviceCallConfiguration/*", a, ce, EDIT_OPEN, 0 },
		{ ce, ce, "*/", a, ce, EDIT_CLOSE, 0 },
		{ lt, lt + 3, "(", lt, lt + 3, EDIT_REPLACE, 0 },
		{ gte - 3, gte, mid, gte - 3, gte, EDIT_REPLACE, 0 },
		{ e, e, ")", a, e, EDIT_CLOSE, 0 },
	};
	if (!memmem(s->text + a, ce - a, "*/", 2) && source_edit_group(s, g, 5)) {
		s->dl = cx_realloc(s->dl, (s->ndl + 1) * sizeof(*s->dl));
		s->dl[s->ndl].a = a;
		s->dl[s->ndl].b = lt;
		s->dl[s->ndl].self = self ? c_start(d->fn) : ~0u;
		s->ndl++;
	}
	free(mid);
	free(callee);
}

/* The expression clang kept of a launch it could not resolve (dyn_parallel_wait): it starts there. */
static bool waited_at(const struct source *s, CXCursor c)
{
	if (clang_getCursorKind(c) != CXCursor_UnexposedExpr)
		return false;
	for (unsigned i = 0; i < s->ndlw; i++)
		if (s->dlw[i].off == c_start(c))
			return true;
	return false;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr || waited_at(((struct dp_walk *)data)->s, c))
		launch_edits(data, c);
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult file_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct dp_walk *d = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor body;

	(void)parent;
	if (!in_main(d->s, c))
		return CXChildVisit_Continue;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
	    k == CXCursor_ClassDecl || k == CXCursor_StructDecl || k == CXCursor_ClassTemplate)
		return CXChildVisit_Recurse;
	if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate && k != CXCursor_CXXMethod)
		return CXChildVisit_Continue;
	if (!clang_isCursorDefinition(c) || !(has_annot(c, "global") || has_annot(c, "device")))
		return CXChildVisit_Continue;
	body = cx_body_of(c);
	if (clang_Cursor_isNull(body))
		return CXChildVisit_Continue;
	d->fn = c;
	clang_visitChildren(body, body_visit, d);
	return CXChildVisit_Continue;
}

void dyn_parallel_edits(struct source *s, CXTranslationUnit tu)
{
	struct dp_walk d = { s, tu, clang_getNullCursor() };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), file_visit, &d);
	for (unsigned i = 0; i < s->ndlw; i++)
		if (!dyn_parallel_callee(s, s->dlw[i].off)) {
			fprintf(stderr, "%s:%u:%u: error: this launch in device code cannot be translated (clang found no kernel to call)\n",
				s->path, s->dlw[i].line, s->dlw[i].col);
			s->nerrors++;
		}
}

/*
 * Clang has no dynamic parallelism: it drops a kernel from the candidates a
 * kernel may call, so a launch of an overloaded kernel or a template's does
 * not resolve in the parse.  The C++ written calls the host stub, which
 * resolves as any host call: the launch is kept for dyn_parallel_edits when
 * `<<<` follows the name (template arguments between).
 */
bool dyn_parallel_wait(struct source *s, CXSourceLocation l)
{
	unsigned off, line, col, i;
	CXFile f;

	clang_getExpansionLocation(l, &f, &line, &col, &off);
	if (!f || !s->file || !clang_File_isEqual(f, s->file) || off >= s->len)
		return false;
	for (i = off; i + 3 <= s->len && !strchr(";({}", s->text[i]); i++)
		if (!strncmp(s->text + i, "<<<", 3))
			break;
	if (i + 3 > s->len || strncmp(s->text + i, "<<<", 3))
		return false;
	s->dlw = cx_realloc(s->dlw, (s->ndlw + 1) * sizeof(*s->dlw));
	s->dlw[s->ndlw++] = (struct dl_wait){ off, line, col };
	return true;
}

bool dyn_parallel_callee(const struct source *s, unsigned off)
{
	for (unsigned i = 0; i < s->ndl; i++)
		if (s->dl[i].a <= off && off < s->dl[i].b)
			return true;
	return false;
}

bool dyn_parallel_launch_at(const struct source *s, unsigned a)
{
	for (unsigned i = 0; i < s->ndl; i++)
		if (s->dl[i].a == a)
			return true;
	return false;
}

bool dyn_parallel_self(const struct source *s, CXCursor fn)
{
	for (unsigned i = 0; i < s->ndl; i++)
		if (s->dl[i].self == c_start(fn))
			return true;
	return false;
}
