// SPDX-License-Identifier: MIT
/*
 * lockstep_calls.c - which pointer and reference parameters some call of
 * the program gives __shared__ memory (lockstep.c: a helper's accesses
 * through them are shared ones, its lanes may have to meet).
 *
 * A parameter is given such memory by a call whose argument names a
 * __shared__ variable (`helper(&tile[k], t)`, `f(s[t])`), a local pointer
 * set from one, or a pointer or reference the calling function was given
 * so itself (its parameter, or a local set from one), followed
 * LOCKSTEP_CALLER_DEPTH callers deep.
 *
 * Asked for every function the translator plans (six times each, by the
 * checks and the emitters), and by each caller followed, this once scanned
 * the whole program for the function's calls per question: per call, per
 * argument, per caller followed.  HeCBench's miniWeather (host functions
 * passing pointers and references down through each other, MPI's C++
 * bindings among them) did not finish translating (issue 38).  Now one
 * scan per parse lists the program's calls, with the function each is in,
 * and every answer is kept (per function and depth, which bounds the
 * callers followed) until the next parse (source_parse_raw() and
 * source_free() drop them: the cursors are the parse's).  The scan also
 * notes whether the program's code names a __shared__ variable at all:
 * where it names none, no call gives one and no question is asked.
 */
#include "cc.h"
#include "cx.h"

#include <stdlib.h>
#include <string.h>

/* One call in the program's code. */
struct call {
	CXCursor expr;
	CXCursor caller;	/* the function (or, outside any, the declaration) it is in */
	CXCursor canon;		/* the function it calls, canonical (null: none known) */
	CXCursor tmpl;		/* the template that function specializes (null: none) */
};

/* The answer for fn at a depth: the parameters given __shared__ memory; with its locals set from them. */
struct answer {
	CXCursor fn;
	unsigned depth;
	struct cx_kids given;
	bool closed;
	struct cx_kids closure;	/* given, and fn's local pointers set from them (as a caller) */
};

/* The calls of one function (indices into calls). */
struct group {
	unsigned *v, n, cap;
};

struct lockstep_memo {
	CXTranslationUnit tu;
	bool any_shared;	/* a __shared__ variable named in the program's code */
	struct call *calls;
	unsigned ncalls, cap;
	struct cmap by_canon, by_tmpl;	/* callee (canonical), template -> index in groups */
	struct group *groups;
	unsigned ngroups, gcap;
	struct answer *answers;
	unsigned nanswers, acap;
	struct cmap answer_of[LOCKSTEP_CALLER_DEPTH + 1];	/* per depth: fn -> index in answers */
};

struct scan {
	struct lockstep_memo *m;
	CXCursor caller;
};

static enum CXChildVisitResult call_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct scan *sc = d;
	struct lockstep_memo *m = sc->m;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor r;

	(void)parent;
	if (k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate ||
	    k == CXCursor_Constructor || k == CXCursor_Destructor)
		sc->caller = c;
	if (k == CXCursor_DeclRefExpr && !m->any_shared && lockstep_shared_var(clang_getCursorReferenced(c)))
		m->any_shared = true;
	if (k != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	if (m->ncalls == m->cap) {
		m->cap = m->cap ? 2 * m->cap : 64;
		m->calls = cx_realloc(m->calls, m->cap * sizeof(*m->calls));
	}
	r = clang_getCursorReferenced(c);
	m->calls[m->ncalls++] = (struct call){
		c, sc->caller, clang_Cursor_isNull(r) ? r : clang_getCanonicalCursor(r),
		clang_Cursor_isNull(r) ? r : clang_getSpecializedCursorTemplate(r)
	};
	return CXChildVisit_Recurse;
}

/* the program's own declarations (not the CUDA, C++ and system headers': seconds of a big file) */
static enum CXChildVisitResult program_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct scan *sc = d;

	(void)parent;
	if (!decl_in_headers(c)) {
		sc->caller = c;
		clang_visitChildren(c, call_visit, d);
	}
	return CXChildVisit_Continue;
}

/* call i into the group of callee c in by */
static void group_add(struct lockstep_memo *m, struct cmap *by, CXCursor c, unsigned i)
{
	struct group *g;
	unsigned k;

	if (!cmap_get(by, c, &k)) {
		if (m->ngroups == m->gcap) {
			m->gcap = m->gcap ? 2 * m->gcap : 64;
			m->groups = cx_realloc(m->groups, m->gcap * sizeof(*m->groups));
		}
		k = m->ngroups++;
		memset(&m->groups[k], 0, sizeof(m->groups[k]));
		cmap_put(by, c, k);
	}
	g = &m->groups[k];
	if (g->n == g->cap) {
		g->cap = g->cap ? 2 * g->cap : 4;
		g->v = cx_realloc(g->v, g->cap * sizeof(*g->v));
	}
	g->v[g->n++] = i;
}

static struct lockstep_memo *memo(const struct source *s, CXCursor fn)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(fn);
	struct lockstep_memo *m = s->lsm;
	struct scan sc;

	if (m && m->tu == tu)
		return m;
	/* s is const to the analysis; its memo is the parse's (cc.h) */
	lockstep_memo_free((struct source *)s);
	m = cx_alloc(sizeof(*m));
	memset(m, 0, sizeof(*m));
	m->tu = tu;
	sc.m = m;
	sc.caller = clang_getNullCursor();
	clang_visitChildren(clang_getTranslationUnitCursor(tu), program_visit, &sc);
	for (unsigned i = 0; i < m->ncalls; i++)
		if (!clang_Cursor_isNull(m->calls[i].canon)) {
			group_add(m, &m->by_canon, m->calls[i].canon, i);
			if (!clang_Cursor_isNull(m->calls[i].tmpl))
				group_add(m, &m->by_tmpl, m->calls[i].tmpl, i);
		}
	if (s->lstats)
		s->lstats->scans++;
	((struct source *)s)->lsm = m;
	return m;
}

void lockstep_memo_free(struct source *s)
{
	struct lockstep_memo *m = s->lsm;

	if (!m)
		return;
	for (unsigned i = 0; i < m->nanswers; i++) {
		cx_kids_free(&m->answers[i].given);
		cx_kids_free(&m->answers[i].closure);
	}
	for (unsigned d = 0; d <= LOCKSTEP_CALLER_DEPTH; d++)
		cmap_free(&m->answer_of[d]);
	for (unsigned i = 0; i < m->ngroups; i++)
		free(m->groups[i].v);
	cmap_free(&m->by_canon);
	cmap_free(&m->by_tmpl);
	free(m->groups);
	free(m->answers);
	free(m->calls);
	free(m);
	s->lsm = NULL;
}

/* Does the argument a name __shared__ memory: `s`, `&s[i]`, `s[i]`, or a local pointer set from one? */
static bool shared_argument(CXCursor a)
{
	CXCursor r = strip(a);

	if (lockstep_names_shared_var(a))
		return true;
	if (clang_getCursorKind(r) != CXCursor_DeclRefExpr)
		return false;
	r = clang_getCursorReferenced(r);
	return lockstep_local_pointer(r) && lockstep_names_shared_var(r);
}

static const struct cx_kids *closure(const struct source *s, CXCursor fn, unsigned depth);

/*
 * Is the argument a, in caller, a pointer parameter of caller or a local
 * pointer of it that may point into __shared__ memory through what
 * caller's own callers give it (`helper2(p, t)` in `helper1(int *p, int
 * t)`, called as `helper1(tile, t)`)?
 */
static bool shared_via_caller(const struct source *s, CXCursor caller, CXCursor a, unsigned depth)
{
	CXCursor r = strip(a);
	const struct cx_kids *ps;

	if (depth >= LOCKSTEP_CALLER_DEPTH || clang_Cursor_isNull(caller) ||
	    clang_getCursorKind(r) != CXCursor_DeclRefExpr)
		return false;
	r = clang_getCursorReferenced(r);
	if (!lockstep_pointer_or_reference(r) ||
	    (clang_getCursorKind(r) != CXCursor_ParmDecl && !lockstep_local_pointer(r)) ||
	    !clang_equalCursors(clang_getCursorSemanticParent(r), caller))
		return false;
	ps = closure(s, caller, depth + 1);
	for (unsigned i = 0; i < ps->n; i++)
		if (clang_equalCursors(ps->c[i], r))
			return true;
	return false;
}

/* fn's parameters, and whether one is a pointer or reference a call may give __shared__ memory */
static struct cx_kids params(CXCursor fn, bool *any)
{
	struct cx_kids ks = cx_kids_of(fn), ps = { 0 };

	*any = false;
	for (unsigned i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_ParmDecl) {
			cx_kids_add(&ps, ks.c[i]);
			*any |= lockstep_pointer_or_reference(ks.c[i]);
		}
	cx_kids_free(&ks);
	/* a kernel's are what the launch gives: global memory */
	*any = *any && !has_annot(fn, "global");
	return ps;
}

/* g[i]: the call gives parameter i of ps __shared__ memory (its caller followed from depth on) */
static void given_by(const struct source *s, const struct call *call, const struct cx_kids *ps, bool *g,
		     unsigned depth)
{
	int n = clang_Cursor_getNumArguments(call->expr);

	for (int i = 0; i < n && (unsigned)i < ps->n; i++) {
		CXCursor a = clang_Cursor_getArgument(call->expr, (unsigned)i);

		if (!g[i] && (shared_argument(a) || shared_via_caller(s, call->caller, a, depth)))
			g[i] = true;
	}
}

/* fn's parameters given __shared__ memory, its calls' callers followed from depth on (s->lsm made) */
static struct cx_kids given(const struct source *s, CXCursor fn, unsigned depth)
{
	const struct lockstep_memo *m = s->lsm;
	struct cx_kids out = { 0 };
	CXCursor canon = clang_getCanonicalCursor(fn);
	bool any, *g;
	struct cx_kids ps = params(fn, &any);
	unsigned k;

	if (!any) {
		cx_kids_free(&ps);
		return out;
	}
	if (s->lstats)
		s->lstats->questions++;
	g = cx_alloc(ps.n + 1);
	memset(g, 0, ps.n + 1);
	/* fn's calls: to it or to a specialization of it; they stay put while the callers' answers are added */
	if (cmap_get(&m->by_canon, canon, &k))
		for (unsigned j = 0; j < m->groups[k].n; j++)
			given_by(s, &m->calls[m->groups[k].v[j]], &ps, g, depth);
	if (cmap_get(&m->by_tmpl, fn, &k))
		for (unsigned j = 0; j < m->groups[k].n; j++)
			if (!clang_equalCursors(m->calls[m->groups[k].v[j]].canon, canon))
				given_by(s, &m->calls[m->groups[k].v[j]], &ps, g, depth);
	for (unsigned i = 0; i < ps.n; i++)
		if (g[i] && lockstep_pointer_or_reference(ps.c[i]))
			cx_kids_add(&out, ps.c[i]);
	free(g);
	cx_kids_free(&ps);
	return out;
}

/* The answer for fn at depth, asked once per parse (s->lsm made). */
static struct answer *answer(const struct source *s, CXCursor fn, unsigned depth)
{
	struct lockstep_memo *m = s->lsm;
	struct cx_kids g;
	unsigned i;

	if (cmap_get(&m->answer_of[depth], fn, &i))
		return &m->answers[i];
	g = given(s, fn, depth);	/* adds the callers' answers: m->answers may move */
	if (m->nanswers == m->acap) {
		m->acap = m->acap ? 2 * m->acap : 16;
		m->answers = cx_realloc(m->answers, m->acap * sizeof(*m->answers));
	}
	m->answers[m->nanswers] = (struct answer){ fn, depth, g, false, { 0 } };
	cmap_put(&m->answer_of[depth], fn, m->nanswers);
	return &m->answers[m->nanswers++];
}

/* fn as a caller: its parameters given __shared__ memory and its local pointers set from them */
static const struct cx_kids *closure(const struct source *s, CXCursor fn, unsigned depth)
{
	struct answer *a = answer(s, fn, depth);
	CXCursor body = clang_getNullCursor();
	struct cx_kids ks;

	if (a->closed)
		return &a->closure;
	for (unsigned i = 0; i < a->given.n; i++)
		cx_kids_add(&a->closure, a->given.c[i]);
	ks = cx_kids_of(fn);
	for (unsigned i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
			body = ks.c[i];
	cx_kids_free(&ks);
	if (a->closure.n && !clang_Cursor_isNull(body))
		lockstep_pointers_from(s, body, &a->closure);
	a->closed = true;
	return &a->closure;
}

void lockstep_given_params(const struct source *s, CXCursor fn, struct cx_kids *ps)
{
	const struct answer *a;
	bool any;
	struct cx_kids own = params(fn, &any);

	cx_kids_free(&own);
	if (!any || !memo(s, fn)->any_shared)
		return;	/* no call gives what the program never names */
	a = answer(s, fn, 0);
	for (unsigned i = 0; i < a->given.n; i++)
		cx_kids_add(ps, a->given.c[i]);
}
