// SPDX-License-Identifier: MIT
/*
 * fn_reach.c - the functions a kernel reaches: its calls and references
 * followed through their definitions, at any depth up to a bound, each
 * definition walked once (issue 38, thirtieth session).
 *
 * warp_decline.c (the helpers warp.c cannot lower that a kernel reaches)
 * and fission_reach.c (the dependent warp-level calls nothing lowers) walked
 * the same relation each with a copy of this walk; they differ only in
 * which references and definitions they follow and what they look for, the
 * callbacks of struct fn_reach.
 */
#include "cc.h"

#include <stdlib.h>

struct walk {
	const struct fn_reach *r;
	CXCursor cur;	/* the function being walked */
	CXCursor *seen; /* definitions already walked */
	unsigned nseen, depth;
	bool stopped;
};

static void walk_fn(struct walk *w, CXCursor fn);

/* A referenced function: its definition (a template's own for its instance) walked if agreed. */
static void follow(struct walk *w, CXCursor d)
{
	enum fn_reach_step step;
	CXCursor t;

	if (clang_Cursor_isNull(d) || !function_kind(clang_getCursorKind(d)))
		return;
	step = w->r->ref ? w->r->ref(w->r->ctx, d) : FN_REACH_GO;
	w->stopped |= step == FN_REACH_STOP;
	if (step != FN_REACH_GO)
		return;
	t = clang_getSpecializedCursorTemplate(d);
	d = clang_getCursorDefinition(clang_Cursor_isNull(t) ? d : t);
	if (!clang_Cursor_isNull(d) && (!w->r->def || w->r->def(w->r->ctx, d) == FN_REACH_GO))
		walk_fn(w, d);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (w->r->visit && w->r->visit(w->r->ctx, c, w->cur) == FN_REACH_STOP) {
		w->stopped = true;
		return CXChildVisit_Break;
	}
	if (k == CXCursor_OverloadedDeclRef) {
		for (unsigned i = 0; i < clang_getNumOverloadedDecls(c) && !w->stopped; i++)
			follow(w, clang_getOverloadedDecl(c, i));
	} else if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr ||
		   k == CXCursor_MemberRefExpr) {
		follow(w, clang_getCursorReferenced(c));
	}
	return w->stopped ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static void walk_fn(struct walk *w, CXCursor fn)
{
	CXCursor caller = w->cur;

	for (unsigned i = 0; i < w->nseen; i++)
		if (clang_equalCursors(w->seen[i], fn))
			return;
	if (w->depth >= w->r->max_depth)
		return;
	w->seen = cx_realloc(w->seen, (w->nseen + 1) * sizeof(*w->seen));
	w->seen[w->nseen++] = fn;
	w->depth++;
	w->cur = fn;
	clang_visitChildren(fn, visit, w);
	w->cur = caller;
	w->depth--;
}

bool fn_reach(CXCursor kernel, const struct fn_reach *r)
{
	struct walk w = { r, kernel, NULL, 0, 0, false };

	walk_fn(&w, kernel);
	free(w.seen);
	return w.stopped;
}
