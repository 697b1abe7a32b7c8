// SPDX-License-Identifier: MIT
/*
 * warp_inline.c - __device__ functions with warp operations inlined into the
 * kernels that call them, before the warp lowering (lib/cc/README.md, "Warps").
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- inlining of __device__ functions with warp operations ------------------ */

/*
 * A non-template __device__ function whose body calls warp operations (or
 * cooperative-groups methods), with parameters by value and one return,
 * its last statement (none when void), is inlined at each call that is a
 * statement of a kernel's block or the unbraced body of an if, else, loop or
 * case (stmt_walk): 'x = f(a);', 'x op= f(a);', 'T x = f(a);', 'f(a);'
 * become
 *     R __idxgen_rK; { P0 __idxgen_aK_0 = (a0); ... { P0 p0 = __idxgen_aK_0; ...
 *       BODY  __idxgen_rK = (e); } }  x = __idxgen_rK;
 * (arguments evaluated before the parameters exist: no capture), then the
 * warp lowering sees the operations in the kernel.  A function that returns
 * its one parameter runs on the caller's variable itself where that is
 * the same (warp_inline_self.c: `y = (a); { BODY }`, no copies).  The definition is
 * blanked (its lines kept).  Other calls are diagnosed.
 *
 * A function of that form with __syncthreads() and no warp operation (a
 * block-reduction helper, issue 38) is inlined the same way, so that loop
 * fission splits the kernel at its barriers; but only when every use of it
 * in the file is such a call from a kernel, and one per kernel if it declares
 * __shared__ memory (barrier_helper_ok): otherwise it is left as written,
 * undiagnosed, and its callers run as fibers.
 */
static enum CXChildVisitResult find_syncthreads(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	bool *found = d;
	char *n;

	(void)parent;
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef) {
		n = cx_spelling(c);
		*found = !strcmp(n, "__syncthreads");
		free(n);
	}
	return *found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Does body call __syncthreads()?  By name, as fiber_plan.c: in a whole
 * program's parse the helper is __host__ __device__ and the call may not
 * resolve to the declaration.
 */
static bool calls_syncthreads(CXCursor body)
{
	bool found = false;

	clang_visitChildren(body, find_syncthreads, &found);
	return found;
}

static bool inlinable_(struct wlower *w, CXCursor fn, CXCursor *body, CXCursor *ret, bool *barriers_only)
{
	struct calls cs;
	struct cx_kids bs;
	bool isvoid = clang_getCursorResultType(fn).kind == CXType_Void;
	unsigned nret;

	*barriers_only = false;
	if (clang_getCursorKind(fn) != CXCursor_FunctionDecl || !has_annot(fn, "device"))
		return false;
	*body = wl_body_of(fn);
	if (clang_Cursor_isNull(*body))
		return false;
	cs = wl_calls_in(w, *body);
	free(cs.c);
	if (!cs.n && !calls_syncthreads(*body))
		return false;
	*barriers_only = !cs.n;
	nret = count_returns(*body);
	bs = cx_kids_of(*body);
	*ret = bs.n ? bs.c[bs.n - 1] : clang_getNullCursor();
	cx_kids_free(&bs);
	if (isvoid)
		return nret == 0;
	return nret == 1 && !clang_Cursor_isNull(*ret) && clang_getCursorKind(*ret) == CXCursor_ReturnStmt;
}

static bool inlinable(struct wlower *w, CXCursor fn, CXCursor *body, CXCursor *ret)
{
	bool barriers_only;

	return inlinable_(w, fn, body, ret, &barriers_only);
}

/* The call at statement level of st, and what surrounds it; false if none. */
static bool call_stmt(CXCursor st, CXCursor *call, CXCursor *lhs, bool *decl)
{
	struct cx_kids ks = cx_kids_of(st);
	enum CXCursorKind k = clang_getCursorKind(st);
	CXCursor c = clang_getNullCursor();

	*decl = false;
	*lhs = clang_getNullCursor();
	if (k == CXCursor_CallExpr) {
		c = st;
	} else if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && ks.n == 2) {
		*lhs = ks.c[0];
		c = ks.c[1];
	} else if (k == CXCursor_DeclStmt && ks.n == 1) {
		struct cx_kids vs = cx_kids_of(ks.c[0]);

		if (vs.n) {
			c = vs.c[vs.n - 1];
			*lhs = ks.c[0];
			*decl = true;
		}
		cx_kids_free(&vs);
	}
	cx_kids_free(&ks);
	while (!clang_Cursor_isNull(c) && clang_getCursorKind(c) == CXCursor_UnexposedExpr) {
		CXCursor o;

		if (!cx_only_child(c, &o))
			break;
		c = o;
	}
	*call = c;
	return !clang_Cursor_isNull(c) && clang_getCursorKind(c) == CXCursor_CallExpr;
}

/*
 * A walk of a body's statements that tells each cursor whether it stands
 * where a statement of its own does: in a block (braced), or as the
 * unbraced body of an if or else, a loop or a case (`if (wid == 0) v =
 * warp_sum(v);`) -- the positions warp.c's lower_stmt takes for bodies: an
 * if's children after its condition, a for's, while's or case's last, a
 * do's first.  A condition or a loop's header is none.  Top down, by each
 * statement's own children: a cursor the visitor hands over with its
 * parent does not compare equal to the same child listed from that parent.
 */
typedef enum CXChildVisitResult (*stmt_fn)(CXCursor c, bool stmt, bool braced, void *data);

struct stmt_walk {
	stmt_fn fn;
	void *data;
};

static bool body_position(enum CXCursorKind k, unsigned i, unsigned n)
{
	switch (k) {
	case CXCursor_IfStmt:
		return i > 0;
	case CXCursor_DoStmt:
		return i == 0;
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
		return i + 1 == n;
	default:
		return false;
	}
}

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData d);

static enum CXChildVisitResult walk_at(struct stmt_walk *sw, CXCursor c, bool stmt, bool braced)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ks;

	if (k != CXCursor_IfStmt && k != CXCursor_ForStmt && k != CXCursor_WhileStmt && k != CXCursor_DoStmt &&
	    k != CXCursor_CaseStmt && k != CXCursor_DefaultStmt)
		return sw->fn(c, stmt, braced, sw->data);
	ks = cx_kids_of(c);
	for (unsigned i = 0; i < ks.n; i++)
		if (walk_at(sw, ks.c[i], body_position(k, i, ks.n), false) == CXChildVisit_Recurse)
			clang_visitChildren(ks.c[i], walk_visit, sw);
	cx_kids_free(&ks);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	return walk_at(d, c, clang_getCursorKind(parent) == CXCursor_CompoundStmt, true);
}

static void walk_stmts(CXCursor body, stmt_fn fn, void *data)
{
	struct stmt_walk sw = { fn, data };

	clang_visitChildren(body, walk_visit, &sw);
}

/*
 * The call statement st inlined: its result's declaration, the body in a
 * block, then the assignment or declaration that takes the result -- all
 * in braces where st is an unbraced body (!braced), so that they stay the
 * one statement the if or loop runs.
 */
static void inline_call(struct wlower *w, CXCursor st, CXCursor call, CXCursor lhs, bool decl, CXCursor fn,
			CXCursor body, CXCursor ret, bool braced)
{
	unsigned k = w->nslot++, i, n = (unsigned)clang_Cursor_getNumArguments(fn);
	CXType rt = clang_getCursorResultType(fn);
	bool isvoid = rt.kind == CXType_Void;
	struct buf o = { 0 };
	char *t;

	if (!braced)
		bputs(&o, "{ ");
	if (!isvoid) {
		t = c_declaration(rt, "");
		bprintf(&o, "%s __idxgen_r%u; ", t, k);
		free(t);
	}
	bputs(&o, "{ ");
	for (i = 0; i < n; i++) {
		char *a = wl_text(w->s, clang_Cursor_getArgument(call, i)), nm[48];

		snprintf(nm, sizeof(nm), "__idxgen_a%u_%u", k, i);
		t = c_declaration(clang_getCursorType(clang_Cursor_getArgument(fn, i)), nm);
		bprintf(&o, "%s = (%s); ", t, a);
		free(t);
		free(a);
	}
	bputs(&o, "{ ");
	for (i = 0; i < n; i++) {
		CXCursor p = clang_Cursor_getArgument(fn, i);
		char *pn = cx_spelling(p);

		t = c_declaration(clang_getCursorType(p), pn);
		bprintf(&o, "%s = __idxgen_a%u_%u; ", t, k, i);
		free(t);
		free(pn);
	}
	emit_src(w->s, c_start(body) + 1, isvoid ? c_end(body) - 1 : c_start(ret), &o);
	if (!isvoid) {
		struct cx_kids rk = cx_kids_of(ret);

		if (rk.n) {
			bprintf(&o, " __idxgen_r%u = (", k);
			emit_src(w->s, c_start(rk.c[0]), c_end(rk.c[0]), &o);
			bputs(&o, ");");
		}
		cx_kids_free(&rk);
	}
	bputs(&o, " } } ");
	if (decl) {
		/* 'T x = f(a)': the declaration up to its initializer, then the result */
		emit_src(w->s, c_start(st), c_start(call), &o);
		bprintf(&o, "__idxgen_r%u;", k);
	} else if (!clang_Cursor_isNull(lhs)) {
		emit_src(w->s, c_start(st), c_start(call), &o);
		bprintf(&o, "__idxgen_r%u;", k);
	}
	if (!braced)
		bputs(&o, " }");
	wl_edit(w, c_start(st), stmt_end(w->s, st), o.p);
}

struct inl {
	struct wlower *w;
	CXCursor *fns;
	unsigned *inlined;	/* for each of fns: its calls inlined this round */
	unsigned nfns;
	unsigned done;
	CXCursor kernel;	/* the kernel being visited */
	bool checking;		/* only looking for a call that is no statement: nothing inlined */
	int misplaced;		/* the index in fns of such a call's function, or -1 */
};

/*
 * Is kernel k one of s->keep_calls: it ran as fibers after a barrier helper
 * was inlined into it (whole.c), so that helper's calls in it stay calls?
 */
static bool keeps_calls(const struct source *s, CXCursor k)
{
	char *n;
	bool r;

	if (!s->keep_calls || !s->keep_calls->n || clang_Cursor_isNull(k))
		return false;
	n = cx_spelling(k);
	r = fiber_names_has(s->keep_calls, n);
	free(n);
	return r;
}

/* Names declared in a kernel (parameters, locals): inlined code must not see them. */
struct names {
	CXCursor fn;		/* the inlined function */
	CXCursor kernel;
	char *clash;		/* a name the function reads from file scope, declared in the kernel */
};

static enum CXChildVisitResult kernel_declares(CXCursor c, CXCursor parent, CXClientData d)
{
	const char **n = d;
	char *s;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_VarDecl || clang_getCursorKind(c) == CXCursor_ParmDecl) {
		s = cx_spelling(c);
		if (!strcmp(s, *n))
			*n = NULL;
		free(s);
	}
	return *n ? CXChildVisit_Recurse : CXChildVisit_Break;
}

/* Is declaration r inside function fn (its parameters and locals)? */
static bool declared_in(CXCursor r, CXCursor fn)
{
	CXFile fr, ff;
	unsigned a;

	clang_getExpansionLocation(clang_getCursorLocation(r), &fr, NULL, NULL, &a);
	clang_getExpansionLocation(clang_getCursorLocation(fn), &ff, NULL, NULL, NULL);
	return fr && ff && clang_File_isEqual(fr, ff) && a >= c_start(fn) && a < c_end(fn);
}

static enum CXChildVisitResult outer_refs(CXCursor c, CXCursor parent, CXClientData d)
{
	struct names *nm = d;
	CXCursor r;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || nm->clash)
		return nm->clash ? CXChildVisit_Break : CXChildVisit_Recurse;
	r = clang_getCursorReferenced(c);
	if ((clang_getCursorKind(r) == CXCursor_VarDecl || clang_getCursorKind(r) == CXCursor_FunctionDecl ||
	     clang_getCursorKind(r) == CXCursor_EnumConstantDecl) &&
	    !declared_in(r, nm->fn)) {
		char *s = cx_spelling(r);
		const char *q = s;

		clang_visitChildren(nm->kernel, kernel_declares, &q);
		if (!q)
			nm->clash = s;
		else
			free(s);
	}
	return CXChildVisit_Recurse;
}

static int inlinable_index(struct inl *in, CXCursor call)
{
	CXCursor r = clang_getCursorReferenced(call);
	unsigned i;

	if (clang_getCursorKind(call) != CXCursor_CallExpr || clang_Cursor_isNull(r))
		return -1;
	r = clang_getCanonicalCursor(r);
	for (i = 0; i < in->nfns; i++)
		if (clang_equalCursors(clang_getCanonicalCursor(in->fns[i]), r))
			return (int)i;
	return -1;
}

/* The uses of function fn in the main file: all, and the calls inline_visit would inline. */
struct uses {
	struct inl *in;
	CXCursor fn;
	unsigned all, inlinable;
};

static bool same_function(CXCursor ref, CXCursor fn)
{
	CXCursor r = clang_getCursorReferenced(ref);

	return !clang_Cursor_isNull(r) && clang_equalCursors(clang_getCanonicalCursor(r), clang_getCanonicalCursor(fn));
}

/* a dependent call in a template names fn among the overloads it may take */
static bool overloads_function(CXCursor ref, CXCursor fn)
{
	unsigned i, n = clang_getNumOverloadedDecls(ref);

	for (i = 0; i < n; i++)
		if (clang_equalCursors(clang_getCanonicalCursor(clang_getOverloadedDecl(ref, i)),
				       clang_getCanonicalCursor(fn)))
			return true;
	return false;
}

static enum CXChildVisitResult count_uses(CXCursor c, CXCursor parent, CXClientData d)
{
	struct uses *u = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_DeclRefExpr && same_function(c, u->fn)) ||
	    (k == CXCursor_OverloadedDeclRef && overloads_function(c, u->fn)))
		u->all++;
	return CXChildVisit_Recurse;
}

/* References to fn in the main file: calls from kernels and functions, through macros, its address. */
static unsigned uses_in_file(const struct source *s, const struct cx_kids *top, CXCursor fn)
{
	struct uses u = { NULL, fn, 0, 0 };

	for (unsigned i = 0; i < top->n; i++)
		if (in_main(s, top->c[i]))
			clang_visitChildren(top->c[i], count_uses, &u);
	return u.all;
}

static enum CXChildVisitResult count_inlinable(CXCursor c, bool stmt, bool braced, void *d)
{
	struct uses *u = d;
	CXCursor call, lhs;
	bool decl;

	(void)braced;
	if (stmt && call_stmt(c, &call, &lhs, &decl) && same_function(call, u->fn)) {
		struct names nm = { u->fn, u->in->kernel, NULL };

		clang_visitChildren(u->fn, outer_refs, &nm);
		if (!nm.clash)
			u->inlinable++;
		free(nm.clash);
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

char *warp_kept_caller(struct wlower *w, CXCursor fn)
{
	CXCursor body, ret;

	if (!w->top || !inlinable(w, fn, &body, &ret))
		return NULL;
	for (unsigned i = 0; i < w->top->n; i++) {
		CXCursor c = w->top->c[i];
		struct uses u = { NULL, fn, 0, 0 };

		if (!in_main(w->s, c) || clang_equalCursors(c, fn))
			continue;
		clang_visitChildren(c, count_uses, &u);
		if (u.all)
			return cx_spelling(c);
	}
	return NULL;
}

static enum CXChildVisitResult find_shared(CXCursor c, CXCursor parent, CXClientData d)
{
	bool *found = d;

	(void)parent;
	*found = clang_getCursorKind(c) == CXCursor_VarDecl && has_annot(c, "shared");
	return *found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * May barrier-only helper fn be inlined?  Every reference to it in the
 * main file (calls from kernels, other functions, its address) must be a
 * call inline_visit inlines, or one in a kernel of s->keep_calls (the
 * definition then stays for those; else it is blanked afterwards).  A
 * helper that declares __shared__ memory is called at most once per
 * kernel: that memory is one per block for all its calls, which a copy per
 * call site is only when a call never reads what an earlier one left.
 */
static bool barrier_helper_ok(struct inl *in, const struct cx_kids *top, CXCursor fn)
{
	struct uses u = { in, fn, 0, 0 };
	bool shared = false, once = true;
	CXCursor b;
	unsigned i, before, kept = 0;

	clang_visitChildren(fn, find_shared, &shared);
	for (i = 0; i < top->n; i++) {
		if (!in_main(in->w->s, top->c[i]))
			continue;
		before = u.all;
		clang_visitChildren(top->c[i], count_uses, &u);
		if (keeps_calls(in->w->s, top->c[i])) {
			kept += u.all - before;
		} else if (has_annot(top->c[i], "global") &&
			   !clang_Cursor_isNull(b = wl_body_of(top->c[i]))) {
			in->kernel = top->c[i];
			before = u.inlinable;
			walk_stmts(b, count_inlinable, &u);
			once = once && u.inlinable - before <= 1;
		}
	}
	in->kernel = clang_getNullCursor();
	return u.inlinable > 0 && u.all == u.inlinable + kept && (once || !shared);
}

static enum CXChildVisitResult inline_visit(CXCursor c, bool stmt_pos, bool braced, void *d)
{
	struct inl *in = d;
	CXCursor call, lhs, body, ret;
	bool decl, stmt = stmt_pos && call_stmt(c, &call, &lhs, &decl);
	int f;

	/*
	 * a helper's call kept as written (its arguments are still seen): the
	 * kernel ran as fibers after a helper was inlined into it.  A warp
	 * helper's too: such a kernel sent the whole file back without warp.c;
	 * now its call stays, warp.c declines it for the helper it reaches, and
	 * the file's other kernels keep their inlined text (issue 38).
	 */
	f = inlinable_index(in, stmt ? call : c);
	if (f >= 0 && keeps_calls(in->w->s, in->kernel))
		return CXChildVisit_Recurse;
	if (in->checking) {
		if (!stmt && (f = inlinable_index(in, c)) >= 0 && in->misplaced < 0)
			in->misplaced = f;
		return stmt && inlinable_index(in, call) >= 0 ? CXChildVisit_Continue
							      : CXChildVisit_Recurse;
	}
	if (stmt && (f = inlinable_index(in, call)) >= 0) {
		struct names nm = { in->fns[f], in->kernel, NULL };

		clang_visitChildren(in->fns[f], outer_refs, &nm);
		if (nm.clash) {
			error_at(in->w->s, call,
				 "inlining this call would let '%s' of the kernel hide the file-scope '%s' the __device__ function reads: rename one",
				 nm.clash, nm.clash);
			free(nm.clash);
			return CXChildVisit_Continue;
		}
		inlinable(in->w, in->fns[f], &body, &ret);
		if (!warp_inline_self(in->w, in->kernel, c, call, lhs, decl, in->fns[f], body, ret, braced))
			inline_call(in->w, c, call, lhs, decl, in->fns[f], body, ret, braced);
		in->inlined[f]++;
		in->done++;
		return CXChildVisit_Continue;
	}
	if (inlinable_index(in, c) >= 0) {
		error_at(in->w->s, c,
			 "a call of a __device__ function with warp operations must be a statement of its own (x = f(...);)");
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

/*
 * Under auto (warp_decline.c): is in->kernel declined, by an earlier round
 * or now for a call of a helper that is no statement of its own (`if
 * (warp_reduce(v) > 0)`)?  Then nothing is inlined into it: its text stays
 * as written for the fibers.
 */
static bool declines(struct inl *in, CXCursor body)
{
	char why[400], *n;

	if (!warp_declining(in->w->s))
		return false;
	if (warp_declined_why(in->w->s, in->kernel))
		return true;
	in->checking = true;
	in->misplaced = -1;
	walk_stmts(body, inline_visit, in);
	in->checking = false;
	if (in->misplaced < 0)
		return false;
	n = cx_spelling(in->fns[in->misplaced]);
	snprintf(why, sizeof(why),
		 "a call of '%s', a __device__ function with warp operations, is not a statement of its own (x = f(...);)",
		 n);
	free(n);
	warp_decline(in->w->s, in->kernel, why);
	return true;
}

/*
 * One round of inlining; *done counts the calls inlined.  *slots numbers
 * the names an inlined call declares (__idxgen_rK, __idxgen_aK_I) across
 * rounds: a helper a helper inlined last round carried into the kernel is
 * inlined inside that one's text, where the same K would shadow its result.
 */
int warp_inline_round(struct source *s, CXIndex idx, char *const *args, int nargs, unsigned *slots, unsigned *done)
{
	struct wlower w = { 0 };
	struct inl in = { 0 };
	CXTranslationUnit tu;
	struct cx_kids ks;
	CXCursor body, ret;
	unsigned i;

	s->inlining = true;
	tu = source_parse(s, idx, args, nargs);
	s->inlining = false;
	*done = 0;
	if (!tu)
		return 2;
	if (s->nerrors) {
		clang_disposeTranslationUnit(tu);
		return 1;
	}
	w.s = s;
	w.nslot = *slots;
	in.w = &w;
	ks = cx_kids_of(clang_getTranslationUnitCursor(tu));
	in.fns = cx_alloc((ks.n + 1) * sizeof(CXCursor));
	in.inlined = cx_alloc((ks.n + 1) * sizeof(*in.inlined));
	for (i = 0; i < ks.n; i++) {
		bool barriers_only = false;

		if (in_main(s, ks.c[i]) && inlinable_(&w, ks.c[i], &body, &ret, &barriers_only) &&
		    (!barriers_only || barrier_helper_ok(&in, &ks, ks.c[i])))
			in.fns[in.nfns++] = ks.c[i];
	}
	for (i = 0; in.nfns && i < ks.n; i++)
		if (in_main(s, ks.c[i]) && has_annot(ks.c[i], "global") &&
		    !clang_Cursor_isNull(body = wl_body_of(ks.c[i]))) {
			in.kernel = ks.c[i];
			if (!declines(&in, body))
				walk_stmts(body, inline_visit, &in);
		}
	/*
	 * Blank the definitions whose every use was inlined, lines kept.  One
	 * still named elsewhere stays: a call in another __device__ function
	 * (through a macro too) or in a kernel of s->keep_calls, or one a
	 * helper inlined this round carried into a kernel (the next round
	 * inlines that).  warp.c then lowers or refuses the kept one by name.
	 */
	if (in.done) {
		for (i = 0; i < in.nfns; i++) {
			struct buf b = { 0 };
			unsigned a = c_start(in.fns[i]), e = c_end(in.fns[i]), p;

			if (!in.inlined[i] || in.inlined[i] != uses_in_file(s, &ks, in.fns[i]))
				continue;
			bputs(&b, "/* inlined into its callers (warp operations or barriers) */");
			for (p = a; p < e; p++)
				if (s->text[p] == '\n')
					bputs(&b, "\n");
			wl_edit(&w, a, e, b.p);
		}
	}
	cx_kids_free(&ks);
	free(in.fns);
	free(in.inlined);
	if (!s->nerrors && w.ne)
		wl_apply(&w);
	*done = in.done;
	*slots = w.nslot;
	for (i = 0; i < w.ne; i++)
		free(w.e[i].text);
	free(w.e);
	source_release(s, tu);
	return s->nerrors ? 1 : 0;
}
