// SPDX-License-Identifier: MIT
/*
 * macro_lockstep_expand.c - lock-step stores that a macro writes, written
 * out before the translation (lib/cc/README.md, "Lock step without
 * volatile").
 *
 * An assignment that reads another lane's element of the __shared__ array
 * it stores, with no barrier between (`Avg[t] += Avg[t + 16];`, the last
 * steps of a block reduction written for a warp in lock step), runs as read,
 * meet, write: lockstep.c rewrites it where it is spelled.  Parboil's histo
 * writes those steps with a macro (`#define SUM(s) if (t < s) { Avg[t] +=
 * Avg[t + s]; ... }` then `SUM(16); SUM(8); ...`), whose text no edit can
 * reach, and the translator refused the kernel ("this statement's
 * assignment, written in a macro, ...").  Now each such invocation of the
 * main file is written out one level in place, as kernel-writing macros are
 * (macro_kernel_expand.c), after which the assignment is text that lockstep.c
 * rewrites.  Only programs with a `#define` that stores to an element
 * (`]` then an assignment) pay for the parse that looks for them.
 */
#define _GNU_SOURCE /* memmem */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

struct rmw_uses {
	struct source *s; /* a copy: its lock-step memo and counts are this search's own */
	struct offsets at; /* the statements' offsets, each once */
};

/* A function of the main file: the statements lockstep.c could not rewrite (LOCKSTEP_BAD). */
static void find_rmw_uses(CXCursor fn, void *data)
{
	struct rmw_uses *u = data;
	unsigned *pts, n = lockstep_points(u->s, fn, &pts);

	for (unsigned i = 0; i < n; i++)
		if (pts[i] & LOCKSTEP_BAD)
			offsets_add(&u->at, LOCKSTEP_OFFSET(pts[i]));
	free(pts);
}

unsigned macro_lockstep_uses(const struct source *s, CXTranslationUnit tu, unsigned **off)
{
	struct source copy = *s;
	struct rmw_uses u = { .s = &copy };

	copy.lsm = NULL;	/* the memos of this parse, freed with it */
	copy.mhm = NULL;
	copy.lstats = NULL;	/* --dump=stats counts the translation's analysis only */
	main_fn_defs(tu, s->path, find_rmw_uses, &u);
	lockstep_memo_free(&copy);
	macro_header_memo_free(&copy);
	*off = u.at.off;
	return u.at.n;
}

/* After `]` (and spaces) at t[i]: an assignment operator, `++` or `--`? */
static bool store_op_at(const char *t, size_t i, size_t end)
{
	while (i < end && (t[i] == ' ' || t[i] == '\t' || t[i] == ')'))
		i++;
	if (i + 1 < end && (t[i] == '+' || t[i] == '-') && t[i + 1] == t[i])
		return true;
	if (i < end && strchr("+-*/%&|^", t[i]) && t[i])
		i++;
	else if (i + 2 < end && (t[i] == '<' || t[i] == '>') && t[i + 1] == t[i])
		i += 2;
	return i < end && t[i] == '=' && !(i + 1 < end && t[i + 1] == '=');
}

/* A `]` of the line [from, end) followed by an assignment operator? */
static bool element_store_in(const char *text, size_t from, size_t end)
{
	for (const char *p = text + from; p < text + end && (p = memchr(p, ']', (size_t)(text + end - p))); p++)
		if (store_op_at(text, (size_t)(p - text) + 1, end))
			return true;
	return false;
}

bool defines_element_store(const char *text, size_t len)
{
	return text_any_directive(text, len, element_store_in);
}
