// SPDX-License-Identifier: MIT
/*
 * syntax.c - questions about the cursor tree that need no kernel context:
 * annotations, built-ins of the prelude, operators (read from the source
 * text: libclang-16 does not expose them), the parts of a for statement,
 * barriers and returns under a cursor.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The built-ins of the supported subset (the others are diagnosed by name). */
const char *const cc_ok_builtins[] = {
	"threadIdx", "blockIdx", "blockDim", "gridDim", "__syncthreads", "atomicAdd", "atomicSub",
	"atomicMin", "atomicMax", "atomicExch", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor",
	"atomicInc", "atomicDec",
	"min", "max", "umin", "umax", "abs", "labs", "sqrtf", "rsqrtf", "expf", "__expf", "logf",
	"__logf", "sinf", "__sinf", "cosf", "__cosf", "tanf", "powf", "__powf", "fabsf", "floorf",
	"ceilf", "roundf", "truncf", "fminf", "fmaxf", "fmodf", "tanhf", "exp2f", "log2f",
	"__fdividef", "__saturatef", "fmaf", "sqrt", "rsqrt", "exp", "log", "sin", "cos", "tan",
	"pow", "fabs", "floor", "ceil", "round", "trunc", "fmin", "fmax", "fmod", "tanh", "exp2",
	"log2", "fma", "__mul24", "__umul24", "printf", "uint3", "dim3", "size_t",
	/* warp-level operations as warp.c lowers them */
	"__idxgen_warp_sync", "__idxgen_warp_check", "__popc", "__popcll", "__ffs", "__ffsll", "__clz", "__clzll", "idxgen_cc_shfl_src", "idxgen_cc_shfl_up_src", "idxgen_cc_shfl_down_src",
	"idxgen_cc_shfl_xor_src", "idxgen_cc_shfl_up", "idxgen_cc_shfl_down", "idxgen_cc_present_mask", "idxgen_cc_ballot", "idxgen_cc_ballots", "idxgen_cc_any", "idxgen_cc_all",
	"idxgen_cc_match_any", "idxgen_cc_match_all", "idxgen_cc_reduce_add", "idxgen_cc_reduce_min",
	"idxgen_cc_reduce_max", "idxgen_cc_reduce_and", "idxgen_cc_reduce_or", "idxgen_cc_reduce_xor",
	"idxgen_cc_block_leader", "idxgen_cc_block_any_present", "idxgen_cc_block_tree_add", "idxgen_cc_block_tree_once", "idxgen_cc_block_sum2", "idxgen_cc_block_sum2_from", "idxgen_cc_tree_odd", "idxgen_cc_lockstep_warp",
	"idxgen_cc_warp_leader_add_i", "idxgen_cc_warp_leader_add_u", "idxgen_cc_warp_leader_add_ull", NULL
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

static enum CXChildVisitResult quals_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	unsigned *q = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_AnnotateAttr) {
		char *s = cx_spelling(c);

		*q |= !strcmp(s, "idxgen_global") ? CUDA_Q_GLOBAL | CUDA_Q_DEVICE : 0;
		*q |= !strcmp(s, "idxgen_device") ? CUDA_Q_DEVICE : 0;
		*q |= !strcmp(s, "idxgen_host") ? CUDA_Q_HOST : 0;
		free(s);
	} else if (clang_getCursorKind(c) == CXCursor_CUDAGlobalAttr) {
		*q |= CUDA_Q_GLOBAL | CUDA_Q_DEVICE;
	}
	return CXChildVisit_Continue;
}

unsigned cuda_quals(CXCursor fn)
{
	unsigned q = 0;

	clang_visitChildren(fn, quals_visit, &q);
	return q;
}

static void scope_of(CXCursor c, struct buf *b)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	if (k != CXCursor_Namespace && k != CXCursor_StructDecl && k != CXCursor_ClassDecl)
		return;
	scope_of(clang_getCursorSemanticParent(c), b);
	n = cx_spelling(c);
	bprintf(b, "%s::", *n ? n : "(anonymous namespace)");
	free(n);
}

char *kernel_signature(CXCursor fn)
{
	struct buf b = { 0 };
	struct cx_kids ks = cx_kids_of(fn);
	char *n = cx_spelling(fn);
	unsigned np = 0;

	bputs(&b, "void ");
	scope_of(clang_getCursorSemanticParent(fn), &b);
	bprintf(&b, "%s(", n);
	free(n);
	for (unsigned i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_ParmDecl) {
			char *t = cx_string(clang_getTypeSpelling(clang_getCursorType(ks.c[i])));

			bprintf(&b, "%s%s", np++ ? ", " : "", t);
			free(t);
		}
	bputs(&b, ")");
	cx_kids_free(&ks);
	return b.p;
}

bool function_kind(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
	       k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction;
}

/* The kind of clang's value of e (CXEval_UnExposed: none), the value in *val where an integer. */
static CXEvalResultKind eval_kind(CXCursor e, long long *val)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	CXEvalResultKind k;

	if (!r)
		return CXEval_UnExposed;
	k = clang_EvalResult_getKind(r);
	if (k == CXEval_Int)
		*val = clang_EvalResult_getAsLongLong(r);
	clang_EvalResult_dispose(r);
	return k;
}

bool int_constant(CXCursor e, long long *val)
{
	return eval_kind(e, val) == CXEval_Int;
}

bool arith_constant(CXCursor e)
{
	long long v;
	CXEvalResultKind k = eval_kind(e, &v);

	return k == CXEval_Int || k == CXEval_Float;
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

/*
 * The prelude's declaration comes first, so it is the canonical one of a
 * function that a standard header declares again; the C++ headers' own
 * overloads of a built-in (std::sqrt(float) in the global namespace after
 * <cmath>) count too: the C names the C function.
 */
char *builtin_ref(CXCursor c)
{
	CXCursor r = clang_getCursorReferenced(c);
	char *n;

	if (clang_Cursor_isNull(r))
		return NULL;
	r = clang_getCanonicalCursor(r);
	if (in_parse_header(r))
		return cx_spelling(r);
	if (clang_getCursorKind(r) != CXCursor_FunctionDecl ||
	    !clang_Location_isInSystemHeader(clang_getCursorLocation(r)))
		return NULL;
	n = cx_spelling(r);
	if (in_list(n, cc_ok_builtins))
		return n;
	free(n);
	return NULL;
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

/*
 * warp.c's once-per-warp ballot (idxgen_cc_ballots(b, slots, n, alive);):
 * a collective of the block over the slots its threads published before the
 * barrier in front of it, so it runs once per block whatever the slots hold;
 * so do warp_agg.c's atomics, warp_tree.c's trees and warp_block_sum.c's
 * block sums below.
 */
bool block_collective(CXCursor c)
{
	return is_call_to(c, "idxgen_cc_ballots") || warp_leader_collective(c) || block_tree_collective(c) ||
	       block_sum_collective(c);
}

/*
 * warp_tree.c's shuffle tree where lanes can be absent
 * (idxgen_cc_block_tree_once(...);): every warp's levels, once per block.
 */
bool block_tree_collective(CXCursor c)
{
	return is_call_to(c, "idxgen_cc_block_tree_once");
}

/*
 * warp_block_sum.c's two-level block sum (idxgen_cc_block_sum2(...);):
 * every warp's tree, the sums through __shared__ memory, warp 0's tree,
 * once per block.
 */
bool block_sum_collective(CXCursor c)
{
	return is_call_to(c, "idxgen_cc_block_sum2") || is_call_to(c, "idxgen_cc_block_sum2_from");
}

/*
 * warp_agg.c's warp-aggregated atomic (idxgen_cc_warp_leader_add_*(...);):
 * every warp's leader's atomic, once per block.
 */
bool warp_leader_collective(CXCursor c)
{
	return is_call_to(c, "idxgen_cc_warp_leader_add_i") || is_call_to(c, "idxgen_cc_warp_leader_add_u") ||
	       is_call_to(c, "idxgen_cc_warp_leader_add_ull");
}

bool is_barrier_stmt(CXCursor c)
{
	return is_call_to(c, "__syncthreads") || is_call_to(c, "__idxgen_warp_sync");
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
	struct cx_kids ks;
	unsigned i, r = clang_getCursorKind(c) == CXCursor_ReturnStmt;

	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return 0;	/* its returns are its own */
	ks = cx_kids_of(c);

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
	if (clang_getCursorKind(c) == CXCursor_LambdaExpr)
		return r;
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

/* x of x[i][j] and of x.m (not of p->m: that is memory p points to). */
CXCursor lvalue_base(CXCursor e)
{
	CXCursor t = strip(e);

	for (;;) {
		enum CXCursorKind tk = clang_getCursorKind(t);
		struct cx_kids ks;
		bool go;

		if (tk != CXCursor_ArraySubscriptExpr && tk != CXCursor_MemberRefExpr)
			return t;
		ks = cx_kids_of(t);
		go = ks.n > 0 && (tk == CXCursor_ArraySubscriptExpr ||
				  clang_getCursorType(ks.c[0]).kind != CXType_Pointer);
		if (go)
			t = strip(ks.c[0]);
		cx_kids_free(&ks);
		if (!go)
			return t;
	}
}

/*
 * The operator a call in a template names before instantiation, when
 * overloads of it are in scope ("in += n" with a type-dependent "in" and
 * <cuda_fp16.h>'s operator+= visible): the call's own spelling is empty,
 * its callee an unresolved reference spelled "operator+=".  The operator's
 * text (after "operator") in op, the callee's index among the kids in *at;
 * false for any other call.
 */
static bool dependent_operator(CXCursor c, const struct cx_kids *ks, char op[4], unsigned *at)
{
	char *n = cx_spelling(c);
	bool named = n && *n;
	unsigned i;

	free(n);
	if (named)
		return false;
	for (i = 0; i < ks->n; i++) {
		CXCursor callee = ks->c[i];
		struct cx_kids in;
		char *name;
		bool ok;

		if (clang_getCursorKind(callee) == CXCursor_DeclRefExpr) {
			in = cx_kids_of(callee);
			callee = in.n == 1 ? in.c[0] : clang_getNullCursor();
			cx_kids_free(&in);
		}
		if (clang_getCursorKind(callee) != CXCursor_OverloadedDeclRef)
			continue;
		name = cx_spelling(callee);
		ok = name && !strncmp(name, "operator", 8) && strlen(name + 8) < 4;
		if (ok) {
			strcpy(op, name + 8);
			*at = i;
		}
		free(name);
		return ok;
	}
	return false;
}

/*
 * The assignment or increment a dependent operator call stands for (see
 * dependent_operator): "x op= v" gives target x and value v, "++x" and
 * "x++" target x and value x (the read it makes).
 */
static bool dependent_assignment(CXCursor c, const struct cx_kids *ks, CXCursor *target,
				 CXCursor *value)
{
	CXCursor args[2];
	unsigned at, i, n = 0;
	char op[4];

	if (!dependent_operator(c, ks, op, &at))
		return false;
	for (i = 0; i < ks->n && n < 2; i++)
		if (i != at)
			args[n++] = ks->c[i];
	if (n == 2 && is_assign_op(op) && ks->n == 3) {
		*target = args[0];
		*value = args[1];
		return true;
	}
	if (n == 1 && ks->n == 2 && (!strcmp(op, "++") || !strcmp(op, "--"))) {
		*target = args[0];
		*value = args[0];
		return true;
	}
	return false;
}

bool dependent_binary(CXCursor c, char op[4], CXCursor *l, CXCursor *r)
{
	struct cx_kids ks;
	CXCursor args[2];
	unsigned at, i, n = 0;
	bool ok;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	ks = cx_kids_of(c);
	ok = ks.n == 3 && dependent_operator(c, &ks, op, &at);
	for (i = 0; ok && i < ks.n; i++)
		if (i != at)
			args[n++] = ks.c[i];
	if (ok) {
		*l = args[0];
		*r = args[1];
	}
	cx_kids_free(&ks);
	return ok;
}

static bool builtin_scalar(CXType t)
{
	t = clang_getCanonicalType(t);
	return t.kind == CXType_Pointer || (t.kind >= CXType_Bool && t.kind <= CXType_LongDouble);
}

/*
 * Is c a dependent operator call (dependent_operator) that assigns or
 * increments an operand of pointer or arithmetic type with such a value?
 * No overload can take it (one operand must be a class or an enum), so it
 * is the built-in operation in every instantiation.
 */
bool builtin_dependent_assignment(CXCursor c)
{
	struct cx_kids ks;
	CXCursor target, value;
	bool r = false;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	ks = cx_kids_of(c);
	if (dependent_assignment(c, &ks, &target, &value))
		r = builtin_scalar(clang_getCursorType(target)) &&
		    builtin_scalar(clang_getCursorType(value));
	cx_kids_free(&ks);
	return r;
}

/*
 * Can binary operator c assign target, by their types?  An assignment has
 * its target's type (`i < n` is a bool, `i * 2.0f` a float); a literal is
 * no target.  What reading a macro's #define costs is spent only on these.
 */
static bool typed_as_target(CXCursor c, CXCursor target)
{
	enum CXCursorKind tk = clang_getCursorKind(strip(target));
	CXType a = clang_getCanonicalType(clang_getCursorType(c));
	CXType b = clang_getCanonicalType(clang_getCursorType(target));

	if (tk == CXCursor_IntegerLiteral || tk == CXCursor_FloatingLiteral || tk == CXCursor_CharacterLiteral ||
	    tk == CXCursor_StringLiteral || tk == CXCursor_CXXBoolLiteralExpr)
		return false;
	return a.kind == CXType_Dependent || b.kind == CXType_Dependent || a.kind == CXType_Unexposed ||
	       b.kind == CXType_Unexposed || clang_equalTypes(clang_getUnqualifiedType(a), clang_getUnqualifiedType(b));
}

/*
 * Is c an assignment (=, op=, or C++'s operator= of a struct)?  Its target
 * and value in *target and *value.  In a template, an assignment or
 * increment written as an unresolved operator call counts too: missing it
 * left a parameter advanced per thread on the block's one copy (issue 38).
 * A binary operator written in a macro, whose operator no file text shows,
 * counts where the macro's #define may assign (macro_may_assign): missing
 * `#define ADVANCE w = tid + 1;` recomputed w from its initializer after
 * a barrier, a wrong result (tests/cc/golden/macro_body_writes.cu).
 */
bool assignment(const struct source *s, CXCursor c, CXCursor *target, CXCursor *value)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	bool r = false;
	char op[4];

	if (ck != CXCursor_BinaryOperator && ck != CXCursor_CompoundAssignOperator && ck != CXCursor_CallExpr)
		return false;
	ks = cx_kids_of(c);
	if (ck == CXCursor_CallExpr) {
		char *n = cx_spelling(c);

		r = ks.n == 3 && !strcmp(n, "operator=");
		free(n);
		if (r) {
			*target = ks.c[0];
			*value = ks.c[2];
		} else {
			r = dependent_assignment(c, &ks, target, value);
		}
	} else if (ks.n == 2) {
		if (ck == CXCursor_BinaryOperator)
			op_text(s, c, op);
		r = ck == CXCursor_CompoundAssignOperator || is_assign_op(op) ||
		    (ck == CXCursor_BinaryOperator && typed_as_target(c, ks.c[0]) && macro_spelled(c) &&
		     macro_may_assign(s, c));
		if (r) {
			*target = ks.c[0];
			*value = ks.c[1];
		}
	}
	cx_kids_free(&ks);
	return r;
}

/*
 * The operator of a binary expression: the text after its left operand.
 * "" when the left operand ends where the expression does: both come from
 * one macro expansion ("nz * (y + ny * x)" inside "npsi(i, j, k) = v;"),
 * whose text is the macro's call, not the operator (that text read "=" and
 * made "nz" an assigned variable).
 */
void op_text(const struct source *s, CXCursor c, char out[4])
{
	struct cx_kids k = cx_kids_of(c);
	unsigned o = k.n ? c_end(k.c[0]) : c_start(c), i = 0;
	const char *t = s->text;
	bool inside = k.n && c_end(k.c[0]) >= c_end(c);

	cx_kids_free(&k);
	if (inside) {
		out[0] = 0;
		return;
	}
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

bool unary_deref(const struct source *s, CXCursor c)
{
	unsigned a = c_start(c);
	CXFile f;

	if (in_macro(c)) {	/* a macro's argument: its operator where it is spelled */
		clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, &a);
		return !f || !clang_File_isEqual(f, s->file) || a >= s->len || s->text[a] == '*';
	}
	if (macro_spelled(c))	/* a macro's body: the text there is the macro's name */
		return macro_may_deref(s, c);
	return a < s->len && s->text[a] == '*';
}

char unary_op(const struct source *s, CXCursor c)
{
	unsigned a = c_start(c), e = c_end(c);
	const char *t = s->text;

	if (!in_macro(c) && macro_spelled(c))
		return macro_unary_op(s, c);	/* a macro's body: the text there is its name */

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

/*
 * "#pragma unroll" before a loop: libclang-16 shows the attributed loop as an
 * UnexposedStmt that starts at the pragma, with the loop as its child.
 */
bool is_pragma_stmt(const struct source *s, CXCursor c)
{
	CXCursor only;
	unsigned o = c_start(c);

	return clang_getCursorKind(c) == CXCursor_UnexposedStmt && o < s->len && s->text[o] == '#' &&
	       cx_only_child(c, &only) && clang_isStatement(clang_getCursorKind(only));
}

/* The statement itself, without the pragmas in front of it (ignored). */
CXCursor unwrap_stmt(const struct source *s, CXCursor c)
{
	while (is_pragma_stmt(s, c))
		cx_only_child(c, &c);
	return c;
}

struct cx_kids stmt_list(const struct source *s, CXCursor compound)
{
	struct cx_kids ks = cx_kids_of(compound);
	unsigned i;

	for (i = 0; i < ks.n; i++)
		ks.c[i] = unwrap_stmt(s, ks.c[i]);
	return ks;
}

struct cx_kids body_list(const struct source *s, CXCursor b)
{
	struct cx_kids ks = { 0 };

	b = unwrap_stmt(s, b);
	if (clang_getCursorKind(b) == CXCursor_CompoundStmt)
		return stmt_list(s, b);
	cx_kids_add(&ks, b);
	return ks;
}

/*
 * Does e read or write memory or call anything but pure math?  Pure math is
 * a pure built-in (sqrtf, ceilf, __fdividef, ...: pure_builtin) or a call
 * of the file's own function that only computes (pure_user_call).
 */
bool has_effects(const struct source *s, CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct cx_kids ks;
	bool r = false;
	unsigned i;

	if ((k == CXCursor_CallExpr && !pure_builtin(e) && !pure_user_call(s, e, 0)) ||
	    k == CXCursor_ArraySubscriptExpr ||
	    k == CXCursor_CompoundAssignOperator || k == CXCursor_CXXNewExpr || k == CXCursor_CXXDeleteExpr)
		return true;
	if (k == CXCursor_UnaryOperator && (unary_op(s, e) == '+' || unary_deref(s, e)))
		return true;
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

/*
 * The initializer written in the source, or a null cursor.  C++ default-
 * constructs a struct variable without one: libclang shows that as a call
 * without arguments at the variable's name, which is no initializer in C.
 */
/* Is there an '=' token from the declaration's name up to the start of e? */
static bool equals_before(CXCursor d, CXCursor e)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(d);
	CXSourceRange r = clang_getRange(clang_getCursorLocation(d), clang_getRangeStart(clang_getCursorExtent(e)));
	CXToken *toks = NULL;
	unsigned n = 0, k;
	bool eq = false;

	clang_tokenize(tu, r, &toks, &n);
	for (k = 0; k < n && !eq; k++) {
		CXString sp = clang_getTokenSpelling(tu, toks[k]);

		eq = clang_getTokenKind(toks[k]) == CXToken_Punctuation && !strcmp(clang_getCString(sp), "=");
		clang_disposeString(sp);
	}
	clang_disposeTokens(tu, toks, n);
	return eq;
}

/*
 * A variable's initializer: none for a default-constructed object; for
 * "T v = e;" whose AST is a constructor call at the name (C++14's elidable
 * copy of a converted e, e.g. "__half h = 1.0f;"), e itself.
 */
CXCursor var_init(CXCursor d)
{
	CXCursor i = clang_Cursor_getVarDeclInitializer(d), c = i;
	unsigned name = off_of(clang_getCursorLocation(d));

	if (clang_Cursor_isNull(i))
		return i;
	if (clang_getCursorKind(i) == CXCursor_CallExpr && clang_Cursor_getNumArguments(i) == 0 &&
	    c_start(i) == name)
		return clang_getNullCursor();
	/* through the wrappers at the name (ExprWithCleanups) to the constructor call */
	while (clang_getCursorKind(c) == CXCursor_UnexposedExpr && c_start(c) == name) {
		struct cx_kids ks = cx_kids_of(c);
		CXCursor only = ks.n == 1 ? ks.c[0] : clang_getNullCursor();

		cx_kids_free(&ks);
		if (clang_Cursor_isNull(only))
			return i;
		c = only;
	}
	if (clang_getCursorKind(c) == CXCursor_CallExpr && c_start(c) == name &&
	    clang_Cursor_getNumArguments(c) == 1 && c_start(clang_Cursor_getArgument(c, 0)) != name &&
	    equals_before(d, clang_Cursor_getArgument(c, 0)))
		return clang_Cursor_getArgument(c, 0);
	return i;
}

/*
 * Is var_init(d) written "T v(args)"?  Its text then starts at the name
 * ("v(args)"), so a copy of the declaration is "T " and that text, not
 * "T v = " and that text.
 */
bool init_at_name(CXCursor d, CXCursor init)
{
	return !clang_Cursor_isNull(init) && c_start(init) == off_of(clang_getCursorLocation(d));
}

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *r;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&r, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fputs("out of memory\n", stderr);
		exit(2);
	}
	return r;
}

char *c_declaration(CXType t, const char *name)
{
	char *inner, *r, *s, *p;

	if (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray) {
		if (t.kind == CXType_ConstantArray)
			inner = xasprintf("%s[%lld]", name, clang_getArraySize(t));
		else
			inner = xasprintf("%s[]", name);
		r = c_declaration(clang_getArrayElementType(t), inner);
		free(inner);
		return r;
	}
	s = cx_string(clang_getTypeSpelling(t));
	p = strstr(s, "(*)");
	if (p)	/* a pointer to an array or function: the name goes inside */
		r = xasprintf("%.*s(*%s%s", (int)(p - s), s, name, p + 2);
	else
		r = xasprintf("%s %s", s, name);
	free(s);
	return r;
}

bool is_array_type(CXType t)
{
	return t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
	       t.kind == CXType_VariableArray || t.kind == CXType_DependentSizedArray;
}

bool is_reference_type(CXType t)
{
	return t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;
}

/*
 * The type of a kernel parameter's slot in the launch's argument array: an
 * array parameter is the pointer it decays to, a reference the address it
 * binds to (as in the PTX ABI, where it is a 64-bit parameter), spelled
 * "__typeof__(T) *" so that an array or function referent needs no
 * declarator; any other parameter its own type.
 */
char *param_slot_type(CXType t)
{
	char *s, *r;

	if (is_array_type(t))
		return c_param_declaration(t, "");
	if (!is_reference_type(t))
		return cx_string(clang_getTypeSpelling(t));
	s = cx_string(clang_getTypeSpelling(clang_getPointeeType(t)));
	r = xasprintf("__typeof__(%s) *", s);
	free(s);
	return r;
}

char *c_param_declaration(CXType t, const char *name)
{
	CXType e;
	char *p, *r;

	if (!is_array_type(t))
		return c_declaration(t, name);
	e = clang_getArrayElementType(t);
	p = is_array_type(e) ? xasprintf("(*%s)", name) : xasprintf("*%s", name);
	r = c_declaration(e, p);
	free(p);
	return r;
}
