// SPDX-License-Identifier: MIT
/*
 * lockstep_rows.c - proofs that two elements are apart by the linear thread
 * index (lib/cc/README.md "Lock step without volatile").  Kernels keep a
 * block's threads in rows of a __shared__ array: `s[tid + NT * j]` with
 *
 *   unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
 *
 * the thread's linear index, the order of CUDA's warps: a warp is 32
 * consecutive linear indices of its block.  Two proofs use it:
 *
 *   s[tid + c1] and s[tid + c2], |c1 - c2| >= 32: the lanes that could meet
 *       on one element are of two warps, which lock step does not order
 *       (without a barrier between, that is a race on a GPU as well);
 *
 *   if (threadIdx.x < k) s[tid + c] op= ... s[tid + k + c] ...: the row-wise
 *       tree, with k halved from blockDim.x / 2 (`for (k = blockDim.x / 2;
 *       k > 0; k >>= 1)`, nothing else assigns it): the lanes store at
 *       x < k of their row and read at [k, 2k) of it, 2k <= blockDim.x, so
 *       no lane reads what another stores, in its row or another.
 *
 *   s[tid + c1] = ... s[tid + c2] ..., one statement, s of N elements,
 *       c1 > c2, N - c1 <= c1 - c2: every lane that runs the statement has
 *       tid < N - c1 (else it stores out of bounds, undefined on a GPU), so
 *       no two such lanes are c1 - c2 apart (the
 *       fuzzer's rows: s[tid + 8u * 2u] = f(s[tid + 8u * 0u]) in 24
 *       elements; tid may be threadIdx.x, .y or .z here too);
 *       and the mirror, c2 > c1, N - c2 <= c2 - c1, where no lane that
 *       stores skips the load (not in a ?: branch, right of && or ||):
 *       each such lane has tid < N - c2, so every store is below c2 and
 *       every load at c2 or above (s0[tid] = f(s0[tid + 18u]) in 36
 *       elements, tests/cc/fuzz/regress/narrow_rows_launch.cu).  Both
 *       count on no lane order and no block shape: the two sets of
 *       elements are apart in any turns of a loop, under any schedule;
 *
 * c, c1, c2 integer constants (`8u * 2u`); the index a sum of them and one
 * lane term.  The generalised simple form `if (t < k) s[t + c] op= s[t + k +
 * c]` (t any lane index, taken non-negative as lockstep_guard.c takes it)
 * is proved here too.  Anything else is not proved.
 */
#include "cc.h"
#include "cx.h"

#include <stdlib.h>
#include <string.h>

#define WARP_LANES  32
#define MAX_TERMS   8
#define CONST_LIMIT (1ll << 40)

/* An index: its terms that are not constants, and the sum of those that are. */
struct sum {
	char *term[MAX_TERMS];
	unsigned n;
	long long c;
};

static void sum_free(struct sum *x)
{
	for (unsigned i = 0; i < x->n; i++)
		free(x->term[i]);
	x->n = 0;
}

/* Does text[a, e) sit in one pair of parentheses? */
static bool wrapped(const char *t, size_t a, size_t e)
{
	int depth = 0;

	if (e - a < 2 || t[a] != '(' || t[e - 1] != ')')
		return false;
	for (size_t i = a; i < e - 1; i++) {
		depth += (t[i] == '(') - (t[i] == ')');
		if (!depth)
			return false;
	}
	return true;
}

/* The first top-level operator character op in text[a, e), or e. */
static size_t top_level(const char *t, size_t a, size_t e, char op)
{
	int depth = 0;

	for (size_t i = a; i < e; i++) {
		depth += (t[i] == '(' || t[i] == '[') - (t[i] == ')' || t[i] == ']');
		if (!depth && t[i] == op)
			return i;
	}
	return e;
}

/* An integer literal with optional u/l suffixes: its value. */
static bool literal(const char *t, size_t a, size_t e, long long *v)
{
	size_t i = a;

	*v = 0;
	for (; i < e && t[i] >= '0' && t[i] <= '9'; i++) {
		*v = *v * 10 + (t[i] - '0');
		if (*v > CONST_LIMIT)
			return false;
	}
	if (i == a || (t[a] == '0' && i - a > 1))
		return false; /* not decimal (octal): not needed */
	for (; i < e; i++)
		if (!strchr("uUlL", t[i]))
			return false;
	return true;
}

/* Is text[a, e) a constant made of decimal literals, + and *: its value. */
static bool constant(const char *t, size_t a, size_t e, long long *v)
{
	size_t p;
	long long l, r;

	while (wrapped(t, a, e)) {
		a++;
		e--;
	}
	p = top_level(t, a, e, '+');
	if (p == e)
		p = top_level(t, a, e, '*');
	if (p == e)
		return literal(t, a, e, v);
	if (!constant(t, a, p, &l) || !constant(t, p + 1, e, &r))
		return false;
	*v = t[p] == '+' ? l + r : l * r;
	return *v <= CONST_LIMIT;
}

/* Only +, * and operators that bind tighter at the top level of text[a, e)? */
static bool additive(const char *t, size_t a, size_t e)
{
	int depth = 0;

	for (size_t i = a; i < e; i++) {
		depth += (t[i] == '(' || t[i] == '[') - (t[i] == ')' || t[i] == ']');
		if (!depth && strchr("-<>=!&|^?:,", t[i]))
			return false;
	}
	return depth == 0;
}

/* The index text x (no blanks) as a sum: false where it is not one. */
static bool sum_of(const char *x, struct sum *s)
{
	size_t e = strlen(x), a = 0;

	memset(s, 0, sizeof(*s));
	if (!additive(x, 0, e))
		return false;
	while (a < e) {
		size_t p = top_level(x, a, e, '+');
		long long v;

		if (p == a)
			break;
		if (constant(x, a, p, &v)) {
			s->c += v;
		} else if (s->n < MAX_TERMS) {
			s->term[s->n] = cx_alloc(p - a + 1);
			memcpy(s->term[s->n], x + a, p - a);
			s->term[s->n++][p - a] = 0;
		} else {
			break;
		}
		a = p + 1;
	}
	if (a < e) {
		sum_free(s);
		return false;
	}
	return true;
}

/* "B[X]" -> X (malloc'd) when text is that with one pair of brackets; else NULL */
static char *index_text(const char *text)
{
	const char *o = strchr(text, '[');
	size_t n = strlen(text);
	char *x;

	if (!o || o == text || text[n - 1] != ']' || strchr(o + 1, '[') ||
	    memchr(o + 1, ']', n - 2 - (size_t)(o - text)))
		return NULL;
	x = cx_alloc(n);
	memcpy(x, o + 1, n - 2 - (size_t)(o - text));
	x[n - 2 - (o - text)] = 0;
	return x;
}

/* The indices of store and load: the same base text, each a sum. */
static bool sums(const char *store, const char *load, struct sum *x, struct sum *y)
{
	char *a = index_text(store), *b = index_text(load);
	bool ok = a && b && strchr(store, '[') - store == strchr(load, '[') - load &&
		  !strncmp(store, load, (size_t)(strchr(store, '[') - store)) && sum_of(a, x);

	if (ok && !sum_of(b, y)) {
		sum_free(x);
		ok = false;
	}
	free(a);
	free(b);
	return ok;
}

bool lockstep_warps_apart(const char *tid, const char *store, const char *load)
{
	struct sum x, y;
	bool r;

	if (!tid || !store || !load || !sums(store, load, &x, &y))
		return false;
	r = x.n == 1 && y.n == 1 && !strcmp(x.term[0], tid) && !strcmp(y.term[0], tid) &&
	    (x.c - y.c >= WARP_LANES || y.c - x.c >= WARP_LANES);
	sum_free(&x);
	sum_free(&y);
	return r;
}

bool lockstep_bounds_apart(const char *tid, long long size, const char *store, const char *load,
			   bool load_sure)
{
	struct sum x, y;
	bool r = false;

	if (!store || !load || size <= 0 || !sums(store, load, &x, &y))
		return false;
	if (x.n == 1 && y.n == 1 && !strcmp(x.term[0], y.term[0]) &&
	    ((tid && !strcmp(x.term[0], tid)) || !strcmp(x.term[0], "threadIdx.x") ||
	     !strcmp(x.term[0], "threadIdx.y") || !strcmp(x.term[0], "threadIdx.z"))) {
		/* the store's bound holds for every lane that runs it; a load's only where it is
		 * not skipped (a ?: branch, the right of && or ||) */
		r = (x.c > y.c && size - x.c <= x.c - y.c) ||
		    (load_sure && y.c > x.c && size - y.c <= y.c - x.c);
	}
	sum_free(&x);
	sum_free(&y);
	return r;
}

/* ---- what the function's code says about a variable ---------------------------- */

struct uses {
	const struct source *s;
	const char *name;
	CXCursor decl; /* the one declaration of that name (null: none yet) */
	bool bad;      /* a second declaration, a reference elsewhere, or a write not allowed */
	bool halving;  /* writes allowed: k >>= 1, k /= 2 */
};

static bool spelled(CXCursor c, const char *name)
{
	char *n = cx_spelling(c);
	bool r = !strcmp(n, name);

	free(n);
	return r;
}

static bool refers_to(CXCursor e, CXCursor decl)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), decl);
}

static bool text_of_is(const struct source *s, CXCursor c, const char *want)
{
	char *t = text_squeezed(s, c_start(c), c_end(c));
	bool r = t && !strcmp(t, want);

	free(t);
	return r;
}

/* A call given the variable where a reference (or an unknown function's parameter) may change it.
 */
static void call_of(struct uses *u, CXCursor c)
{
	CXCursor f = clang_getCursorReferenced(c);
	int n = clang_Cursor_getNumArguments(c);

	for (int i = 0; i < n; i++) {
		CXCursor p;

		if (!refers_to(clang_Cursor_getArgument(c, (unsigned)i), u->decl))
			continue;
		p = clang_Cursor_isNull(f) ? f : clang_Cursor_getArgument(f, (unsigned)i);
		if (clang_Cursor_isNull(p) ||
		    clang_getCursorType(p).kind == CXType_LValueReference ||
		    clang_getCursorType(p).kind == CXType_RValueReference)
			u->bad = true;
	}
}

/* A write of u's variable by c: allowed only where it halves it. */
static void write_of(struct uses *u, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v;
	char op[4];
	struct cx_kids ks;

	if (k == CXCursor_CallExpr)
		call_of(u, c);
	if (k == CXCursor_UnaryOperator) {
		ks = cx_kids_of(c);
		/* ++, --, & of the variable: all writes or escapes; -x, !x and the like read */
		if (ks.n == 1 && refers_to(ks.c[0], u->decl)) {
			char *tx = text_squeezed(u->s, c_start(c), c_end(c));

			if (tx && (strstr(tx, "++") || strstr(tx, "--") || tx[0] == '&'))
				u->bad = true;
			free(tx);
		}
		cx_kids_free(&ks);
		return;
	}
	if (!assignment(u->s, c, &t, &v) || !refers_to(t, u->decl))
		return;
	op_text(u->s, c, op);
	if (u->halving && ((!strcmp(op, ">>=") && text_of_is(u->s, v, "1")) ||
			   (!strcmp(op, "/=") && text_of_is(u->s, v, "2"))))
		return;
	u->bad = true;
}

static enum CXChildVisitResult uses_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct uses *u = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (u->bad)
		return CXChildVisit_Break;
	if ((k == CXCursor_VarDecl || k == CXCursor_ParmDecl) && spelled(c, u->name)) {
		if (!clang_Cursor_isNull(u->decl) || k == CXCursor_ParmDecl)
			u->bad = true;
		else
			u->decl = c;
	} else if (k == CXCursor_DeclRefExpr && spelled(c, u->name) &&
		   (clang_Cursor_isNull(u->decl) ||
		    !clang_equalCursors(clang_getCursorReferenced(c), u->decl))) {
		u->bad = true; /* another variable of that name, or a use before the declaration */
	} else if (!clang_Cursor_isNull(u->decl)) {
		write_of(u, c);
	}
	return CXChildVisit_Recurse;
}

/* The one declaration of name in fn (its parameters and body), written only as halving allows. */
static CXCursor only_decl(const struct source *s, CXCursor fn, const char *name, bool halving)
{
	struct uses u = {s, name, clang_getNullCursor(), false, halving};

	clang_visitChildren(fn, uses_visit, &u);
	return u.bad ? clang_getNullCursor() : u.decl;
}

/* The initializer of the variable decl, without blanks (malloc'd; NULL: none). */
static char *init_text(const struct source *s, CXCursor decl)
{
	struct cx_kids ks = cx_kids_of(decl);
	char *r = NULL;

	/* the last child: the type's own cursors (a typedef's name) come first */
	if (ks.n && clang_isExpression(clang_getCursorKind(ks.c[ks.n - 1])))
		r = text_squeezed(s, c_start(ks.c[ks.n - 1]), c_end(ks.c[ks.n - 1]));
	cx_kids_free(&ks);
	return r;
}

static bool is_integer_var(CXCursor decl)
{
	enum CXTypeKind k = clang_getCanonicalType(clang_getCursorType(decl)).kind;

	return k == CXType_UInt || k == CXType_Int || k == CXType_ULong || k == CXType_Long ||
	       k == CXType_ULongLong || k == CXType_LongLong;
}

/* the block's linear thread index, as public code and the fuzzer write it */
static const char *const linear_forms[] = {
    "threadIdx.x+blockDim.x*(threadIdx.y+blockDim.y*threadIdx.z)",
    "threadIdx.x+(threadIdx.y+blockDim.y*threadIdx.z)*blockDim.x",
    "threadIdx.x+threadIdx.y*blockDim.x+threadIdx.z*blockDim.x*blockDim.y",
    "(threadIdx.z*blockDim.y+threadIdx.y)*blockDim.x+threadIdx.x",
    "blockDim.x*(blockDim.y*threadIdx.z+threadIdx.y)+threadIdx.x",
};

struct tid_scan {
	const struct source *s;
	CXCursor fn;
	char *name;
};

static enum CXChildVisitResult tid_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct tid_scan *ts = d;
	char *init, *n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	init = init_text(ts->s, c);
	for (size_t i = 0; init && i < sizeof(linear_forms) / sizeof(linear_forms[0]); i++)
		if (!strcmp(init, linear_forms[i]) && is_integer_var(c)) {
			n = cx_spelling(c);
			if (*n && clang_equalCursors(only_decl(ts->s, ts->fn, n, false), c)) {
				ts->name = n;
				n = NULL;
			}
			free(n);
			break;
		}
	free(init);
	return ts->name ? CXChildVisit_Break : CXChildVisit_Recurse;
}

char *lockstep_linear_tid(const struct source *s, CXCursor fn)
{
	struct tid_scan ts = {s, fn, NULL};

	clang_visitChildren(fn, tid_visit, &ts);
	return ts.name;
}

/* Is k a variable started at blockDim.x / 2 and only halved since? */
static bool halved_from_block(const struct source *s, CXCursor fn, const char *k)
{
	CXCursor d = only_decl(s, fn, k, true);
	char *init;
	bool r;

	if (clang_Cursor_isNull(d) || !is_integer_var(d))
		return false;
	init = init_text(s, d);
	r = init && (!strcmp(init, "blockDim.x/2") || !strcmp(init, "blockDim.x>>1"));
	free(init);
	return r;
}

/* Is a threadIdx.x, or a local variable set to it that nothing writes? */
static bool thread_x(const struct source *s, CXCursor fn, CXCursor a)
{
	CXCursor r;
	char *n, *init;
	bool ok;

	while (clang_getCursorKind(a) ==
	       CXCursor_CStyleCastExpr) { /* (int)threadIdx.x: the operand */
		struct cx_kids ks = cx_kids_of(a);
		bool any = ks.n > 0;

		if (any)
			a = strip(ks.c[ks.n - 1]);
		cx_kids_free(&ks);
		if (!any)
			break;
	}
	if (text_of_is(s, a, "threadIdx.x"))
		return true;
	if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return false;
	r = clang_getCursorReferenced(a);
	n = cx_spelling(r);
	ok = clang_getCursorKind(r) == CXCursor_VarDecl && *n &&
	     clang_equalCursors(only_decl(s, fn, n, false), r);
	free(n);
	init = ok ? init_text(s, r) : NULL;
	ok = init && (!strcmp(init, "threadIdx.x") || !strcmp(init, "(int)threadIdx.x"));
	free(init);
	return ok;
}

/* The guard conjunct c: `a < k` or `k > a`, a's and k's texts. */
static bool less_than(const struct source *s, CXCursor c, CXCursor *a, char **k)
{
	struct cx_kids ks;
	char op[4];
	bool lt, ok;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op_text(s, c, op);
	lt = !strcmp(op, "<");
	if (!lt && strcmp(op, ">"))
		return false;
	ks = cx_kids_of(c);
	ok = ks.n == 2;
	if (ok) {
		*a = strip(ks.c[lt ? 0 : 1]);
		*k = text_squeezed(s, c_start(ks.c[lt ? 1 : 0]), c_end(ks.c[lt ? 1 : 0]));
	}
	cx_kids_free(&ks);
	return ok && *k;
}

/* One conjunct c of a guard: does it prove lane term t + k apart from t (k the load's extra term)?
 */
static bool tree_conjunct(const struct source *s, CXCursor fn, CXCursor c, const struct lane_ids *ids,
			  const char *t, const char *k)
{
	const char *tid = ids->tid;
	CXCursor a;
	char *gk = NULL, *at;
	bool r = false;

	c = strip(c);
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator) {
		struct cx_kids ks = cx_kids_of(c);
		char op[4];

		op_text(s, c, op);
		if (!strcmp(op, "&&") && ks.n == 2)
			r = tree_conjunct(s, fn, ks.c[0], ids, t, k) ||
			    tree_conjunct(s, fn, ks.c[1], ids, t, k);
		cx_kids_free(&ks);
		if (r)
			return true;
	}
	if (!less_than(s, c, &a, &gk))
		return false;
	at = text_squeezed(s, c_start(a), c_end(a));
	if (at && !strcmp(gk, k))
		r = (!strcmp(at, t) && lockstep_lanes_apart(s, ids, a)) || /* if (t < k) s[t + c] op= s[t + k + c] */
		    (tid && !strcmp(t, tid) && thread_x(s, fn, a) && halved_from_block(s, fn, k));
	free(at);
	free(gk);
	return r;
}

bool lockstep_tree_apart(const struct source *s, CXCursor fn, const struct lane_ids *ids,
			 const CXCursor *guards, unsigned n, const char *store, const char *load)
{
	struct sum x, y;
	bool r = false;
	unsigned extra = 0, at = 0;

	if (!store || !load || !n || !sums(store, load, &x, &y))
		return false;
	/* y's terms: x's one lane term and one more, k; the same constant */
	if (x.n == 1 && y.n == 2 && x.c == y.c) {
		for (unsigned i = 0; i < 2; i++)
			if (strcmp(y.term[i], x.term[0])) {
				extra++;
				at = i;
			}
		if (extra == 1)
			for (unsigned i = 0; i < n && !r; i++)
				r = tree_conjunct(s, fn, guards[i], ids, x.term[0], y.term[at]);
	}
	sum_free(&x);
	sum_free(&y);
	return r;
}
