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

/* One launch at lt in [body, end): its edit, the offset after it; 0 if it is not one. */
static size_t edit_launch(struct source *s, size_t body, size_t end, size_t lt)
{
	const char *t = s->text;
	size_t a = callee_start(t, body, lt), g, p, e;
	int depth = 0;
	struct buf r = { 0 };

	for (g = lt + 3; g + 3 <= end; g++) {
		if (t[g] == '(' || t[g] == '[')
			depth++;
		else if (t[g] == ')' || t[g] == ']')
			depth--;
		else if (depth == 0 && !strncmp(t + g, ">>>", 3))
			break;
	}
	if (a == lt || g + 3 > end)
		return 0;
	for (p = g + 3; p < end && gap(t, end, p); p++)
		;
	if (p >= end || t[p] != '(' || !(e = match(t, end, p, '(', ')')))
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

void macro_launches(struct source *s)
{
	const char *t = s->text;
	size_t len = s->len, i = 0;

	while (i < len) {
		size_t j = i, end, k;

		while (j < len && (t[j] == ' ' || t[j] == '\t'))
			j++;
		end = line_end(t, len, j);
		if (j < len && t[j] == '#') {
			for (j++; j < end && (t[j] == ' ' || t[j] == '\t'); j++)
				;
			if (end - j > 6 && !strncmp(t + j, "define", 6) && !text_ident_char(t[j + 6])) {
				for (k = j + 6; k + 3 <= end; k++) {
					size_t n;

					if (strncmp(t + k, "<<<", 3))
						continue;
					n = edit_launch(s, j + 6, end, k);
					if (n)
						s->macro_launches++;
					else
						s->macro_launches_left++;
					k = n ? n - 1 : k + 2;
				}
			}
		}
		i = end + 1;
	}
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
