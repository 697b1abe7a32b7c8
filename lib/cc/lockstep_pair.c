// SPDX-License-Identifier: MIT
/*
 * lockstep_pair.c - ping-pong pointers into __shared__ memory (lib/cc/README.md
 * "Warp-synchronous code"; issue 38).
 *
 * Jacobi and heat-stencil kernels keep two __shared__ buffers and two
 * pointers that trade places between barriers:
 *
 *	float *src = a, *dst = b;
 *	for (...) { dst[t] = f(src[t - 1], src[t], src[t + 1]); __syncthreads();
 *		    float *tmp = src; src = dst; dst = tmp; }
 *
 * or set them in both branches of an if (`if (s % 2) { src = b; dst = a; }
 * else { src = a; dst = b; }`).  Each pointer points into either buffer, so
 * the lock-step analysis took `dst[t] = f(src[...])` for a statement that
 * may read what it stores for another lane (read, meet, write: fibers, and
 * loop fission refused).  The pair is proved apart here: every write of
 * either pointer is part of a run of consecutive statements of one block
 * that only move pointers (`p = q`, `T *tmp = p`, `p = a`), and each run,
 * evaluated on names, leaves the pair as two distinct __shared__ arrays or
 * as the pair it found, in either order (or both not yet set).  Between
 * runs the two therefore never point into one array, whatever the control
 * flow; within a run nothing is read through them.  Anything else -- `p +=
 * k`, `&p`, `p` bound to a reference, a run that sets one pointer only, an
 * extern __shared__ array (they all start at one address) -- and no proof.
 */
#include "cc.h"

#include <string.h>

/* The names a run's statements may move: the pair, its temporaries, the arrays. */
/* PAIR_UNSET: the pair's own declaration without a value; PAIR_UNKNOWN: a temporary's */
enum { PAIR_UNSET = -1, PAIR_P0 = -2, PAIR_Q0 = -3, PAIR_UNKNOWN = -4, PAIR_MAX_ARRAYS = 8, PAIR_MAX_TEMPS = 8 };

struct pair {
	CXCursor p, q;
	CXCursor arrays[PAIR_MAX_ARRAYS];	/* what the runs set them to */
	unsigned narrays;
	bool bad;
	unsigned runs;	/* runs seen that write p or q */
};

/* A run's names and their values: an index into arrays, or PAIR_*. */
struct run_env {
	struct pair *pr;
	int vp, vq;
	CXCursor temp[PAIR_MAX_TEMPS];
	int vtemp[PAIR_MAX_TEMPS];
	unsigned ntemp;
	bool wrote;	/* p or q */
};

/* A __shared__ array that no other __shared__ array overlaps (not extern, not a pointer). */
static bool own_shared_array(CXCursor r)
{
	enum CXTypeKind tk = clang_getCursorType(r).kind;

	return lockstep_shared_var(r) && tk == CXType_ConstantArray && clang_Cursor_getStorageClass(r) != CX_SC_Extern;
}

static int array_index(struct pair *pr, CXCursor a)
{
	for (unsigned i = 0; i < pr->narrays; i++)
		if (clang_equalCursors(pr->arrays[i], a))
			return (int)i;
	if (pr->narrays == PAIR_MAX_ARRAYS)
		return PAIR_UNSET;
	pr->arrays[pr->narrays] = a;
	return (int)pr->narrays++;
}

/* The slot of the run's name r: its value's address, or NULL (not a name the run moves). */
static int *slot(struct run_env *e, CXCursor r)
{
	if (clang_equalCursors(r, e->pr->p))
		return &e->vp;
	if (clang_equalCursors(r, e->pr->q))
		return &e->vq;
	for (unsigned i = 0; i < e->ntemp; i++)
		if (clang_equalCursors(r, e->temp[i]))
			return &e->vtemp[i];
	return NULL;
}

/* The value of the expression x in a run (a bare name), or false. */
static bool run_value(struct run_env *e, CXCursor x, int *v)
{
	CXCursor r;
	int *sl, a;

	x = strip(x);
	if (clang_getCursorKind(x) != CXCursor_DeclRefExpr || in_macro(x))
		return false;
	r = clang_getCursorReferenced(x);
	if ((sl = slot(e, r))) {
		*v = *sl;
		return true;
	}
	if (!own_shared_array(r) || (a = array_index(e->pr, r)) < 0)
		return false;
	*v = a;
	return true;
}

/* Is c a pointer variable of the function, local (not a parameter, a reference or static)? */
static bool local_pointer_var(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_VarDecl && clang_getCursorType(c).kind == CXType_Pointer &&
	       lockstep_local_pointer(c) && clang_Cursor_getStorageClass(c) != CX_SC_Static;
}

/* One statement of a run: moves names and nothing else?  Updates e. */
static bool run_step(const struct source *s, struct run_env *e, CXCursor st)
{
	enum CXCursorKind k = clang_getCursorKind(st);
	CXCursor t, v;
	char op[4];
	int val, *sl;

	if (in_macro(st))
		return false;
	if (k == CXCursor_DeclStmt) {
		struct cx_kids ks = cx_kids_of(st);
		bool ok = ks.n > 0;

		for (unsigned i = 0; ok && i < ks.n; i++) {
			CXCursor d = ks.c[i], init = var_init(d);

			ok = local_pointer_var(d);
			if (!ok)
				break;
			sl = slot(e, d);	/* the pair's own declaration, or a temporary's */
			val = sl ? PAIR_UNSET : PAIR_UNKNOWN;
			if (!clang_Cursor_isNull(init) && !run_value(e, init, &val))
				ok = false;
			else if (sl)
				*sl = val, e->wrote = true;
			else if (e->ntemp < PAIR_MAX_TEMPS)
				e->temp[e->ntemp] = d, e->vtemp[e->ntemp++] = val;
			else
				ok = false;
		}
		cx_kids_free(&ks);
		return ok;
	}
	if (k != CXCursor_BinaryOperator || !assignment(s, st, &t, &v) || clang_Cursor_isNull(t) ||
	    clang_Cursor_isNull(v))
		return false;
	op_text(s, st, op);
	t = strip(t);
	if (strcmp(op, "=") || clang_getCursorKind(t) != CXCursor_DeclRefExpr ||
	    !(sl = slot(e, clang_getCursorReferenced(t))) || !run_value(e, v, &val))
		return false;
	*sl = val;
	e->wrote |= sl == &e->vp || sl == &e->vq;
	return true;
}

/* Does the run leave the pair apart: two distinct arrays, itself in either order, or both unset? */
static bool run_keeps_apart(const struct run_env *e)
{
	if (e->vp >= 0 && e->vq >= 0)
		return e->vp != e->vq;
	return (e->vp == PAIR_P0 && e->vq == PAIR_Q0) || (e->vp == PAIR_Q0 && e->vq == PAIR_P0) ||
	       (e->vp == PAIR_UNSET && e->vq == PAIR_UNSET);
}

static bool is_pair(const struct pair *pr, CXCursor r)
{
	return clang_equalCursors(r, pr->p) || clang_equalCursors(r, pr->q);
}

/* Does statement st of a block declare or assign the pair itself (a write no run took)? */
static bool writes_pair(const struct source *s, const struct pair *pr, CXCursor st)
{
	enum CXCursorKind k = clang_getCursorKind(st);
	CXCursor t, v;
	bool r = false;

	if (k == CXCursor_DeclStmt) {
		struct cx_kids ks = cx_kids_of(st);

		for (unsigned i = 0; i < ks.n; i++)
			r |= is_pair(pr, ks.c[i]);
		cx_kids_free(&ks);
		return r;
	}
	return (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && assignment(s, st, &t, &v) &&
	       !clang_Cursor_isNull(t) && clang_getCursorKind(strip(t)) == CXCursor_DeclRefExpr &&
	       is_pair(pr, clang_getCursorReferenced(strip(t)));
}

/* The runs of block c: each run that writes the pair must keep it apart; no write outside a run. */
static void check_runs(const struct source *s, struct pair *pr, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);

	for (unsigned i = 0; i < ks.n && !pr->bad;) {
		struct run_env e = { pr, PAIR_P0, PAIR_Q0, { { 0 } }, { 0 }, 0, false };
		unsigned j = i;

		while (j < ks.n && run_step(s, &e, ks.c[j]))
			j++;
		if (j == i) {
			pr->bad |= writes_pair(s, pr, ks.c[i]);
			i++;
			continue;
		}
		if (e.wrote) {
			pr->runs++;
			pr->bad |= !run_keeps_apart(&e);
		}
		i = j;
	}
	cx_kids_free(&ks);
}

/* Is the write of r at c (a statement or declaration) the direct child of a block? */
static bool in_block(CXCursor c, CXCursor parent)
{
	return clang_getCursorKind(parent) == CXCursor_CompoundStmt && !in_macro(c);
}

struct scan {
	const struct source *s;
	struct pair *pr;
};

/*
 * Every write of the pair: a declaration or `x = v` that is a statement of a
 * block (its runs are checked there); `&p`, `p++`, `p += k`, `p` given to a
 * call or bound to a reference: no proof.
 */
static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct scan *sc = d;
	struct pair *pr = sc->pr;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v, only;
	char op[4];

	if (k == CXCursor_CompoundStmt)
		check_runs(sc->s, pr, c);
	if (k == CXCursor_DeclStmt) {
		struct cx_kids ks = cx_kids_of(c);

		for (unsigned i = 0; i < ks.n; i++)
			if (is_pair(pr, ks.c[i]) && !in_block(c, parent))
				pr->bad = true;
		cx_kids_free(&ks);
	} else if (k == CXCursor_VarDecl && clang_getCursorType(c).kind == CXType_LValueReference &&
		   !clang_Cursor_isNull(v = var_init(c)) && clang_getCursorKind(strip(v)) == CXCursor_DeclRefExpr &&
		   is_pair(pr, clang_getCursorReferenced(strip(v)))) {
		pr->bad = true;	/* `float *&r = p;` */
	} else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) &&
		   assignment(sc->s, c, &t, &v) && !clang_Cursor_isNull(t) &&
		   clang_getCursorKind(strip(t)) == CXCursor_DeclRefExpr &&
		   is_pair(pr, clang_getCursorReferenced(strip(t)))) {
		op_text(sc->s, c, op);
		if (strcmp(op, "=") || !in_block(c, parent))
			pr->bad = true;
	} else if (k == CXCursor_UnaryOperator && cx_only_child(c, &only) &&
		   clang_getCursorKind(strip(only)) == CXCursor_DeclRefExpr &&
		   is_pair(pr, clang_getCursorReferenced(strip(only)))) {
		char u = unary_op(sc->s, c);

		if (u == '&' || u == '+' || macro_spelled(c))
			pr->bad = true;	/* `&p`, `p++`, `--p` */
	} else if (k == CXCursor_CallExpr) {
		for (int a = 0; a < clang_Cursor_getNumArguments(c); a++) {
			CXCursor arg = clang_Cursor_getArgument(c, (unsigned)a);

			if (clang_getCursorKind(arg) == CXCursor_DeclRefExpr &&
			    is_pair(pr, clang_getCursorReferenced(arg)))
				pr->bad = true;	/* bare: maybe a reference parameter */
		}
	}
	return pr->bad ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool lockstep_pair_apart(const struct source *s, CXCursor body, CXCursor p, CXCursor q, CXCursor *arrays,
			 unsigned *narrays)
{
	struct pair pr = { p, q, { { 0 } }, 0, false, 0 };
	struct scan sc = { s, &pr };

	if (clang_equalCursors(p, q) || !local_pointer_var(p) || !local_pointer_var(q))
		return false;
	check_runs(s, &pr, body);
	if (!pr.bad)
		clang_visitChildren(body, scan_visit, &sc);
	if (pr.bad || !pr.runs || !pr.narrays)
		return false;
	memcpy(arrays, pr.arrays, pr.narrays * sizeof(*arrays));
	*narrays = pr.narrays;
	return true;
}
