// SPDX-License-Identifier: MIT
/*
 * plan_stmts.c - planning, part 1: the statements of a kernel.  A compound
 * statement that contains a barrier is split at it; each statement gets a
 * class (struct stmt): in a thread loop, a barrier, a uniform control
 * statement whose body is split recursively, a __shared__ declaration, or
 * once-per-block code (convergent declarations and statements, settled by
 * a fixed point with the variables that stay one copy per block).  Runs of
 * thread-loop statements become regions (thread loops), numbered in source
 * order; a once-per-block statement independent of the open thread loop is
 * hoisted in front of it.  Last, each local's references are counted per
 * region, for plan_vars.c.
 */
#include "cc.h"

#include <stdlib.h>

static struct stmt *add_stmt(struct kernel *k, CXCursor c, enum sclass cls)
{
	struct stmt *s;

	k->s = cx_realloc(k->s, (k->ns + 1) * sizeof(*k->s));
	cmap_put(&k->stmts, c, k->ns);
	s = &k->s[k->ns++];
	s->c = c;
	s->cls = cls;
	s->cand = false;
	s->hoisted = false;
	s->stride = false;
	s->region = -1;
	return s;
}

static void mark_split_decls(struct kernel *k, CXCursor d, bool header)
{
	struct cx_kids ks = cx_kids_of(d);
	unsigned i;

	for (i = 0; i < ks.n; i++) {
		struct var *v = var_decl(k, ks.c[i]);

		if (v) {
			if (header)
				v->header_decl = true;
			else
				v->split_decl = true;
		}
	}
	cx_kids_free(&ks);
}

static void classify_list(struct kernel *k, CXCursor *l, unsigned n);
static bool has_collective(CXCursor c, CXCursor *hit);

/* The lists of statements in the bodies of control statement c, one by one. */
static void for_each_body(struct kernel *k, CXCursor c, void (*fn)(struct kernel *, CXCursor *, unsigned))
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks = cx_kids_of(c), b;
	unsigned i;

	if (ck == CXCursor_CompoundStmt) {
		b = stmt_list(k->src, c);
		fn(k, b.c, b.n);
		cx_kids_free(&b);
	} else if (ck == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(k->src, c, &init, &cond, &inc, &body);
		b = body_list(k->src, body);
		fn(k, b.c, b.n);
		cx_kids_free(&b);
	} else {
		for (i = (ck == CXCursor_DoStmt ? 0 : 1); i < ks.n; i++) {
			if (ck == CXCursor_DoStmt && i > 0)
				break;
			b = body_list(k->src, ks.c[i]);
			fn(k, b.c, b.n);
			cx_kids_free(&b);
		}
	}
	cx_kids_free(&ks);
}

static void classify_control(struct kernel *k, CXCursor c)
{
	if (clang_getCursorKind(c) == CXCursor_ForStmt) {
		CXCursor init, cond, inc, body;

		for_parts(k->src, c, &init, &cond, &inc, &body);
		if (!clang_Cursor_isNull(init) && clang_getCursorKind(init) == CXCursor_DeclStmt)
			mark_split_decls(k, init, true);
	}
	for_each_body(k, c, classify_list);
}

static void classify_list(struct kernel *k, CXCursor *l, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		CXCursor c = l[i], init, cond, inc, body;
		struct stmt *s;

		if (is_barrier_stmt(c)) {
			add_stmt(k, c, S_BARRIER);
		} else if (block_collective(c)) {
			add_stmt(k, c, S_REGION)->cand = true;	/* once per block: choose_candidates */
		} else if (count_barriers(c) || has_collective(c, &init)) {
			/* a block with a collective inside is split around it as around a barrier */
			add_stmt(k, c, S_CONTROL);
			classify_control(k, c);
		} else if (is_shared_decl(c)) {
			add_stmt(k, c, S_SHARED);
		} else if (stride_loop(k, c, &init, &cond, &inc, &body)) {
			/* its init runs in the thread loop before it, its rounds in one of their own */
			if (!clang_Cursor_isNull(init)) {
				add_stmt(k, init, S_REGION);
				if (clang_getCursorKind(init) == CXCursor_DeclStmt)
					mark_split_decls(k, init, false);
			}
			add_stmt(k, c, S_REGION)->stride = true;
		} else {
			s = add_stmt(k, c, S_REGION);
			s->cand = true;
			if (clang_getCursorKind(c) == CXCursor_DeclStmt)
				mark_split_decls(k, c, false);
		}
	}
}

/* ---- once-per-block candidates ------------------------------------------- */

static bool uniform_candidate_decl(struct kernel *k, CXCursor d)
{
	struct cx_kids ks = cx_kids_of(d);
	bool ok = ks.n > 0;
	unsigned i;

	for (i = 0; i < ks.n && ok; i++) {
		CXCursor v = ks.c[i], init;
		struct var *var;

		if (clang_getCursorKind(v) != CXCursor_VarDecl || !(var = var_decl(k, v)) ||
		    var->variant || var->shared || var->addr_taken) {
			ok = false;
			break;
		}
		init = var_init(v);
		if (!clang_Cursor_isNull(init) && has_effects(k->src, init))
			ok = false;
	}
	cx_kids_free(&ks);
	return ok;
}

/*
 * May statement c (no barrier inside) run once per block instead of once per
 * thread?  It must not depend on the thread (no threadIdx, no variant
 * variable, no atomic), leave no loop it is not in, return nothing, call
 * only pure built-ins and write only the kernel's local variables and
 * parameters (whether those locals are one copy per block is settled by the
 * fixed point below).
 */
static bool uniform_stmt_walk(const struct kernel *k, CXCursor c, int loops)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	bool builtin_op = builtin_dependent_assignment(c), ok = true;
	struct cx_kids ks;
	unsigned i;

	if (ck == CXCursor_ReturnStmt || ck == CXCursor_GotoStmt ||
	    ((ck == CXCursor_BreakStmt || ck == CXCursor_ContinueStmt) && !loops))
		return false;
	if ((ck == CXCursor_CallExpr && !builtin_op && !pure_builtin(c) &&
	     !pure_user_call(k->src, c, 0)) ||
	    ck == CXCursor_CXXNewExpr || ck == CXCursor_CXXDeleteExpr)
		return false;	/* each thread's own call, allocation or release */
	if (ck == CXCursor_BinaryOperator || ck == CXCursor_CompoundAssignOperator ||
	    ck == CXCursor_UnaryOperator || builtin_op) {
		CXCursor target = clang_getNullCursor(), value;
		bool w = assignment(k->src, c, &target, &value);

		if (!w && ck == CXCursor_UnaryOperator && unary_op(k->src, c) == '+') {
			struct cx_kids t = cx_kids_of(c);

			w = true;
			if (t.n)
				target = t.c[0];
			cx_kids_free(&t);
		}
		if (w) {
			CXCursor b = !clang_Cursor_isNull(target) ? lvalue_base(target) : clang_getNullCursor();
			struct var *v = !clang_Cursor_isNull(b) && clang_getCursorKind(b) == CXCursor_DeclRefExpr ?
						var_of(k, b) : NULL;

			/*
			 * A parameter is the block's own unpacked copy (kernel.c):
			 * a uniform write of it ("x += blockIdx.x * n;") once per
			 * block is each thread's write; a store through it is not.
			 */
			if (!v || v->shared || (v->param && clang_getCursorKind(strip(target)) != CXCursor_DeclRefExpr))
				return false;
		}
	}
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n && ok; i++)
		ok = uniform_stmt_walk(k, ks.c[i], loops + (ck == CXCursor_ForStmt || ck == CXCursor_WhileStmt ||
							    ck == CXCursor_DoStmt || ck == CXCursor_SwitchStmt));
	cx_kids_free(&ks);
	return ok;
}

static bool uniform_stmt_ok(const struct kernel *k, CXCursor c, CXCursor top)
{
	if (block_collective(c))
		return true;
	if (is_variant(k, c) || !uniform_stmt_walk(k, c, 0))
		return false;
	/* a memory read once per block must not happen after a thread may have returned */
	if (reads_memory(k, c) && c_end(top) > k->first_return)
		return false;
	return true;
}

/* Every local that c reads or writes is one copy per block, or declared inside stmt. */
static bool refs_scalar(const struct kernel *k, CXCursor c, CXCursor stmt)
{
	struct cx_kids ks;
	bool ok = true;
	unsigned i;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		struct var *v = var_of(k, c);

		if (v && !v->param && !v->shared && !var_scalar_ok(v) &&
		    !(c_start(v->decl) >= c_start(stmt) && c_end(v->decl) <= c_end(stmt)))
			return false;
	}
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n && ok; i++)
		ok = refs_scalar(k, ks.c[i], stmt);
	cx_kids_free(&ks);
	return ok;
}

/* The kernel-level statement that contains c. */
static CXCursor top_of(const struct kernel *k, CXCursor c)
{
	CXCursor t = c;
	unsigned j;

	for (j = 0; j < k->top.n; j++)
		if (c_start(k->top.c[j]) <= c_start(c) && c_end(c) <= c_end(k->top.c[j]))
			t = k->top.c[j];
	return t;
}

static void choose_candidates(struct kernel *k)
{
	unsigned i;

	for (i = 0; i < k->ns; i++) {
		struct stmt *s = &k->s[i];

		if (!s->cand)
			continue;
		if (clang_getCursorKind(s->c) == CXCursor_DeclStmt)
			s->cls = uniform_candidate_decl(k, s->c) ? S_UDECL : S_REGION;
		else
			s->cls = uniform_stmt_ok(k, s->c, top_of(k, s->c)) ? S_UEXPR : S_REGION;
	}
}

/*
 * A declaration in a thread loop: its initializers run per thread, so the
 * variables they initialize are not written by once-per-block code only.
 * (Without an initializer, a one-copy-per-block variable is declared in
 * front of the thread loop: emit.c.)
 */
static bool refs_scalar(const struct kernel *k, CXCursor c, CXCursor stmt);

static bool initialized_in_loop(struct kernel *k, CXCursor decl)
{
	struct cx_kids ks = cx_kids_of(decl);
	bool changed = false;
	unsigned m;

	for (m = 0; m < ks.n; m++) {
		struct var *v = var_decl(k, ks.c[m]);
		CXCursor init = var_init(ks.c[m]);

		/*
		 * A uniform initializer without effects (int e = threadIdx.x, y = 0;)
		 * can run once per block with the declaration in front of the loop.
		 */
		if (!v || clang_Cursor_isNull(init) || !v->all_writes_uniform_level ||
		    (!has_effects(k->src, init) && !is_variant(k, init) && refs_scalar(k, init, decl)))
			continue;
		v->all_writes_uniform_level = false;
		changed = true;
	}
	cx_kids_free(&ks);
	return changed;
}

/* Once-per-block statements whose variables are not one copy per block go back, to a fixed point. */
static void settle_uniform(struct kernel *k)
{
	bool again, changed;
	unsigned i, j, m;

	do {
		again = false;
		for (j = 0; j < k->nv; j++) {
			struct var *v = &k->v[j];

			/* writes inside the bodies of control statements are in S_REGION statements */
			v->all_writes_uniform_level = true;
			for (i = 0; i < k->ns; i++)
				if (k->s[i].cls == S_REGION && writes_in(k, k->s[i].c, v))
					v->all_writes_uniform_level = false;
		}
		do {
			changed = false;
			for (i = 0; i < k->ns; i++)
				if (k->s[i].cls == S_REGION && clang_getCursorKind(k->s[i].c) == CXCursor_DeclStmt)
					changed |= initialized_in_loop(k, k->s[i].c);
		} while (changed);
		for (i = 0; i < k->ns; i++) {
			struct stmt *s = &k->s[i];
			struct cx_kids ks;
			bool ok = true;

			if (s->cls == S_UDECL) {
				ks = cx_kids_of(s->c);
				for (m = 0; m < ks.n; m++) {
					struct var *v = var_decl(k, ks.c[m]);

					if (!v || !var_scalar_ok(v))
						ok = false;
				}
				cx_kids_free(&ks);
				ok = ok && refs_scalar(k, s->c, s->c);
			} else if (s->cls == S_UEXPR) {
				ok = refs_scalar(k, s->c, s->c);
			}
			if (!ok) {
				s->cls = S_REGION;
				again = true;
			}
		}
	} while (again);
}

/* ---- regions --------------------------------------------------------------- */

/*
 * May once-per-block statement u move in front of the thread loop of the
 * statements run[0..n-1] that precede it?  Only if neither writes what the
 * other reads and they do not meet in memory.  This keeps a thread loop in
 * one piece around a uniform statement.
 */
static bool hoistable(const struct kernel *k, CXCursor *run, unsigned n, CXCursor u)
{
	/* a collective reads what the threads published, warp_agg.c's writes through its pointer */
	bool umem = reads_memory(k, u) || block_collective(u), uwrites = block_collective(u) && writes_memory(k, u);
	unsigned i, j;

	for (i = 0; i < n; i++) {
		if ((umem && writes_memory(k, run[i])) || (uwrites && reads_memory(k, run[i])))
			return false;
		for (j = 0; j < k->nv; j++) {
			const struct var *v = &k->v[j];

			if ((writes_in(k, run[i], v) && refs_var(k, u, v)) ||
			    (writes_in(k, u, v) && refs_var(k, run[i], v)))
				return false;
			/* nor in front of the declaration of a variable it uses */
			if (c_start(run[i]) <= c_start(v->decl) && c_end(v->decl) <= c_end(run[i]) &&
			    refs_var(k, u, v))
				return false;
		}
	}
	return true;
}

/* The statement of a stride loop's init (a for's first part), or NULL. */
static struct stmt *stride_init(const struct kernel *k, CXCursor loop)
{
	CXCursor init, cond, inc, body;

	if (clang_getCursorKind(loop) != CXCursor_ForStmt)
		return NULL;
	for_parts(k->src, loop, &init, &cond, &inc, &body);
	return clang_Cursor_isNull(init) ? NULL : stmt_of(k, init);
}

/* Assign region numbers: runs of S_REGION statements (S_SHARED does not break a run). */
static void assign_list(struct kernel *k, CXCursor *l, unsigned n)
{
	CXCursor *run = cx_alloc((n + 1) * sizeof(*run));
	unsigned i, nrun = 0;
	int cur = -1;

	for (i = 0; i < n; i++) {
		struct stmt *s = stmt_of(k, l[i]);

		if (!s)
			continue;
		if (s->stride) {
			/* the for's init closes the open thread loop; the rounds are one of their own */
			struct stmt *si = stride_init(k, l[i]);

			if (si) {
				if (cur < 0)
					cur = k->nregions++;
				si->region = cur;
			}
			s->region = k->nregions++;
			cur = -1;
			continue;
		}
		if (s->cls == S_REGION) {
			if (cur < 0) {
				cur = k->nregions++;
				nrun = 0;
			}
			s->region = cur;
			run[nrun++] = l[i];
		} else if ((s->cls == S_UDECL || s->cls == S_UEXPR) && cur >= 0 && hoistable(k, run, nrun, l[i])) {
			s->hoisted = true;
		} else if (s->cls == S_SHARED) {
			/* declared in place (an inner block's): nothing that uses it moves in front of it */
			if (cur >= 0)
				run[nrun++] = l[i];
		} else {
			cur = -1;
		}
		if (s->cls == S_CONTROL)
			for_each_body(k, l[i], assign_list);
	}
	free(run);
}

/* ---- references per region --------------------------------------------------- */

/* Record, for each reference to a local variable in c, the unit (region, or -1: once per block). */
static void note_refs(struct kernel *k, CXCursor c, int region)
{
	struct cx_kids ks;
	unsigned i;

	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		struct var *v = var_of(k, c);

		if (v && !v->param) {
			if (region < 0) {
				v->uniform_ref = true;
			} else if (v->first_region != region) {
				if (v->first_region < 0 || v->nregions == 0)
					v->first_region = region;
				v->nregions++;
			}
		}
	}
	if (clang_getCursorKind(c) == CXCursor_VarDecl && region >= 0) {
		struct var *v = var_decl(k, c);

		if (v && v->first_region != region) {
			v->first_region = region;
			v->nregions++;
		}
	}
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n; i++)
		note_refs(k, ks.c[i], region);
	cx_kids_free(&ks);
}

/*
 * A part of the header of a loop or branch containing a barrier: it runs
 * once per block, also for a block whose threads all returned -- so it
 * must not read memory where a thread may have returned before it.
 */
static void header_part(struct kernel *k, CXCursor part, CXCursor stmt)
{
	note_refs(k, part, -1);
	if (reads_memory(k, part) && c_end(top_of(k, stmt)) > k->first_return)
		error_at(k->src, part,
			 "the condition of a loop or branch containing __syncthreads() reads memory after a return: not supported");
}

static void control_header_refs(struct kernel *k, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	struct cx_kids ks = cx_kids_of(c);
	unsigned i;

	if (ck == CXCursor_ForStmt) {
		CXCursor p[4];

		for_parts(k->src, c, &p[0], &p[1], &p[2], &p[3]);
		for (i = 0; i < 3; i++)
			if (!clang_Cursor_isNull(p[i]))
				header_part(k, p[i], c);
	} else if (ck == CXCursor_IfStmt || ck == CXCursor_WhileStmt) {
		if (ks.n)
			header_part(k, ks.c[0], c);
	} else if (ck == CXCursor_DoStmt) {
		if (ks.n > 1)
			header_part(k, ks.c[1], c);
	}
	cx_kids_free(&ks);
}

/* A stride loop's references but those of its init (a statement of the thread loop before it). */
static void stride_refs(struct kernel *k, const struct stmt *s)
{
	CXCursor p[4];

	if (clang_getCursorKind(s->c) == CXCursor_ForStmt) {
		for_parts(k->src, s->c, &p[0], &p[1], &p[2], &p[3]);
		for (unsigned i = 1; i < 4; i++)
			if (!clang_Cursor_isNull(p[i]))
				note_refs(k, p[i], s->region);
	} else {
		note_refs(k, s->c, s->region);
	}
}

static void count_refs(struct kernel *k)
{
	unsigned i;

	for (i = 0; i < k->nv; i++) {
		k->v[i].first_region = -1;
		k->v[i].nregions = 0;
		k->v[i].uniform_ref = false;
	}
	for (i = 0; i < k->ns; i++) {
		struct stmt *s = &k->s[i];

		if (s->cls == S_REGION && s->stride)
			stride_refs(k, s);
		else if (s->cls == S_REGION)
			note_refs(k, s->c, s->region);
		else if (s->cls == S_UDECL || s->cls == S_UEXPR)
			note_refs(k, s->c, -1);
		else if (s->cls == S_CONTROL)
			control_header_refs(k, s->c);
	}
}

/*
 * warp_agg.c's atomic stands where the block runs it once (the kernel's
 * level, a predicated body); run per thread it would add once per lane.
 * Should the planner ever put it in a thread loop (its pointer made per
 * thread after all), it says so instead of emitting that.
 */
static bool has_collective(CXCursor c, CXCursor *hit)
{
	struct cx_kids ks;
	bool r = block_collective(c);
	unsigned i;

	if (r)
		*hit = c;
	ks = cx_kids_of(c);
	for (i = 0; i < ks.n && !r; i++)
		r = has_collective(ks.c[i], hit);
	cx_kids_free(&ks);
	return r;
}

static void refuse_collectives_per_thread(struct kernel *k)
{
	CXCursor hit;

	for (unsigned i = 0; i < k->ns; i++)
		if (k->s[i].cls == S_REGION && has_collective(k->s[i].c, &hit))
			error_at(k->src, hit,
				 "internal: a warp-aggregated atomic the warp pass made once per block cannot run once per block here; please report it");
}

void plan_statements(struct kernel *k)
{
	k->first_return = first_return_in(k->body);
	classify_list(k, k->top.c, k->top.n);
	choose_candidates(k);
	settle_uniform(k);
	refuse_collectives_per_thread(k);
	k->nregions = 0;
	assign_list(k, k->top.c, k->top.n);
	count_refs(k);
}
