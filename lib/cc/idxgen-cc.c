// SPDX-License-Identifier: MIT
/*
 * idxgen-cc - translate CUDA C kernels into C for the idxgen CPU runtime.
 *
 * clang (libclang) parses the .cu file as host-side C++ after an embedded
 * header that declares the CUDA built-ins (cuda_parse.h).  The translator
 * then works on the cursor tree and rewrites the source text:
 *
 *  1. subset check: every cursor of a kernel or __device__ function must be
 *     a construct of the supported subset, else file:line:col: error;
 *  2. variance: a local variable is variant (differs between the threads of
 *     a block) when a write to it depends on threadIdx, an atomic's result,
 *     another variant variable, or happens under a variant condition;
 *  3. barriers: a __syncthreads() must be a statement whose enclosing
 *     conditions and loops are all uniform;
 *  4. regions: a compound statement that contains a barrier is split at it;
 *     runs of barrier-free statements become thread loops, statements that
 *     contain barriers (uniform if/for/while/do) run once per block with
 *     their bodies split recursively, declarations and assignments of
 *     uniform variables run once per block (convergent code);
 *  5. promotion: a variable used in more than one thread loop becomes a
 *     per-thread array indexed by the thread's linear index.
 */
#define _GNU_SOURCE
#include <clang-c/Index.h>
#include <errno.h>
#include <ctype.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define VERSION "1.0"
#define PARSE_HDR "/__idxgen_cc__/idxgen_cuda.h"

static const char parse_header[] =
#include "cuda_parse.inc"
	;

/* ---- small utilities ---------------------------------------------------- */

struct buf {
	char *p;
	size_t n, cap;
};

static void bput(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
		if (!b->p) {
			perror("idxgen-cc");
			exit(2);
		}
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = 0;
}

static void bprintf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bprintf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		perror("idxgen-cc");
		exit(2);
	}
	bput(b, s, (size_t)n);
	free(s);
}

static char *xstr(CXString s)
{
	char *r = strdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

/* ---- source, locations, diagnostics -------------------------------------- */

static const char *src_path;	/* as given on the command line */
static char *src;		/* the main file's text */
static size_t src_len;
static CXFile src_file;
static int nerrors;

static bool in_main(CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, src_file);
}

static bool in_parse_header(CXCursor c)
{
	CXFile f;
	char *name;
	bool r;

	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f)
		return false;
	name = xstr(clang_getFileName(f));
	r = !strcmp(name, PARSE_HDR);
	free(name);
	return r;
}

static unsigned off_of(CXSourceLocation l)
{
	unsigned o;

	clang_getExpansionLocation(l, NULL, NULL, NULL, &o);
	return o;
}

static unsigned c_start(CXCursor c)
{
	return off_of(clang_getRangeStart(clang_getCursorExtent(c)));
}

static unsigned c_end(CXCursor c)
{
	return off_of(clang_getRangeEnd(clang_getCursorExtent(c)));
}

/* A cursor written inside a macro's expansion (its text is not at its offsets). */
static bool in_macro(CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	unsigned a, b;
	CXFile fa, fb;

	clang_getExpansionLocation(l, &fa, NULL, NULL, &a);
	clang_getSpellingLocation(l, &fb, NULL, NULL, &b);
	return a != b || !fa || !fb || !clang_File_isEqual(fa, fb);
}

static void error_at(CXCursor c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void error_at(CXCursor c, const char *fmt, ...)
{
	unsigned line, col;
	CXFile f;
	char *name;
	va_list ap;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col, NULL);
	name = f ? xstr(clang_getFileName(f)) : strdup(src_path);
	fprintf(stderr, "%s:%u:%u: error: ", name, line, col);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	free(name);
	nerrors++;
}

static void note_at(CXCursor c, const char *msg)
{
	unsigned line, col;
	CXFile f;
	char *name;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, &line, &col, NULL);
	name = f ? xstr(clang_getFileName(f)) : strdup(src_path);
	fprintf(stderr, "%s:%u:%u: note: %s\n", name, line, col, msg);
	free(name);
}

/* ---- cursor helpers ------------------------------------------------------ */

struct kids {
	CXCursor *c;
	unsigned n, cap;
};

static enum CXChildVisitResult kids_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kids *k = d;

	(void)parent;
	if (clang_isAttribute(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	if (k->n == k->cap) {
		k->cap = k->cap ? 2 * k->cap : 8;
		k->c = realloc(k->c, k->cap * sizeof(*k->c));
		if (!k->c)
			exit(2);
	}
	k->c[k->n++] = c;
	return CXChildVisit_Continue;
}

static struct kids kids_of(CXCursor c)
{
	struct kids k = { 0 };

	clang_visitChildren(c, kids_visit, &k);
	return k;
}

static char *name_of(CXCursor c)
{
	return xstr(clang_getCursorSpelling(c));
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
		char *s = name_of(c);

		if (!strncmp(s, "idxgen_", 7) && !strcmp(s + 7, q->what))
			q->found = true;
		free(s);
	}
	return CXChildVisit_Continue;
}

static bool has_annot(CXCursor c, const char *what)
{
	struct annot_q q = { what, false };

	clang_visitChildren(c, annot_visit, &q);
	return q.found;
}

/* Strip implicit casts and parentheses. */
static CXCursor strip(CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		struct kids ks;

		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr)
			return c;
		ks = kids_of(c);
		if (ks.n != 1) {
			free(ks.c);
			return c;
		}
		c = ks.c[0];
		free(ks.c);
	}
}

/* Name of a built-in from our parse header that c refers to, or NULL. */
static char *builtin_ref(CXCursor c)
{
	CXCursor r = clang_getCursorReferenced(c);

	if (clang_Cursor_isNull(r) || !in_parse_header(r))
		return NULL;
	return name_of(r);
}

static bool is_call_to(CXCursor c, const char *name)
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

/* The operator of a binary expression: the text after its left operand. */
static void op_text(CXCursor c, char out[4])
{
	struct kids k = kids_of(c);
	unsigned o = k.n ? c_end(k.c[0]) : c_start(c), i = 0;

	free(k.c);
	while (o < src_len && (src[o] == ' ' || src[o] == '\t' || src[o] == '\n' || src[o] == ')'))
		o++;
	while (o < src_len && i < 3 && strchr("=<>!+-*/%&|^", src[o]))
		out[i++] = src[o++];
	out[i] = 0;
}

static bool is_assign_op(const char *op)
{
	size_t n = strlen(op);

	return n && op[n - 1] == '=' && strcmp(op, "==") && strcmp(op, "!=") && strcmp(op, "<=") &&
	       strcmp(op, ">=");
}

/* ++/-- (prefix or postfix) or & on an operand. */
static char unary_op(CXCursor c)
{
	unsigned s = c_start(c), e = c_end(c);

	if (s + 1 < src_len && (!strncmp(src + s, "++", 2) || !strncmp(src + s, "--", 2)))
		return '+';
	if (e >= 2 && e <= src_len && (!strncmp(src + e - 2, "++", 2) || !strncmp(src + e - 2, "--", 2)))
		return '+';
	if (s < src_len && src[s] == '&')
		return '&';
	return 0;
}

/* ---- kernel state -------------------------------------------------------- */

/*
 * V_LOCAL: declared and used in one thread loop; V_SCALAR: one copy per block
 * (uniform); V_PROMOTED: a per-thread array; V_REMAT: used in several thread
 * loops but cheap and constant per thread (an effect-free initializer of
 * thread and block indices, parameters and constants, never assigned):
 * recomputed at the top of each thread loop that uses it; V_SPLIT: used in
 * several thread loops but not live across any barrier (every thread loop
 * but the declaring one assigns it before reading it): a fresh local in each.
 */
enum vclass { V_LOCAL, V_SCALAR, V_PROMOTED, V_REMAT, V_SPLIT };

struct var {
	CXCursor decl;
	char *name, *pname;
	bool param, variant, array, shared, addr_taken;
	bool split_decl;	/* declared by a statement of a split list */
	bool header_decl;	/* declared in the header of a loop containing a barrier */
	bool all_writes_uniform_level;
	bool need;		/* emission: recompute in the current thread loop */
	bool declared_here;	/* emission: its declaration is in the current thread loop */
	bool uniform_ref;	/* referenced by code that runs once per block */
	int first_region, nregions;
	enum vclass cls;
};

enum sclass { S_REGION, S_BARRIER, S_CONTROL, S_SHARED, S_UDECL, S_UEXPR };

struct stmt {
	CXCursor c;
	enum sclass cls;
	bool cand;	/* candidate for S_UDECL/S_UEXPR */
	bool hoisted;	/* S_UDECL/S_UEXPR moved in front of the open thread loop */
	int region;
};

struct kernel {
	CXCursor fn;
	char *name;
	struct var *v;
	unsigned nv;
	struct stmt *s;
	unsigned ns;
	int nregions, nbarriers;
	bool done_flags, uses_blockIdx, uses_blockDim, uses_gridDim;
	size_t static_shared;
};

static struct kernel *K;

static struct var *var_of(CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);
	unsigned i;

	if (clang_Cursor_isNull(d))
		return NULL;
	for (i = 0; i < K->nv; i++)
		if (clang_equalCursors(K->v[i].decl, d))
			return &K->v[i];
	return NULL;
}

static struct var *var_decl(CXCursor d)
{
	unsigned i;

	for (i = 0; i < K->nv; i++)
		if (clang_equalCursors(K->v[i].decl, d))
			return &K->v[i];
	return NULL;
}

static struct stmt *stmt_of(CXCursor c)
{
	unsigned i;

	for (i = 0; i < K->ns; i++)
		if (clang_equalCursors(K->s[i].c, c))
			return &K->s[i];
	return NULL;
}

/* ---- pass 1: subset check ------------------------------------------------ */

static const char *const ok_builtins[] = {
	"threadIdx", "blockIdx", "blockDim", "gridDim", "__syncthreads", "atomicAdd", "atomicSub",
	"atomicMin", "atomicMax", "atomicExch", "atomicCAS", "atomicAnd", "atomicOr", "atomicXor",
	"min", "max", "umin", "umax", "abs", "labs", "sqrtf", "rsqrtf", "expf", "__expf", "logf",
	"__logf", "sinf", "__sinf", "cosf", "__cosf", "tanf", "powf", "__powf", "fabsf", "floorf",
	"ceilf", "roundf", "truncf", "fminf", "fmaxf", "fmodf", "tanhf", "exp2f", "log2f",
	"__fdividef", "__saturatef", "fmaf", "sqrt", "rsqrt", "exp", "log", "sin", "cos", "tan",
	"pow", "fabs", "floor", "ceil", "round", "trunc", "fmin", "fmax", "fmod", "tanh", "exp2",
	"log2", "fma", "__mul24", "__umul24", "printf", "uint3", "dim3", "size_t", NULL
};

static bool in_list(const char *n, const char *const *l)
{
	for (; *l; l++)
		if (!strcmp(n, *l))
			return true;
	return false;
}

static void builtin_diag(CXCursor c, const char *n)
{
	if (!strncmp(n, "__shfl", 6) || !strcmp(n, "__ballot_sync") || !strcmp(n, "__any_sync") ||
	    !strcmp(n, "__all_sync") || !strcmp(n, "__activemask") || !strcmp(n, "__syncwarp") ||
	    !strcmp(n, "warpSize"))
		error_at(c, "warp intrinsic '%s' is not supported: the CPU runtime has no warps", n);
	else if (!strncmp(n, "tex", 3) || !strcmp(n, "texture") || !strncmp(n, "cudaTexture", 11) ||
		 !strncmp(n, "cudaSurface", 11))
		error_at(c, "textures ('%s') are not supported", n);
	else if (!strncmp(n, "cuda", 4))
		error_at(c, "dynamic parallelism ('%s' in device code) is not supported", n);
	else if (!in_list(n, ok_builtins))
		error_at(c, "'%s' is outside the subset idxgen-cc translates", n);
}

struct check_ctx {
	bool kernel;
	const char *fname;
};

static enum CXChildVisitResult check_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct check_ctx *ctx = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	(void)parent;
	switch (k) {
	case CXCursor_CompoundStmt: case CXCursor_DeclStmt: case CXCursor_IfStmt:
	case CXCursor_ForStmt: case CXCursor_WhileStmt: case CXCursor_DoStmt:
	case CXCursor_SwitchStmt: case CXCursor_CaseStmt: case CXCursor_DefaultStmt:
	case CXCursor_BreakStmt: case CXCursor_ContinueStmt: case CXCursor_ReturnStmt:
	case CXCursor_NullStmt: case CXCursor_UnexposedExpr: case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral: case CXCursor_CharacterLiteral: case CXCursor_StringLiteral:
	case CXCursor_ParenExpr: case CXCursor_UnaryOperator: case CXCursor_BinaryOperator:
	case CXCursor_CompoundAssignOperator: case CXCursor_ConditionalOperator:
	case CXCursor_CStyleCastExpr: case CXCursor_ArraySubscriptExpr: case CXCursor_InitListExpr:
	case CXCursor_UnaryExpr: case CXCursor_CXXBoolLiteralExpr: case CXCursor_ParmDecl:
		break;
	case CXCursor_AnnotateAttr: case CXCursor_UnexposedAttr:
		return CXChildVisit_Continue;
	case CXCursor_VarDecl: {
		CXType t = clang_getCursorType(c);

		if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
			error_at(c, "C++ references are outside the subset idxgen-cc translates");
		else if (t.kind == CXType_Auto)
			error_at(c, "'auto' is outside the subset idxgen-cc translates");
		if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
			error_at(c, "static local variables are not supported in device code");
		if (has_annot(c, "shared") && !ctx->kernel)
			error_at(c, "__shared__ variables are supported in __global__ functions only");
		if (has_annot(c, "shared") && !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(c)))
			error_at(c, "__shared__ variables cannot have an initializer");
		break;
	}
	case CXCursor_TypeRef: case CXCursor_TemplateRef:
		if ((n = builtin_ref(c))) {
			builtin_diag(c, n);
			free(n);
		}
		if (k == CXCursor_TemplateRef)
			return CXChildVisit_Continue;
		return CXChildVisit_Continue;
	case CXCursor_DeclRefExpr: case CXCursor_MemberRefExpr:
		if ((n = builtin_ref(c))) {
			if (!ctx->kernel && (!strcmp(n, "threadIdx") || !strcmp(n, "blockIdx") ||
					     !strcmp(n, "blockDim") || !strcmp(n, "gridDim")))
				error_at(c, "'%s' in __device__ function '%s' is not supported: pass it as a parameter",
					 n, ctx->fname);
			else if (k == CXCursor_DeclRefExpr)
				builtin_diag(c, n);
			free(n);
		} else if (k == CXCursor_DeclRefExpr) {
			CXCursor r = clang_getCursorReferenced(c);
			enum CXCursorKind rk = clang_getCursorKind(r);

			if (rk == CXCursor_FunctionDecl && has_annot(r, "global"))
				error_at(c, "dynamic parallelism (launching or referencing kernel '%s' from device code) is not supported",
					 (n = name_of(r))), free(n);
			else if (rk == CXCursor_FunctionDecl && !has_annot(r, "device"))
				error_at(c, "call of '%s', which is not a __device__ function",
					 (n = name_of(r))), free(n);
			else if (rk == CXCursor_VarDecl && !clang_equalCursors(clang_getCursorSemanticParent(r),
										 clang_getCursorSemanticParent(c)) &&
				 clang_getCursorKind(clang_getCursorSemanticParent(r)) == CXCursor_TranslationUnit) {
				if (has_annot(r, "shared"))
					;
				else if (has_annot(r, "constant"))
					error_at(c, "__constant__ memory is not supported");
				else if (!clang_isConstQualifiedType(clang_getCursorType(r)))
					error_at(c, "global variable '%s' in device code is not supported",
						 (n = name_of(r))), free(n);
			}
		}
		break;
	case CXCursor_CallExpr:
		if ((n = builtin_ref(c))) {
			if (!ctx->kernel && !strcmp(n, "__syncthreads"))
				error_at(c, "__syncthreads() in __device__ function '%s' is not supported", ctx->fname);
			free(n);
		}
		break;
	case CXCursor_GotoStmt: case CXCursor_LabelStmt:
		error_at(c, "goto and labels are outside the subset idxgen-cc translates");
		return CXChildVisit_Continue;
	default: {
		char *kn = xstr(clang_getCursorKindSpelling(k));

		error_at(c, "%s is outside the subset idxgen-cc translates (C-compatible CUDA only)", kn);
		free(kn);
		return CXChildVisit_Continue;
	}
	}
	return CXChildVisit_Recurse;
}

/* ---- pass 2: variance ---------------------------------------------------- */

static bool variant(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct kids ks;
	bool r = false;
	unsigned i;
	char *n;

	if (k == CXCursor_MemberRefExpr || k == CXCursor_DeclRefExpr) {
		if ((n = builtin_ref(e))) {
			r = !strcmp(n, "threadIdx");
			free(n);
			if (r)
				return true;
		} else if (k == CXCursor_DeclRefExpr) {
			struct var *v = var_of(e);

			return v && v->variant;
		}
	}
	if (k == CXCursor_CallExpr && (n = builtin_ref(e))) {
		r = !strncmp(n, "atomic", 6);
		free(n);
		if (r)
			return true;
	}
	ks = kids_of(e);
	for (i = 0; i < ks.n && !r; i++)
		r = variant(ks.c[i]);
	free(ks.c);
	return r;
}

static bool changed;

static void mark_variant(struct var *v)
{
	if (v && !v->variant && !v->param) {
		v->variant = true;
		changed = true;
	}
}

static void for_parts(CXCursor f, CXCursor *init, CXCursor *cond, CXCursor *inc, CXCursor *body);

/* Does s exit its enclosing loop (break, return) under a variant condition? */
static bool divergent_exit(CXCursor s, bool div, int depth)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct kids ks;
	bool r = false;
	unsigned i;

	if ((k == CXCursor_BreakStmt && depth == 0) || k == CXCursor_ReturnStmt)
		return div;
	ks = kids_of(s);
	if (k == CXCursor_IfStmt || k == CXCursor_ConditionalOperator) {
		bool d2 = div || (ks.n && variant(ks.c[0]));

		for (i = 1; i < ks.n && !r; i++)
			r = divergent_exit(ks.c[i], d2, depth);
	} else {
		int d = depth + (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
				 k == CXCursor_SwitchStmt);

		for (i = 0; i < ks.n && !r; i++)
			r = divergent_exit(ks.c[i], div || k == CXCursor_SwitchStmt ? div || variant(ks.c[0]) : div, d);
	}
	free(ks.c);
	return r;
}

/* The condition that makes the body of loop or branch s divergent, or a null cursor. */
static CXCursor div_cond(CXCursor s)
{
	enum CXCursorKind k = clang_getCursorKind(s);
	struct kids ks = kids_of(s);
	CXCursor r = clang_getNullCursor();

	if (k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_WhileStmt ||
	    k == CXCursor_ConditionalOperator) {
		if (ks.n && variant(ks.c[0]))
			r = ks.c[0];
		if (k == CXCursor_WhileStmt && clang_Cursor_isNull(r) && divergent_exit(ks.c[ks.n - 1], false, 0))
			r = s;
	} else if (k == CXCursor_DoStmt) {
		if (ks.n > 1 && variant(ks.c[1]))
			r = ks.c[1];
		else if (ks.n && divergent_exit(ks.c[0], false, 0))
			r = s;
	} else if (k == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(s, &init, &cond, &inc, &body);
		if (!clang_Cursor_isNull(cond) && variant(cond))
			r = cond;
		else if (!clang_Cursor_isNull(inc) && variant(inc))
			r = inc;
		else if (divergent_exit(body, false, 0))
			r = s;
	}
	free(ks.c);
	return r;
}

/* The variable an lvalue names: x, or the array of x[i][j]. */
static CXCursor lvalue_base(CXCursor e)
{
	CXCursor t = strip(e);

	while (clang_getCursorKind(t) == CXCursor_ArraySubscriptExpr) {
		struct kids ks = kids_of(t);

		if (!ks.n) {
			free(ks.c);
			break;
		}
		t = strip(ks.c[0]);
		free(ks.c);
	}
	return t;
}

static void note_write(CXCursor target, bool v)
{
	CXCursor t = lvalue_base(target);
	struct var *var;

	if (clang_getCursorKind(t) != CXCursor_DeclRefExpr)
		return;
	var = var_of(t);
	if (var && v)
		mark_variant(var);
}

static void variance_walk(CXCursor c, bool div)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks = kids_of(c);
	unsigned i;

	if (k == CXCursor_VarDecl) {
		struct var *v = var_decl(c);
		CXCursor init = clang_Cursor_getVarDeclInitializer(c);

		if (v && !clang_Cursor_isNull(init) && (div || variant(init)))
			mark_variant(v);
	} else if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) {
		char op[4];

		op_text(c, op);
		if (k == CXCursor_CompoundAssignOperator || is_assign_op(op))
			note_write(ks.c[0], div || variant(ks.c[1]) || variant(ks.c[0]));
	} else if (k == CXCursor_UnaryOperator) {
		char u = unary_op(c);

		if (u == '+')
			note_write(ks.c[0], div || variant(ks.c[0]));
		else if (u == '&' && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr) {
			struct var *v = var_of(strip(ks.c[0]));

			if (v) {
				v->addr_taken = true;
				mark_variant(v);
			}
		}
	}
	if (k == CXCursor_IfStmt || k == CXCursor_SwitchStmt || k == CXCursor_WhileStmt ||
	    k == CXCursor_DoStmt || k == CXCursor_ForStmt || k == CXCursor_ConditionalOperator) {
		bool d2 = div || !clang_Cursor_isNull(div_cond(c));

		for (i = 0; i < ks.n; i++) {
			bool head = (k == CXCursor_DoStmt) ? false : i == 0;

			variance_walk(ks.c[i], head && k != CXCursor_ForStmt ? div : d2);
		}
	} else {
		for (i = 0; i < ks.n; i++)
			variance_walk(ks.c[i], div);
	}
	free(ks.c);
}

/* ---- pass 3: barriers ---------------------------------------------------- */

static unsigned count_barriers(CXCursor c)
{
	struct kids ks;
	unsigned i, n = 0;

	if (is_call_to(c, "__syncthreads"))
		return 1;
	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		n += count_barriers(ks.c[i]);
	free(ks.c);
	return n;
}

static bool is_barrier_stmt(CXCursor c)
{
	return is_call_to(c, "__syncthreads");
}

static void barrier_walk(CXCursor c, CXCursor parent, CXCursor divc, bool in_switch)
{
	enum CXCursorKind k = clang_getCursorKind(c), pk = clang_getCursorKind(parent);
	struct kids ks;
	unsigned i;

	if (is_call_to(c, "__syncthreads")) {
		if (pk != CXCursor_CompoundStmt && pk != CXCursor_IfStmt && pk != CXCursor_ForStmt &&
		    pk != CXCursor_WhileStmt && pk != CXCursor_DoStmt && pk != CXCursor_CaseStmt &&
		    pk != CXCursor_DefaultStmt) {
			error_at(c, "__syncthreads() must be a statement of its own");
		} else if (!clang_Cursor_isNull(divc)) {
			error_at(c, "__syncthreads() in divergent control flow: not all threads of a block reach it");
			note_at(divc, "this condition depends on the thread index");
		} else if (in_switch) {
			error_at(c, "__syncthreads() inside a switch statement is not supported");
		}
		return;
	}
	if (k == CXCursor_IfStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt ||
	    k == CXCursor_ForStmt || k == CXCursor_ConditionalOperator || k == CXCursor_SwitchStmt) {
		if (clang_Cursor_isNull(divc))
			divc = div_cond(c);
		if (k == CXCursor_ConditionalOperator && clang_Cursor_isNull(divc))
			divc = c;	/* a barrier in an expression */
	}
	if (k == CXCursor_SwitchStmt)
		in_switch = true;
	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		barrier_walk(ks.c[i], c, divc, in_switch);
	free(ks.c);
}

/* ---- pass 4: split lists, classes, regions ------------------------------- */

/* Locate the parts of a for statement by the semicolons of its header. */
static void for_parts(CXCursor f, CXCursor *init, CXCursor *cond, CXCursor *inc, CXCursor *body)
{
	struct kids ks = kids_of(f);
	unsigned o = c_start(f), semi[2] = { 0, 0 }, ns = 0, i;
	int depth = 0;

	*init = *cond = *inc = *body = clang_getNullCursor();
	while (o < src_len && src[o] != '(')
		o++;
	for (; o < src_len && ns < 2; o++) {
		if (src[o] == '(')
			depth++;
		else if (src[o] == ')')
			depth--;
		else if (src[o] == ';' && depth == 1)
			semi[ns++] = o;
	}
	if (!ks.n) {
		free(ks.c);
		return;
	}
	*body = ks.c[ks.n - 1];
	for (i = 0; i + 1 < ks.n; i++) {
		unsigned s = c_start(ks.c[i]);

		if (s < semi[0])
			*init = ks.c[i];
		else if (s < semi[1])
			*cond = ks.c[i];
		else
			*inc = ks.c[i];
	}
	free(ks.c);
}

static struct stmt *add_stmt(CXCursor c, enum sclass cls)
{
	struct stmt *s;

	K->s = realloc(K->s, (K->ns + 1) * sizeof(*K->s));
	s = &K->s[K->ns++];
	s->c = c;
	s->cls = cls;
	s->cand = false;
	s->hoisted = false;
	s->region = -1;
	return s;
}

static bool is_shared_decl(CXCursor c)
{
	struct kids ks;
	bool r = false;
	unsigned i;

	if (clang_getCursorKind(c) != CXCursor_DeclStmt)
		return false;
	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_VarDecl && has_annot(ks.c[i], "shared"))
			r = true;
	free(ks.c);
	return r;
}

/* Does e read or write memory or call anything but pure math? */
static bool has_effects(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct kids ks;
	bool r = false;
	unsigned i;

	if (k == CXCursor_ArraySubscriptExpr || k == CXCursor_CallExpr || k == CXCursor_CompoundAssignOperator)
		return true;
	if (k == CXCursor_UnaryOperator) {
		unsigned s = c_start(e);

		if (unary_op(e) == '+' || (s < src_len && src[s] == '*'))
			return true;
	}
	if (k == CXCursor_BinaryOperator) {
		char op[4];

		op_text(e, op);
		if (is_assign_op(op))
			return true;
	}
	ks = kids_of(e);
	for (i = 0; i < ks.n && !r; i++)
		r = has_effects(ks.c[i]);
	free(ks.c);
	return r;
}

static bool uniform_candidate_decl(CXCursor d)
{
	struct kids ks = kids_of(d);
	bool ok = ks.n > 0;
	unsigned i;

	for (i = 0; i < ks.n && ok; i++) {
		CXCursor v = ks.c[i], init;
		struct var *var;

		if (clang_getCursorKind(v) != CXCursor_VarDecl || !(var = var_decl(v)) ||
		    var->variant || var->shared || var->addr_taken) {
			ok = false;
			break;
		}
		init = clang_Cursor_getVarDeclInitializer(v);
		if (!clang_Cursor_isNull(init) && has_effects(init))
			ok = false;
	}
	free(ks.c);
	return ok;
}

static unsigned first_return;	/* offset of the kernel's first return, or ~0 */

/* Does e read memory other than the kernel's local arrays? */
static bool reads_memory(CXCursor e)
{
	enum CXCursorKind k = clang_getCursorKind(e);
	struct kids ks;
	bool r = false;
	unsigned i;

	if (k == CXCursor_ArraySubscriptExpr) {
		CXCursor b = lvalue_base(e);
		struct var *v = clang_getCursorKind(b) == CXCursor_DeclRefExpr ? var_of(b) : NULL;

		if (!v || !v->array || v->param)
			return true;
	}
	if (k == CXCursor_UnaryOperator && c_start(e) < src_len && src[c_start(e)] == '*')
		return true;
	ks = kids_of(e);
	for (i = 0; i < ks.n && !r; i++)
		r = reads_memory(ks.c[i]);
	free(ks.c);
	return r;
}

static bool pure_builtin(CXCursor call)
{
	char *n = builtin_ref(call);
	bool r = n && strncmp(n, "atomic", 6) && strcmp(n, "printf") && strncmp(n, "__sync", 6) &&
		 in_list(n, ok_builtins);

	free(n);
	return r;
}

/*
 * May statement c (no barrier inside) run once per block instead of once per
 * thread?  It must not depend on the thread (no threadIdx, no variant
 * variable, no atomic), leave no loop it is not in, return nothing, call
 * only pure built-ins and write only the kernel's local variables (whether
 * those are one copy per block is settled by plan_kernel's fixed point).
 */
static bool uniform_stmt_walk(CXCursor c, int loops)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks;
	bool ok = true;
	unsigned i;

	if (k == CXCursor_ReturnStmt || k == CXCursor_GotoStmt ||
	    ((k == CXCursor_BreakStmt || k == CXCursor_ContinueStmt) && !loops))
		return false;
	if (k == CXCursor_CallExpr && !pure_builtin(c))
		return false;
	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) {
		char op[4] = "";
		bool w = false;

		if (k == CXCursor_UnaryOperator)
			w = unary_op(c) == '+';
		else {
			op_text(c, op);
			w = k == CXCursor_CompoundAssignOperator || is_assign_op(op);
		}
		if (w) {
			struct kids t = kids_of(c);
			CXCursor b = t.n ? lvalue_base(t.c[0]) : clang_getNullCursor();
			struct var *v = !clang_Cursor_isNull(b) && clang_getCursorKind(b) == CXCursor_DeclRefExpr ? var_of(b) : NULL;

			free(t.c);
			if (!v || v->param || v->shared)
				return false;
		}
	}
	ks = kids_of(c);
	for (i = 0; i < ks.n && ok; i++)
		ok = uniform_stmt_walk(ks.c[i], loops + (k == CXCursor_ForStmt || k == CXCursor_WhileStmt ||
							 k == CXCursor_DoStmt || k == CXCursor_SwitchStmt));
	free(ks.c);
	return ok;
}

static unsigned first_return_in(CXCursor c)
{
	struct kids ks;
	unsigned r = ~0u, i, x;

	if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		return c_start(c);
	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		if ((x = first_return_in(ks.c[i])) < r)
			r = x;
	free(ks.c);
	return r;
}

static bool uniform_stmt_ok(CXCursor c, CXCursor top)
{
	if (variant(c) || !uniform_stmt_walk(c, 0))
		return false;
	/* a memory read once per block must not happen after a thread may have returned */
	if (reads_memory(c) && c_end(top) > first_return)
		return false;
	return true;
}

/* Every local that c reads or writes is one copy per block, or declared inside c. */
static bool scalar_ok(struct var *v)
{
	return !v->variant && !v->addr_taken && !v->param && !v->shared && v->all_writes_uniform_level &&
	       (v->split_decl || v->header_decl);
}

static bool refs_scalar(CXCursor c, CXCursor stmt)
{
	struct kids ks;
	bool ok = true;
	unsigned i;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		struct var *v = var_of(c);

		if (v && !v->param && !v->shared && !scalar_ok(v) &&
		    !(c_start(v->decl) >= c_start(stmt) && c_end(v->decl) <= c_end(stmt)))
			return false;
	}
	ks = kids_of(c);
	for (i = 0; i < ks.n && ok; i++)
		ok = refs_scalar(ks.c[i], stmt);
	free(ks.c);
	return ok;
}

static void classify_list(CXCursor *l, unsigned n);

/* The statements of a body: a compound's children, else the statement itself. */
static struct kids body_list(CXCursor b)
{
	struct kids ks = { 0 };

	if (clang_getCursorKind(b) == CXCursor_CompoundStmt)
		return kids_of(b);
	kids_visit(b, b, &ks);
	return ks;
}

static void mark_split_decls(CXCursor d, bool header)
{
	struct kids ks = kids_of(d);
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		struct var *v = var_decl(ks.c[i]);

		if (v) {
			if (header)
				v->header_decl = true;
			else
				v->split_decl = true;
		}
	}
	free(ks.c);
}

static void classify_control(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks = kids_of(c), b;
	unsigned i;

	if (k == CXCursor_CompoundStmt) {
		classify_list(ks.c, ks.n);
	} else if (k == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(c, &init, &cond, &inc, &body);
		if (!clang_Cursor_isNull(init) && clang_getCursorKind(init) == CXCursor_DeclStmt)
			mark_split_decls(init, true);
		b = body_list(body);
		classify_list(b.c, b.n);
		free(b.c);
	} else {
		for (i = (k == CXCursor_DoStmt ? 0 : 1); i < ks.n; i++) {
			if (k == CXCursor_DoStmt && i > 0)
				break;
			b = body_list(ks.c[i]);
			classify_list(b.c, b.n);
			free(b.c);
		}
	}
	free(ks.c);
}

static void classify_list(CXCursor *l, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		CXCursor c = l[i];
		struct stmt *s;

		if (is_barrier_stmt(c)) {
			add_stmt(c, S_BARRIER);
		} else if (count_barriers(c)) {
			add_stmt(c, S_CONTROL);
			classify_control(c);
		} else if (is_shared_decl(c)) {
			add_stmt(c, S_SHARED);
		} else {
			s = add_stmt(c, S_REGION);
			s->cand = true;
			if (clang_getCursorKind(c) == CXCursor_DeclStmt)
				mark_split_decls(c, false);
		}
	}
}

/* Record, for each reference to a local variable in c, the unit (region or uniform). */
static void note_refs(CXCursor c, int region)
{
	struct kids ks;
	unsigned i;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		struct var *v = var_of(c);

		if (v && !v->param) {
			if (region < 0)
				v->uniform_ref = true;
			else if (v->first_region != region) {
				if (v->first_region < 0 || v->nregions == 0)
					v->first_region = region;
				v->nregions++;
			}
		}
	}
	if (clang_getCursorKind(c) == CXCursor_VarDecl && region >= 0) {
		struct var *v = var_decl(c);

		if (v && v->first_region != region) {
			v->first_region = region;
			v->nregions++;
		}
	}
	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		note_refs(ks.c[i], region);
	free(ks.c);
}

/* Writes of v outside the once-per-block positions? */
static bool writes_in_(CXCursor c, struct var *v, bool elems);

/* Does c assign v (or, for a local array, one of its elements)? */
static bool writes_in(CXCursor c, struct var *v)
{
	return writes_in_(c, v, !v->param);
}

static bool writes_in_(CXCursor c, struct var *v, bool elems)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks = kids_of(c);
	bool r = false;
	unsigned i;

	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && ks.n == 2) {
		char op[4];

		op_text(c, op);
		CXCursor b = elems ? lvalue_base(ks.c[0]) : strip(ks.c[0]);

		if ((k == CXCursor_CompoundAssignOperator || is_assign_op(op)) &&
		    clang_getCursorKind(b) == CXCursor_DeclRefExpr && var_of(b) == v)
			r = true;
	} else if (k == CXCursor_UnaryOperator && unary_op(c) == '+' && ks.n == 1) {
		CXCursor b = elems ? lvalue_base(ks.c[0]) : strip(ks.c[0]);

		r = clang_getCursorKind(b) == CXCursor_DeclRefExpr && var_of(b) == v;
	}
	for (i = 0; i < ks.n && !r; i++)
		r = writes_in_(ks.c[i], v, elems);
	free(ks.c);
	return r;
}

static bool refs_var(CXCursor c, struct var *v);

/* Does c write memory (not a local variable of the kernel)? */
static bool writes_memory(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks = kids_of(c);
	bool r = false;
	unsigned i;

	if (k == CXCursor_CallExpr && !pure_builtin(c))
		r = true;
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator || k == CXCursor_UnaryOperator) &&
	    ks.n) {
		char op[4] = "";
		bool w;

		if (k == CXCursor_UnaryOperator) {
			w = unary_op(c) == '+';
		} else {
			op_text(c, op);
			w = k == CXCursor_CompoundAssignOperator || is_assign_op(op);
		}
		if (w) {
			CXCursor t = strip(ks.c[0]), b = lvalue_base(ks.c[0]);
			struct var *v = clang_getCursorKind(b) == CXCursor_DeclRefExpr ? var_of(b) : NULL;

			if (!v || v->param || v->shared ||
			    (clang_getCursorKind(t) != CXCursor_DeclRefExpr && !v->array))
				r = true;
		}
	}
	for (i = 0; i < ks.n && !r; i++)
		r = writes_memory(ks.c[i]);
	free(ks.c);
	return r;
}

/*
 * May once-per-block statement u move in front of the thread loop of the
 * statements run[0..n-1] that precede it?  Only if neither writes what the
 * other reads and they do not meet in memory.  This keeps a thread loop in
 * one piece around a uniform statement.
 */
static bool hoistable(CXCursor *run, unsigned n, CXCursor u)
{
	bool umem = reads_memory(u);
	unsigned i, j;

	for (i = 0; i < n; i++) {
		if (umem && writes_memory(run[i]))
			return false;
		for (j = 0; j < K->nv; j++) {
			struct var *v = &K->v[j];

			if ((writes_in(run[i], v) && refs_var(u, v)) || (writes_in(u, v) && refs_var(run[i], v)))
				return false;
		}
	}
	return true;
}

/* Assign region numbers: runs of S_REGION statements (S_SHARED does not break a run). */
static int assign_list(CXCursor *l, unsigned n, int *next)
{
	CXCursor *run = calloc(n + 1, sizeof(*run));
	unsigned i, nrun = 0;
	int cur = -1;

	for (i = 0; i < n; i++) {
		struct stmt *s = stmt_of(l[i]);

		if (!s)
			continue;
		if (s->cls == S_REGION) {
			if (cur < 0) {
				cur = (*next)++;
				nrun = 0;
			}
			s->region = cur;
			run[nrun++] = l[i];
		} else if ((s->cls == S_UDECL || s->cls == S_UEXPR) && cur >= 0 && hoistable(run, nrun, l[i])) {
			s->hoisted = true;
		} else if (s->cls != S_SHARED) {
			cur = -1;
		}
		if (s->cls == S_CONTROL) {
			enum CXCursorKind k = clang_getCursorKind(l[i]);
			struct kids ks = kids_of(l[i]), b;
			unsigned j;

			if (k == CXCursor_CompoundStmt) {
				assign_list(ks.c, ks.n, next);
			} else if (k == CXCursor_ForStmt) {
				CXCursor init, cond, inc, body;

				for_parts(l[i], &init, &cond, &inc, &body);
				b = body_list(body);
				assign_list(b.c, b.n, next);
				free(b.c);
			} else {
				for (j = (k == CXCursor_DoStmt ? 0 : 1); j < ks.n; j++) {
					if (k == CXCursor_DoStmt && j > 0)
						break;
					b = body_list(ks.c[j]);
					assign_list(b.c, b.n, next);
					free(b.c);
				}
			}
			free(ks.c);
		}
	}
	free(run);
	return 0;
}

/* The header (everything but the bodies) of a control statement. */
static struct kids top_stmts;	/* the kernel body's statements (plan_kernel) */

/* The end of the kernel-level statement that contains c. */
static unsigned top_end(CXCursor c)
{
	unsigned i;

	for (i = 0; i < top_stmts.n; i++)
		if (c_start(top_stmts.c[i]) <= c_start(c) && c_end(c) <= c_end(top_stmts.c[i]))
			return c_end(top_stmts.c[i]);
	return c_end(c);
}

/*
 * A part of the header of a loop or branch containing a barrier: it runs
 * once per block, also for a block whose threads all returned -- so it
 * must not read memory where a thread may have returned before it.
 */
static void header_part(CXCursor part, CXCursor stmt)
{
	note_refs(part, -1);
	if (reads_memory(part) && top_end(stmt) > first_return)
		error_at(part, "the condition of a loop or branch containing __syncthreads() reads memory after a return: not supported");
}

static void control_header_refs(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks = kids_of(c);
	unsigned i;

	if (k == CXCursor_ForStmt) {
		CXCursor p[4];

		for_parts(c, &p[0], &p[1], &p[2], &p[3]);
		for (i = 0; i < 3; i++)
			if (!clang_Cursor_isNull(p[i]))
				header_part(p[i], c);
	} else if (k == CXCursor_IfStmt || k == CXCursor_WhileStmt) {
		if (ks.n)
			header_part(ks.c[0], c);
	} else if (k == CXCursor_DoStmt) {
		if (ks.n > 1)
			header_part(ks.c[1], c);
	}
	free(ks.c);
}

static bool written_anywhere(struct var *v)
{
	unsigned i;

	for (i = 0; i < K->ns; i++)
		if (writes_in(K->s[i].c, v))
			return true;
	return false;
}

/* May an initializer be evaluated again in a later thread loop? */
static bool remat_refs_ok(CXCursor e)
{
	struct kids ks;
	unsigned i;
	bool ok = true;

	if (clang_getCursorKind(e) == CXCursor_DeclRefExpr) {
		struct var *v = var_of(e);

		if (v && !v->param && v->cls != V_REMAT &&
		    !(v->cls == V_SCALAR && !v->header_decl && !written_anywhere(v)))
			return false;
	}
	ks = kids_of(e);
	for (i = 0; i < ks.n && ok; i++)
		ok = remat_refs_ok(ks.c[i]);
	free(ks.c);
	return ok;
}

static bool refs_var(CXCursor c, struct var *v);

/* Is statement c "v = e;" with e not reading v? */
static bool kills(CXCursor c, struct var *v)
{
	struct kids ks;
	bool r = false;
	char op[4];

	if (clang_getCursorKind(c) != CXCursor_BinaryOperator)
		return false;
	op_text(c, op);
	if (strcmp(op, "="))
		return false;
	ks = kids_of(c);
	r = ks.n == 2 && clang_getCursorKind(strip(ks.c[0])) == CXCursor_DeclRefExpr &&
	    var_of(strip(ks.c[0])) == v && !refs_var(ks.c[1], v);
	free(ks.c);
	return r;
}

/*
 * Liveness at region entries: v is live across a barrier if some thread
 * loop other than the declaring one can read it before assigning it (its
 * first statement that mentions v is not "v = e;").
 */
static bool live_across(struct var *v)
{
	unsigned i;
	int r;

	if (v->array || v->addr_taken)
		return true;
	for (r = 0; r < K->nregions; r++) {
		if (r == v->first_region)
			continue;
		for (i = 0; i < K->ns; i++) {
			if (K->s[i].cls != S_REGION || K->s[i].region != r || !refs_var(K->s[i].c, v))
				continue;
			if (!kills(K->s[i].c, v))
				return true;
			break;
		}
	}
	return false;
}

static void plan_kernel(CXCursor body)
{
	bool again;
	unsigned i, j;
	int next = 0;
	struct kids top = kids_of(body);

	first_return = first_return_in(body);
	top_stmts = top;
	classify_list(top.c, top.n);
	/* candidates → once-per-block statements, to a fixed point */
	for (i = 0; i < K->ns; i++) {
		struct stmt *s = &K->s[i];

		if (!s->cand)
			continue;
		if (clang_getCursorKind(s->c) == CXCursor_DeclStmt) {
			s->cls = uniform_candidate_decl(s->c) ? S_UDECL : S_REGION;
		} else {
			CXCursor t = s->c;

			for (j = 0; j < top.n; j++)
				if (c_start(top.c[j]) <= c_start(s->c) && c_end(s->c) <= c_end(top.c[j]))
					t = top.c[j];
			s->cls = uniform_stmt_ok(s->c, t) ? S_UEXPR : S_REGION;
		}
	}
	do {
		again = false;
		for (j = 0; j < K->nv; j++) {
			struct var *v = &K->v[j];

			v->all_writes_uniform_level = true;
			for (i = 0; i < K->ns; i++)
				if (K->s[i].cls == S_REGION && writes_in(K->s[i].c, v))
					v->all_writes_uniform_level = false;
			/* writes inside the bodies of control statements are in S_REGION statements */
		}
		for (i = 0; i < K->ns; i++) {
			struct stmt *s = &K->s[i];
			struct kids ks;
			unsigned m;
			bool ok = true;

			if (s->cls == S_UDECL) {
				ks = kids_of(s->c);
				for (m = 0; m < ks.n; m++) {
					struct var *v = var_decl(ks.c[m]);

					if (!v || !scalar_ok(v))
						ok = false;
				}
				free(ks.c);
				ok = ok && refs_scalar(s->c, s->c);
			} else if (s->cls == S_UEXPR) {
				ok = refs_scalar(s->c, s->c);
			}
			if (!ok) {
				s->cls = S_REGION;
				again = true;
			}
		}
	} while (again);
	assign_list(top.c, top.n, &next);
	K->nregions = next;
	for (j = 0; j < K->nv; j++) {
		K->v[j].first_region = -1;
		K->v[j].nregions = 0;
		K->v[j].uniform_ref = false;
	}
	for (i = 0; i < K->ns; i++) {
		struct stmt *s = &K->s[i];

		if (s->cls == S_REGION)
			note_refs(s->c, s->region);
		else if (s->cls == S_UDECL || s->cls == S_UEXPR)
			note_refs(s->c, -1);
		else if (s->cls == S_CONTROL)
			control_header_refs(s->c);
	}
	for (j = 0; j < K->nv; j++) {
		struct var *v = &K->v[j];
		bool scalar = scalar_ok(v);

		if (v->param || v->shared) {
			v->cls = V_SCALAR;
			continue;
		}
		if (v->header_decl && !scalar) {
			error_at(v->decl, "'%s' controls a loop containing __syncthreads() but is %s", v->name,
				 v->variant ? "different in each thread" : "assigned inside a thread loop");
			continue;
		}
		if (scalar) {
			v->cls = V_SCALAR;
		} else if (v->split_decl && (v->nregions > 1 || v->uniform_ref)) {
			if (v->uniform_ref)
				error_at(v->decl, "'%s' is used by code that runs once per block (a condition of a loop or branch containing __syncthreads()) but is %s",
					 v->name, v->variant ? "different in each thread" : "assigned inside a thread loop");
			v->cls = V_PROMOTED;
		} else {
			v->cls = V_LOCAL;
		}
	}
	for (j = 0; j < K->nv; j++)
		if (K->v[j].cls == V_PROMOTED && !live_across(&K->v[j]))
			K->v[j].cls = V_SPLIT;
	for (j = 0; j < K->nv; j++) {
		struct var *v = &K->v[j];
		CXCursor init = clang_Cursor_getVarDeclInitializer(v->decl);

		if (v->cls != V_PROMOTED || v->array || v->addr_taken || clang_Cursor_isNull(init) ||
		    has_effects(init) || written_anywhere(v) || !remat_refs_ok(init))
			continue;
		v->cls = V_REMAT;
	}
	/* Parameters: written anywhere is not supported (blocks share the unpacked copy). */
	for (i = 0; i < K->ns; i++)
		for (j = 0; j < K->nv; j++)
			if (K->v[j].param && writes_in(K->s[i].c, &K->v[j]) && K->s[i].cls != S_CONTROL)
				error_at(K->s[i].c, "kernel parameter '%s' is assigned: copy it to a local variable",
					 K->v[j].name);
	top_stmts.n = 0;
	free(top.c);
}

/* ---- pass 5: code generation --------------------------------------------- */

static struct buf out;
static int cur_region;
static bool region_uses_threadIdx, region_needs_tid, region_has_return, region_goto;

static void emit_src(unsigned a, unsigned b, struct buf *o)
{
	if (a < b && b <= src_len)
		bput(o, src + a, b - a);
}

/* End of statement c including its ';'. */
static unsigned stmt_end(CXCursor c)
{
	unsigned e = c_end(c), o = e;

	while (o < src_len && (src[o] == ' ' || src[o] == '\t' || src[o] == '\n' || src[o] == '\r'))
		o++;
	if (o < src_len && src[o] == ';')
		return o + 1;
	return e;
}

static void scan_region(CXCursor c, int loops, int switches);

static void emit_node(CXCursor c, struct buf *o, int loops, int switches);

static void emit_children(CXCursor c, unsigned from, unsigned to, struct buf *o, int loops, int switches)
{
	struct kids ks = kids_of(c);
	unsigned pos = from, i;
	enum CXCursorKind k = clang_getCursorKind(c);
	int l2 = loops + (k == CXCursor_ForStmt || k == CXCursor_WhileStmt || k == CXCursor_DoStmt);
	int s2 = switches + (k == CXCursor_SwitchStmt);

	for (i = 0; i < ks.n; i++) {
		unsigned a = c_start(ks.c[i]), b = c_end(ks.c[i]);

		if (a < pos || b > to || a > b)
			continue;
		emit_src(pos, a, o);
		emit_node(ks.c[i], o, l2, s2);
		pos = b;
	}
	emit_src(pos, to, o);
	free(ks.c);
}

static void emit_promoted_decl(CXCursor d, struct buf *o, int loops, int switches)
{
	struct kids ks = kids_of(d);
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		CXCursor v = ks.c[i], init = clang_Cursor_getVarDeclInitializer(v);
		struct var *var = var_decl(v);

		if (!var || (var->cls == V_REMAT && !var->need))
			continue;	/* recomputed where it is used */
		if (var->cls == V_PROMOTED) {
			if (!clang_Cursor_isNull(init)) {
				if (var->array) {
					error_at(v, "array '%s' lives across __syncthreads() and has an initializer: not supported",
						 var->name);
					continue;
				}
				bprintf(o, "%s[__t] = ", var->pname);
				emit_node(init, o, loops, switches);
				bput(o, "; ", 2);
			}
		} else {
			char *t = xstr(clang_getTypeSpelling(clang_getCursorType(v)));

			if (var->array) {
				error_at(v, "declare array '%s' in a declaration of its own", var->name);
			} else {
				bprintf(o, "%s %s", t, var->name);
				if (!clang_Cursor_isNull(init)) {
					bput(o, " = ", 3);
					emit_node(init, o, loops, switches);
				}
				bput(o, "; ", 2);
			}
			free(t);
		}
	}
	free(ks.c);
}

static bool decl_has_promoted(CXCursor d)
{
	struct kids ks = kids_of(d);
	bool r = false;
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		struct var *v = var_decl(ks.c[i]);

		if (v && (v->cls == V_PROMOTED || (v->cls == V_REMAT && !v->need)))
			r = true;
	}
	free(ks.c);
	return r;
}

static void emit_node(CXCursor c, struct buf *o, int loops, int switches)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	if (k == CXCursor_DeclRefExpr) {
		struct var *v = var_of(c);

		if (v && v->cls == V_PROMOTED) {
			if (in_macro(c))
				error_at(c, "'%s' lives across __syncthreads() and is used inside a macro: not supported",
					 v->name);
			bprintf(o, "%s[__t]", v->pname);
			return;
		}
	} else if (k == CXCursor_DeclStmt && is_shared_decl(c)) {
		bput(o, ";", 1);	/* hoisted in front of the thread loop */
		return;
	} else if (k == CXCursor_DeclStmt && decl_has_promoted(c)) {
		emit_promoted_decl(c, o, loops, switches);
		return;
	} else if (k == CXCursor_ReturnStmt) {
		region_goto = true;
		if (K->done_flags)
			bprintf(o, "do { __done[__t] = 1; goto __next_thread_%d; } while (0)", cur_region);
		else
			bprintf(o, "goto __next_thread_%d", cur_region);
		return;
	} else if (k == CXCursor_BreakStmt && !loops && !switches) {
		error_at(c, "break out of a loop that contains __syncthreads() is not supported");
	} else if (k == CXCursor_ContinueStmt && !loops) {
		error_at(c, "continue in a loop that contains __syncthreads() is not supported");
	}
	emit_children(c, c_start(c), c_end(c), o, loops, switches);
}

/* What a region's code needs: threadIdx, the linear index, a label. */
static void scan_region(CXCursor c, int loops, int switches)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks;
	unsigned i;
	char *n;

	if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) && (n = builtin_ref(c))) {
		if (!strcmp(n, "threadIdx"))
			region_uses_threadIdx = true;
		free(n);
	}
	if (k == CXCursor_DeclRefExpr) {
		struct var *v = var_of(c);

		if (v && v->cls == V_PROMOTED)
			region_needs_tid = true;
		if (v && (v->cls == V_REMAT || v->cls == V_SPLIT))
			v->need = true;
	}
	if (k == CXCursor_VarDecl) {
		struct var *v = var_decl(c);

		if (v && v->cls == V_PROMOTED)
			region_needs_tid = true;
		if (v && v->cls == V_REMAT) {
			v->declared_here = true;
			return;	/* its initializer counts only if the variable is needed */
		}
		if (v && v->cls == V_SPLIT)
			v->declared_here = true;
	}
	if (k == CXCursor_ReturnStmt) {
		region_has_return = true;
		if (K->done_flags)
			region_needs_tid = true;
	}
	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		scan_region(ks.c[i], loops, switches);
	free(ks.c);
}

static void emit_shared_decl(CXCursor d, struct buf *o)
{
	struct kids ks = kids_of(d);
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		CXCursor v = ks.c[i];
		CXType t = clang_getCursorType(v);
		char *n = name_of(v), *ts;

		if (clang_Cursor_getStorageClass(v) == CX_SC_Extern) {
			if (t.kind != CXType_IncompleteArray) {
				error_at(v, "extern __shared__ '%s' must be an array of unknown size", n);
			} else {
				ts = xstr(clang_getTypeSpelling(clang_getArrayElementType(t)));
				bprintf(o, "\t%s *const %s = __b->dyn_shared;	/* extern __shared__ */\n", ts, n);
				free(ts);
			}
		} else {
			unsigned a = c_start(d), b = stmt_end(d);

			if (ks.n > 1)
				error_at(v, "declare __shared__ arrays one per declaration");
			bput(o, "\t", 1);
			emit_src(a, b, o);
			bput(o, "\n", 1);
		}
		free(n);
	}
	free(ks.c);
}

static void hoist_shared(CXCursor c, struct buf *o)
{
	struct kids ks;
	unsigned i;

	if (is_shared_decl(c)) {
		emit_shared_decl(c, o);
		return;
	}
	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		hoist_shared(ks.c[i], o);
	free(ks.c);
}

/* count ReturnStmts under c */
static unsigned count_returns(CXCursor c)
{
	struct kids ks;
	unsigned i, r = clang_getCursorKind(c) == CXCursor_ReturnStmt;

	ks = kids_of(c);
	for (i = 0; i < ks.n; i++)
		r += count_returns(ks.c[i]);
	free(ks.c);
	return r;
}

/* if (c) return;  or  if (c) { ...; return; } with no other return, no else */
static bool return_if(CXCursor s, CXCursor *cond, CXCursor *then)
{
	struct kids ks, b;
	bool r = false;

	if (clang_getCursorKind(s) != CXCursor_IfStmt)
		return false;
	ks = kids_of(s);
	if (ks.n == 2 && clang_getCursorKind(ks.c[0]) != CXCursor_DeclStmt && count_returns(ks.c[1]) == 1) {
		b = body_list(ks.c[1]);
		if (b.n && clang_getCursorKind(b.c[b.n - 1]) == CXCursor_ReturnStmt) {
			*cond = ks.c[0];
			*then = ks.c[1];
			r = true;
		}
		free(b.c);
	}
	free(ks.c);
	return r;
}

static void emit_region(CXCursor *l, unsigned n, struct buf *o)
{
	struct buf body = { 0 }, pre = { 0 }, remat = { 0 };
	unsigned i, line0, line1, closes = 0;
	int j;

	if (!n)
		return;
	region_uses_threadIdx = region_needs_tid = region_has_return = region_goto = false;
	for (j = 0; j < (int)K->nv; j++)
		K->v[j].need = K->v[j].declared_here = false;
	cur_region = stmt_of(l[0])->region;
	for (i = 0; i < n; i++)
		if (stmt_of(l[i])->cls != S_SHARED)
			scan_region(l[i], 0, 0);
	/*
	 * Recomputed variables this loop needs, with the ones their initializers
	 * use (declaration order: an initializer uses earlier variables only).
	 */
	for (j = (int)K->nv - 1; j >= 0; j--) {
		struct var *v = &K->v[j];

		if (v->cls == V_REMAT && v->need)
			scan_region(clang_Cursor_getVarDeclInitializer(v->decl), 0, 0);
	}
	for (i = 0; i < n; i++) {
		size_t at = body.n, m;
		CXCursor cond, then;

		if (stmt_of(l[i])->cls == S_SHARED) {
			emit_shared_decl(l[i], &pre);
			continue;
		}
		hoist_shared(l[i], &pre);
		if (i + 1 < n && return_if(l[i], &cond, &then)) {
			/*
			 * if (c) { ...; return; } rest  ->  if (c) { ... } else { rest }:
			 * no jump out of the thread loop's body, so that the
			 * compiler can still vectorize the loop.
			 */
			struct kids ts = body_list(then);
			unsigned j;

			bput(&body, "\t\tif (", 6);
			emit_node(cond, &body, 0, 0);
			bput(&body, ") {\n", 4);
			for (j = 0; j + 1 < ts.n; j++) {
				bput(&body, "\t\t", 2);
				emit_node(ts.c[j], &body, 0, 0);
				emit_src(c_end(ts.c[j]), stmt_end(ts.c[j]), &body);
				bput(&body, "\n", 1);
			}
			if (K->done_flags)
				bput(&body, "\t\t\t__done[__t] = 1;\n", strlen("\t\t\t__done[__t] = 1;\n"));
			bput(&body, "\t\t} else {\n", strlen("\t\t} else {\n"));
			closes++;
			free(ts.c);
			continue;
		}
		bput(&body, "\t\t", 2);
		emit_node(l[i], &body, 0, 0);
		emit_src(c_end(l[i]), stmt_end(l[i]), &body);
		for (m = at; m < body.n && strchr(" \t\n", body.p[m]); m++)
			;
		if (m == body.n)
			body.n = at;	/* a declaration that moved away entirely */
		else
			bput(&body, "\n", 1);
	}
	for (; closes; closes--)
		bput(&body, "\t\t}\n", 4);
	for (j = 0; j < (int)K->nv; j++) {
		struct var *v = &K->v[j];
		char *t;

		if (v->cls == V_SPLIT && v->need && !v->declared_here) {
			t = xstr(clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCursorType(v->decl))));
			bprintf(&remat, "\t\t%s %s __attribute__((unused));\t/* assigned before use: not live across the barrier */\n", t,
				v->name);
			free(t);
			continue;
		}
		if (v->cls != V_REMAT || !v->need || v->declared_here)
			continue;
		t = xstr(clang_getTypeSpelling(clang_getCursorType(v->decl)));
		bprintf(&remat, "\t\t%s %s = ", t, v->name);
		emit_node(clang_Cursor_getVarDeclInitializer(v->decl), &remat, 0, 0);
		bprintf(&remat, ";\t/* recomputed */\n");
		free(t);
	}
	if (pre.n)
		bput(o, pre.p, pre.n);
	if (body.n) {
		clang_getExpansionLocation(clang_getCursorLocation(l[0]), NULL, &line0, NULL, NULL);
		clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(l[n - 1])), NULL, &line1,
					   NULL, NULL);
		bprintf(o, "\t/* thread loop %d: %s lines %u-%u */\n", cur_region, src_path, line0, line1);
		struct buf lin = { 0 };
		char lab[64], lab2[64];
		size_t q;

		/*
		 * Two forms of the same loop: computed indices when the block's
		 * index stream is in x-fastest order (the compiler can then
		 * vectorize with contiguous accesses), the stream otherwise.
		 * Same thread t in both (t is the stream position).
		 */
		snprintf(lab, sizeof(lab), "__next_thread_%d;", cur_region);
		snprintf(lab2, sizeof(lab2), "__next_thread_%dl;", cur_region);
		for (q = 0; q < body.n; q++) {	/* the linear copy jumps to its own label */
			size_t ll = strlen(lab) - 1;

			if (!strncmp(body.p + q, lab, ll) && !isalnum((unsigned char)body.p[q + ll])) {
				bput(&lin, lab2, strlen(lab2) - 1);
				q += ll - 1;
			} else {
				bput(&lin, body.p + q, 1);
			}
		}
		bprintf(o, "\tif (__linear) {	/* the stream is in x-fastest order: computed indices */\n"
			   "\tfor (uint32_t __tz = 0; __tz < __bdz; __tz++)\n"
			   "\tfor (uint32_t __ty = 0; __ty < __bdy; __ty++)\n"
			   "\tIDXGEN_CC_INDEPENDENT	/* threads of a barrier-free region: no order */\n"
			   "\tfor (uint32_t __tx = 0; __tx < __bdx; __tx++) {\n");
		if (region_needs_tid || K->done_flags)
			bprintf(o, "\t\tconst uint32_t __t = (__tz * __bdy + __ty) * __bdx + __tx;\n");
		if (region_uses_threadIdx)
			bprintf(o, "\t\tconst dim3 threadIdx = { __tx, __ty, __tz };\n");
		if (K->done_flags)
			bprintf(o, "\t\tif (__done[__t])\n\t\t\tcontinue;\n");
		if (remat.n)
			bput(o, remat.p, remat.n);
		if (lin.n)
			bput(o, lin.p, lin.n);
		if (region_goto)
			bprintf(o, "\t__next_thread_%dl:;\n", cur_region);
		bprintf(o, "\t}\n\t} else {	/* any other order: indices from the stream */\n");
		free(lin.p);
		bprintf(o, "\tIDXGEN_CC_INDEPENDENT	/* threads of a barrier-free region: no order */\n"
			   "\tIDXGEN_RT_FOR_THREADS(__b, __t) {\n");
		if (region_uses_threadIdx)
			bprintf(o, "\t\tconst dim3 threadIdx = { __sx[__t], __sy[__t], __sz[__t] };\n");
		if (K->done_flags)
			bprintf(o, "\t\tif (__done[__t])\n\t\t\tcontinue;\n");
		if (remat.n)
			bput(o, remat.p, remat.n);
		bput(o, body.p, body.n);
		if (region_goto)
			bprintf(o, "\t__next_thread_%d:;\n", cur_region);
		bput(o, "\t}\n\t}\n", 6);
	}
	free(body.p);
	free(pre.p);
	free(remat.p);
}

static void emit_list(CXCursor *l, unsigned n, struct buf *o);

static void emit_body(CXCursor b, struct buf *o)
{
	struct kids ks = body_list(b);

	bput(o, "{\n", 2);
	emit_list(ks.c, ks.n, o);
	bput(o, "\t}", 2);
	free(ks.c);
}

static void emit_control(CXCursor c, struct buf *o)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ks = kids_of(c);
	unsigned i, pos = c_start(c);

	bput(o, "\t", 1);
	if (k == CXCursor_CompoundStmt) {
		emit_body(c, o);
	} else if (k == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(c, &init, &cond, &inc, &body);
		emit_src(pos, c_start(body), o);
		emit_body(body, o);
	} else if (k == CXCursor_IfStmt || k == CXCursor_WhileStmt) {
		for (i = 1; i < ks.n; i++) {
			emit_src(pos, c_start(ks.c[i]), o);
			emit_body(ks.c[i], o);
			pos = stmt_end(ks.c[i]);
			if (pos > c_end(c))
				pos = c_end(c);
			if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
				pos = c_end(ks.c[i]);
			else
				pos = stmt_end(ks.c[i]);
		}
	} else if (k == CXCursor_DoStmt) {
		emit_src(pos, c_start(ks.c[0]), o);
		emit_body(ks.c[0], o);
		pos = clang_getCursorKind(ks.c[0]) == CXCursor_CompoundStmt ? c_end(ks.c[0]) : stmt_end(ks.c[0]);
		emit_src(pos, stmt_end(c), o);
	}
	bput(o, "\n", 1);
	free(ks.c);
}

static void emit_list(CXCursor *l, unsigned n, struct buf *o)
{
	CXCursor *run = calloc(n + 1, sizeof(*run));
	unsigned i, len = 0;

	for (i = 0; i <= n; i++) {
		struct stmt *s = i < n ? stmt_of(l[i]) : NULL;

		if (s && (s->cls == S_REGION || (s->cls == S_SHARED && len))) {
			run[len++] = l[i];
			continue;
		}
		if (s && s->hoisted && len) {
			/* runs before the open thread loop, which goes on after it */
			bput(o, "\t/* uniform: once per block */\n\t", strlen("\t/* uniform: once per block */\n\t"));
			emit_src(c_start(l[i]), stmt_end(l[i]), o);
			bput(o, "\n", 1);
			continue;
		}
		emit_region(run, len, o);
		len = 0;
		if (!s)
			continue;
		switch (s->cls) {
		case S_BARRIER:
			bput(o, "\t/* __syncthreads() */\n", strlen("\t/* __syncthreads() */\n"));
			break;
		case S_CONTROL:
			emit_control(l[i], o);
			break;
		case S_SHARED:
			emit_shared_decl(l[i], o);
			break;
		case S_UDECL:
		case S_UEXPR:
			bput(o, "\t/* uniform: once per block */\n\t", strlen("\t/* uniform: once per block */\n\t"));
			emit_src(c_start(l[i]), stmt_end(l[i]), o);
			bput(o, "\n", 1);
			break;
		default:
			break;
		}
	}
	free(run);
}

/* Declarations of the kernel's locals. */
static enum CXChildVisitResult collect_vars(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	(void)d;
	if (clang_getCursorKind(c) == CXCursor_VarDecl || clang_getCursorKind(c) == CXCursor_ParmDecl) {
		struct var *v;
		CXType t = clang_getCursorType(c);

		K->v = realloc(K->v, (K->nv + 1) * sizeof(*K->v));
		v = &K->v[K->nv++];
		memset(v, 0, sizeof(*v));
		v->decl = c;
		v->name = name_of(c);
		v->param = clang_getCursorKind(c) == CXCursor_ParmDecl;
		v->array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
			   t.kind == CXType_VariableArray;
		v->shared = has_annot(c, "shared");
		v->first_region = -1;
		if (v->shared && t.kind != CXType_IncompleteArray)
			K->static_shared += (size_t)clang_Type_getSizeOf(t);
		if (v->shared)
			v->array = false;
	}
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr || clang_getCursorKind(c) == CXCursor_MemberRefExpr) {
		char *n = builtin_ref(c);

		if (n && !strcmp(n, "blockIdx"))
			K->uses_blockIdx = true;
		if (n && !strcmp(n, "gridDim"))
			K->uses_gridDim = true;
		if (n && !strcmp(n, "blockDim"))
			K->uses_blockDim = true;
		free(n);
	}
	if (clang_getCursorKind(c) == CXCursor_ReturnStmt)
		K->done_flags = true;	/* refined below */
	return CXChildVisit_Recurse;
}

static bool refs_var(CXCursor c, struct var *v)
{
	struct kids ks;
	unsigned i;
	bool r = false;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && var_of(c) == v)
		return true;
	ks = kids_of(c);
	for (i = 0; i < ks.n && !r; i++)
		r = refs_var(ks.c[i], v);
	free(ks.c);
	return r;
}

static void translate_kernel(CXCursor fn, struct buf *o)
{
	struct kernel k = { 0 };
	struct kids ks = kids_of(fn);
	CXCursor body = clang_getNullCursor();
	unsigned i, np = 0;
	size_t priv = 0;
	int errs0 = nerrors;
	struct check_ctx cc = { true, NULL };

	K = &k;
	k.fn = fn;
	k.name = name_of(fn);
	cc.fname = k.name;
	for (i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
			body = ks.c[i];
	free(ks.c);
	if (clang_getCursorResultType(fn).kind != CXType_Void)
		error_at(fn, "__global__ function '%s' must return void", k.name);
	clang_visitChildren(body, check_visit, &cc);
	clang_visitChildren(fn, collect_vars, NULL);
	if (nerrors > errs0)
		return;
	do {
		changed = false;
		variance_walk(body, false);
	} while (changed);
	barrier_walk(body, fn, clang_getNullCursor(), false);
	if (nerrors > errs0)
		return;
	plan_kernel(body);
	if (nerrors > errs0)
		return;
	k.nbarriers = (int)count_barriers(body);
	/* done flags only when a thread can leave before a later thread loop */
	k.done_flags = k.done_flags && k.nregions > 1;
	/* promoted names: name_ unless taken */
	for (i = 0; i < k.nv; i++) {
		struct var *v = &k.v[i];
		unsigned j, dup = 0;

		if (v->cls != V_PROMOTED)
			continue;
		for (j = 0; j < i; j++)
			if (k.v[j].cls == V_PROMOTED && !strcmp(k.v[j].name, v->name))
				dup++;
		if (dup)
			asprintf(&v->pname, "%s_%u_", v->name, dup);
		else
			asprintf(&v->pname, "%s_", v->name);
	}

	bprintf(o, "/* __global__ %s: called once per block; %d thread loop(s), %d barrier(s) */\n", k.name,
		k.nregions, k.nbarriers);
	bprintf(o, "static void %s__block(struct idxgen_rt_block *__b)\n{\n", k.name);
	if (k.uses_blockIdx)
		bprintf(o, "\tconst dim3 blockIdx = { __b->block_idx[0], __b->block_idx[1], __b->block_idx[2] };\n");
	if (k.uses_blockDim)
		bprintf(o, "\tconst dim3 blockDim = { __b->block_dim[0], __b->block_dim[1], __b->block_dim[2] };\n");
	if (k.uses_gridDim)
		bprintf(o, "\tconst dim3 gridDim = { __b->grid_dim[0], __b->grid_dim[1], __b->grid_dim[2] };\n");
	for (i = 0; i < k.nv; i++) {
		struct var *v = &k.v[i];
		char *t;

		if (!v->param)
			continue;
		t = xstr(clang_getTypeSpelling(clang_getCursorType(v->decl)));
		bprintf(o, "\t%s %s = *(%s *)__b->args[%u];\n", t, v->name, t, np++);
		if (!refs_var(body, v))
			bprintf(o, "\t(void)%s;\n", v->name);
		free(t);
	}
	/*
	 * Per-thread arrays in the runtime's private area, structure of
	 * arrays: by decreasing alignment, each at an offset that is a
	 * multiple of its alignment (idxgen_rt.h, "values live across a
	 * barrier").
	 */
	for (long long al = 64; al >= 1; al /= 2) {
		for (i = 0; i < k.nv; i++) {
			struct var *v = &k.v[i];
			CXType t = clang_getCursorType(v->decl), e;
			struct buf dims = { 0 };
			char *ts;

			if (v->cls != V_PROMOTED || clang_Type_getAlignOf(t) != al)
				continue;
			for (e = t; e.kind == CXType_ConstantArray; e = clang_getArrayElementType(e))
				bprintf(&dims, "[%lld]", clang_getArraySize(e));
			ts = xstr(clang_getTypeSpelling(clang_getUnqualifiedType(e)));
			if (dims.p)
				bprintf(o, "\t%s (*const %s)%s = IDXGEN_RT_PRIV(__b, void, %zu);	/* per-thread '%s' */\n",
					ts, v->pname, dims.p, priv, v->name);
			else
				bprintf(o, "\t%s *const %s = IDXGEN_RT_PRIV(__b, %s, %zu);	/* per-thread '%s' */\n", ts,
					v->pname, ts, priv, v->name);
			priv += (size_t)clang_Type_getSizeOf(t);
			free(ts);
			free(dims.p);
		}
	}
	if (k.nregions)
		bprintf(o, "\t/* the block's shape and index stream, in locals: stores cannot alias them */\n"
			   "\tconst uint32_t __bdx = __b->block_dim[0], __bdy = __b->block_dim[1], __bdz = __b->block_dim[2];\n"
			   "\tconst uint16_t *const __sx __attribute__((unused)) = __b->tid_x;\n"
			   "\tconst uint16_t *const __sy __attribute__((unused)) = __b->tid_y;\n"
			   "\tconst uint16_t *const __sz __attribute__((unused)) = __b->tid_z;\n"
			   "\tconst int __linear = idxgen_cc_linear(__b);\n");
	if (k.done_flags) {
		bprintf(o, "\tunsigned char *const __done = IDXGEN_RT_PRIV(__b, unsigned char, %zu);	/* returned */\n"
			   "\n\tmemset(__done, 0, __b->nthreads);\n", priv);
		priv += 1;
	}
	{
		struct kids top = kids_of(body);

		emit_list(top.c, top.n, o);
		free(top.c);
	}
	bprintf(o, "}\n\n");
	bprintf(o, "static const size_t %s__arg_sizes[] = { ", k.name);
	for (i = 0, np = 0; i < k.nv; i++)
		if (k.v[i].param) {
			char *t = xstr(clang_getTypeSpelling(clang_getCursorType(k.v[i].decl)));

			bprintf(o, "%ssizeof(%s)", np++ ? ", " : "", t);
			free(t);
		}
	if (!np)
		bprintf(o, "0");
	bprintf(o, " };\n");
	bprintf(o, "const struct idxgen_rt_kernel idxgen_cc_kernel_%s = {\n"
		   "\t.abi_version = IDXGEN_RT_ABI_VERSION,\n"
		   "\t.name = \"%s\",\n"
		   "\t.block = %s__block,\n"
		   "\t.shared_bytes = 0,	/* static __shared__ (%zu bytes): locals of the block function */\n"
		   "\t.priv_bytes = %zu,\n"
		   "\t.nargs = %u,\n"
		   "\t.arg_sizes = %s__arg_sizes,\n"
		   "};\n",
		k.name, k.name, k.name, k.static_shared, priv, np, k.name);
	for (i = 0; i < k.nv; i++) {
		free(k.v[i].name);
		free(k.v[i].pname);
	}
	free(k.v);
	free(k.s);
	free(k.name);
	K = NULL;
}

/* ---- the translation unit ------------------------------------------------ */

static int top_level(CXTranslationUnit tu, struct buf *o)
{
	struct kids ks = kids_of(clang_getTranslationUnitCursor(tu));
	unsigned i, pos = 0, nk = 0;

	bprintf(o, "/* Generated by idxgen-cc %s from %s. */\n#include <idxgen_cc_kernel.h>\n\n", VERSION,
		src_path);
	for (i = 0; i < ks.n; i++) {
		CXCursor c = ks.c[i];
		enum CXCursorKind k = clang_getCursorKind(c);
		char *n;

		if (in_parse_header(c) || clang_isPreprocessing(k) ||
		    clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
			continue;
		if (k == CXCursor_FunctionDecl) {
			bool g = has_annot(c, "global"), d = has_annot(c, "device");

			n = name_of(c);
			if (g && !clang_isCursorDefinition(c)) {
				if (in_main(c)) {	/* a prototype: drop it */
					emit_src(pos, c_start(c), o);
					pos = stmt_end(c);
				}
			} else if (g) {
				if (!in_main(c)) {
					error_at(c, "__global__ function '%s' must be defined in %s itself", n, src_path);
				} else {
					emit_src(pos, c_start(c), o);
					translate_kernel(c, o);
					pos = c_end(c);
					nk++;
				}
			} else if (d) {
				struct check_ctx cc = { false, n };

				if (has_annot(c, "global"))
					error_at(c, "'%s' cannot be both __global__ and __device__", n);
				clang_visitChildren(c, check_visit, &cc);
			} else {
				error_at(c, "function '%s' is neither __global__ nor __device__: host code is outside the subset idxgen-cc translates",
					 n);
			}
			free(n);
		} else if (k == CXCursor_VarDecl) {
			if (has_annot(c, "constant"))
				error_at(c, "__constant__ memory is not supported");
			else if (has_annot(c, "shared"))
				error_at(c, "__shared__ variables at file scope are not supported");
			else if (!clang_isConstQualifiedType(clang_getCursorType(c)))
				error_at(c, "global variables are outside the subset idxgen-cc translates");
		} else if (k == CXCursor_TypedefDecl || k == CXCursor_StructDecl || k == CXCursor_EnumDecl ||
			   k == CXCursor_UnionDecl) {
			/* C-compatible declarations pass through */
		} else if (k == CXCursor_UnexposedDecl) {
			error_at(c, "extern \"C\" blocks and other C++ declarations are outside the subset idxgen-cc translates");
		} else if (k == CXCursor_ClassTemplate || k == CXCursor_FunctionTemplate) {
			error_at(c, "templates are outside the subset idxgen-cc translates");
		} else {
			char *kn = xstr(clang_getCursorKindSpelling(k));

			error_at(c, "%s is outside the subset idxgen-cc translates", kn);
			free(kn);
		}
	}
	emit_src(pos, (unsigned)src_len, o);
	free(ks.c);
	if (!nk && !nerrors)
		fprintf(stderr, "%s: warning: no __global__ function\n", src_path);
	return nerrors ? 1 : 0;
}

/* Dynamic parallelism: a <<< launch in the source (C++ parses it as an error). */
static void check_launch_syntax(CXTranslationUnit tu)
{
	CXToken *t;
	unsigned n, i;
	CXSourceRange r = clang_getCursorExtent(clang_getTranslationUnitCursor(tu));

	clang_tokenize(tu, r, &t, &n);
	for (i = 0; i + 1 < n; i++) {
		char *a = xstr(clang_getTokenSpelling(tu, t[i])), *b = xstr(clang_getTokenSpelling(tu, t[i + 1]));

		if (!strcmp(a, "<<") && !strcmp(b, "<") &&
		    off_of(clang_getTokenLocation(tu, t[i])) + 2 == off_of(clang_getTokenLocation(tu, t[i + 1]))) {
			unsigned line, col;

			clang_getExpansionLocation(clang_getTokenLocation(tu, t[i]), NULL, &line, &col, NULL);
			fprintf(stderr, "%s:%u:%u: error: dynamic parallelism (a kernel launch <<<...>>> in device code) is not supported\n",
				src_path, line, col);
			nerrors++;
		}
		free(a);
		free(b);
	}
	clang_disposeTokens(tu, t, n);
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	struct buf b = { 0 };
	char tmp[65536];
	size_t n;

	if (!f)
		return NULL;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		bput(&b, tmp, n);
	fclose(f);
	*len = b.n;
	if (!b.p)
		b.p = strdup("");
	return b.p;
}

static void usage(FILE *f)
{
	fprintf(f,
"Usage: idxgen-cc [OPTION]... FILE.cu\n"
"Translate the CUDA C kernels of FILE.cu into C for the idxgen CPU runtime.\n"
"\n"
"Each __global__ function becomes a C function that the idxgen SPMD runtime\n"
"calls once per thread block: the kernel is split at its __syncthreads()\n"
"barriers into barrier-free regions, each region runs as a loop over the\n"
"block's threads, variables that live across a barrier become per-thread\n"
"arrays, and code that does not depend on the thread index runs once per\n"
"block.  The output includes <idxgen_cc_kernel.h> and defines, per kernel,\n"
"a descriptor 'const struct idxgen_rt_kernel idxgen_cc_kernel_NAME' for\n"
"idxgen_rt_launch() (<idxgen_rt.h>).\n"
"\n"
"Options:\n"
"  -o FILE        write the C to FILE (default: FILE.cu with .c, '-' for stdout);\n"
"                 with -c, the object file (default: FILE.o)\n"
"  -c             also compile the C with $CC (default cc) into an object file\n"
"  -I DIR         add DIR to the include path (also passed to the C compiler)\n"
"  -D NAME[=VAL]  define a macro (also passed to the C compiler)\n"
"  -h, --help     print this help and exit\n"
"  -V, --version  print the version and exit\n"
"\n"
"Supported subset: __global__ and __device__ functions; threadIdx, blockIdx,\n"
"blockDim, gridDim (x, y, z); int, unsigned, long, float, double arithmetic;\n"
"pointers to global memory; local scalars and arrays; if, for, while, do,\n"
"switch, break, continue; return before or between barriers; static\n"
"__shared__ arrays (multi-dimensional) and extern __shared__ dynamic shared\n"
"memory; __syncthreads() at top level or inside if/for/while/do statements\n"
"whose conditions do not depend on the thread index, at any depth; atomicAdd,\n"
"atomicSub, atomicMin, atomicMax, atomicExch, atomicCAS (and atomicAnd/Or/Xor)\n"
"on int and unsigned, atomicAdd on float; __device__ function calls;\n"
"#define and #include of local headers; min, max, abs and the common math\n"
"functions.  The code must be C as well as CUDA C++.\n"
"\n"
"Diagnostics (FILE:LINE:COL: error: ..., exit status 1): a barrier in\n"
"divergent control flow, warp intrinsics (__shfl_*, __ballot_sync, ...),\n"
"dynamic parallelism, textures, __constant__ memory, C++ constructs and\n"
"anything else outside the subset.  idxgen-cc never emits code it cannot\n"
"translate faithfully.\n"
"\n"
"Exit status: 0 on success, 1 on a diagnostic, 2 on a usage or system error.\n"
"\n"
"Environment: CC (the C compiler for -c), CFLAGS (its flags, default -O2).\n"
"\n"
"Example:\n"
"  idxgen-cc -o k.c k.cu && cc -O2 -c -I/usr/include k.c\n"
"  idxgen-cc -c -o k.o k.cu\n"
"\n"
"See also idxgen_module_load() in <idxgen_cc.h> to translate, compile and load\n"
"a .cu file at run time.\n");
}

int main(int argc, char **argv)
{
	static const struct option lopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	const char *outp = NULL;
	char **cargs = calloc((size_t)argc * 2 + 16, sizeof(char *));
	char **ccargs = calloc((size_t)argc * 2 + 16, sizeof(char *));
	int nc = 0, ncc = 0, opt, compile = 0, rc;
	CXIndex idx;
	CXTranslationUnit tu;
	struct CXUnsavedFile uf;
	unsigned i, nd;
	char *dir, *slash, *cpath = NULL;
	FILE *f;

	if (!cargs || !ccargs)
		return 2;
	while ((opt = getopt_long(argc, argv, "o:cI:D:hV", lopts, NULL)) != -1) {
		switch (opt) {
		case 'o':
			outp = optarg;
			break;
		case 'c':
			compile = 1;
			break;
		case 'I':
		case 'D':
			asprintf(&cargs[nc++], "-%c%s", opt, optarg);
			asprintf(&ccargs[ncc++], "-%c%s", opt, optarg);
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			printf("idxgen-cc %s (libclang: ", VERSION);
			{
				char *v = xstr(clang_getClangVersion());

				printf("%s)\n", v);
				free(v);
			}
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "idxgen-cc: expected one input file (try --help)\n");
		return 2;
	}
	src_path = argv[optind];
	src = read_file(src_path, &src_len);
	if (!src) {
		fprintf(stderr, "idxgen-cc: %s: %s\n", src_path, strerror(errno));
		return 2;
	}
	dir = strdup(src_path);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	else
		strcpy(dir, ".");
	asprintf(&cargs[nc++], "-I%s", dir);
	asprintf(&ccargs[ncc++], "-I%s", dir);
	cargs[nc++] = "-x";
	cargs[nc++] = "c++";
	cargs[nc++] = "-std=c++14";
	cargs[nc++] = "-D__IDXGEN_CC__=1";
	cargs[nc++] = "-include";
	cargs[nc++] = PARSE_HDR;
	uf.Filename = PARSE_HDR;
	uf.Contents = parse_header;
	uf.Length = sizeof(parse_header) - 1;

	idx = clang_createIndex(0, 0);
	if (clang_parseTranslationUnit2(idx, src_path, (const char *const *)cargs, nc, &uf, 1,
					CXTranslationUnit_None, &tu) != CXError_Success) {
		fprintf(stderr, "idxgen-cc: %s: libclang could not parse the file\n", src_path);
		return 2;
	}
	src_file = clang_getFile(tu, src_path);
	check_launch_syntax(tu);
	nd = clang_getNumDiagnostics(tu);
	for (i = 0; i < nd && !nerrors; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			char *s = xstr(clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
								      CXDiagnostic_DisplayColumn));

			fprintf(stderr, "%s\n", s);
			free(s);
			nerrors++;
		}
		clang_disposeDiagnostic(d);
	}
	if (nerrors)
		return 1;
	rc = top_level(tu, &out);
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	if (rc)
		return 1;

	if (compile) {
		char *obj = outp ? strdup(outp) : NULL, *cc = getenv("CC"), *cflags = getenv("CFLAGS");
		char tmpl[] = "/tmp/idxgen-cc-XXXXXX.c";
		int fd = mkstemps(tmpl, 2), st;
		pid_t pid;

		if (!obj) {
			const char *b = strrchr(src_path, '/');

			b = b ? b + 1 : src_path;
			obj = malloc(strlen(b) + 3);
			strcpy(obj, b);
			if (strrchr(obj, '.'))
				*strrchr(obj, '.') = 0;
			strcat(obj, ".o");
		}
		if (fd < 0 || write(fd, out.p, out.n) != (ssize_t)out.n) {
			perror("idxgen-cc");
			return 2;
		}
		close(fd);
		pid = fork();
		if (pid == 0) {
			char *av[64];
			int n = 0, j;

			av[n++] = cc && *cc ? cc : "cc";
			av[n++] = "-std=gnu11";
			av[n++] = cflags && *cflags ? cflags : "-O2";
			av[n++] = "-fPIC";
#ifdef IDXGEN_CC_INCLUDEDIR
			av[n++] = "-I" IDXGEN_CC_INCLUDEDIR;
#endif
			for (j = 0; j < ncc && n < 56; j++)
				av[n++] = ccargs[j];
			av[n++] = "-c";
			av[n++] = "-o";
			av[n++] = obj;
			av[n++] = tmpl;
			av[n] = NULL;
			execvp(av[0], av);
			perror(av[0]);
			_exit(127);
		}
		waitpid(pid, &st, 0);
		unlink(tmpl);
		if (!WIFEXITED(st) || WEXITSTATUS(st)) {
			fprintf(stderr, "idxgen-cc: the C compiler failed on the translation of %s\n", src_path);
			return 2;
		}
		return 0;
	}
	if (!outp) {
		cpath = malloc(strlen(src_path) + 3);
		strcpy(cpath, src_path);
		if (strrchr(cpath, '.') && strrchr(cpath, '.') > strrchr(cpath, '/') + (strrchr(cpath, '/') == NULL))
			*strrchr(cpath, '.') = 0;
		strcat(cpath, ".c");
		outp = cpath;
	}
	f = strcmp(outp, "-") ? fopen(outp, "w") : stdout;
	if (!f || fwrite(out.p, 1, out.n, f) != out.n || (f != stdout && fclose(f))) {
		fprintf(stderr, "idxgen-cc: %s: %s\n", outp, strerror(errno));
		return 2;
	}
	return 0;
}
