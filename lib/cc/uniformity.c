// SPDX-License-Identifier: MIT
/*
 * uniformity.c - the uniformity (variance) analysis of idxgen-cc.  A local
 * variable is variant (differs between the threads of a block) when a
 * write to it depends on threadIdx, an atomic's result or another variant
 * local, happens under a variant condition, or when its address is taken;
 * iterated to a fixed point.  A loop whose exit (break, return) is under a
 * variant condition is divergent.  Later passes query is_variant() and
 * divergent_cond(), as POCL's passes query its VariableUniformityAnalysis.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

bool is_variant(const struct kernel *k, CXCursor e)
{
	enum CXCursorKind ek = clang_getCursorKind(e);
	struct cx_kids ks;
	bool r = false;
	unsigned i;
	char *n;

	if (ek == CXCursor_MemberRefExpr || ek == CXCursor_DeclRefExpr) {
		if ((n = builtin_ref(e))) {
			r = !strcmp(n, "threadIdx");
			free(n);
			if (r)
				return true;
		} else if (ek == CXCursor_DeclRefExpr) {
			struct var *v = var_of(k, e);

			return v && v->variant;
		}
	}
	if (ek == CXCursor_CallExpr && (n = builtin_ref(e))) {
		r = !strncmp(n, "atomic", 6);
		free(n);
		if (r)
			return true;
	}
	ks = cx_kids_of(e);
	for (i = 0; i < ks.n && !r; i++)
		r = is_variant(k, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

/* Does s exit its enclosing loop (break, return) under a variant condition? */
static bool divergent_exit(const struct kernel *k, CXCursor s, bool div, int depth)
{
	enum CXCursorKind sk = clang_getCursorKind(s);
	struct cx_kids ks;
	bool r = false;
	unsigned i;

	if ((sk == CXCursor_BreakStmt && depth == 0) || sk == CXCursor_ReturnStmt)
		return div;
	ks = cx_kids_of(s);
	if (sk == CXCursor_IfStmt || sk == CXCursor_ConditionalOperator) {
		bool d2 = div || (ks.n && is_variant(k, ks.c[0]));

		for (i = 1; i < ks.n && !r; i++)
			r = divergent_exit(k, ks.c[i], d2, depth);
	} else {
		int d = depth + (sk == CXCursor_ForStmt || sk == CXCursor_WhileStmt || sk == CXCursor_DoStmt ||
				 sk == CXCursor_SwitchStmt);

		for (i = 0; i < ks.n && !r; i++)
			r = divergent_exit(k, ks.c[i],
					   div || sk == CXCursor_SwitchStmt ? div || is_variant(k, ks.c[0]) : div, d);
	}
	cx_kids_free(&ks);
	return r;
}

CXCursor divergent_cond(const struct kernel *k, CXCursor s)
{
	enum CXCursorKind sk = clang_getCursorKind(s);
	struct cx_kids ks = cx_kids_of(s);
	CXCursor r = clang_getNullCursor();

	if (sk == CXCursor_IfStmt || sk == CXCursor_SwitchStmt || sk == CXCursor_WhileStmt ||
	    sk == CXCursor_ConditionalOperator) {
		if (ks.n && is_variant(k, ks.c[0]))
			r = ks.c[0];
		if (sk == CXCursor_WhileStmt && clang_Cursor_isNull(r) &&
		    divergent_exit(k, ks.c[ks.n - 1], false, 0))
			r = s;
	} else if (sk == CXCursor_DoStmt) {
		if (ks.n > 1 && is_variant(k, ks.c[1]))
			r = ks.c[1];
		else if (ks.n && divergent_exit(k, ks.c[0], false, 0))
			r = s;
	} else if (sk == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(k->src, s, &init, &cond, &inc, &body);
		if (!clang_Cursor_isNull(cond) && is_variant(k, cond))
			r = cond;
		else if (!clang_Cursor_isNull(inc) && is_variant(k, inc))
			r = inc;
		else if (divergent_exit(k, body, false, 0))
			r = s;
	}
	cx_kids_free(&ks);
	return r;
}

/* One round of the fixed point; *changed when a variable became variant. */
struct round {
	struct kernel *k;
	bool changed;
};

static void mark_variant(struct round *rd, struct var *v)
{
	if (v && !v->variant && !v->param) {
		v->variant = true;
		rd->changed = true;
	}
}

static void note_write(struct round *rd, CXCursor target, bool v)
{
	CXCursor t = lvalue_base(target);
	struct var *var;

	if (clang_getCursorKind(t) != CXCursor_DeclRefExpr)
		return;
	var = var_of(rd->k, t);
	if (var && v)
		mark_variant(rd, var);
}

static void variance_walk(struct round *rd, CXCursor c, bool div)
{
	struct kernel *k = rd->k;
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks = cx_kids_of(c);
	CXCursor target, value;
	unsigned i;

	if (ck == CXCursor_VarDecl) {
		struct var *v = var_decl(k, c);
		CXCursor init = var_init(c);

		if (v && !clang_Cursor_isNull(init) && (div || is_variant(k, init)))
			mark_variant(rd, v);
	} else if (assignment(k->src, c, &target, &value)) {
		note_write(rd, target, div || is_variant(k, value) || is_variant(k, target));
	} else if (ck == CXCursor_UnaryOperator) {
		char u = unary_op(k->src, c);

		if (u == '+') {
			note_write(rd, ks.c[0], div || is_variant(k, ks.c[0]));
		} else if (u == '&' && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr) {
			struct var *v = var_of(k, strip(ks.c[0]));

			if (v) {
				v->addr_taken = true;
				mark_variant(rd, v);
			}
		}
	}
	if (ck == CXCursor_IfStmt || ck == CXCursor_SwitchStmt || ck == CXCursor_WhileStmt ||
	    ck == CXCursor_DoStmt || ck == CXCursor_ForStmt || ck == CXCursor_ConditionalOperator) {
		bool d2 = div || !clang_Cursor_isNull(divergent_cond(k, c));

		for (i = 0; i < ks.n; i++) {
			bool head = (ck == CXCursor_DoStmt) ? false : i == 0;

			variance_walk(rd, ks.c[i], head && ck != CXCursor_ForStmt ? div : d2);
		}
	} else {
		for (i = 0; i < ks.n; i++)
			variance_walk(rd, ks.c[i], div);
	}
	cx_kids_free(&ks);
}

void uniformity_analyse(struct kernel *k)
{
	struct round rd = { k, false };

	do {
		rd.changed = false;
		variance_walk(&rd, k->body, false);
	} while (rd.changed);
}
