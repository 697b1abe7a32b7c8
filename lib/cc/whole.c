// SPDX-License-Identifier: MIT
/*
 * whole.c - whole CUDA programs (issue 22): the C++ of a .cu file with
 * host code.  The output is the input's text with these edits only
 * (lib/cc/README.md, "Whole programs"):
 *
 *  - each __global__ definition (a function or a function template) becomes
 *    its block function (the passes of kernel.c, templates keeping their
 *    template parameter list), its descriptor, and a host stub with the
 *    kernel's own name and parameters that launches it (the launch ABI of
 *    include/cuda/cuda_runtime_api.h) and registers it;
 *  - each k<<<g, b, s, st>>>(args) becomes
 *    (__idxgenPushCallConfiguration(g, b, s, st) ? (void)0 : k(args));
 *  - __shared__ in a __device__ function becomes static thread_local;
 *  - __device__/__constant__/__managed__ variables stay plain globals,
 *    registered for the symbol calls.
 */
#define _GNU_SOURCE
#include "cc.h"
#include "paths.h"
#include "warp.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the subset check of whole programs ---------------------------------- */

struct wcheck {
	struct source *src;
	bool kernel;
	const char *fname;
};

static bool is_builtin_index(const char *n)
{
	return !strcmp(n, "threadIdx") || !strcmp(n, "blockIdx") || !strcmp(n, "blockDim") ||
	       !strcmp(n, "gridDim");
}

static void wcheck_builtin(struct wcheck *w, CXCursor c, const char *n)
{
	/* outside forced fission, a __device__ function may suspend: its callers run as fibers */
	if (!w->kernel && w->src->model != EXEC_FISSION && is_fiber_builtin(n, true))
		return;
	if (!strncmp(n, "__shfl", 6) || !strcmp(n, "__ballot_sync") || !strcmp(n, "__any_sync") ||
	    !strcmp(n, "__all_sync") || !strcmp(n, "__activemask") || !strcmp(n, "__syncwarp") ||
	    !strncmp(n, "__match_", 8) || !strncmp(n, "__reduce_", 9))
		error_at(w->src, c, "warp-level function '%s' is not supported yet (issue 23)", n);
	else if (!strcmp(n, "__syncthreads_count") || !strcmp(n, "__syncthreads_and") ||
		 !strcmp(n, "__syncthreads_or"))
		error_at(w->src, c, "'%s' is not supported yet", n);
	else if (is_block_builtin(n))
		error_at(w->src, c, "'%s' runs only as fibers, not by loop fission", n);
	else if (!w->kernel && !strncmp(n, "__syncthreads", 13))
		error_at(w->src, c, "__syncthreads() in __device__ function '%s' is not supported", w->fname);
}

/* A read-only object: const, or an array (of arrays) of const elements ("static const double c[] = {...}"). */
static bool const_object(CXType t)
{
	while (t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray)
		t = clang_getArrayElementType(t);
	return clang_isConstQualifiedType(t);
}

/*
 * Does the asm statement c carry instructions?  `asm volatile("" ::: "memory")`,
 * a compiler barrier, means the same on the host; anything else is PTX
 * (cuda-samples' inlinePTX: `mov.u32 %0, %%laneid;`), which the host's
 * assembler would reject with an error of its own, or worse, accept.
 */
static bool asm_has_code(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *t;
	unsigned n, i;
	bool code = false;

	clang_tokenize(tu, clang_getCursorExtent(c), &t, &n);
	for (i = 0; i < n && !code; i++) {
		char *sp;

		if (clang_getTokenKind(t[i]) != CXToken_Literal)
			continue;
		sp = cx_string(clang_getTokenSpelling(tu, t[i]));
		code = sp[0] == '"' && strcmp(sp, "\"\"");
		free(sp);
		break;	/* the first string is the template */
	}
	clang_disposeTokens(tu, t, n);
	return code;
}

/*
 * A read of a lane's special register or vabsdiff4's byte sum (asm_sreg.c)
 * in a header the parse read from disk: the header's translated text has
 * it as an expression of threadIdx or a call (translate_headers rewrites a
 * header of the program's folder as the main file; one outside it is left
 * as written, so its PTX stays refused).  In a __device__ function only: its callers see a call that
 * depends on the thread (pure_call.c), while in a kernel the analyses
 * would see an asm statement where the lane is computed.  Judged by the
 * rewrite itself on the header's text (asm_rewritten_at); in the main file,
 * rewritten before the parse, an asm statement left is one it could not
 * rewrite.
 */
static bool asm_sreg_in_header(const struct source *s, CXCursor c)
{
	CXSourceLocation at = clang_getCursorLocation(c);
	struct source h;
	unsigned off;
	CXFile f;
	char *rel, *name;
	bool r = false;

	clang_getExpansionLocation(at, &f, NULL, NULL, &off);
	if (!f || clang_Location_isFromMainFile(at) || !(rel = relative_to_main(s, f)))
		return false;
	free(rel);
	name = cx_string(clang_getFileName(f));
	if (source_read(&h, name)) {
		r = asm_rewritten_at(h.text, h.len, off);
		source_free(&h);
	}
	free(name);
	return r;
}

/*
 * Is the declaration's name written in its text?  Not when it is a macro's
 * (`extern __shared__ T name##_s[];` in a #define: the declaration's extent
 * is the macro's use, which whole.c must not replace; macro_shared.c edits
 * the #define).
 */
static bool name_spelled(const struct source *s, CXCursor c)
{
	unsigned a = c_start(c), b = c_end(c);
	char *n = cx_spelling(c);
	size_t l = strlen(n);
	bool found = false;

	for (unsigned i = a; !found && l && b <= s->len && i + l <= b; i++)
		found = !strncmp(s->text + i, n, l) && (i == 0 || !text_ident_char(s->text[i - 1])) &&
			!text_ident_char(s->text[i + l]);
	free(n);
	return found;
}

static bool is_function_decl(CXCursor r)
{
	enum CXCursorKind k = clang_getCursorKind(r);

	return k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
	       k == CXCursor_Constructor || k == CXCursor_ConversionFunction;
}

static enum CXChildVisitResult wcheck_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct wcheck *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor r;
	char *n;

	(void)parent;
	if (k == CXCursor_GotoStmt || k == CXCursor_LabelStmt) {
		error_at(w->src, c, "goto and labels are outside the subset idxgen-cc translates");
		return CXChildVisit_Continue;
	}
	if ((k == CXCursor_GCCAsmStmt || k == CXCursor_AsmStmt) && asm_has_code(c) &&
	    (w->kernel || !asm_sreg_in_header(w->src, c))) {
		error_at(w->src, c, "inline assembly in device code (PTX) cannot run on the CPU");
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_VarDecl) {
		bool sh = has_annot(c, "shared");

		if (!sh && clang_Cursor_getStorageClass(c) == CX_SC_Static && !const_object(clang_getCursorType(c)))
			error_at(w->src, c, "static local variables are not supported in device code");
		if (sh && !clang_Cursor_isNull(var_init(c)))
			error_at(w->src, c, "__shared__ variables cannot have an initializer");
		if (sh && !w->kernel && clang_Cursor_getStorageClass(c) == CX_SC_Extern && w->src->model == EXEC_FISSION)
			error_at(w->src, c, "extern __shared__ in a __device__ function is not supported");
	}
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && w->src->model == EXEC_FISSION)
		check_warp_sync_store(w->src, c, "loop fission");
	if (k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr || k == CXCursor_OverloadedDeclRef) {
		r = clang_getCursorReferenced(c);
		n = clang_Cursor_isNull(r) ? NULL : cx_spelling(r);
		if (n && (in_parse_header(r) || !strncmp(n, "__syncthreads", 13)))
			wcheck_builtin(w, c, n);
		/* loop fission runs a thread at a time: a rendezvous of the lanes there stopped the program */
		if (n && w->src->model == EXEC_FISSION && is_function_decl(r) && in_collective_header(r))
			error_at(w->src, c,
				 "'%s' is a collective of a library header (WMMA's mma.h, CUB's block and warp primitives, libcu++'s barriers): the threads of a warp or block act together in it, which only fibers run: build without --exec-model=fission",
				 n);
		if (n && has_annot(r, "global") && !dyn_parallel_callee(w->src, c_start(c)))
			error_at(w->src, c,
				 "dynamic parallelism (launching or referencing kernel '%s' from device code) is not supported",
				 n);
		free(n);
	}
	return CXChildVisit_Recurse;
}

void check_whole(struct source *s, CXCursor body, bool kernel, const char *fname)
{
	struct wcheck w = { s, kernel, fname };

	check_lockstep(s, body);
	check_spin(s, body);
	clang_visitChildren(body, wcheck_visit, &w);
}

/* ---- launches in host code ------------------------------------------------ */

struct walk {
	struct source *s;
	CXTranslationUnit tu;
	struct buf *o;
	unsigned pos;		/* the input's text before pos is written */
	bool device;		/* inside a __device__ function */
	CXCursor fiber_fn;	/* the kernel being copied as fibers (null otherwise) */
	unsigned *lsp, nlsp;	/* its statements the lanes meet before (lockstep.c) */
	CXCursor lsfn;		/* the function they are in (null outside one) */
	unsigned *spin, nspin;	/* its spin loops' conditions (spin.c) */
	struct cx_kids kernels;	/* the kernels translated so far */
	struct line_marks lm;	/* #line directives (line_marks.c) */
	struct lane_plan *lanes;	/* the kernel being copied runs as lane loops: its splices */
	unsigned *close, nclose, cclose;	/* where a body put in { } ends: ` }` goes there (LOCKSTEP_BRACE) */
	unsigned static_at;	/* where per_file_linkage wrote `static ` last, plus one (0: nowhere) */
};

static void copy_text(struct walk *w, unsigned b);

/* The first body put in { } that ends at or before b (one already passed: at once), ~0u: none. */
static unsigned next_close(const struct walk *w, unsigned b, unsigned *at)
{
	unsigned best = ~0u;

	for (unsigned i = 0; i < w->nclose; i++)
		if (w->close[i] <= b && (best == ~0u || w->close[i] < w->close[best]))
			best = i;
	if (best != ~0u)
		*at = w->close[best] > w->pos ? w->close[best] : w->pos;
	return best;
}

/* The input's text from w->pos to b, after a #line where idxgen-cc's own text moved the lines. */
static void copy_to(struct walk *w, unsigned b)
{
	unsigned i, at;

	while ((i = next_close(w, b, &at)) != ~0u) {
		copy_text(w, at);
		bputs(w->o, " }");
		w->pos = at;
		w->close[i] = w->close[--w->nclose];
	}
	copy_text(w, b);
}

static void copy_text(struct walk *w, unsigned b)
{
	const struct lane_splice *sp;

	while (w->lanes && (sp = lane_splice_next(w->lanes, w->pos, b)) != NULL) {
		if (w->pos < sp->at)
			line_marks_sync(&w->lm, w->s, w->tu, w->pos, w->o);
		emit_src(w->s, w->pos, sp->at, w->o);
		bputs(w->o, sp->text);
		w->pos = sp->skip;
	}
	if (w->pos < b)
		line_marks_sync(&w->lm, w->s, w->tu, w->pos, w->o);
	emit_src(w->s, w->pos, b, w->o);
}

/* The offsets of the <<< and >>> tokens of a kernel call c; false if c is none. */
static bool launch_tokens(struct walk *w, CXCursor c, unsigned a, unsigned e, unsigned *lt, unsigned *gt_end)
{
	CXToken *t;
	unsigned n, i, depth = 0;
	bool found = false;

	clang_tokenize(w->tu, clang_getCursorExtent(c), &t, &n);
	for (i = 0; i < n; i++) {
		char *sp = cx_string(clang_getTokenSpelling(w->tu, t[i]));
		unsigned off = off_of(clang_getTokenLocation(w->tu, t[i]));

		if (off < a || off >= e) {
			free(sp);
			continue;	/* libclang's extent of a macro argument reaches out */
		}
		if (!strcmp(sp, "(") || !strcmp(sp, "[") || !strcmp(sp, "{")) {
			depth++;
		} else if (!strcmp(sp, ")") || !strcmp(sp, "]") || !strcmp(sp, "}")) {
			depth--;
		} else if (!strcmp(sp, "<<<") && depth == 0 && !found) {
			*lt = off;
			found = true;
		} else if (!strcmp(sp, ">>>") && depth == 0 && found) {
			*gt_end = off + 3;
			free(sp);
			clang_disposeTokens(w->tu, t, n);
			return true;
		}
		free(sp);
	}
	clang_disposeTokens(w->tu, t, n);
	return false;
}

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData d);

/* Is c's whole extent text of the file itself (no macro expansion at either end)? */
static bool plain_text(CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation l[2] = { clang_getRangeStart(r), clang_getRangeEnd(r) };
	unsigned i, a, b;
	CXFile fa, fb;

	if (in_macro(c))
		return false;
	for (i = 0; i < 2; i++) {
		clang_getExpansionLocation(l[i], &fa, NULL, NULL, &a);
		clang_getSpellingLocation(l[i], &fb, NULL, NULL, &b);
		if (a != b || !fa || !fb || !clang_File_isEqual(fa, fb))
			return false;
	}
	return true;
}

/*
 * A launch in a macro's expansion, rewritten as text (macro_launch.c): in the
 * macro's arguments at its use (the chevrons are in the use's text), or in
 * the #define bodies of the file that the use reaches.
 */
static bool macro_launch_done(struct source *s, CXCursor c)
{
	if (macro_arg_launches(s, c_start(c)))
		return true;
	return macro_launch_rewritten(s, c_start(c), c_end(c));
}

/* k<<<cfg>>>(args) -> (__idxgenPushCallConfiguration(cfg) ? (void)0 : k(args)) */
static bool rewrite_launch(struct walk *w, CXCursor c)
{
	unsigned lt = 0, gte = 0, a = c_start(c), e = c_end(c);
	CXCursor r = clang_getCursorReferenced(c);
	enum CXCursorKind rk = clang_getCursorKind(r);
	bool kernel = !clang_Cursor_isNull(r) && has_annot(r, "global");
	/* a pointer to a kernel is called through its host stub, as the kernel is (cuda-samples transpose) */
	bool pointer = rk == CXCursor_VarDecl || rk == CXCursor_ParmDecl || rk == CXCursor_FieldDecl;

	if (!kernel && !pointer && !clang_Cursor_isNull(r) && rk != CXCursor_FunctionTemplate)
		return false;	/* a call of a known function that is no kernel */
	if (dyn_parallel_launch_at(w->s, a))
		return false;	/* in device code: its edits (dyn_parallel.c) write it where the text is copied */
	if (!plain_text(c) || !launch_tokens(w, c, a, e, &lt, &gte)) {
		if (pointer && !kernel)
			return false;	/* a plain call through a pointer */
		if (macro_launch_done(w->s, c))
			return true;	/* rewritten in its #define */
		/* a launch whose text is a macro's (in a template too: `LAUNCH(k<T>, ...)`, no callee
		   resolved; its C++ did not compile), or a plain call of a kernel */
		if (!kernel && !is_kernel_call(c))
			return false;
		error_at(w->s, c, "a kernel launch <<<...>>> written inside a macro is not supported");
		return true;
	}
	if (a < w->pos || lt < a || gte > e || e > w->s->len) {
		error_at(w->s, c, "idxgen-cc cannot locate this kernel launch's text");
		return true;
	}
	copy_to(w, a);
	bputs(w->o, "(__idxgenPushCallConfiguration(");
	emit_src(w->s, lt + 3, gte - 3, w->o);
	bputs(w->o, ") ? (void)0 : ");
	emit_src(w->s, a, lt, w->o);
	emit_src(w->s, gte, e, w->o);
	bputs(w->o, ")");
	w->pos = e;
	return true;
}

/*
 * The offset of the __shared__ keyword of a declaration that starts at a
 * and names its variable at name ("static volatile __shared__ int s[4];"),
 * or ~0u.
 */
static unsigned shared_keyword(const struct source *s, unsigned a, unsigned name)
{
	static const char kw[] = "__shared__";
	unsigned i, n = sizeof(kw) - 1;

	for (i = a; i + n <= name && i + n < s->len; i++)
		if (!strncmp(s->text + i, kw, n) && (i == a || !text_ident_char(s->text[i - 1])) &&
		    !text_ident_char(s->text[i + n]))
			return i;
	return ~0u;
}

/*
 * An assignment that reads another lane's element of what it stores
 * (lockstep.c's LOCKSTEP_RMW: `s[t] = s[t + 1];`) starts at a.
 */
static bool lockstep_rmw_at(const struct walk *w, unsigned a)
{
	for (unsigned i = 0; i < w->nlsp; i++)
		if (w->lsp[i] == (LOCKSTEP_RMW | a))
			return true;
	return false;
}

/*
 * How deep in branches the meeting at offset a is (branch_depth.c), as the
 * call's first argument: the runtime lets the deepest lanes go on first.
 * Nothing at depth 0, the default.
 */
static void meeting_depth(struct walk *w, unsigned a, const char *before)
{
	unsigned d = clang_Cursor_isNull(w->lsfn) ? 0 : branch_depth(w->lsfn, a);

	if (d)
		bprintf(w->o, "%s%u", before, d);
}

struct ends_in_macro {
	unsigned end;
	bool hit;
};

static enum CXChildVisitResult ends_in_macro_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct ends_in_macro *m = data;

	(void)parent;
	if (c_end(c) == m->end && macro_spelled(c)) {
		m->hit = true;
		return CXChildVisit_Break;
	}
	return c_end(c) >= m->end ? CXChildVisit_Recurse : CXChildVisit_Continue;
}

/*
 * Does the text of expression c end in a macro's expansion (`x * INV_SQRT_2`)?
 * What the macro writes after the expression, a `;` of its own, would land
 * inside a call that wraps the text.
 */
static bool ends_in_macro(CXCursor c)
{
	struct ends_in_macro m = { c_end(c), macro_spelled(c) };

	if (!m.hit)
		clang_visitChildren(c, ends_in_macro_visit, &m);
	return m.hit;
}

/*
 * "a op= b" / "a = b" with a volatile (warp-synchronous code, fiber_plan.c),
 * or one that reads another lane's element of what it stores (lockstep.c):
 * __idxgen_cc_vstore(a, (a) op (b)): every lane of the warp reads first,
 * then the lanes meet, then each writes, then they meet again -- what lanes
 * in lock step do (include/idxgen_cc_fiber.h).
 */
static bool rewrite_volatile_store(struct walk *w, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor target, value;
	unsigned a = c_start(c), e = c_end(c);
	char op[4];

	if (!(warp_sync_store(w->s, c, &target, &value) || (lockstep_rmw_at(w, a) && assignment(w->s, c, &target, &value))) ||
	    in_macro(c) || a < w->pos || c_start(target) != a || c_end(value) != e)
		return false;
	copy_to(w, a);
	if (ends_in_macro(value)) {
		/* __idxgen_cc_vstore_at(a) op= b: the source's own text from the operator on */
		bputs(w->o, "__idxgen_cc_vstore_at(");
		emit_src(w->s, c_start(target), c_end(target), w->o);
		meeting_depth(w, a, ", ");
		bputs(w->o, ")");
		emit_src(w->s, c_end(target), e, w->o);
		w->pos = e;
		return true;
	}
	op_text(w->s, c, op);
	bputs(w->o, "__idxgen_cc_vstore(");
	emit_src(w->s, c_start(target), c_end(target), w->o);
	bputs(w->o, ", ");
	if (k == CXCursor_CompoundAssignOperator) {
		op[strlen(op) - 1] = 0;	/* "+=" -> "+" */
		bputs(w->o, "(");
		emit_src(w->s, c_start(target), c_end(target), w->o);
		bprintf(w->o, ") %s (", op);
		emit_src(w->s, c_start(value), e, w->o);
		bputs(w->o, ")");
	} else {
		emit_src(w->s, c_start(value), e, w->o);
	}
	meeting_depth(w, a, ", ");
	bputs(w->o, ")");
	w->pos = e;
	return true;
}

/*
 * Code written for a warp in lock step (lockstep.c): before a statement that
 * reads __shared__ memory a statement before it stored to with no barrier
 * between, the lanes that reach it together meet (__idxgen_cc_lockstep(),
 * include/idxgen_cc_fiber.h; a plain statement outside fibers).
 */
static void lockstep_begin(struct walk *w, CXCursor fn)
{
	w->lsfn = fn;
	w->nlsp = w->s->model != EXEC_FISSION ? lockstep_points(w->s, fn, &w->lsp) : 0;
	w->nspin = w->s->model != EXEC_FISSION ? spin_points(w->s, fn, &w->spin, NULL) : 0;
}

static void lockstep_end(struct walk *w)
{
	free(w->lsp);
	w->lsp = NULL;
	w->nlsp = 0;
	w->lsfn = clang_getNullCursor();
	free(w->spin);
	w->spin = NULL;
	w->nspin = 0;
}

static void lockstep_point(struct walk *w, CXCursor c)
{
	unsigned a = c_start(c);

	for (unsigned i = 0; i < w->nlsp; i++)
		if (w->lsp[i] == a && a >= w->pos) {
			copy_to(w, a);
			/*
			 * A statement led by "#pragma unroll" starts at the
			 * pragma, which must begin its line: the call goes on
			 * a line of its own (copy_to's #line puts the rest back).
			 */
			bool directive = a < w->s->len && w->s->text[a] == '#';

			bputs(w->o, "__idxgen_cc_lockstep(");
			meeting_depth(w, a, "");
			bputs(w->o, directive ? ");\n" : "); ");
			w->pos = a;
			w->lsp[i] = ~0u;	/* once: the statement's first part starts there too */
		} else if (w->lsp[i] == (LOCKSTEP_BRACE | a) && a >= w->pos) {
			/* a one-statement body (lockstep.c walk_body): { meet; body } */
			copy_to(w, a);
			bputs(w->o, "{ __idxgen_cc_lockstep(");
			meeting_depth(w, a, "");
			bputs(w->o, a < w->s->len && w->s->text[a] == '#' ? ");\n" : "); ");
			w->pos = a;
			w->lsp[i] = ~0u;
			if (w->nclose == w->cclose) {
				w->cclose = w->cclose ? 2 * w->cclose : 4;
				w->close = cx_realloc(w->close, w->cclose * sizeof(*w->close));
			}
			w->close[w->nclose++] = stmt_end(w->s, c);
		} else if (w->lsp[i] == (LOCKSTEP_TURN | a) && a >= w->pos) {
			/* a loop's condition: the lanes meet before each test (a turn reads the last one's stores) */
			copy_to(w, a);
			bputs(w->o, "__idxgen_cc_lockstep_turn(");
			meeting_depth(w, a, "");
			bputs(w->o, ") && ");
			w->pos = a;
			w->lsp[i] = ~0u;
		}
	/* a spin loop's condition: the block's other threads run before each test (spin.c) */
	for (unsigned i = 0; i < w->nspin; i++) {
		unsigned at = w->spin[i] & ~SPIN_BARE;
		bool bare = w->spin[i] & SPIN_BARE;

		if (w->spin[i] == ~0u || at < w->pos || (bare ? at > a : at != a))
			continue;
		copy_to(w, at);
		bputs(w->o, bare ? " __idxgen_cc_spin()" : "__idxgen_cc_spin() && ");
		w->pos = at;
		w->spin[i] = ~0u;
	}
}

static bool is_member_function(enum CXCursorKind k)
{
	return k == CXCursor_CXXMethod || k == CXCursor_Constructor || k == CXCursor_Destructor ||
	       k == CXCursor_ConversionFunction || k == CXCursor_FunctionTemplate;
}

/*
 * A parameter of the kernel copied as fibers that CUDA copies bitwise
 * (kernel_param_class.c): declared as a reference, bound by the fiber entry
 * to the thread's own bitwise copy (emit_fiber_args), so no copy constructor
 * or destructor of it runs on the device.  True when c was such.
 */
static bool bitwise_param_ref(struct walk *w, CXCursor c, CXCursor parent)
{
	unsigned at;

	if (clang_Cursor_isNull(w->fiber_fn) || !clang_equalCursors(parent, w->fiber_fn) ||
	    !kernel_param_bitwise(w->s, c))
		return false;
	at = off_of(clang_getCursorLocation(c));
	if (in_macro(c) || at < w->pos || at > c_end(c)) {
		char *n = cx_spelling(c);

		error_at(w->s, c,
			 "kernel parameter '%s' has a class that CUDA copies bitwise, and its declaration "
			 "(written by a macro) cannot be rewritten to bind such a copy",
			 n);
		free(n);
		return true;
	}
	copy_to(w, at);
	bputs(w->o, "&");
	w->pos = at;
	return true;
}

static enum CXChildVisitResult walk_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct walk *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	if (!in_main(w->s, c))
		return CXChildVisit_Continue;
	if (!w->device && is_member_function(k) && has_annot(c, "device")) {
		/* SharedMemory<T>::getPointer() of cuda-samples: a __device__ member function */
		if (clang_isCursorDefinition(c)) {
			char *n = cx_spelling(c);

			check_whole(w->s, c, false, n);
			free(n);
		}
		w->device = true;
		lockstep_begin(w, c);
		clang_visitChildren(c, walk_visit, w);
		lockstep_end(w);
		w->device = false;
		return CXChildVisit_Continue;
	}
	if (w->nlsp || w->nspin)
		lockstep_point(w, c);
	if (k == CXCursor_CallExpr && rewrite_launch(w, c))
		return CXChildVisit_Continue;
	if (k == CXCursor_ParmDecl && bitwise_param_ref(w, c, parent))
		return CXChildVisit_Continue;
	if (w->device && w->s->model != EXEC_FISSION && rewrite_volatile_store(w, c))
		return CXChildVisit_Continue;
	if (w->device && k == CXCursor_VarDecl && has_annot(c, "shared") && !in_macro(c) && name_spelled(w->s, c)) {
		unsigned a = c_start(c);

		/* `__shared__ union { ... } u;`: the variable's extent starts at `union`, the statement's at __shared__ */
		if (clang_getCursorKind(parent) == CXCursor_DeclStmt && c_start(parent) < a && c_start(parent) >= w->pos)
			a = c_start(parent);

		if (clang_Cursor_getStorageClass(c) == CX_SC_Extern && a >= w->pos) {
			/* fibers: the block's dynamic shared memory (NULL outside a fiber kernel: never called there) */
			CXType t = clang_getCursorType(c), e = clang_getArrayElementType(t);
			char *ts = cx_string(clang_getTypeSpelling(e.kind == CXType_Invalid ? t : e)), *n = cx_spelling(c);

			copy_to(w, a);
			if (clang_getArrayElementType(e).kind != CXType_Invalid)
				/* `extern __shared__ half sm[][80];`: emit.c's emit_shared_decl() says why __typeof__ */
				bprintf(w->o, "__typeof__(%s) *const %s = (__typeof__(%s) *)__idxgen_fiber_block()->dyn_shared",
					ts, n, ts);
			else
				bprintf(w->o, "%s *const %s = (%s *)__idxgen_fiber_block()->dyn_shared", ts, n, ts);
			w->pos = c_end(c);
			free(ts);
			free(n);
			return CXChildVisit_Continue;
		}
		unsigned kw = shared_keyword(w->s, a, off_of(clang_getCursorLocation(c)));

		if (kw != ~0u && kw >= w->pos) {
			/*
			 * one per worker thread: the blocks of a worker run one after
			 * another.  "static __shared__ float s[32];" (public block-reduce
			 * helpers write it so) is static already.
			 */
			copy_to(w, kw);
			bputs(w->o, clang_Cursor_getStorageClass(c) == CX_SC_Static ? "thread_local" : "static thread_local");
			w->pos = kw + 10;
		} else if (clang_getCursorKind(parent) == CXCursor_DeclStmt && c_start(parent) < a &&
			   c_start(parent) < w->pos) {
			/* a later declarator of `__shared__ float s[N], m[N];`: rewritten with the first */
		} else {
			error_at(w->s, c, "write __shared__ first in a __device__ function's shared declaration");
		}
	}
	return CXChildVisit_Recurse;
}

/* ---- kernels: block function, descriptor, stub, registration ------------ */

struct tmpl {
	bool is;
	char *orig;	/* the template header as written ("template <class T, int N = 4>") */
	struct buf gen;	/* the same without default arguments */
	struct buf args;	/* "<T, N>" */
	unsigned decl;	/* offset of the declaration after the header */
	char *pack;	/* the name of its `typename... Pack`, or NULL */
};

static void tmpl_free(struct tmpl *t)
{
	free(t->orig);
	free(t->pack);
	buf_free(&t->gen);
	buf_free(&t->args);
}

/*
 * What comes before the name of type parameter p: `typename` or `class`, or
 * a C++20 type-constraint as written (`Numeric T`, `std::integral T`).  The
 * constraint must stay: the stub defines the template that the user's
 * declaration declares, and two heads that differ in a constraint declare
 * two templates (the launch then names one that nothing defines: a link
 * error).
 */
static void type_param_head(const struct source *s, CXCursor p, bool pack, struct buf *o)
{
	unsigned a = c_start(p), e = off_of(clang_getCursorLocation(p));
	const char *dots = pack ? "..." : "";

	/* libclang starts a constrained parameter at the concept's own name: take back its qualifier (`std::`) */
	while (a > 0 && a <= s->len &&
	       (isalnum((unsigned char)s->text[a - 1]) || s->text[a - 1] == '_' || s->text[a - 1] == ':' ||
		isspace((unsigned char)s->text[a - 1])))
		a--;
	while (a < e && isspace((unsigned char)s->text[a]))
		a++;
	while (e > a && isspace((unsigned char)s->text[e - 1]))
		e--;
	if (pack && e >= a + 3 && !memcmp(s->text + e - 3, "...", 3))	/* `Numeric... Ts` */
		for (e -= 3; e > a && isspace((unsigned char)s->text[e - 1]);)
			e--;
	if (in_macro(p) || e <= a || e > s->len || (e - a == 8 && !memcmp(s->text + a, "typename", 8)) ||
	    (e - a == 5 && !memcmp(s->text + a, "class", 5))) {
		bprintf(o, "typename%s", dots);
		return;
	}
	bprintf(o, "%.*s%s", (int)(e - a), s->text + a, dots);
}

static bool template_header(struct source *s, CXCursor fn, struct tmpl *t)
{
	struct cx_kids ks = cx_kids_of(fn);
	unsigned i, end = c_start(fn), np = 0;

	memset(t, 0, sizeof(*t));
	t->decl = c_start(fn);
	if (clang_getCursorKind(fn) != CXCursor_FunctionTemplate) {
		cx_kids_free(&ks);
		return true;
	}
	t->is = true;
	bputs(&t->gen, "template <");
	bputs(&t->args, "<");
	for (i = 0; i < ks.n; i++) {
		CXCursor p = ks.c[i];
		enum CXCursorKind pk = clang_getCursorKind(p);
		char *n, *ts;

		if (pk != CXCursor_TemplateTypeParameter && pk != CXCursor_NonTypeTemplateParameter &&
		    pk != CXCursor_TemplateTemplateParameter)
			continue;
		n = cx_spelling(p);
		if (memmem(s->text + c_start(p), c_end(p) - c_start(p), "...", 3) &&
		    pk == CXCursor_TemplateTypeParameter && *n && !t->pack) {
			/* a kernel template of any arguments (multi_tensor_apply's) */
			bprintf(&t->gen, "%s", np ? ", " : "");
			type_param_head(s, p, true, &t->gen);
			bprintf(&t->gen, " %s", n);
			bprintf(&t->args, "%s%s...", np++ ? ", " : "", n);
			t->pack = n;
			end = c_end(p);
			continue;
		}
		if (!*n && pk != CXCursor_TemplateTemplateParameter) {
			/*
			 * `typename std::enable_if<C, int>::type = 0` (SFINAE between
			 * kernel overloads): the helpers name it to pass it on
			 */
			free(n);
			n = cx_alloc(24);
			snprintf(n, 24, "__idxgen_tp%u", i);
		}
		if (pk == CXCursor_TemplateTemplateParameter ||
		    memmem(s->text + c_start(p), c_end(p) - c_start(p), "...", 3)) {
			error_at(s, p,
				 "template template parameters and packs other than one 'typename...' of kernels are not supported");
			free(n);
			cx_kids_free(&ks);
			return false;
		}
		if (pk == CXCursor_TemplateTypeParameter) {
			bprintf(&t->gen, "%s", np ? ", " : "");
			type_param_head(s, p, false, &t->gen);
			bprintf(&t->gen, " %s", n);
		} else {
			ts = cx_string(clang_getTypeSpelling(clang_getCursorType(p)));
			bprintf(&t->gen, "%s%s %s", np ? ", " : "", ts, n);
			free(ts);
		}
		bprintf(&t->args, "%s%s", np++ ? ", " : "", n);
		end = c_end(p);
	}
	cx_kids_free(&ks);
	bputs(&t->gen, ">\n");
	bputs(&t->args, ">");
	while (end < s->len && s->text[end] != '>')
		end++;
	t->decl = end + 1;
	t->orig = cx_alloc(t->decl - c_start(fn) + 1);
	memcpy(t->orig, s->text + c_start(fn), t->decl - c_start(fn));
	t->orig[t->decl - c_start(fn)] = 0;
	return true;
}

static bool nontrivial_type(CXType t);

/*
 * Does the class behind t (arrays stripped) need construction or destruction:
 * a user-written default, copy or move constructor, a destructor that is not
 * defaulted, or virtual functions?  Other constructors -- converting ones
 * such as __half(float) of cuda_fp16.h -- leave the type trivial
 * (std::is_trivial, which the emitted code also asserts): raw per-thread
 * memory holds it as long as the variable is assigned, not constructed
 * (converting_init_ok).
 */
static enum CXChildVisitResult nontrivial_member(CXCursor c, CXCursor parent, CXClientData d)
{
	bool *r = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_Constructor)
		*r = !clang_CXXMethod_isDefaulted(c) &&
		     (clang_CXXConstructor_isDefaultConstructor(c) || clang_CXXConstructor_isCopyConstructor(c) ||
		      clang_CXXConstructor_isMoveConstructor(c));
	else if ((k == CXCursor_Destructor && !clang_CXXMethod_isDefaulted(c)) ||
		 (k == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(c)))
		*r = true;
	else if (k == CXCursor_FieldDecl || k == CXCursor_CXXBaseSpecifier)
		*r = *r || nontrivial_type(clang_getCursorType(c));
	return *r ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool nontrivial_type(CXType t)
{
	CXCursor d;
	bool r = false;

	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind != CXType_Record)
		return false;
	d = clang_getTypeDeclaration(t);
	if (!clang_Cursor_isNull(d))
		clang_visitChildren(d, nontrivial_member, &r);
	return r;
}

/* Is v's initializer a constructor call at its name ("T v(x, y)", "T v{x}"), not "T v = expr;"? */
static bool direct_init(const struct var *v)
{
	CXCursor init = var_init(v->decl);

	return !clang_Cursor_isNull(init) && c_start(init) == off_of(clang_getCursorLocation(v->decl));
}

/*
 * dim3 has constructors (its defaults are 1) but is trivially copyable and
 * destructible: a promoted dim3 with an initializer is assigned its value
 * (emit_promoted_decl), which is all it needs; without one it would have to
 * be constructed, so it stays diagnosed.
 */
static bool dim3_assigned(const struct var *v)
{
	char *n = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(v->decl))));
	/* "dim3 d = expr;" (not "dim3 d(x, y)": a constructor call at the name) */
	bool r = !strcmp(n, "dim3") && !clang_Cursor_isNull(var_init(v->decl)) && !direct_init(v);

	free(n);
	return r;
}

/*
 * Promoted variables of template-dependent types (T, T *, T[4]) go after the
 * private area's fixed part, at offsets that are C++ constant expressions
 * (alignof/sizeof of their types): the C++ compiler computes them per
 * instantiation, and the descriptor's priv_bytes with them.  References,
 * arrays of dependent size: diagnosed.
 */
static bool dependent_layout(struct kernel *k)
{
	struct buf end = { 0 };
	unsigned i;
	bool ok = true, any = false;

	bprintf(&end, "%zuu", k->priv_bytes);
	for (i = 0; i < k->nv; i++) {
		struct var *v = &k->v[i];
		CXType t = clang_getCursorType(v->decl), e;
		char *ts, *old;
		bool ref = t.kind == CXType_LValueReference || t.kind == CXType_RValueReference;

		if (ref && !v->param && v->cls != V_LOCAL && v->cls != V_PROMOTED && v->cls != V_REMAT) {
			/* a reference cannot be declared apart from what it binds */
			error_at(k->src, v->decl,
				 "'%s' is a reference used in several thread loops (across __syncthreads()): not supported",
				 v->name);
			ok = false;
			continue;
		}
		if (v->cls != V_PROMOTED)
			continue;
		if (clang_getCanonicalType(t).kind == CXType_Auto) {
			/*
			 * `auto p = in + off;` in a kernel template: the type is
			 * deduced per instantiation, and nothing outside the body
			 * (the descriptor's size of the private area) can name it.
			 */
			error_at(k->src, v->decl,
				 "'%s' lives across __syncthreads() and its 'auto' type depends on template parameters: not supported",
				 v->name);
			ok = false;
			continue;
		}
		for (e = t; e.kind == CXType_ConstantArray; e = clang_getArrayElementType(e))
			;
		if (t.kind == CXType_LValueReference || t.kind == CXType_RValueReference ||
		    e.kind == CXType_DependentSizedArray || e.kind == CXType_IncompleteArray ||
		    e.kind == CXType_VariableArray) {
			error_at(k->src, v->decl,
				 "'%s' lives across __syncthreads() and is a reference or an array of dependent size: not supported",
				 v->name);
			ok = false;
			continue;
		}
		if (!nontrivial_type(t) && !v->array && direct_init(v)) {
			/* the per-thread copy is assigned: there is no place for a constructor call */
			error_at(k->src, v->decl,
				 "'%s' lives across __syncthreads() and is initialized by a constructor call: write '= value' instead",
				 v->name);
			ok = false;
			continue;
		}
		if (nontrivial_type(t) && !dim3_assigned(v)) {
			/* per-thread copies live in raw memory: never constructed or destroyed */
			error_at(k->src, v->decl,
				 "'%s' lives across __syncthreads() and its type has constructors or a destructor: not supported",
				 v->name);
			ok = false;
			continue;
		}
		if (clang_Type_getSizeOf(t) > 0)
			continue;	/* in the fixed part (plan_vars.c) */
		ts = cx_string(clang_getTypeSpelling(t));
		v->off_expr = NULL;
		if (asprintf(&v->off_expr, "idxgen_cc_align(%s, alignof(%s))", end.p, ts) < 0)
			exit(2);
		old = cx_strdup(v->off_expr);
		end.n = 0;
		bprintf(&end, "(%s + sizeof(%s))", old, ts);
		free(old);
		free(ts);
		any = true;
	}
	if (any)
		k->priv_expr = cx_strdup(end.p);
	buf_free(&end);
	return ok;
}

/*
 * The kernel's declaration [a, b) without its default arguments: a template
 * kernel's stub is declared first (with them) and then defined, and C++
 * allows a default argument once (HeCBench kalman: "redefinition of default
 * argument").  Defaults written in a macro stay: their text is not here.
 */
static void emit_decl_without_defaults(struct source *s, CXCursor fn, unsigned a, unsigned b, struct buf *o)
{
	struct cx_kids ps = cx_kids_of(fn);
	unsigned i, j;

	for (i = 0; i < ps.n; i++) {
		struct cx_kids ks;
		unsigned name = off_of(clang_getCursorLocation(ps.c[i])), e = 0, eq;

		if (clang_getCursorKind(ps.c[i]) != CXCursor_ParmDecl || in_macro(ps.c[i]))
			continue;
		ks = cx_kids_of(ps.c[i]);
		for (j = 0; j < ks.n; j++)
			if (clang_isExpression(clang_getCursorKind(ks.c[j])) && c_start(ks.c[j]) > name &&
			    !in_macro(ks.c[j]))
				e = j + 1;
		if (e) {
			eq = c_start(ks.c[e - 1]);
			while (eq > name && s->text[eq - 1] != '=')
				eq--;
			if (eq > name && eq - 1 >= a && c_end(ks.c[e - 1]) <= b) {
				emit_src(s, a, eq - 1, o);
				a = c_end(ks.c[e - 1]);
			}
		}
		cx_kids_free(&ks);
	}
	cx_kids_free(&ps);
	emit_src(s, a, b, o);
}

/* Is v the kernel's parameter pack (`Pack... args`, the one form translated)? */
static bool pack_param(const struct kernel *k, const struct var *v)
{
	return v->param && memmem(k->src->text + c_start(v->decl), c_end(v->decl) - c_start(v->decl), "...", 3);
}

/*
 * A kernel parameter pack must be the last parameter, expand the template's
 * own `typename... Pack` (`Pack... args`, `Pack *...args`) and hold no
 * references: the descriptor counts it as sizeof...(Pack) and sizes it as
 * sizeof(PATTERN)..., and the fiber entry reads element i as a PATTERN.
 */
static bool pack_params_ok(struct kernel *k, const struct tmpl *t)
{
	unsigned i, last = k->nv;
	bool ok = true;

	for (i = 0; i < k->nv; i++)
		if (k->v[i].param)
			last = i;
	for (i = 0; i < k->nv; i++) {
		char *ts;

		if (!pack_param(k, &k->v[i]))
			continue;
		ts = cx_string(clang_getTypeSpelling(clang_getCursorType(k->v[i].decl)));
		if (!t->pack || i != last || strchr(ts, '&') || strlen(ts) < 3 || strcmp(ts + strlen(ts) - 3, "...")) {
			error_at(k->src, k->v[i].decl,
				 "a kernel parameter pack is translated only as the last parameter, a pack of values ('%s... %s')",
				 t->pack ? t->pack : "Pack", k->v[i].name);
			ok = false;
		}
		free(ts);
	}
	return ok;
}

/* "op(T0), op(T1), ..., op(Pack)..., 0" (op sizeof or alignof): the trailing 0 keeps an empty pack's array valid. */
static void emit_arg_traits(struct kernel *k, const struct tmpl *t, const char *op, struct buf *o)
{
	unsigned i, np = 0;

	if (!t->pack) {
		emit_param_traits(k, op, o);
		return;
	}
	for (i = 0; i < k->nv; i++)
		if (k->v[i].param) {
			CXType pt = clang_getCursorType(k->v[i].decl);
			char *ts = pack_param(k, &k->v[i]) ? cx_string(clang_getTypeSpelling(pt))
							   : param_slot_type(pt);

			if (pack_param(k, &k->v[i]))
				ts[strlen(ts) - 3] = 0;	/* "PATTERN..." (pack_params_ok) */
			bprintf(o, "%s%s(%s)%s", np++ ? ", " : "", op, ts, pack_param(k, &k->v[i]) ? "..." : "");
			free(ts);
		}
	bputs(o, ", 0");
}

/* Is v a parameter of reference type (not a pack: pack_params_ok refuses those)? */
static bool ref_param(const struct kernel *k, const struct var *v)
{
	return v->param && !pack_param(k, v) && is_reference_type(clang_getCursorType(v->decl));
}

/*
 * A reference parameter's slot holds the address it binds to (param_slot_type):
 * the stub keeps that address in a local, __idxgen_ref_NAME, for the
 * argument array to point at.  __builtin_addressof: the referent's class may
 * overload operator&.
 */
static void emit_stub_ref_slots(struct kernel *k, struct buf *o)
{
	unsigned i;

	for (i = 0; i < k->nv; i++)
		if (ref_param(k, &k->v[i])) {
			char *slot = param_slot_type(clang_getCursorType(k->v[i].decl));

			bprintf(o, "\t%s__idxgen_ref_%s = __builtin_addressof(%s);\n", slot,
				k->v[i].name, k->v[i].name);
			free(slot);
		}
}

/* emit_src as emit_head_text's writer */
static void emit_src_piece(struct source *s, CXCursor fn, unsigned a, unsigned b, struct buf *o)
{
	(void)fn;
	emit_src(s, a, b, o);
}

/* kept: the kernel's text stays where it was written (fibers), directives and all */
static void emit_stub(struct kernel *k, const struct tmpl *t, bool kept, struct buf *o)
{
	struct source *s = k->src;
	const char *ta = t->is ? t->args.p : "";
	unsigned i, np = 0;

	/* descriptor */
	for (i = 0; i < k->nv; i++)
		np += k->v[i].param && !pack_param(k, &k->v[i]);
	if (np || t->pack) {
		if (t->is)
			bputs(o, t->gen.p);
		bprintf(o, "const size_t %s__arg_sizes[] = { ", k->cname);
		emit_arg_traits(k, t, "sizeof", o);
		bputs(o, " };\n");
		/* the alignments: cudaFuncGetParamInfo's offsets */
		if (t->is)
			bputs(o, t->gen.p);
		bprintf(o, "const size_t %s__arg_aligns[] = { ", k->cname);
		emit_arg_traits(k, t, "alignof", o);
		bputs(o, " };\n");
	}
	if (t->is)
		bputs(o, t->gen.p);
	/* a kernel that spins may wait for another block: the runtime keeps its blocks resident */
	bprintf(o, "const struct idxgen_rt_kernel %s__kernel = { IDXGEN_RT_ABI_VERSION, %s, \"%s\", %s__block%s%s, 0, ",
		k->cname, s->model != EXEC_FISSION && spin_reaches(s, k->fn) ? "IDXGEN_RT_KERNEL_WAITS" : "0",
		k->name, k->cname, k->width_body ? "_pick" : "", ta);
	if (k->priv_expr)
		bprintf(o, "%s, nullptr, ", k->priv_expr);
	else
		bprintf(o, "%zu, nullptr, ", k->priv_bytes);
	if (t->pack)
		bprintf(o, "%u + sizeof...(%s), ", np, t->pack);
	else
		bprintf(o, "%u, ", np);
	if (np || t->pack)
		bprintf(o, "%s__arg_sizes%s };\n", k->cname, ta);
	else
		bputs(o, "nullptr };\n");
	/* registration: a constructor; for a template, each instantiation's static initializer */
	if (t->is) {
		bprintf(o, "%s", t->orig);
		emit_head_text(s, k->fn, t->decl, c_start(k->body), o, emit_src_piece);	/* a copy more */
		bputs(o, ";\n");
		bprintf(o, "%sconst int %s__reg = (__idxgenRegisterFunction((const void *)%s%s, &%s__kernel%s), ",
			t->gen.p, k->cname, k->addr, ta, k->cname, ta);
		if (np || t->pack)
			bprintf(o, "__idxgenRegisterParamAligns((const void *)%s%s, %s__arg_aligns%s), ", k->addr, ta,
				k->cname, ta);
		bputs(o, "0);\n");
		bputs(o, t->gen.p);
	}
	/*
	 * the host stub: the kernel's declaration as written, a body that
	 * launches; where the kernel's text stays (fibers), the head's
	 * conditional groups balanced: its directives are in that text too
	 * (head_text.c)
	 */
	if (kept)
		emit_head_text(s, k->fn, t->decl, c_start(k->body), o,
			       t->is ? emit_decl_without_defaults : emit_src_piece);
	else if (t->is)
		emit_decl_without_defaults(s, k->fn, t->decl, c_start(k->body), o);
	else
		emit_src(s, t->decl, c_start(k->body), o);
	bputs(o, "\n{\n");
	if (np || t->pack) {
		emit_stub_ref_slots(k, o);
		bputs(o, "\tvoid *__args[] = { ");
		np = 0;
		for (i = 0; i < k->nv; i++)
			if (k->v[i].param)
				bprintf(o, "%s(void *)&%s%s%s", np++ ? ", " : "",
					ref_param(k, &k->v[i]) ? "__idxgen_ref_" : "", k->v[i].name,
					pack_param(k, &k->v[i]) ? "..." : "");
		bputs(o, t->pack ? ", nullptr };\n" : " };\n");
		np += !!t->pack;
	}
	if (t->is)
		bprintf(o, "\t(void)%s__reg%s;\n", k->cname, ta);
	bprintf(o, "\t__idxgenLaunchStub((const void *)%s%s, &%s__kernel%s, %s);\n}\n", k->addr, ta, k->cname, ta,
		np ? "__args" : "nullptr");
	if (!t->is) {
		bprintf(o, "__attribute__((constructor)) static void %s__register(void)\n{\n"
			   "\t__idxgenRegisterFunction((const void *)%s, &%s__kernel);\n",
			k->cname, k->addr, k->cname);
		if (np)
			bprintf(o, "\t__idxgenRegisterParamAligns((const void *)%s, %s__arg_aligns);\n", k->addr,
				k->cname);
		bputs(o, "}\n");
	}
}

/*
 * A kernel that launches itself (dyn_parallel.c) calls its stub from its
 * block function or fiber text, both written before the stub: declared
 * first, without default arguments (the stub may add them; a template's
 * come from its first declaration).
 */
static void stub_forward(struct kernel *k, const struct tmpl *t, struct buf *o)
{
	if (t->is)
		bputs(o, t->gen.p);
	emit_decl_without_defaults(k->src, k->fn, t->decl, c_start(k->body), o);
	bputs(o, ";\n");
}

/* What fibers cannot run either: PTX, and dynamic parallelism (a kernel named in device code). */
static enum CXChildVisitResult fiber_check(CXCursor c, CXCursor parent, CXClientData d)
{
	struct source *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr)
		(void)cg_large_tile_collective(s, c);
	/* PTX in a kernel that loop fission gave up on (it said so quietly) reached the C++ compiler */
	if ((k == CXCursor_GCCAsmStmt || k == CXCursor_AsmStmt) && asm_has_code(c))
		error_at(s, c, "inline assembly in device code (PTX) cannot run on the CPU");
	if (k == CXCursor_DeclRefExpr || k == CXCursor_OverloadedDeclRef) {
		CXCursor r = clang_getCursorReferenced(c);

		if (!clang_Cursor_isNull(r) && has_annot(r, "global") && !dyn_parallel_callee(s, c_start(c))) {
			char *n = cx_spelling(r);

			error_at(s, c,
				 "dynamic parallelism (launching or referencing kernel '%s' from device code) is not supported",
				 n);
			free(n);
		}
	}
	return CXChildVisit_Recurse;
}

/*
 * The kernel as fibers: its text as written (its __shared__ variables
 * static thread_local: the threads of a block run on one worker thread, its
 * blocks one after another) in a namespace of its own, an entry that calls
 * it with the block's arguments on each fiber, and a block function that
 * runs the block's threads as fibers.
 */
/* The fiber entry's arguments: each parameter read from the launch's argument array. */
static void emit_fiber_args(struct kernel *k, struct buf *o)
{
	unsigned i, np = 0;

	for (i = 0; i < k->nv; i++) {
		CXType ty = clang_getCursorType(k->v[i].decl);
		char *ts;

		if (!k->v[i].param)
			continue;
		if (pack_param(k, &k->v[i])) {
			ts = cx_string(clang_getTypeSpelling(ty));
			ts[strlen(ts) - 3] = 0;	/* "Pack..." (pack_params_ok) */
			bprintf(o, "%s*(%s *)__b->args[%u + __idxgen_i]...", np ? ", " : "", ts, np);
		} else if (is_reference_type(ty)) {
			ts = param_slot_type(ty); /* the slot holds the referent's address */
			bprintf(o, "%s**(%s *)__b->args[%u]", np ? ", " : "", ts, np);
		} else if (kernel_param_bitwise(k->src, k->v[i].decl)) {
			/* the thread's own bitwise copy (bitwise_param_ref()) */
			ts = cx_string(clang_getTypeSpelling(ty));
			bprintf(o, "%s__idxgen_cc_bitwise_arg<%s>(__b->args[%u]).__get()", np ? ", " : "", ts, np);
		} else {
			ts = is_array_type(ty) ? c_param_declaration(ty, "*") : cx_string(clang_getTypeSpelling(ty));
			bprintf(o, "%s*(%s%s)__b->args[%u]", np ? ", " : "", ts, is_array_type(ty) ? "" : " *", np);
		}
		np++;
		free(ts);
	}
}

/*
 * An explicit specialisation (`template <> __global__ void k<float>(...)`)
 * copied into its fiber namespace needs its template declared there too:
 * the primary's declaration, without default arguments, when it is in the
 * same file (true), else false (diagnosed).
 */
static bool fiber_primary_decl(struct walk *w, struct kernel *k)
{
	CXCursor p = clang_getSpecializedCursorTemplate(k->fn), b;

	if (clang_getCursorKind(k->fn) != CXCursor_FunctionDecl || clang_Cursor_getNumTemplateArguments(k->fn) <= 0 ||
	    clang_Cursor_isNull(p))
		return true;
	b = cx_body_of(p);
	if (!in_main(w->s, p) || clang_Cursor_isNull(b)) {
		error_at(w->s, k->fn,
			 "an explicit specialisation of a kernel template defined in another file cannot run as fibers");
		return false;
	}
	emit_decl_without_defaults(w->s, p, c_start(p), c_start(b), w->o);
	bputs(w->o, ";\n");
	return true;
}

/*
 * Does fn have C language linkage (declared in an `extern "C"` block or
 * with `extern "C"`: the driver-API samples' kernels)?  Its name is then
 * not mangled.  The copy of such a kernel in its fiber namespace must have
 * C++ linkage: two functions with C linkage and one name are one function,
 * whatever their namespaces, so the copy would redefine the stub.
 */
static bool c_linkage(CXCursor fn)
{
	char *mangled = cx_string(clang_Cursor_getMangling(fn)), *name = cx_spelling(fn);
	bool r = *mangled && !strcmp(mangled, name);

	free(mangled);
	free(name);
	return r;
}

/*
 * The block function of a fiber kernel.  Threads that can never suspend
 * (fiber_plain.c) run one after another in its own loop, each a direct
 * call of the entry (the compiler may inline the kernel into the loop):
 * no fiber, no switch.  Otherwise each thread is a fiber.
 */
static void emit_fiber_block(const struct kernel *k, const struct tmpl *t, bool plain, bool lanes, const char *other,
			     struct buf *o)
{
	const char *ta = t->is ? t->args.p : "";

	if (t->is)
		bputs(o, t->gen.p);
	bprintf(o, "static void %s__block(struct idxgen_rt_block *__b)\n{\n", k->cname);
	if (other)	/* lane loops branch on conditions the same across a warp only where its rows are whole warps */
		bprintf(o, "\tif (__b->block_dim[0] %% 32u) {\n\t\t%s__tf__block%s(__b);\n\t\treturn;\n\t}\n", other, ta);
	bputs(o, "\tidxgen_cc_set_block(__b);\n");
	if (k->src->traps) {	/* a failed assert() names the kernel as nvcc does, not its fiber copy */
		char *sig = kernel_signature(k->fn);

		bprintf(o, "\tidxgen_cc_block_scope __idxgen_bs(__b, &::threadIdx, \"%s\");\n", sig);
		free(sig);
	}
	bprintf(o, "%s%s%s",
		k->src->hd_split || k->src->clock ? "\tidxgen_cc_device_scope __idxgen_ds;\n" : "",
		kernel_cluster_dims(k) ? "\t__idxgen_cluster_scope __idxgen_cs;\n" : "",
		k->src->dyn_shared_ns ? "\tidxgen_cc_dyn_shared = __b->dyn_shared;\n" : "");
	if (plain)
		bprintf(o, "\t__idxgen_fiber_plain_begin(__b);\n\tIDXGEN_RT_FOR_THREADS(__b, __t) {\n"
			   "\t\tidxgen_cc_set_thread(IDXGEN_RT_TID_X(__b, __t), IDXGEN_RT_TID_Y(__b, __t), IDXGEN_RT_TID_Z(__b, __t));\n"
			   "\t\t%s__thread%s(__b);\n\t}\n\t__idxgen_fiber_plain_end();\n}\n\n",
			k->cname, ta);
	else
		bprintf(o, "\t__idxgen_fiber_run%s(__b, %s__fiber%s);\n}\n\n", lanes ? "_warps" : "", k->cname, ta);
}

/* --dump=plan: the kernel's model, and how its threads run */
static void emit_fiber_plan(struct source *s, const struct kernel *k, const char *why, bool plain, bool lanes,
			    const struct lane_plan *lp)
{
	if (lanes) {
		bprintf(s->plan, "kernel %s: fibers (%s)\n  fibers, one per warp (lane loops): %u barrier(s)", k->name, why,
			lp->nbarriers);
		if (lp->nops)
			bprintf(s->plan, ", %u warp operation(s) computed for the warp between two loops", lp->nops);
		bputs(s->plan, ", the warp's lanes run as loops between them");
		for (unsigned i = 0; i < lp->npv; i++)
			bprintf(s->plan, "%s%s",
				i ? ", " : lp->nops ? "; kept across a barrier or warp operation in per-warp arrays: "
						    : "; kept across a barrier in per-warp arrays: ",
				lp->pv[i].name);
		for (unsigned i = 0; i < lp->nhp; i++) {
			char *n = cx_spelling(lp->hp[i].fn);

			bprintf(s->plan, "%s%s", i ? ", " : "; warp helpers run as lane loops of their own: ", n);
			free(n);
		}
		bputs(s->plan, "\n");
		if (lp->warp_line)
			bprintf(s->plan,
				"  where blockDim.x %% 32 != 0: a fiber per thread (line %u branches on a condition the same "
				"across each warp only where rows are whole warps)\n",
				lp->warp_line);
		return;
	}
	bprintf(s->plan, "kernel %s: fibers (%s)\n", k->name, why);
	if (plain)
		bputs(s->plan, "  no thread suspends: the threads run one after another in the block's loop, no fiber each\n");
	else
		bprintf(s->plan, "  a fiber per thread, not lane loops: %s\n", lp->why);
}

static void emit_fiber_kernel(struct walk *w, struct kernel *k, const struct tmpl *t, const char *why, bool stub);

/*
 * The lane forms of the warp helpers that lane plan p calls (lane_plan.c
 * helper_stmt), the ones they call first: each helper's body copied again
 * with its own plan's splices under `static inline void
 * NAME__idxgen_lanes_ID(P *__idxgen_lv_p, ..., R *__idxgen_hr, uint32_t
 * __idxgen_gone_in)`.  A helper has no __shared__ declaration, launch or
 * lock-step meeting (lane_plan checks), so its text needs no walk.  False
 * where one's splices were not all written.
 */
static bool lane_helpers_write(struct walk *w, struct lane_plan *p)
{
	struct lane_plan *lanes = w->lanes;
	unsigned pos = w->pos;
	bool ok = true;

	for (unsigned i = 0; i < p->nhp && ok; i++) {
		struct lane_helper *h = &p->hp[i];
		char *sig = lane_helper_signature(h);
		CXCursor b = cx_body_of(h->fn);

		ok = lane_helpers_write(w, h->plan);
		bprintf(w->o, "%s\n", sig);
		free(sig);
		w->lanes = h->plan;
		w->pos = c_start(b);
		copy_text(w, c_end(b));
		bputs(w->o, "\n");
		ok = ok && h->plan->next == h->plan->nsp;
	}
	w->lanes = lanes;
	w->pos = pos;
	return ok;
}

/*
 * Another fiber body of a kernel, f (its cname the body's name), written
 * quietly into *out for the block function of the kernel's first form to
 * hand some blocks to: the fiber body of a kernel whose loop fission counts
 * on the block's shape (narrow_body) and the fiber-per-thread body of lane
 * loops that branch on conditions the same across a warp only where rows
 * are whole warps (thread_body).  thread_fibers: a fiber per thread, never
 * lane loops.  False (*out empty, its diagnostics dropped) where it could
 * not be written.
 */
static bool other_body(struct walk *w, struct kernel *f, const struct tmpl *t, const char *why, bool thread_fibers,
		       struct buf *out)
{
	struct source *s = w->s;
	struct buf *o = w->o, *plan = s->plan;
	int nerrors = s->nerrors;
	unsigned nedits = s->nedits;
	bool tf = s->thread_fibers, quiet = s->quiet, ok;

	w->o = out;
	s->plan = NULL;
	s->quiet = true;
	s->thread_fibers = tf || thread_fibers;
	emit_fiber_kernel(w, f, t, why, false);
	w->o = o;
	s->plan = plan;
	s->quiet = quiet;
	s->thread_fibers = tf;
	ok = s->nerrors == nerrors && s->nedits == nedits;
	if (!ok) {
		s->nerrors = nerrors;
		out->n = 0;
	}
	if (!quiet) {
		free(s->quiet_msg);
		s->quiet_msg = NULL;
	}
	return ok;
}

/*
 * Lane loops that branch on a condition the same across each warp only
 * where blockDim.x % 32 == 0 (lane_plan()'s warp_line) need the kernel's
 * fiber-per-thread body beside them for blocks of other shapes: written
 * here as NAME__tf (other_body), which the lane form's block function hands
 * such blocks to (emit_fiber_block).  False where it could not be written.
 */
static bool thread_body(struct walk *w, struct kernel *k, const struct tmpl *t, unsigned line)
{
	struct buf out = { 0 };
	char *cname = k->cname, why[96];
	bool ok;

	if (asprintf(&k->cname, "%s__tf", cname) < 0) {
		k->cname = cname;
		return false;
	}
	snprintf(why, sizeof(why), "blocks whose rows are not whole warps: line %u", line);
	ok = other_body(w, k, t, why, true, &out);
	free(k->cname);
	k->cname = cname;
	if (ok)
		bput(w->o, out.p, out.n);
	buf_free(&out);
	return ok;
}

/*
 * A kernel defined outside its namespace (`__global__ void Aig::build(...)`
 * after a declaration in namespace Aig, HeCBench logic-rewrite's form): a
 * qualified name can only be defined in a namespace that encloses its own,
 * so the fiber copy goes into `namespace Aig { namespace { namespace
 * __idxgen_fiber_build {` with the qualifier left out of its name; its body
 * looks names up in Aig as the definition does.  *open gets the namespaces
 * to open from the definition's scope, *path their path ("Aig::"), *depth
 * their number; the result is where the qualifier starts (0: no qualifier).
 */
static void fiber_scope_path(CXCursor ns, CXCursor lexical, struct buf *open, struct buf *path, unsigned *depth)
{
	if (clang_getCursorKind(ns) != CXCursor_Namespace || clang_equalCursors(ns, lexical))
		return;
	fiber_scope_path(clang_getCursorSemanticParent(ns), lexical, open, path, depth);
	char *n = cx_spelling(ns);

	bprintf(open, "namespace %s { ", n);
	bprintf(path, "%s::", n);
	(*depth)++;
	free(n);
}

static bool qualifier_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* Does a namespace's name in fn's qualifier start at offset off (a NamespaceRef child there)? */
static enum CXChildVisitResult namespace_ref_at(CXCursor c, CXCursor parent, CXClientData d)
{
	unsigned *off = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_NamespaceRef && off_of(clang_getCursorLocation(c)) == *off) {
		*off = ~0u;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static unsigned fiber_scope(const struct source *s, CXCursor fn, struct buf *open, struct buf *path, unsigned *depth)
{
	CXCursor sem = clang_getCursorSemanticParent(fn), lex = clang_getCursorLexicalParent(fn);
	const char *t = s->text;
	unsigned name = off_of(clang_getCursorLocation(fn)), i = name, q = name, j, e, at;

	*depth = 0;
	if (clang_equalCursors(sem, lex) || clang_getCursorKind(sem) != CXCursor_Namespace || in_macro(fn) ||
	    name >= s->len)
		return 0;
	fiber_scope_path(sem, lex, open, path, depth);
	/* back from the name over `::` and the namespaces' names (`void ::Aig::Inner::build`) */
	for (;;) {
		for (j = i; j > 0 && qualifier_blank(t[j - 1]); j--)
			;
		if (j < 2 || t[j - 1] != ':' || t[j - 2] != ':')
			break;
		q = j -= 2;
		for (; j > 0 && qualifier_blank(t[j - 1]); j--)
			;
		for (e = j; j > 0 && text_ident_char(t[j - 1]); j--)
			;
		at = j;
		if (j < e)
			clang_visitChildren(fn, namespace_ref_at, &at);
		if (at != ~0u)
			break;	/* a leading `::`, after the return type */
		q = i = j;
	}
	return q < name ? q : 0;
}

/*
 * The kernel as fibers; stub false: its fiber body only, which another
 * body's block function hands blocks to (other_body()).
 */
static void emit_fiber_kernel(struct walk *w, struct kernel *k, const struct tmpl *t, const char *why, bool stub)
{
	struct source *s = w->s;
	struct buf *o = w->o;
	const char *ta = t->is ? t->args.p : "";
	const char *entry, *enter;
	unsigned i;
	bool plain, lanes = false, two;
	struct lane_plan lp = { 0 };

	clang_visitChildren(k->fn, fiber_check, s);
	check_lockstep(s, k->fn);	/* a meeting that cannot be written in (a macro's assignment, a loop's condition) */
	for (i = 0; i < k->nv; i++)
		if (k->v[i].param && !*k->v[i].name)
			error_at(s, k->v[i].decl, "an unnamed kernel parameter of a function-pointer or array type is not supported (give it a name)");
	pack_params_ok(k, t);
	if (s->nerrors)
		return;
	plain = fiber_never_suspends(s, k->fn);
	entry = plain ? "thread" : "fiber";
	enter = plain ? "" : "\t__idxgen_cc_fiber_enter();\n";
	if (!plain && !s->thread_fibers && !t->pack)
		lanes = lane_plan(s, k->fn, cx_body_of(k->fn), &lp);
	else
		snprintf(lp.why, sizeof(lp.why), "%s", t->pack ? "a parameter pack" : "--exec-model=thread-fibers");
	if (lanes && lp.warp_line && !thread_body(w, k, t, lp.warp_line)) {
		lane_plan_free(&lp);
		lanes = false;
		snprintf(lp.why, sizeof(lp.why),
			 "line %u: its fiber-per-thread body for blocks whose rows are not whole warps could not be written",
			 lp.warp_line);
	}
	two = lanes && lp.warp_line;
	if (s->plan)
		emit_fiber_plan(s, k, why, plain, lanes, &lp);
	bool c = c_linkage(k->fn);
	struct buf scope = { 0 }, path = { 0 };
	unsigned depth, qual = fiber_scope(s, k->fn, &scope, &path, &depth);

	bprintf(o, "/* __global__ %s: fibers, %s (%s) */\n%s%snamespace { namespace __idxgen_fiber_%s {\n",
		k->name, lanes ? "one per warp (lane loops)" : "every thread a coroutine", why, c ? "extern \"C++\" { " : "",
		scope.n ? scope.p : "", k->cname);
	if (lanes && !lane_helpers_write(w, &lp))
		error_at(s, k->fn, "idxgen-cc bug: the lane forms of the warp helpers of kernel '%s' were not all written",
			 k->name);
	if (!fiber_primary_decl(w, k)) {
		lane_plan_free(&lp);
		buf_free(&scope);
		buf_free(&path);
		return;
	}
	w->pos = c_start(k->fn);
	if (qual) {
		copy_to(w, qual);	/* `__global__ void `, then the name without `Aig::` */
		w->pos = off_of(clang_getCursorLocation(k->fn));
	}
	w->device = true;
	w->lanes = lanes ? &lp : NULL;
	w->fiber_fn = k->fn;
	lockstep_begin(w, k->fn);
	clang_visitChildren(k->fn, walk_visit, w);
	lockstep_end(w);
	w->fiber_fn = clang_getNullCursor();
	w->device = false;
	copy_to(w, c_end(k->fn));
	w->pos = c_end(k->fn);
	w->lanes = NULL;
	if (lanes && lp.next != lp.nsp)
		error_at(s, k->fn, "idxgen-cc bug: lane loops of kernel '%s' were not all written", k->name);
	lane_plan_free(&lp);
	bputs(o, c ? "\n} } }" : "\n} }");
	for (i = 0; i < depth; i++)
		bputs(o, " }");
	bputs(o, "\n");
	if (t->pack) {
		/* the pack's elements are arguments np.. (emit_fiber_args): a helper deduces their indices */
		bprintf(o, "%.*s, size_t... __idxgen_i>\nstatic void %s__fiber_call(struct idxgen_rt_block *__b, idxgen_cc_seq<__idxgen_i...>)\n{\n"
			   "\t%s__idxgen_fiber_%s::%s%s(",
			(int)(strrchr(t->gen.p, '>') - t->gen.p), t->gen.p, k->cname, path.n ? path.p : "", k->cname, k->name,
			ta);
		emit_fiber_args(k, o);
		bprintf(o, ");\n}\n%sstatic void %s__%s(struct idxgen_rt_block *__b)\n{\n%s"
			   "\t%s__fiber_call%s(__b, typename idxgen_cc_make_seq<sizeof...(%s)>::type());\n}\n",
			t->gen.p, k->cname, entry, enter, k->cname, ta, t->pack);
	} else {
		if (t->is)
			bputs(o, t->gen.p);
		bprintf(o, "static void %s__%s(struct idxgen_rt_block *__b)\n{\n%s\t%s__idxgen_fiber_%s::%s%s(", k->cname, entry,
			enter, path.n ? path.p : "", k->cname, k->name, ta);
		emit_fiber_args(k, o);
		bputs(o, ");\n}\n");
	}
	buf_free(&scope);
	buf_free(&path);
	emit_fiber_block(k, t, plain, lanes, two ? k->cname : NULL, o);
	if (stub)
		emit_stub(k, t, true, o);
}

/* Undo what a failed try of loop fission left: its diagnostics and edits. */
struct fission_try {
	int nerrors;
	unsigned edit_seq;
};

static void fission_undo(struct source *s, const struct fission_try *ft)
{
	source_edits_undo(s, ft->edit_seq);
	s->nerrors = ft->nerrors;
}

/*
 * Loop fission; false (diagnostics quiet in auto mode) when it cannot run the
 * kernel.  The emitters diagnose too (a "break" out of a loop whose barrier
 * the analysis found uniform: tests/cuda/progs/fiber_layernorm.cu), so the
 * kernel is emitted into a buffer of its own, kept only when they did not.
 */
static bool try_fission(struct source *s, struct kernel *k, const struct tmpl *t, const struct buf *narrow,
			struct buf *o)
{
	struct fission_try ft = { s->nerrors, s->edit_seq };
	struct buf body = { 0 }, undefs = { 0 };
	bool ok, retry;
	unsigned i;

	retry = s->model == EXEC_AUTO;
	s->quiet = retry;
	if (t->pack) {
		/* its thread loops read each parameter by a type written out */
		error_at(s, k->fn, "a kernel with a parameter pack ('typename... %s') is not supported by loop fission",
			 t->pack);
		ok = false;
	} else {
		ok = analyse_kernel(k) && dependent_layout(k);
	}
	for (i = 0; ok && i < k->nv; i++)
		if (k->v[i].param && !*k->v[i].name)
			error_at(s, k->v[i].decl, "an unnamed kernel parameter of a function-pointer or array type is not supported (give it a name)");
	if (s->nerrors == ft.nerrors && kernel_macros(s, k->fn, &body, &undefs)) {
		emit_block_functions(k, t->is ? t->gen.p : NULL, t->is ? t->args.p : "", &body);
		emit_stub(k, t, false, &body);
		bput(&body, undefs.p ? undefs.p : "", undefs.n);
	}
	buf_free(&undefs);
	s->quiet = false;
	if (s->nerrors > ft.nerrors) {
		buf_free(&body);
		if (retry) {
			fission_undo(s, &ft);
			return false;
		}
		return true;	/* diagnosed */
	}
	if (s->plan && k->narrow_call) {
		bprintf(s->plan, "kernel %s: fission, fibers when " NARROW_ROWS " (line %u counts on threadIdx.x telling the lanes of a warp apart)\n",
			k->name, "blockDim.x", "blockDim.y * blockDim.z", k->narrow_line);
		dump_plan(k, s->plan);
	} else if (s->plan) {
		bprintf(s->plan, "kernel %s: fission\n", k->name);
		dump_plan(k, s->plan);
	}
	if (body.n && narrow && narrow->n)
		bput(o, narrow->p, narrow->n);	/* the fiber body its block function calls */
	if (body.n)
		bput(o, body.p, body.n);
	buf_free(&body);
	return true;
}

struct overload_scan {
	CXCursor fn, canon;
	char *name;
	bool other;
};

static enum CXChildVisitResult other_overload(CXCursor c, CXCursor parent, CXClientData d)
{
	struct overload_scan *o = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate)
		return CXChildVisit_Continue;
	n = cx_spelling(c);
	o->other |= !strcmp(n, o->name) && !clang_equalCursors(clang_getCanonicalCursor(c), o->canon);
	free(n);
	return o->other ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Kernels overloaded by their parameters (`k(__half *)` and `k(__nv_bfloat16
 * *)`): the host stubs keep the name and parameters, so C++ picks the
 * overload at the launch as nvcc does; what the translator names (block
 * function, descriptor, fiber namespace) takes __oN for overload N > 0, and
 * the stub's address is taken through its function type.  So is the address
 * of a kernel that shares its name with any other function, host or device
 * (logic-rewrite's `__global__ void print(...)` beside `ostream &print()`),
 * in any namespace (`using namespace std;` puts std::fill beside a kernel
 * `fill`): a bare `&name` would be an overload set, which does not convert
 * to `const void *`.
 */
/*
 * A kernel defined outside its namespace (`__global__ void Aig::build(...)`,
 * logic-rewrite's strash.cu): the registration after it is at the
 * definition's scope, where only "::Aig::build" names it.  Empty where the
 * kernel is defined in its own scope.
 */
static void namespace_path(CXCursor ns, struct buf *q)
{
	if (clang_getCursorKind(ns) != CXCursor_Namespace)
		return;
	namespace_path(clang_getCursorSemanticParent(ns), q);
	char *n = cx_spelling(ns);

	bprintf(q, "%s::", n);
	free(n);
}

static void kernel_scope(CXCursor fn, struct buf *q)
{
	CXCursor p = clang_getCursorSemanticParent(fn);

	if (clang_equalCursors(p, clang_getCursorLexicalParent(fn)) || clang_getCursorKind(p) != CXCursor_Namespace)
		return;
	bputs(q, "::");
	namespace_path(p, q);
}

static void kernel_overload(struct kernel *k, unsigned nth)
{
	struct overload_scan o = { k->fn, clang_getCanonicalCursor(k->fn), k->name, nth > 0 };
	CXType ft = clang_getCursorType(k->fn);
	struct buf b = { 0 }, q = { 0 };
	int i, n = clang_getNumArgTypes(ft);

	kernel_scope(k->fn, &q);
	if (q.n) {
		free(k->addr);
		k->addr = NULL;
		if (asprintf(&k->addr, "&%s%s", q.p, k->name) < 0)
			k->addr = NULL;
	}
	if (!o.other)
		clang_visitChildren(clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(k->fn)),
				    other_overload, &o);
	if (!o.other) {
		buf_free(&q);
		return;
	}
	if (nth) {
		free(k->cname);
		k->cname = NULL;
		if (asprintf(&k->cname, "%s__o%u", k->name, nth) < 0)
			k->cname = NULL;
	}
	bputs(&b, "(void (*)(");
	for (i = 0; i < n; i++) {
		char *ts = cx_string(clang_getTypeSpelling(clang_getArgType(ft, (unsigned)i)));

		bprintf(&b, "%s%s", i ? ", " : "", ts);
		free(ts);
	}
	bprintf(&b, "))&%s%s", q.n ? q.p : "", k->name);
	buf_free(&q);
	free(k->addr);
	k->addr = b.p;
}

/*
 * A kernel whose lock-step proof counts on threadIdx.x telling the lanes of
 * a warp apart (lockstep_shape_line(): `if (t < k) s[t] += s[t + k];`, t =
 * threadIdx.x, no barrier between the levels) is faithful under loop
 * fission only where the block has one row or rows of at least a warp: in
 * a narrower 2-D block lanes (x, y) and (x, y + 1) of one warp share t.  So
 * it gets two bodies: its fiber body, which never counts on it (read, meet,
 * write there), named NAME__ls and written quietly into *out here, and the
 * block function of its loop fission, which hands such blocks to it
 * (kernel.c emit_prologue).  False where the fiber body cannot be written
 * (its diagnostics dropped): the block function then traps on such blocks,
 * naming the line, as the C path's does.
 */
static bool narrow_body(struct walk *w, struct kernel *k, unsigned nth, const struct tmpl *t, unsigned line,
			struct buf *out)
{
	struct kernel f;
	char why[96];
	bool ok;

	kernel_init(&f, w->s, k->fn);
	kernel_overload(&f, nth);
	free(f.cname);
	if (asprintf(&f.cname, "%s__ls", k->cname) < 0)
		f.cname = NULL;
	ok = f.cname != NULL;
	if (ok) {
		kernel_params(&f);
		snprintf(why, sizeof(why), "blocks whose rows are shorter than a warp: line %u", line);
		ok = other_body(w, &f, t, why, false, out);
	}
	if (ok && asprintf(&k->narrow_call, "%s__block%s", f.cname, t->is ? t->args.p : "") < 0)
		k->narrow_call = NULL;
	ok = ok && k->narrow_call;
	k->narrow_line = ok ? line : 0;
	if (!ok)
		out->n = 0;
	kernel_free(&f);
	return ok;
}

/*
 * Does the text of kernel fn hold what warp.c wrote for loop fission only:
 * its split points (__idxgen_warp_sync), lanes' arrays and checks
 * (__idxgen_warp_*), warp operations and the warp-synchronous tail's leader
 * (idxgen_cc_*)?  A barrier helper's inlined body (__idxgen_rK, __idxgen_aK_I:
 * plain C++) runs as fibers as it is.
 */
static bool fission_only_text(const struct source *s, CXCursor fn)
{
	const char *a = s->text + c_start(fn);
	size_t n = c_end(fn) - c_start(fn);

	return memmem(a, n, "__idxgen_w", 10) || memmem(a, n, "__idxgen_alive", 14) || memmem(a, n, "idxgen_cc_", 10);
}

/*
 * The reason a kernel of s->keep_calls runs as fibers ("calls 'f', which
 * suspends": the call kept), with the one it had when f was inlined.
 */
static const char *with_kept_why(const struct source *s, CXCursor fn, const char *reason, char *buf,
				 size_t len)
{
	char *kn;
	const char *was;

	if (!reason || !s->keep_calls)
		return reason;
	kn = cx_spelling(fn);
	was = fiber_names_why(s->keep_calls, kn);
	free(kn);
	if (!was || strncmp(reason, "calls '", 7))
		return reason;	/* not the call kept (warp.c's own lowering fell back too) */
	snprintf(buf, len, "%s; with it inlined: %s", reason, was);
	return buf;
}

static void translate_whole_kernel(struct walk *w, CXCursor fn, unsigned nth)
{
	struct source *s = w->s;
	struct kernel k;
	struct tmpl t;
	char why[480], kept_why[1024];
	const char *reason = NULL;
	struct buf narrow = { 0 };
	unsigned line;

	name_unnamed_params(s, fn);
	kernel_init(&k, s, fn);
	if (!template_header(s, fn, &t)) {
		tmpl_free(&t);	/* what the header scan had written before the refusal */
		kernel_free(&k);
		return;
	}
	kernel_overload(&k, nth);
	if (dyn_parallel_self(s, fn))
		stub_forward(&k, &t, w->o);
	if (s->model == EXEC_FISSION && fission_unlowered_warps(s, fn)) {
		tmpl_free(&t);
		kernel_free(&k);
		return;
	}
	if (s->model == EXEC_FIBERS)
		reason = "--exec-model=fibers";
	else if (s->model == EXEC_AUTO)
		reason = fiber_reason(s, fn, why, sizeof(why));
	free(s->quiet_msg);
	s->quiet_msg = NULL;
	/*
	 * Where warp.c lowered the kernel's warp operations for loop fission
	 * there is no text for a fiber body: loop fission alone, whose block
	 * function traps on narrow blocks (kernel.c), as on the C path.  Fibers
	 * for every shape would need the file again without lowering, and with
	 * it every other kernel of the file (golden warp_helper_nested.cu).
	 */
	if (!reason && s->model == EXEC_AUTO && (line = lockstep_shape_line(s, fn)) &&
	    !(s->wmap && fission_only_text(s, fn)))
		(void)narrow_body(w, &k, nth, &t, line, &narrow);
	if (!reason && !try_fission(s, &k, &t, &narrow, w->o)) {
		snprintf(why, sizeof(why), "loop fission cannot run it: %s", s->quiet_msg ? s->quiet_msg : "?");
		reason = why;
		kernel_free(&k);
		kernel_init(&k, s, fn);
		kernel_overload(&k, nth);
	}
	/*
	 * warp.c lowered this kernel for loop fission: the fibers need its
	 * text as written.  Its name joins s->keep_calls first (a barrier
	 * helper inlined into it stays a call next time, the file's other
	 * kernels keep warp.c); only when that does not help does the whole
	 * file go without warp.c (cc_translate_program).
	 */
	if (reason && s->wmap && memmem(s->text + c_start(fn), c_end(fn) - c_start(fn), "__idxgen_", 9)) {
		char *kn = cx_spelling(fn);

		s->restart = true;
		if (s->keep_calls)
			fiber_names_add(s->keep_calls, kn, reason);
		free(kn);
	}
	reason = with_kept_why(s, fn, reason, kept_why, sizeof(kept_why));
	if (reason) {
		kernel_params(&k);
		emit_fiber_kernel(w, &k, &t, reason, true);
	}
	buf_free(&narrow);
	tmpl_free(&t);
	kernel_free(&k);
}

/* ---- the file ------------------------------------------------------------- */

/* Does a function other than a kernel read threadIdx & co.? (s->tls) */
static enum CXChildVisitResult uses_index(CXCursor c, CXCursor parent, CXClientData d)
{
	bool *r = d;
	char *n;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr && (n = builtin_ref(c))) {
		if (is_builtin_index(n))
			*r = true;
		free(n);
	}
	return *r ? CXChildVisit_Break : CXChildVisit_Recurse;
}

struct regs {
	struct buf text;
	unsigned n;
};

static void top_level(struct walk *w, CXCursor c, struct regs *rg);

static void top_container(struct walk *w, CXCursor c, struct regs *rg)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned i;

	for (i = 0; i < ks.n; i++)
		top_level(w, ks.c[i], rg);
	cx_kids_free(&ks);
}

/*
 * `extern __shared__ unsigned char buf[];` at namespace scope (cuda-samples'
 * FunctionPointers, HeCBench's hungarian): the running block's dynamic
 * shared memory, in every kernel and __device__ function that names it.
 * The block functions of such a program (s->dyn_shared_ns) store
 * __b->dyn_shared in the prelude's thread-local idxgen_cc_dyn_shared (a
 * block runs on one OS thread, its fibers too), and the name becomes a
 * thread-local reference to it, of the element's pointer type:
 *
 *   static thread_local float *const &buf = (float *const &)idxgen_cc_dyn_shared;
 *
 * so `buf[i]`, `(float4 *)buf`, `&buf[k]` and a local of the same name
 * shadowing it read as in CUDA.
 */
static void file_dyn_shared(struct walk *w, CXCursor c)
{
	unsigned a = c_start(c);
	CXType t = clang_getCursorType(c), e = clang_getArrayElementType(t);
	char *ts, *n;

	if (t.kind != CXType_IncompleteArray || in_macro(c) || a < w->pos) {
		error_at(w->s, c,
			 "extern __shared__ at namespace scope must be an array of unknown size declared alone, "
			 "not through a macro");
		return;
	}
	ts = cx_string(clang_getTypeSpelling(e));
	n = cx_spelling(c);
	copy_to(w, a);
	if (clang_getArrayElementType(e).kind != CXType_Invalid)	/* `extern __shared__ half sm[][80];` */
		bprintf(w->o, "static thread_local __typeof__(%s) *const &%s = (__typeof__(%s) *const &)idxgen_cc_dyn_shared",
			ts, n, ts);
	else
		bprintf(w->o, "static thread_local %s *const &%s = (%s *const &)idxgen_cc_dyn_shared", ts, n, ts);
	w->pos = c_end(c);
	free(ts);
	free(n);
}

/*
 * `__shared__ float tile[64];` at namespace scope: one per block, as in a
 * kernel -- static thread_local, as __shared__ in a __device__ function
 * (the blocks of a worker thread run one after another, a block's threads
 * on its worker, under both models).  An extern one: file_dyn_shared().
 */
static void file_shared(struct walk *w, CXCursor c)
{
	unsigned a = c_start(c), kw;

	if (clang_Cursor_getStorageClass(c) == CX_SC_Extern) {
		file_dyn_shared(w, c);
		return;
	}
	kw = in_macro(c) ? ~0u : shared_keyword(w->s, a, off_of(clang_getCursorLocation(c)));
	if (kw == ~0u) {
		/* one copy for every block would be wrong: say so */
		error_at(w->s, c, "a __shared__ variable at namespace scope must have __shared__ written in its declaration");
	} else if (kw >= w->pos) {
		copy_to(w, kw);
		bputs(w->o, clang_Cursor_getStorageClass(c) == CX_SC_Static ? "thread_local" : "static thread_local");
		w->pos = kw + 10;
	}
	/* else a later declarator of `__shared__ float a[4], b[4];`: rewritten with the first */
}

/* The offset of the keyword kw (n characters) as a word of the text [a, b), or ~0u. */
static unsigned keyword_in(const struct source *s, unsigned a, unsigned b, const char *kw, size_t n)
{
	for (unsigned i = a; i + n <= b && b <= s->len; i++)
		if (!strncmp(s->text + i, kw, n) && (i == a || !text_ident_char(s->text[i - 1])) &&
		    !text_ident_char(s->text[i + n]))
			return i;
	return ~0u;
}

/*
 * Without -rdc=true nvcc compiles each .cu file on its own: a
 * namespace-scope __device__, __constant__ or __managed__ variable is that
 * file's (its host shadow has internal linkage; an extern declaration is
 * taken for a static definition, with a warning), so two .cu files that
 * include a header defining one link, each with its copy (Altis kmeans's
 * kmeansraw.h).  The same here: `static` before the variable's first
 * declaration where that is its definition, `extern` made `static` where the
 * file has no definition.  Kept as written: a definition after an extern
 * declaration of the same file (C++ cannot make that one internal; one .cu
 * file defining it links), an extern array of unknown size, variables of
 * extern "C" and variable templates, and what a macro writes.  True where an extern declaration became the definition.
 */
static bool per_file_linkage(struct walk *w, CXCursor c)
{
	enum CXCursorKind pk = clang_getCursorKind(clang_getCursorSemanticParent(c));
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(c);
	unsigned a = c_start(c), name = off_of(clang_getCursorLocation(c)), kw;

	if (w->s->rdc || sc == CX_SC_Static || in_macro(c) || a < w->pos || a + 1 == w->static_at ||
	    name > w->s->len || (pk != CXCursor_TranslationUnit && pk != CXCursor_Namespace) ||
	    clang_getCursorKind(clang_getCursorLexicalParent(c)) == CXCursor_LinkageSpec ||
	    keyword_in(w->s, a, name, "template", 8) != ~0u)
		return false;	/* extern "C" asks for the name's linkage; a variable template: kept */
	if (sc == CX_SC_Extern) {
		if (clang_isCursorDefinition(c) || !clang_Cursor_isNull(clang_getCursorDefinition(c)) ||
		    clang_getCursorType(c).kind == CXType_IncompleteArray ||
		    (kw = keyword_in(w->s, a, name, "extern", 6)) == ~0u)
			return false;
		copy_to(w, kw);
		bputs(w->o, "static");
		w->pos = kw + 6;
		return true;
	}
	if (clang_equalCursors(clang_getCanonicalCursor(c), c)) {
		copy_to(w, a);
		w->pos = a;
		bputs(w->o, "static ");
		w->static_at = a + 1;
	}
	return false;
}

static void register_var(struct walk *w, CXCursor c, struct regs *rg)
{
	CXCursor p;
	struct buf q = { 0 };
	char *n = cx_spelling(c);

	if (has_annot(c, "shared")) {
		file_shared(w, c);
		free(n);
		return;
	}
	if (!per_file_linkage(w, c) && clang_Cursor_getStorageClass(c) == CX_SC_Extern &&
	    !clang_isCursorDefinition(c)) {
		free(n);
		return;
	}
	for (p = clang_getCursorSemanticParent(c); clang_getCursorKind(p) == CXCursor_Namespace;
	     p = clang_getCursorSemanticParent(p)) {
		char *pn = cx_spelling(p), *old = q.p ? cx_strdup(q.p) : cx_strdup("");

		q.n = 0;
		if (*pn)
			bprintf(&q, "%s::%s", pn, old);
		else
			bputs(&q, old);
		free(pn);
		free(old);
	}
	/* __managed__ registered as such: cuLibraryGetManaged finds only these, as in CUDA */
	bprintf(&rg->text, "\t__idxgenRegister%sVar((const void *)&%s%s, sizeof(%s%s), \"%s\");\n",
		has_annot(c, "managed") ? "Managed" : "", q.p ? q.p : "", n, q.p ? q.p : "", n, n);
	rg->n++;
	buf_free(&q);
	free(n);
}

/*
 * `extern "C" __global__ void k(...) { ... }` (one declaration, no braces:
 * the kernels of the driver-API and NVRTC samples): the kernel becomes
 * several declarations (block function, stub), so the linkage
 * specification gets the braces of its block form around them.
 */
static bool bare_linkage(const struct source *s, CXCursor c)
{
	CXCursor p = clang_getCursorLexicalParent(c);
	enum CXCursorKind pk = clang_getCursorKind(p);
	unsigned a = c_start(p), b = c_start(c);

	/* libclang 16 calls a linkage specification an UnexposedDecl */
	if ((pk != CXCursor_LinkageSpec && pk != CXCursor_UnexposedDecl) || a >= b ||
	    b - a < 6 || strncmp(s->text + a, "extern", 6))
		return false;
	return !memchr(s->text + a, '{', b - a);
}

struct namesakes {
	CXCursor kernel, parent;
	char *name;
	unsigned before;
};

static enum CXChildVisitResult count_namesake(CXCursor c, CXCursor parent, CXClientData d)
{
	struct namesakes *ns = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate)
		return CXChildVisit_Continue;
	if (clang_equalCursors(c, ns->kernel))
		return CXChildVisit_Break;
	n = cx_spelling(c);
	ns->before += !strcmp(n, ns->name) && has_annot(c, "global") && clang_isCursorDefinition(c) &&
		      clang_equalCursors(clang_getCursorSemanticParent(c), ns->parent);
	free(n);
	return CXChildVisit_Continue;
}

/*
 * How many kernels of c's name and scope the translation unit defines
 * before it, in every file: overload N > 0 takes __oN (kernel_overload).
 * Counted over the unit, not the file, because a header's kernels are
 * translated with the header (translate_headers) and two headers may
 * overload one name: HeCBench segsort's gen_copy(K *, T *, ...) and
 * gen_copy(K *, ...), whose descriptors were both gen_copy__kernel.
 */
static unsigned earlier_namesakes(CXCursor c)
{
	struct namesakes ns = { c, clang_getCursorSemanticParent(c), cx_spelling(c), 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(clang_Cursor_getTranslationUnit(c)), count_namesake, &ns);
	free(ns.name);
	return ns.before;
}

static void top_level(struct walk *w, CXCursor c, struct regs *rg)
{
	struct source *s = w->s;
	enum CXCursorKind ck = clang_getCursorKind(c);
	bool fn = ck == CXCursor_FunctionDecl || ck == CXCursor_FunctionTemplate;

	if (in_parse_header(c) || clang_isPreprocessing(ck))
		return;
	if (ck == CXCursor_Namespace || ck == CXCursor_LinkageSpec || ck == CXCursor_UnexposedDecl) {
		top_container(w, c, rg);
		return;
	}
	if (fn && has_annot(c, "global") && clang_isCursorDefinition(c)) {
		unsigned nth = 0;

		/* a kernel of another file: translated with that file (translate_headers) */
		if (!in_main(s, c) || c_start(c) < w->pos || kernel_macro_defined(s, c))
			return;
		/*
		 * overloads (by parameters, templates among them, and explicit
		 * specialisations `template <> __global__ void k<float>(...)`):
		 * each stub keeps the name, C++ picks at the launch, and its
		 * address is taken through its function type (kernel_overload)
		 */
		nth = earlier_namesakes(c);
		bool bare = bare_linkage(s, c);

		cx_kids_add(&w->kernels, c);
		copy_to(w, c_start(c));
		if (bare)
			bprintf(w->o, "{\n");
		w->pos = c_start(c);
		translate_whole_kernel(w, c, nth);
		if (bare)
			bprintf(w->o, "\n}");
		w->pos = c_end(c);
		return;
	}
	if (!in_main(s, c))
		return;
	if (fn && has_annot(c, "device") && clang_isCursorDefinition(c)) {
		char *n = cx_spelling(c);

		check_whole(s, c, false, n);
		free(n);
	}
	if (ck == CXCursor_VarDecl && (has_annot(c, "device") || has_annot(c, "constant") ||
				       has_annot(c, "managed") || has_annot(c, "shared")))
		register_var(w, c, rg);
	w->device = fn && has_annot(c, "device");
	if (w->device)
		lockstep_begin(w, c);
	clang_visitChildren(c, walk_visit, w);
	lockstep_end(w);
	w->device = false;
}

/*
 * Is c a call of __trap() or of what assert() calls when it fails, or of a
 * function of idxgen_cc_program.h that traps (__brkpt, another cluster
 * rank's shared memory)?  (s->traps)
 */
static enum CXChildVisitResult calls_trap(CXCursor c, CXCursor parent, CXClientData d)
{
	bool *r = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXString n = clang_getCursorSpelling(c);
		const char *p = clang_getCString(n);

		*r = p && (!strcmp(p, "__trap") || !strcmp(p, "__assert_fail") || !strcmp(p, "__brkpt") ||
			   !strcmp(p, "__cluster_map_shared_rank"));
		clang_disposeString(n);
	}
	return *r ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Is c a call of clock()?  (s->clock) */
static enum CXChildVisitResult calls_clock(CXCursor c, CXCursor parent, CXClientData d)
{
	bool *r = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr) {
		CXString n = clang_getCursorSpelling(c);
		const char *p = clang_getCString(n);

		*r = p && !strcmp(p, "clock");
		clang_disposeString(n);
	}
	return *r ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * s->traps: does a function of the program's own files, a kernel included,
 * call __trap() or assert()?  Then every block function of the file says
 * which block runs and keeps threadIdx current, so that they fail the
 * launch with CUDA's error and message (idxgen_cc_program.h).  s->clock:
 * does one call clock()?  Then every block function of the file holds the
 * device view (idxgen_cc_device_scope), so that clock() counts the device's
 * cycles in its kernels and the CPU time in host code (idxgen_cc_program.h).
 */
static void find_traps(struct source *s, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned i;

	for (i = 0; i < ks.n && !(s->traps && s->clock); i++) {
		CXCursor k = ks.c[i];
		enum CXCursorKind ck = clang_getCursorKind(k);

		if (in_parse_header(k) || clang_Location_isInSystemHeader(clang_getCursorLocation(k)))
			continue;
		if (ck == CXCursor_Namespace || ck == CXCursor_LinkageSpec || ck == CXCursor_UnexposedDecl)
			find_traps(s, k);
		else if (ck == CXCursor_FunctionDecl || ck == CXCursor_FunctionTemplate ||
			 ck == CXCursor_ClassDecl || ck == CXCursor_StructDecl ||
			 ck == CXCursor_ClassTemplate || ck == CXCursor_CXXMethod) {
			if (!s->traps)
				clang_visitChildren(k, calls_trap, &s->traps);
			if (!s->clock)
				clang_visitChildren(k, calls_clock, &s->clock);
		}
	}
	cx_kids_free(&ks);
}

/* s->tls: does any function of the program's own files, not a kernel, read threadIdx & co.? */
static void find_tls(struct source *s, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned i;

	for (i = 0; i < ks.n && !s->tls; i++) {
		CXCursor k = ks.c[i];
		enum CXCursorKind ck = clang_getCursorKind(k);

		if (in_parse_header(k) || clang_Location_isInSystemHeader(clang_getCursorLocation(k)))
			continue;
		if (ck == CXCursor_Namespace || ck == CXCursor_LinkageSpec || ck == CXCursor_UnexposedDecl)
			find_tls(s, k);
		else if (ck != CXCursor_FunctionDecl && ck != CXCursor_FunctionTemplate && ck != CXCursor_ClassDecl &&
			 ck != CXCursor_StructDecl && ck != CXCursor_ClassTemplate)
			continue;
		else if (!has_annot(k, "global"))
			clang_visitChildren(k, uses_index, &s->tls);
	}
	cx_kids_free(&ks);
}

/* Does the program declare extern __shared__ at namespace scope (file_dyn_shared())? */
static void find_dyn_shared_ns(struct source *s, CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned i;

	for (i = 0; i < ks.n && !s->dyn_shared_ns; i++) {
		CXCursor k = ks.c[i];
		enum CXCursorKind ck = clang_getCursorKind(k);

		if (in_parse_header(k) || clang_Location_isInSystemHeader(clang_getCursorLocation(k)))
			continue;
		if (ck == CXCursor_Namespace || ck == CXCursor_LinkageSpec || ck == CXCursor_UnexposedDecl)
			find_dyn_shared_ns(s, k);
		else if (ck == CXCursor_VarDecl && has_annot(k, "shared") &&
			 clang_Cursor_getStorageClass(k) == CX_SC_Extern)
			s->dyn_shared_ns = true;
	}
	cx_kids_free(&ks);
}

static bool in_our_headers(CXFile f);

/*
 * The program's own files other than the main one (not system headers, not
 * ours): translated too, since kernels, launches and __shared__ in their
 * __device__ functions need the same edits (a file that needs none comes
 * out as it is).  first gets a cursor of each; kernel[i]: it defines one.
 */
static void find_user_files(struct source *s, CXCursor c, struct cx_kids *first, bool **kernel)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned i, j;

	for (i = 0; i < ks.n; i++) {
		CXCursor k = ks.c[i];
		enum CXCursorKind ck = clang_getCursorKind(k);
		bool kern = (ck == CXCursor_FunctionDecl || ck == CXCursor_FunctionTemplate) &&
			    has_annot(k, "global") && clang_isCursorDefinition(k);
		CXFile f, g;

		if (in_parse_header(k) || clang_Location_isInSystemHeader(clang_getCursorLocation(k)) ||
		    clang_isPreprocessing(ck))
			continue;
		/* the main file's extern "C" { #include "k.cuh" } and namespaces too */
		if (ck == CXCursor_Namespace || ck == CXCursor_LinkageSpec || ck == CXCursor_UnexposedDecl)
			find_user_files(s, k, first, kernel);
		if (in_main(s, k))
			continue;
		clang_getExpansionLocation(clang_getCursorLocation(k), &f, NULL, NULL, NULL);
		if (!f || in_our_headers(f))
			continue;
		for (j = 0; j < first->n; j++) {
			clang_getExpansionLocation(clang_getCursorLocation(first->c[j]), &g, NULL, NULL, NULL);
			if (clang_File_isEqual(f, g))
				break;
		}
		if (j == first->n) {
			cx_kids_add(first, k);
			*kernel = cx_realloc(*kernel, first->n * sizeof(**kernel));
			(*kernel)[j] = false;
		}
		if (kern && !(*kernel)[j]) {
			first->c[j] = k;	/* diagnostics name the kernel */
			(*kernel)[j] = true;
		}
	}
	cx_kids_free(&ks);
}

/* Our CUDA headers (include/): never translated. */
static bool in_our_headers(CXFile f)
{
	char *name = cx_string(clang_getFileName(f));
	bool r = !strcmp(name, PARSE_HDR);

	r = r || cc_our_header(name);
	free(name);
	return r;
}

static void write_registrations(struct buf *o, const struct regs *rg, unsigned index)
{
	if (!rg->n)
		return;
	bprintf(o, "\n/* idxgen-cc: __device__/__constant__ variables, for cudaMemcpyToSymbol & co. */\n"
		   "__attribute__((constructor)) static void idxgen_cc__register_vars_%u(void)\n{\n%s}\n",
		index, rg->text.p);
}

/* One file of the program (the main one or one it includes) into o. */
static void translate_file(struct source *s, CXTranslationUnit tu, struct buf *o, unsigned index)
{
	struct walk w = { .s = s, .tu = tu, .o = o, .lsfn = clang_getNullCursor(), .fiber_fn = clang_getNullCursor() };
	struct regs rg = { { 0 }, 0 };

	line_marks_begin(&w.lm, s, o);
	top_container(&w, clang_getTranslationUnitCursor(tu), &rg);
	copy_to(&w, (unsigned)s->len);
	free(w.close);
	cx_kids_free(&w.kernels);
	write_registrations(o, &rg, index);
	buf_free(&rg.text);
}

/* The path of file f relative to the main file's folder, or NULL when it is not below it. */
char *relative_to_main(const struct source *s, CXFile f)
{
	char *name = cx_string(clang_getFileName(f)), *dir = cx_strdup(s->path), *sl = strrchr(dir, '/');
	char *rf, *rd, *r = NULL;

	if (sl)
		*sl = 0;
	rf = realpath(name, NULL);
	rd = realpath(sl ? dir : ".", NULL);
	if (rf && rd && !strncmp(rf, rd, strlen(rd)) && rf[strlen(rd)] == '/')
		r = cx_strdup(rf + strlen(rd) + 1);
	free(rf);
	free(rd);
	free(dir);
	free(name);
	return r;
}

struct include_of {
	CXFile f;		/* the header */
	CXFile main;
	unsigned off;		/* where the main file includes it */
	bool found;
};

static void include_visit(CXFile inc, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	struct include_of *io = data;
	CXFile from;
	unsigned off;

	if (io->found || n == 0 || !clang_File_isEqual(inc, io->f))
		return;
	clang_getExpansionLocation(stack[0], &from, NULL, NULL, &off);
	if (from && clang_File_isEqual(from, io->main)) {
		io->off = off;
		io->found = true;
	}
}

/*
 * A header outside the program's folder that the main file includes as
 * `#include "NAME"` and whose #define bodies declare extern __shared__
 * (cuda-samples MC_SingleAsianOptionP: src/ with `#include
 * "../inc/cudasharedmem.h"`; left as written the name stays an undefined
 * symbol): NAME, where the edited copy is written beside the translated main
 * file -- a quoted include looks beside its includer first, so the copy is
 * found before the header.  The same for a header that defines kernels
 * (CUDA by Example's chapters: `#include "../common/book.h"`, whose
 * float_to_color kernels every program includes), whose translation is
 * such a copy.  NULL (left as written) when NAME is absolute,
 * climbs more than one folder (the copy must stay in the translation's
 * folder), or the header has quoted includes of its own that would not be
 * found beside the copy: in a copy one folder up ("../03_scan/scan_v2.cu")
 * the files below the header's folder are linked beside it
 * (overlay_mirror.c), elsewhere none are.
 */
static char *overlay_name(const struct source *s, CXTranslationUnit tu, CXFile f, const struct source *h,
			  bool kernels)
{
	struct include_of io = { f, s->file, 0, false };
	const char *q, *q2, *e;
	char *name;

	bool quoted =
	    memmem(h->text, h->len, "include \"", 9) || memmem(h->text, h->len, "include\"", 8);

	if (!h->nedits && !kernels)
		return NULL;
	clang_getInclusions(tu, include_visit, &io);
	if (!io.found || io.off >= s->len)
		return NULL;
	e = memchr(s->text + io.off, '\n', s->len - io.off);
	e = e ? e : s->text + s->len;
	q = memchr(s->text + io.off, '"', (size_t)(e - s->text) - io.off);
	q2 = q ? memchr(q + 1, '"', (size_t)(e - q - 1)) : NULL;
	if (!q2 || q2 == q + 1)
		return NULL;
	name = strndup(q + 1, (size_t)(q2 - q - 1));
	if (name[0] == '/' || strstr(name + (strncmp(name, "../", 3) ? 0 : 3), "..") ||
	    (quoted && (strncmp(name, "../", 3) || !overlay_includes_linkable(tu, f, h)))) {
		free(name);
		return NULL;
	}
	return name;
}

/* The files the main one includes that define kernels, translated into out->hdr. */
static void translate_headers(struct source *s, CXTranslationUnit tu, struct program_out *out)
{
	struct cx_kids first = { 0 };
	bool *kernel = NULL;
	unsigned i;

	find_user_files(s, clang_getTranslationUnitCursor(tu), &first, &kernel);
	for (i = 0; i < first.n; i++) {
		CXFile f;
		struct source sf;
		char *name, *rel;
		bool overlay =
		    false; /* one folder up: the files beside it linked (overlay_mirror.c) */

		clang_getExpansionLocation(clang_getCursorLocation(first.c[i]), &f, NULL, NULL, NULL);
		rel = relative_to_main(s, f);
		name = cx_string(clang_getFileName(f));
		if (!rel && out && source_read(&sf, name)) {
			macro_shared_decls(&sf);
			rel = overlay_name(s, tu, f, &sf, kernel[i]);
			overlay = rel && !strncmp(rel, "../", 3);
			source_free(&sf);
		}
		if (!rel && out && kernel[i])
			rel = relative_to_search(s, f);	/* found through an -I folder (search_mirror.c) */
		if ((!rel || !out) && !kernel[i]) {
			/* outside the folder, or --emit-cxx: left as it is (if it needed edits, it will not compile) */
		} else if (!rel || !out) {
			error_at(s, first.c[i], "kernels defined in %s, %s, are not supported", name,
				 out ? "a file outside the program's folder" : "a file the input includes, with --emit-cxx");
		} else if (!source_read(&sf, name)) {
			error_at(s, first.c[i], "%s: %s", name, strerror(errno));
		} else {
			asm_special_registers(sf.text, sf.len);
			edg_apply(s->edg, &sf);
			sf.file = f;
			sf.cxx = true;
			kernel_decls_header(&sf, s);
			macro_launches(&sf);
			macro_shared_decls(&sf);
			shared_index_edits(&sf, tu);
			dyn_parallel_edits(&sf, tu);
			shift_edits(&sf, tu);
			narrow_cast_edits(&sf, tu);
			sf.tls = s->tls;
			sf.traps = s->traps;
			sf.dyn_shared_ns = s->dyn_shared_ns;
			sf.model = s->model;
			sf.rdc = s->rdc;
			/* warp.c lowers the main file only: a header's kernels with warp operations or cooperative groups run as fibers */
			sf.no_warp_lower = true;
			sf.fnames = s->fnames;
			sf.plan = s->plan;
			sf.lstats = s->lstats;
			out->hdr = cx_realloc(out->hdr, (out->nhdr + 1) * sizeof(*out->hdr));
			memset(&out->hdr[out->nhdr], 0, sizeof(*out->hdr));
			out->hdr[out->nhdr].rel = rel;
			out->hdr[out->nhdr].overlay_of = overlay ? overlay_dir(f) : NULL;
			rel = NULL;
			bprintf(&out->hdr[out->nhdr].text, "/* Generated by idxgen-cc %s from %s (C++). */\n",
				IDXGEN_CC_VERSION, name);
			translate_file(&sf, tu, &out->hdr[out->nhdr].text, out->nhdr + 1);
			out->nhdr++;
			s->nerrors += sf.nerrors;
			s->restart |= sf.restart;
			source_free(&sf);
		}
		free(rel);
		free(name);
	}
	free(kernel);
	cx_kids_free(&first);
}

int translate_program(struct source *s, CXTranslationUnit tu, struct buf *o, struct program_out *hdrs)
{
	find_tls(s, clang_getTranslationUnitCursor(tu));
	find_traps(s, clang_getTranslationUnitCursor(tu));
	find_dyn_shared_ns(s, clang_getTranslationUnitCursor(tu));
	bprintf(o, "/* Generated by idxgen-cc %s from %s (a whole program, C++). */\n"
		   "#include <idxgen_cc_program.h>\n",
		IDXGEN_CC_VERSION, s->path);
	translate_file(s, tu, o, 0);
	translate_headers(s, tu, hdrs);
	if (hdrs)
		mirror_includes(s, tu, hdrs);
	return s->nerrors ? 1 : 0;
}

void program_out_free(struct program_out *p)
{
	unsigned i;

	for (i = 0; p && i < p->nhdr; i++) {
		free(p->hdr[i].rel);
		free(p->hdr[i].link);
		free(p->hdr[i].overlay_of);
		buf_free(&p->hdr[i].text);
	}
	if (p) {
		free(p->hdr);
		p->hdr = NULL;
		p->nhdr = 0;
	}
}

/* One try: warp.c (unless s->no_warp_lower), the parse, the translation. */
static int translate_once(struct source *s, CXIndex idx, char *const *args, int nargs, struct buf *out,
			  struct program_out *hdrs)
{
	CXTranslationUnit tu = NULL;
	struct fiber_names fn = { 0 };
	int rc = 0;

	s->args = args;
	s->nargs = nargs;
	cuda_arch_resolve(s, idx, args, nargs, s->cuda_arch);
	if (s->nerrors)
		return 1;	/* diagnosed by cuda_arch.c */
	macro_kernels_expand(s, idx, args, nargs);
	kernel_decls(s, args, nargs);
	if (s->nerrors)
		return 1;	/* diagnosed by kernel_decls.c */
	if (!s->no_warp_lower) {
		bool quiet = s->model == EXEC_AUTO;

		s->quiet = quiet;
		rc = warp_lower(s, idx, args, nargs);
		s->quiet = false;
		if (rc == 1 && quiet) {
			s->restart = true;	/* warp.c cannot lower it: fibers run the warp operations as written */
			return 0;
		}
	}
	if (!rc && s->model != EXEC_FISSION)
		rc = path_scopes(s, idx, args, nargs);
	tu = rc ? NULL : source_parse(s, idx, args, nargs);
	if (tu) {
		macro_launches(s);
		macro_shared_decls(s);
		shared_index_edits(s, tu);
		dyn_parallel_edits(s, tu);
		shift_edits(s, tu);
		narrow_cast_edits(s, tu);
		cuda_arch_check_headers(s, tu, idx, args, nargs, s->cuda_arch);
		thrust_arch_check(s, tu);
	}
	if (rc) {
		/* diagnosed by warp.c */
	} else if (!tu) {
		fprintf(stderr, "idxgen-cc: %s: libclang could not parse the file\n", s->path);
		rc = 2;
	} else if (s->nerrors) {
		rc = 1;
	} else {
		if (s->model != EXEC_FISSION)
			fiber_names_find(&fn, s, tu);
		s->fnames = &fn;
		rc = translate_program(s, tu, out, hdrs);
		s->fnames = NULL;
	}
	fiber_names_free(&fn);
	if (tu)
		clang_disposeTranslationUnit(tu);
	return rc;
}

/* s: the main file as read (LF line ends, edg_compat.c's fixes) with the options of po; false: unreadable. */
static bool program_read(struct source *s, const char *path, const struct program_opts *po, struct edg_fixes *edg)
{
	if (!source_read(s, path)) {
		fprintf(stderr, "idxgen-cc: %s: %s\n", path, strerror(errno));
		return false;
	}
	source_crlf(s);
	asm_special_registers(s->text, s->len);
	edg_apply(edg, s);
	s->cxx = true;
	s->model = po ? po->model : EXEC_AUTO;
	s->thread_fibers = po && po->thread_fibers;
	s->rdc = po && po->rdc;
	s->no_warp_lower = s->model == EXEC_FIBERS;
	s->plan = po ? po->plan : NULL;
	s->cuda_arch = po ? po->cuda_arch : 0;
	s->edg = edg;
	s->lstats = po ? po->stats : NULL;
	return true;
}

int cc_translate_program(const char *path, char *const *args, int nargs, struct buf *out, struct program_out *hdrs,
			 const struct program_opts *po)
{
	struct source s;
	struct edg_fixes edg = { .headers = hdrs != NULL };
	CXIndex idx;
	int rc = 2;
	size_t out0 = out->n, plan0 = po && po->plan ? po->plan->n : 0;
	bool no_warp_lower = false;
	struct fiber_names keep = { 0 };
	struct parse_memo *carried = NULL;	/* the last round's kept parse, for the next round */
	unsigned nkeep;

	idx = clang_createIndex(0, 0);
	/*
	 * Again from the file as written when a kernel warp.c lowered (or
	 * could not lower) runs as fibers (warp operations left to the fibers;
	 * kernels without them are translated as before), or when
	 * edg_compat.c found text to fix (at most a few rounds: each must
	 * find a new fix).
	 */
	for (unsigned round = 0; round < 8; round++) {
		if (!program_read(&s, path, po, &edg))
			break;
		parse_memo_adopt(&s, carried);
		carried = NULL;
		s.no_warp_lower |= no_warp_lower;
		s.keep_calls = &keep;
		nkeep = keep.n;
		edg.again = false;
		rc = translate_once(&s, idx, args, nargs, out, hdrs);
		if (!edg.again && !(rc == 0 && s.restart && !no_warp_lower)) {
			source_free(&s);
			break;
		}
		/* a kernel fell back to fibers that no barrier helper's call kept would help */
		no_warp_lower |= rc == 0 && s.restart && !edg.again && (keep.n == nkeep || round >= 3);
		carried = parse_memo_detach(&s);
		source_free(&s);
		program_out_free(hdrs);
		out->n = out0;
		if (out->p)
			out->p[out0] = 0;
		if (po && po->plan && po->plan->p)
			po->plan->p[po->plan->n = plan0] = 0;
		rc = 2;
		if (round == 7)
			fprintf(stderr, "idxgen-cc: %s: internal error: the translation did not settle\n", path);
	}
	parse_memo_drop(carried);	/* its unit before its index */
	clang_disposeIndex(idx);
	edg_free(&edg);
	fiber_names_free(&keep);
	return rc;
}
