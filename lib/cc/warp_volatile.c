// SPDX-License-Identifier: MIT
/*
 * warp_volatile.c - warp-synchronous statements over volatile memory run in
 * lockstep (issue 40).  The last warp of the classic block reduction
 *
 *	if (tid < 32) {			// or in a __device__ warpReduce(volatile int *s, ...)
 *		volatile int *v = sdata;
 *		v[tid] += v[tid + 32];
 *		v[tid] += v[tid + 16];	// ... 8, 4, 2, 1
 *	}
 *
 * relies on the 32 threads of the warp executing each statement together:
 * every thread reads v[tid + 16] before any thread writes v[tid].  Run one
 * thread after another (a thread loop, a fiber), thread 16 would add v[32]
 * into v[16] before thread 0 reads it, and the block's sum comes out wrong.
 *
 * A statement (an expression statement in a __global__ or __device__
 * function) that writes a volatile lvalue in memory and reads another one
 * therefore becomes
 *
 *	{ T0 __idxgen_vr0 = (R0); ...; __syncwarp(); S'; __syncwarp(); }
 *
 * where R0.. are its volatile reads (other than its own targets) and S' is S
 * with each Ri replaced by its temporary: every thread of the warp reads
 * before any writes, and the statement's writes are seen by the next
 * statement's reads -- the lockstep order the idiom was written for, a
 * legal order of the CUDA program whatever the hardware does.  The split
 * points are warp operations: warp.c lowers them (loop fission, with the
 * if's predication), or fibers run them as written.
 *
 * Left as it is (not a warp-synchronous update, or not provably safe to
 * hoist): a volatile read under ?:, &&, || or in a call's statement (the
 * read would run where the program did not run it), reads nested in reads,
 * a statement written by a macro, a read of a type other than an
 * arithmetic, enum or pointer one.  A read and the write it feeds in two
 * different statements (`x += v[tid + 16]; v[tid] = x;`) is not covered.
 */
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_READS 8

struct vstmt {
	const struct source *s;
	CXCursor reads[MAX_READS];
	unsigned nreads;
	bool writes;		/* a volatile lvalue in memory among the targets */
	bool unsafe;		/* a form the rewrite does not take */
};

/*
 * An lvalue in memory of volatile-qualified type: v[i], *p, p->m (a variable
 * of its own, a volatile local, is the thread's).
 */
static bool volatile_memory(const struct vstmt *v, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct cx_kids ks;
	bool r;

	if (!clang_isVolatileQualifiedType(clang_getCursorType(e)))
		return false;
	if (k == CXCursor_ArraySubscriptExpr)
		return true;
	if (k == CXCursor_UnaryOperator)
		return v->s->text[c_start(e)] == '*';
	if (k != CXCursor_MemberRefExpr)
		return false;
	ks = cx_kids_of(e);	/* p->m, or a member of memory (v[i].m) */
	r = ks.n == 1 && (clang_getCanonicalType(clang_getCursorType(ks.c[0])).kind == CXType_Pointer ||
			  volatile_memory(v, strip(ks.c[0])));
	cx_kids_free(&ks);
	return r;
}

/* An arithmetic, enum or pointer type (or one a template leaves open): a temporary can hold it. */
static bool holdable(CXType t)
{
	CXType c = clang_getCanonicalType(t);

	if (c.kind >= CXType_FirstBuiltin && c.kind <= CXType_LastBuiltin)
		return c.kind != CXType_Void && c.kind != CXType_Dependent;
	return c.kind == CXType_Enum || c.kind == CXType_Pointer || c.kind == CXType_Unexposed;
}

static void scan(struct vstmt *v, CXCursor e, bool target);

static void scan_kids(struct vstmt *v, CXCursor e)
{
	struct cx_kids ks = cx_kids_of(e);

	for (unsigned i = 0; i < ks.n; i++)
		scan(v, ks.c[i], false);
	cx_kids_free(&ks);
}

/* A target: its own value is not hoisted, the indices inside it are scanned. */
static void scan_target(struct vstmt *v, CXCursor t)
{
	t = strip(t);
	if (volatile_memory(v, t))
		v->writes = true;
	scan_kids(v, t);
}

static void scan(struct vstmt *v, CXCursor e, bool target)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	CXCursor tgt, val;
	char op[4];

	if (v->unsafe)
		return;
	if (target) {
		scan_target(v, e);
		return;
	}
	if (k == CXCursor_CallExpr || k == CXCursor_LambdaExpr || k == CXCursor_ConditionalOperator ||
	    k == CXCursor_StmtExpr) {
		v->unsafe = true;	/* a read there runs only as the program says */
		return;
	}
	if (k == CXCursor_BinaryOperator) {
		op_text(v->s, e, op);
		if (!strcmp(op, "&&") || !strcmp(op, "||") || !strcmp(op, ",")) {
			v->unsafe = true;
			return;
		}
	}
	if (assignment(v->s, e, &tgt, &val)) {
		scan(v, tgt, true);
		scan(v, val, false);
		return;
	}
	if (k == CXCursor_UnaryOperator && unary_op(v->s, e) == '+') {	/* ++ / -- */
		struct cx_kids ks = cx_kids_of(e);

		if (ks.n == 1)
			scan(v, ks.c[0], true);
		cx_kids_free(&ks);
		return;
	}
	if (volatile_memory(v, e)) {
		struct vstmt inner = { .s = v->s };

		scan_kids(&inner, e);
		if (inner.nreads || inner.unsafe || v->nreads == MAX_READS || !holdable(clang_getCursorType(e))) {
			v->unsafe = true;
			return;
		}
		v->reads[v->nreads++] = e;
		return;
	}
	scan_kids(v, e);
}

/* The type of read r without its volatile, as the program spells it. */
static char *plain_type(CXCursor r)
{
	CXString sp = clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCursorType(r)));
	char *t = strdup(clang_getCString(sp));

	clang_disposeString(sp);
	return t;
}

static void rewrite_stmt(struct wlower *w, CXCursor e)
{
	struct vstmt v = { .s = w->s };
	struct buf o = { 0 };
	unsigned end = stmt_end(w->s, e), pos, i, j;
	char *types[MAX_READS];
	bool ok = true;

	if (in_macro(e) || end == c_end(e))
		return;
	scan(&v, e, false);
	if (v.unsafe || !v.writes || !v.nreads)
		return;
	for (i = 0; i < v.nreads; i++)	/* by offset: the text is copied in order */
		for (j = i + 1; j < v.nreads; j++)
			if (c_start(v.reads[j]) < c_start(v.reads[i])) {
				CXCursor t = v.reads[i];

				v.reads[i] = v.reads[j];
				v.reads[j] = t;
			}
	for (i = 0; i < v.nreads; i++) {
		types[i] = plain_type(v.reads[i]);
		ok &= !strstr(types[i], "volatile");	/* a spelling we cannot strip */
	}
	bputs(&o, "{ ");
	for (i = 0; i < v.nreads; i++) {
		bprintf(&o, "%s __idxgen_vr%u = (", types[i], i);
		emit_src(w->s, c_start(v.reads[i]), c_end(v.reads[i]), &o);
		bputs(&o, "); ");
		free(types[i]);
	}
	bputs(&o, "__syncwarp(); ");
	pos = c_start(e);
	for (i = 0; i < v.nreads; i++) {
		emit_src(w->s, pos, c_start(v.reads[i]), &o);
		bprintf(&o, "__idxgen_vr%u", i);
		pos = c_end(v.reads[i]);
	}
	emit_src(w->s, pos, end, &o);
	bputs(&o, " __syncwarp(); }");
	if (ok)
		wl_edit(w, c_start(e), end, o.p);
	else
		buf_free(&o);
}

/* Statements in statement position: a compound's, an if's branches, a loop's body. */
static void walk(struct wlower *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ks;
	unsigned first = 0, last = 0;

	if (k == CXCursor_LambdaExpr)
		return;
	ks = cx_kids_of(c);
	switch (k) {
	case CXCursor_CompoundStmt:
		first = 0, last = ks.n;
		break;
	case CXCursor_IfStmt:
		first = 1, last = ks.n;	/* then, else */
		break;
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_CXXForRangeStmt:
		first = ks.n ? ks.n - 1 : 0, last = ks.n;	/* the body */
		break;
	case CXCursor_DoStmt:
		first = 0, last = ks.n ? 1 : 0;
		break;
	default:
		break;
	}
	for (unsigned i = 0; i < ks.n; i++) {
		if (i >= first && i < last && clang_isExpression(clang_getCursorKind(ks.c[i])))
			rewrite_stmt(w, ks.c[i]);
		else
			walk(w, ks.c[i]);
	}
	cx_kids_free(&ks);
}

int warp_volatile(struct source *s, CXIndex idx, char *const *args, int nargs)
{
	struct wlower w = { 0 };
	CXTranslationUnit tu;
	struct cx_kids ks;
	unsigned i;

	if (!strstr(s->text, "volatile"))
		return 0;
	tu = source_parse(s, idx, args, nargs);
	if (!tu)
		return 2;
	if (s->nerrors) {
		clang_disposeTranslationUnit(tu);
		return 1;
	}
	w.s = s;
	ks = cx_kids_of(clang_getTranslationUnitCursor(tu));
	for (i = 0; i < ks.n; i++) {
		enum CXCursorKind k = clang_getCursorKind(ks.c[i]);
		CXCursor body;

		if (!in_main(s, ks.c[i]) || (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) ||
		    !(has_annot(ks.c[i], "global") || has_annot(ks.c[i], "device")))
			continue;
		body = wl_body_of(ks.c[i]);
		if (!clang_Cursor_isNull(body))
			walk(&w, body);
	}
	cx_kids_free(&ks);
	if (w.ne)
		wl_apply(&w);
	for (i = 0; i < w.ne; i++)
		free(w.e[i].text);
	free(w.e);
	clang_disposeTranslationUnit(tu);
	return 0;
}
