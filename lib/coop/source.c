/* SPDX-License-Identifier: MIT */
/*
 * source.c - the input's text as idxgen-coop reads it: offsets of cursors,
 * operator tokens, a call's text with its loop variables replaced by their
 * values, which intrinsic a call is.
 */
#include "coop.h"

#include <stdlib.h>
#include <string.h>

void extent_offsets(CXSourceRange r, unsigned *a, unsigned *b)
{
	clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, a);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, b);
}

/*
 * The operator token of a unary/binary expression: the first token after
 * the left operand (binary) or the first token (unary prefix).
 */
char *op_token(const struct coop *co, CXCursor c, const CXCursor *lhs)
{
	CXToken *toks;
	unsigned ntoks, i, after = 0, ta;
	char *op = NULL;

	if (lhs)
		extent_offsets(clang_getCursorExtent(*lhs), NULL, &after);
	clang_tokenize(co->tu, clang_getCursorExtent(c), &toks, &ntoks);
	for (i = 0; i < ntoks && !op; i++) {
		extent_offsets(clang_getTokenExtent(co->tu, toks[i]), &ta, NULL);
		if (lhs && ta < after)
			continue;
		if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
			break;
		op = cx_string(clang_getTokenSpelling(co->tu, toks[i]));
	}
	clang_disposeTokens(co->tu, toks, ntoks);
	return op ? op : cx_strdup("");
}

/* The references to loop variables inside a cursor: [a, b) and the variable. */
struct refs {
	const struct coop *co;
	struct ref {
		unsigned a, b;
		int var;
	} *at;
	size_t n, cap;
};

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct refs *r = d;
	int k;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || (k = env_of(r->co, c)) < 0)
		return CXChildVisit_Recurse;
	r->at = coop_grow(r->at, &r->cap, r->n, sizeof(*r->at));
	extent_offsets(clang_getCursorExtent(c), &r->at[r->n].a, &r->at[r->n].b);
	r->at[r->n++].var = k;
	return CXChildVisit_Continue;
}

static int cmp_ref(const void *a, const void *b)
{
	unsigned x = ((const struct ref *)a)->a, y = ((const struct ref *)b)->a;

	return x < y ? -1 : x > y;
}

char *cursor_text(const struct coop *co, CXCursor c, bool subst)
{
	struct refs r = { .co = co };
	struct str out = { 0 };
	unsigned a, b, pos;
	size_t i;

	extent_offsets(clang_getCursorExtent(c), &a, &b);
	if (b > co->len || a > b)
		return cx_strdup("?");
	if (subst)
		clang_visitChildren(c, ref_visit, &r);
	if (r.n)
		qsort(r.at, r.n, sizeof(*r.at), cmp_ref);
	pos = a;
	for (i = 0; i < r.n; i++) {
		const struct ref *f = &r.at[i];

		if (f->a < pos || f->b > b || f->b < f->a) /* macro-expanded: leave the text */
			continue;
		str_add(&out, co->text + pos, f->a - pos);
		str_printf(&out, "(%ld)", co->env[f->var].val);
		pos = f->b;
	}
	str_add(&out, co->text + pos, b - pos);
	free(r.at);
	return str_take(&out);
}

int intrinsic_kind(CXCursor call)
{
	char *name = cx_spelling(call);
	int i;

	for (i = 0; i < I_NKINDS; i++)
		if (!strcmp(name, ikind_name[i]))
			break;
	free(name);
	return i < I_NKINDS ? i : -1;
}
