/* SPDX-License-Identifier: MIT */
/*
 * eval.c - integer expressions of constants and loop variables (bounds,
 * warps, ranges): literals, macros and enumerators through clang, the loop
 * variables from their current values, the C operators with overflow
 * checked (an expression that overflows is not a constant).
 */
#include "coop.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

int env_of(const struct coop *co, CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);
	size_t k;

	for (k = co->nenv; k-- > 0;)
		if (clang_equalCursors(d, co->env[k].decl))
			return (int)k;
	return -1;
}

static bool eval_clang(CXCursor c, long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	bool ok = false;

	if (r) {
		if (clang_EvalResult_getKind(r) == CXEval_Int) {
			*v = (long)clang_EvalResult_getAsLongLong(r);
			ok = true;
		}
		clang_EvalResult_dispose(r);
	}
	return ok;
}

static bool unary(const char *op, long a, long *v)
{
	if (!strcmp(op, "-") && a != LONG_MIN)
		*v = -a;
	else if (!strcmp(op, "+"))
		*v = a;
	else if (!strcmp(op, "~"))
		*v = ~a;
	else if (!strcmp(op, "!"))
		*v = !a;
	else
		return false;
	return true;
}

/* Shifts, bitwise operators, comparisons and logic: no overflow possible. */
static bool binary_plain(const char *op, long a, long b, long *v)
{
	if (b >= 0 && b < 63 && a >= 0 && a <= (LONG_MAX >> b) && !strcmp(op, "<<"))
		*v = a << b;
	else if (b >= 0 && b < 63 && !strcmp(op, ">>"))
		*v = a >> b;
	else if (!strcmp(op, "&"))
		*v = a & b;
	else if (!strcmp(op, "|"))
		*v = a | b;
	else if (!strcmp(op, "^"))
		*v = a ^ b;
	else if (!strcmp(op, "<"))
		*v = a < b;
	else if (!strcmp(op, ">"))
		*v = a > b;
	else if (!strcmp(op, "<="))
		*v = a <= b;
	else if (!strcmp(op, ">="))
		*v = a >= b;
	else if (!strcmp(op, "=="))
		*v = a == b;
	else if (!strcmp(op, "!="))
		*v = a != b;
	else if (!strcmp(op, "&&"))
		*v = a && b;
	else if (!strcmp(op, "||"))
		*v = a || b;
	else
		return false;
	return true;
}

static bool binary(const char *op, long a, long b, long *v)
{
	if (!strcmp(op, "+"))
		return !__builtin_add_overflow(a, b, v);
	if (!strcmp(op, "-"))
		return !__builtin_sub_overflow(a, b, v);
	if (!strcmp(op, "*"))
		return !__builtin_mul_overflow(a, b, v);
	if (binary_plain(op, a, b, v))
		return true;
	if (b && !(a == LONG_MIN && b == -1) && !strcmp(op, "/")) {
		*v = a / b;
		return true;
	}
	if (b && !(a == LONG_MIN && b == -1) && !strcmp(op, "%")) {
		*v = a % b;
		return true;
	}
	return false;
}

/* The operator of c applied to its evaluated operands. */
static bool eval_operator(const struct coop *co, CXCursor c, const struct cx_kids *ch, long *v)
{
	bool un = clang_getCursorKind(c) == CXCursor_UnaryOperator, ok = false;
	long a, b;
	char *op;

	if (un) {
		op = op_token(co, c, NULL);
		ok = ch->n == 1 && eval(co, ch->c[0], &a) && unary(op, a, v);
		free(op);
		return ok;
	}
	if (ch->n != 2 || !eval(co, ch->c[0], &a) || !eval(co, ch->c[1], &b))
		return false;
	op = op_token(co, c, &ch->c[0]);
	ok = binary(op, a, b, v);
	free(op);
	return ok;
}

bool eval(const struct coop *co, CXCursor c, long *v)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ch;
	bool ok;
	int i;

	switch (k) {
	case CXCursor_IntegerLiteral:
		return eval_clang(c, v);
	case CXCursor_DeclRefExpr:
		if ((i = env_of(co, c)) < 0)
			return eval_clang(c, v);
		*v = co->env[i].val;
		return true;
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
		ch = cx_kids_of(c);
		ok = ch.n >= 1 && ch.n <= 2 && eval(co, ch.c[ch.n - 1], v);
		cx_kids_free(&ch);
		return ok || eval_clang(c, v);
	case CXCursor_UnaryOperator:
	case CXCursor_BinaryOperator:
		ch = cx_kids_of(c);
		ok = eval_operator(co, c, &ch, v);
		cx_kids_free(&ch);
		return ok;
	default:
		return false;
	}
}
