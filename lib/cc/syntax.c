// SPDX-License-Identifier: MIT
/*
 * syntax.c - questions about the cursor tree that need no kernel context:
 * annotations, built-ins of the prelude, operators (read from the source
 * text: libclang-16 does not expose them), the parts of a for statement,
 * barriers and returns under a cursor.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* The built-ins of the supported subset (the others are diagnosed by name). */
const char *const cc_ok_builtins[] = {
	"threadIdx", "blockIdx", "blockDim", "gridDim", "__syncthreads", "atomicAdd", "atomicSub",
	"atomicMin", "atomicMax", "atomicExch", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor",
	"min", "max", "umin", "umax", "abs", "labs", "sqrtf", "rsqrtf", "expf", "__expf", "logf",
	"__logf", "sinf", "__sinf", "cosf", "__cosf", "tanf", "powf", "__powf", "fabsf", "floorf",
	"ceilf", "roundf", "truncf", "fminf", "fmaxf", "fmodf", "tanhf", "exp2f", "log2f",
	"__fdividef", "__saturatef", "fmaf", "sqrt", "rsqrt", "exp", "log", "sin", "cos", "tan",
	"pow", "fabs", "floor", "ceil", "round", "trunc", "fmin", "fmax", "fmod", "tanh", "exp2",
	"log2", "fma", "__mul24", "__umul24", "printf", "uint3", "dim3", "size_t", NULL
};

bool in_list(const char *n, const char *const *l)
{
	for (; *l; l++)
		if (!strcmp(n, *l))
			return true;
	return false;
}

/* Has c an annotate("idxgen_<what>") attribute? */
struct annot_q {
	const char *what;
	bool found;
};

static enum CXChildVisitResult annot_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct annot_q *q = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_AnnotateAttr) {
		char *s = cx_spelling(c);

		if (!strncmp(s, "idxgen_", 7) && !strcmp(s + 7, q->what))
			q->found = true;
		free(s);
	}
	return CXChildVisit_Continue;
}

bool has_annot(CXCursor c, const char *what)
{
	struct annot_q q = { what, false };

	clang_visitChildren(c, annot_visit, &q);
	return q.found;
}

CXCursor strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);

		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return c;
		if (!cx_only_child(c, &c))
			return c;
	}
}

char *builtin_ref(CXCursor c)
{
	CXCursor r = clang_getCursorReferenced(c);

	if (clang_Cursor_isNull(r) || !in_parse_header(r))
		return NULL;
	return cx_spelling(r);
}

bool is_call_to(CXCursor c, const char *name)
{
	char *n;
	bool r;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	n = builtin_ref(c);
	r = n && !strcmp(n, name);
	free(n);
	return r;
}

bool pure_builtin(CXCursor call)
{
	char *n = builtin_ref(call);
	bool r = n && strncmp(n, "atomic", 6) && strcmp(n, "printf") && strncmp(n, "__sync", 6) &&
		 in_list(n, cc_ok_builtins);

	free(n);
	return r;
}

bool is_barrier_stmt(CXCursor c)
{
	return is_call_to(c, "__syncthreads");
}

unsigned count_barriers(CXCursor c)
{
	struct cx_kids ks;
	unsigned i, n = 0;

	if (is_barrier_stmt(c))
		return 1;
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		n += count_barriers(ks.c[i]);
	cx_kids_free(&ks);
	return n;
}

unsigned count_returns(CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned i, r = clang_getCursorKind(c) == CXCursor_ReturnStmt;

	for (i = 0; i < ks.n; i++)
		r += count_returns(ks.c[i]);
	cx_kids_free(&ks);
	return r;
}

unsigned first_return_in(CXCursor c)
{
	struct cx_kids ks;
	unsigned r = ~0u, i, x;

	if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		return c_start(c);
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		if ((x = first_return_in(ks.c[i])) < r)
			r = x;
	cx_kids_free(&ks);
	return r;
}

bool is_shared_decl(CXCursor c)
{
	struct cx_kids ks;
	bool r = false;
	unsigned i;

	if (clang_getCursorKind(c) != CXCursor_DeclStmt)
		return false;
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_VarDecl && has_annot(ks.c[i], "shared"))
			r = true;
	cx_kids_free(&ks);
	return r;
}

CXCursor lvalue_base(CXCursor e)
{
	CXCursor t = strip(e);

	while (clang_getCursorKind(t) == CXCursor_ArraySubscriptExpr) {
		struct cx_kids ks = cx_kids_of(t);

		if (!ks.n) {
			cx_kids_free(&ks);
			break;
		}
		t = strip(ks.c[0]);
		cx_kids_free(&ks);
	}
	return t;
}

/* The operator of a binary expression: the text after its left operand. */
void op_text(const struct source *s, CXCursor c, char out[4])
{
	struct cx_kids k = cx_kids_of(c);
	unsigned o = k.n ? c_end(k.c[0]) : c_start(c), i = 0;
	const char *t = s->text;

	cx_kids_free(&k);
	while (o < s->len && (t[o] == ' ' || t[o] == '\t' || t[o] == '\n' || t[o] == ')'))
		o++;
	while (o < s->len && i < 3 && strchr("=<>!+-*/%&|^", t[o]))
		out[i++] = t[o++];
	out[i] = 0;
}

bool is_assign_op(const char *op)
{
	size_t n = strlen(op);

	return n && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") &&
	       strcmp(op, ">=");
}

char unary_op(const struct source *s, CXCursor c)
{
	unsigned a = c_start(c), e = c_end(c);
	const char *t = s->text;

	if (a + 1 < s->len && (!strncmp(t + a, "++", 2) || !strncmp(t + a, "--", 2)))
		return '+';
	if (e >= 2 && e <= s->len && (!strncmp(t + e - 2, "++", 2) || !strncmp(t + e - 2, "--", 2)))
		return '+';
	if (a < s->len && t[a] == '&')
		return '&';
	return 0;
}

/* Locate the parts of a for statement by the semicolons of its header. */
void for_parts(const struct source *s, CXCursor f, CXCursor *init, CXCursor *cond, CXCursor *inc,
	       CXCursor *body)
{
	struct cx_kids ks = cx_kids_of(f);
	unsigned o = c_start(f), semi[2] = { 0, 0 }, ns = 0, i;
	const char *t = s->text;
	int depth = 0;

	*init = *cond = *inc = *body = clang_getNullCursor();
	while (o < s->len && t[o] != '(')
		o++;
	for (; o < s->len && ns < 2; o++) {
		if (t[o] == '(')
			depth++;
		else if (t[o] == ')')
			depth--;
		else if (t[o] == ';' && depth == 1)
			semi[ns++] = o;
	}
	if (!ks.n) {
		cx_kids_free(&ks);
		return;
	}
	*body = ks.c[ks.n - 1];
	for (i = 0; i + 1 < ks.n; i++) {
		unsigned a = c_start(ks.c[i]);

		if (a < semi[0])
			*init = ks.c[i];
		else if (a < semi[1])
			*cond = ks.c[i];
		else
			*inc = ks.c[i];
	}
	cx_kids_free(&ks);
}

struct cx_kids body_list(CXCursor b)
{
	struct cx_kids ks = { 0 };

	if (clang_getCursorKind(b) == CXCursor_CompoundStmt)
		return cx_kids_of(b);
	cx_kids_add(&ks, b);
	return ks;
}

/* Does e read or write memory or call anything but pure math? */
bool has_effects(const struct source *s, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct cx_kids ks;
	bool r = false;
	unsigned i;

	if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator)
		return true;
	if (k == CXCursor_UnaryOperator) {
		unsigned a = c_start(e);

		if (unary_op(s, e) == '+' || (a < s->len && s->text[a] == '*'))
			return true;
	}
	if (k == CXCursor_BinaryOperator) {
		char op[4];

		op_text(s, e, op);
		if (is_assign_op(op))
			return true;
	}
	ks = cx_kids_of(e);
	for (i = 0; i < ks.n && !r; i++)
		r = has_effects(s, ks.c[i]);
	cx_kids_free(&ks);
	return r;
}
