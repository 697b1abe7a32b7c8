// SPDX-License-Identifier: MIT
/*
 * lockstep_guard.c - when the `if` around an assignment proves that no lane
 * of a warp reads an element another lane stores (lib/cc/README.md "Lock
 * step without volatile").  `s[t] += s[t + k];` reads another lane's element
 * of what it stores, which in lock step every lane reads before any lane
 * writes (lockstep.c then makes it read, meet, write: a kernel that runs as
 * fibers).  Under the guards of the textbook tree reductions the elements
 * are apart, and loop fission keeps the kernel:
 *
 *   if (t < k)             s[t] op= ... s[t + k] ...   stores below k, reads at k and above
 *   if (t % (2 * k) == 0)  s[t] op= ... s[t + k] ...   stores at multiples of 2k, reads k past one
 *   if (g % (2 * k) == 0)  s[t] op= ... s[t + k] ...   the same, g = blockIdx.x * blockDim.x + t
 *
 *   buf[a * n + ...] = ... buf[b * n + ...] ...    with b = 1 - a: two halves of a double buffer
 *
 * t is the lane's index, different in every lane of a warp: the block's
 * linear thread index, or threadIdx.x (or a local set to it) where every
 * block is 1-D or its rows at least a warp long -- in a 2-D block whose
 * rows are shorter, lanes (x, y) and (x, y + 1) share t, and lane after
 * lane both would add s[t + k] (issue 38, twelfth session: a kernel whose
 * proof counts on it checks the block at launch, lockstep_shape_line(); a
 * fiber kernel rewrites such an assignment read, meet, write).  k the same
 * text in guard and index, the same for all lanes (the loop's stride).
 * Anything else is not proved.
 *
 * And `if (t == 0)`, t as above: one lane runs the branch (a serial scan,
 * `for (k = 1; k < n; k++) s[k] += s[k - 1];`), no other lane of its warp
 * reads or stores there (lockstep.c meets before the branch where it reads
 * what the others stored).
 */
#include "cc.h"
#include "cx.h"
#include "warp.h"

#include <stdlib.h>
#include <string.h>

char *text_squeezed(const struct source *s, unsigned a, unsigned e)
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

/* "B[X]" -> X (malloc'd) when text is that and starts with the same B as other; else NULL */
static char *index_of(const char *text, const char *other)
{
	const char *o = strchr(text, '['), *p = strchr(other, '[');
	size_t n = strlen(text);
	char *x;

	if (!o || !p || o - text != p - other || strncmp(text, other, (size_t)(o - text)) ||
	    text[n - 1] != ']' || strchr(o + 1, '[') ||
	    memchr(o + 1, ']', (size_t)(text + n - 1 - (o + 1))))
		return NULL;
	x = cx_alloc(n);
	memcpy(x, o + 1, (size_t)(text + n - 1 - (o + 1)));
	x[text + n - 1 - (o + 1)] = 0;
	return x;
}

/* y is "x+k" or "k+x": k in *k (malloc'd) */
static bool plus_of(const char *y, const char *x, char **k)
{
	size_t nx = strlen(x), ny = strlen(y);

	*k = NULL;
	if (ny > nx + 1 && !strncmp(y, x, nx) && y[nx] == '+')
		*k = cx_strdup(y + nx + 1);
	else if (ny > nx + 1 && !strcmp(y + ny - nx, x) && y[ny - nx - 1] == '+') {
		*k = cx_strdup(y);
		(*k)[ny - nx - 1] = 0;
	}
	return *k != NULL;
}

static bool is_binary(const struct source *s, CXCursor c, const char *op, CXCursor *l, CXCursor *r)
{
	struct cx_kids ks;
	char o[4];
	bool ok;

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op_text(s, c, o);
	if (strcmp(o, op))
		return false;
	ks = cx_kids_of(c);
	ok = ks.n == 2;
	if (ok) {
		*l = strip(ks.c[0]);
		*r = strip(ks.c[1]);
	}
	cx_kids_free(&ks);
	return ok;
}

static bool text_is(const struct source *s, CXCursor c, const char *want)
{
	char *t;

	/* `(int)threadIdx.x < h` guards `part[threadIdx.x]`: the cast's operand */
	while (clang_getCursorKind(c) == CXCursor_CStyleCastExpr) {
		struct cx_kids ks = cx_kids_of(c);

		if (!ks.n) {
			cx_kids_free(&ks);
			break;
		}
		c = strip(ks.c[ks.n - 1]);
		cx_kids_free(&ks);
	}
	t = text_squeezed(s, c_start(c), c_end(c));
	bool r = t && !strcmp(t, want);

	free(t);
	return r;
}

/* Is m the text 2*k, k*2, 2*(k) or (k)*2? */
static bool twice(const char *m, const char *k)
{
	size_t n = strlen(m), nk = strlen(k);

	if (n == nk + 2 && !strncmp(m, "2*", 2) && !strcmp(m + 2, k))
		return true;
	if (n == nk + 2 && !strcmp(m + nk, "*2") && !strncmp(m, k, nk))
		return true;
	if (n == nk + 4 && !strncmp(m, "2*(", 3) && !strncmp(m + 3, k, nk) && m[n - 1] == ')')
		return true;
	return n == nk + 4 && m[0] == '(' && !strncmp(m + 1, k, nk) && !strcmp(m + nk + 1, ")*2");
}

static bool thread_index(const struct source *s, CXCursor c);

/*
 * Do the lanes of a warp see different values of c?  The block's linear
 * thread index (ids->tid) always; threadIdx.x, or a local set to it, only
 * where ids->x_apart: in a 2-D block whose rows are shorter than a warp,
 * lanes (x, y) and (x, y + 1) share it (lockstep_shape_line() checks the
 * block at launch where a proof counts on it).  Anything else: not known.
 */
bool lockstep_lanes_apart(const struct source *s, const struct lane_ids *ids, CXCursor c)
{
	if (ids->tid && text_is(s, c, ids->tid))
		return true;
	return ids->x_apart && thread_index(s, c);
}

static bool lanes_apart(const struct source *s, const struct lane_ids *ids, CXCursor c)
{
	return lockstep_lanes_apart(s, ids, c);
}

/* blockIdx.x * blockDim.x or blockDim.x * blockIdx.x: the block's first global x index. */
static bool block_base(const struct source *s, CXCursor c)
{
	CXCursor l, r;

	return is_binary(s, strip(c), "*", &l, &r) &&
	       ((text_is(s, l, "blockIdx.x") && text_is(s, r, "blockDim.x")) ||
		(text_is(s, l, "blockDim.x") && text_is(s, r, "blockIdx.x")));
}

struct named_local {
	const struct source *s;
	const char *name;
	bool found;
};

static enum CXChildVisitResult find_thread_local(CXCursor c, CXCursor parent, CXClientData d)
{
	struct named_local *nl = d;
	CXCursor init;
	char *n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_VarDecl)
		return CXChildVisit_Recurse;
	n = cx_spelling(c);
	init = var_init(c);
	if (!strcmp(n, nl->name) && !clang_Cursor_isNull(init) && thread_index(nl->s, init) &&
	    !wl_var_written(nl->s, clang_getCursorSemanticParent(c), c))
		nl->found = true;
	free(n);
	return nl->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Is x threadIdx.x, or the name of a local of fn set to it and never assigned (`int tid = threadIdx.x;`)? */
static bool x_is_thread_index(const struct source *s, CXCursor fn, const char *x)
{
	struct named_local nl = { s, x, false };

	if (!strcmp(x, "threadIdx.x"))
		return true;
	if (!clang_Cursor_isNull(fn))
		clang_visitChildren(fn, find_thread_local, &nl);
	return nl.found;
}

/* T is the lane's thread index as x is: the same text, or both threadIdx.x (fn: where x is declared). */
static bool same_thread_index(const struct source *s, CXCursor fn, CXCursor t, const char *x)
{
	return thread_index(s, t) && (text_is(s, t, x) || x_is_thread_index(s, fn, x));
}

/* B + T or T + B, B the block's base, T the lane's thread index x. */
static bool base_plus(const struct source *s, CXCursor fn, CXCursor c, const char *x)
{
	CXCursor l, r;

	return is_binary(s, strip(c), "+", &l, &r) &&
	       ((block_base(s, l) && same_thread_index(s, fn, r, x)) ||
		(block_base(s, r) && same_thread_index(s, fn, l, x)));
}

/*
 * Is a the global index of the lane whose thread index is x: `blockIdx.x *
 * blockDim.x + x`, or a local initialised so and never assigned (issue
 * 38, thirty-first session)?  Then a = C + x with C the same in every
 * lane of the block, and `a % (2 * k) == 0` proves the store at x apart
 * from the load at x + k as `x % (2 * k) == 0` does: the lane whose x is
 * x + k has a = C + x + k, which 2k divides only where it divides k, that
 * is k == 0 (the lane's own element).  Public reductions guard the tree so
 * (`if ((idx % (stride * 2)) == 0) s[threadIdx.x] += s[threadIdx.x +
 * stride];`).
 */
static bool global_of(const struct source *s, CXCursor a, const char *x)
{
	CXCursor d, init, fn;

	a = strip(a);
	if (base_plus(s, clang_getNullCursor(), a, x))
		return true;
	if (clang_getCursorKind(a) != CXCursor_DeclRefExpr)
		return false;
	d = clang_getCursorReferenced(a);
	fn = clang_getCursorSemanticParent(d);
	init = clang_getCursorKind(d) == CXCursor_VarDecl ? var_init(d) : clang_getNullCursor();
	if (clang_Cursor_isNull(init) || clang_Cursor_isNull(fn) || !base_plus(s, fn, init, x))
		return false;
	return !wl_var_written(s, fn, d);
}

/* One conjunct c of a guard: does it prove store index x apart from load index x + k? */
static bool conjunct_apart(const struct source *s, const struct lane_ids *ids, CXCursor c, const char *x, const char *k)
{
	CXCursor l, r, a, b;
	bool ok = false;

	c = strip(c);
	if (is_binary(s, c, "&&", &l, &r))
		return conjunct_apart(s, ids, l, x, k) || conjunct_apart(s, ids, r, x, k);
	if (is_binary(s, c, "<", &l, &r)) /* x < k */
		return text_is(s, l, x) && text_is(s, r, k) && lanes_apart(s, ids, l);
	if (is_binary(s, c, ">", &l, &r)) /* k > x */
		return text_is(s, l, k) && text_is(s, r, x) && lanes_apart(s, ids, r);
	if (!is_binary(s, c, "==", &l, &r))
		return false;
	if (text_is(s, l, "0"))
		l = r;
	else if (!text_is(s, r, "0"))
		return false;
	if (is_binary(s, l, "%", &a, &b) &&
	    ((text_is(s, a, x) && lanes_apart(s, ids, a)) ||
	     (ids->x_apart && global_of(s, a, x)))) { /* x % (2 * k) == 0 */
		char *m = text_squeezed(s, c_start(b), c_end(b));

		ok = m && twice(m, k);
		free(m);
	}
	return ok;
}

/* "A*M+..." -> A and M (malloc'd), A an identifier */
static bool half_of(const char *x, char **a, char **m)
{
	const char *star = strchr(x, '*'), *end;

	*a = *m = NULL;
	if (!star || star == x)
		return false;
	for (const char *p = x; p < star; p++)
		if (!text_ident_char(*p))
			return false;
	end = strchr(star + 1, '+');
	if (!end || end == star + 1)
		return false;
	*a = cx_alloc((size_t)(star - x) + 1);
	memcpy(*a, x, (size_t)(star - x));
	(*a)[star - x] = 0;
	*m = cx_alloc((size_t)(end - star));
	memcpy(*m, star + 1, (size_t)(end - star - 1));
	(*m)[end - star - 1] = 0;
	return true;
}

/* Does the function's text (no blanks) set b = 1 - a? */
static bool sets_other_half(const char *fn_text, const char *b, const char *a)
{
	size_t nb = strlen(b), na = strlen(a);

	for (const char *p = strstr(fn_text, b); p; p = strstr(p + 1, b))
		if ((p == fn_text || !text_ident_char(p[-1])) && !strncmp(p + nb, "=1-", 3) &&
		    !strncmp(p + nb + 3, a, na) && !text_ident_char(p[nb + 3 + na]))
			return true;
	return false;
}

/*
 * The two halves of a double buffer (the scans of GPU Gems and public code):
 * `buf[pout * n + t] = buf[pin * n + t] + buf[pin * n + t - off];` with
 * `pin = 1 - pout` in the function: a store to one half, reads of the other
 * (the offsets within a half taken in [0, n), as such code has them).
 */
static bool other_half(const char *fn_text, const char *x, const char *y)
{
	char *a, *m, *b, *n;
	bool hx = half_of(x, &a, &m), hy = half_of(y, &b, &n), r = false;

	if (fn_text && hx && hy)
		r = strcmp(a, b) && !strcmp(m, n) &&
		    (sets_other_half(fn_text, a, b) || sets_other_half(fn_text, b, a));
	free(a);
	free(m);
	free(b);
	free(n);
	return r;
}

bool lockstep_apart(const struct source *s, const struct lane_ids *ids, const CXCursor *guards, unsigned n,
		    const char *fn_text, const char *store, const char *load)
{
	char *x, *y, *k = NULL;
	bool r = false;

	if (!store || !load)
		return false;
	x = index_of(store, load);
	y = index_of(load, store);
	r = x && y && other_half(fn_text, x, y);
	if (x && y && !r && plus_of(y, x, &k))
		for (unsigned i = 0; i < n && !r; i++)
			r = conjunct_apart(s, ids, guards[i], x, k);
	free(x);
	free(y);
	free(k);
	return r;
}

/* Is c the lane's thread index: threadIdx.x, or a local variable set to it (`int t =
 * threadIdx.x;`)? */
static bool thread_index(const struct source *s, CXCursor c)
{
	CXCursor r, init;
	bool ok = false;

	c = strip(c);
	if (text_is(s, c, "threadIdx.x"))
		return true;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return false;
	r = clang_getCursorReferenced(c);
	if (clang_getCursorKind(r) != CXCursor_VarDecl || !cx_only_child(r, &init))
		return false;
	init = strip(init);
	ok = text_is(s, init, "threadIdx.x") || text_is(s, init, "(int)threadIdx.x");
	return ok;
}

static bool is_literal(CXCursor c)
{
	return clang_getCursorKind(strip(c)) == CXCursor_IntegerLiteral;
}

/*
 * The coordinates of threadIdx that the conjunction c pins to a constant
 * (`threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0`, the leader
 * warp_volatile.c writes): bit 0 x (or a local set to it), 1 y, 2 z.
 */
static unsigned pinned(const struct source *s, CXCursor c)
{
	CXCursor l, r, v;

	c = strip(c);
	if (is_binary(s, c, "&&", &l, &r))
		return pinned(s, l) | pinned(s, r);
	if (!is_binary(s, c, "==", &l, &r))
		return 0;
	v = is_literal(r) ? l : is_literal(l) ? r : clang_getNullCursor();
	if (clang_Cursor_isNull(v))
		return 0;
	v = strip(v);
	return thread_index(s, v) ? 1u : text_is(s, v, "threadIdx.y") ? 2u : text_is(s, v, "threadIdx.z") ? 4u : 0u;
}

bool lockstep_one_lane(const struct source *s, const struct lane_ids *ids, CXCursor guard)
{
	CXCursor l, r;

	guard = strip(guard);
	if (pinned(s, guard) == 7u)
		return true;	/* one thread of the block, whatever its shape */
	if (is_binary(s, guard, "&&", &l, &r))
		return lockstep_one_lane(s, ids, l) || lockstep_one_lane(s, ids, r);
	if (!is_binary(s, guard, "==", &l, &r))
		return false;
	return (lanes_apart(s, ids, l) && is_literal(r)) || (lanes_apart(s, ids, r) && is_literal(l));
}
