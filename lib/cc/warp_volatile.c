// SPDX-License-Identifier: MIT
/*
 * warp_volatile.c - the unrolled last warp of a block reduction over
 * volatile shared memory, run by the block's leader (issue 40).
 *
 *     if (tid < 32) {
 *             volatile float *v = s;
 *             v[tid] += v[tid + 32];
 *             v[tid] += v[tid + 16];
 *             ...
 *     }
 *
 * (or `if (tid < 32) last_warp(s, tid);`, a __device__ function whose body
 * is those statements over its parameters) counts on the 32 lanes running
 * in lock step: each statement is read by every lane, then written by every
 * lane.  Run lane after lane it is wrong, so such kernels ran as fibers, a
 * rendezvous per statement (whole.c, __idxgen_cc_vstore).  In lock step
 * each statement `v[t] = v[t] OP v[t + K]` (K > 0) is the same as an
 * ascending loop over the lanes: lane t reads v[t + K] before the turn of
 * lane t + K writes it, and v[t] is its own.  So the block becomes
 *
 *     { __idxgen_warp_sync();
 *       if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0)
 *               for (w = 0; (m = idxgen_cc_lockstep_warp(..., &w, &n)) != 0;)
 *                       if (m is 0 .. n - 1)
 *                               for (t = 0; t < n; t++) s[t] += s[t + 32];
 *                               ...
 *                       else
 *                               for (t = 0; t < n; t++) if (m >> t & 1) s[t] += s[t + 32];
 *                               ...
 *       __idxgen_warp_sync(); }
 *
 * two split points around the leader, as warp_tree.c's, loop fission's
 * thread loops on each side.  The lanes that run are the threads with
 * threadIdx.x < 32, a warp's at a time: each warp of the block that has
 * such lanes runs the statements over the set of their threadIdx.x (m), the
 * warps one after another (one order a GPU may give them; warps that run
 * the tail on the same elements race on a GPU too).  In a 1-D block that is
 * the first warp's first min(32, blockDim.x) lanes; where the rows are
 * whole warps, each row's first warp; where the rows are shorter than a
 * warp (16 x 2: issue 38, thirteenth session; the launch failed before),
 * the lanes (x, y) and (x, y + 1) of one warp read the same elements and
 * store the same value, once for the warp; where a warp holds the end of
 * one row and the start of the next (rows of 40), its lanes' x are not
 * 0 .. n - 1 and the masked loops run.
 *
 * Taken only where each part is proven: the condition `X < 32` (warpSize)
 * with X threadIdx.x or a local initialised so and never assigned, no else,
 * no return anywhere in the kernel (a returned lane must not be run), the
 * block's statements each `B[X] op= B[X + K]` or `B[X] = B[X] op B[X + K]`
 * (op + - * & | ^; K an integer constant > 0; B the same in both places: a
 * pointer to volatile declared in the block from a __shared__ array -- the
 * same steps on the array itself, without volatile, are lockstep.c's), or
 * one call of a void function whose body is only such statements over a
 * pointer-to-volatile and an index parameter, given a __shared__ array and X; a
 * function template of value parameters given explicitly (`f<BS>(s, t)`)
 * may put each under a constant condition (`if (BS >= 64) s[t] += s[t +
 * 32];`, the SDK's reduction), which the leader tests with the call's
 * arguments in the parameters' place.  Everything else stays as it was (fibers).  A kernel that
 * then goes to fibers anyway is translated again from its text as written
 * (whole.c: the leader's text names __idxgen_).
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A __shared__ array (or pointer) variable named by e. */
static bool shared_var(CXCursor e, CXCursor *var)
{
	e = strip(e);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {	/* &s[0] */
		struct cx_kids ks = cx_kids_of(e);
		CXCursor a = ks.n == 1 ? strip(ks.c[0]) : clang_getNullCursor();
		struct cx_kids as = { 0 };
		bool ok = false;
		long long i0;

		if (!clang_Cursor_isNull(a) && clang_getCursorKind(a) == CXCursor_ArraySubscriptExpr) {
			as = cx_kids_of(a);
			ok = as.n == 2 && int_constant(strip(as.c[1]), &i0) && i0 == 0;
			e = ok ? strip(as.c[0]) : clang_getNullCursor();
			cx_kids_free(&as);
		}
		cx_kids_free(&ks);
		if (!ok)
			return false;
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	*var = clang_getCursorReferenced(e);
	return clang_getCursorKind(*var) == CXCursor_VarDecl && has_annot(*var, "shared");
}

/* An integer, floating or scalar element type the statements may add. */
static bool scalar_type(CXType t)
{
	enum CXTypeKind k = clang_getCanonicalType(t).kind;

	return (k >= CXType_Char_U && k <= CXType_LongLong && k != CXType_Bool) || k == CXType_Float ||
	       k == CXType_Double;
}

/* What the block's statements are made of. */
struct vmatch {
	struct wlower *w;
	CXCursor fn_body;
	CXCursor ptr, ptr_base;		/* a local pointer of the block, and the __shared__ array it holds */
	CXCursor pbase, pidx;		/* in a called function: its pointer and index parameters */
	CXCursor abase;			/* ... and the array the call gives the pointer */
	char *tparam[4], *targ[4];	/* a called template's value parameters, and the call's arguments */
	unsigned ntp;
	struct buf out;			/* the leader's loops over the lanes 0 .. n - 1 */
	struct buf masked;		/* the same over the lanes of a mask (idxgen_cc_lockstep_warp) */
	unsigned n;
};

static void vmatch_free(struct vmatch *m)
{
	for (unsigned i = 0; i < 4; i++) {
		free(m->tparam[i]);
		free(m->targ[i]);
		m->tparam[i] = m->targ[i] = NULL;
	}
	buf_free(&m->out);
	buf_free(&m->masked);
}

/* The array e names, as the leader writes it: the __shared__ array behind the block's pointer or the parameter. */
static bool base_of(struct vmatch *m, CXCursor e, CXCursor *arr)
{
	CXCursor d;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	d = clang_getCursorReferenced(e);
	if (!clang_Cursor_isNull(m->ptr) && clang_equalCursors(d, m->ptr)) {
		*arr = m->ptr_base;
		return true;
	}
	if (!clang_Cursor_isNull(m->pbase) && clang_equalCursors(d, m->pbase)) {
		*arr = m->abase;
		return true;
	}
	return false;	/* the array itself: no volatile, lockstep.c's case */
}

/* The lane index: X (threadIdx.x or its local) in the kernel, the index parameter in a called function. */
static bool is_index(struct vmatch *m, CXCursor e)
{
	e = strip(e);
	if (!clang_Cursor_isNull(m->pidx))
		return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
		       clang_equalCursors(clang_getCursorReferenced(e), m->pidx);
	return wl_is_tidx(m->w->s, m->fn_body, e);
}

/* B[X] (*arr: B's array) or B[X + K] (*k: K > 0). */
static bool element(struct vmatch *m, CXCursor e, CXCursor *arr, long long *k)
{
	struct cx_kids ks, is;
	CXCursor i;
	bool ok;
	char op[4];

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_ArraySubscriptExpr || !scalar_type(clang_getCursorType(e)))
		return false;
	ks = cx_kids_of(e);
	ok = ks.n == 2 && base_of(m, ks.c[0], arr);
	i = ok ? strip(ks.c[1]) : clang_getNullCursor();
	cx_kids_free(&ks);
	if (!ok)
		return false;
	*k = 0;
	if (is_index(m, i))
		return true;
	if (clang_getCursorKind(i) != CXCursor_BinaryOperator)
		return false;
	op_text(m->w->s, i, op);
	is = cx_kids_of(i);
	ok = !strcmp(op, "+") && is.n == 2 && is_index(m, is.c[0]);
	if (ok) {
		long long v;

		ok = int_constant(strip(is.c[1]), &v) && v > 0 && v <= 1024;
		if (ok)
			*k = v;
	}
	cx_kids_free(&is);
	return ok;
}

static bool same_var(CXCursor a, CXCursor b)
{
	return clang_equalCursors(a, b);
}

/* One statement B[X] op= B[X + K] or B[X] = B[X] op B[X + K]: its ascending loop into m->out. */
static bool step(struct vmatch *m, CXCursor st)
{
	static const char *const ops[] = { "+", "-", "*", "&", "|", "^", NULL };
	struct cx_kids ks, rs = { 0 };
	CXCursor a0, a1, a2;
	long long k0, k1, k2;
	char op[4], rop[4] = "";
	char *name;
	bool ok;

	st = strip(st);
	if (in_macro(st) || (clang_getCursorKind(st) != CXCursor_CompoundAssignOperator &&
			     clang_getCursorKind(st) != CXCursor_BinaryOperator))
		return false;
	op_text(m->w->s, st, op);
	ks = cx_kids_of(st);
	ok = ks.n == 2 && element(m, ks.c[0], &a0, &k0) && k0 == 0;
	if (ok && strcmp(op, "=") && op[0] && op[1] == '=' && !op[2]) {	/* B[X] op= B[X + K] */
		rop[0] = op[0];
		rop[1] = 0;
		ok = in_list(rop, ops) && element(m, ks.c[1], &a1, &k1) && k1 > 0 && same_var(a0, a1);
	} else if (ok && !strcmp(op, "=")) {	/* B[X] = B[X] op B[X + K] */
		CXCursor r = strip(ks.c[1]);

		rs = cx_kids_of(r);
		if (clang_getCursorKind(r) == CXCursor_BinaryOperator && rs.n == 2)
			op_text(m->w->s, r, rop);
		ok = in_list(rop, ops) && element(m, rs.c[0], &a1, &k1) && k1 == 0 && same_var(a0, a1) &&
		     element(m, rs.c[1], &a2, &k2) && k2 > 0 && same_var(a0, a2);
		k1 = ok ? k2 : 0;
		cx_kids_free(&rs);
	} else {
		ok = false;
	}
	cx_kids_free(&ks);
	if (!ok)
		return false;
	name = cx_spelling(a0);
	for (unsigned i = 0; i < 2; i++) {
		struct buf *o = i ? &m->masked : &m->out;
		const char *lane = i ? " if (__idxgen_vm >> __idxgen_vt & 1u)" : "";

		if (!strcmp(op, "="))
			bprintf(o,
				" for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++)%s %s[__idxgen_vt] = %s[__idxgen_vt] %s %s[__idxgen_vt + %lld];",
				lane, name, name, rop, name, k1);
		else
			bprintf(o,
				" for (unsigned __idxgen_vt = 0; __idxgen_vt < __idxgen_vn; __idxgen_vt++)%s %s[__idxgen_vt] %s %s[__idxgen_vt + %lld];",
				lane, name, op, name, k1);
	}
	free(name);
	m->n++;
	return true;
}

/*
 * Does pointer type p point to volatile elements of array (or pointer)
 * variable a, whose own elements are not volatile (the leader's stores
 * through a then are plain)?
 */
static bool same_element(CXType p, CXCursor a)
{
	CXType at = clang_getCanonicalType(clang_getCursorType(a)), e;

	e = at.kind == CXType_Pointer ? clang_getPointeeType(at) : clang_getArrayElementType(at);
	return clang_getCanonicalType(clang_getPointeeType(p)).kind == clang_getCanonicalType(e).kind &&
	       scalar_type(e) && clang_isVolatileQualifiedType(clang_getPointeeType(p)) &&
	       !clang_isVolatileQualifiedType(e);
}

/* `volatile T *v = s;` (or = &s[0]), the block's pointer, once. */
static bool pointer_decl(struct vmatch *m, CXCursor st)
{
	struct cx_kids ks = cx_kids_of(st);
	CXCursor d = ks.n == 1 ? ks.c[0] : clang_getNullCursor();
	bool ok;

	ok = clang_Cursor_isNull(m->ptr) && !clang_Cursor_isNull(d) && clang_getCursorKind(d) == CXCursor_VarDecl &&
	     clang_getCanonicalType(clang_getCursorType(d)).kind == CXType_Pointer && !clang_Cursor_isNull(var_init(d)) &&
	     shared_var(var_init(d), &m->ptr_base) && same_element(clang_getCursorType(d), m->ptr_base);
	cx_kids_free(&ks);
	if (ok)
		m->ptr = d;
	return ok;
}

/* A function or function template r names (an overload set of one included); else null. */
static CXCursor function_of(CXCursor r)
{
	if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef)
		r = clang_getNumOverloadedDecls(r) == 1 ? clang_getOverloadedDecl(r, 0) : clang_getNullCursor();
	if (clang_getCursorKind(r) == CXCursor_FunctionDecl || clang_getCursorKind(r) == CXCursor_FunctionTemplate)
		return r;
	return clang_getNullCursor();
}

/* The function a call names: a function, or the one function template of a dependent call. */
static CXCursor callee(CXCursor call)
{
	CXCursor fn = function_of(clang_getCursorReferenced(call));
	struct cx_kids ks;

	if (!clang_Cursor_isNull(fn))
		return fn;
	ks = cx_kids_of(call);
	if (ks.n)
		fn = function_of(clang_getCursorReferenced(strip(ks.c[0])));
	cx_kids_free(&ks);
	return fn;
}

/*
 * The explicit template arguments of a call, as written (`f<BS, 2>(...)`):
 * the text between the first '<' after the name and its '>', split at its
 * top-level commas into m->targ; false if there is none or it nests.
 */
static bool call_targs(struct vmatch *m, CXCursor call, unsigned want)
{
	struct cx_kids ks = cx_kids_of(call);
	char *t = ks.n ? wl_text(m->w->s, ks.c[0]) : NULL, *p, *q;
	unsigned n = 0;
	bool ok;

	cx_kids_free(&ks);
	p = t ? strchr(t, '<') : NULL;
	q = p ? strrchr(p, '>') : NULL;
	ok = p && q && !q[1] && want <= 4;
	for (p = ok ? p + 1 : NULL; ok && p < q; n++) {
		char *e = p;

		while (e < q && *e != ',' && *e != '<' && *e != '(')
			e++;
		ok = n < want && e > p && (e == q || *e == ',');
		if (ok)
			m->targ[n] = strndup(p, (size_t)(e - p));
		p = e + 1;
	}
	free(t);
	return ok && n == want;
}

/* The text of a condition with each template parameter named as the call gives it: `((BS) >= 64)`. */
static char *bound_cond(struct vmatch *m, CXCursor cond)
{
	char *t = wl_text(m->w->s, cond), *p = t;
	struct buf o = { 0 };
	unsigned i;

	bputs(&o, "(");
	while (*p) {
		size_t n = 0;

		if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')) {
			while (p[n] == '_' || (p[n] >= 'a' && p[n] <= 'z') || (p[n] >= 'A' && p[n] <= 'Z') ||
			       (p[n] >= '0' && p[n] <= '9'))
				n++;
			for (i = 0; i < m->ntp; i++)
				if (strlen(m->tparam[i]) == n && !strncmp(p, m->tparam[i], n))
					break;
			if (*p < '0' || *p > '9') {
				if (i < m->ntp)
					bprintf(&o, "(%s)", m->targ[i]);
				else
					bprintf(&o, "%.*s", (int)n, p);
			} else {
				bprintf(&o, "%.*s", (int)n, p);
			}
			p += n;
		} else {
			bprintf(&o, "%c", *p++);
		}
	}
	bputs(&o, ")");
	free(t);
	return o.p;
}

/* A statement of the called function: a step, or `if (C) step;` with C a constant of each instantiation. */
static bool fn_step(struct vmatch *m, CXCursor st)
{
	struct cx_kids ks, bs = { 0 };
	bool ok;
	char *c;

	if (clang_getCursorKind(st) != CXCursor_IfStmt)
		return clang_isExpression(clang_getCursorKind(st)) && step(m, st);
	ks = cx_kids_of(st);
	ok = ks.n == 2 && wl_template_const(m->w->s, strip(ks.c[0]));
	if (ok)
		bs = body_list(m->w->s, ks.c[1]);
	ok = ok && bs.n == 1 && clang_isExpression(clang_getCursorKind(bs.c[0]));
	if (ok) {
		c = bound_cond(m, ks.c[0]);
		bprintf(&m->out, " if %s", c);
		bprintf(&m->masked, " if %s", c);
		free(c);
		ok = step(m, bs.c[0]);
	}
	cx_kids_free(&bs);
	cx_kids_free(&ks);
	return ok;
}

/*
 * `f(s, X);` or `f<A...>(s, X);`: f a void function (template: of value
 * parameters only, given explicitly) of a pointer and an index whose body is
 * only steps over them, a step under a constant condition included.
 */
static bool call_step(struct vmatch *m, CXCursor st)
{
	CXCursor call = strip(st), fn, def, body, parm[2];
	struct cx_kids bs, ks;
	int i, pi = -1, ii = -1;
	unsigned np = 0, j;
	bool ok;

	if (clang_getCursorKind(call) != CXCursor_CallExpr || in_macro(call) || !clang_Cursor_isNull(m->pbase))
		return false;
	fn = callee(call);
	def = clang_Cursor_isNull(fn) ? fn : clang_getCursorDefinition(fn);
	if (clang_Cursor_isNull(def) || (clang_getCursorKind(def) != CXCursor_FunctionDecl &&
					 clang_getCursorKind(def) != CXCursor_FunctionTemplate) ||
	    has_annot(def, "global") || clang_Cursor_getNumArguments(call) != 2)
		return false;
	ks = cx_kids_of(def);	/* template parameters, then parameters */
	ok = true;
	m->ntp = 0;
	for (j = 0; ok && j < ks.n; j++) {
		enum CXCursorKind k = clang_getCursorKind(ks.c[j]);

		if (k == CXCursor_ParmDecl)
			ok = np < 2 && (parm[np++] = ks.c[j], true);
		else if (k == CXCursor_NonTypeTemplateParameter)
			ok = m->ntp < 4 && (m->tparam[m->ntp++] = cx_spelling(ks.c[j])) != NULL;
		else if (k == CXCursor_TemplateTypeParameter || k == CXCursor_TemplateTemplateParameter)
			ok = false;
	}
	cx_kids_free(&ks);
	ok = ok && np == 2 && clang_getResultType(clang_getCursorType(def)).kind == CXType_Void;
	if (ok && clang_getCursorKind(def) == CXCursor_FunctionTemplate)
		ok = m->ntp > 0 && call_targs(m, call, m->ntp);
	for (i = 0; ok && i < 2; i++) {
		CXCursor a = clang_Cursor_getArgument(call, (unsigned)i), sv;

		if (shared_var(a, &sv) || (!clang_Cursor_isNull(m->ptr) && clang_getCursorKind(strip(a)) == CXCursor_DeclRefExpr &&
					   clang_equalCursors(clang_getCursorReferenced(strip(a)), m->ptr) &&
					   (sv = m->ptr_base, true))) {
			pi = i;
			m->abase = sv;
		} else if (wl_is_tidx(m->w->s, m->fn_body, a)) {
			ii = i;
		}
	}
	ok = ok && pi >= 0 && ii >= 0 && pi != ii;
	if (ok) {
		m->pbase = parm[pi];
		m->pidx = parm[ii];
		ok = clang_getCanonicalType(clang_getCursorType(m->pbase)).kind == CXType_Pointer &&
		     same_element(clang_getCursorType(m->pbase), m->abase);
	}
	body = ok ? wl_body_of(def) : clang_getNullCursor();
	ok = ok && !clang_Cursor_isNull(body);
	bs = ok ? body_list(m->w->s, body) : (struct cx_kids){ 0 };
	ok = ok && bs.n > 0;
	for (j = 0; ok && j < bs.n; j++)
		ok = fn_step(m, bs.c[j]);
	cx_kids_free(&bs);
	m->pbase = m->pidx = clang_getNullCursor();
	return ok;
}

/* The if's condition: X < 32 (or warpSize). */
static bool lanes_cond(struct vmatch *m, CXCursor c)
{
	struct cx_kids ks;
	char op[4];
	bool ok;

	c = strip(c);
	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op_text(m->w->s, c, op);
	ks = cx_kids_of(c);
	ok = !strcmp(op, "<") && ks.n == 2 && wl_is_tidx(m->w->s, m->fn_body, ks.c[0]) && wl_const_is(ks.c[1], 32);
	cx_kids_free(&ks);
	return ok;
}

/* Is if-statement st the warp-synchronous tail?  Its loops into m->out. */
static bool volatile_tail(struct vmatch *m, CXCursor st)
{
	struct cx_kids ks = cx_kids_of(st), bs = { 0 };
	bool ok;
	unsigned i;

	ok = ks.n == 2 && !in_macro(st) && lanes_cond(m, ks.c[0]);
	if (ok)
		bs = body_list(m->w->s, ks.c[1]);
	cx_kids_free(&ks);
	ok = ok && bs.n > 0;
	for (i = 0; ok && i < bs.n; i++) {
		enum CXCursorKind k = clang_getCursorKind(bs.c[i]);

		if (k == CXCursor_DeclStmt)
			ok = i == 0 && pointer_decl(m, bs.c[i]);
		else if (clang_getCursorKind(strip(bs.c[i])) == CXCursor_CallExpr)
			ok = call_step(m, bs.c[i]);
		else
			ok = clang_isExpression(k) && step(m, bs.c[i]);
	}
	cx_kids_free(&bs);
	return ok && m->n > 0;
}

static void rewrite_tail(struct vmatch *m, CXCursor st)
{
	unsigned a = c_start(st), b = stmt_end(m->w->s, st), i;
	struct buf t = { 0 };

	bprintf(&t,
		"{ __idxgen_warp_sync(); if (threadIdx.x == 0 && threadIdx.y == 0 && threadIdx.z == 0) "
		"for (unsigned __idxgen_vw = 0, __idxgen_vn = 0, __idxgen_vm; (__idxgen_vm = "
		"idxgen_cc_lockstep_warp(blockDim.x, blockDim.x * blockDim.y * blockDim.z, &__idxgen_vw, &__idxgen_vn)) != 0;) "
		"{ if ((__idxgen_vm & (__idxgen_vm + 1u)) == 0) {%s } else {%s } } "
		"__idxgen_warp_sync(); }",
		m->out.p, m->masked.p);
	for (i = a; i < b; i++)	/* the lines stay the user's */
		if (m->w->s->text[i] == '\n')
			bputs(&t, "\n");
	wl_edit(m->w, a, b, t.p);
}

struct vwalk {
	struct wlower *w;
	CXCursor fn_body;
	unsigned n;
};

static enum CXChildVisitResult find_tails(CXCursor c, CXCursor parent, CXClientData d)
{
	struct vwalk *v = d;
	struct vmatch m = { 0 };
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_LambdaExpr)
		return CXChildVisit_Continue;
	if (k != CXCursor_IfStmt)
		return CXChildVisit_Recurse;
	m.w = v->w;
	m.fn_body = v->fn_body;
	m.ptr = m.ptr_base = m.pbase = m.pidx = m.abase = clang_getNullCursor();
	if (volatile_tail(&m, c)) {
		rewrite_tail(&m, c);
		v->n++;
		vmatch_free(&m);
		return CXChildVisit_Continue;
	}
	vmatch_free(&m);
	return CXChildVisit_Recurse;
}

unsigned warp_volatile_tails(struct wlower *w, CXCursor fn, CXCursor body)
{
	struct vwalk v = { w, body, 0 };

	if (!has_annot(fn, "global") || count_returns(body))
		return 0;
	clang_visitChildren(body, find_tails, &v);
	return v.n;
}
