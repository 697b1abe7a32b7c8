/* SPDX-License-Identifier: MIT */
/*
 * loops.c - loop expansion: each loop of the schedule tree must have a
 * constant trip count, for (int v = A; v < B; v++ | ++v | v += S) (also <=
 * and !=), bounds constant expressions of outer loop variables; its body is
 * expanded once per value of v (co->env), every call giving an instance.
 */
#include "coop.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

struct loop {
	char *var;
	CXCursor decl;
	long lo, hi, step;
	bool ne; /* the condition is v != B */
};

/* for (int v = CONSTANT; ...: the variable and its first value. */
static bool loop_init(const struct coop *co, CXCursor init, struct loop *l)
{
	struct cx_kids d = { 0 }, v = { 0 };
	bool ok = false;

	if (clang_getCursorKind(init) == CXCursor_DeclStmt)
		d = cx_kids_of(init);
	if (d.n == 1 && clang_getCursorKind(d.c[0]) == CXCursor_VarDecl) {
		l->var = cx_spelling(d.c[0]);
		l->decl = d.c[0];
		v = cx_kids_of(d.c[0]);
		ok = v.n >= 1 && eval(co, v.c[v.n - 1], &l->lo);
	}
	cx_kids_free(&d);
	cx_kids_free(&v);
	return ok;
}

/* Does e name the variable decl (through implicit conversions)? */
static bool names_var(CXCursor e, CXCursor decl)
{
	while (clang_getCursorKind(e) == CXCursor_UnexposedExpr && cx_only_child(e, &e))
		;
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), decl);
}

/* v < B, v <= B or v != B: 1, 0 (not of this form) or -1 (diagnosed). */
static int loop_cond(struct coop *co, CXCursor cond, struct loop *l)
{
	struct cx_kids k = { 0 };
	char *op = NULL;
	int ret = 0;
	long b;

	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator)
		k = cx_kids_of(cond);
	if (k.n != 2 || !names_var(k.c[0], l->decl))
		goto out;
	op = op_token(co, cond, &k.c[0]);
	if (!eval(co, k.c[1], &b)) {
		error_at(co, k.c[1],
			 "loop bound is not a compile-time constant: cooperative "
			 "warps need constant trip counts (such loops are rejected)");
		ret = -1;
		goto out;
	}
	l->ne = !strcmp(op, "!=");
	if (!strcmp(op, "<") || l->ne) {
		l->hi = b;
		ret = 1;
	} else if (!strcmp(op, "<=") && b < LONG_MAX) {
		l->hi = b + 1;
		ret = 1;
	}
out:
	free(op);
	cx_kids_free(&k);
	return ret;
}

/* v++, ++v or v += POSITIVE_CONSTANT. */
static bool loop_inc(const struct coop *co, CXCursor inc, struct loop *l)
{
	enum CXCursorKind kind = clang_getCursorKind(inc);
	struct cx_kids k = cx_kids_of(inc);
	char *op = NULL;
	bool ok = false;

	if (kind == CXCursor_UnaryOperator) {
		op = op_token(co, inc, NULL);
		if (strcmp(op, "++") && k.n >= 1) { /* not prefix: postfix? */
			free(op);
			op = op_token(co, inc, &k.c[0]);
		}
		ok = !strcmp(op, "++");
		l->step = 1;
	} else if (kind == CXCursor_CompoundAssignOperator && k.n == 2) {
		op = op_token(co, inc, &k.c[0]);
		ok = !strcmp(op, "+=") && eval(co, k.c[1], &l->step) && l->step > 0;
	}
	free(op);
	cx_kids_free(&k);
	return ok;
}

/* The number of trips (hi - lo computed unsigned: it cannot overflow). */
static unsigned long loop_trips(const struct loop *l)
{
	unsigned long d = (unsigned long)l->hi - (unsigned long)l->lo, s = (unsigned long)l->step;

	return l->hi > l->lo ? d / s + (d % s != 0) : 0;
}

/*
 * A loop's variable, bounds and step from its init, condition and increment
 * (ch: the ForStmt's four children): true, or false after a diagnostic.
 */
static bool loop_bounds(struct coop *co, const struct cx_kids *ch, struct loop *l)
{
	CXCursor init = ch->c[0], cond = ch->c[1], inc = ch->c[2];
	unsigned long d;
	int r;

	if (!loop_init(co, init, l)) {
		error_at(co, init,
			 "loop must start 'for (int v = CONSTANT; ...': cooperative warps need "
			 "constant trip counts");
		return false;
	}
	if ((r = loop_cond(co, cond, l)) <= 0) {
		if (!r)
			error_at(co, cond, "loop condition must be 'v < CONSTANT' (or <=, !=) on "
					   "the loop variable");
		return false;
	}
	if (!loop_inc(co, inc, l)) {
		error_at(co, inc, "loop increment must be v++, ++v or v += POSITIVE_CONSTANT");
		return false;
	}
	d = (unsigned long)l->hi - (unsigned long)l->lo;
	if (l->ne && (l->hi < l->lo || d % (unsigned long)l->step)) {
		error_at(co, cond, "loop never reaches its bound");
		return false;
	}
	if (l->hi > l->lo && d / (unsigned long)l->step > COOP_MAX_TRIPS) {
		error_at(co, cond, "loop of more than %d trips: too many instances to expand",
			 COOP_MAX_TRIPS);
		return false;
	}
	return true;
}

char *env_string(const struct coop *co)
{
	struct str s = { 0 };
	size_t i;

	for (i = 0; i < co->nenv; i++)
		str_printf(&s, "%s%s=%ld", i ? " " : "", co->env[i].name, co->env[i].val);
	return str_take(&s);
}

/* Tree node t, a loop: its body once per value of its variable. */
static void expand_loop(struct coop *co, int t)
{
	struct cx_kids ch = cx_kids_of(co->tree[t].cur); /* four: tree.c checked */
	struct loop l = { 0 };
	unsigned long i, trips;
	bool ok = loop_bounds(co, &ch, &l);

	cx_kids_free(&ch);
	if (!ok) {
		free(l.var);
		return;
	}
	trips = loop_trips(&l);
	co->env = coop_grow(co->env, &co->cap_env, co->nenv, sizeof(*co->env));
	co->env[co->nenv++] = (struct loopvar){ l.var, l.decl, 0 };
	for (i = 0; i < trips && co->diag.nerrors < COOP_MAX_ERRORS; i++) {
		/* lo + i * step < hi: computed unsigned, it cannot overflow */
		co->env[co->nenv - 1].val = (long)((unsigned long)l.lo + i * (unsigned long)l.step);
		expand(co, t);
	}
	free(co->env[--co->nenv].name);
}

void expand(struct coop *co, int parent)
{
	size_t end = parent < 0 ? co->ntree : (size_t)co->tree[parent].end;
	size_t t;

	for (t = (size_t)(parent + 1); t < end; t = (size_t)co->tree[t].end) {
		if (co->tree[t].is_loop)
			expand_loop(co, (int)t);
		else
			add_instance(co, (int)t);
	}
}
