// SPDX-License-Identifier: MIT
/*
 * fiber_plan.c - which kernels of a whole program must run as fibers before
 * any other analysis (lib/cc/README.md "Two execution models"): those that
 * call, at any depth, a function of the program that suspends its thread --
 * one that calls __syncthreads() or its reductions, a warp-level function,
 * cooperative groups, or declares extern __shared__ -- and, when warp.c left
 * the file's text alone, those that use warp-level functions or cooperative
 * groups themselves, and those that name a library type or function whose
 * calls suspend (CUB's block and warp primitives, WMMA: in_collective_header).
 * Loop fission cannot see into a call: it would run the callee's barrier as
 * a no-op.  Functions are matched by name (an overload or namesake of such
 * a function counts too: a kernel then runs as fibers, which is correct,
 * only slower).
 */
#include "cc.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Device functions of include/idxgen_cc_fiber.h that wait for other threads
 * of the block or read the running block, whatever warp.c did to the file:
 * sm_20's bool barrier reductions, named barriers, __uni_sync, and what a
 * cluster of one block answers from its block (idxgen_cuda_sm90.h).
 */
bool is_block_builtin(const char *n)
{
	static const char *const names[] = { "syncthreads_count", "syncthreads_and", "syncthreads_or",
					     "__barrier_sync", "__barrier_sync_count", "__uni_sync",
					     "__clusterIdx", "__clusterGridDimInClusters", "__cluster_barrier_wait",
					     NULL };

	return in_list(n, names);
}

bool is_fiber_builtin(const char *n, bool with_syncthreads)
{
	static const char *const exact[] = { "__ballot_sync", "__any_sync", "__all_sync", "__activemask",
					     "__syncwarp", "__ballot", "__any", "__all", "__syncthreads_count",
					     "__syncthreads_and", "__syncthreads_or", NULL };

	if (with_syncthreads && !strcmp(n, "__syncthreads"))
		return true;
	return in_list(n, exact) || is_block_builtin(n) || !strncmp(n, "__shfl", 6) || !strncmp(n, "__match_", 8) ||
	       (!strncmp(n, "__reduce_", 9) && strstr(n, "_sync"));
}

/* Is the declaration r in a cooperative-groups header? */
static bool in_cg_header(CXCursor r)
{
	CXFile f;
	char *name;
	bool cg;

	if (clang_Cursor_isNull(r))
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(r), &f, NULL, NULL, NULL);
	if (!f)
		return false;
	name = cx_string(clang_getFileName(f));
	cg = strstr(name, "cooperative_groups") != NULL;
	free(name);
	return cg;
}

/*
 * Is the declaration r one of include/cuda's library headers whose calls
 * suspend the calling thread (barriers and warp rendezvous inside member
 * functions every thread calls: CUB's cub/block/ and cub/warp/, WMMA's
 * mma.h; libcu++'s barriers and pipelines, whose waits wait for other
 * threads of the block)?  Matched by the file the declaration is in.
 */
bool in_collective_header(CXCursor r)
{
	static const char *const dirs[] = { "/cuda/cub/block/", "/cuda/cub/warp/", "/cuda/mma.h",
					    "/cuda/cuda/barrier", "/cuda/cuda/pipeline", "/cuda/cuda/std/barrier",
					    "/cuda/cuda/idxgen_sync.h", NULL };
	CXFile f;
	const char *rest;
	char *name;
	bool hit = false;

	if (clang_Cursor_isNull(r))
		return false;
	clang_getExpansionLocation(clang_getCursorLocation(r), &f, NULL, NULL, NULL);
	if (!f)
		return false;
	name = cx_string(clang_getFileName(f));
	rest = cc_our_header(name);
	for (unsigned i = 0; rest && dirs[i] && !hit; i++)
		hit = strstr(rest, dirs[i]) != NULL;
	free(name);
	return hit;
}

struct scan {
	const struct fiber_names *known;	/* NULL: look for the suspending built-ins */
	bool with_syncthreads;			/* __syncthreads() itself counts */
	bool warps;				/* warp functions and cooperative groups count */
	const char *hit;			/* what was found (a static string or in buf) */
	bool reason;				/* hit is the whole reason (a library primitive) */
	char buf[160];
	const struct source *src;
	bool kernel;				/* a kernel's own extern __shared__ is no hit */
};

/*
 * A store through a volatile lvalue ("s[t] += s[t + 16];" with volatile int
 * *s) into shared memory or through a pointer a __device__ function was
 * given: warp-synchronous code written for the lanes of a warp in lock step,
 * as the unrolled last warp of the textbook reductions.  Run as fibers, each
 * such store is a rendezvous of the lanes (whole.c, __idxgen_cc_vstore).
 * Not a kernel parameter's global memory or a __device__ variable (a flag
 * for other blocks, as in the last-block pattern): those stay plain stores.
 */
bool warp_sync_store(const struct source *s, CXCursor c, CXCursor *target, CXCursor *value)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor b, r, parent;

	*target = *value = clang_getNullCursor();
	if (!s || (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator) ||
	    !assignment(s, c, target, value) || clang_Cursor_isNull(*target) || clang_Cursor_isNull(*value) ||
	    !clang_isVolatileQualifiedType(clang_getCursorType(*target)))
		return false;
	b = lvalue_base(*target);
	if (clang_getCursorKind(b) != CXCursor_DeclRefExpr)
		return true;
	r = clang_getCursorReferenced(b);
	if (clang_getCursorKind(r) == CXCursor_VarDecl && has_annot(r, "shared"))
		return true;
	parent = clang_getCursorSemanticParent(r);
	if (clang_getCursorKind(r) == CXCursor_ParmDecl)
		return !has_annot(parent, "global");
	return clang_getCursorKind(r) == CXCursor_VarDecl && clang_Cursor_getStorageClass(r) != CX_SC_Extern &&
	       clang_getCursorKind(parent) != CXCursor_TranslationUnit && clang_getCursorKind(parent) != CXCursor_Namespace;
}

static bool is_known(const struct fiber_names *fn, const char *n)
{
	for (unsigned i = 0; i < fn->n; i++)
		if (!strcmp(fn->name[i], n))
			return true;
	return false;
}

/*
 * The name a dependent reference spells, which libclang leaves without one:
 * `smem.getPointer()` with smem a SharedMemory<T> in a template kernel
 * (cuda-samples' idiom), a member template `tile.transform<true>(...)`, a
 * static member of a class template named with the kernel's parameters
 * (`FDWT97<WIN_SX, WIN_SY>::run(...)`, Altis dwt2d).  The last identifier of
 * the extent, before a template argument list that closes it; "" if none.
 */
static char *dependent_name(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *t;
	unsigned n, i;
	int depth = 0;
	char *r = NULL;

	clang_tokenize(tu, clang_getCursorExtent(c), &t, &n);
	for (i = n; i > 0; i--) {	/* back over a closing `<...>` */
		char *p = cx_string(clang_getTokenSpelling(tu, t[i - 1]));

		depth += !strcmp(p, ">") ? 1 : !strcmp(p, ">>") ? 2 : !strcmp(p, "<") ? -1 : 0;
		free(p);
		if (depth <= 0)
			break;
	}
	if (i > 0 && depth == 0 && i < n)
		i--;	/* the `<` itself: the name is before it */
	if (i > 0 && depth == 0 && clang_getTokenKind(t[i - 1]) == CXToken_Identifier)
		r = cx_string(clang_getTokenSpelling(tu, t[i - 1]));
	clang_disposeTokens(tu, t, n);
	return r ? r : cx_strdup("");
}

/* Does c have an OverloadedDeclRef child (an unqualified dependent call's callee: it names itself)? */
static bool names_overloads(CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	bool r = false;

	for (unsigned i = 0; i < ks.n && !r; i++)
		r = clang_getCursorKind(ks.c[i]) == CXCursor_OverloadedDeclRef;
	cx_kids_free(&ks);
	return r;
}

/* c's spelling, or the name a dependent reference spells (dependent_name). */
static char *ref_name(CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n = cx_spelling(c);

	if (!*n && (k == CXCursor_MemberRefExpr || (k == CXCursor_DeclRefExpr && !names_overloads(c)))) {
		free(n);
		n = dependent_name(c);
	}
	return n;
}

/* the callee expression of call c with parentheses, `*` and implicit casts taken off, or a null cursor */
static CXCursor call_callee(CXCursor c)
{
	struct cx_kids ks = cx_kids_of(c);
	CXCursor e = ks.n ? ks.c[0] : clang_getNullCursor();

	cx_kids_free(&ks);
	while (!clang_Cursor_isNull(e)) {
		enum CXCursorKind k = clang_getCursorKind(e);

		if (k != CXCursor_UnexposedExpr && k != CXCursor_ParenExpr && k != CXCursor_UnaryOperator)
			break;
		ks = cx_kids_of(e);
		e = ks.n == 1 ? ks.c[0] : clang_getNullCursor();
		cx_kids_free(&ks);
	}
	return e;
}

/* Does function r return a pointer or reference to a function? */
static bool returns_function_pointer(CXCursor r)
{
	CXType t = clang_getCanonicalType(clang_getCursorResultType(r));

	if (t.kind != CXType_Pointer && t.kind != CXType_LValueReference)
		return false;
	t = clang_getCanonicalType(clang_getPointeeType(t));
	return t.kind == CXType_FunctionProto || t.kind == CXType_FunctionNoProto;
}

/*
 * Is c a call that names no function: through a function-pointer template
 * parameter (`template <fn_t f> __global__ void k() { f(...); }`, llm.c's
 * trimat_forward), a pointer variable or parameter, or a parameter of a
 * template's type (a functor or lambda `F f; f(...)`), the pointer a call
 * returns (`step_at(i)(...)`) or a member pointer, or a dependent callee
 * whose name the planner cannot read (then it may be any function: never
 * loop fission by default where one of the program's suspends)?  Which function runs
 * is known only at run time or instantiation; a call that resolves to an
 * operator() or any other function is matched by its name instead.
 */
static bool indirect_call(CXCursor c)
{
	CXCursor r, e;
	enum CXCursorKind rk;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	r = clang_getCursorReferenced(c);
	rk = clang_getCursorKind(r);
	e = call_callee(c);
	if (clang_getCursorKind(e) == CXCursor_CallExpr && returns_function_pointer(r))
		return true;	/* `step_at(i)(x)`: libclang names the call that gives the pointer */
	if (rk == CXCursor_FunctionDecl || rk == CXCursor_CXXMethod || rk == CXCursor_FunctionTemplate ||
	    rk == CXCursor_Constructor || rk == CXCursor_Destructor || rk == CXCursor_ConversionFunction)
		return false;
	if (rk == CXCursor_NonTypeTemplateParameter || rk == CXCursor_ParmDecl || rk == CXCursor_VarDecl ||
	    rk == CXCursor_FieldDecl)
		return true;
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr && clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return clang_getCursorKind(e) == CXCursor_ArraySubscriptExpr ||
		       clang_getCursorKind(e) == CXCursor_BinaryOperator;    /* `(this->*step)(x)` */
	if (clang_Cursor_isNull(clang_getCursorReferenced(e))) {
		/* a dependent callee: unnamed, it may be any function of the program */
		char *n = ref_name(e);
		bool unnamed = !*n;

		free(n);
		return unnamed;
	}
	rk = clang_getCursorKind(clang_getCursorReferenced(e));
	return rk == CXCursor_NonTypeTemplateParameter || rk == CXCursor_ParmDecl || rk == CXCursor_VarDecl ||
	       rk == CXCursor_FieldDecl;
}

static enum CXChildVisitResult scan_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct scan *sc = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor t, v;
	char *n;

	(void)parent;
	if (k == CXCursor_VarDecl && has_annot(c, "shared") && clang_Cursor_getStorageClass(c) == CX_SC_Extern &&
	    !sc->known && !sc->kernel) {
		sc->hit = "extern __shared__";
		return CXChildVisit_Break;
	}
	if (!sc->known && sc->src && sc->src->model != EXEC_FISSION && warp_sync_store(sc->src, c, &t, &v)) {
		sc->hit = "a store through volatile (warp-synchronous code: its lanes meet at each such store)";
		sc->reason = true;
		return CXChildVisit_Break;
	}
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr && k != CXCursor_OverloadedDeclRef &&
	    k != CXCursor_TypeRef && k != CXCursor_TemplateRef && k != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	n = ref_name(c);
	if (sc->known) {
		if (*n && k != CXCursor_TypeRef && is_known(sc->known, n)) {
			snprintf(sc->buf, sizeof(sc->buf), "calls '%s', which suspends the thread (a barrier, warp-level function or cooperative group in it)", n);
			sc->hit = sc->buf;
		} else if (sc->known->n && indirect_call(c)) {
			snprintf(sc->buf, sizeof(sc->buf),
				 "calls through '%s', a function pointer or function object, and functions of the program suspend the thread ('%s')",
				 *n ? n : "an expression", sc->known->name[0]);
			sc->hit = sc->buf;
		}
	} else if (k == CXCursor_OverloadedDeclRef && *n && is_fiber_builtin(n, sc->with_syncthreads)) {
		/*
		 * a warp-level function on a value whose type is a template
		 * parameter (`T y = __shfl_up_sync(m, x, d);` with T x): the call
		 * stays unresolved in the template, so warp.c's lowering for loop
		 * fission never sees it, and the launch stopped ("a warp-level
		 * function called outside a fiber kernel")
		 */
		snprintf(sc->buf, sizeof(sc->buf),
			 "'%s' on a value whose type depends on a template parameter: loop fission lowers only resolved warp-level calls",
			 n);
		sc->hit = sc->buf;
		sc->reason = true;
	} else if (*n && k != CXCursor_TypeRef && is_fiber_builtin(n, sc->with_syncthreads) &&
		   (sc->warps || !strncmp(n, "__syncthreads", 13) || is_block_builtin(n))) {
		snprintf(sc->buf, sizeof(sc->buf), "'%s'", n);
		sc->hit = sc->buf;
	} else if (sc->warps && in_cg_header(clang_getCursorReferenced(c))) {
		sc->hit = "cooperative groups";
	} else if (k == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(c) &&
		   in_cg_header(clang_getOverloadedDecl(c, 0))) {
		/*
		 * a cooperative-groups call that names its group through a template
		 * parameter (cg::reduce(tile, v, op) with thread_block_tile<TILE>):
		 * dependent, so warp.c cannot lower it, whatever it did to the file
		 */
		sc->hit = "cooperative groups (a call that depends on a template parameter)";
	} else if (*n && in_collective_header(clang_getCursorReferenced(c))) {
		snprintf(sc->buf, sizeof(sc->buf), "uses '%s', a library primitive whose calls suspend the thread", n);
		sc->hit = sc->buf;
		sc->reason = true;
	}
	free(n);
	return sc->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

bool decl_in_headers(CXCursor c)
{
	CXFile f;
	char *name;
	bool r;

	if (in_parse_header(c) || clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return true;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f)
		return true;
	name = cx_string(clang_getFileName(f));
	r = cc_our_header(name) != NULL;
	free(name);
	return r;
}

/*
 * The function definitions of the program's own files, kernels left out;
 * constructors, destructors and conversion functions too (a constructor
 * that stages a tile and waits at a barrier: tests/cuda/progs/fiber_ctor_barrier.cu).
 */
static void collect_fns(const struct source *s, CXCursor c, struct cx_kids *out)
{
	struct cx_kids ks = cx_kids_of(c);

	for (unsigned i = 0; i < ks.n; i++) {
		CXCursor k = ks.c[i];
		enum CXCursorKind ck = clang_getCursorKind(k);

		if (decl_in_headers(k))
			continue;
		if (ck == CXCursor_Namespace || ck == CXCursor_LinkageSpec || ck == CXCursor_UnexposedDecl ||
		    ck == CXCursor_StructDecl || ck == CXCursor_ClassDecl || ck == CXCursor_ClassTemplate ||
		    ck == CXCursor_UnionDecl)
			collect_fns(s, k, out);
		else if ((ck == CXCursor_FunctionDecl || ck == CXCursor_FunctionTemplate || ck == CXCursor_CXXMethod ||
			  ck == CXCursor_Constructor || ck == CXCursor_Destructor || ck == CXCursor_ConversionFunction) &&
			 clang_isCursorDefinition(k) && !has_annot(k, "global"))
			cx_kids_add(out, k);
	}
	cx_kids_free(&ks);
}

/* points loop fission would run wrong (lockstep.c): those across a back edge it splits at are not */
static bool lockstep_meets(const struct source *s, CXCursor fn)
{
	unsigned first;

	return lockstep_fission_points(s, fn, &first) > 0;
}

/*
 * Does function fn's own body (its callees not followed) hold a point where
 * a thread suspends: __syncthreads() or its reductions, a warp-level
 * function, cooperative groups, a library primitive that suspends, a call
 * of a function that does (s->fnames, by name), a volatile store of
 * warp-synchronous code, a lock-step meeting or a spin loop's turn?  The
 * kernel's own extern __shared__ is none (fiber_plain.c).
 */
bool suspends_itself(const struct source *s, CXCursor fn)
{
	struct scan sc = { s->fnames, true, true, NULL, false, { 0 }, s, true };

	if (s->fnames && s->fnames->n) {
		clang_visitChildren(fn, scan_visit, &sc);
		if (sc.hit)
			return true;
	}
	sc.known = NULL;
	clang_visitChildren(fn, scan_visit, &sc);
	return sc.hit || spin_line(s, fn) || lockstep_meets(s, fn);
}

/*
 * Statement c's own suspension point, as suspends_itself looks for one in a
 * body (its callees not followed; lock-step meetings and spin loops are the
 * caller's, per function): what it is, in buf, or NULL.
 */
const char *stmt_suspends(const struct source *s, CXCursor c, char *buf, size_t len)
{
	struct scan sc = { s->fnames, true, true, NULL, false, { 0 }, s, true };

	for (int pass = 0; pass < 2 && !sc.hit; pass++) {
		sc.known = pass ? NULL : s->fnames;
		if (!pass && !(s->fnames && s->fnames->n))
			continue;
		if (scan_visit(c, clang_getNullCursor(), &sc) != CXChildVisit_Break && !sc.hit)
			clang_visitChildren(c, scan_visit, &sc);
	}
	if (!sc.hit)
		return NULL;
	snprintf(buf, len, "%s", sc.hit);
	return buf;
}

/*
 * What fiber_names_find keeps of one function between the rounds of its
 * fixed point.  Each round asked every function not yet known to suspend
 * again: its whole body walked for the names now known (tokenizing each
 * dependent member call), then for the suspending built-ins, its lock-step
 * meetings and spin loops, although only the known names had changed.  A
 * chain of helpers each calling the next takes one round per helper (bm3d's
 * main.cu over CImg.h's 60,000 lines of templates: 197 s of CPU, gdb in this
 * loop; tests/cuda/SURVEY.md).  Now the
 * names a body refers to are read once, each round compares them with the
 * names known since its last look, and the rest is asked once; the rounds
 * find the same functions in the same order.
 */
struct fn_memo {
	char **ref;		/* the names the body refers to (scan_visit's with a known set), once each */
	unsigned nref;
	bool have_ref;
	unsigned checked;	/* the known names already compared with ref */
	bool own, have_own;	/* it suspends without a known name: a built-in, a meeting, a spin loop */
	bool indirect;		/* the body calls through a pointer or function object (indirect_call) */
};

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct fn_memo *m = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *n;

	(void)parent;
	if (indirect_call(c))
		m->indirect = true;
	/* the cursors and names scan_visit compares with a known set (a TypeRef's never) */
	if (k != CXCursor_DeclRefExpr && k != CXCursor_MemberRefExpr && k != CXCursor_OverloadedDeclRef &&
	    k != CXCursor_TemplateRef && k != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	n = ref_name(c);
	for (unsigned i = 0; *n && i < m->nref; i++)
		if (!strcmp(m->ref[i], n))
			*n = 0;
	if (*n) {
		m->ref = cx_realloc(m->ref, (m->nref + 1) * sizeof(*m->ref));
		m->ref[m->nref++] = n;
	} else {
		free(n);
	}
	return CXChildVisit_Recurse;
}

/* Does the body name a function fn knows?  Only the names known since the last call are compared. */
static bool calls_known(const struct fiber_names *fn, struct fn_memo *m, CXCursor f,
			struct lockstep_stats *stats)
{
	if (!fn->n)
		return false;
	if (!m->have_ref) {
		clang_visitChildren(f, ref_visit, m);
		m->have_ref = true;
		if (stats)
			stats->fn_walks++;
	}
	if (m->indirect)	/* it may call any function of the program, one that suspends among them */
		return true;
	for (; m->checked < fn->n; m->checked++)
		for (unsigned i = 0; i < m->nref; i++)
			if (!strcmp(m->ref[i], fn->name[m->checked]))
				return true;
	return false;
}

/* Does f suspend by itself (no known name needed)? */
static bool own_suspension(struct source *s, struct fn_memo *m, CXCursor f)
{
	if (!m->have_own) {
		struct scan sc = { NULL, true, true, NULL, false, { 0 }, s, false };

		clang_visitChildren(f, scan_visit, &sc);
		if (s->lstats)
			s->lstats->fn_walks++;
		/* a helper whose lanes meet (lockstep.c): loop fission would run its callers lane after lane;
		 * one that spins on memory another thread writes (spin.c) */
		m->own = sc.hit || (s->model != EXEC_FISSION && (lockstep_meets(s, f) || spin_line(s, f)));
		m->have_own = true;
	}
	return m->own;
}

void fiber_names_find(struct fiber_names *fn, struct source *s, CXTranslationUnit tu)
{
	struct cx_kids fns = { 0 };
	struct fn_memo *m;
	bool *in, more = true;
	unsigned i;

	memset(fn, 0, sizeof(*fn));
	collect_fns(s, clang_getTranslationUnitCursor(tu), &fns);
	in = cx_alloc(fns.n + 1);
	memset(in, 0, fns.n + 1);
	m = cx_alloc((fns.n + 1) * sizeof(*m));
	memset(m, 0, (fns.n + 1) * sizeof(*m));
	while (more) {	/* fixed point: a caller of a suspending function suspends */
		more = false;
		if (s->lstats)
			s->lstats->fn_rounds++;
		for (i = 0; i < fns.n; i++) {
			if (in[i] || !(calls_known(fn, &m[i], fns.c[i], s->lstats) ||
				       own_suspension(s, &m[i], fns.c[i])))
				continue;
			in[i] = more = true;
			fn->name = cx_realloc(fn->name, (fn->n + 1) * sizeof(*fn->name));
			fn->name[fn->n++] = cx_spelling(fns.c[i]);
		}
	}
	for (i = 0; i < fns.n; i++) {
		for (unsigned j = 0; j < m[i].nref; j++)
			free(m[i].ref[j]);
		free(m[i].ref);
	}
	free(m);
	free(in);
	cx_kids_free(&fns);
}

void fiber_names_free(struct fiber_names *fn)
{
	for (unsigned i = 0; i < fn->n; i++) {
		free(fn->name[i]);
		if (fn->why)
			free(fn->why[i]);
	}
	free(fn->name);
	free(fn->why);
	memset(fn, 0, sizeof(*fn));
}

bool fiber_names_has(const struct fiber_names *fn, const char *name)
{
	return is_known(fn, name);
}

void fiber_names_add(struct fiber_names *fn, const char *name, const char *why)
{
	if (is_known(fn, name))
		return;
	fn->name = cx_realloc(fn->name, (fn->n + 1) * sizeof(*fn->name));
	fn->why = cx_realloc(fn->why, (fn->n + 1) * sizeof(*fn->why));
	fn->name[fn->n] = cx_strdup(name);
	fn->why[fn->n++] = why ? cx_strdup(why) : NULL;
}

const char *fiber_names_why(const struct fiber_names *fn, const char *name)
{
	for (unsigned i = 0; fn->why && i < fn->n; i++)
		if (!strcmp(fn->name[i], name))
			return fn->why[i];
	return NULL;
}

/*
 * Lanes that read what other lanes of their warp stored, with no barrier
 * between (lockstep.c): loop fission would run them one after another; the
 * fibers meet there.
 */
static const char *lockstep_reason(const struct source *s, CXCursor fn, char *buf, size_t len)
{
	unsigned first, n = lockstep_fission_points(s, fn, &first);
	/* the user's line: an inlined helper's text adds lines (its call's line) */
	unsigned line = n ? warp_map_line(s, LOCKSTEP_OFFSET(first)) : 0;

	if (!n)
		return NULL;
	snprintf(buf, len,
		 "line %u reads __shared__ memory a statement before it stored to with no barrier between: the lanes of a warp meet there, as in lock step",
		 line);
	return buf;
}

const char *fiber_reason(const struct source *s, CXCursor fn, char *buf, size_t len)
{
	/*
	 * the kernel's own extern __shared__ (the block's dynamic shared
	 * memory) is no reason, and must not end the scan before what is:
	 * `extern __shared__ half sm[][N];` then WMMA (tests/half/progs/wmma_dyn_shared.cu)
	 */
	struct scan sc = { s->fnames, false, false, NULL, false, { 0 }, s, true };
	const char *why;

	if (s->fnames && s->fnames->n) {
		clang_visitChildren(fn, scan_visit, &sc);
		if (sc.hit) {
			snprintf(buf, len, "%s", sc.hit);
			return buf;
		}
	}
	/* its text as written: warp.c declined it alone */
	if ((why = warp_declined_why(s, fn))) {
		snprintf(buf, len, "warp.c does not lower it for loop fission: %s", why);
		return buf;
	}
	sc.known = NULL;
	sc.warps = s->no_warp_lower;
	clang_visitChildren(fn, scan_visit, &sc);
	if (sc.hit && sc.reason) {
		snprintf(buf, len, "%s", sc.hit);
		return buf;
	}
	if (sc.hit) {
		snprintf(buf, len, "uses %s, which loop fission does not lower in this file", sc.hit);
		return buf;
	}
	if (s->model != EXEC_FISSION) {
		unsigned line = spin_memory_line(s, fn);

		if (line) {
			snprintf(buf, len,
				 "line %u waits in a loop for memory another thread writes (its condition depends on an atomic or a volatile read): loop fission would run the waiting thread before the writer",
				 line);
			return buf;
		}
		line = spin_line(s, fn);
		if (line) {
			snprintf(buf, len,
				 "line %u waits in a loop for the device clock: as fibers the block's threads wait together, as on a GPU, not one after another",
				 line);
			return buf;
		}
	}
	return lockstep_reason(s, fn, buf, len);
}
