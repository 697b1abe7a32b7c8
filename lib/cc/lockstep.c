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
 * __shared__ variable, or a local pointer or reference that may point into
 * one, or a pointer or reference parameter some call gives such memory)
 * that an earlier statement may have stored for another lane, or stores
 * what an earlier statement may have read for another lane (write after
 * read), with no barrier, warp operation or volatile store between.  There
 * the fibers meet (__idxgen_cc_lockstep(), the coalesced rendezvous: the
 * lanes of the warp that reach it together), and loop fission does not go
 * (fiber_reason()).  An assignment that reads another lane's element of
 * what it stores (`s[t] = s[t + 1];`) is read, meet, write
 * (__idxgen_cc_vstore(), as a volatile store; its offset flagged
 * LOCKSTEP_RMW), unless the `if` around it proves the elements apart
 * (lockstep_guard.c: `if (t < k) s[t] += s[t + k];`).  An atomic after
 * plain stores to memory (a flag published with no __threadfence()) gets a
 * meeting before it: on a GPU the warp's stores are done first.  A read of
 * what the same lane stored -- the same text, `s[t]` after `s[t] = v`, or
 * another __shared__ array -- needs none.  Conservative beyond that: a
 * store through a pointer into shared memory may be to any element of any
 * __shared__ variable, an atomic or a call given such a pointer stores
 * anything there.  A pointer parameter given shared memory through another
 * helper's parameter is followed LOCKSTEP_CALLER_DEPTH helpers deep
 * (lockstep_calls.c).
 */
#include "cc.h"
#include "cx.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

struct lockstep {
	const struct source *s;
	struct cx_kids ptrs;	/* local pointers and references, parameters, that may point into __shared__ memory */
	CXCursor *into;		/* for each of ptrs: the one __shared__ variable it points into, or null (any) */
	unsigned *pt, n, cap;	/* the points: offsets of the statements to meet before (LOCKSTEP_RMW: assignments) */
	CXCursor first;		/* the first point's statement, of those loop fission needs (not edge) */
	unsigned first_why;	/* why the lanes meet there (LOCKSTEP_WHY_*) */
	unsigned first_off;	/* its offset, flags and all */
	unsigned nfission;	/* the points loop fission needs (not edge) */
	bool edge;		/* walking a later turn of a loop with a barrier: a new point is one across its back edge */
	char *fn_text;		/* the function's text without blanks */
	CXCursor guard[8];	/* the conditions of the if statements around (their then branches) */
	unsigned nguard;
	CXCursor bad;		/* the first statement whose assignment of that kind is a macro's */
	bool spins;		/* the function waits in a loop for what another thread publishes (spin.c) */
	CXCursor fn;		/* the function */
	char *tid;		/* its local variable that is the linear thread index (lockstep_rows.c), or NULL */
	bool x_apart;		/* proofs may count on threadIdx.x telling the lanes apart (struct lane_ids) */
};

/* One access: base the __shared__ variable (null: through a pointer, any), text the lvalue (NULL: any). */
struct acc {
	CXCursor base;
	char *text;
	unsigned at;	/* 1 + the offset of the assignment whose target or value it is (0: none) */
	unsigned guard;	/* a read in the condition of the if whose then branch is being walked: its depth + 1 (0: none) */
	bool sure;	/* a read no lane that runs its statement skips (not in a ?: branch, right
			   of && or ||) */
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
	struct cx_kids rmw;	/* assignments that read another lane's element of what they store */
	bool sync;
	bool met;		/* it ends in a meeting (an rmw): nothing it did is pending after */
	bool wrote;		/* a plain store to memory (not a local variable) */
	bool atomic;		/* a call of an atomic function */
	unsigned at;		/* 1 + the offset of the assignment being visited (0: none) */
	unsigned maybe;		/* the ?: branches and right operands of && and || being visited */
};

/* What the lanes may have done since the last meeting. */
struct state {
	struct accs store, load;
	bool wrote;		/* a plain store to memory: an atomic after it may publish it */
};

static void accs_add_at(struct accs *s, CXCursor base, const char *text, unsigned at)
{
	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 8;
		s->v = cx_realloc(s->v, s->cap * sizeof(*s->v));
	}
	s->v[s->n++] = (struct acc){ base, text ? cx_strdup(text) : NULL, at, 0, false };
}

static void accs_add(struct accs *s, CXCursor base, const char *text)
{
	accs_add_at(s, base, text, 0);
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
	for (unsigned i = 0; i < s->n; i++) {
		accs_add_at(d, s->v[i].base, s->v[i].text, s->v[i].at);
		d->v[d->n - 1].guard = s->v[i].guard;
		d->v[d->n - 1].sure = s->v[i].sure;
	}
}

static struct accs accs_copy(const struct accs *s)
{
	struct accs d = { 0 };

	accs_append(&d, s);
	return d;
}

/*
 * The loads of one assignment from load->v[from] on: one some lanes may
 * skip is as sure as another of the same element that none skips (`s[t] =
 * s[t + 18] & 1 ? s[t + 18] : 0`: its index the same in both, where
 * lockstep_bounds_apart() asks, a lane's own index plus constants).
 */
static void sure_by_text(struct accs *load, unsigned from)
{
	for (unsigned i = from; i < load->n; i++)
		for (unsigned j = from; j < load->n && !load->v[i].sure; j++)
			load->v[i].sure = load->v[j].sure && load->v[i].text && load->v[j].text &&
					  clang_equalCursors(load->v[i].base, load->v[j].base) &&
					  !strcmp(load->v[i].text, load->v[j].text);
}

/* May the store w be to what another lane of the warp reads with r? */
static bool hazard(const struct lockstep *l, const struct acc *w, const struct acc *r)
{
	if (!clang_Cursor_isNull(w->base) && !clang_Cursor_isNull(r->base) && !clang_equalCursors(w->base, r->base))
		return false;	/* two __shared__ variables */
	if (!w->text || !r->text)
		return true;
	if (!strcmp(w->text, r->text))
		return false;
	/* s[tid + 64] and s[tid]: only lanes of two warps could meet there */
	if (lockstep_warps_apart(l->tid, w->text, r->text))
		return false;
	/* one assignment's target and value, in any two turns: every lane that ran it stored its target */
	return !(w->at && w->at == r->at && !clang_Cursor_isNull(w->base) &&
		 lockstep_bounds_apart(l->tid, clang_getArraySize(clang_getCursorType(w->base)),
				       w->text, r->text, r->sure));
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

static bool is_scope_level(CXCursor r)
{
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(r));

	return pk == CXCursor_TranslationUnit || pk == CXCursor_Namespace || pk == CXCursor_LinkageSpec;
}

static bool is_pointer_or_reference(CXCursor r)
{
	enum CXTypeKind tk = clang_getCursorType(r).kind;

	return tk == CXType_Pointer || tk == CXType_LValueReference;
}

/* `float *p = &s[i];`, `float &e = s[i];`: a local that may name __shared__ memory */
static bool is_local_pointer(CXCursor r)
{
	return clang_getCursorKind(r) == CXCursor_VarDecl && !is_shared_var(r) && is_pointer_or_reference(r) &&
	       !is_scope_level(r);
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
		 clang_getCursorKind(strip(t)) == CXCursor_DeclRefExpr && mentions(ps->l, v) &&
		 clang_getCursorType(strip(t)).kind == CXType_Pointer)	/* `e = v` through a reference rebinds nothing */
		add_ptr(ps->l, clang_getCursorReferenced(strip(t)), &ps->more);
	return CXChildVisit_Recurse;
}

bool lockstep_shared_var(CXCursor r)
{
	return is_shared_var(r);
}

bool lockstep_local_pointer(CXCursor r)
{
	return is_local_pointer(r);
}

bool lockstep_pointer_or_reference(CXCursor r)
{
	return is_pointer_or_reference(r);
}

bool lockstep_names_shared_var(CXCursor c)
{
	struct lockstep l = { 0 };	/* no pointers: only __shared__ variables are named */

	return mentions(&l, c);
}

void lockstep_pointers_from(const struct source *s, CXCursor body, struct cx_kids *ps)
{
	struct lockstep l = { 0 };
	struct ptr_scan scan = { &l, true };

	l.s = s;
	l.ptrs = *ps;
	while (scan.more) {
		scan.more = false;
		clang_visitChildren(body, ptr_visit, &scan);
	}
	*ps = l.ptrs;
}

static bool text_at(const struct source *s, unsigned off, const char *w);

/* A __shared__ variable itself (not a pointer, which may point anywhere), or null. */
static CXCursor shared_var_itself(CXCursor r)
{
	return has_annot(r, "shared") && clang_getCursorKind(r) == CXCursor_VarDecl &&
			       clang_getCursorType(r).kind != CXType_Pointer
		       ? r
		       : clang_getNullCursor();
}

/* What a pointer may point into: not yet known, one __shared__ variable, or any memory. */
struct into {
	const struct lockstep *l;
	struct {
		CXCursor var;
		bool set, any;
	} *t;
};

struct one_var {
	const struct lockstep *l;
	CXCursor var;
	bool other;	/* a second variable, or a pointer: any */
};

static enum CXChildVisitResult one_var_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct one_var *o = d;
	CXCursor r, v;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || !shared_ish(o->l, r = clang_getCursorReferenced(c)))
		return CXChildVisit_Recurse;
	v = shared_var_itself(r);
	/* every extern __shared__ array of a kernel starts at the same address */
	if (clang_Cursor_isNull(v) || clang_Cursor_getStorageClass(v) == CX_SC_Extern ||
	    (!clang_Cursor_isNull(o->var) && !clang_equalCursors(o->var, v)))
		o->other = true;
	else
		o->var = v;
	return o->other ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The one __shared__ variable the value e names (`s`, `&s[i]`, `s + k`, `s[i]` for a reference), or null. */
static CXCursor one_var_of(const struct lockstep *l, CXCursor e)
{
	struct one_var o = { l, clang_getNullCursor(), false };

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr)
		one_var_visit(e, clang_getNullCursor(), &o);
	else
		clang_visitChildren(e, one_var_visit, &o);
	return o.other ? clang_getNullCursor() : o.var;
}

/* Pointer i of l->ptrs is set to point into var (null: anywhere). */
static void into_join(struct into *in, unsigned i, CXCursor var)
{
	if (clang_Cursor_isNull(var) || (in->t[i].set && !clang_equalCursors(in->t[i].var, var)))
		in->t[i].any = true;
	in->t[i].var = var;
	in->t[i].set = true;
}

static int ptr_index(const struct lockstep *l, CXCursor r)
{
	for (unsigned i = 0; i < l->ptrs.n; i++)
		if (clang_equalCursors(l->ptrs.c[i], r))
			return (int)i;
	return -1;
}

static enum CXChildVisitResult into_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct into *in = d;
	const struct lockstep *l = in->l;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v, only;
	char op[4];
	int i;

	(void)parent;
	if (k == CXCursor_VarDecl && (i = ptr_index(l, c)) >= 0 && !clang_Cursor_isNull(v = var_init(c))) {
		into_join(in, (unsigned)i, one_var_of(l, v));
	} else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
		   assignment(l->s, c, &t, &v) && !clang_Cursor_isNull(t) &&
		   clang_getCursorKind(strip(t)) == CXCursor_DeclRefExpr &&
		   (i = ptr_index(l, clang_getCursorReferenced(strip(t)))) >= 0 &&
		   clang_getCursorType(strip(t)).kind == CXType_Pointer) {
		op_text(l->s, c, op);
		/* `p += k` stays in its array; `p = v` points where v does */
		if (strcmp(op, "+=") && strcmp(op, "-="))
			into_join(in, (unsigned)i, strcmp(op, "=") || clang_Cursor_isNull(v) ? clang_getNullCursor()
												 : one_var_of(l, v));
	} else if (k == CXCursor_UnaryOperator && (text_at(l->s, c_start(c), "&") || macro_spelled(c)) &&
		   cx_only_child(c, &only) &&
		   clang_getCursorKind(strip(only)) == CXCursor_DeclRefExpr &&
		   (i = ptr_index(l, clang_getCursorReferenced(strip(only)))) >= 0) {
		into_join(in, (unsigned)i, clang_getNullCursor());	/* `&p`: set who knows where */
	} else if (k == CXCursor_CallExpr) {
		/* `f(p)` bare, no conversion: p bound to a reference parameter, which may set it */
		for (int a = 0; a < clang_Cursor_getNumArguments(c); a++) {
			CXCursor arg = clang_Cursor_getArgument(c, (unsigned)a);

			if (clang_getCursorKind(arg) == CXCursor_DeclRefExpr &&
			    (i = ptr_index(l, clang_getCursorReferenced(arg))) >= 0)
				into_join(in, (unsigned)i, clang_getNullCursor());
		}
	}
	if (k == CXCursor_VarDecl && clang_getCursorType(c).kind == CXType_LValueReference &&
	    !clang_Cursor_isNull(v = var_init(c)) && clang_getCursorKind(v) == CXCursor_DeclRefExpr &&
	    (i = ptr_index(l, clang_getCursorReferenced(v))) >= 0)
		into_join(in, (unsigned)i, clang_getNullCursor());	/* `float *&rp = p;`: rp may set p */
	return CXChildVisit_Recurse;
}

/*
 * For each local pointer or reference of l->ptrs, the one __shared__
 * variable every assignment in body makes it point into (`float *dst = t;`,
 * `float &e = s[i];`, an inlined helper's parameter copy), so that its
 * accesses are told apart from another array's; null (any memory) for a
 * parameter, a pointer set from two variables or from another pointer, or
 * whose address is taken.
 */
static CXCursor *ptr_targets(const struct lockstep *l, CXCursor body)
{
	struct into in = { l, cx_alloc((l->ptrs.n + 1) * sizeof(*in.t)) };
	CXCursor *into = cx_alloc((l->ptrs.n + 1) * sizeof(*into));

	memset(in.t, 0, (l->ptrs.n + 1) * sizeof(*in.t));
	clang_visitChildren(body, into_visit, &in);
	for (unsigned i = 0; i < l->ptrs.n; i++)
		into[i] = clang_getCursorKind(l->ptrs.c[i]) == CXCursor_VarDecl && in.t[i].set && !in.t[i].any
				  ? in.t[i].var
				  : clang_getNullCursor();
	free(in.t);
	return into;
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
	return text_squeezed(s, off, e);
}

/*
 * The variable an access's base names: a __shared__ variable, or the one a
 * local pointer or reference points into (ptr_targets()); null when it may
 * point anywhere.
 */
static CXCursor base_var(const struct lockstep *l, CXCursor r)
{
	CXCursor v = shared_var_itself(r);

	for (unsigned i = 0; clang_Cursor_isNull(v) && l->into && i < l->ptrs.n; i++)
		if (clang_equalCursors(l->ptrs.c[i], r))
			return l->into[i];
	return v;
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

/*
 * Does the lvalue e name __shared__ memory?  By its base where that is a
 * variable: `la[s[i]]`, a local array indexed by a shared element, does not.
 */
static bool names_shared(const struct lockstep *l, CXCursor e)
{
	CXCursor b = lvalue_base(e);

	if (clang_getCursorKind(b) == CXCursor_DeclRefExpr)
		return shared_ish(l, clang_getCursorReferenced(b));
	return mentions(l, e);
}

/*
 * An atomic on an element of a __shared__ variable (`atomicAdd(&sacc[0],
 * 1u)`): a store to that variable, any element of it (every lane may name
 * the same one).  False for other atomics (through a pointer: any memory).
 */
static bool atomic_on_shared(struct access *a, CXCursor c)
{
	CXCursor p, e, b;

	if (clang_Cursor_getNumArguments(c) < 1)
		return false;
	p = strip(clang_Cursor_getArgument(c, 0));
	if (clang_getCursorKind(p) != CXCursor_UnaryOperator || !text_at(a->l->s, c_start(p), "&") ||
	    !cx_only_child(p, &e))
		return false;
	b = lvalue_base(e);
	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr || !is_shared_var(clang_getCursorReferenced(b)) ||
	    clang_Cursor_isNull(base_var(a->l, clang_getCursorReferenced(b))))
		return false;
	accs_add(&a->store, base_var(a->l, clang_getCursorReferenced(b)), NULL);
	return true;
}

static void access_of(struct access *a, CXCursor c, CXCursor skip);

/*
 * The arguments of an atomic call c.  Its first is an address: `&s[i]`
 * (no read, as any `&`) or `p + i` with p a __shared__ array or a pointer
 * into one (shared_atomics.cu's `atomicAdd(f + (b & 3), .25f)`): computing
 * it reads no memory, so p is no read (i still is).  Before, p counted as
 * a read of anything the turn before stored through it, and the kernel met
 * there (fibers).
 */
static void atomic_args(struct access *a, CXCursor c)
{
	int n = clang_Cursor_getNumArguments(c);

	for (int i = 0; i < n; i++) {
		CXCursor x = clang_Cursor_getArgument(c, (unsigned)i), skip = clang_getNullCursor();
		struct cx_kids ks = { 0 };

		if (i == 0 && clang_getCursorKind(strip(x)) == CXCursor_BinaryOperator) {
			char op[4];

			op_text(a->l->s, strip(x), op);
			ks = cx_kids_of(strip(x));
			for (unsigned j = 0; !strcmp(op, "+") && j < ks.n && clang_Cursor_isNull(skip); j++) {
				CXCursor o = strip(ks.c[j]);
				enum CXTypeKind tk = clang_getCursorType(o).kind;

				if (clang_getCursorKind(o) == CXCursor_DeclRefExpr &&
				    (tk == CXType_ConstantArray || tk == CXType_Pointer))
					skip = o;
			}
			cx_kids_free(&ks);
		}
		access_of(a, x, skip);
	}
}

static void access_of(struct access *a, CXCursor c, CXCursor skip)
{
	CXCursor saved = a->skip;

	a->skip = skip;
	if (access_visit(c, clang_getNullCursor(), a) == CXChildVisit_Recurse)
		clang_visitChildren(c, access_visit, a);
	a->skip = saved;
}

/* The access of the lvalue e: its __shared__ variable (null: any) and its text (NULL: any). */
static struct acc lvalue_acc(const struct access *a, CXCursor e)
{
	CXCursor b = lvalue_base(e);
	CXCursor base = clang_getCursorKind(b) == CXCursor_DeclRefExpr ? base_var(a->l, clang_getCursorReferenced(b))
									: clang_getNullCursor();

	return (struct acc){ base, macro_spelled(e) ? NULL : text_squeezed(a->l->s, c_start(e), c_end(e)), 0, 0, false };
}

/* Record a store (and with load, a read) of the lvalue e. */
static void access_lvalue(struct access *a, CXCursor e, bool load)
{
	struct acc w = lvalue_acc(a, e);

	accs_add_at(&a->store, w.base, w.text, a->at);
	if (load) {
		accs_add_at(&a->load, w.base, w.text, a->at);
		a->load.v[a->load.n - 1].sure = !a->maybe;
	}
	free(w.text);
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

/* Is the lvalue whose base is b memory other threads see (not a local variable, array or struct)? */
static bool is_memory(CXCursor b)
{
	CXCursor r;
	enum CXCursorKind rk;

	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr)
		return true;
	r = clang_getCursorReferenced(b);
	rk = clang_getCursorKind(r);
	if (rk != CXCursor_VarDecl && rk != CXCursor_ParmDecl)
		return true;
	return is_shared_var(r) || is_pointer_or_reference(r) || is_scope_level(r) ||
	       clang_Cursor_getStorageClass(r) == CX_SC_Static;
}

/* The DeclRefExpr named name in c (the variable of `buf[1 - cur]`), or null. */
struct named_ref {
	const char *name;
	CXCursor r;
};

static enum CXChildVisitResult named_ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct named_ref *f = d;
	char *n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	n = cx_spelling(c);
	if (!strcmp(n, f->name))
		f->r = clang_getCursorReferenced(c);
	free(n);
	return clang_Cursor_isNull(f->r) ? CXChildVisit_Recurse : CXChildVisit_Break;
}

static bool integer_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return k >= CXType_Bool && k <= CXType_Int128;
}

/*
 * The store w (lvalue t) and the load r of one assignment, `buf[1 - cur][t]`
 * and `buf[cur][t - 1]` (lockstep_slots.c): apart where cur is an integer
 * the same in every lane (a uniform local or parameter of the kernel) that
 * the value does not assign.
 */
static bool halves_apart(const struct access *a, CXCursor t, const struct access *val, const char *store,
			 const char *load)
{
	char name[128];
	struct named_ref f = { name, clang_getNullCursor() };
	CXCursor b = lvalue_base(t);
	enum CXTypeKind bk;

	if (!lockstep_slot_var(store, load, name, sizeof(name)) || clang_getCursorKind(b) != CXCursor_DeclRefExpr)
		return false;
	for (unsigned i = 0; i < val->kill.n; i++)
		if (val->kill.v[i].text && !strcmp(val->kill.v[i].text, name))
			return false;	/* `buf[1 - cur][t] = buf[cur = k][t]` */
	bk = clang_getCursorType(clang_getCursorReferenced(b)).kind;
	if (bk != CXType_ConstantArray && bk != CXType_IncompleteArray && bk != CXType_Pointer)
		return false;	/* an operator[] of a class may ignore its index */
	clang_visitChildren(t, named_ref_visit, &f);
	return !clang_Cursor_isNull(f.r) && integer_type(clang_getCursorType(f.r)) &&
	       kernel_local_uniform(a->l->s, a->l->fn, f.r);
}

static bool is_one_of(CXCursor c, const CXCursor *set, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		if (clang_equalCursors(c, set[i]))
			return true;
	return false;
}

/*
 * The assignment c stores the lvalue t (shared memory) from the value v: does
 * v read an element of it another lane may store?  Then the lanes must all
 * read before any writes (LOCKSTEP_RMW), unless an if around proves the
 * elements apart.  pair: the arrays of a ping-pong pair whose pointers have
 * bases of their own here (pair_apart()); an access of one of them by another
 * name proves nothing.
 */
static bool stores_read(struct access *a, CXCursor t, CXCursor v, const CXCursor *pair, unsigned npair)
{
	struct access val = { a->l, clang_getNullCursor(), { 0 }, { 0 }, { 0 }, { 0 }, false, false, false, false, 0, 0 };
	struct acc w = lvalue_acc(a, t);
	struct lane_ids ids = { a->l->tid, a->l->x_apart };
	long long size;
	bool r = is_one_of(w.base, pair, npair);

	access_of(&val, v, clang_getNullCursor());
	sure_by_text(&val.load, 0);
	size = clang_Cursor_isNull(w.base) ? -1 : clang_getArraySize(clang_getCursorType(w.base));
	for (unsigned i = 0; i < val.load.n && !r; i++)
		r = is_one_of(val.load.v[i].base, pair, npair) ||
		    (hazard(a->l, &w, &val.load.v[i]) &&
		     !lockstep_bounds_apart(a->l->tid, size, w.text, val.load.v[i].text,
					    val.load.v[i].sure) &&
		     !lockstep_apart(a->l->s, &ids, a->l->guard, a->l->nguard, a->l->fn_text, w.text,
				     val.load.v[i].text) &&
		     !lockstep_tree_apart(a->l->s, a->l->fn, &ids, a->l->guard, a->l->nguard, w.text,
					  val.load.v[i].text) &&
		     !halves_apart(a, t, &val, w.text, val.load.v[i].text));
	accs_free(&val.load);
	accs_free(&val.store);
	accs_free(&val.kill);
	cx_kids_free(&val.rmw);
	free(w.text);
	return r;
}

/*
 * `dst[t] = f(src[t - 1], src[t + 1])` where dst and src are a ping-pong
 * pair (lockstep_pair.c): never one array at once, so each gets a base of
 * its own, its declaration, as two __shared__ variables do; asked again.
 */
static bool pair_apart(struct access *a, CXCursor t, CXCursor v)
{
	const struct lockstep *l = a->l;
	CXCursor b = lvalue_base(t), body = cx_body_of(l->fn), arrays[8];
	unsigned n;
	int p;
	bool apart = false;

	if (!l->into || clang_Cursor_isNull(body) || clang_getCursorKind(b) != CXCursor_DeclRefExpr ||
	    (p = ptr_index(l, clang_getCursorReferenced(b))) < 0 || !clang_Cursor_isNull(l->into[p]))
		return false;
	for (unsigned q = 0; q < l->ptrs.n && !apart; q++) {
		struct lockstep l2;
		struct access a2 = { &l2, clang_getNullCursor(), { 0 }, { 0 }, { 0 }, { 0 }, false, false, false, false, 0, 0 };

		if (q == (unsigned)p || !clang_Cursor_isNull(l->into[q]) ||
		    !lockstep_pair_apart(l->s, body, l->ptrs.c[p], l->ptrs.c[q], arrays, &n))
			continue;
		l2 = *l;
		l2.into = cx_alloc((l->ptrs.n + 1) * sizeof(*l2.into));
		memcpy(l2.into, l->into, l->ptrs.n * sizeof(*l2.into));
		l2.into[p] = l->ptrs.c[p];
		l2.into[q] = l->ptrs.c[q];
		apart = !stores_read(&a2, t, v, arrays, n);
		free(l2.into);
	}
	return apart;
}

static bool reads_what_it_stores(struct access *a, CXCursor t, CXCursor v)
{
	return stores_read(a, t, v, NULL, 0) && !pair_apart(a, t, v);
}

/*
 * A binary operator written in a macro whose left operand names __shared__
 * memory, where the macro's #define may hold a plain assignment (op_text()
 * cannot read a macro's operator): taken for one, so that its store is seen
 * (any element: the text is the macro's) and an assignment that reads what
 * it stores is refused (`#define SHIFT(s, t) s[t] = s[t - 1]`).
 */
static bool macro_assignment(const struct lockstep *l, CXCursor c, CXCursor *t, CXCursor *v)
{
	struct cx_kids ks;
	bool r = false;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator || !macro_spelled(c))
		return false;
	ks = cx_kids_of(c);
	if (ks.n == 2 && names_shared(l, ks.c[0]) && macro_may_assign(l->s, c)) {
		*t = ks.c[0];
		*v = ks.c[1];
		r = true;
	}
	cx_kids_free(&ks);
	return r;
}

/* The name of a __shared__ array (its address) or of a local pointer: a value that reads no __shared__ element. */
static bool address_only(CXCursor v)
{
	CXCursor r;
	enum CXTypeKind tk;

	if (clang_getCursorKind(v) != CXCursor_DeclRefExpr)
		return false;
	r = clang_getCursorReferenced(v);
	tk = clang_getCursorType(r).kind;
	return (is_shared_var(r) && (tk == CXType_ConstantArray || tk == CXType_IncompleteArray)) ||
	       (is_local_pointer(r) && tk == CXType_Pointer);
}

/* `(void)s`, `static_cast<void>(s)`: a name cast to void, what silences an unused variable */
static bool discarded_name(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor only;

	return (k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr) &&
	       clang_getCursorType(c).kind == CXType_Void && cx_only_child(c, &only) &&
	       clang_getCursorKind(strip(only)) == CXCursor_DeclRefExpr;
}

/*
 * Does c evaluate operands after its first only in some lanes: `c ? x : y`,
 * `x && y`, `x || y`, GNU's `x ?: y` (no cursor kind of its own in
 * libclang 16: an unexposed expression whose text holds `?:`)?  Asked after
 * the assignments, which an operator of a macro's body may be.
 */
static bool skips_operands(const struct source *s, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	char op[4], *text;
	bool r;

	if (k == CXCursor_ConditionalOperator)
		return true;
	/* one of a macro's body: its operator unknown, taken as && */
	if (k == CXCursor_BinaryOperator) {
		op_text(s, c, op);
		return !strcmp(op, "&&") || !strcmp(op, "||") || macro_spelled(c) || !op[0];
	}
	if (k != CXCursor_UnexposedExpr)
		return false;
	text = text_squeezed(s, c_start(c), c_end(c));
	r = text && strstr(text, "?:");
	free(text);
	return r;
}

/* c's first operand as any, the others as reads some lanes may skip (struct acc's sure) */
static void visit_skipped(struct access *a, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);

	for (unsigned i = 0; i < ks.n; i++) {
		a->maybe += i == 1;
		access_of(a, ks.c[i], a->skip);
	}
	a->maybe -= ks.n > 1;
	cx_kids_free(&ks);
}

static enum CXChildVisitResult access_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct access *a = d;
	const struct source *s = a->l->s;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v, only;
	unsigned saved_at, nload;
	char op[4];

	(void)parent;
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (k == CXCursor_VarDecl && is_pointer_or_reference(c))
		return CXChildVisit_Continue;	/* `int &e = s[t];`, `T *tile = (T *)smem;`: an address, no read */
	if (discarded_name(c))
		return CXChildVisit_Continue;	/* `(void)scratch;`: an unused name, its value never used */
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
		} else if (!strncmp(n, "atomic", 6) && atomic_on_shared(a, c)) {
			/* recorded */
		} else if (pointer_into_shared(a->l, c)) {
			/* it may store anything through what it is given; atomics only store */
			accs_add(&a->store, clang_getNullCursor(), NULL);
			if (strncmp(n, "atomic", 6))
				accs_add(&a->load, clang_getNullCursor(), NULL);
		}
		if (!strncmp(n, "atomic", 6)) {
			a->atomic = true;
			free(n);
			atomic_args(a, c);
			return CXChildVisit_Continue;
		}
		free(n);
		return CXChildVisit_Recurse;
	}
	/* ++, -- (unary_op: in a macro's body, what its #define may do) */
	if (k == CXCursor_UnaryOperator && unary_op(s, c) == '+') {
		if (cx_only_child(c, &only) && names_shared(a->l, only) &&
		    clang_getCursorType(only).kind != CXType_Pointer) {
			unsigned at = a->at;

			a->at = 0;	/* a store some lanes of an assignment may skip (`c ? s[i]++ : 0`) */
			access_lvalue(a, only, true);
			a->at = at;
		} else if (cx_only_child(c, &only))
			kill_local(a, only);
		if (cx_only_child(c, &only) && is_memory(lvalue_base(only)) &&
		    (clang_getCursorKind(strip(only)) != CXCursor_DeclRefExpr ||
		     clang_getCursorType(only).kind != CXType_Pointer))
			a->wrote = true;
		return CXChildVisit_Recurse;
	}
	if (k == CXCursor_UnaryOperator && unary_op(s, c) == '&')
		return CXChildVisit_Continue;	/* an address, not a read */
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
	    (assignment(s, c, &t, &v) || macro_assignment(a->l, c, &t, &v)) && !clang_Cursor_isNull(t) &&
	    !clang_Cursor_isNull(v)) {
		CXCursor b = lvalue_base(t);
		bool bref = clang_getCursorKind(b) == CXCursor_DeclRefExpr;
		CXCursor r = bref ? clang_getCursorReferenced(b) : clang_getNullCursor();
		/* `e = v` with `float &e = s[i]`: a store through e */
		bool through = !bref || !clang_equalCursors(strip(t), b) || is_shared_var(r) ||
			       (clang_getCursorType(r).kind == CXType_LValueReference && shared_ish(a->l, r));

		op_text(s, c, op);
		saved_at = a->at;
		a->at = c_start(c) + 1;
		nload = a->load.n;
		if (through && names_shared(a->l, t)) {
			access_lvalue(a, t, strcmp(op, "=") != 0);
			if (reads_what_it_stores(a, t, v)) {
				cx_kids_add(&a->rmw, c);
				a->sync = a->met = true;
			}
		} else if (!through) {
			kill_local(a, t);
		}
		if (through && is_memory(b))
			a->wrote = true;
		access_of(a, t, bref ? b : clang_getNullCursor());
		/* `src = a;`, `src = dst;`: an address copied, no element read (lockstep_pair.c's moves) */
		if (through || clang_getCursorType(t).kind != CXType_Pointer || !address_only(strip(v)))
			access_of(a, v, clang_getNullCursor());
		sure_by_text(&a->load, nload);
		a->at = saved_at;
		return CXChildVisit_Continue;
	}
	if (skips_operands(s, c)) {
		visit_skipped(a, c);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_DeclRefExpr && !clang_equalCursors(c, a->skip) &&
	    shared_ish(a->l, clang_getCursorReferenced(c))) {
		CXCursor r = clang_getCursorReferenced(c);
		char *text = macro_spelled(c) ? NULL : lvalue_text(s, c_start(c), c_end(c));

		accs_add_at(&a->load, base_var(a->l, r), text, a->at);
		a->load.v[a->load.n - 1].sure = !a->maybe;
		free(text);
	}
	return CXChildVisit_Recurse;
}

static struct access accesses(const struct lockstep *l, CXCursor c)
{
	struct access a = { l, clang_getNullCursor(), { 0 }, { 0 }, { 0 }, { 0 }, false, false, false, false, 0, 0 };

	access_of(&a, c, clang_getNullCursor());
	return a;
}

static void access_free(struct access *a)
{
	accs_free(&a->load);
	accs_free(&a->store);
	accs_free(&a->kill);
	cx_kids_free(&a->rmw);
}

static void add_offset(struct lockstep *l, unsigned off, CXCursor c, unsigned why)
{
	for (unsigned i = 0; i < l->n; i++)
		if (l->pt[i] == off)
			return;	/* a loop's second turn found it again */
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		l->pt = cx_realloc(l->pt, l->cap * sizeof(*l->pt));
	}
	if (!l->edge && !l->nfission++) {
		l->first = c;
		l->first_why = why;
		l->first_off = off;
	}
	l->pt[l->n++] = off;
}

static void add_point(struct lockstep *l, CXCursor c, unsigned why)
{
	if (!in_macro(c))
		add_offset(l, c_start(c), c, why & LOCKSTEP_WHY_READ ? LOCKSTEP_WHY_READ : why);
}

/* The assignments of a that read another lane's element of what they store: read, meet, write. */
static void add_rmw(struct lockstep *l, const struct access *a, CXCursor stmt)
{
	for (unsigned i = 0; i < a->rmw.n; i++) {
		bool bad = macro_spelled(a->rmw.c[i]);

		if (bad && clang_Cursor_isNull(l->bad))
			l->bad = stmt;	/* no rewrite can go into a macro's text */
		add_offset(l, bad ? LOCKSTEP_BAD | c_start(stmt) : LOCKSTEP_RMW | c_start(a->rmw.c[i]), stmt,
			   LOCKSTEP_WHY_RMW);
	}
}

static void state_free(struct state *st)
{
	accs_free(&st->store);
	accs_free(&st->load);
	st->wrote = false;
}

static struct state state_copy(const struct state *st)
{
	return (struct state){ accs_copy(&st->store), accs_copy(&st->load), st->wrote };
}

/* every field of struct acc: one more fails here until acc_same compares it and accs_union copies it */
_Static_assert(offsetof(struct acc, sure) == sizeof(CXCursor) + sizeof(char *) + 2 * sizeof(unsigned) &&
		       sizeof(struct acc) == offsetof(struct acc, sure) + sizeof(void *),
	       "acc_same, accs_union: the new field");	/* at, guard, sure */

static bool acc_same(const struct acc *a, const struct acc *b)
{
	return clang_equalCursors(a->base, b->base) && a->at == b->at && a->guard == b->guard &&
	       a->sure == b->sure &&
	       (a->text && b->text ? !strcmp(a->text, b->text) : a->text == b->text);
}

/*
 * d, and what of s it has not.  Appended, the lists doubled at every join:
 * an if without else joins the state it came in with and its branch's,
 * which starts as a copy of it, so n such ifs in a row made 2^n entries
 * (24 guarded reads of __shared__ memory: 2.4 GB and 33 s; HeCBench
 * segsort's sorting networks did not end).
 */
static void accs_union(struct accs *d, const struct accs *s)
{
	unsigned n = d->n;

	for (unsigned i = 0; i < s->n; i++) {
		unsigned j = 0;

		while (j < n && !acc_same(&d->v[j], &s->v[i]))
			j++;
		if (j == n) {
			accs_add_at(d, s->v[i].base, s->v[i].text, s->v[i].at);
			d->v[d->n - 1].guard = s->v[i].guard;
			d->v[d->n - 1].sure = s->v[i].sure;
		}
	}
}

/* d: what either path may have left */
static void state_join(struct state *d, const struct state *s)
{
	accs_union(&d->store, &s->store);
	accs_union(&d->load, &s->load);
	d->wrote |= s->wrote;
}

static bool any_hazard(const struct lockstep *l, const struct accs *w, const struct accs *r)
{
	for (unsigned i = 0; i < w->n; i++)
		for (unsigned j = 0; j < r->n; j++)
			if (hazard(l, &w->v[i], &r->v[j]))
				return true;
	return false;
}

/*
 * Is the store w, in the then branch being walked, apart from r, a read in
 * the condition of an if around it, by the guards: `if (t < k && m[t + k]
 * > m[t]) m[t] = m[t + k];` (a block max tree): every lane that stores has
 * t < k, every m[t + k] is at k or above (t is no negative index), whichever
 * lane read it.  Only the condition's reads: k is the one the guard tested
 * (a read of an earlier turn may have had another).
 */
static bool guarded_apart(const struct lockstep *l, const struct acc *w, const struct acc *r)
{
	struct lane_ids ids = { l->tid, l->x_apart };

	return r->guard && r->guard <= l->nguard && w->text && r->text &&
	       (lockstep_apart(l->s, &ids, l->guard, l->nguard, l->fn_text, w->text, r->text) ||
		lockstep_tree_apart(l->s, l->fn, &ids, l->guard, l->nguard, w->text, r->text));
}

/* Does a store of w write what another lane may have read with r (write after read)? */
static bool any_war(const struct lockstep *l, const struct accs *w, const struct accs *r)
{
	for (unsigned i = 0; i < w->n; i++)
		for (unsigned j = 0; j < r->n; j++)
			if (hazard(l, &w->v[i], &r->v[j]) && !guarded_apart(l, &w->v[i], &r->v[j]))
				return true;
	return false;
}

/*
 * Must the lanes meet before code of accesses a?  It reads what another
 * lane may have stored since the last meeting, stores what another lane
 * may have read (write after read), or is an atomic after plain stores in
 * a function that waits for what other threads publish (a lock, a flag: on
 * a GPU the warp's stores are done before its atomic; elsewhere such an
 * atomic publishes to nobody who could see the difference).
 */
static unsigned must_meet(const struct lockstep *l, const struct state *st, const struct access *a)
{
	if (any_hazard(l, &st->store, &a->load))
		return LOCKSTEP_WHY_READ;
	if (any_war(l, &a->store, &st->load))
		return LOCKSTEP_WHY_WAR;
	return l->spins && st->wrote && a->atomic ? LOCKSTEP_WHY_READ : 0;
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

/* `s[t] = v; t ^= 1; w = s[t];`: another lane's element */
static void kill_texts(struct accs *st, const struct accs *kill)
{
	for (unsigned i = 0; i < st->n; i++)
		for (unsigned j = 0; j < kill->n && st->v[i].text; j++)
			if (names(st->v[i].text, kill->v[j].text)) {
				free(st->v[i].text);
				st->v[i].text = NULL;
			}
}

/* st after code of accesses a */
static void after(struct state *st, const struct access *a)
{
	if (a->sync)	/* where in it the barrier is is not known: its stores count */
		state_free(st);
	kill_texts(&st->store, &a->kill);
	kill_texts(&st->load, &a->kill);
	if (a->met)
		return;	/* read, meet, write, meet */
	accs_append(&st->store, &a->store);
	if (!a->sync)	/* a warp operation's operands are read before its meeting */
		accs_append(&st->load, &a->load);
	st->wrote |= a->wrote;
}

static void walk_block(struct lockstep *l, CXCursor c, struct state *st);
static void walk_stmt(struct lockstep *l, CXCursor c, struct state *st, unsigned *before);

/* Is the cursor's whole extent text of the main file (no macro expansion at either end)? */
static bool plain_extent(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation at[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };

	for (unsigned i = 0; i < 2; i++) {
		unsigned a, b;
		CXFile fa, fb;

		clang_getExpansionLocation(at[i], &fa, NULL, NULL, &a);
		clang_getSpellingLocation(at[i], &fb, NULL, NULL, &b);
		if (a != b || !fa || !fb || !clang_File_isEqual(fa, fb))
			return false;
	}
	return true;
}

/*
 * Can one-statement body b be put in { } (the emitter writes `{
 * __idxgen_cc_lockstep(); ` before it and ` }` after its ';')?  Its text
 * must be the file's at both ends and end in a ';' or a '}'.
 */
static bool braceable(const struct lockstep *l, CXCursor b)
{
	unsigned e = c_end(b);

	return !in_macro(b) && plain_extent(b) && e > c_start(b) && e <= l->s->len &&
	       (stmt_end(l->s, b) > e || l->s->text[e - 1] == '}');
}

/*
 * A loop's or branch's body: { } gets its own points.  Another statement
 * that must be preceded by a point gets it inside: the emitter puts the
 * body in { } (LOCKSTEP_BRACE).  Before the owner it would not part the
 * owner's condition from the body: `if (t < 16 && m[16 - t] > m[t]) m[t] =
 * 100;` must read every lane's m[16 - t] before any lane stores (issue 38,
 * fourteenth session).  A body that cannot take the braces (a macro's)
 * needs the point before its owner (*before), as before.
 */
static void walk_body(struct lockstep *l, CXCursor b, struct state *st, unsigned *before)
{
	unsigned inner = 0;

	if (clang_getCursorKind(b) == CXCursor_CompoundStmt) {
		walk_block(l, b, st);
		return;
	}
	if (!braceable(l, b)) {
		walk_stmt(l, b, st, before);
		return;
	}
	walk_stmt(l, b, st, &inner);
	if (inner) {
		add_offset(l, LOCKSTEP_BRACE | c_start(b), b, inner & LOCKSTEP_WHY_READ ? LOCKSTEP_WHY_READ : inner);
		inner = 0;
		state_free(st);
		walk_stmt(l, b, st, &inner);
	}
}

static bool is_control(enum CXCursorKind k)
{
	return k == CXCursor_IfStmt || k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	       k == CXCursor_CXXForRangeStmt;
}

/*
 * The lanes meet before each test of loop's condition: `for (...; cond;
 * ...) stmt;` whose turn reads what the turn before stored for another lane
 * has no { } to hold a meeting before stmt.  A condition that cannot take
 * it (a macro's, a top-level comma, none) is refused (check_lockstep()).
 */
static void add_turn(struct lockstep *l, CXCursor loop)
{
	enum CXCursorKind k = clang_getCursorKind(loop);
	CXCursor init, cond = clang_getNullCursor(), inc, body;
	struct cx_kids ks;

	if (k == CXCursor_ForStmt) {
		for_parts(l->s, loop, &init, &cond, &inc, &body);
	} else if (k == CXCursor_WhileStmt || k == CXCursor_DoStmt) {
		ks = cx_kids_of(loop);
		if (ks.n == 2)
			cond = ks.c[k == CXCursor_DoStmt ? 1 : 0];
		cx_kids_free(&ks);
	}
	if (!clang_Cursor_isNull(cond) && clang_getCursorKind(cond) != CXCursor_VarDecl &&
	    cond_can_prefix(l->s, cond)) {
		add_offset(l, LOCKSTEP_TURN | c_start(cond), loop, LOCKSTEP_WHY_TURN);
		return;
	}
	if (clang_Cursor_isNull(l->bad))
		l->bad = loop;
	add_offset(l, LOCKSTEP_BAD | c_start(loop), loop, LOCKSTEP_WHY_TURN);
}

/*
 * A loop's body entered in state *st; after the loop, *st (no turn) and what
 * the turns leave.  A turn starts from what the one before left: its reads
 * of the elements the last turn stored for other lanes, its stores of what
 * the last turn read, get their meetings (walked again until no new point;
 * at least twice: the first walk starts from what came before the loop).
 * A body that is no { } block meets at the loop's condition (add_turn()).
 * What only a later turn finds comes across the loop's back edge: where the
 * body has a barrier, loop fission runs the loop once per block and every
 * thread finishes a turn's last thread loop before any starts the next
 * turn's first (plan_stmts.c, S_CONTROL), so only fibers need those points
 * (l->edge; tests/cc/kernels/integral.cu's running total).
 */
static void walk_loop_body(struct lockstep *l, CXCursor loop, CXCursor body, struct state *st, unsigned *before)
{
	struct state turn = state_copy(st), out = { 0 };
	bool block = clang_getCursorKind(unwrap_stmt(l->s, body)) == CXCursor_CompoundStmt;
	bool split = count_barriers(body) > 0, edge = l->edge;

	for (unsigned again = 0; again < 4; again++) {
		unsigned n = l->n, later = 0;
		struct state next;

		l->edge = edge || (again && split);
		walk_body(l, body, &turn, again && !block ? &later : before);
		if (later) {
			/* met at the condition: the turn again, from nothing pending */
			add_turn(l, loop);
			state_free(&turn);
			walk_body(l, body, &turn, &later);
		}
		state_join(&out, &turn);
		if (again && l->n == n)
			break;	/* no new point: the next turn walks as this one */
		next = state_copy(&turn);
		state_free(&turn);
		turn = next;
	}
	l->edge = edge;
	state_join(st, &out);
	state_free(&turn);
	state_free(&out);
}

static void walk_header(struct lockstep *l, struct cx_kids *ks, unsigned first, unsigned last, struct state *st,
			unsigned *before)
{
	for (unsigned i = first; i < last; i++) {
		struct access a = accesses(l, ks->c[i]);

		*before |= must_meet(l, st, &a);
		add_rmw(l, &a, ks->c[i]);
		after(st, &a);
		access_free(&a);
	}
}

/* The then branch's state: the condition's reads marked as made under the guard at depth d (guarded_apart). */
static void mark_guarded(struct accs *load, unsigned from, unsigned d)
{
	for (unsigned i = from; i < load->n; i++)
		load->v[i].guard = d;
}

/* After the if: its condition's reads are reads like any other (the next turn's k may differ). */
static void unmark_guarded(struct accs *load, unsigned d)
{
	for (unsigned i = 0; i < load->n; i++)
		if (load->v[i].guard >= d)
			load->v[i].guard = 0;
}

/*
 * An if, its condition (ks->c[0]) not yet walked: each branch walks from
 * the state after it; in the then branch the condition's reads are marked,
 * so that a store the guard proves apart from them needs no meeting.
 */
static void walk_if(struct lockstep *l, struct cx_kids *ks, struct state *st, unsigned *before)
{
	struct state in;
	struct lane_ids ids = { l->tid, l->x_apart };
	unsigned nload;

	nload = st->load.n;
	walk_header(l, ks, 0, 1, st, before);
	in = state_copy(st);
	if (ks->n >= 3)
		state_free(st);	/* an else: no path leaves it as it came */
	for (unsigned i = 1; i < ks->n; i++) {
		struct state branch = state_copy(&in);
		bool guarded = i == 1 && l->nguard < sizeof(l->guard) / sizeof(l->guard[0]);

		if (i == 1 && lockstep_one_lane(l->s, &ids, ks->c[0])) {
			/* one lane: a meeting before the if for what it reads or stores of the others' */
			struct access a = accesses(l, ks->c[i]);

			*before |= must_meet(l, &branch, &a);
			after(&branch, &a);
			access_free(&a);
			state_join(st, &branch);
			state_free(&branch);
			continue;
		}
		if (guarded) {	/* the then branch runs where the condition holds */
			l->guard[l->nguard++] = ks->c[0];
			mark_guarded(&branch.load, nload, l->nguard);
		}
		walk_body(l, ks->c[i], &branch, before);
		if (guarded) {
			unmark_guarded(&branch.load, l->nguard);
			l->nguard--;
		}
		state_join(st, &branch);
		state_free(&branch);
	}
	state_free(&in);
}

/*
 * The statement c entered in state *st, left in the state after it.
 * *before: c must be preceded by a point (it reads where no point of its
 * own can go).
 */
static void walk_stmt(struct lockstep *l, CXCursor c, struct state *st, unsigned *before)
{
	enum CXCursorKind k;
	struct cx_kids ks;
	struct access a;
	unsigned first, last, why;

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
		*before |= must_meet(l, st, &a);
		add_rmw(l, &a, c);
		after(st, &a);
		access_free(&a);
		return;
	}
	ks = cx_kids_of(c);
	/* the header: if's condition; a loop's all but its body; do's condition */
	first = k == CXCursor_DoStmt ? 1 : 0;
	last = !ks.n ? 0 : k == CXCursor_IfStmt ? 0 : k == CXCursor_DoStmt ? ks.n : ks.n - 1;
	walk_header(l, &ks, first, last, st, before);	/* an if's condition: walk_if's */
	if (k == CXCursor_IfStmt) {
		walk_if(l, &ks, st, before);
	} else if (ks.n) {
		CXCursor body = ks.c[k == CXCursor_DoStmt ? 0 : ks.n - 1];

		a = accesses(l, body);
		why = must_meet(l, st, &a);
		if (why && !a.sync) {
			/* meet once before the loop rather than in every turn */
			*before |= why;
			state_free(st);
			walk_header(l, &ks, first, last, st, before);
		}
		access_free(&a);
		walk_loop_body(l, c, body, st, before);
	}
	cx_kids_free(&ks);
}

static void walk_block(struct lockstep *l, CXCursor c, struct state *st)
{
	struct cx_kids ks = cx_kids_of(c);

	for (unsigned i = 0; i < ks.n; i++) {
		unsigned before = 0;

		walk_stmt(l, ks.c[i], st, &before);
		if (before) {
			add_point(l, ks.c[i], before);
			before = 0;
			state_free(st);
			walk_stmt(l, ks.c[i], st, &before);
		}
	}
	cx_kids_free(&ks);
}

struct found {
	unsigned *pts;
	CXCursor first, bad;
	unsigned first_why, first_off, nfission;
};

static unsigned points(const struct source *s, CXCursor fn, bool x_apart, struct found *f)
{
	struct lockstep l = { s, { 0 }, NULL, NULL, 0, 0, clang_getNullCursor(), 0, 0, 0, false, NULL, { { 0 } }, 0,
			      clang_getNullCursor(), false, fn, NULL, x_apart };
	struct cx_kids ks = cx_kids_of(fn);
	struct ptr_scan ps = { &l, true };
	CXCursor body = clang_getNullCursor();
	struct state st = { 0 };

	for (unsigned i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
			body = ks.c[i];
	cx_kids_free(&ks);
	f->pts = NULL;
	f->first = f->bad = clang_getNullCursor();
	f->first_why = f->first_off = f->nfission = 0;
	if (clang_Cursor_isNull(body))
		return 0;
	if (s->lstats)
		s->lstats->asked++;
	lockstep_given_params(s, fn, &l.ptrs);
	/* fibers only: a spinning kernel runs as fibers; the C path refuses or keeps lock-only loops (spin.c) */
	l.spins = s->cxx && s->model != EXEC_FISSION && spin_line(s, fn) != 0;
	/*
	 * Nothing to find: every access the walk records names __shared__
	 * memory or a pointer given some, and an atomic counts only in a
	 * function that spins.  Walking such a function anyway took HeCBench's
	 * maxFlops (thousands of statements from macros, no __shared__) past
	 * minutes (issue 38).
	 */
	if (!l.ptrs.n && !l.spins && !mentions(&l, body)) {
		cx_kids_free(&l.ptrs);
		return 0;
	}
	if (s->lstats)
		s->lstats->walked++;
	l.tid = lockstep_linear_tid(s, fn);
	while (ps.more) {	/* fixed point: a pointer copied from such a pointer */
		ps.more = false;
		clang_visitChildren(body, ptr_visit, &ps);
	}
	l.into = ptr_targets(&l, body);
	l.fn_text = text_squeezed(s, c_start(body), c_end(body));
	walk_block(&l, body, &st);
	free(l.fn_text);
	free(l.into);
	free(l.tid);
	state_free(&st);
	cx_kids_free(&l.ptrs);
	f->pts = l.pt;
	f->first = l.first;
	f->first_why = l.first_why;
	f->first_off = l.first_off;
	f->nfission = l.nfission;
	f->bad = l.bad;
	return l.n;
}

/* for the fiber emitter: no proof counts on the block's shape (fibers run whatever shape the launch has) */
unsigned lockstep_points(const struct source *s, CXCursor fn, unsigned **pts)
{
	struct found f;
	unsigned n = points(s, fn, false, &f);

	*pts = f.pts;
	return n;
}

bool lockstep_first(const struct source *s, CXCursor fn, CXCursor *stmt, unsigned *why)
{
	struct found f;
	unsigned n = points(s, fn, true, &f);

	(void)n;
	free(f.pts);
	*stmt = f.first;
	*why = f.first_why;
	return f.nfission > 0;
}

unsigned lockstep_fission_points(const struct source *s, CXCursor fn, unsigned *first)
{
	struct found f;

	points(s, fn, true, &f);
	free(f.pts);
	*first = f.first_off;
	return f.nfission;
}

bool lockstep_bad(const struct source *s, CXCursor fn, CXCursor *stmt)
{
	struct found f;

	points(s, fn, true, &f);
	free(f.pts);
	*stmt = f.bad;
	return !clang_Cursor_isNull(f.bad);
}

unsigned lockstep_shape_line(const struct source *s, CXCursor fn)
{
	struct found any, strict;
	unsigned na = points(s, fn, true, &any), ns = points(s, fn, false, &strict), line = 0;
	bool same = na == ns && any.nfission == strict.nfission;

	for (unsigned i = 0; same && i < na; i++)
		same = any.pts[i] == strict.pts[i];
	if (!same && !clang_Cursor_isNull(strict.first)) {
		CXSourceLocation at = clang_getCursorLocation(strict.first);

		clang_getExpansionLocation(at, NULL, &line, NULL, NULL);
	}
	free(any.pts);
	free(strict.pts);
	return same ? 0 : line ? line : 1;
}
