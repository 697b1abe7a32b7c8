/* SPDX-License-Identifier: MIT */
/*
 * tree.c - the schedule tree: the entry's body as loops and intrinsic calls
 * (preorder, co->tree); anything else is diagnosed here.
 */
#include "coop.h"

#include <stdlib.h>
#include <string.h>

static int tree_add(struct coop *co, int parent, int is_loop, CXCursor c, char *text)
{
	co->tree = coop_grow(co->tree, &co->cap_tree, co->ntree, sizeof(*co->tree));
	co->tree[co->ntree] = (struct tnode){ parent, is_loop, (int)co->ntree + 1, c, text };
	return (int)co->ntree++;
}

/* The loop's header as written: from "for" to its body, without trailing blanks. */
static char *loop_header(const struct coop *co, CXCursor loop, CXCursor body)
{
	unsigned a, b;
	char *h;

	extent_offsets(clang_getCursorExtent(loop), &a, NULL);
	extent_offsets(clang_getCursorExtent(body), &b, NULL);
	if (b > co->len || a > b)
		a = b = 0;
	while (b > a &&
	       (co->text[b - 1] == ' ' || co->text[b - 1] == '\t' || co->text[b - 1] == '\n'))
		b--;
	h = cx_alloc(b - a + 1);
	memcpy(h, co->text + a, b - a);
	return h;
}

static void build_loop(struct coop *co, CXCursor c, int parent)
{
	struct cx_kids ch = cx_kids_of(c);
	int me;

	if (ch.n != 4) {
		error_at(co, c,
			 "for loop needs an init, a condition and an increment: "
			 "cooperative warps need constant trip counts");
	} else {
		me = tree_add(co, parent, 1, c, loop_header(co, c, ch.c[3]));
		build_tree(co, ch.c[3], me);
		co->tree[me].end = (int)co->ntree;
	}
	cx_kids_free(&ch);
}

static void build_call(struct coop *co, CXCursor c, int parent)
{
	char *n;

	if (intrinsic_kind(c) >= 0) {
		tree_add(co, parent, 0, c, cursor_text(co, c, false));
		return;
	}
	n = cx_spelling(c);
	error_at(co, c,
		 "call of '%s' in a cooperative program: only the coop_* "
		 "intrinsics may be called here (move it into a producer or "
		 "consumer function)",
		 n);
	free(n);
}

/* Every child of a compound statement (attributes included, as written). */
static enum CXChildVisitResult stmt_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct cx_kids *st = d;

	(void)parent;
	cx_kids_add(st, c);
	return CXChildVisit_Continue;
}

static void build_block(struct coop *co, CXCursor c, int parent)
{
	struct cx_kids st = { 0 };
	unsigned i;

	clang_visitChildren(c, stmt_visit, &st);
	for (i = 0; i < st.n; i++)
		build_tree(co, st.c[i], parent);
	cx_kids_free(&st);
}

void build_tree(struct coop *co, CXCursor c, int parent)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXString s;

	switch (k) {
	case CXCursor_CompoundStmt:
		build_block(co, c, parent);
		return;
	case CXCursor_NullStmt:
		return;
	case CXCursor_ForStmt:
		build_loop(co, c, parent);
		return;
	case CXCursor_CallExpr:
		build_call(co, c, parent);
		return;
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		error_at(co, c,
			 "%s loop: cooperative warps need for loops with constant trip "
			 "counts (other loops are rejected)",
			 k == CXCursor_WhileStmt ? "while" : "do");
		return;
	default:
		s = clang_getCursorKindSpelling(k);
		error_at(co, c,
			 "statement (%s) not allowed in a cooperative program: only constant-trip "
			 "for loops and coop_* intrinsic calls",
			 clang_getCString(s));
		clang_disposeString(s);
		return;
	}
}
