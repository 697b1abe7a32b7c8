// SPDX-License-Identifier: MIT
/*
 * warp_cg.c - cooperative groups (include/cuda/cooperative_groups.h): each
 * call in a kernel rewritten into an index expression or a warp operation
 * over the tile's lanes (lib/cc/README.md, "Warps").
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool in_cg_namespace(CXCursor r)
{
	for (; !clang_Cursor_isNull(r) && clang_getCursorKind(r) != CXCursor_TranslationUnit;
	     r = clang_getCursorSemanticParent(r))
		if (clang_getCursorKind(r) == CXCursor_Namespace) {
			char *n = cx_spelling(r);
			bool yes = !strcmp(n, "cooperative_groups");

			free(n);
			return yes;
		}
	return false;
}

static unsigned tile_of_type(CXType t)
{
	char *s = cx_string(clang_getTypeSpelling(clang_getCanonicalType(t)));
	const char *p = strstr(s, "thread_block_tile<");
	unsigned n = p ? (unsigned)strtoul(p + 18, NULL, 10) : 0;

	free(s);
	return n;
}

/*
 * A thread_group or coalesced_group (cg::tiled_partition(block, 16), the
 * coalesced lanes): its shape is a value, known only at run time, so its
 * calls are no index expression of the block's (they were taken for the
 * block's: a thread_group of 16 threads answered ranks 0 to 63 and size 64).
 */
static bool dynamic_group_type(CXType t)
{
	char *s = cx_string(clang_getTypeSpelling(clang_getCanonicalType(t)));
	bool r = strstr(s, "thread_group") || strstr(s, "coalesced_group");

	free(s);
	return r;
}

bool cg_of(CXCursor c, struct cgcall *g)
{
	CXCursor r;
	struct cx_kids ks;

	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	r = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(r) || clang_getCursorKind(r) == CXCursor_Constructor || !in_cg_namespace(r))
		return false;
	g->name = cx_spelling(r);
	g->member = clang_getCursorKind(r) == CXCursor_CXXMethod;
	g->tile = 0;
	g->dyn = false;
	if (g->member) {
		ks = cx_kids_of(c);	/* the MemberRefExpr; its child the object */
		if (ks.n) {
			struct cx_kids os = cx_kids_of(ks.c[0]);

			if (os.n) {
				g->tile = tile_of_type(clang_getCursorType(os.c[0]));
				g->dyn = dynamic_group_type(clang_getCursorType(os.c[0]));
			}
			cx_kids_free(&os);
		}
		cx_kids_free(&ks);
	} else if (clang_Cursor_getNumArguments(c) > 0) {
		g->tile = tile_of_type(clang_getCursorType(clang_Cursor_getArgument(c, 0)));
		g->dyn = dynamic_group_type(clang_getCursorType(clang_Cursor_getArgument(c, 0)));
	}
	if (!strcmp(g->name, "this_thread_block") || !strcmp(g->name, "tiled_partition") ||
	    !strcmp(g->name, "operator()")) {
		free(g->name);
		return false;	/* values of no cost: kept */
	}
	return true;
}

/* The last identifier of c's text: the member a dependent MemberRefExpr names (it has no spelling). */
static char *last_identifier(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXToken *t;
	unsigned n;
	char *r = NULL;

	clang_tokenize(tu, clang_getCursorExtent(c), &t, &n);
	if (n && clang_getTokenKind(t[n - 1]) == CXToken_Identifier)
		r = cx_string(clang_getTokenSpelling(tu, t[n - 1]));
	clang_disposeTokens(tu, t, n);
	return r;
}

struct type_param {
	const char *name;
	bool found;
};

static enum CXChildVisitResult find_type_param(CXCursor c, CXCursor parent, CXClientData d)
{
	struct type_param *tp = d;
	char *n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_TemplateTypeParameter)
		return CXChildVisit_Continue;
	n = cx_spelling(c);
	tp->found |= !strcmp(n, tp->name);
	free(n);
	return tp->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * The type of a group as a template leaves it: cg::thread_block_tile<N>
 * (returns true), or a type parameter of the template the variable is
 * declared in (group_t g: *param; libclang has no declaration for its type).
 */
static bool group_type_or_parameter(CXCursor base, bool *param)
{
	CXType t = clang_getNonReferenceType(clang_getCursorType(base));
	char *sp = cx_string(clang_getTypeSpelling(clang_getUnqualifiedType(t)));
	bool cg = strstr(sp, "thread_block") || strstr(sp, "coalesced_group") || strstr(sp, "thread_group") ||
		  strstr(sp, "grid_group") || in_cg_namespace(clang_getTypeDeclaration(t));
	CXCursor v = clang_getCursorReferenced(base);
	struct type_param tp = { sp, false };

	if (!cg && !clang_Cursor_isNull(v))
		clang_visitChildren(clang_getCursorSemanticParent(v), find_type_param, &tp);
	*param = tp.found;
	free(sp);
	return cg;
}

/*
 * A cooperative-groups call a template leaves dependent, which clang does
 * not resolve, so cg_of does not see it and nothing lowers it:
 * `g.shfl_down(v, i)` with `thread_block_tile<N> g` (any member) or with
 * `group_t g` a type parameter (the members only groups have), and
 * `cg::reduce(g, v, op)` with such a g.  Returns the name or NULL.
 */
char *cg_dependent_call(CXCursor c)
{
	static const char *const group_only[] = { "shfl", "shfl_up", "shfl_down", "shfl_xor", "ballot",
						  "match_any", "match_all", "thread_rank", "meta_group_rank",
						  "meta_group_size", NULL };
	struct cx_kids ks, bs;
	char *n = NULL;
	bool param = false;

	if (clang_getCursorKind(c) != CXCursor_CallExpr || !clang_Cursor_isNull(clang_getCursorReferenced(c)))
		return NULL;
	ks = cx_kids_of(c);
	if (ks.n && clang_getCursorKind(ks.c[0]) == CXCursor_MemberRefExpr) {
		bs = cx_kids_of(ks.c[0]);
		n = last_identifier(ks.c[0]);
		if (n && !(bs.n && group_type_or_parameter(bs.c[0], &param)) &&
		    !(bs.n && param && in_list(n, group_only))) {
			free(n);
			n = NULL;
		}
		cx_kids_free(&bs);
	} else if (ks.n && clang_getCursorKind(ks.c[0]) == CXCursor_OverloadedDeclRef &&
		   clang_getNumOverloadedDecls(ks.c[0]) && in_cg_namespace(clang_getOverloadedDecl(ks.c[0], 0))) {
		n = cx_spelling(clang_getOverloadedDecl(ks.c[0], 0));
	} else if (ks.n && clang_getCursorKind(ks.c[0]) == CXCursor_DeclRefExpr) {
		CXCursor r = clang_getCursorReferenced(ks.c[0]);	/* cg::reduce(g, ...): the overload set */

		if (clang_getCursorKind(r) == CXCursor_OverloadedDeclRef && clang_getNumOverloadedDecls(r) &&
		    in_cg_namespace(clang_getOverloadedDecl(r, 0)))
			n = cx_spelling(clang_getOverloadedDecl(r, 0));
	}
	cx_kids_free(&ks);
	/* values of no cost, as cg_of keeps them: a tile's size is its type's */
	if (n && (!strcmp(n, "this_thread_block") || !strcmp(n, "tiled_partition") || !strcmp(n, "size") ||
		  !strcmp(n, "num_threads"))) {
		free(n);
		n = NULL;
	}
	return n;
}

#define LARGE_TILE_NONE                                                                            \
	"a tile of more than 32 threads has no such collective (as on CUDA: tiles of 64 to 1024 "  \
	"threads have shfl, any, all, cg::reduce and the scans)"

/*
 * The collectives CUDA gives a tile of several warps (64 to 1024 threads,
 * its block_tile_memory's: cuda-samples' multi_warp_cg_reduce), which
 * fibers run (cooperative_groups.h) and loop fission does not.
 */
bool cg_wide_tile_collective(const struct cgcall *g)
{
	static const char *const wide[] = { "shfl", "any", "all", "reduce", "inclusive_scan",
					    "exclusive_scan", NULL };

	return g->tile > 32 && g->tile <= 1024 && in_list(g->name, wide);
}

/*
 * A warp collective (shfl_down, ballot, ...) of a tile of more than 32
 * threads, which CUDA's tiles of several warps do not have: diagnosed here
 * for the kernels that run as fibers (lower_cg does for loop fission's).
 */
bool cg_large_tile_collective(struct source *s, CXCursor c)
{
	struct cgcall g;
	bool bad;

	if (!cg_of(c, &g))
		return false;
	bad = g.tile > 32 && !cg_pure(&g) && strcmp(g.name, "sync") && !cg_wide_tile_collective(&g);
	if (bad)
		error_at(s, c, "cooperative groups: '%s' of a tile of %u threads: " LARGE_TILE_NONE, g.name, g.tile);
	free(g.name);
	return bad;
}

/*
 * Can call run in a predicated body (warp.c's wl_guardable): an index query,
 * or a collective of a tile of at most 32 threads other than its barrier,
 * which counts the lanes present as the warp's operations do (issue 38,
 * thirty-first session: `while (tile.any(p)) { ... tile.shfl_down(v, 1) ... }`).
 */
bool cg_predicable(CXCursor call)
{
	struct cgcall g;
	bool ok;

	if (!cg_of(call, &g))
		return false;
	ok = cg_pure(&g) || (!g.dyn && g.tile >= 1 && g.tile <= 32 && strcmp(g.name, "sync") != 0);
	free(g.name);
	return ok;
}

/* A cooperative-groups query that is an index expression (no exchange). */
bool cg_pure(const struct cgcall *g)
{
	static const char *const block[] = { "thread_rank", "size", "num_threads", "group_index",
					     "thread_index", "dim_threads", NULL };
	static const char *const tile[] = { "thread_rank", "size", "num_threads", "meta_group_rank",
					    "meta_group_size", NULL };

	return g->member && !g->dyn && in_list(g->name, g->tile ? tile : block);
}

/*
 * A cooperative-groups call: the thread-index expression it stands for, or
 * a warp operation over the tile's N lanes.  Returns whether the statement
 * needs the exchange (publication and split point).
 */
bool lower_cg(struct wlower *w, CXCursor call, const struct cgcall *g, struct buf *put)
{
	bool xchg;
	char *rd = cg_call_read(w, call, g, put, &xchg);

	if (rd)	/* NULL: diagnosed, the call left as written */
		wl_edit(w, c_start(call), c_end(call), rd);
	return xchg;
}

char *cg_call_read(struct wlower *w, CXCursor call, const struct cgcall *g, struct buf *put, bool *exchange)
{
	const char *n = g->name;
	unsigned N = g->tile, slot;
	struct buf rd = { 0 };
	char *val = NULL, *a1 = NULL, *type = NULL;
	bool xchg = false;

	*exchange = false;
	if (g->dyn) {
		error_at(w->s, call,
			 "cooperative groups: '%s' of a thread_group or coalesced_group (a shape known only at run time) runs only as fibers",
			 n);
		return NULL;
	}
	if (!g->member && !strcmp(n, "sync")) {
		bputs(&rd, "__syncthreads()");
	} else if (g->member && !N) {	/* thread_block */
		if (!strcmp(n, "sync"))
			bputs(&rd, "__syncthreads()");
		else if (!strcmp(n, "thread_rank"))
			bputs(&rd, "((unsigned int)" LIN ")");
		else if (!strcmp(n, "size") || !strcmp(n, "num_threads"))
			bputs(&rd, "((unsigned int)" NT ")");
		else if (!strcmp(n, "group_index"))
			bputs(&rd, "blockIdx");
		else if (!strcmp(n, "thread_index"))
			bputs(&rd, "threadIdx");
		else if (!strcmp(n, "dim_threads"))
			bputs(&rd, "blockDim");
	} else if (g->member) {	/* thread_block_tile<N> */
		/*
		 * a tile of more than 32 threads spans warps: the kernels loop
		 * fission runs reach every barrier with the whole block, so the
		 * tile's barrier is the block's
		 */
		if (!strcmp(n, "sync"))
			bputs(&rd, N > 32 ? "__syncthreads()" : "__idxgen_warp_sync()");
		else if (!strcmp(n, "thread_rank"))
			bprintf(&rd, "((unsigned int)" LIN " %% %uu)", N);
		else if (!strcmp(n, "size") || !strcmp(n, "num_threads"))
			bprintf(&rd, "%uu", N);
		else if (!strcmp(n, "meta_group_rank"))
			bprintf(&rd, "((unsigned int)" LIN " / %uu)", N);
		else if (!strcmp(n, "meta_group_size"))
			bprintf(&rd, "((" NT " + %uu) / %uu)", N - 1, N);
		else
			xchg = true;
	} else if (!strcmp(n, "reduce") && N) {
		xchg = true;
	}
	if (xchg && N > 32 && cg_wide_tile_collective(g)) {
		error_at(w->s, call,
			 "cooperative groups: '%s' of a tile of %u threads (several warps) runs only as fibers (not with --exec-model=fission)",
			 n, N);
		return NULL;
	}
	if (xchg && N > 32) {
		error_at(w->s, call, "cooperative groups: '%s' of a tile of %u threads: " LARGE_TILE_NONE, n, N);
		return NULL;
	}
	if (!strcmp(n, "this_grid") || (g->member && !N && !rd.p && strstr(n, "grid"))) {
		error_at(w->s, call,
			 "cooperative_groups::this_grid() runs only as fibers (not with --exec-model=fission): a grid-wide barrier suspends every thread of the grid");
		return NULL;
	}
	if (!xchg && !rd.p) {
		error_at(w->s, call, "cooperative groups: '%s' is not supported here (lib/cc/README.md, \"Warps\")", n);
		return NULL;
	}
	if (xchg) {
		slot = w->nslot++;
		if (g->member) {
			val = wl_text(w->s, clang_Cursor_getArgument(call, 0));
			a1 = clang_Cursor_getNumArguments(call) > 1 ? wl_text(w->s, clang_Cursor_getArgument(call, 1)) : NULL;
		} else {
			val = wl_text(w->s, clang_Cursor_getArgument(call, 1));
			a1 = wl_text(w->s, clang_Cursor_getArgument(call, 2));
		}
		if (!strcmp(n, "ballot") || !strcmp(n, "any") || !strcmp(n, "all")) {
			type = cx_strdup("int");
			bprintf(put, "__idxgen_w%u[32 + " LIN "] = (%s) != 0; ", slot, val);
			bprintf(&rd, "idxgen_cc_tile_%s(__idxgen_w%u + 32, " LIN ", " NT ", %s, %uu)", n, slot, w->alive, N);
		} else {
			type = cx_string(clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(call))));
			bprintf(put, "__idxgen_w%u[32 + " LIN "] = (%s); ", slot, val);
			if (!strcmp(n, "reduce")) {
				char *op = cx_string(clang_getTypeSpelling(clang_getCanonicalType(
					clang_getCursorType(clang_Cursor_getArgument(call, 2)))));
				const char *f = strstr(op, "plus<") ? "add" : strstr(op, "less<") ? "min" :
						strstr(op, "greater<") ? "max" : NULL;

				if (!f)
					error_at(w->s, call, "cg::reduce with '%s': only plus, less and greater are supported", op);
				else
					bprintf(&rd, "idxgen_cc_tile_reduce(__idxgen_w%u + 32, " LIN ", " NT ", %s, %uu, IDXGEN_CC_OP_%s)",
						slot, w->alive, N, f[0] == 'a' ? "ADD" : f[1] == 'i' ? "MIN" : "MAX");
				free(op);
			} else if (!strcmp(n, "shfl_up") || !strcmp(n, "shfl_down")) {
				bprintf(&rd, "idxgen_cc_%s(__idxgen_w%u + 32, " LIN ", " NT ", %s, (%s), %u)", n, slot, w->alive,
					a1 ? a1 : "0", N);
			} else if (!strcmp(n, "shfl") || !strcmp(n, "shfl_xor")) {
				bprintf(&rd, "(__idxgen_w%u + 32)[idxgen_cc_%s_src(" LIN ", " NT ", %s, (%s), %u)]", slot, n,
					w->alive, a1 ? a1 : "0", N);
			} else {
				error_at(w->s, call, "cooperative groups: '%s' is not supported (lib/cc/README.md, \"Warps\")", n);
			}
		}
		bprintf(&w->decls, " __shared__ %s __idxgen_w%u[32 + 1024 + 32];", type, slot);
	}
	bputs(&rd, "");
	free(val);
	free(a1);
	free(type);
	*exchange = xchg;
	return rd.p;
}
