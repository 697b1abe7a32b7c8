// SPDX-License-Identifier: MIT
/*
 * line_marks.c - #line directives in the C++ of whole programs, so that the
 * C++ compiler names the user's file and line: assert()'s message,
 * __FILE__, __LINE__ and the host compiler's own diagnostics.
 *
 * The C++ is the input's text with edits (whole.c); most keep every line
 * where it was, but what idxgen-cc writes itself -- a kernel's block
 * function, descriptor and stub, two lines of prelude at the top -- does
 * not.  So the output starts with `#line 1 "FILE"`, and before text copied
 * from the input, where the line the compiler will count for it differs
 * from the input's, a new `#line N "FILE"` says which line it is.  The
 * compiler's quoted-include search still uses the real folder of the C++
 * (include_mirror.c relies on that); only the name and line it reports
 * change, as nvcc's do (it reports the .cu too).
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdio.h>
#include <string.h>

/* The line the compiler counts at the end of o (a #line of a kernel's statements counted too). */
static unsigned out_line(struct line_marks *lm, const struct buf *o)
{
	for (; lm->o_off < o->n; lm->o_off++) {
		bool bol = lm->o_off == 0 || o->p[lm->o_off - 1] == '\n';
		unsigned n;

		if (bol && o->n - lm->o_off > 6 && !memcmp(o->p + lm->o_off, "#line ", 6) &&
		    sscanf(o->p + lm->o_off + 6, "%u", &n) == 1)
			lm->o_line = n - 1;	/* the line after it is n */
		lm->o_line += o->p[lm->o_off] == '\n';
	}
	return lm->o_line;
}

/* The input's line at offset pos (the user's: warp.c's rewrites mapped back). */
static unsigned src_line(struct line_marks *lm, const struct source *s, CXTranslationUnit tu, unsigned pos)
{
	if (s->wmap && tu && s->file) {
		unsigned line = 0, col = 0;

		warp_map_sloc(s, clang_getLocationForOffset(tu, s->file, pos), &line, &col);
		if (line)
			return line;
	}
	if (pos < lm->s_off) {	/* not expected (copies go forward): count again */
		lm->s_off = 0;
		lm->s_line = 1;
	}
	for (; lm->s_off < pos && lm->s_off < s->len; lm->s_off++)
		lm->s_line += s->text[lm->s_off] == '\n';
	return lm->s_line;
}

static void put_mark(const char *path, unsigned line, struct buf *o)
{
	const char *p;

	if (o->n && o->p[o->n - 1] != '\n')
		bputs(o, "\n");
	bprintf(o, "#line %u \"", line);
	for (p = path; *p; p++) {
		if (*p == '"' || *p == '\\')
			bputs(o, "\\");
		bput(o, p, 1);
	}
	bputs(o, "\"\n");
}

static void write_mark(struct line_marks *lm, const char *path, unsigned line, struct buf *o)
{
	put_mark(path, line, o);
	lm->o_off = o->n;
	lm->o_line = line;
}

void line_marks_begin(struct line_marks *lm, const struct source *s, struct buf *o)
{
	memset(lm, 0, sizeof(*lm));
	lm->on = true;
	lm->s_line = 1;
	write_mark(lm, s->path, 1, o);
}

void line_marks_sync(struct line_marks *lm, const struct source *s, CXTranslationUnit tu, unsigned pos,
		     struct buf *o)
{
	unsigned want;

	if (!lm->on)
		return;
	want = src_line(lm, s, tu, pos);
	if (out_line(lm, o) != want)
		write_mark(lm, s->path, want, o);
}

/*
 * Loop fission writes a kernel's statements anew, in thread loops, so their
 * lines are idxgen-cc's; a statement that reports its place -- assert(),
 * __LINE__, __FILE__ -- gets a #line of its own (whole programs only; the
 * C path's output is C for the user to compile and keeps its lines as they
 * were).  The text is searched first, so other statements cost nothing.
 */
void line_mark_stmt(const struct source *s, CXCursor st, struct buf *o)
{
	static const char *const words[] = { "assert", "__LINE__", "__FILE__" };
	unsigned a = c_start(st), b = c_end(st), line = 0, col = 0, i;
	bool named = false;

	if (!s->cxx || a >= b || b > s->len)
		return;
	for (i = 0; i < sizeof(words) / sizeof(*words) && !named; i++)
		named = memmem(s->text + a, b - a, words[i], strlen(words[i])) != NULL;
	if (!named)
		return;
	clang_getExpansionLocation(clang_getCursorLocation(st), NULL, &line, &col, NULL);
	warp_map_loc(s, st, &line, &col);
	if (line)
		put_mark(s->path, line, o);
}
