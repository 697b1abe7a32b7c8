// SPDX-License-Identifier: MIT
/*
 * spin.c - loops that wait for memory another thread writes (lib/cc/README.md
 * "Spin loops"): a spin lock (`while (atomicCAS(&lock, 0, 1) != 0);`), a
 * flag another thread or warp sets (`while (*ready == 0);` through a
 * volatile pointer, `while (atomicAdd(&flag, 0) == 0);`).
 *
 * On a GPU every thread makes progress, so the writer runs while the reader
 * spins.  Loop fission runs the threads of a block one after another: a
 * reader before its writer never ends.  Fibers switch only where the code
 * suspends, and a loop with no barrier or warp operation never does.  So a
 * function with such a loop runs as fibers (fiber_reason(); its callers too,
 * fiber_names_find()), and each test of the loop's condition first lets the
 * block's other threads run: idxgen-cc writes `__idxgen_cc_spin() && `
 * before the condition (include/idxgen_cc_fiber.h).
 *
 * A spin loop here: a while, do or for loop whose condition calls an
 * atomic function or reads a volatile object, or tests a variable that the
 * body assigns from one, or assigns under an if that tests one (the lock
 * taken with `if (atomicCAS(&lock, 0, 1) == 0) { ...; done = true; }`); or
 * a loop with no condition (`for (;;)`, `while (true)`) whose body has such
 * an if (`if (atomicCAS(&lock, 0, 1) == 0) { ...; break; }`).  The
 * compare-and-swap update loop (`do { assumed = old; old = atomicCAS(a,
 * assumed, f(assumed)); } while (assumed != old);`) is not one: it waits
 * for nobody (alone, its first try succeeds), and it is common in kernels
 * loop fission runs fast.  Nor is a loop whose atomics do not decide when
 * it ends (`while (i < n) { atomicAdd(&h[x[i]], 1); i += stride; }`).
 *
 * A loop that waits for the device clock (`while (clock64() - start <
 * cycles)`, the samples' clock_block) gets the same turns: on a GPU a
 * block's threads wait out the cycles together, one after another here
 * (graphMemoryFootprint's 16.7 M threads waiting 5 us each: 84 s a launch).
 * As fibers, each clock read lets the block's other threads run, so their
 * waits overlap as on a GPU.  Such a loop waits for no other thread: it is
 * no reason to refuse loop fission or the C path (check_spin), nor to keep
 * a grid's blocks resident (spin_reaches).
 */
#include "cc.h"
#include "cx.h"

#include <stdlib.h>
#include <string.h>

struct spins {
	const struct source *s;
	bool clock;		/* a loop that waits for the device clock is one (fibers), or not (check_spin, spin_reaches) */
	bool takes_ok;		/* the C path: a loop that only takes a lock is no spin loop (only_takes()) */
	unsigned *at, n, cap;	/* where `__idxgen_cc_spin() && ` goes: each condition's start */
	unsigned first_line;	/* the first spin loop's line (1-based), 0: none */
	CXCursor first;		/* that loop */
};

/* Is the text from a to e a literal zero: `0`, `0u`, `0U`, `0ul`, `0LL`, ...? */
static bool zero_literal(const struct source *s, unsigned a, unsigned e)
{
	if (e <= a || e > s->len || s->text[a] != '0')
		return false;
	for (unsigned i = a + 1; i < e; i++)
		if (!strchr("uUlL", s->text[i]))
			return false;
	return true;
}

/*
 * An atomic that reads or takes what another thread may hold: atomicCAS,
 * atomicExch, atomicOr/And/Xor (test-and-set), atomicAdd/Sub of a literal 0
 * (`0`, `0u`, ...: a read).  Not a ticket (atomicAdd of anything else, atomicInc/Dec,
 * Max/Min): `while ((i = atomicAdd(&next, 1)) < n)`, a work queue, always
 * moves on.
 */
static bool waiting_atomic(const struct source *s, CXCursor call)
{
	char *n = cx_spelling(call);
	bool r = false;

	if (!strncmp(n, "atomicCAS", 9) || !strncmp(n, "atomicExch", 10) || !strncmp(n, "atomicOr", 8) ||
	    !strncmp(n, "atomicAnd", 9) || !strncmp(n, "atomicXor", 9)) {
		r = true;
	} else if ((!strncmp(n, "atomicAdd", 9) || !strncmp(n, "atomicSub", 9)) &&
		   clang_Cursor_getNumArguments(call) == 2) {
		CXCursor v = strip(clang_Cursor_getArgument(call, 1));
		unsigned a = c_start(v), e = c_end(v);

		r = clang_getCursorKind(v) == CXCursor_IntegerLiteral && zero_literal(s, a, e);
	}
	free(n);
	return r;
}

/* A read of the device clock: clock() (renamed by idxgen_cc_program.h) or clock64(). */
static bool clock_read(CXCursor call)
{
	char *n = cx_spelling(call);
	bool r = !strcmp(n, "clock") || !strcmp(n, "idxgen_cc_clock") || !strcmp(n, "clock64");

	free(n);
	return r;
}

/* Does e call a waiting atomic or read a volatile object (or, with clock, read the device clock)? */
struct waits {
	const struct source *s;
	bool clock;
	bool hit;
};

static enum CXChildVisitResult waits_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct waits *w = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr && (waiting_atomic(w->s, c) || (w->clock && clock_read(c)))) {
		w->hit = true;
		return CXChildVisit_Break;
	}
	if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr ||
	     k == CXCursor_UnaryOperator) &&
	    clang_isVolatileQualifiedType(clang_getCursorType(c))) {
		w->hit = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool waits_on(const struct source *s, bool clock, CXCursor e)
{
	struct waits w = { s, clock, false };

	if (waits_visit(e, clang_getNullCursor(), &w) == CXChildVisit_Break)
		return true;
	clang_visitChildren(e, waits_visit, &w);
	return w.hit;
}

/* The local variables the condition reads. */
static enum CXChildVisitResult vars_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor v = clang_getCursorReferenced(c);

		if (clang_getCursorKind(v) == CXCursor_VarDecl)
			cx_kids_add(d, v);
	}
	return CXChildVisit_Recurse;
}

struct assigned {
	const struct source *s;
	bool clock;		/* reads of the device clock count (waits_on) */
	const struct cx_kids *vars;
	struct cx_kids *feeds;	/* the variables that the values assigned to vars read (spins_on) */
	bool guarded;		/* inside an if whose condition calls an atomic or reads a volatile */
	bool hit;
};

static bool is_var(const struct cx_kids *vars, CXCursor e)
{
	CXCursor v;

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return false;
	v = clang_getCursorReferenced(e);
	for (unsigned i = 0; i < vars->n; i++)
		if (clang_equalCursors(v, vars->c[i]))
			return true;
	return false;
}

/*
 * `old = atomicCAS(a, assumed, ...)` where the condition reads `assumed`:
 * the compare-and-swap update loop, which waits for nobody.
 */
static bool cas_update(const struct cx_kids *vars, CXCursor value)
{
	CXCursor call = strip(value);
	char *n;
	bool cas;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	n = cx_spelling(call);
	cas = !strcmp(n, "atomicCAS") || !strncmp(n, "atomicCAS_", 10);
	free(n);
	return cas && clang_Cursor_getNumArguments(call) == 3 && is_var(vars, clang_Cursor_getArgument(call, 1));
}

static enum CXChildVisitResult assigned_visit(CXCursor c, CXCursor parent, CXClientData d);

/* Add the local variables e reads to vars, each once. */
static enum CXChildVisitResult add_vars_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct cx_kids *vars = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_DeclRefExpr) {
		CXCursor v = clang_getCursorReferenced(c);

		if (clang_getCursorKind(v) == CXCursor_VarDecl && !is_var(vars, c))
			cx_kids_add(vars, v);
	}
	return CXChildVisit_Recurse;
}

static void add_vars(struct cx_kids *vars, CXCursor e)
{
	if (!vars)
		return;
	add_vars_visit(e, clang_getNullCursor(), vars);
	clang_visitChildren(e, add_vars_visit, vars);
}

static bool declares_var(const struct cx_kids *vars, CXCursor decl)
{
	for (unsigned i = 0; i < vars->n; i++)
		if (clang_equalCursors(decl, vars->c[i]))
			return true;
	return false;
}

/* Does a branch of an if (its kids ks, the condition first) assign one of a's variables? */
struct any_assign {
	const struct source *s;
	const struct cx_kids *vars;
	bool hit;
};

static enum CXChildVisitResult any_assign_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct any_assign *a = d;
	CXCursor target, value;

	(void)parent;
	if ((assignment(a->s, c, &target, &value) && is_var(a->vars, target)) ||
	    (clang_getCursorKind(c) == CXCursor_VarDecl && declares_var(a->vars, c))) {
		a->hit = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool assigns_any(const struct assigned *a, const struct cx_kids *ks)
{
	struct any_assign aa = { a->s, a->vars, false };

	for (unsigned i = 1; i < ks->n && !aa.hit; i++)
		if (any_assign_visit(ks->c[i], clang_getNullCursor(), &aa) != CXChildVisit_Break)
			clang_visitChildren(ks->c[i], any_assign_visit, &aa);
	return aa.hit;
}

/*
 * Does the body assign a variable the condition reads from an atomic or a
 * volatile read, or under an if that tests one (`if (atomicCAS(&l, 0, 1)
 * == 0) { ...; done = true; }`)?
 */
static enum CXChildVisitResult assigned_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct assigned *a = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor target, value;

	(void)parent;
	if (assignment(a->s, c, &target, &value) && is_var(a->vars, target)) {
		if (a->guarded || (waits_on(a->s, a->clock, value) && !cas_update(a->vars, value))) {
			a->hit = true;
			return CXChildVisit_Break;
		}
		add_vars(a->feeds, value);
	}
	if (k == CXCursor_VarDecl && declares_var(a->vars, c)) {
		/* `int keep = active;` in the body: an assignment too */
		CXCursor init = var_init(c);

		if (!clang_Cursor_isNull(init)) {
			if (a->guarded || waits_on(a->s, a->clock, init)) {
				a->hit = true;
				return CXChildVisit_Break;
			}
			add_vars(a->feeds, init);
		}
	}
	if (k == CXCursor_IfStmt && !a->guarded) {
		struct cx_kids ks = cx_kids_of(c);

		if (ks.n >= 2 && !waits_on(a->s, a->clock, ks.c[0]) && assigns_any(a, &ks))
			add_vars(a->feeds, ks.c[0]);	/* `if ((pcol & neipcol) == 0) keep ^= curr;` */
		if (ks.n >= 2 && waits_on(a->s, a->clock, ks.c[0])) {
			struct assigned in = *a;

			in.guarded = true;
			for (unsigned i = 1; i < ks.n && !in.hit; i++) {
				assigned_visit(ks.c[i], c, &in);
				clang_visitChildren(ks.c[i], assigned_visit, &in);
			}
			a->hit = in.hit;
			cx_kids_free(&ks);
			return a->hit ? CXChildVisit_Break : CXChildVisit_Continue;
		}
		cx_kids_free(&ks);
	}
	return CXChildVisit_Recurse;
}

/*
 * The condition's variables, then those the values assigned to them read,
 * and so on (HeCBench gc's `do { ... int pcol = posscol[v]; ... if ((pcol &
 * neipcol) == 0) keep ^= curr; ... again |= keep; } while (again);`, its
 * posscol volatile): a loop that ends when memory another thread writes says
 * so, however many variables away.
 */
static bool spins_on(const struct source *s, bool clock, CXCursor cond, CXCursor body)
{
	struct cx_kids vars = { 0 }, feeds = { 0 };
	struct assigned a = { s, clock, &vars, &feeds, false, false };

	if (waits_on(s, clock, cond))
		return true;
	vars_visit(cond, clang_getNullCursor(), &vars);
	clang_visitChildren(cond, vars_visit, &vars);
	while (vars.n && !a.hit) {
		unsigned before = vars.n;

		feeds.n = 0;
		clang_visitChildren(body, assigned_visit, &a);
		for (unsigned i = 0; i < feeds.n; i++)
			if (!declares_var(&vars, feeds.c[i]))
				cx_kids_add(&vars, feeds.c[i]);
		if (vars.n == before)
			break;
	}
	cx_kids_free(&feeds);
	cx_kids_free(&vars);
	return a.hit;
}

/*
 * `__idxgen_cc_spin() && cond` means what cond means unless cond's own top
 * level is an assignment or a comma (lower precedence than &&): then, and
 * where the condition comes from a macro, the text is left alone (the loop
 * still runs as fibers).
 */
bool cond_can_prefix(const struct source *s, CXCursor cond)
{
	unsigned a = c_start(cond), e = c_end(cond), depth = 0;

	if (in_macro(cond) || e <= a || e > s->len)
		return false;
	for (unsigned i = a; i < e; i++) {
		char ch = s->text[i], nx = i + 1 < e ? s->text[i + 1] : 0, pv = i > a ? s->text[i - 1] : 0;

		if (ch == '(' || ch == '[' || ch == '{')
			depth++;
		else if ((ch == ')' || ch == ']' || ch == '}') && depth)
			depth--;
		else if (!depth && ch == ',')
			return false;
		else if (!depth && ch == '=' && nx != '=' && !strchr("=!<>", pv))
			return false;
		else if (!depth && ch == '?')
			return false;
	}
	return true;
}

/* A condition that is always true: none (`for (;;)`), `true`, a nonzero integer. */
static bool always_true(const struct source *s, CXCursor cond)
{
	enum CXCursorKind k;
	unsigned a, e;

	if (clang_Cursor_isNull(cond))
		return true;
	cond = strip(cond);
	k = clang_getCursorKind(cond);
	if (k != CXCursor_IntegerLiteral && k != CXCursor_CXXBoolLiteralExpr)
		return false;
	a = c_start(cond);
	e = c_end(cond);
	if (e <= a || e > s->len)
		return false;
	return !(e - a == 1 && s->text[a] == '0') && !(e - a == 5 && !strncmp(s->text + a, "false", 5));
}

/* Does body test memory another thread writes in an if (`if (atomicCAS(&l, 0, 1) == 0) { ... break; }`)? */
static enum CXChildVisitResult tests_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct waits *w = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_IfStmt) {
		struct cx_kids ks = cx_kids_of(c);

		w->hit = ks.n >= 2 && waits_on(w->s, w->clock, ks.c[0]);
		cx_kids_free(&ks);
		if (w->hit)
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Where the prefix goes in `for (init; ; inc)`: just after the first ';' of the header. */
unsigned empty_for_cond(const struct source *s, CXCursor f)
{
	unsigned o = c_start(f);
	int depth = 0;

	while (o < s->len && s->text[o] != '(')
		o++;
	for (; o < s->len; o++) {
		if (s->text[o] == '(')
			depth++;
		else if (s->text[o] == ')' && --depth == 0)
			break;
		else if (s->text[o] == ';' && depth == 1)
			return o + 1;
	}
	return ~0u;
}

static void add_at(struct spins *sp, unsigned at)
{
	if (sp->n == sp->cap) {
		sp->cap = sp->cap ? 2 * sp->cap : 4;
		sp->at = cx_realloc(sp->at, sp->cap * sizeof(*sp->at));
	}
	sp->at[sp->n++] = at;
}

/* What a loop waits by: taking (test-and-set: atomicCAS, atomicExch, atomicOr), or reading what another thread sets. */
struct takes {
	const struct source *s;
	bool take, read;
};

static enum CXChildVisitResult takes_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct takes *t = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_CallExpr && waiting_atomic(t->s, c)) {
		char *n = cx_spelling(c);

		if (!strncmp(n, "atomicCAS", 9) || !strncmp(n, "atomicExch", 10) || !strncmp(n, "atomicOr", 8))
			t->take = true;
		else
			t->read = true;
		free(n);
	} else if ((k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr || k == CXCursor_ArraySubscriptExpr ||
		    k == CXCursor_UnaryOperator) &&
		   clang_isVolatileQualifiedType(clang_getCursorType(c))) {
		t->read = true;
	}
	return CXChildVisit_Recurse;
}

/*
 * Does loop c only try to take a lock (`while (atomicCAS(&l, 0, 1) != 0);`)
 * and read nothing another thread sets?  Where a block's threads run one
 * after another, each to its next barrier, a thread that takes a lock and
 * releases it in its own turn never keeps another of its block waiting, and
 * a holder in another block runs on another worker: such a loop ends.  A
 * loop that waits for a flag or a turn (a volatile read, atomicAdd of 0)
 * waits for a thread that has not run yet.
 */
static bool only_takes(const struct source *s, CXCursor c)
{
	struct takes t = { s, false, false };

	clang_visitChildren(c, takes_visit, &t);
	return t.take && !t.read;
}

static enum CXChildVisitResult loops_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct spins *sp = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor cond = clang_getNullCursor(), body = clang_getNullCursor(), init, inc;
	bool spins = false;

	(void)parent;
	if (k == CXCursor_WhileStmt || k == CXCursor_DoStmt) {
		struct cx_kids ks = cx_kids_of(c);

		if (ks.n == 2) {
			cond = ks.c[k == CXCursor_DoStmt ? 1 : 0];
			body = ks.c[k == CXCursor_DoStmt ? 0 : 1];
		}
		cx_kids_free(&ks);
		if (clang_Cursor_isNull(cond) || clang_getCursorKind(cond) == CXCursor_VarDecl)
			return CXChildVisit_Recurse;
	} else if (k == CXCursor_ForStmt && !in_macro(c)) {
		for_parts(sp->s, c, &init, &cond, &inc, &body);
		if (clang_Cursor_isNull(body))
			return CXChildVisit_Recurse;
	} else {
		return CXChildVisit_Recurse;
	}
	if (always_true(sp->s, cond)) {
		struct waits w = { sp->s, sp->clock, false };

		clang_visitChildren(body, tests_visit, &w);	/* `while (true) { if (atomicCAS(...) == 0) break; }` */
		spins = w.hit;
	} else
		spins = spins_on(sp->s, sp->clock, cond, body);
	if (!spins || (sp->takes_ok && only_takes(sp->s, c)))
		return CXChildVisit_Recurse;
	if (!sp->first_line) {
		unsigned line = 1;

		for (unsigned i = 0; i < c_start(c) && i < sp->s->len; i++)	/* rewrites keep lines */
			line += sp->s->text[i] == '\n';
		sp->first_line = line;
		sp->first = c;
	}
	if (clang_Cursor_isNull(cond)) {
		unsigned at = empty_for_cond(sp->s, c);

		if (at != ~0u)
			add_at(sp, at | SPIN_BARE);
	} else if (cond_can_prefix(sp->s, cond)) {
		add_at(sp, c_start(cond));
	}
	return CXChildVisit_Recurse;
}

unsigned spin_points(const struct source *s, CXCursor fn, unsigned **at, unsigned *line)
{
	struct spins sp = { s, true, false, NULL, 0, 0, 0, clang_getNullCursor() };

	clang_visitChildren(fn, loops_visit, &sp);
	*at = sp.at;
	if (line)
		*line = sp.first_line;
	return sp.n;
}

unsigned spin_line(const struct source *s, CXCursor fn)
{
	unsigned *at, line;

	spin_points(s, fn, &at, &line);
	free(at);
	return line;
}

/* The first loop that waits for memory another thread writes, the device clock left out. */
unsigned spin_memory_line(const struct source *s, CXCursor fn)
{
	struct spins sp = { s, false, false, NULL, 0, 0, 0, clang_getNullCursor() };

	clang_visitChildren(fn, loops_visit, &sp);
	free(sp.at);
	return sp.first_line;
}

/* A whole program forced to loop fission (--exec-model=fission) refuses a spin loop rather than hang in it. */
void check_spin(struct source *s, CXCursor fn)
{
	struct spins sp = { s, false, !s->cxx, NULL, 0, 0, 0, clang_getNullCursor() };

	/* whole programs run such a loop as fibers; the C path (kernels only) and forced fission cannot */
	if (s->cxx && s->model != EXEC_FISSION)
		return;
	clang_visitChildren(fn, loops_visit, &sp);
	free(sp.at);
	if (sp.first_line)
		error_at(s, sp.first,
			 "this loop waits for memory another thread writes (its condition depends on an atomic or a volatile read), which %s, running the threads one after another, would never let it see: %s",
			 s->cxx ? "loop fission" : "the C output",
			 s->cxx ? "build without --exec-model=fission to run it as fibers"
				: "build the whole program (idxgen-cc -o prog file.cu) to run it as fibers");
}

/*
 * Does kernel fn wait in a spin loop, itself or in a function it calls
 * (definitions in this file, followed to any depth, each once)?  Its
 * descriptor then says IDXGEN_RT_KERNEL_WAITS (whole.c): the loop may wait
 * for a thread of another block, and the runtime keeps the grid's blocks
 * resident when they fit (idxgen_rt.h).  A call through a pointer or a
 * dependent name is not followed: the loop in it still runs, its blocks are
 * then resident only as far as the workers go.
 */
struct reach {
	const struct source *s;
	CXCursor *seen;
	unsigned n;
	bool hit;
};

static bool reach_fn(struct reach *r, CXCursor fn);

static enum CXChildVisitResult reach_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct reach *r = d;
	CXCursor ref, def;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	ref = clang_getCursorReferenced(c);
	if (!clang_Cursor_isNull(ref) && !decl_in_headers(ref)) {
		def = clang_getCursorDefinition(ref);
		if (!clang_Cursor_isNull(def) && reach_fn(r, def))
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool reach_fn(struct reach *r, CXCursor fn)
{
	for (unsigned i = 0; i < r->n; i++)
		if (clang_equalCursors(r->seen[i], fn))
			return false;
	r->seen = cx_realloc(r->seen, (r->n + 1) * sizeof(*r->seen));
	r->seen[r->n++] = fn;
	if (spin_memory_line(r->s, fn))
		r->hit = true;
	else
		clang_visitChildren(fn, reach_visit, r);
	return r->hit;
}

bool spin_reaches(const struct source *s, CXCursor fn)
{
	struct reach r = { s, NULL, 0, false };

	reach_fn(&r, fn);
	free(r.seen);
	return r.hit;
}
