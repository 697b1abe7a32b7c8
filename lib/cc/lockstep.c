// SPDX-License-Identifier: MIT
/*
 * lockstep.c - where the lanes of a warp must meet because the code counts
 * on them running in lock step (lib/cc/README.md "Warp-synchronous code").
 *
 * Public code (HeCBench's dct8x8, older transposes) lets the lanes of a warp
 * store to __shared__ memory and then read elements other lanes stored, with
 * no __syncthreads(), __syncwarp() or volatile between: on a GPU the
 * converged warp runs each statement for all its lanes before the next, so
 * every store is done before any lane reads.  Run lane after lane (fibers
 * between barriers, loop fission between splits), a lane would read elements
 * not yet written: a silent wrong result.
 *
 * The points: a statement of a { } block that reads __shared__ memory (a
 * __shared__ variable, or a local pointer that may point into one) that an
 * earlier statement may have stored for another lane, with no barrier, warp
 * operation or volatile store between.  There the fibers meet
 * (__idxgen_cc_lockstep(), the coalesced rendezvous: the lanes of the warp
 * that reach it together), and loop fission does not go (fiber_reason()).
 * A read of what the same lane stored -- the same text, `s[t]` after
 * `s[t] = v`, or another __shared__ array -- needs none.  Conservative
 * beyond that: a store through a pointer into shared memory may be to any
 * element of any __shared__ variable, an atomic or a call given such a
 * pointer stores anything there.  Not handled (lib/cc/README.md): a
 * statement that reads what it stores itself for another lane (`s[t] =
 * s[t + 1];`, without volatile), a store after another lane's read of the
 * old value (write after read), pointers a __device__ function is given.
 */
#include "cc.h"
#include "cx.h"

#include <stdlib.h>
#include <string.h>

struct lockstep {
	const struct source *s;
	struct cx_kids ptrs;	/* local pointers that may point into __shared__ memory */
	unsigned *pt, n, cap;	/* the points: offsets of the statements to meet before */
	CXCursor first;		/* the first point's statement */
};

/* One access: base the __shared__ variable (null: through a pointer, any), text the lvalue (NULL: any). */
struct acc {
	CXCursor base;
	char *text;
};

struct accs {
	struct acc *v;
	unsigned n, cap;
};

struct access {
	const struct lockstep *l;
	CXCursor skip;		/* a store's base, which is not a read */
	struct accs load, store;
	struct accs kill;	/* local variables assigned (text: the name) */
	bool sync;
};

static void accs_add(struct accs *s, CXCursor base, const char *text)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->v = cx_realloc(s->v, s->cap * sizeof(*s->v));
	}
	s->v[s->n++] = (struct acc){ base, text ? cx_strdup(text) : NULL };
}

static void accs_free(struct accs *s)
{
	for (unsigned i = 0; i < s->n; i++)
		free(s->v[i].text);
	free(s->v);
	memset(s, 0, sizeof(*s));
}

static void accs_append(struct accs *d, const struct accs *s)
{
	for (unsigned i = 0; i < s->n; i++)
		accs_add(d, s->v[i].base, s->v[i].text);
}

static struct accs accs_copy(const struct accs *s)
{
	struct accs d = { 0 };

	accs_append(&d, s);
	return d;
}

/* May the store w be to what another lane reads with r? */
static bool hazard(const struct acc *w, const struct acc *r)
{
	if (!clang_Cursor_isNull(w->base) && !clang_Cursor_isNull(r->base) && !clang_equalCursors(w->base, r->base))
		return false;	/* two __shared__ variables */
	return !w->text || !r->text || strcmp(w->text, r->text);
}

/* A __shared__ variable of the program (not warp.c's exchange arrays, __idxgen_wN: met around by construction). */
static bool is_shared_var(CXCursor r)
{
	char *n;
	bool ours;

	if (clang_getCursorKind(r) != CXCursor_VarDecl || !has_annot(r, "shared"))
		return false;
	n = cx_spelling(r);
	ours = !strncmp(n, "__idxgen", 8);
	free(n);
	return !ours;
}

static bool shared_ish(const struct lockstep *l, CXCursor r)
{
	if (is_shared_var(r))
		return true;
	for (unsigned i = 0; i < l->ptrs.n; i++)
		if (clang_equalCursors(l->ptrs.c[i], r))
			return true;
	return false;
}

struct mention {
	const struct lockstep *l;
	bool hit;
};

static enum CXChildVisitResult mention_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct mention *m = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && shared_ish(m->l, clang_getCursorReferenced(c)))
		m->hit = true;
	return m->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Does the expression c name __shared__ memory or a pointer into it? */
static bool mentions(const struct lockstep *l, CXCursor c)
{
	struct mention m = { l, false };

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr)
		return shared_ish(l, clang_getCursorReferenced(c));
	clang_visitChildren(c, mention_visit, &m);
	return m.hit;
}

static bool is_local_pointer(CXCursor r)
{
	CXCursor p = clang_getCursorSemanticParent(r);
	enum CXCursorKind pk = clang_getCursorKind(p);

	return clang_getCursorKind(r) == CXCursor_VarDecl && !is_shared_var(r) &&
	       clang_getCursorType(r).kind == CXType_Pointer && pk != CXCursor_TranslationUnit &&
	       pk != CXCursor_Namespace;
}

static void add_ptr(struct lockstep *l, CXCursor r, bool *more)
{
	if (!is_local_pointer(r) || shared_ish(l, r))
		return;
	cx_kids_add(&l->ptrs, r);
	*more = true;
}

struct ptr_scan {
	struct lockstep *l;
	bool more;
};

/* `float *p = &s[i];`, `p = s + k;`: p may point into __shared__ memory */
static enum CXChildVisitResult ptr_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct ptr_scan *ps = d;
	CXCursor t, v;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl && is_local_pointer(c) && mentions(ps->l, c))
		add_ptr(ps->l, c, &ps->more);
	else if (assignment(ps->l->s, c, &t, &v) && !clang_Cursor_isNull(t) && !clang_Cursor_isNull(v) &&
		 clang_getCursorKind(strip(t)) == CXCursor_DeclRefExpr && mentions(ps->l, v))
		add_ptr(ps->l, clang_getCursorReferenced(strip(t)), &ps->more);
	return CXChildVisit_Recurse;
}

/* The text from a to e without blanks (NULL where a macro or nothing is there). */
static char *squeezed(const struct source *s, unsigned a, unsigned e)
{
	char *r, *q;

	if (e <= a || e > s->len)
		return NULL;
	r = q = cx_alloc(e - a + 1);
	for (unsigned i = a; i < e; i++)
		if (s->text[i] != ' ' && s->text[i] != '\t' && s->text[i] != '\n')
			*q++ = s->text[i];
	*q = 0;
	return r;
}

/* The lvalue a name starts at off spells: `t[cur][tx - 1]`, `s[i].x` (its brackets and members followed). */
static char *lvalue_text(const struct source *s, unsigned off, unsigned name_end)
{
	unsigned e = name_end, depth;

	for (;;) {
		unsigned i = e;

		while (i < s->len && (s->text[i] == ' ' || s->text[i] == '\t'))
			i++;
		if (i < s->len && s->text[i] == '[') {
			for (depth = 0; i < s->len; i++) {
				depth += s->text[i] == '[';
				depth -= s->text[i] == ']';
				if (!depth)
					break;
			}
			if (i >= s->len)
				return NULL;
			e = i + 1;
		} else if (i < s->len && s->text[i] == '.' && i + 1 < s->len && text_ident_char(s->text[i + 1])) {
			for (i++; i < s->len && text_ident_char(s->text[i]); i++)
				;
			e = i;
		} else {
			break;
		}
	}
	return squeezed(s, off, e);
}

/* The variable an access's base names, null when it is a pointer (which may point anywhere). */
static CXCursor base_var(CXCursor r)
{
	return has_annot(r, "shared") && clang_getCursorKind(r) == CXCursor_VarDecl &&
			       clang_getCursorType(r).kind != CXType_Pointer
		       ? r
		       : clang_getNullCursor();
}

static bool text_at(const struct source *s, unsigned off, const char *w)
{
	size_t n = strlen(w);

	return off + n <= s->len && !strncmp(s->text + off, w, n);
}

static bool known_suspending(const struct source *s, const char *n)
{
	if (!s->fnames)
		return false;
	for (unsigned i = 0; i < s->fnames->n; i++)
		if (!strcmp(s->fnames->name[i], n))
			return true;
	return false;
}

/* Is the call c given a pointer into __shared__ memory (atomicAdd(&s[i], 1), helper(p))? */
static bool pointer_into_shared(const struct lockstep *l, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c);

	for (int i = 0; i < n; i++) {
		CXCursor a = clang_Cursor_getArgument(c, (unsigned)i);
		enum CXTypeKind tk = clang_getCursorType(a).kind;

		if ((tk == CXType_Pointer || tk == CXType_LValueReference) && mentions(l, a))
			return true;
	}
	return false;
}

static enum CXChildVisitResult access_visit(CXCursor c, CXCursor parent, CXClientData d);

static void access_of(struct access *a, CXCursor c, CXCursor skip)
{
	CXCursor saved = a->skip;

	a->skip = skip;
	if (access_visit(c, clang_getNullCursor(), a) == CXChildVisit_Recurse)
		clang_visitChildren(c, access_visit, a);
	a->skip = saved;
}

/* Record a store (and with load, a read) of the lvalue e. */
static void access_lvalue(struct access *a, CXCursor e, bool load)
{
	CXCursor b = lvalue_base(e);
	CXCursor base = clang_getCursorKind(b) == CXCursor_DeclRefExpr ? base_var(clang_getCursorReferenced(b))
									: clang_getNullCursor();
	char *text = in_macro(e) ? NULL : squeezed(a->l->s, c_start(e), c_end(e));

	accs_add(&a->store, base, text);
	if (load)
		accs_add(&a->load, base, text);
	free(text);
}

/* A local variable e is assigned: a store's text naming it no longer names the same element. */
static void kill_local(struct access *a, CXCursor e)
{
	char *n;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return;
	n = cx_spelling(clang_getCursorReferenced(e));
	if (*n)
		accs_add(&a->kill, clang_getNullCursor(), n);
	free(n);
}

static enum CXChildVisitResult access_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct access *a = d;
	const struct source *s = a->l->s;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v, only;
	char op[4];

	(void)parent;
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	/*
	 * a barrier in a __device__ function: the parse has it __host__
	 * __device__, the call's reference dropped (README.md), no name to ask
	 */
	if (!in_macro(c) && (text_at(s, c_start(c), "__syncthreads") || text_at(s, c_start(c), "__syncwarp"))) {
		a->sync = true;
		return CXChildVisit_Recurse;
	}
	if (warp_sync_store(s, c, &t, &v)) {	/* a rendezvous of its own (whole.c) */
		a->sync = true;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr) {
		char *n = cx_spelling(c);

		/* __idxgen_warp_sync(): warp.c's __syncwarp() and the meeting before a lowered warp operation */
		/*
		 * and the library's: cooperative groups' sync(), barriers'
		 * arrive_and_wait(), pipelines' wait, WMMA's *_sync -- every
		 * barrier or warp collective of CUDA's names says sync or wait
		 */
		if (*n && (is_fiber_builtin(n, true) || known_suspending(s, n) || !strcmp(n, "__idxgen_warp_sync") ||
			   strstr(n, "sync") || strstr(n, "wait"))) {
			a->sync = true;
		} else if (pointer_into_shared(a->l, c)) {
			/* it may store anything through what it is given; atomics only store */
			accs_add(&a->store, clang_getNullCursor(), NULL);
			if (strncmp(n, "atomic", 6))
				accs_add(&a->load, clang_getNullCursor(), NULL);
		}
		free(n);
		return CXChildVisit_Recurse;
	}
	if (k == CXCursor_UnaryOperator && (text_at(s, c_start(c), "++") || text_at(s, c_start(c), "--") ||
					    (c_end(c) >= 2 && (text_at(s, c_end(c) - 2, "++") ||
							       text_at(s, c_end(c) - 2, "--"))))) {
		if (cx_only_child(c, &only) && mentions(a->l, only) && clang_getCursorType(only).kind != CXType_Pointer)
			access_lvalue(a, only, true);
		else if (cx_only_child(c, &only))
			kill_local(a, only);
		return CXChildVisit_Recurse;
	}
	if (k == CXCursor_UnaryOperator && text_at(s, c_start(c), "&"))
		return CXChildVisit_Continue;	/* an address, not a read */
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
	    assignment(s, c, &t, &v) && !clang_Cursor_isNull(t) && !clang_Cursor_isNull(v)) {
		CXCursor b = lvalue_base(t);
		bool through = clang_getCursorKind(b) != CXCursor_DeclRefExpr ||
			       !clang_equalCursors(strip(t), b) || is_shared_var(clang_getCursorReferenced(b));

		op_text(s, c, op);
		if (through && mentions(a->l, t))
			access_lvalue(a, t, strcmp(op, "=") != 0);
		else if (!through)
			kill_local(a, t);
		access_of(a, t, clang_getCursorKind(b) == CXCursor_DeclRefExpr ? b : clang_getNullCursor());
		access_of(a, v, clang_getNullCursor());
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_DeclRefExpr && !clang_equalCursors(c, a->skip) &&
	    shared_ish(a->l, clang_getCursorReferenced(c))) {
		CXCursor r = clang_getCursorReferenced(c);
		char *text = in_macro(c) ? NULL : lvalue_text(s, c_start(c), c_end(c));

		accs_add(&a->load, base_var(r), text);
		free(text);
	}
	return CXChildVisit_Recurse;
}

static struct access accesses(const struct lockstep *l, CXCursor c)
{
	struct access a = { l, clang_getNullCursor(), { 0 }, { 0 }, { 0 }, false };

	access_of(&a, c, clang_getNullCursor());
	return a;
}

static void access_free(struct access *a)
{
	accs_free(&a->load);
	accs_free(&a->store);
	accs_free(&a->kill);
}

static void add_point(struct lockstep *l, CXCursor c)
{
	if (in_macro(c))
		return;
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->pt = cx_realloc(l->pt, l->cap * sizeof(*l->pt));
	}
	if (!l->n)
		l->first = c;
	l->pt[l->n++] = c_start(c);
}

/*
 * The state between two meetings: what the lanes may have stored since (a
 * read of another lane's element of it must wait for them).
 */
static bool must_meet(const struct accs *st, const struct access *a)
{
	for (unsigned i = 0; i < st->n; i++)
		for (unsigned j = 0; j < a->load.n; j++)
			if (hazard(&st->v[i], &a->load.v[j]))
				return true;
	return false;
}

/* Does text name the identifier n? */
static bool names(const char *text, const char *n)
{
	size_t len = strlen(n);

	for (const char *p = strstr(text, n); p; p = strstr(p + 1, n))
		if ((p == text || !text_ident_char(p[-1])) && !text_ident_char(p[len]))
			return true;
	return false;
}

/* st after code of accesses a */
static void after(struct accs *st, const struct access *a)
{
	if (a->sync) {	/* where in it the barrier is is not known: its stores count */
		accs_free(st);
	}
	for (unsigned i = 0; i < st->n; i++)
		for (unsigned j = 0; j < a->kill.n && st->v[i].text; j++)
			if (names(st->v[i].text, a->kill.v[j].text)) {
				free(st->v[i].text);
				st->v[i].text = NULL;	/* `s[t] = v; t ^= 1; w = s[t];`: another lane's element */
			}
	accs_append(st, &a->store);
}

static void walk_block(struct lockstep *l, CXCursor c, struct accs *st);
static void walk_stmt(struct lockstep *l, CXCursor c, struct accs *st, bool *before);

/* A loop's or branch's body: { } gets its own points, another statement needs one before its owner. */
static void walk_body(struct lockstep *l, CXCursor b, struct accs *st, bool *before)
{
	if (clang_getCursorKind(b) == CXCursor_CompoundStmt)
		walk_block(l, b, st);
	else
		walk_stmt(l, b, st, before);
}

static bool is_control(enum CXCursorKind k)
{
	return k == CXCursor_IfStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	       k == CXCursor_CXXForRangeStmt;
}

/*
 * A loop's body entered in state *st; after the loop, *st (no turn) and what
 * a turn leaves.  What one turn stores and the next reads is not followed:
 * a meeting could not go between them where the body is one statement, and
 * a loop run by one lane (`if (t == 0) for (k...) s[k] += s[k - 1];`) is
 * the common case.
 */
static void walk_loop_body(struct lockstep *l, CXCursor body, struct accs *st, bool *before)
{
	struct accs turn = accs_copy(st);

	walk_body(l, body, &turn, before);
	accs_append(st, &turn);
	accs_free(&turn);
}

static void walk_header(struct lockstep *l, struct cx_kids *ks, unsigned first, unsigned last, struct accs *st,
			bool *before)
{
	for (unsigned i = first; i < last; i++) {
		struct access a = accesses(l, ks->c[i]);

		if (must_meet(st, &a))
			*before = true;
		after(st, &a);
		access_free(&a);
	}
}

/*
 * The statement c entered in state *st, left in the state after it.
 * *before: c must be preceded by a point (it reads where no point of its
 * own can go).
 */
static void walk_stmt(struct lockstep *l, CXCursor c, struct accs *st, bool *before)
{
	enum CXCursorKind k;
	struct cx_kids ks;
	struct access a;
	unsigned i, first, last;

	/*
	 * `#pragma unroll` in front of a loop wraps it in a statement of its
	 * own: the loop inside, barriers and all, not one opaque statement
	 * whose stores no barrier would end.
	 */
	c = unwrap_stmt(l->s, c);
	k = clang_getCursorKind(c);

	if (k == CXCursor_CompoundStmt) {
		walk_block(l, c, st);
		return;
	}
	if (!is_control(k)) {
		a = accesses(l, c);
		if (must_meet(st, &a))
			*before = true;
		after(st, &a);
		access_free(&a);
		return;
	}
	ks = cx_kids_of(c);
	/* the header: if's condition; a loop's all but its body; do's condition */
	first = k == CXCursor_DoStmt ? 1 : 0;
	last = !ks.n ? 0 : k == CXCursor_IfStmt ? 1 : k == CXCursor_DoStmt ? ks.n : ks.n - 1;
	walk_header(l, &ks, first, last, st, before);
	if (k == CXCursor_IfStmt) {
		struct accs in = accs_copy(st);

		if (ks.n >= 3)
			accs_free(st);	/* an else: no path leaves it as it came */
		for (i = 1; i < ks.n; i++) {
			struct accs branch = accs_copy(&in);

			walk_body(l, ks.c[i], &branch, before);
			accs_append(st, &branch);
			accs_free(&branch);
		}
		accs_free(&in);
	} else if (ks.n) {
		CXCursor body = ks.c[k == CXCursor_DoStmt ? 0 : ks.n - 1];

		a = accesses(l, body);
		if (must_meet(st, &a) && !a.sync) {
			/* meet once before the loop rather than in every turn */
			*before = true;
			accs_free(st);
			walk_header(l, &ks, first, last, st, before);
		}
		access_free(&a);
		walk_loop_body(l, body, st, before);
	}
	cx_kids_free(&ks);
}

static void walk_block(struct lockstep *l, CXCursor c, struct accs *st)
{
	struct cx_kids ks = cx_kids_of(c);

	for (unsigned i = 0; i < ks.n; i++) {
		bool before = false;

		walk_stmt(l, ks.c[i], st, &before);
		if (before) {
			add_point(l, ks.c[i]);
			before = false;
			accs_free(st);
			walk_stmt(l, ks.c[i], st, &before);
		}
	}
	cx_kids_free(&ks);
}

static unsigned points(const struct source *s, CXCursor fn, unsigned **pts, CXCursor *first)
{
	struct lockstep l = { s, { 0 }, NULL, 0, 0, clang_getNullCursor() };
	struct cx_kids ks = cx_kids_of(fn);
	struct ptr_scan ps = { &l, true };
	CXCursor body = clang_getNullCursor();
	struct accs st = { 0 };

	for (unsigned i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
			body = ks.c[i];
	cx_kids_free(&ks);
	*pts = NULL;
	if (clang_Cursor_isNull(body))
		return 0;
	while (ps.more) {	/* fixed point: a pointer copied from such a pointer */
		ps.more = false;
		clang_visitChildren(body, ptr_visit, &ps);
	}
	walk_block(&l, body, &st);
	accs_free(&st);
	cx_kids_free(&l.ptrs);
	*pts = l.pt;
	*first = l.first;
	return l.n;
}

unsigned lockstep_points(const struct source *s, CXCursor fn, unsigned **pts)
{
	CXCursor first;

	return points(s, fn, pts, &first);
}

bool lockstep_first(const struct source *s, CXCursor fn, CXCursor *stmt)
{
	unsigned *pts, n = points(s, fn, &pts, stmt);

	free(pts);
	return n > 0;
}
