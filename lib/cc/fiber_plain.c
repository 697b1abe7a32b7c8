// SPDX-License-Identifier: MIT
/*
 * fiber_plain.c - can a kernel planned as fibers ever suspend a thread?
 * (issue 38, speed; lib/cc/README.md "Two execution models")
 *
 * A kernel goes to fibers when loop fission cannot run it, or when the
 * command line says so; not every such kernel suspends (a `goto`, a
 * parameter pack, --exec-model=fibers on a kernel without barriers).  One
 * whose threads can never suspend needs no stack of its own per thread:
 * its block function runs the threads one after another in a loop of its
 * own, on the worker's stack, each a plain call of the kernel (whole.c
 * emit_fiber_kernel, __idxgen_fiber_plain_begin): no fiber, no switch.
 *
 * "Never" must be proved: the kernel and every function it calls (followed
 * through their definitions, at any depth) hold no suspension point
 * (suspends_itself).  A call this cannot follow -- through a pointer or a
 * virtual function, a name a template leaves dependent, a function whose
 * body is in another file -- counts as one that suspends (the kernel keeps
 * its fibers: slower, never wrong).  What remains unseen (a destructor that
 * waits at a barrier) traps the launch at run time, naming the thread.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

#define FOLLOW_DEPTH 64	/* calls deeper than this count as suspending */

struct follow {
	const struct source *s;
	CXCursor *seen;	/* definitions already looked at */
	unsigned nseen, depth;
	bool may;	/* a suspension point, or a call not followed */
};

static bool follow_fn(struct follow *f, CXCursor fn);

/* Does the call never suspend?  Library functions are judged by suspends_itself's names. */
static bool call_never_suspends(struct follow *f, CXCursor call)
{
	CXCursor r = clang_getCursorReferenced(call), def;

	if (clang_Cursor_isNull(r) || !function_kind(clang_getCursorKind(r)))
		return false;	/* through a pointer, or a dependent name */
	if (decl_in_headers(r))
		return true;
	if (clang_getCursorKind(r) == CXCursor_CXXMethod && clang_CXXMethod_isVirtual(r))
		return false;	/* an override may suspend */
	def = clang_getCursorDefinition(r);
	return !clang_Cursor_isNull(def) && follow_fn(f, def);
}

/* __threadfence() and its kin: in a fiber kernel a meeting of the lanes (idxgen_cc_fiber.h __idxgen_cc_fence) */
static bool is_fence(CXCursor c)
{
	char *n = cx_spelling(c);
	bool r = !strncmp(n, "__threadfence", 13);

	free(n);
	return r;
}

static enum CXChildVisitResult follow_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct follow *f = d;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CallExpr && (is_fence(c) || !call_never_suspends(f, c)))
		f->may = true;
	return f->may ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Can fn's threads never suspend?  (fn a definition; one already seen is being answered) */
static bool follow_fn(struct follow *f, CXCursor fn)
{
	for (unsigned i = 0; i < f->nseen; i++)
		if (clang_equalCursors(f->seen[i], fn))
			return true;
	f->seen = cx_realloc(f->seen, (f->nseen + 1) * sizeof(*f->seen));
	f->seen[f->nseen++] = fn;
	if (f->depth >= FOLLOW_DEPTH || suspends_itself(f->s, fn))
		return false;
	f->depth++;
	clang_visitChildren(fn, follow_visit, f);
	f->depth--;
	return !f->may;
}

bool fiber_never_suspends(const struct source *s, CXCursor fn)
{
	struct follow f = { s, NULL, 0, 0, false };
	bool never = follow_fn(&f, fn);

	free(f.seen);
	return never;
}

/* The same for one statement of a kernel (lane_plan.c: the code between its barriers). */
bool fiber_stmt_never_suspends(const struct source *s, CXCursor c)
{
	struct follow f = { s, NULL, 0, 0, false };

	if (follow_visit(c, clang_getNullCursor(), &f) != CXChildVisit_Break)
		clang_visitChildren(c, follow_visit, &f);
	free(f.seen);
	return !f.may;
}
