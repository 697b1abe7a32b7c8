// SPDX-License-Identifier: MIT
/*
 * Launches written in a macro's body (`#define RUN(T, p, n) k<T><<<g, b>>>(p, n)`,
 * the type-dispatch macros that instantiate a template kernel per type): the
 * launch is rewritten where it is spelled, in the #define, as whole.c
 * rewrites a launch in the text (`(__idxgenPushCallConfiguration(g, b) ?
 * (void)0 : k<T>(p, n))`), so every expansion is a plain call of the host
 * stub.  The parse still sees the chevrons (clang checks the launch); the
 * edit applies where the text is copied (emit_src).  A launch whose callee,
 * chevrons or argument list are not all in one body (a macro argument
 * holding `<<<`) stays diagnosed by whole.c.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"

/* Blanks and backslash-newlines (a #define's continuations). */
static bool gap(const char *t, size_t len, size_t i)
{
	return t[i] == ' ' || t[i] == '\t' || (t[i] == '\\' && i + 1 < len && t[i + 1] == '\n') ||
	       (t[i] == '\n' && i > 0 && t[i - 1] == '\\');
}

/* The end of the #define logical line starting at i (its final newline or len). */
static size_t line_end(const char *t, size_t len, size_t i)
{
	for (; i < len; i++)
		if (t[i] == '\n' && !(i > 0 && t[i - 1] == '\\'))
			break;
	return i;
}

/* From the opening bracket at i, past its match (bounded by end); 0 if none. */
static size_t match(const char *t, size_t end, size_t i, char open, char close)
{
	int depth = 0;

	for (; i < end; i++) {
		if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];

			for (i++; i < end && t[i] != q; i++)
				if (t[i] == '\\')
					i++;
		} else if (t[i] == open) {
			depth++;
		} else if (t[i] == close && --depth == 0) {
			return i + 1;
		}
	}
	return 0;
}

/*
 * Before a name's first character i: a `##` that pastes it to the name before
 * it (`#define LAUNCH(n) n##Kernel<<<g, b>>>()`), gaps allowed around it: the
 * pasted name's end; else i.
 */
static size_t pasted_before(const char *t, size_t from, size_t i)
{
	size_t j = i;

	while (j > from && gap(t, i, j - 1))
		j--;
	if (j < from + 2 || t[j - 1] != '#' || t[j - 2] != '#')
		return i;
	for (j -= 2; j > from && gap(t, i, j - 1); j--)
		;
	return j > from && text_ident_char(t[j - 1]) ? j : i;
}

/*
 * The callee's first character before the `<<<` at lt: a (qualified, template,
 * pasted) name; lt if none.  The whole callee, pasted parts included, goes
 * behind the configuration push: an edit inside `n##Kernel` pasted `n` to `(`.
 */
static size_t callee_start(const char *t, size_t from, size_t lt)
{
	size_t i = lt, p;

	while (i > from && gap(t, lt, i - 1))
		i--;
	for (;;) {
		if (i > from && t[i - 1] == '>') {	/* template arguments */
			int depth = 0;

			while (i > from) {
				i--;
				if (t[i] == '>')
					depth++;
				else if (t[i] == '<' && --depth == 0)
					break;
			}
			if (depth)
				return lt;
		}
		while (i > from && text_ident_char(t[i - 1]))
			i--;
		if (i > from + 1 && t[i - 1] == ':' && t[i - 2] == ':')
			i -= 2;
		else if ((p = pasted_before(t, from, i)) != i)
			i = p;
		else
			break;
	}
	return i < lt && text_ident_char(t[i]) ? i : lt;
}

/* One launch at lt in [body, end): the callee's start *a, the >>> at *g, the argument list [*p, *e). */
static bool find_launch(const char *t, size_t body, size_t end, size_t lt, size_t *a, size_t *g,
			size_t *p, size_t *e)
{
	int depth = 0;

	*a = callee_start(t, body, lt);
	for (*g = lt + 3; *g + 3 <= end; (*g)++) {
		if (t[*g] == '(' || t[*g] == '[')
			depth++;
		else if (t[*g] == ')' || t[*g] == ']')
			depth--;
		else if (depth == 0 && !strncmp(t + *g, ">>>", 3))
			break;
	}
	if (*a == lt || *g + 3 > end)
		return false;
	for (*p = *g + 3; *p < end && gap(t, end, *p); (*p)++)
		;
	return *p < end && t[*p] == '(' && (*e = match(t, end, *p, '(', ')'));
}

/* One launch at lt in [body, end): its edit, the offset after it; 0 if it is not one. */
static size_t edit_launch(struct source *s, size_t body, size_t end, size_t lt)
{
	const char *t = s->text;
	size_t a, g, p, e;
	struct buf r = { 0 };

	if (!find_launch(t, body, end, lt, &a, &g, &p, &e))
		return 0;
	bputs(&r, "(__idxgenPushCallConfiguration(");
	bput(&r, t + lt + 3, g - lt - 3);
	bputs(&r, ") ? (void)0 : ");
	bput(&r, t + a, lt - a);
	bput(&r, t + p, e - p);
	bputs(&r, ")");
	source_edit(s, (unsigned)a, (unsigned)e, r.p);
	buf_free(&r);
	return e;
}

/* After the `define` of a `#define` whose logical line starts at i, its name at *name; 0: none. */
static size_t define_at(const char *t, size_t end, size_t i, size_t *name)
{
	while (i < end && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i >= end || t[i] != '#')
		return 0;
	for (i++; i < end && (t[i] == ' ' || t[i] == '\t'); i++)
		;
	if (end - i <= 6 || strncmp(t + i, "define", 6) || text_ident_char(t[i + 6]))
		return 0;
	for (*name = i + 6; *name < end && gap(t, end, *name); (*name)++)
		;
	return i + 6;
}

void macro_launches(struct source *s)
{
	const char *t = s->text;
	size_t len = s->len, i = 0;

	while (i < len) {
		size_t end = line_end(t, len, i), name, body = define_at(t, end, i, &name), k;

		for (k = body; body && k + 3 <= end; k++) {
			size_t n;

			if (strncmp(t + k, "<<<", 3))
				continue;
			n = edit_launch(s, body, end, k);
			k = n ? n - 1 : k + 2;
		}
		i = end + 1;
	}
}

unsigned launch_defines(const char *t, size_t len)
{
	unsigned kinds = 0;
	size_t i = 0, a, g, p, e;

	while (i < len) {
		size_t end = line_end(t, len, i), name, body = define_at(t, end, i, &name);

		for (size_t k = body; body && k + 3 <= end; k++)
			if (!strncmp(t + k, "<<<", 3))
				kinds |= find_launch(t, body, end, k, &a, &g, &p, &e) ? LAUNCH_WHOLE : LAUNCH_SPLIT;
		i = end + 1;
	}
	return kinds;
}

unsigned macro_arg_launches(struct source *s, unsigned a)
{
	const char *t = s->text;
	size_t k = a, e, next;
	unsigned n = 0;

	while (k < s->len && text_ident_char(t[k]))
		k++;
	while (k < s->len && (gap(t, s->len, k) || t[k] == '\n'))
		k++;
	if (k == a || k >= s->len || t[k] != '(' || !(e = match(t, s->len, k, '(', ')')))
		return 0;
	for (; k + 3 <= e; k++) {
		if (strncmp(t + k, "<<<", 3))
			continue;
		next = edit_launch(s, a, e, k);
		if (!next)
			return 0;
		n++;
		k = next - 1;
	}
	return n;
}

/*
 * Was the launch whose text is the macro invocation at [a, e) rewritten
 * where it is spelled?  A kernel call in a macro's expansion is: its
 * callee, chevrons and arguments are in some #define body of the file that
 * the invocation reaches, the invocation's own macro or one its text or
 * that body names, and so on.  libclang 16 gives a macro body's tokens the
 * invocation's location, so which body is asked of the text: every #define
 * (before a) of every name the invocation reaches, and the launch counts as
 * rewritten when those bodies hold at least one launch macro_launches()
 * rewrote and none it could not.  A launch configuration alone
 * (`#define KERNEL_ARGS2(g, b) <<<g, b>>>`, macro_chevrons.c) is one it
 * could not, but counts only where the invocation reaches it (its
 * invocations are written out before the parse).  A name that is no macro
 * of this file (one of a header) reaches nothing: such a launch stays
 * diagnosed.
 */
struct reach {
	const char *t;
	size_t before;
	struct def {
		size_t line, name, body, end;	/* the logical line, its name, after `define`, its end */
		bool seen;
	} *d;
	unsigned nd;
	unsigned done, left;
};

static size_t ident_end(const char *t, size_t end, size_t i)
{
	while (i < end && text_ident_char(t[i]))
		i++;
	return i;
}

static void reach_text(struct reach *r, size_t from, size_t to, unsigned depth);

/* Every #define of the name [n, ne) before r->before: its launches counted, its body followed. */
static void reach_name(struct reach *r, size_t n, size_t ne, unsigned depth)
{
	for (unsigned i = 0; i < r->nd; i++) {
		struct def *d = &r->d[i];
		size_t de = ident_end(r->t, d->end, d->name), a, g, p, e;

		if (d->seen || d->line >= r->before || de - d->name != ne - n ||
		    strncmp(r->t + d->name, r->t + n, ne - n))
			continue;
		d->seen = true;
		for (size_t k = d->body; k + 3 <= d->end; k++) {
			if (strncmp(r->t + k, "<<<", 3))
				continue;
			if (find_launch(r->t, d->body, d->end, k, &a, &g, &p, &e)) {
				r->done++;
				k = e - 1;
			} else {
				r->left++;
				k += 2;
			}
		}
		if (depth < 16)
			reach_text(r, de, d->end, depth + 1);
	}
}

/* The names in [from, to), strings and characters left out. */
static void reach_text(struct reach *r, size_t from, size_t to, unsigned depth)
{
	const char *t = r->t;

	for (size_t i = from; i < to; i++) {
		if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];

			for (i++; i < to && t[i] != q; i++)
				i += t[i] == '\\';
		} else if (text_ident_char(t[i]) && !(t[i] >= '0' && t[i] <= '9') &&
			   (i == from || !text_ident_char(t[i - 1]))) {
			size_t e = ident_end(t, to, i);

			reach_name(r, i, e, depth);
			i = e - 1;
		} else if (text_ident_char(t[i])) {
			i = ident_end(t, to, i) - 1;	/* a number's digits and suffix */
		}
	}
}

bool macro_launch_rewritten(const struct source *s, unsigned a, unsigned e)
{
	struct reach r = {.t = s->text, .before = a};
	size_t i = 0, cap = 0;

	while (i < s->len) {
		size_t end = line_end(s->text, s->len, i), name, body = define_at(s->text, end, i, &name);

		if (body) {
			if (r.nd == cap) {
				cap = cap ? 2 * cap : 16;
				r.d = cx_realloc(r.d, cap * sizeof(*r.d));
			}
			r.d[r.nd++] = (struct def){i, name, body, end, false};
		}
		i = end + 1;
	}
	if (e <= a)	/* the invocation's name and its arguments */
		e = (unsigned)ident_end(s->text, s->len, a);
	reach_text(&r, a, e > s->len ? s->len : e, 0);
	free(r.d);
	return r.done && !r.left;
}
