// SPDX-License-Identifier: MIT
/*
 * unroll.c - a thread loop's inner loops of constant count unrolled, so
 * that the thread loop is the innermost loop (issue 40).
 *
 * Compilers vectorise innermost loops.  A thread loop whose body holds a
 * loop (conv11's taps, `for (dy = -R; dy <= R; dy++) for (dx = -R; ...)`)
 * ran every thread's taps one thread after the other, scalar, although its
 * accesses are contiguous in threadIdx.x (clang's outer-loop vectoriser is
 * off by default).  Where every loop of the thread loop's body is a `for`
 * whose count is known at compile time, and the unrolled body stays small,
 * emit.c writes a full-unroll hint (IDXGEN_CC_UNROLL_FULL,
 * idxgen_cc_kernel.h) in front of each: clang unrolls them before it
 * vectorises, and the thread loop, innermost now, vectorises over
 * threadIdx.x.  Unrolling changes no value and no thread's order of
 * operations; the hint only says where.
 *
 * A count is known when the loop declares its variable from a constant,
 * compares it with a constant (<, <=, >, >=), steps it by a constant
 * (++, --, +=, -=) and its body neither assigns it nor takes its address,
 * nor leaves the loop (break, return, goto), and it is not written by a
 * macro (the hint goes in front of the loop's text).  The limits keep the code
 * small: at most MAX_COUNT iterations a loop and MAX_SIZE operations once
 * unrolled (operators, subscripts, declarations; a call counts CALL_SIZE,
 * its body is inlined), well within what clang unrolls on such a hint
 * (where it declines, the loop stays as it was: idxgen_cc_kernel.h turns
 * off -Wpass-failed).  A thread loop with any other loop (while, do, a for
 * of unknown count), a label, a switch or a lambda gets no
 * hint at all: its thread loop would not become innermost.
 */
#include "cc.h"

#include <string.h>

#define MAX_COUNT 64
#define MAX_SIZE  8192
#define CALL_SIZE 8
#define MAX_BOUND (1LL << 20)

struct walk {
	const struct source *src;
	CXCursor v; /* the loop variable the body must leave alone */
	bool bad;
};

static bool names(CXCursor e, CXCursor v)
{
	e = strip(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), v);
}

/* Is v an argument of call c whose parameter is a reference (or of a callee not known)? */
static bool by_reference(CXCursor c, CXCursor v)
{
	CXCursor fn = clang_getCursorReferenced(c);
	int n = clang_Cursor_getNumArguments(c);

	for (int i = 0; i < n; i++) {
		CXType t;

		if (!names(clang_Cursor_getArgument(c, (unsigned)i), v))
			continue;
		if (clang_Cursor_isNull(fn) || i >= clang_Cursor_getNumArguments(fn))
			return true;
		t = clang_getCursorType(clang_Cursor_getArgument(fn, (unsigned)i));
		if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
			return true;
	}
	return false;
}

/* Does the body write v, take its address or leave the loop? */
static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;
	enum CXCursorKind ck = clang_getCursorKind(c);
	CXCursor t, val;
	struct cx_kids ks;

	(void)parent;
	if (ck == CXCursor_BreakStmt || ck == CXCursor_ReturnStmt || ck == CXCursor_GotoStmt ||
	    ck == CXCursor_IndirectGotoStmt || ck == CXCursor_LabelStmt ||
	    ck == CXCursor_LambdaExpr) {
		w->bad = true;
		return CXChildVisit_Break;
	}
	if (ck == CXCursor_SwitchStmt || (ck == CXCursor_CallExpr && by_reference(c, w->v))) {
		w->bad = true; /* a switch: kept simple; a reference parameter: v may change */
		return CXChildVisit_Break;
	}
	if (assignment(w->src, c, &t, &val) && names(t, w->v)) {
		w->bad = true;
		return CXChildVisit_Break;
	}
	if (ck == CXCursor_UnaryOperator && unary_op(w->src, c)) {
		ks = cx_kids_of(c);
		if (ks.n == 1 && names(ks.c[0], w->v))
			w->bad = true;
		cx_kids_free(&ks);
		if (w->bad)
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool integer_type(CXType t, bool *is_unsigned)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Short:
	case CXType_Int:
	case CXType_Long:
	case CXType_LongLong:
		*is_unsigned = false;
		return true;
	case CXType_UShort:
	case CXType_UInt:
	case CXType_ULong:
	case CXType_ULongLong:
		*is_unsigned = true;
		return true;
	default:
		return false;
	}
}

/* The step of inc on v (+s or -s), 0 if it is not a constant step of v. */
static long long step_of(const struct source *s, CXCursor inc, CXCursor v)
{
	struct cx_kids ks = cx_kids_of(inc);
	enum CXCursorKind ck = clang_getCursorKind(inc);
	long long st = 0, c;
	char op[4] = "";

	if (ck == CXCursor_UnaryOperator && ks.n == 1 && names(ks.c[0], v) &&
	    unary_op(s, inc) == '+') {
		unsigned a = c_start(inc), e = c_end(inc);

		/* ++v, v++: '+' at either end; --v, v--: '-' */
		st = (s->text[a] == '+' || (e >= 1 && s->text[e - 1] == '+')) ? 1 : -1;
	} else if (ck == CXCursor_CompoundAssignOperator && ks.n == 2 && names(ks.c[0], v) &&
		   int_constant(ks.c[1], &c) && c > 0 && c <= MAX_BOUND) {
		op_text(s, inc, op);
		st = !strcmp(op, "+=") ? c : !strcmp(op, "-=") ? -c : 0;
	}
	cx_kids_free(&ks);
	return st;
}

/* The count of for statement f, or -1 where it is not known at compile time. */
static long long const_count(const struct source *s, CXCursor f)
{
	CXCursor init, cond, inc, body, v;
	struct cx_kids ks;
	long long c1, c2, st, n = -1;
	bool uns;
	char op[4] = "";

	for_parts(s, f, &init, &cond, &inc, &body);
	if (clang_Cursor_isNull(init) || clang_Cursor_isNull(cond) || clang_Cursor_isNull(inc) ||
	    clang_getCursorKind(init) != CXCursor_DeclStmt || in_expansion(f) || macro_spelled(f))
		return -1;
	ks = cx_kids_of(init);
	v = ks.n == 1 ? ks.c[0] : clang_getNullCursor();
	cx_kids_free(&ks);
	if (clang_Cursor_isNull(v) || clang_getCursorKind(v) != CXCursor_VarDecl ||
	    !integer_type(clang_getCursorType(v), &uns) || clang_Cursor_isNull(var_init(v)) ||
	    !int_constant(var_init(v), &c1))
		return -1;
	cond = strip(cond);
	ks = cx_kids_of(cond);
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && ks.n == 2 &&
	    names(ks.c[0], v) && int_constant(ks.c[1], &c2)) {
		op_text(s, cond, op);
		st = step_of(s, inc, v);
		if (c1 < -MAX_BOUND || c1 > MAX_BOUND || c2 < -MAX_BOUND || c2 > MAX_BOUND ||
		    (uns && (c1 < 0 || c2 < 0 || st < 0)))
			st = 0;
		if (st > 0 && !strcmp(op, "<"))
			n = c2 > c1 ? (c2 - c1 + st - 1) / st : 0;
		else if (st > 0 && !strcmp(op, "<="))
			n = c2 >= c1 ? (c2 - c1) / st + 1 : 0;
		else if (st < 0 && !strcmp(op, ">"))
			n = c1 > c2 ? (c1 - c2 - st - 1) / -st : 0;
		else if (st < 0 && !strcmp(op, ">="))
			n = c1 >= c2 ? (c1 - c2) / -st + 1 : 0;
	}
	cx_kids_free(&ks);
	if (n >= 0) { /* the body must leave v and the loop alone */
		struct walk w = {s, v, false};

		clang_visitChildren(body, body_visit, &w);
		if (w.bad)
			n = -1;
	}
	return n;
}

/* The size of c once its loops are unrolled; -1 where c holds a loop that is not unrolled. */
static long long unrolled_size(const struct source *s, CXCursor c);

struct sum {
	const struct source *src;
	long long size;
};

static enum CXChildVisitResult sum_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct sum *sm = d;
	long long n = unrolled_size(sm->src, c);

	(void)parent;
	if (n < 0 || sm->size + n > MAX_SIZE) {
		sm->size = -1;
		return CXChildVisit_Break;
	}
	sm->size += n;
	return CXChildVisit_Continue;
}

static long long children_size(const struct source *s, CXCursor c)
{
	struct sum sm = {s, 0};

	clang_visitChildren(c, sum_visit, &sm);
	return sm.size;
}

/* What a node costs once compiled, roughly: operations count, names and literals do not. */
static long long node_size(enum CXCursorKind ck)
{
	switch (ck) {
	case CXCursor_CallExpr:
		return CALL_SIZE;
	case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator:
	case CXCursor_UnaryOperator:
	case CXCursor_ArraySubscriptExpr:
	case CXCursor_ConditionalOperator:
	case CXCursor_MemberRefExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_VarDecl:
	case CXCursor_IfStmt:
		return 1;
	default:
		return 0;
	}
}

static long long unrolled_size(const struct source *s, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	long long n, b;

	if (ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt || ck == CXCursor_CXXForRangeStmt ||
	    ck == CXCursor_LabelStmt || ck == CXCursor_GotoStmt ||
	    ck == CXCursor_IndirectGotoStmt || ck == CXCursor_LambdaExpr ||
	    ck == CXCursor_AsmStmt || ck == CXCursor_MSAsmStmt || ck == CXCursor_SwitchStmt)
		return -1;
	if (ck == CXCursor_ForStmt) {
		n = const_count(s, c);
		if (n < 0 || n > MAX_COUNT)
			return -1;
		b = children_size(s, c);
		return b < 0 || (n && b > MAX_SIZE / n) ? -1 : 1 + n * b;
	}
	b = children_size(s, c);
	if (b < 0)
		return -1;
	return b + node_size(ck);
}

static enum CXChildVisitResult has_loop_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_ForStmt) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

bool unroll_region(const struct kernel *k, CXCursor *l, unsigned n)
{
	long long size = 0, m;
	bool loops = false;

	for (unsigned i = 0; i < n; i++) {
		const struct stmt *st = stmt_of(k, l[i]);

		if (!st || st->cls != S_REGION || st->stride)
			continue; /* once per block, or a thread loop of its own */
		m = unrolled_size(k->src, l[i]);
		if (m < 0 || size + m > MAX_SIZE)
			return false;
		size += m;
		if (clang_getCursorKind(l[i]) == CXCursor_ForStmt)
			loops = true;
		else
			clang_visitChildren(l[i], has_loop_visit, &loops);
	}
	return loops;
}
