// SPDX-License-Identifier: MIT
/*
 * emit.c - emission of a kernel's body from its plan: thread loops (two
 * forms each: computed indices when the block's index stream is in
 * x-fastest order, the stream otherwise), barriers, uniform control
 * statements with their bodies emitted recursively, once-per-block code.
 * The kernel's own source text is copied, with promoted variables rewritten
 * to their per-thread arrays and returns to jumps.  Scratch state of the
 * thread loop being emitted lives in struct emit, apart from the analysis.
 */
#include "cc.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct emit {
	struct kernel *k;
	struct source *src;
	int region;			/* the thread loop being emitted */
	bool uses_threadIdx, needs_tid, has_return, has_goto;
	bool *need;			/* per variable: recompute/declare in this loop */
	bool *declared_here;		/* per variable: its declaration is in this loop */
	int lambda;			/* inside a lambda (C++): its returns are its own */
	struct loop_conds conds;	/* the loop's conditions decided per block (guard.c) */
	struct loop_aggs aggs;		/* the loop's atomicAdds summed per loop (aggregate.c) */
	const struct stride_index *ix;	/* a stride loop's round with its index computed (stride.c) */
	bool warps;			/* a thread loop ran by whole warps (x_loop_warps) */
	bool unroll;			/* the thread loop's inner loops unrolled fully (unroll.c) */
	bool in_body;			/* writing a thread loop's body (not what runs once per block) */
	const struct tree_level *level;	/* a tree's level: its working threads (tree_level.c) */
};

static unsigned vidx(const struct emit *e, const struct var *v)
{
	return (unsigned)(v - e->k->v);
}

static void emit_node(struct emit *e, CXCursor c, struct buf *o, int loops, int switches);

/* Has c a child of its own extent (an implicit conversion's operand, a conversion operator's call)? */
static bool kid_spans(const struct cx_kids *ks, CXCursor c)
{
	for (unsigned i = 0; i < ks->n; i++)
		if (c_start(ks->c[i]) == c_start(c) && c_end(ks->c[i]) == c_end(c))
			return true;
	return false;
}

/*
 * Is kid i the callee of an overloaded operator call whose extent takes in a
 * later kid's (`in[i]`, `m(r, c)`: clang gives operator[]'s and operator()'s
 * reference the extent of the brackets, the arguments between them)?  Its
 * own text is the operator's punctuation only: it is left to the copy of the
 * text between the kids, so that the arguments are emitted (renamed) in turn.
 */
static bool operator_around_args(const struct cx_kids *ks, unsigned i)
{
	CXCursor callee = ks->c[i];
	unsigned a = c_start(callee), b = c_end(callee);
	bool inside = false, op;
	char *n;

	for (unsigned j = i + 1; j < ks->n; j++) {
		unsigned ja = c_start(ks->c[j]), jb = c_end(ks->c[j]);

		inside |= ja >= a && jb <= b && ja < jb;
	}
	if (!inside)
		return false;
	/* the decay of the operator's reference to a pointer */
	while (clang_getCursorKind(callee) == CXCursor_UnexposedExpr) {
		struct cx_kids in = cx_kids_of(callee);

		callee = in.n == 1 ? in.c[0] : clang_getNullCursor();
		cx_kids_free(&in);
	}
	if (clang_getCursorKind(callee) != CXCursor_DeclRefExpr)
		return false;
	n = cx_spelling(callee);
	op = n && !strncmp(n, "operator", 8);
	free(n);
	return op;
}

static void emit_children(struct emit *e, CXCursor c, unsigned from, unsigned to, struct buf *o, int loops,
			  int switches)
{
	struct cx_kids ks = cx_kids_of(c);
	unsigned pos = from, i;
	enum CXCursorKind ck = clang_getCursorKind(c);
	int l2 = loops + (ck == CXCursor_ForStmt || ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt);
	int s2 = switches + (ck == CXCursor_SwitchStmt);
	/* all of c copied here: the edits of a group of c's extent (a shift's, shift.c; a conversion's,
	   narrow_cast.c) go between its parts, at the innermost node of that extent (applied once) */
	bool whole = from <= c_start(c) && to >= c_end(c) && !kid_spans(&ks, c);
	unsigned ga = whole ? c_start(c) : 0;
	unsigned gb = whole ? c_end(c) : 0;

	for (i = 0; i < ks.n; i++) {
		unsigned a = c_start(ks.c[i]), b = c_end(ks.c[i]);

		if (a < pos || b > to || a > b || operator_around_args(&ks, i))
			continue;
		emit_src_of(e->src, ga, gb, pos, a, o);
		emit_node(e, ks.c[i], o, l2, s2);
		pos = b;
	}
	emit_src_of(e->src, ga, gb, pos, to, o);
	cx_kids_free(&ks);
}

/*
 * A one-copy-per-block variable declared, without an initializer or with a
 * uniform one without effects, by a declaration that also declares
 * per-thread variables (int m, e = threadIdx.x;): declared in front of the
 * thread loop (hoist_decls), left out of the loop's copy.
 */
static bool loop_scalar(const struct var *v)
{
	return v->cls == V_SCALAR && !v->param && !v->shared;
}

/* A declaration with promoted variables: assignments to their elements, the rest declared. */
static void emit_promoted_decl(struct emit *e, CXCursor d, struct buf *o, int loops, int switches)
{
	struct cx_kids ks = cx_kids_of(d);
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		CXCursor v = ks.c[i], init = var_init(v);
		struct var *var = var_decl(e->k, v);

		if (!var || (var->cls == V_REMAT && !e->need[vidx(e, var)]))
			continue;	/* recomputed where it is used */
		if (loop_scalar(var))
			continue;	/* declared in front of the thread loop */
		if (var->cls == V_PROMOTED) {
			if (!clang_Cursor_isNull(init)) {
				if (var->array) {
					error_at(e->src, v,
						 "array '%s' lives across __syncthreads() and has an initializer: not supported",
						 var->name);
					continue;
				}
				bprintf(o, "%s[__t] = ", var->pname);
				if (clang_getCursorKind(init) == CXCursor_InitListExpr) {
					/* an initializer list becomes a compound literal */
					char *t = cx_string(clang_getTypeSpelling(
						clang_getUnqualifiedType(clang_getCursorType(v))));

					bprintf(o, "(%s)", t);
					free(t);
				}
				emit_node(e, init, o, loops, switches);
				bput(o, "; ", 2);
			}
		} else {
			char *t = cx_string(clang_getTypeSpelling(clang_getCursorType(v)));

			if (var->array) {
				error_at(e->src, v, "declare array '%s' in a declaration of its own", var->name);
			} else {
				if (init_at_name(v, init)) {
					bprintf(o, "%s ", t);	/* "T v(args)": the text is "v(args)" */
					emit_node(e, init, o, loops, switches);
				} else {
					bprintf(o, "%s %s", t, var->name);
					if (!clang_Cursor_isNull(init)) {
						bput(o, " = ", 3);
						emit_node(e, init, o, loops, switches);
					}
				}
				bput(o, "; ", 2);
			}
			free(t);
		}
	}
	cx_kids_free(&ks);
}

static bool decl_has_promoted(struct emit *e, CXCursor d)
{
	struct cx_kids ks = cx_kids_of(d);
	bool r = false;
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		struct var *v = var_decl(e->k, ks.c[i]);

		if (v && (v->cls == V_PROMOTED || (v->cls == V_REMAT && !e->need[vidx(e, v)]) ||
			  loop_scalar(v)))
			r = true;
	}
	cx_kids_free(&ks);
	return r;
}

static void emit_node(struct emit *e, CXCursor c, struct buf *o, int loops, int switches);

/*
 * `return f(...);` in a void kernel (a switch that hands on to a template's
 * instantiation: the CUDA Handbook's AddKernel) calls f before the thread
 * leaves: its value, a void expression, as a statement of its own.  Leaving
 * it out dropped the call (the kernel wrote nothing).
 */
static bool emit_return_value(struct emit *e, CXCursor ret, const char *pre, struct buf *o,
			      int loops, int switches)
{
	struct cx_kids ks = cx_kids_of(ret);
	bool r = ks.n > 0;

	if (r) {
		bputs(o, pre);
		emit_node(e, ks.c[0], o, loops, switches);
		bputs(o, ";");
	}
	cx_kids_free(&ks);
	return r;
}

static void emit_node(struct emit *e, CXCursor c, struct buf *o, int loops, int switches)
{
	enum CXCursorKind ck = clang_getCursorKind(c);

	if (ck == CXCursor_ForStmt && e->unroll && e->in_body)
		bputs(o, "IDXGEN_CC_UNROLL_FULL ");	/* the thread loop innermost: vectorised (unroll.c) */
	for (unsigned j = 0; j < e->conds.n; j++)
		if (clang_equalCursors(c, e->conds.c[j])) {
			bprintf(o, e->conds.negated[j] ? "(!__idxgen_cond_%u && (" : "(__idxgen_cond_%u || (", j);
			emit_children(e, c, c_start(c), c_end(c), o, loops, switches);
			bputs(o, "))");
			return;
		}
	for (unsigned j = 0; j < e->aggs.n; j++)
		if (clang_equalCursors(c, e->aggs.call[j])) {
			emit_agg_add(e->k, &e->aggs, j, o);
			emit_node(e, e->aggs.val[j], o, loops, switches);
			bputs(o, "))");
			return;
		}
	if (ck == CXCursor_CallExpr && block_atomic(e->k, c)) {
		bputs(o, "idxgen_cc_block_");	/* a plain update: the block's threads run on one CPU (block_atomic.c) */
		emit_children(e, c, c_start(c), c_end(c), o, loops, switches);
		return;
	}
	if (ck == CXCursor_DeclRefExpr) {
		struct var *v = var_of(e->k, c);

		if (v && v->cls == V_PROMOTED && !(e->ix && v == e->ix->v)) {
			/* its text is not copied: a conversion's group of its extent around the element */
			emit_src_of(e->src, c_start(c), c_end(c), c_start(c), c_start(c), o);
			bprintf(o, "%s[__t]", v->pname);
			emit_src_of(e->src, c_start(c), c_end(c), c_end(c), c_end(c), o);
			return;
		}
	} else if (is_pragma_stmt(e->src, c)) {
		emit_node(e, unwrap_stmt(e->src, c), o, loops, switches);	/* #pragma unroll: ignored */
		return;
	} else if (ck == CXCursor_DeclStmt && is_shared_decl(c)) {
		bput(o, ";", 1);	/* hoisted in front of the thread loop */
		return;
	} else if (ck == CXCursor_DeclStmt && decl_has_promoted(e, c)) {
		emit_promoted_decl(e, c, o, loops, switches);
		return;
	} else if (ck == CXCursor_LambdaExpr) {
		e->lambda++;
		emit_children(e, c, c_start(c), c_end(c), o, loops, switches);
		e->lambda--;
		return;
	} else if (ck == CXCursor_ReturnStmt && !e->lambda) {
		struct buf v = { 0 };

		e->has_goto = true;
		if (emit_return_value(e, c, " ", &v, loops, switches) || e->k->done_flags) {
			bputs(o, "do {");
			bput(o, v.p ? v.p : "", v.n);
			if (e->k->done_flags)
				bputs(o, " __done[__t] = 1;");
			bprintf(o, " goto __next_thread_%d; } while (0)", e->region);
		} else
			bprintf(o, "goto __next_thread_%d", e->region);
		buf_free(&v);
		return;
	} else if (ck == CXCursor_BreakStmt && !loops && !switches) {
		error_at(e->src, c, "break out of a loop that contains __syncthreads() is not supported");
	} else if (ck == CXCursor_ContinueStmt && !loops) {
		error_at(e->src, c, "continue in a loop that contains __syncthreads() is not supported");
	}
	emit_children(e, c, c_start(c), c_end(c), o, loops, switches);
}

/* What a thread loop's code needs: threadIdx, the linear index, recomputed variables. */
static void scan_region(struct emit *e, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks;
	unsigned i;
	char *n;

	if (e->ix && clang_equalCursors(c, e->ix->step_stmt))
		return;	/* the round's index is computed, not stepped */
	if ((ck == CXCursor_DeclRefExpr || ck == CXCursor_MemberRefExpr) && (n = builtin_ref(c))) {
		if (!strcmp(n, "threadIdx"))
			e->uses_threadIdx = true;
		free(n);
	}
	if (ck == CXCursor_DeclRefExpr) {
		struct var *v = var_of(e->k, c);

		if (v && v->cls == V_PROMOTED && !(e->ix && v == e->ix->v)) {
			e->needs_tid = true;
			/* a macro's text is copied as written: its use would keep the name (fibers run it);
			   the macro's invocation may be in a kernel file the .cu includes */
			if (in_any_expansion(c))
				error_at(e->src, c, "'%s' %s and is used inside a macro: not supported", v->name,
					 promoted_why(e->k, v));
		}
		if (v && (v->cls == V_REMAT || v->cls == V_SPLIT))
			e->need[vidx(e, v)] = true;
	}
	if (ck == CXCursor_VarDecl) {
		struct var *v = var_decl(e->k, c);

		/* a promoted declaration is code only with its initializer */
		if (v && v->cls == V_PROMOTED && !clang_Cursor_isNull(var_init(c)))
			e->needs_tid = true;
		if (v && v->cls == V_REMAT) {
			e->declared_here[vidx(e, v)] = true;
			return;	/* its initializer counts only if the variable is needed */
		}
		if (v && v->cls == V_SPLIT)
			e->declared_here[vidx(e, v)] = true;
	}
	if (ck == CXCursor_ReturnStmt && !e->lambda) {
		e->has_return = true;
		if (e->k->done_flags)
			e->needs_tid = true;
	}
	e->lambda += ck == CXCursor_LambdaExpr;
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		scan_region(e, ks.c[i]);
	cx_kids_free(&ks);
	e->lambda -= ck == CXCursor_LambdaExpr;
}

/*
 * A kernel's __shared__ declaration as written, in the block function.  The
 * C++ prelude defines __shared__ as thread_local (idxgen_cc_program.h): one
 * object per worker, whose blocks run one after another.  `static __shared__`
 * keeps that (as plain `static` it was one object for every worker: two
 * blocks running at once wrote each other's value).  Otherwise __shared__ is
 * nothing here: one array per block call on the block function's stack,
 * which the compiler knows aliases nothing else.
 */
static void emit_block_local(struct emit *e, CXCursor d, CXCursor v, struct buf *o)
{
	bool st = clang_Cursor_getStorageClass(v) == CX_SC_Static;

	if (!st)
		bputs(o, "#pragma push_macro(\"__shared__\")\n#undef __shared__\n#define __shared__\n");
	bput(o, "\t", 1);
	emit_src(e->src, c_start(d), stmt_end(e->src, d), o);
	bput(o, "\n", 1);
	if (!st)
		bputs(o, "#pragma pop_macro(\"__shared__\")\n");
}

/* A stride loop's round needs what its condition, body and step do, not its init (the loop before). */
static void scan_stride(struct emit *e, CXCursor loop)
{
	CXCursor p[4];

	if (clang_getCursorKind(loop) != CXCursor_ForStmt) {
		scan_region(e, loop);
		return;
	}
	for_parts(e->src, loop, &p[0], &p[1], &p[2], &p[3]);
	for (unsigned i = 1; i < 4; i++)
		if (!clang_Cursor_isNull(p[i]))
			scan_region(e, p[i]);
}

static void emit_shared_decl(struct emit *e, CXCursor d, struct buf *o)
{
	struct cx_kids ks = cx_kids_of(d);
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		CXCursor v = ks.c[i];
		CXType t = clang_getCursorType(v);
		char *n = cx_spelling(v), *ts;

		if (clang_Cursor_getStorageClass(v) == CX_SC_Extern) {
			if (t.kind != CXType_IncompleteArray) {
				error_at(e->src, v, "extern __shared__ '%s' must be an array of unknown size", n);
			} else {
				CXType et = clang_getArrayElementType(t);
				const char *tf = clang_getArrayElementType(et).kind != CXType_Invalid ? "__typeof__(%s)" : "%s";
				struct buf tb = { 0 };

				/*
				 * `extern __shared__ half sm[][80];`: an element type that is
				 * an array cannot prefix a pointer declarator as spelled
				 * (`half[80] *sm`); GNU __typeof__ of the type name can, in C
				 * and C++, dependent types included
				 */
				ts = cx_string(clang_getTypeSpelling(et));
				bprintf(&tb, tf, ts);
				free(ts);
				ts = cx_strdup(tb.p);
				buf_free(&tb);
				if (e->src->cxx)
					bprintf(o, "\t%s *const %s = (%s *)__b->dyn_shared;	/* extern __shared__ */\n",
						ts, n, ts);
				else
					bprintf(o, "\t%s *const %s = __b->dyn_shared;	/* extern __shared__ */\n", ts, n);
				free(ts);
			}
		} else if (e->src->cxx) {
			if (i == 0)	/* C++: the declaration as written, once */
				emit_block_local(e, d, v, o);
		} else {
			if (ks.n > 1)
				error_at(e->src, v, "declare __shared__ arrays one per declaration");
			bput(o, "\t", 1);
			emit_src(e->src, c_start(d), stmt_end(e->src, d), o);
			bput(o, "\n", 1);
		}
		free(n);
	}
	cx_kids_free(&ks);
}

/* One-copy-per-block variables of a thread loop's declaration, declared in front of the loop. */
static enum CXChildVisitResult refs_object_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind r;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		return CXChildVisit_Recurse;
	r = clang_getCursorKind(clang_getCursorReferenced(c));
	if (r == CXCursor_VarDecl || r == CXCursor_ParmDecl) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* A declaration of types only (typedef, using) that names no variable: its text reads the same anywhere. */
static bool type_decl_stmt(CXCursor c)
{
	struct cx_kids ks;
	bool types = clang_getCursorKind(c) == CXCursor_DeclStmt, refs = false;
	unsigned i;

	if (!types)
		return false;
	ks = cx_kids_of(c);
	types = ks.n > 0;
	for (i = 0; i < ks.n && types; i++)
		types = clang_getCursorKind(ks.c[i]) == CXCursor_TypedefDecl ||
			clang_getCursorKind(ks.c[i]) == CXCursor_TypeAliasDecl;
	cx_kids_free(&ks);
	if (types)
		clang_visitChildren(c, refs_object_visit, &refs);
	return types && !refs;
}

static void hoist_decls(struct emit *e, CXCursor c, struct buf *o)
{
	struct cx_kids ks;
	unsigned i;

	if (type_decl_stmt(c)) {
		/*
		 * `typedef cub::BlockLoad<float, T, N> Load;` before `__shared__ typename
		 * Load::TempStorage s;` (HeCBench's quantBnB): the shared declaration goes in
		 * front of the loop, so the type it names must be there too.  The loop keeps
		 * its own copy (an inner scope may declare the name again).
		 */
		bput(o, "\t", 1);
		emit_src(e->src, c_start(c), stmt_end(e->src, c), o);
		bput(o, "\n", 1);
		return;
	}
	if (clang_getCursorKind(c) != CXCursor_DeclStmt || is_shared_decl(c))
		return;
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++) {
		struct var *v = var_decl(e->k, ks.c[i]);
		char *d;

		if (!v || !loop_scalar(v))
			continue;
		d = c_declaration(clang_getCursorType(v->decl), v->name);
		if (init_at_name(v->decl, var_init(v->decl))) {
			char *t = cx_string(clang_getTypeSpelling(clang_getCursorType(v->decl)));
			CXCursor init = var_init(v->decl);

			bprintf(o, "\t%s ", t);	/* "T v(args)": the text is "v(args)" */
			emit_src(e->src, c_start(init), c_end(init), o);
			free(t);
		} else {
			bprintf(o, "\t%s", d);
			if (!clang_Cursor_isNull(var_init(v->decl))) {
				CXCursor init = var_init(v->decl);

				bputs(o, " = ");
				emit_src(e->src, c_start(init), c_end(init), o);
			}
		}
		bputs(o, ";\n");
		free(d);
	}
	cx_kids_free(&ks);
}

static void hoist_shared(struct emit *e, CXCursor c, struct buf *o)
{
	struct cx_kids ks;
	unsigned i;

	if (is_shared_decl(c)) {
		emit_shared_decl(e, c, o);
		return;
	}
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		hoist_shared(e, ks.c[i], o);
	cx_kids_free(&ks);
}

/* if (c) return;  or  if (c) { ...; return; } with no other return, no else */
static bool return_if(const struct source *s, CXCursor st, CXCursor *cond, CXCursor *then)
{
	struct cx_kids ks, b;
	bool r = false;

	if (clang_getCursorKind(st) != CXCursor_IfStmt)
		return false;
	ks = cx_kids_of(st);
	if (ks.n == 2 && clang_getCursorKind(ks.c[0]) != CXCursor_DeclStmt && count_returns(ks.c[1]) == 1) {
		b = body_list(s, ks.c[1]);
		if (b.n && clang_getCursorKind(b.c[b.n - 1]) == CXCursor_ReturnStmt) {
			*cond = ks.c[0];
			*then = ks.c[1];
			r = true;
		}
		cx_kids_free(&b);
	}
	cx_kids_free(&ks);
	return r;
}

/*
 * if (c) { ...; return; } rest  ->  if (c) { ... } else { rest }: no jump out
 * of the thread loop's body, so that the compiler can still vectorize the loop.
 */
static void emit_return_if(struct emit *e, CXCursor cond, CXCursor then, struct buf *body)
{
	struct cx_kids ts = body_list(e->src, then);
	unsigned j;

	bputs(body, "\t\tif (");
	emit_node(e, cond, body, 0, 0);
	bputs(body, ") {\n");
	for (j = 0; j + 1 < ts.n; j++) {
		bputs(body, "\t\t");
		emit_node(e, ts.c[j], body, 0, 0);
		emit_src(e->src, c_end(ts.c[j]), stmt_end(e->src, ts.c[j]), body);
		bputs(body, "\n");
	}
	if (emit_return_value(e, ts.c[ts.n - 1], "\t\t", body, 0, 0))
		bputs(body, "\n");
	if (e->k->done_flags)
		bputs(body, "\t\t\t__done[__t] = 1;\n");
	bputs(body, "\t\t} else {\n");
	cx_kids_free(&ts);
}

/* The statements l[0..n-1] of a thread loop: the loop's body, and shared declarations in pre. */
static void region_body(struct emit *e, CXCursor *l, unsigned n, struct buf *body, struct buf *pre)
{
	unsigned i, closes = 0;

	for (i = 0; i < n; i++) {
		size_t at = body->n, m;
		CXCursor cond, then;

		if (stmt_of(e->k, l[i])->cls == S_SHARED) {
			emit_shared_decl(e, l[i], pre);
			continue;
		}
		hoist_shared(e, l[i], pre);
		hoist_decls(e, l[i], pre);
		if (i + 1 < n && return_if(e->src, l[i], &cond, &then)) {
			emit_return_if(e, cond, then, body);
			closes++;
			continue;
		}
		line_mark_stmt(e->src, l[i], body);
		bputs(body, "\t\t");
		e->in_body = true;
		if (e->level) {	/* the guard is the loop's bounds */
			emit_node(e, e->level->then, body, 0, 0);
			CXCursor t = e->level->then;

			emit_src(e->src, c_end(t), stmt_end(e->src, t), body);
		} else {
			emit_node(e, l[i], body, 0, 0);
			emit_src(e->src, c_end(l[i]), stmt_end(e->src, l[i]), body);
		}
		e->in_body = false;
		for (m = at; m < body->n && strchr(" \t\n", body->p[m]); m++)
			;
		if (m == body->n)
			body->n = at;	/* a declaration that moved away entirely */
		else
			bputs(body, "\n");
	}
	for (; closes; closes--)
		bputs(body, "\t\t}\n");
}

static const char *const axis_name[3] = { "x", "y", "z" };

/*
 * A round with its index computed (stride.c, stride_index): the thread's
 * index declared from the round's start, the body without the step, under
 * the condition (known to hold in the bounded computed-index loop:
 * __idxgen_in_R is 1 there, 0 in the stream's loop).
 */
static void stride_index_body(struct emit *e, struct buf *body)
{
	const struct stride_index *ix = e->ix;
	char *t = cx_string(clang_getTypeSpelling(clang_getCursorType(ix->v->decl)));
	struct cx_kids ks;

	bprintf(body, "\t\t%s %s = (%s)(__idxgen_rb_%d + threadIdx.%s);\n\t\tif (__idxgen_in_%d || (", t,
		ix->v->name, t, e->region, axis_name[ix->axis], e->region);
	free(t);
	emit_node(e, ix->cond, body, 0, 0);
	bputs(body, ")) {\n\t\t");
	if (c_start(ix->body) < c_start(ix->step_stmt) && c_end(ix->step_stmt) < c_end(ix->body)) {
		/* a while's body (stride.c: a block): all but its last statement, the step */
		ks = body_list(e->src, ix->body);
		emit_children(e, ix->body, c_start(ix->body), c_start(ks.c[ks.n - 1]), body, 0, 0);
		bputs(body, "}");
		cx_kids_free(&ks);
	} else {
		emit_node(e, ix->body, body, 0, 0);
		emit_src(e->src, c_end(ix->body), stmt_end(e->src, ix->body), body);
	}
	bputs(body, "\n\t\t}\n");
}

/*
 * A round of an interchanged stride loop (stride.c) for one thread: its
 * next iteration if the condition holds; __idxgen_more_R says whether any
 * thread ran one (the rounds end after one in which none did).  The
 * condition reads only what the thread's own iterations change, so a
 * thread whose condition failed stays out of later rounds.
 */
static void stride_body(struct emit *e, CXCursor loop, struct buf *body, struct buf *pre)
{
	CXCursor init, cond, inc, b;

	if (!stride_loop(e->k, loop, &init, &cond, &inc, &b)) {
		error_at(e->src, loop, "internal error: a stride loop no longer interchanges");
		return;
	}
	hoist_shared(e, b, pre);
	if (e->ix) {
		stride_index_body(e, body);
		return;
	}
	bputs(body, "		const int __idxgen_go = !!(");
	emit_node(e, cond, body, 0, 0);
	bprintf(body, ");\n\t\t__idxgen_more_%d |= __idxgen_go;\n\t\tif (__idxgen_go) {\n\t\t", e->region);
	emit_node(e, b, body, 0, 0);
	emit_src(e->src, c_end(b), stmt_end(e->src, b), body);
	if (!clang_Cursor_isNull(inc)) {
		bputs(body, "\n\t\t");
		emit_node(e, inc, body, 0, 0);
		bputs(body, ";");
	}
	bputs(body, "\n\t\t}\n");
}

/* Declarations at the top of the loop: recomputed and split variables. */
static void region_locals(struct emit *e, struct buf *o)
{
	struct kernel *k = e->k;
	unsigned j;
	char *t;

	for (j = 0; j < k->nv; j++) {
		struct var *v = &k->v[j];

		if (v->cls == V_SPLIT && e->need[j] && !e->declared_here[j]) {
			t = cx_string(clang_getTypeSpelling(clang_getUnqualifiedType(clang_getCursorType(v->decl))));
			bprintf(o, "\t\t%s %s __attribute__((unused));\t/* assigned before use: not live across the barrier */\n",
				t, v->name);
			free(t);
			continue;
		}
		if (v->cls != V_REMAT || !e->need[j] || e->declared_here[j])
			continue;
		t = cx_string(clang_getTypeSpelling(clang_getCursorType(v->decl)));
		if (init_at_name(v->decl, var_init(v->decl)))
			bprintf(o, "\t\t%s ", t);	/* "dim3 i(x, 1, 1)": the text is "i(x, 1, 1)" */
		else
			bprintf(o, "\t\t%s %s = ", t, v->name);
		emit_node(e, var_init(v->decl), o, 0, 0);
		bprintf(o, ";\t/* recomputed */\n");
		free(t);
	}
}

/* A copy of the body for a computed-index loop: its jumps go to a label of its own (suffix). */
static void relabel(const struct emit *e, const struct buf *body, char suffix, struct buf *lin)
{
	char lab[64], lab2[64];
	size_t q, ll;

	snprintf(lab, sizeof(lab), "__next_thread_%d;", e->region);
	snprintf(lab2, sizeof(lab2), "__next_thread_%d%c;", e->region, suffix);
	ll = strlen(lab) - 1;
	for (q = 0; q < body->n; q++) {
		if (!strncmp(body->p + q, lab, ll) && !isalnum((unsigned char)body->p[q + ll])) {
			bput(lin, lab2, strlen(lab2) - 1);
			q += ll - 1;
		} else {
			bput(lin, body->p + q, 1);
		}
	}
}

/*
 * How the thread loops spell CUDA's index type: "dim3", or the header's
 * second name for it where a variable of the kernel is named dim3 (llm.c's
 * permute_kernel(..., int dim3, int dim4)), which hides the type from there
 * to the end of the body.
 */
static const char *dim3_type(const struct kernel *k)
{
	for (unsigned i = 0; i < k->nv; i++)
		if (!strcmp(k->v[i].name, "dim3"))
			return "__idxgen_dim3";
	return "dim3";
}

/* The loop's head: the thread's indices, its flag, its recomputed locals. */
static void loop_prologue(const struct emit *e, const struct buf *locals, bool linear, struct buf *o)
{
	if (linear && (e->needs_tid || e->k->done_flags))
		bprintf(o, "\t\tconst uint32_t __t = (__tz * __bdy + __ty) * __bdx + __tx;\n");
	if (e->uses_threadIdx)
		bprintf(o, linear ? "\t\tconst %s threadIdx = { __tx, __ty, __tz };\n" :
				    "\t\tconst %s threadIdx = { __sx[__t], __sy[__t], __sz[__t] };\n",
			dim3_type(e->k));
	if (e->src->tls || e->src->traps)	/* __device__ functions, __trap() or assert() read threadIdx */
		bprintf(o, linear ? "\t\tidxgen_cc_set_thread(__tx, __ty, __tz);\n" :
				    "\t\tidxgen_cc_set_thread(__sx[__t], __sy[__t], __sz[__t]);\n");
	if (e->k->done_flags)
		bprintf(o, "\t\tif (__done[__t])\n\t\t\tcontinue;\n");
	if (locals->n)
		bput(o, locals->p, locals->n);
}

/*
 * The pragma that lets the compiler run a loop's threads in any order
 * (vectorize without dependence checks: threads of a barrier-free region
 * are independent), where it pays: every access contiguous in threadIdx.x
 * or the same for all threads (contig.c; over scattered accesses forcing
 * buys gathers slower than the scalar loop, so there the compiler decides
 * alone, proving what it assumes).  Never when the loop hands each
 * thread's index to the __device__ functions through
 * idxgen_cc_set_thread(): that store to one thread_local and the
 * functions' loads of it are a dependence between iterations, and clang
 * 16 vectorizing past it gave every lane of a vector the last lane's
 * threadIdx (tests/cc/whole/progs/regress.cu).
 */
static void independent(const struct emit *e, CXCursor scattered, CXCursor block_atomic, bool step,
			struct buf *o)
{
	unsigned line;

	if (step) {
		bputs(o, "\t/* the compiler's choice: the guard's step (one residue of threadIdx.x) */\n");
	} else if (e->src->tls) {
		bputs(o, "\t/* threadIdx handed to __device__ functions: ordered */\n");
	} else if (!clang_Cursor_isNull(block_atomic)) {
		clang_getExpansionLocation(clang_getCursorLocation(block_atomic), NULL, &line, NULL, NULL);
		bprintf(o, "\t/* the compiler's choice: line %u's atomic is a plain update or keeps its order */\n", line);
	} else if (clang_Cursor_isNull(scattered)) {
		bputs(o, "\tIDXGEN_CC_INDEPENDENT	/* contiguous or uniform accesses: vectorised, no order */\n");
	} else {
		clang_getExpansionLocation(clang_getCursorLocation(scattered), NULL, &line, NULL, NULL);
		bprintf(o, "\t/* the compiler's choice: line %u's access is not contiguous in threadIdx.x */\n",
			line);
	}
}

/* Is the x loop run warp by warp (warp_chunks below)? */
static bool chunked(const struct emit *e, bool chunk, CXCursor block_atomic)
{
	return chunk && !e->src->tls && clang_Cursor_isNull(block_atomic);
}

/*
 * The x loop warp by warp (contig.c's chunk: an access contiguous only
 * within a warp's 32 threads, `warp_sums[tid % 32]`): chunks of threadIdx.x
 * that start at multiples of 32, each forced to vectorise, so clang sees
 * tid % 32 step by one in it (the block sum's reload of its warp sums ran
 * scalar, 35 % of the kernel).  Writes the loops' headers and returns true,
 * or nothing and false where the loop is not such or must keep its order.
 */
static bool warp_chunks(const struct emit *e, bool chunk, CXCursor block_atomic, const char *lo, const char *hi,
			struct buf *o)
{
	if (!chunked(e, chunk, block_atomic))
		return false;
	bool from0 = !strcmp(lo, "0");

	/* the chunk's end in a variable: gcc ignores ivdep on a loop whose condition has a ?: */
	bprintf(o, "\tfor (uint32_t __tx0 = %s; __tx0 < %s; __tx0 += 32u) {\t/* warp by warp */\n"
		   "\tconst uint32_t __tx1 = %s - __tx0 > 32u ? __tx0 + 32u : %s;\n"
		   "\tIDXGEN_CC_INDEPENDENT	/* contiguous or uniform accesses in each warp: vectorised, no order */\n",
		from0 ? "0" : "__idxgen_lo_x & ~31u", hi, hi, hi);
	bprintf(o, "\tfor (uint32_t __tx = %s; __tx < __tx1; __tx++) {\n",
		from0 ? "__tx0" : "__tx0 < __idxgen_lo_x ? __idxgen_lo_x : __tx0");
	return true;
}

/*
 * The x loop's body after its head: the thread's prologue, the body (a
 * copy relabelled with suffix), the jump target, the closing brace.
 */
static void x_body(const struct emit *e, const struct buf *locals, const struct buf *body, char suffix,
		   struct buf *o)
{
	struct buf lin = { 0 };
	bool cxx_goto = e->has_goto && e->src->cxx;

	relabel(e, body, suffix, &lin);
	loop_prologue(e, locals, true, o);
	if (cxx_goto)	/* C++: a goto may not jump over initializations into their scope */
		bputs(o, "\t{\n");
	if (lin.n)
		bput(o, lin.p, lin.n);
	if (cxx_goto)
		bputs(o, "\t}\n");
	if (e->has_goto)
		bprintf(o, "\t__next_thread_%d%c:;\n", e->region, suffix);
	bputs(o, "\t}\n");
	buf_free(&lin);
}

/*
 * The x loop [lo, hi) of a computed-index loop as whole warps, then the
 * rest: loops of exactly 32 threads (a trip count the compiler knows: it
 * unrolls them fully; POCL gets the same by compiling each work-group size
 * apart), then the last partial warp.  Same threads in the same order as
 * one loop.  Only where an access is not contiguous in threadIdx.x (the
 * vectorisation left to the compiler: gathers, or a scalar loop) and the
 * guard did not become bounds: transpose's tile read down a column ran
 * 1.1x faster so.  Not for the forced loops: fully unrolled, clang no
 * longer vectorises the small ones (tests/cc/check-vectorize.sh), and the
 * reduction tree's bounded levels ran 0.55x as warps (fifteenth session).
 */
static void x_loop_warps(struct emit *e, CXCursor scattered, CXCursor block_atomic, const char *lo,
			 const char *hi, const struct buf *locals, const struct buf *body, struct buf *o)
{
	e->warps = true;
	bprintf(o, "\t{\n\tuint32_t __txw = %s;\n"
		   "\tfor (; __txw + 32u <= %s; __txw += 32u)\t/* whole warps */\n", lo, hi);
	independent(e, scattered, block_atomic, false, o);
	bputs(o, "\tfor (uint32_t __tx = __txw; __tx < __txw + 32u; __tx++) {\n");
	x_body(e, locals, body, 'w', o);
	bputs(o, "\t/* the last partial warp */\n");
	independent(e, scattered, block_atomic, false, o);
	bprintf(o, "\tfor (uint32_t __tx = __txw; __tx < %s; __tx++) {\n", hi);
	x_body(e, locals, body, 'l', o);
	bputs(o, "\t}\n");
}

/* A computed-index round's box: the threads whose index B + threadIdx.a + r * S is below the bound. */
static void stride_index_bounds(const struct emit *e, struct buf *o)
{
	const char *a = axis_name[e->ix->axis];
	int r = e->region;

	bprintf(o, "\t/* round __idxgen_rb_%d's threads: those whose index is below the bound */\n", r);
	bputs(o, "\tuint32_t __idxgen_lo_x = 0, __idxgen_hi_x = __bdx, __idxgen_lo_y = 0,"
		 " __idxgen_hi_y = __bdy, __idxgen_lo_z = 0, __idxgen_hi_z = __bdz;\n");
	bprintf(o, "\tif (__idxgen_su_%d - __idxgen_rb_%d < (int64_t)__bd%s)\n"
		   "\t\t__idxgen_hi_%s = (uint32_t)(__idxgen_su_%d - __idxgen_rb_%d);\n"
		   "\tconst int __idxgen_in_%d = 1;\n",
		r, r, a, a, r, r, r);
}

/*
 * The base of a computed-index round's lone x loop (one_d_x_loop): the
 * round's start, where the index runs on threadIdx.x through types no
 * wider than an int (issue 40: dot and histo of tests/bench/progs).  The
 * kernel's `i = (int)(__idxgen_rb_R + threadIdx.x)` wraps in 32 bits as
 * far as the compiler knows, so it sign-extended it for every access
 * beside a second counter for the thread; counted by __idxgen_gi it folds
 * back to that signed counter.  The round head's range check (the index's
 * type's maximum above every index the loop computes, the start >= 0)
 * makes the start exact in a uint32_t and B + [lo, hi) fit an int, so
 * one_d_x_loop's own check holds: the same threads in the same order.
 */
static bool stride_x_base(const struct emit *e, struct buf *o)
{
	if (e->ix->axis != 0 || e->ix->limit > INT32_MAX)
		return false;
	bprintf(o, "\tconst uint32_t __idxgen_gb __attribute__((unused)) = (uint32_t)__idxgen_rb_%d;"
		   "\t/* the round's start: a 1-D block's x loop counts by its index */\n", e->region);
	return true;
}

/*
 * A level of a reduction tree (tree_level.c): only its working threads,
 * in any order (independent: proven there), so one loop for every stream
 * order; a 1-D block (the caller's branch), so threadIdx.x = __tx.
 */
static void level_loop(struct emit *e, const struct buf *body, const struct buf *locals,
		       struct buf *o)
{
	bputs(o, "\t{\t/* a level of the tree: only the threads that work, each once"
		 " (tree_level.c) */\n");
	emit_tree_level_bounds(e->k, e->level, o);
	bputs(o, "\tconst uint32_t __ty __attribute__((unused)) = 0,"
		 " __tz __attribute__((unused)) = 0;\n");
	independent(e, clang_getNullCursor(), clang_getNullCursor(), e->level->doubling, o);
	bprintf(o, "\tfor (uint32_t __tx = 0; __tx < __idxgen_lv_hi; __tx%s) {\n",
		e->level->doubling ? " += __idxgen_lv_st" : "++");
	x_body(e, locals, body, 'l', o);
	bputs(o, "\t}\n");
}

/* The header of the x loop counted by the global index, and threadIdx.x from it (global_x_loop, one_d_x_loop). */
static void counted_x_for(struct buf *o)
{
	bputs(o, "\tfor (int32_t __idxgen_gi = (int32_t)(__idxgen_gb + __idxgen_lo_x);"
		 " __idxgen_gi < (int32_t)(__idxgen_gb + __idxgen_hi_x); __idxgen_gi++) {\n"
		 "\t\tconst uint32_t __tx = (uint32_t)__idxgen_gi - __idxgen_gb;\n");
}

/*
 * A bounded x loop counted by the global index B + threadIdx.x of the
 * guard (B: blockIdx.x * blockDim.x, say) in a signed int (issue 40 item 2:
 * no per-thread index arithmetic the block's shape makes constant).  The
 * kernel's own `i = B + threadIdx.x` is 32-bit arithmetic that may wrap,
 * so the compiler widened it for every vector (vector add: lea +
 * movslq per 8 ints beside the load, add and store).  Counted by
 * __idxgen_gi, threadIdx.x is __idxgen_gi - B and the kernel's index folds
 * back to __idxgen_gi, a signed counter that cannot overflow (the block's
 * range checked below): one pointer step.  Same threads, same order; where
 * B + [lo, hi) does not fit an int, the loop as before (the caller's else).
 * Writes the first loop and `} else {`; __idxgen_gb is emit_guard_x_base's.
 */
static void global_x_loop(const struct emit *e, CXCursor scattered, CXCursor batomic, const struct buf *locals,
			  const struct buf *body, struct buf *o)
{
	bputs(o, "\tif (__idxgen_lo_x <= __idxgen_hi_x && (int64_t)__idxgen_gb + __idxgen_hi_x <= INT32_MAX) {"
		 "\t/* counted by the global index: it folds with the kernel's own */\n");
	independent(e, scattered, batomic, false, o);
	counted_x_for(o);
	x_body(e, locals, body, 'g', o);
	bputs(o, "\t} else {\n");
}

/*
 * global_x_loop's loop alone where the y/z loops around it run once, at
 * (0, 0) (a 1-D block: the guard bounds x only), and every condition flag
 * is set (the bounds decide each condition for the whole block): issue 40
 * item 1, per-block overhead.  Inside the y/z loops the compiler kept the
 * vector loop's setup in them, spilled, and did not unswitch on the flags
 * once the loop stood alone (vector add: 226 instructions a 256-thread
 * block, 449 with the flags left in, 200 with them constant).  So the
 * flags are shadowed by constants 1, which is the value just tested: the
 * same threads in the same order, the same conditions' values.  Also a
 * computed-index stride round's loop (__idxgen_gb from stride_x_base).
 * Writes the loop and `} else {`; the caller closes the else around the
 * general form.
 */
static void one_d_x_loop(const struct emit *e, CXCursor scattered, CXCursor batomic,
			 const struct buf *locals, const struct buf *body, struct buf *o)
{
	bputs(o, "\tif (__idxgen_lo_y == 0 && __idxgen_hi_y == 1 && __idxgen_lo_z == 0 && __idxgen_hi_z == 1");
	for (unsigned j = 0; j < e->conds.n; j++)
		bprintf(o, " && __idxgen_cond_%u", j);
	bputs(o, "\n\t    && __idxgen_lo_x <= __idxgen_hi_x && (int64_t)__idxgen_gb + __idxgen_hi_x <= INT32_MAX) {"
		 "\t/* a 1-D block, its conditions decided: the x loop alone */\n"
		 "\tconst uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;\n");
	for (unsigned j = 0; j < e->conds.n; j++)
		bprintf(o, "\tconst int __idxgen_cond_%u __attribute__((unused)) = 1;\n", j);
	independent(e, scattered, batomic, false, o);
	counted_x_for(o);
	x_body(e, locals, body, 'd', o);
	bputs(o, "\t} else {\n");
}

/*
 * A computed-index round and the next one at a time (stride_pair.c: the
 * body writes only the thread's own locals), each thread's two iterations
 * in a row, where both rounds are whole in a 1-D block with no condition
 * flags: one_d_x_loop's loop with the body twice, the second in round r +
 * 1 (`__idxgen_rb_R` redeclared there), then the round loop steps past it.
 * dot's per-thread sum is loaded and stored once for two rounds.  Writes
 * the loop and `} else` in front of one_d_x_loop's `if`.
 */
static void stride_pair_loop(const struct emit *e, CXCursor scattered, CXCursor batomic,
			     const struct buf *locals, const struct buf *body, struct buf *o)
{
	struct buf two = { 0 };
	int r = e->region;

	bprintf(o, "\tif (__idxgen_lo_y == 0 && __idxgen_hi_y == 1 && __idxgen_lo_z == 0 && __idxgen_hi_z == 1\n"
		   "\t    && __idxgen_lo_x == 0 && __idxgen_hi_x == __bdx && (int64_t)__idxgen_gb + __bdx <= INT32_MAX\n"
		   "\t    && __idxgen_su_%d - __idxgen_rb_%d - __idxgen_ss_%d >= (int64_t)__bdx) {"
		   "\t/* this round and the next whole: each thread's two iterations in a row */\n"
		   "\tconst uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;\n"
		   "\tconst int64_t __idxgen_rn_%d = __idxgen_rb_%d + __idxgen_ss_%d;\n",
		r, r, r, r, r, r);
	independent(e, scattered, batomic, false, o);
	counted_x_for(o);
	bputs(&two, "\t\t{\n");
	bput(&two, body->p, body->n);
	bprintf(&two, "\t\t}\n\t\t{\t/* round r + 1 */\n\t\tconst int64_t __idxgen_rb_%d = __idxgen_rn_%d;\n", r, r);
	bput(&two, body->p, body->n);
	bputs(&two, "\t\t}\n");
	x_body(e, locals, &two, 'p', o);
	bprintf(o, "\t__idxgen_rb_%d = __idxgen_rn_%d;\t/* round r + 1 ran too */\n\t} else\n", r, r);
	buf_free(&two);
}

/*
 * Two forms of the same loop: computed indices when the block's index
 * stream is in x-fastest order (the compiler can then vectorize with
 * contiguous accesses), the stream otherwise.  Same thread t in both (t is
 * the stream position).
 */
static void emit_loops(struct emit *e, CXCursor *l, unsigned n, const struct buf *body,
		       const struct buf *locals, struct buf *o)
{
	unsigned line0, line1;
	bool cxx_goto = e->has_goto && e->src->cxx, step = false, bounded, gi, gi1, ixg;
	bool chunk;
	CXCursor scattered = loop_scattered_access(e->k, l, n, &chunk), batomic = loop_block_atomic(e->k, l, n);
	const char *lo, *hi;

	if (clang_Cursor_isNull(batomic))	/* a floating add's buffer: an order to keep too */
		batomic = aggs_in_order(&e->aggs);

	clang_getExpansionLocation(clang_getCursorLocation(l[0]), NULL, &line0, NULL, NULL);
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(l[n - 1])), NULL, &line1, NULL, NULL);
	bprintf(o, "\t/* thread loop %d: %s lines %u-%u */\n", e->region, e->src->path, line0, line1);
	if (e->level) {
		level_loop(e, body, locals, o);
		return;
	}
	bprintf(o, "\tif (__linear) {	/* the stream is in x-fastest order: computed indices */\n");
	emit_agg_decls(&e->aggs, o);
	if (e->ix)
		stride_index_bounds(e, o);
	bounded = e->ix || emit_guard_bounds(e->k, l, n, &step, o);
	gi = bounded && !e->ix && !step && emit_guard_x_base(e->k, l, n, o);
	ixg = e->ix && stride_x_base(e, o);
	emit_cond_flags(e->k, l, n, &e->conds, bounded, o);
	/* the plain form below (global_x_loop), or a computed-index round's */
	gi1 = (gi || ixg) && !chunked(e, chunk, batomic);
	if (gi1 && ixg && !e->conds.n && !e->has_goto && !e->src->tls && stride_pairs(e->k, e->ix))
		stride_pair_loop(e, scattered, batomic, locals, body, o);
	if (gi1)
		one_d_x_loop(e, scattered, batomic, locals, body, o);
	if (bounded)
		bprintf(o, "\tfor (uint32_t __tz = __idxgen_lo_z; __tz < __idxgen_hi_z; __tz++)\n"
			   "\tfor (uint32_t __ty = __idxgen_lo_y; __ty < __idxgen_hi_y; __ty++)\n");
	else
		bprintf(o, "\tfor (uint32_t __tz = 0; __tz < __bdz; __tz++)\n"
			   "\tfor (uint32_t __ty = 0; __ty < __bdy; __ty++)\n");
	lo = bounded ? "__idxgen_lo_x" : "0";
	hi = bounded ? "__idxgen_hi_x" : "__bdx";
	if (step) {
		independent(e, scattered, batomic, true, o);
		bprintf(o, "\tfor (uint32_t __tx = %s; __tx < %s; __tx += __idxgen_st_x) {\n", lo, hi);
		x_body(e, locals, body, 'l', o);
	} else if (warp_chunks(e, chunk, batomic, lo, hi, o)) {
		x_body(e, locals, body, 'l', o);
		bputs(o, "\t}\n");
	} else if (!bounded && !clang_Cursor_isNull(scattered) && !e->src->tls && clang_Cursor_isNull(batomic)) {
		x_loop_warps(e, scattered, batomic, lo, hi, locals, body, o);
	} else {
		if (gi)
			global_x_loop(e, scattered, batomic, locals, body, o);
		independent(e, scattered, batomic, false, o);
		bprintf(o, "\tfor (uint32_t __tx = %s; __tx < %s; __tx++) {\n", lo, hi);
		x_body(e, locals, body, 'l', o);
		if (gi)
			bputs(o, "\t}\n");
	}
	if (gi1)
		bputs(o, "\t}\n");
	emit_agg_flush(e->k, &e->aggs, o);
	bprintf(o, "\t} else {	/* any other order: indices from the stream */\n");
	emit_agg_decls(&e->aggs, o);
	for (unsigned j = 0; j < e->conds.n; j++)
		bprintf(o, "\tconst int __idxgen_cond_%u __attribute__((unused)) = 0;\n", j);
	if (e->ix)
		bprintf(o, "\tconst int __idxgen_in_%d = 0;\n", e->region);
	if (chunk && !e->src->tls && clang_Cursor_isNull(batomic))	/* as before warp_chunks() */
		bputs(o, "\t/* the compiler's choice: accesses contiguous only warp by warp */\n");
	else
		independent(e, scattered, batomic, false, o);
	bputs(o, "\tIDXGEN_RT_FOR_THREADS(__b, __t) {\n");
	loop_prologue(e, locals, false, o);
	if (cxx_goto)
		bputs(o, "\t{\n");
	bput(o, body->p, body->n);
	if (cxx_goto)
		bputs(o, "\t}\n");
	if (e->has_goto)
		bprintf(o, "\t__next_thread_%d:;\n", e->region);
	bputs(o, "\t}\n");
	emit_agg_flush(e->k, &e->aggs, o);
	bputs(o, "\t}\n");
}

/* A thread loop's text from its statements l[0..n-1]: its body, what goes in front (pre), its locals. */
static void region_prepare(struct emit *e, CXCursor *l, unsigned n, struct buf *body, struct buf *pre,
			   struct buf *locals)
{
	struct kernel *k = e->k;
	unsigned i;
	int j;

	e->uses_threadIdx = e->needs_tid = e->has_return = e->has_goto = false;
	memset(e->need, 0, k->nv * sizeof(*e->need));
	memset(e->declared_here, 0, k->nv * sizeof(*e->declared_here));
	e->region = stmt_of(k, l[0])->region;
	for (i = 0; i < n; i++)
		if (stmt_of(k, l[i])->stride)
			scan_stride(e, l[i]);
		else if (stmt_of(k, l[i])->cls != S_SHARED)
			scan_region(e, l[i]);
	/*
	 * Recomputed variables this loop needs, with the ones their initializers
	 * use (declaration order: an initializer uses earlier variables only).
	 */
	for (j = (int)k->nv - 1; j >= 0; j--)
		if (k->v[j].cls == V_REMAT && e->need[j])
			scan_region(e, var_init(k->v[j].decl));
	if (e->ix)
		e->uses_threadIdx = true;	/* the round's index */
	if (!e->level) {	/* a level's statement has neither (tree_level.c) */
		loop_conds(k, l, n, &e->conds);
		loop_aggs(k, l, n, &e->aggs);
	}
	e->unroll = unroll_region(k, l, n);
	if (n == 1 && stmt_of(k, l[0])->stride)
		stride_body(e, l[0], body, pre);
	else
		region_body(e, l, n, body, pre);
	region_locals(e, locals);
}

/* One thread loop: the statements l[0..n-1] of a region (and shared declarations). */
static void emit_region(struct emit *e, CXCursor *l, unsigned n, struct buf *o)
{
	struct buf body = { 0 }, pre = { 0 }, locals = { 0 };

	if (!n)
		return;
	region_prepare(e, l, n, &body, &pre, &locals);
	if (pre.n)
		bput(o, pre.p, pre.n);
	if (body.n)
		emit_loops(e, l, n, &body, &locals, o);
	e->conds.n = 0;
	e->aggs.n = 0;
	buf_free(&body);
	buf_free(&pre);
	buf_free(&locals);
}

static void emit_list(struct emit *e, CXCursor *l, unsigned n, struct buf *o);

static void emit_body(struct emit *e, CXCursor b, struct buf *o)
{
	struct cx_kids ks = body_list(e->src, b);

	bput(o, "{\n", 2);
	emit_list(e, ks.c, ks.n, o);
	bput(o, "\t}", 2);
	cx_kids_free(&ks);
}

/* A uniform control statement containing barriers: its header once per block, its bodies split. */
static void emit_control_plain(struct emit *e, CXCursor c, struct buf *o)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks = cx_kids_of(c);
	unsigned i, pos = c_start(c);

	bput(o, "\t", 1);
	if (ck == CXCursor_CompoundStmt) {
		emit_body(e, c, o);
	} else if (ck == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(e->src, c, &init, &cond, &inc, &body);
		emit_src(e->src, pos, c_start(body), o);
		emit_body(e, body, o);
	} else if (ck == CXCursor_IfStmt || ck == CXCursor_WhileStmt) {
		for (i = 1; i < ks.n; i++) {
			emit_src(e->src, pos, c_start(ks.c[i]), o);
			emit_body(e, ks.c[i], o);
			if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
				pos = c_end(ks.c[i]);
			else
				pos = stmt_end(e->src, ks.c[i]);
		}
	} else if (ck == CXCursor_DoStmt) {
		emit_src(e->src, pos, c_start(ks.c[0]), o);
		emit_body(e, ks.c[0], o);
		pos = clang_getCursorKind(ks.c[0]) == CXCursor_CompoundStmt ? c_end(ks.c[0]) :
									       stmt_end(e->src, ks.c[0]);
		emit_src(e->src, pos, stmt_end(e->src, c), o);
	}
	bput(o, "\n", 1);
	cx_kids_free(&ks);
}


/*
 * The branches of the common 1-D block sizes up to most, each with the
 * shape a constant, around text t; a block larger than the tree's arrays
 * would overrun them, and with the size a constant GCC says so.
 */
static void size_branches(const struct emit *e, const struct buf *t, unsigned long long most,
			  struct buf *o)
{
	const char *sep = "";

	for (unsigned i = 0; i < TREE_SIZES; i++) {
		if (tree_sizes[i] > most)
			continue;
		bprintf(o, "\t%sif (__bdx == %u && __bdy == 1 && __bdz == 1) {\n", sep, tree_sizes[i]);
		sep = "} else ";
		bprintf(o, "\tconst uint32_t __bdx __attribute__((unused)) = %u, __bdy __attribute__((unused)) = 1, "
			   "__bdz __attribute__((unused)) = 1;\n", tree_sizes[i]);
		if (e->k->uses_blockDim)
			bprintf(o, "\tconst %s blockDim __attribute__((unused)) = { %u, 1, 1 };\n", dim3_type(e->k),
				tree_sizes[i]);
		bput(o, t->p, t->n);
	}
}

/*
 * A reduction tree recognised (tree_level.c): in a 1-D block each level a
 * loop over its working threads (written again per common size, as
 * tree.c's copies); any other block runs the loop as it is written.
 */
static void emit_levels(struct emit *e, CXCursor c, const struct tree_level *tl, struct buf *o)
{
	struct buf plain = { 0 }, lev = { 0 };
	CXCursor init, cond, inc, body, guard = tl->guard;
	unsigned line;

	emit_control_plain(e, c, &plain);
	for_parts(e->src, c, &init, &cond, &inc, &body);
	bput(&lev, "\t", 1);
	emit_src(e->src, c_start(c), c_start(body), &lev);
	bputs(&lev, "{\n");
	e->level = tl;
	emit_region(e, &guard, 1, &lev);
	e->level = NULL;
	bputs(&lev, "\t/* __syncthreads(): the next level starts after this one */\n\t}\n");
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	bprintf(o, "\t/* line %u's reduction tree: in a 1-D block each level one loop over the"
		   " threads that work (tree_level.c), for the common sizes with the size a"
		   " constant */\n", line);
	size_branches(e, &lev, tl->extent, o);
	bputs(o, tl->extent >= 128 ? "\t} else if (__bdy == 1 && __bdz == 1) {\n" :
				     "\tif (__bdy == 1 && __bdz == 1) {\n");
	bput(o, lev.p, lev.n);
	bputs(o, "\t} else {\n");
	bput(o, plain.p, plain.n);
	bputs(o, "\t}\n");
	buf_free(&plain);
	buf_free(&lev);
}

/*
 * A control statement; a reduction tree (tree.c) once more per common 1-D
 * block size, in a branch that redeclares the block's shape as constants:
 * the same text, so the same operations in the same order, with levels the
 * compiler can unroll.
 */
static void emit_control(struct emit *e, CXCursor c, struct buf *o)
{
	struct buf plain = { 0 };
	unsigned line;
	struct tree_level tl;

	if (tree_level_loop(e->k, c, &tl)) {
		emit_levels(e, c, &tl, o);
		return;
	}
	if (!tree_loop(e->k, c)) {
		emit_control_plain(e, c, o);
		return;
	}
	emit_control_plain(e, c, &plain);
	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, &line, NULL, NULL);
	bprintf(o, "\t/* line %u's reduction tree: written for the common 1-D block sizes with the size a constant (tree.c) */\n",
		line);
	size_branches(e, &plain, ~0ull, o);
	bputs(o, "\t} else {\n");
	bput(o, plain.p, plain.n);
	bputs(o, "\t}\n");
	buf_free(&plain);
}

/*
 * A fused tree's text for one size branch (tree_fuse.c): the load's
 * condition flags, then the tree's loop as written whose first level is one
 * loop over t < s running thread t + s's load, thread t's load and thread
 * t's statement, each in a block of its own with its thread's index; the
 * later levels as emit_levels writes them.  False where a thread loop's
 * text needs anything in front of it (f is then not used).
 */
static bool fused_text(struct emit *e, CXCursor *run, unsigned n, CXCursor loop, const struct tree_level *tl,
		       struct buf *f)
{
	struct buf load = { 0 }, lpre = { 0 }, lloc = { 0 }, lev = { 0 }, vpre = { 0 }, vloc = { 0 };
	CXCursor init, cond, inc, body, guard = tl->guard;
	bool chunk, ok;
	CXCursor scattered = loop_scattered_access(e->k, run, n, &chunk);
	struct loop_conds conds;
	unsigned j;

	region_prepare(e, run, n, &load, &lpre, &lloc);
	ok = !lpre.n && load.n && !e->has_goto && !e->has_return && !e->aggs.n;
	conds = e->conds;
	e->conds.n = 0;
	e->aggs.n = 0;
	bputs(f, "\t{\t/* the load fused with the tree's first level (tree_fuse.c) */\n");
	emit_cond_flags(e->k, run, n, &conds, false, f);
	for_parts(e->src, loop, &init, &cond, &inc, &body);
	bputs(f, "\t{\t/* the first level, s = blockDim.x / 2: each working thread t with its own load"
		 " and that of t + s */\n\t");
	emit_src(e->src, c_start(init), c_start(cond), f);	/* the init and its ';' */
	bputs(f, "\n");
	emit_tree_level_bounds(e->k, tl, f);
	bputs(f, "\tconst uint32_t __ty __attribute__((unused)) = 0, __tz __attribute__((unused)) = 0;\n");
	e->level = tl;
	region_prepare(e, &guard, 1, &lev, &vpre, &vloc);
	e->level = NULL;
	ok = ok && !vpre.n && lev.n;
	/* with every condition decided for the block, once more with the flags constant (one_d_x_loop) */
	if (conds.n) {
		bputs(f, "\tif (1");
		for (j = 0; j < conds.n; j++)
			bprintf(f, " && __idxgen_cond_%u", j);
		bputs(f, ") {\t/* every condition decided for the block: the flags constant */\n");
		for (j = 0; j < conds.n; j++)
			bprintf(f, "\tconst int __idxgen_cond_%u __attribute__((unused)) = 1;\n", j);
	}
	for (j = 0; j < (conds.n ? 2u : 1u); j++) {
		if (j)
			bputs(f, "\t} else {\n");
		independent(e, scattered, clang_getNullCursor(), false, f);
		bputs(f, "\tfor (uint32_t __idxgen_ft = 0; __idxgen_ft < __idxgen_lv_hi; __idxgen_ft++) {\n"
			 "\t{\tconst uint32_t __tx = __idxgen_ft + __idxgen_lv_hi;\t/* thread t + s's load */\n");
		x_body(e, &lloc, &load, 'f', f);
		bputs(f, "\t{\tconst uint32_t __tx = __idxgen_ft;\t/* thread t's load */\n");
		x_body(e, &lloc, &load, 'f', f);
		bputs(f, "\t{\tconst uint32_t __tx = __idxgen_ft;\t/* thread t's first level */\n");
		x_body(e, &vloc, &lev, 'f', f);
		bputs(f, "\t}\n");
	}
	if (conds.n)
		bputs(f, "\t}\n");
	bputs(f, "\t}\n\tint __idxgen_lv1 = 1;\t/* the loop as written, its first level done above */\n\t");
	emit_src(e->src, c_start(loop), c_start(body), f);
	bputs(f, "{\n\tif (__idxgen_lv1) {\n\t__idxgen_lv1 = 0;\n\tcontinue;\n\t}\n");
	e->level = tl;
	emit_region(e, &guard, 1, f);
	e->level = NULL;
	bputs(f, "\t/* __syncthreads(): the next level starts after this one */\n\t}\n\t}\n");
	buf_free(&load);
	buf_free(&lpre);
	buf_free(&lloc);
	buf_free(&lev);
	buf_free(&vpre);
	buf_free(&vloc);
	return ok;
}

/*
 * A reduction's load, its barrier and its tree fused (tree_fuse.c): in a
 * 1-D block of a common size (even, the size a constant: the first level's
 * s is half of it) fused_text; in any other block the load, the barrier and
 * the tree as they are emitted apart.  False, nothing written, where no
 * common size fits the tree's arrays or the text cannot be fused.
 */
static bool emit_fused(struct emit *e, CXCursor *run, unsigned n, CXCursor loop, const struct tree_level *tl,
		       struct buf *o)
{
	struct buf f = { 0 };
	unsigned line, i;
	bool any = false;

	for (i = 0; i < TREE_SIZES; i++)
		any = any || tree_sizes[i] <= tl->extent;
	if (!any || !fused_text(e, run, n, loop, tl, &f)) {
		buf_free(&f);
		return false;
	}
	clang_getExpansionLocation(clang_getCursorLocation(loop), NULL, &line, NULL, NULL);
	bprintf(o, "\t/* line %u's reduction tree, the load in front fused into its first level"
		   " (tree_fuse.c), for the common 1-D sizes with the size a constant */\n", line);
	size_branches(e, &f, tl->extent, o);
	bputs(o, "\t} else {\n");
	emit_region(e, run, n, o);
	bputs(o, "\t/* __syncthreads() */\n");
	emit_control(e, loop, o);
	bputs(o, "\t}\n");
	buf_free(&f);
	return true;
}

/*
 * The type declarations (`using T = float2;`, typedef) among the open thread
 * loop's statements run[*done..n-1], in front of a once-per-block statement
 * moved before that loop, which may name them (HeCBench addBiasQKV: `using
 * T2_2 = __nv_bfloat162;` then `const T2_2 *bias = ...`).  The loop's
 * declarations repeat them (the same type again: allowed in a block).
 */
static void emit_run_types(struct emit *e, CXCursor *run, unsigned n, unsigned *done, struct buf *o)
{
	for (; *done < n; (*done)++)
		if (type_decl_stmt(run[*done])) {
			bput(o, "\t", 1);
			emit_src(e->src, c_start(run[*done]), stmt_end(e->src, run[*done]), o);
			bput(o, "\n", 1);
		}
}

static void emit_uniform(struct emit *e, CXCursor c, struct buf *o)
{
	bputs(o, "\t/* uniform: once per block */\n\t");
	emit_src(e->src, c_start(c), stmt_end(e->src, c), o);
	bput(o, "\n", 1);
}

/*
 * The rounds of a stride loop with its index computed (stride.c): the
 * start B, the stride S and the bound U once per block in int64_t; used
 * when S > 0 and every index the loop computes, B + t + r * S up to the
 * first past the bound, is exact in each type on the way, else (the else
 * that the caller writes) the rounds with per-thread indices.
 */
static void stride_index_head(const struct emit *e, const struct stride_index *ix, unsigned line, int r,
			      struct buf *o)
{
	const char *a = axis_name[ix->axis];
	char *ct = cx_string(clang_getTypeSpelling(ix->cmp));
	unsigned long long lim = (unsigned long long)ix->limit;

	bprintf(o, "\t/* line %u's stride loop, interchanged, its index computed: its rounds once per block, each over"
		   " the threads whose index B + threadIdx.%s + r * S is below the bound */\n\t{\n", line, a);
	bputs(o, "\tconst int64_t __idxgen_sb_");
	bprintf(o, "%d = (int64_t)(", r);
	if (clang_Cursor_isNull(ix->base))
		bputs(o, "0");
	else
		emit_src(e->src, c_start(ix->base), c_end(ix->base), o);
	bprintf(o, ");\n\tconst int64_t __idxgen_ss_%d = (int64_t)(", r);
	emit_src(e->src, c_start(ix->step), c_end(ix->step), o);
	bprintf(o, ");\n\tconst int64_t __idxgen_su0_%d = ", r);
	if (ix->u64) {	/* above INT64_MAX: INT64_MAX, which fails the range check */
		bprintf(o, "(%s)(", ct);
		emit_src(e->src, c_start(ix->bound), c_end(ix->bound), o);
		bprintf(o, ") > (%s)INT64_MAX ? INT64_MAX : ", ct);
	}
	bprintf(o, "(int64_t)(%s)(", ct);
	emit_src(e->src, c_start(ix->bound), c_end(ix->bound), o);
	bprintf(o, ");\n\tif (__idxgen_ss_%d > 0 && __idxgen_ss_%d < INT64_C(%llu) - (int64_t)__bd%s &&\n"
		   "\t    __idxgen_sb_%d >= 0 && __idxgen_sb_%d <= INT64_C(%llu) - (int64_t)__bd%s &&\n"
		   "\t    __idxgen_su0_%d < INT64_C(%llu) - __idxgen_ss_%d - (int64_t)__bd%s) {\n",
		r, r, lim, a, r, r, lim, a, r, lim, r, a);
	bprintf(o, "\tconst int64_t __idxgen_su_%d = __idxgen_su0_%d + %d;\n", r, r, ix->add);
	bprintf(o, "\tfor (int64_t __idxgen_rb_%d = __idxgen_sb_%d; __idxgen_rb_%d < __idxgen_su_%d;"
		   " __idxgen_rb_%d += __idxgen_ss_%d) {\n", r, r, r, r, r, r);
	free(ct);
}

/* The rounds of an interchanged stride loop, once per block, each a thread loop. */
static void emit_stride(struct emit *e, CXCursor loop, struct buf *o)
{
	int r = stmt_of(e->k, loop)->region;
	unsigned line;

	struct stride_index ix;
	bool computed = stride_index(e->k, loop, &ix);

	clang_getExpansionLocation(clang_getCursorLocation(loop), NULL, &line, NULL, NULL);
	if (computed) {
		stride_index_head(e, &ix, line, r, o);
		e->ix = &ix;
		emit_region(e, &loop, 1, o);
		e->ix = NULL;
		bputs(o, "\t}\n\t} else {\n");
	}
	bprintf(o, "\t/* line %u's stride loop, interchanged: its rounds once per block, every thread's next iteration in each */\n",
		line);
	bprintf(o, "\tfor (int __idxgen_more_%d = 1; __idxgen_more_%d;) {\n\t__idxgen_more_%d = 0;\n", r, r, r);
	emit_region(e, &loop, 1, o);
	bputs(o, "\t}\n");
	if (computed)
		bputs(o, "\t}\n\t}\n");
}

/* The statement of a stride loop's init (a for's first part), or a null cursor. */
static CXCursor stride_init_of(const struct emit *e, CXCursor loop)
{
	CXCursor init, cond, inc, body;

	if (clang_getCursorKind(loop) != CXCursor_ForStmt)
		return clang_getNullCursor();
	for_parts(e->src, loop, &init, &cond, &inc, &body);
	return init;
}

static void emit_list(struct emit *e, CXCursor *l, unsigned n, struct buf *o)
{
	CXCursor *run = cx_alloc((n + 1) * sizeof(*run));
	unsigned i, len = 0, typed = 0;
	struct tree_level tl;

	for (i = 0; i <= n; i++) {
		struct stmt *s = i < n ? stmt_of(e->k, l[i]) : NULL;

		if (s && s->stride) {
			CXCursor init = stride_init_of(e, l[i]);

			if (!clang_Cursor_isNull(init))
				run[len++] = init;	/* closes the open thread loop */
			emit_region(e, run, len, o);
			len = typed = 0;
			emit_stride(e, l[i], o);
			continue;
		}
		if (s && (s->cls == S_REGION || (s->cls == S_SHARED && len))) {
			run[len++] = l[i];
			continue;
		}
		if (s && s->hoisted && len) {
			/* runs before the open thread loop, which goes on after it */
			emit_run_types(e, run, len, &typed, o);
			emit_uniform(e, l[i], o);
			continue;
		}
		if (s && s->cls == S_BARRIER && len && i + 1 < n && stmt_of(e->k, l[i + 1]) &&
		    stmt_of(e->k, l[i + 1])->cls == S_CONTROL && tree_fuse(e->k, run, len, l[i], l[i + 1], &tl) &&
		    emit_fused(e, run, len, l[i + 1], &tl, o)) {
			len = typed = 0;
			i++;	/* the barrier and the tree: emitted with the load */
			continue;
		}
		emit_region(e, run, len, o);
		len = typed = 0;
		if (!s)
			continue;
		switch (s->cls) {
		case S_BARRIER:
			bputs(o, is_call_to(s->c, "__idxgen_warp_sync") ?
				 "\t/* warp operation: slots by linear thread id, then read (warp.c) */\n" :
				 "\t/* __syncthreads() */\n");
			break;
		case S_CONTROL:
			emit_control(e, l[i], o);
			break;
		case S_SHARED:
			emit_shared_decl(e, l[i], o);
			break;
		case S_UDECL:
		case S_UEXPR:
			emit_uniform(e, l[i], o);
			break;
		default:
			break;
		}
	}
	free(run);
}

bool emit_kernel_body(struct kernel *k, struct buf *o)
{
	struct emit e = { .k = k, .src = k->src, .region = -1 };

	e.need = cx_alloc(k->nv * sizeof(*e.need));
	e.declared_here = cx_alloc(k->nv * sizeof(*e.declared_here));
	emit_list(&e, k->top.c, k->top.n, o);
	free(e.need);
	free(e.declared_here);
	return e.warps;
}
