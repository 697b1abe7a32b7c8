// SPDX-License-Identifier: MIT
/*
 * warp_inline_self.c - a warp helper that returns its one parameter,
 * inlined onto the variable that takes its result (issue 40).
 *
 * Public warp code reduces a local in place: `v = warpReduceSum(v);`,
 * `int s = warpReduceSum(x);`, the helper's body a shuffle loop on its
 * parameter and `return v;`.  warp_inline.c's general form copies the
 * argument into a temporary, the temporary into the parameter, and the
 * result out through a second temporary: three per-thread copies the later
 * passes keep as promoted locals, and a read of the tree's value by every
 * lane (`__idxgen_rK = (v);`), so the lane-0 form of the shuffle tree
 * (warp_lane0.c) never applied to a helper's loop.  Here, where f's one
 * parameter p is what it returns, of y's type, the call becomes
 *
 *     y = (a); { BODY }          or          T y = (a); { BODY }
 *
 * with p spelled y in BODY (`{ BODY }` alone where a is y itself).  The
 * same computation: a is evaluated first, as before the call; then the
 * body's reads and writes of p are reads and writes of y, which nothing
 * else can see until the call's end -- y is a local of the kernel, an
 * arithmetic scalar, not __shared__, static or volatile, never addressed,
 * and the body names nothing spelled as y and does not take p's address.
 * Anything else keeps the general form.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdlib.h>
#include <string.h>

static bool arithmetic(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return (k >= CXType_Char_U && k <= CXType_LongLong && k != CXType_Bool) || k == CXType_Float ||
	       k == CXType_Double;
}

static bool same_type(CXType a, CXType b)
{
	return clang_equalTypes(clang_getCanonicalType(a), clang_getCanonicalType(b));
}

/* The variable e names (parentheses and implicit casts stripped), or null. */
static CXCursor named_var(CXCursor e)
{
	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	return clang_getCursorReferenced(e);
}

/* Is declaration d in kernel's text (a parameter or local of it)? */
static bool inside(CXCursor d, CXCursor kernel)
{
	CXFile fd, fk;
	unsigned a;

	clang_getExpansionLocation(clang_getCursorLocation(d), &fd, NULL, NULL, &a);
	clang_getExpansionLocation(clang_getCursorLocation(kernel), &fk, NULL, NULL, NULL);
	return fd && fk && clang_File_isEqual(fd, fk) && a >= c_start(kernel) && a < c_end(kernel);
}

/* y: a local scalar of the kernel the body may run on in place. */
static bool target_ok(const struct source *s, CXCursor kernel, CXCursor y)
{
	CXType t = clang_getCursorType(y);
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(y);

	return clang_getCursorKind(y) == CXCursor_VarDecl && (sc == CX_SC_None || sc == CX_SC_Auto) &&
	       !has_annot(y, "shared") && !clang_isVolatileQualifiedType(t) && !clang_isConstQualifiedType(t) &&
	       arithmetic(t) && inside(y, kernel) && !wl_var_addressed(s, kernel, y);
}

/* A reference's text, [a, b). */
struct span {
	unsigned a, b;
};

/* The body's references to p; bad: a name spelled as y, a jump or lambda, p named from a macro. */
struct prefs {
	CXCursor p;
	const char *yname;
	struct span *at;
	unsigned n, cap;
	bool bad;
};

static enum CXChildVisitResult find_prefs(CXCursor c, CXCursor parent, CXClientData d)
{
	struct prefs *pr = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	(void)parent;
	if (k == CXCursor_LambdaExpr || k == CXCursor_GotoStmt || k == CXCursor_LabelStmt) {
		pr->bad = true;
		return CXChildVisit_Break;
	}
	if (k == CXCursor_DeclRefExpr && clang_equalCursors(clang_getCursorReferenced(c), pr->p)) {
		pr->bad = in_macro(c);
		if (pr->n == pr->cap) {
			pr->cap = pr->cap ? 2 * pr->cap : 8;
			pr->at = realloc(pr->at, pr->cap * sizeof(*pr->at));
		}
		pr->at[pr->n].a = c_start(c);
		pr->at[pr->n++].b = c_end(c);
		return pr->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
	}
	if (k == CXCursor_DeclRefExpr || k == CXCursor_VarDecl || k == CXCursor_ParmDecl ||
	    k == CXCursor_FunctionDecl || k == CXCursor_TypeRef || k == CXCursor_TypedefDecl) {
		n = cx_spelling(c);
		pr->bad = n && !strcmp(n, pr->yname);
		free(n);
	}
	return pr->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

static int by_offset(const void *a, const void *b)
{
	unsigned x = ((const struct span *)a)->a, y = ((const struct span *)b)->a;

	return x < y ? -1 : x > y;
}

/* No edit of an earlier pass inside [a, b): the body's text is the parse's. */
static bool text_plain(const struct source *s, unsigned a, unsigned b)
{
	for (unsigned i = 0; i < s->nedits; i++)
		if (s->edits[i].start < b && s->edits[i].end > a)
			return false;
	return true;
}

bool warp_inline_self(struct wlower *w, CXCursor kernel, CXCursor st, CXCursor call, CXCursor lhs, bool decl,
		      CXCursor fn, CXCursor body, CXCursor ret, bool braced)
{
	struct cx_kids rk;
	CXCursor p, y, arg;
	char *yname, op[4] = "";
	struct prefs pr = { 0 };
	struct buf o = { 0 };
	unsigned from, i;
	bool ok;

	if (clang_Cursor_getNumArguments(fn) != 1 || clang_Cursor_getNumArguments(call) != 1 ||
	    clang_Cursor_isNull(lhs) || clang_Cursor_isNull(ret))
		return false;
	p = clang_Cursor_getArgument(fn, 0);
	arg = clang_Cursor_getArgument(call, 0);
	y = decl ? lhs : named_var(lhs);
	if (!decl && clang_getCursorKind(st) == CXCursor_BinaryOperator)
		op_text(w->s, st, op);
	rk = cx_kids_of(ret);
	ok = rk.n == 1 && clang_equalCursors(named_var(rk.c[0]), p);
	cx_kids_free(&rk);
	if (!ok || (!decl && strcmp(op, "=")) || clang_Cursor_isNull(y) || !target_ok(w->s, kernel, y) ||
	    !arithmetic(clang_getCursorType(p)) || !same_type(clang_getCursorType(p), clang_getCursorType(y)) ||
	    !same_type(clang_getCursorResultType(fn), clang_getCursorType(y)) ||
	    clang_isVolatileQualifiedType(clang_getCursorType(p)) || wl_var_addressed(w->s, body, p) ||
	    in_macro(body) || !text_plain(w->s, c_start(body), c_end(body)))
		return false;
	yname = cx_spelling(y);
	pr.p = p;
	pr.yname = yname;
	clang_visitChildren(body, find_prefs, &pr);
	if (pr.bad || !yname || !*yname) {
		free(pr.at);
		free(yname);
		return false;
	}
	qsort(pr.at, pr.n, sizeof(*pr.at), by_offset);
	if (!braced)
		bputs(&o, "{ ");
	if (decl || !clang_equalCursors(named_var(arg), y)) {
		/* `T y = ` or `y = `, then the argument */
		emit_src(w->s, c_start(st), c_start(call), &o);
		bputs(&o, "(");
		emit_src(w->s, c_start(arg), c_end(arg), &o);
		bputs(&o, "); ");
	}
	bputs(&o, "{ ");
	from = c_start(body) + 1;
	for (i = 0; i < pr.n && pr.at[i].a < c_start(ret); i++) {	/* the return's own reference not */
		emit_src(w->s, from, pr.at[i].a, &o);
		bputs(&o, yname);
		from = pr.at[i].b;
	}
	emit_src(w->s, from, c_start(ret), &o);
	bputs(&o, " }");
	if (!braced)
		bputs(&o, " }");
	wl_edit(w, c_start(st), stmt_end(w->s, st), o.p);
	free(pr.at);
	free(yname);
	return true;
}
