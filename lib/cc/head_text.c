// SPDX-License-Identifier: MIT
/*
 * head_text.c - a copy of a kernel's head, its conditional groups balanced.
 * The host stub repeats the kernel's declaration, its text from the declaration's
 * start to the body (whole.c, emit_stub).  A program may choose the head with
 * a conditional whose directives lie in that text:
 *
 *     #ifdef DEBUG_RT_CUDA
 *     __global__ void render(float4 *dbg, uint *result, ...)
 *     #else
 *     __global__ void render(uint *result, ...)
 *     #endif
 *     { ... }
 *
 * (GPGPU-Sim's ispass2009 RAY).  Loop fission replaces the kernel's text, the
 * head's `#endif` with it, and the stub's copy writes it back; a kernel run
 * as fibers keeps its text where it was, `#endif` included, so a stub that
 * copied the head as written closed the group twice ("#endif without #if"),
 * and so did the declaration a template kernel's registration repeats.
 * Such a copy is balanced: an `#if 1` before it for each group it closes or
 * continues (`#else`, `#elif`) that began before the head, whose branch the
 * head starts in was the one taken; an `#endif` after it for each group it
 * opens and leaves open at the body, whose branch there was taken too.  The
 * groups inside the head stay as written: the preprocessor chooses again.
 */
#include "cc.h"

#include <string.h>

/* The directive at line start p, if any: its name after '#' and blanks (NULL: none). */
static const char *directive_at(const char *t, unsigned p, unsigned b)
{
	while (p < b && (t[p] == ' ' || t[p] == '\t'))
		p++;
	if (p >= b || t[p] != '#')
		return NULL;
	for (p++; p < b && (t[p] == ' ' || t[p] == '\t'); p++)
		;
	return t + p;
}

static bool directive_is(const char *d, const char *name)
{
	size_t n = strlen(name);

	return !strncmp(d, name, n) && !(d[n] == '_' || (d[n] >= 'a' && d[n] <= 'z') || (d[n] >= '0' && d[n] <= '9'));
}

/* Count the directive d into the groups of head_groups(). */
static void count_directive(const char *d, int *depth, int *lowest)
{
	if (directive_is(d, "if") || directive_is(d, "ifdef") || directive_is(d, "ifndef")) {
		(*depth)++;
	} else if (directive_is(d, "else") || directive_is(d, "elif") || directive_is(d, "elifdef") ||
		   directive_is(d, "elifndef")) {
		if (*depth < *lowest)
			*lowest = *depth;	/* a branch of the group at this depth */
	} else if (directive_is(d, "endif")) {
		if (*depth < *lowest)
			*lowest = *depth;
		(*depth)--;
	}
}

/*
 * The conditional groups the head [a, b) leaves unbalanced: *before, the
 * groups begun before it that it closes or continues; *after, those it
 * opens and does not close.  A directive is a `#` first on its line, only
 * blanks or comments of that line before it; comments and literals are
 * skipped (text_skip()), so a comment's lines are no lines of their own,
 * whether it holds a commented-out `#ifdef` or continues a directive's
 * line (`#if X`, then a comment whose second line starts with `#endif`):
 * the preprocessor counts neither.  A backslash-newline continues a line.
 */
static void head_groups(const char *t, unsigned a, unsigned b, unsigned *before, unsigned *after)
{
	int depth = 0, lowest = 1;
	bool start = true;	/* only blanks and one-line comments since the line's start */
	unsigned p = a;

	while (p < b) {
		size_t k;

		if (t[p] == '\n') {
			if (!(p > a && t[p - 1] == '\\'))
				start = true;
			p++;
		} else if (t[p] == ' ' || t[p] == '\t' || t[p] == '\r' || t[p] == '\f' || t[p] == '\v') {
			p++;
		} else if (t[p] == '#') {
			const char *d = start ? directive_at(t, p, b) : NULL;

			if (d)
				count_directive(d, &depth, &lowest);
			start = false;
			p++;
		} else if ((k = text_skip(t, b, p)) != p) {
			if (t[p + 1] == '*')	/* a comment over lines joins them */
				start = start && !memchr(t + p, '\n', k - p);
			else			/* a literal; a line comment stops at its newline */
				start = t[k - 1] == '\n';
			p = (unsigned)k;
		} else {
			start = false;
			p++;
		}
	}
	*before = lowest <= 0 ? (unsigned)(1 - lowest) : 0;
	*after = depth + (int)*before > 0 ? (unsigned)(depth + (int)*before) : 0;
}

/* Append the head [a, b) of s to o, written by emit, its conditional groups balanced. */
void emit_head_text(struct source *s, CXCursor fn, unsigned a, unsigned b, struct buf *o,
		    void (*emit)(struct source *s, CXCursor fn, unsigned a, unsigned b, struct buf *o))
{
	unsigned before, after, i;

	head_groups(s->text, a, b, &before, &after);
	for (i = 0; i < before; i++)
		bputs(o, "\n#if 1\n");
	emit(s, fn, a, b, o);
	for (i = 0; i < after; i++)
		bputs(o, "\n#endif\n");
}
