// SPDX-License-Identifier: MIT
/*
 * path_scope.c - which call of a helper reached __activemask() or
 * cg::coalesced_threads() (lib/cc/README.md "Coalesced groups").  On fibers
 * both are a rendezvous of the lanes of a warp parked at the same call site
 * (include/idxgen_cc_fiber.h): the site is the file, line and column of the
 * call, which is one place for every caller of a helper such as
 *
 *     __device__ int agg_inc(int *c) { unsigned a = __activemask(); ... }
 *     if (v > 0) p = agg_inc(&npos); else q = agg_inc(&nneg);
 *
 * so the lanes of both branches parked in agg_inc at once formed one group,
 * where a GPU keeps them apart (one leader added both counts to one
 * counter).  Each call of a function of the file that reaches one of them
 * (directly or through other such functions) is rewritten
 *
 *     agg_inc(&npos)  ->  (__idxgen_cc_path(ID), agg_inc(&npos))
 *
 * with ID the call's offset in the file: the temporary pushes ID onto the
 * running thread's path for the rest of the full expression, and the site
 * of the rendezvous includes the path, so the two calls are two sites.
 * Edits in place (warp_edit.c: columns of diagnostics kept); the caller
 * parses again.  Calls inside macro expansions, constructor calls and
 * helpers defined outside the file are left alone (their lanes may still
 * meet as one group).
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct pscope {
	struct source *s;
	struct cx_kids fns;	/* the file's function definitions */
	char **name;		/* names of those that reach a rendezvous */
	unsigned n;
	bool hit;
	struct wlower w;
};

static bool is_target(const char *n)
{
	return !strcmp(n, "__activemask") || !strcmp(n, "coalesced_threads");
}

static bool reaches(const struct pscope *p, const char *n)
{
	for (unsigned i = 0; i < p->n; i++)
		if (!strcmp(p->name[i], n))
			return true;
	return false;
}

/* The name a call calls (its referenced declaration), or NULL. */
static char *callee_name(CXCursor call)
{
	CXCursor r = clang_getCursorReferenced(call);
	char *n;

	if (clang_Cursor_isNull(r))
		return NULL;
	n = cx_spelling(r);
	if (!*n) {
		free(n);
		return NULL;
	}
	return n;
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct pscope *p = d;
	char *n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr || !(n = callee_name(c)))
		return CXChildVisit_Recurse;
	p->hit = is_target(n) || reaches(p, n);
	free(n);
	return p->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void collect(struct pscope *p, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);

	for (unsigned i = 0; i < ks.n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks.c[i]);

		if (!in_main(p->s, ks.c[i]))
			continue;
		if (k == CXCursor_Namespace || k == CXCursor_StructDecl || k == CXCursor_ClassDecl ||
		    k == CXCursor_ClassTemplate || k == CXCursor_UnionDecl)
			collect(p, ks.c[i]);
		else if ((k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod) &&
			 clang_isCursorDefinition(ks.c[i]) && !has_annot(ks.c[i], "global"))
			cx_kids_add(&p->fns, ks.c[i]);
	}
	cx_kids_free(&ks);
}

/* A call written as a call: NAME(...) or obj.NAME(...), not a constructor or an operator. */
static bool plain_call(const struct source *s, CXCursor call)
{
	CXCursor r = clang_getCursorReferenced(call);
	enum CXCursorKind rk = clang_getCursorKind(r);
	unsigned e = c_end(call);

	return (rk == CXCursor_FunctionDecl || rk == CXCursor_FunctionTemplate || rk == CXCursor_CXXMethod) &&
	       !in_macro(call) && e > 0 && e <= s->len && s->text[e - 1] == ')';
}

static enum CXChildVisitResult wrap_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct pscope *p = d;
	char *n, *t;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr || !in_main(p->s, c) || !(n = callee_name(c)))
		return CXChildVisit_Recurse;
	if (reaches(p, n) && plain_call(p->s, c) && asprintf(&t, "(__idxgen_cc_path(%uu), ", c_start(c) + 1) > 0) {
		wl_edit(&p->w, c_start(c), c_start(c), t);
		wl_edit(&p->w, c_end(c), c_end(c), cx_strdup(")"));
	}
	free(n);
	return CXChildVisit_Recurse;
}

int path_scopes(struct source *s, CXIndex idx, char *const *args, int nargs)
{
	struct pscope p = { .s = s };
	CXTranslationUnit tu;
	bool more = true;
	unsigned i;

	if (!strstr(s->text, "__activemask") && !strstr(s->text, "coalesced_threads"))
		return 0;
	tu = source_parse(s, idx, args, nargs);
	if (!tu)
		return 2;
	if (s->nerrors) {
		clang_disposeTranslationUnit(tu);
		return 1;
	}
	collect(&p, clang_getTranslationUnitCursor(tu));
	while (more) {	/* fixed point: a caller of such a function is one too */
		more = false;
		for (i = 0; i < p.fns.n; i++) {
			char *n = cx_spelling(p.fns.c[i]);

			p.hit = false;
			if (!reaches(&p, n))
				clang_visitChildren(p.fns.c[i], scan_visit, &p);
			if (p.hit) {
				p.name = cx_realloc(p.name, (p.n + 1) * sizeof(*p.name));
				p.name[p.n++] = n;
				more = true;
			} else {
				free(n);
			}
		}
	}
	p.w.s = s;
	if (p.n) {
		struct cx_kids top = cx_kids_of(clang_getTranslationUnitCursor(tu));

		for (i = 0; i < top.n; i++)
			if (in_main(s, top.c[i]))
				clang_visitChildren(top.c[i], wrap_visit, &p);
		cx_kids_free(&top);
	}
	if (p.w.ne)
		wl_apply(&p.w);
	for (i = 0; i < p.w.ne; i++)
		free(p.w.e[i].text);
	free(p.w.e);
	for (i = 0; i < p.n; i++)
		free(p.name[i]);
	free(p.name);
	cx_kids_free(&p.fns);
	source_release(s, tu);
	return 0;
}
