// SPDX-License-Identifier: MIT
/*
 * uniformity.c - the uniformity (variance) analysis of idxgen-cc.  A local
 * variable is variant (differs between the threads of a block) when a
 * write to it depends on threadIdx, an atomic's result, an allocation
 * (malloc & co., new: each thread's own memory) or another variant
 * local, happens under a variant condition, or when its address is taken;
 * iterated to a fixed point.  A loop whose exit (break, return) is under a
 * variant condition is divergent.  Later passes query is_variant() and
 * divergent_cond(), as POCL's passes query its VariableUniformityAnalysis.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* A call of a function of the program's own files (not a system header's)? */
static bool user_call(CXCursor e)
{
	CXCursor r = clang_getCursorReferenced(e);

	if (clang_Cursor_isNull(r))
		return true;	/* a dependent call in a template: assume the worst */
	return !clang_Location_isInSystemHeader(clang_getCursorLocation(r));
}

/* An allocation: each thread that runs it gets memory of its own. */
static bool allocation(CXCursor e, enum CXCursorKind ek)
{
	static const char *const allocators[] = { "malloc", "calloc", "realloc", "aligned_alloc",
						   "memalign", NULL };
	CXString name;
	bool r = false;

	if (ek == CXCursor_CXXNewExpr)
		return true;
	if (ek != CXCursor_CallExpr)
		return false;
	name = clang_getCursorSpelling(e);
	for (int i = 0; allocators[i] && !r; i++)
		r = !strcmp(clang_getCString(name), allocators[i]);
	clang_disposeString(name);
	return r;
}

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
	if (allocation(e, ek))
		return true;	/* per thread, never one for the block */
	if ((ek == CXCursor_CallExpr || ek == CXCursor_UnexposedExpr) && dyn_parallel_launch_at(k->src, c_start(e)))
		return true;	/* a launch in device code: a grid per thread that runs it (clang may keep no call) */
	if (ek == CXCursor_CallExpr && (n = builtin_ref(e))) {
		r = !strncmp(n, "atomic", 6);
		free(n);
		if (r)
			return true;
	} else if (ek == CXCursor_CallExpr && k->src->cxx && user_call(e) &&
		   !builtin_dependent_assignment(e)) {
		return true;	/* a function of the program's may read threadIdx (whole programs) */
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
	if (sk == CXCursor_LambdaExpr)
		return false;	/* its returns and breaks are its own */
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
	/*
	 * Whole programs: a __shared__ variable has one value per block wherever
	 * threads may read it without a race (after a barrier), so it is uniform.
	 */
	if (v && v->shared && rd->k->src->cxx)
		return;
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

static enum CXChildVisitResult lambda_refs(CXCursor c, CXCursor parent, CXClientData d);

static void escape(struct round *rd, CXCursor e)
{
	CXCursor b = lvalue_base(strip(e));
	struct var *v;

	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr && (v = var_of(rd->k, b))) {
		v->addr_taken = true;
		mark_variant(rd, v);
	}
}

static enum CXChildVisitResult lambda_refs(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr || clang_getCursorKind(c) == CXCursor_VariableRef)
		escape(d, c);
	return CXChildVisit_Recurse;
}

/*
 * C++ (whole programs): a local passed to a function of the program (by
 * reference, as the object of a member or operator call), bound to a
 * reference or used in a lambda may be written there: treated like a local
 * whose address is taken.
 */
static void cxx_escapes(struct round *rd, CXCursor c, enum CXCursorKind ck, const struct cx_kids *ks)
{
	char *bn = ck == CXCursor_CallExpr ? builtin_ref(c) : NULL;
	bool user = ck == CXCursor_CallExpr && !bn;
	unsigned i;

	free(bn);
	if (user) {
		for (i = 0; i < ks->n; i++) {
			CXCursor a = strip(ks->c[i]);

			if (clang_getCursorKind(a) == CXCursor_MemberRefExpr) {
				struct cx_kids mk = cx_kids_of(a);

				if (mk.n)
					escape(rd, mk.c[0]);
				cx_kids_free(&mk);
			}
			escape(rd, a);
		}
	} else if (ck == CXCursor_VarDecl) {
		CXType t = clang_getCursorType(c);
		CXCursor init = var_init(c);

		if ((t.kind == CXType_LValueReference || t.kind == CXType_RValueReference ||
		     t.kind == CXType_Auto) && !clang_Cursor_isNull(init)) {
			escape(rd, init);
			mark_variant(rd, var_decl(rd->k, c));
		}
	} else if (ck == CXCursor_LambdaExpr) {
		clang_visitChildren(c, lambda_refs, rd);
	}
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
	if (k->src->cxx)
		cxx_escapes(rd, c, ck, &ks);
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
