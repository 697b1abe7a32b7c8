// SPDX-License-Identifier: MIT
/*
 * check.c - the checks of idxgen-cc: every cursor of a kernel or
 * __device__ function must be a construct of the supported subset; every
 * __syncthreads() must be a statement in uniform control flow (this one
 * queries the uniformity analysis); file-scope declarations other than
 * functions must be C-compatible.  Each failure is a FILE:LINE:COL: error.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* A const variable, or an array of const elements (the array type itself is not const). */
static bool is_const_type(CXType t)
{
	while (is_array_type(t))
		t = clang_getArrayElementType(t);
	return clang_isConstQualifiedType(t);
}

/*
 * The texture and surface reads and the legacy texture<> template: C has no
 * templates to spell them, so the translate-only path rejects them.  A
 * program's own names that merely begin with "tex" (texels, textColour) and
 * the handle types (cudaTextureObject_t: a plain integer kernels pass on)
 * are not textures; a prefix test rejected them.
 */
static bool is_texture_fetch(const char *n)
{
	static const char *const fetches[] = {
		"texture", "tex1Dfetch", "tex1D", "tex2D", "tex3D", "tex1DLayered", "tex2DLayered",
		"texCubemap", "tex2Dgather", "tex1DLod", "tex2DLod", "tex3DLod", "tex1DGrad",
		"tex2DGrad", "tex3DGrad", "surf1Dread", "surf1Dwrite", "surf2Dread", "surf2Dwrite",
		"surf3Dread", "surf3Dwrite", NULL
	};

	return in_list(n, fetches);
}

static void builtin_diag(struct source *s, CXCursor c, const char *n)
{
	if (!strncmp(n, "__shfl", 6) || !strcmp(n, "__ballot_sync") || !strcmp(n, "__any_sync") ||
	    !strcmp(n, "__all_sync") || !strcmp(n, "__activemask") || !strcmp(n, "__syncwarp") ||
	    !strncmp(n, "__match_", 8) || !strncmp(n, "__reduce_", 9) || !strcmp(n, "__ballot") ||
	    !strcmp(n, "__any") || !strcmp(n, "__all"))
		error_at(s, c, "warp-level function '%s' here is not supported (lib/cc/README.md, \"Warps\")", n);
	else if (!strcmp(n, "cudaTextureObject_t") || !strcmp(n, "cudaSurfaceObject_t"))
		return;	/* handles: integers (include/idxgen_cc_kernel.h) */
	else if (is_texture_fetch(n))
		error_at(s, c, "textures ('%s') are not supported in translate-only C output", n);
	else if (!strncmp(n, "cuda", 4))
		error_at(s, c, "dynamic parallelism ('%s' in device code) is not supported", n);
	else if (!in_list(n, cc_ok_builtins))
		error_at(s, c, "'%s' is outside the subset idxgen-cc translates", n);
}

struct check_ctx {
	struct source *src;
	bool kernel;
	const char *fname;
};

static void check_var_decl(struct check_ctx *ctx, CXCursor c)
{
	struct source *s = ctx->src;
	CXType t = clang_getCursorType(c);

	if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		error_at(s, c, "C++ references are outside the subset idxgen-cc translates");
	else if (t.kind == CXType_Auto)
		error_at(s, c, "'auto' is outside the subset idxgen-cc translates");
	if (clang_Cursor_getStorageClass(c) == CX_SC_Static)
		error_at(s, c, "static local variables are not supported in device code");
	if (has_annot(c, "shared") && !ctx->kernel)
		error_at(s, c, "__shared__ variables are supported in __global__ functions only");
	if (has_annot(c, "shared") && !clang_Cursor_isNull(var_init(c)))
		error_at(s, c, "__shared__ variables cannot have an initializer");
}

static void check_param(struct check_ctx *ctx, CXCursor c)
{
	CXType t = clang_getCursorType(c);

	if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference)
		error_at(ctx->src, c, "C++ references are outside the subset idxgen-cc translates");
}

/* A struct, union or enum named without its keyword: C++ only. */
static void check_tag(struct source *s, CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);
	enum CXCursorKind dk = clang_getCursorKind(d);
	const char *kw = dk == CXCursor_StructDecl ? "struct" :
			 dk == CXCursor_UnionDecl  ? "union" :
			 dk == CXCursor_EnumDecl   ? "enum" : NULL;
	unsigned o = c_start(ref), n;
	char *name;

	if (!kw || !in_main(s, ref) || in_macro(ref) || o > s->len)
		return;
	while (o > 0 && strchr(" \t\r\n", s->text[o - 1]))
		o--;
	n = (unsigned)strlen(kw);
	if (o >= n && !strncmp(s->text + o - n, kw, n))
		return;
	name = cx_spelling(d);
	error_at(s, ref, "'%s' names a %s without the keyword '%s' (C++): the output is C, write '%s %s' or use a typedef",
		 name, kw, kw, kw, name);
	free(name);
}

/* A reference to a declaration: built-ins, functions, file-scope variables. */
static void check_ref(struct check_ctx *ctx, CXCursor c, enum CXCursorKind k)
{
	struct source *s = ctx->src;
	char *n = builtin_ref(c);
	CXCursor r;
	enum CXCursorKind rk;

	if (n) {
		if (!ctx->kernel && (!strcmp(n, "threadIdx") || !strcmp(n, "blockIdx") ||
				     !strcmp(n, "blockDim") || !strcmp(n, "gridDim")))
			error_at(s, c, "'%s' in __device__ function '%s' is not supported: pass it as a parameter",
				 n, ctx->fname);
		else if (k == CXCursor_DeclRefExpr)
			builtin_diag(s, c, n);
		free(n);
		return;
	}
	if (k != CXCursor_DeclRefExpr)
		return;
	r = clang_getCursorReferenced(c);
	rk = clang_getCursorKind(r);
	if (rk == CXCursor_FunctionDecl && has_annot(r, "global")) {
		n = cx_spelling(r);
		error_at(s, c, "dynamic parallelism (launching or referencing kernel '%s' from device code) is not supported",
			 n);
		free(n);
	} else if (rk == CXCursor_FunctionDecl && !has_annot(r, "device")) {
		n = cx_spelling(r);
		error_at(s, c, "call of '%s', which is not a __device__ function", n);
		free(n);
	} else if (rk == CXCursor_VarDecl &&
		   !clang_equalCursors(clang_getCursorSemanticParent(r), clang_getCursorSemanticParent(c)) &&
		   clang_getCursorKind(clang_getCursorSemanticParent(r)) == CXCursor_TranslationUnit) {
		if (has_annot(r, "shared")) {
			/* diagnosed at its declaration */
		} else if (has_annot(r, "constant")) {
			error_at(s, c, "__constant__ memory is not supported");
		} else if (is_array_type(clang_getCursorType(r))) {
			n = cx_spelling(r);
			error_at(s, c, "file-scope array '%s' is host memory, which device code cannot read in CUDA: pass it as a kernel parameter",
				 n);
			free(n);
		} else if (!is_const_type(clang_getCursorType(r))) {
			n = cx_spelling(r);
			error_at(s, c, "global variable '%s' in device code is not supported", n);
			free(n);
		}
	}
}

/*
 * Warp-synchronous code (the unrolled last warp of the textbook reduction:
 * "s[t] += s[t + 16];" through volatile, no __syncwarp) counts on the lanes
 * of a warp running in lock step.  Loop fission runs them one after another,
 * so lane 0 would read s[16] before lane 16 wrote it: a wrong result, never
 * a faithful translation.  Fibers meet at each such store (fiber_plan.c).
 */
void check_warp_sync_store(struct source *s, CXCursor c, const char *where)
{
	CXCursor target, value;

	if (warp_sync_store(s, c, &target, &value))
		error_at(s, c,
			 "a store through volatile memory (warp-synchronous code, whose lanes must run in lock step) is not supported in %s, which runs a warp's lanes one after another: %s",
			 where, s->cxx ? "build it without --exec-model=fission to run it as fibers"
				       : "build the whole program (idxgen-cc -o prog file.cu) to run it as fibers");
}

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
	case CXCursor_UnaryExpr: case CXCursor_CXXBoolLiteralExpr: case CXCursor_GNUNullExpr:
		if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator)
			check_warp_sync_store(ctx->src, c, "the C output");
		break;
	case CXCursor_ParmDecl:
		check_param(ctx, c);
		break;
	case CXCursor_AnnotateAttr: case CXCursor_UnexposedAttr:
		return CXChildVisit_Continue;
	case CXCursor_UnexposedStmt:
		if (!is_pragma_stmt(ctx->src, c))	/* #pragma unroll: accepted, ignored */
			goto outside;
		break;
	case CXCursor_VarDecl:
		check_var_decl(ctx, c);
		break;
	case CXCursor_TypeRef: case CXCursor_TemplateRef:
		if ((n = builtin_ref(c))) {
			builtin_diag(ctx->src, c, n);
			free(n);
		} else if (k == CXCursor_TypeRef) {
			check_tag(ctx->src, c);
		}
		return CXChildVisit_Continue;
	case CXCursor_DeclRefExpr: case CXCursor_MemberRefExpr:
		check_ref(ctx, c, k);
		break;
	case CXCursor_CallExpr:
		if ((n = builtin_ref(c))) {
			if (!ctx->kernel && !strcmp(n, "__syncthreads"))
				error_at(ctx->src, c, "__syncthreads() in __device__ function '%s' is not supported",
					 ctx->fname);
			free(n);
		}
		break;
	case CXCursor_CXXNullPtrLiteralExpr:
		error_at(ctx->src, c, "'nullptr' is C++ and the output is C: use NULL");
		return CXChildVisit_Continue;
	case CXCursor_GotoStmt: case CXCursor_LabelStmt:
		error_at(ctx->src, c, "goto and labels are outside the subset idxgen-cc translates");
		return CXChildVisit_Continue;
	default:
	outside:
		n = cx_string(clang_getCursorKindSpelling(k));
		error_at(ctx->src, c, "%s is outside the subset idxgen-cc translates (C-compatible CUDA only)", n);
		free(n);
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;
}

/*
 * What the lock-step analysis could not prove at a read-modify-write stmt,
 * in note (empty: nothing to add): a store through a local pointer that may
 * point into what the statement reads (lockstep_pair.c proves a pair apart
 * only where every write moves the two as a pair), or a first index `1 -
 * cur` / `cur ^ 1` whose cur may differ between lanes (lockstep_slots.c).
 */
static void rmw_note(struct source *s, CXCursor stmt, char *note, size_t n)
{
	CXCursor t, v, b, r;
	char *text, name[128];

	*note = 0;
	if (!assignment(s, stmt, &t, &v) || clang_Cursor_isNull(t) ||
	    clang_getCursorKind(b = lvalue_base(t)) != CXCursor_DeclRefExpr)
		return;
	r = clang_getCursorReferenced(b);
	if (lockstep_local_pointer(r) && clang_getCursorType(r).kind == CXType_Pointer) {
		char *pn = cx_spelling(r);

		snprintf(note, n,
			 "; it stores through '%s', which may point into what it reads: two pointers are apart only where "
			 "every write of them moves both as a pair",
			 pn);
		free(pn);
		return;
	}
	text = in_macro(t) ? NULL : text_squeezed(s, c_start(t), c_end(t));
	if (lockstep_half_index(text, name, sizeof(name)))
		snprintf(note, n, "; its halves are apart only where '%s' is the same in every lane", name);
	free(text);
}

/*
 * Lanes that read __shared__ memory other lanes of their warp stored with
 * no barrier between (lockstep.c): written for a warp in lock step, which
 * loop fission does not give.  Fibers meet there; the C path and a whole
 * program forced to loop fission refuse rather than run it wrong.
 */
void check_lockstep(struct source *s, CXCursor fn)
{
	const char *what = "statement reads __shared__ memory other lanes of the warp may have stored with no barrier between";
	CXCursor at;
	unsigned why;
	char note[256] = "";

	if (lockstep_bad(s, fn, &at) &&
	    (clang_getCursorKind(at) == CXCursor_ForStmt || clang_getCursorKind(at) == CXCursor_WhileStmt ||
	     clang_getCursorKind(at) == CXCursor_DoStmt || clang_getCursorKind(at) == CXCursor_CXXForRangeStmt)) {
		error_at(s, at,
			 "a turn of this loop reads __shared__ memory the turn before stored for another lane of the warp, or stores what it read (code written for lanes in lock step), and its condition cannot take the meeting of the lanes (a macro's, a comma or assignment at its top level, or none): put the loop's body in { } or add __syncwarp() to it");
		return;
	}
	if (lockstep_bad(s, fn, &at)) {
		error_at(s, at,
			 "this statement's assignment, written in a macro, reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step): idxgen-cc cannot make every lane read before any writes there; read into a variable, __syncwarp(), then store");
		return;
	}
	if (s->cxx && s->model != EXEC_FISSION)
		return;
	if (!lockstep_first(s, fn, &at, &why))
		return;
	if (why == LOCKSTEP_WHY_RMW)
		rmw_note(s, at, note, sizeof(note));
	if (why == LOCKSTEP_WHY_RMW)
		what = "statement reads an element of __shared__ memory it stores for another lane of the warp";
	else if (why == LOCKSTEP_WHY_WAR)
		what = "statement stores __shared__ memory other lanes of the warp may have read with no barrier between";
	else if (why == LOCKSTEP_WHY_TURN)
		what = "loop's turns read __shared__ memory the turn before stored for another lane of the warp, or store what it read, with no barrier between";
	error_at(s, at, "this %s (code written for lanes in lock step%s), which %s runs one after another: %s%s", what,
		 note, s->cxx ? "loop fission" : "the C output",
		 why == LOCKSTEP_WHY_RMW	 ? "read into a variable, __syncwarp(), then store"
		 : why == LOCKSTEP_WHY_TURN ? "add __syncwarp() to its body"
					    : "add __syncwarp() or __syncthreads() before it",
		 s->cxx ? ", or build without --exec-model=fission to run it as fibers"
			: ", or build the whole program (idxgen-cc -o prog file.cu) to run it as fibers");
}

void check_subset(struct source *s, CXCursor c, bool kernel, const char *fname)
{
	struct check_ctx ctx = { s, kernel, fname };

	if (s->cxx) {
		check_whole(s, c, kernel, fname);
		return;
	}
	check_lockstep(s, c);
	check_spin(s, c);
	clang_visitChildren(c, check_visit, &ctx);
}

/* ---- barriers ------------------------------------------------------------ */

/* divc: the divergent condition around c (null: uniform so far). */
static void barrier_walk(struct kernel *k, CXCursor c, CXCursor parent, CXCursor divc, bool in_switch)
{
	enum CXCursorKind ck = clang_getCursorKind(c), pk = clang_getCursorKind(parent);
	struct cx_kids ks;
	unsigned i;

	if (is_barrier_stmt(c)) {
		if (pk != CXCursor_CompoundStmt && pk != CXCursor_IfStmt && pk != CXCursor_ForStmt &&
		    pk != CXCursor_WhileStmt && pk != CXCursor_DoStmt && pk != CXCursor_CaseStmt &&
		    pk != CXCursor_DefaultStmt) {
			error_at(k->src, c, "__syncthreads() must be a statement of its own");
		} else if (!clang_Cursor_isNull(divc) && is_call_to(c, "__idxgen_warp_sync")) {
			error_at(k->src, c,
				 "warp-level operation in divergent control flow is not supported: idxgen-cc runs a warp operation for all threads of the block at once (lib/cc/README.md, \"Warps\")");
			note_at(k->src, divc, "this condition depends on the thread index");
		} else if (!clang_Cursor_isNull(divc)) {
			error_at(k->src, c, "__syncthreads() in divergent control flow: not all threads of a block reach it");
			note_at(k->src, divc, "this condition depends on the thread index");
		} else if (in_switch) {
			error_at(k->src, c, "__syncthreads() inside a switch statement is not supported");
		}
		return;
	}
	if (ck == CXCursor_IfStmt || ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt ||
	    ck == CXCursor_ForStmt || ck == CXCursor_ConditionalOperator || ck == CXCursor_SwitchStmt) {
		if (clang_Cursor_isNull(divc))
			divc = divergent_cond(k, c);
		if (ck == CXCursor_ConditionalOperator && clang_Cursor_isNull(divc))
			divc = c;	/* a barrier in an expression */
	}
	if (ck == CXCursor_SwitchStmt)
		in_switch = true;
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		barrier_walk(k, ks.c[i], c, divc, in_switch);
	cx_kids_free(&ks);
}

void check_barriers(struct kernel *k)
{
	barrier_walk(k, k->body, k->fn, clang_getNullCursor(), false);
}

/*
 * Statements of one macro expansion (HeCBench's kernelLaunch: a kernel body
 * that is `DO_NOT_OPTIMIZE_AWAY;`, a macro of a declaration and an if):
 * loop fission writes each statement's text, and each one's text is the whole
 * macro use, so the declaration came out twice and the C++ did not compile.
 * Diagnosed; in the default mode the kernel then runs as fibers (its text
 * as written).
 */
static enum CXChildVisitResult macro_stmts_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct source *s = d;
	struct cx_kids ks;
	unsigned i;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Recurse;
	ks = cx_kids_of(c);
	for (i = 1; i < ks.n; i++)
		if (c_start(ks.c[i]) < stmt_end(s, ks.c[i - 1])) {
			error_at(s, ks.c[i], "statements of one macro expansion cannot be split into thread loops");
			break;
		}
	cx_kids_free(&ks);
	return CXChildVisit_Recurse;
}

void check_macro_statements(struct kernel *k)
{
	clang_visitChildren(k->fn, macro_stmts_visit, k->src);
}

/* ---- file scope ---------------------------------------------------------- */

void check_file_scope_decl(struct source *s, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	char *kn;

	if (k == CXCursor_VarDecl) {
		if (has_annot(c, "constant"))
			error_at(s, c, "__constant__ memory is not supported");
		else if (has_annot(c, "shared"))
			error_at(s, c, "__shared__ variables at file scope are not supported");
		else if (!is_const_type(clang_getCursorType(c)))
			error_at(s, c, "global variables are outside the subset idxgen-cc translates");
	} else if (k == CXCursor_TypedefDecl || k == CXCursor_StructDecl || k == CXCursor_EnumDecl ||
		   k == CXCursor_UnionDecl) {
		/* C-compatible declarations pass through */
	} else if (k == CXCursor_UnexposedDecl) {
		error_at(s, c, "extern \"C\" blocks and other C++ declarations are outside the subset idxgen-cc translates");
	} else if (k == CXCursor_ClassTemplate || k == CXCursor_FunctionTemplate) {
		error_at(s, c, "templates are outside the subset idxgen-cc translates");
	} else {
		kn = cx_string(clang_getCursorKindSpelling(k));
		error_at(s, c, "%s is outside the subset idxgen-cc translates", kn);
		free(kn);
	}
}
