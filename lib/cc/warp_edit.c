// SPDX-License-Identifier: MIT
/*
 * warp_edit.c - the warp pass's text edits (sorted, applied) and the map from
 * the rewritten text back to the user's lines and columns, for diagnostics.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void wl_edit(struct wlower *w, unsigned a, unsigned b, char *text)
{
	if (w->ne == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 16;
		w->e = cx_realloc(w->e, w->cap * sizeof(*w->e));
	}
	w->e[w->ne++] = (struct wedit){ a, b, w->ne, text };
}

char *wl_text(const struct source *s, CXCursor c)
{
	unsigned a = c_start(c), b = c_end(c);
	struct buf o = { 0 };

	emit_src(s, a, b, &o);
	bputs(&o, "");
	return o.p;
}

static int cmp_edit(const void *x, const void *y)
{
	const struct wedit *a = x, *b = y;

	if (a->a != b->a)
		return a->a < b->a ? -1 : 1;
	if ((a->a == a->b) != (b->a == b->b))
		return a->a == a->b ? -1 : 1;	/* insertions before a replacement */
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * The rewritten text keeps lines; columns move.  The map keeps the original
 * text and, per edit, where it starts in both texts, so that diagnostics of
 * the later passes name the user's column (an offset inside inserted text
 * maps to the start of the statement or call it was made for).
 */
struct warp_map {
	char *orig;
	size_t orig_len;
	unsigned n, *new_a, *new_end, *old_a, *old_end;
	struct warp_map *prev;	/* an earlier rewrite (inlining before lowering) */
};

void wl_apply(struct wlower *w)
{
	struct buf o = { 0 };
	struct warp_map *m = cx_alloc(sizeof(*m));
	unsigned pos = 0, i;

	qsort(w->e, w->ne, sizeof(*w->e), cmp_edit);
	m->n = 0;
	m->new_a = cx_alloc((w->ne + 1) * sizeof(unsigned));
	m->new_end = cx_alloc((w->ne + 1) * sizeof(unsigned));
	m->old_a = cx_alloc((w->ne + 1) * sizeof(unsigned));
	m->old_end = cx_alloc((w->ne + 1) * sizeof(unsigned));
	for (i = 0; i < w->ne; i++) {
		if (w->e[i].a < pos)
			continue;	/* inside an earlier replacement (diagnosed) */
		emit_src(w->s, pos, w->e[i].a, &o);
		m->new_a[m->n] = (unsigned)o.n;
		m->old_a[m->n] = w->e[i].a;
		bputs(&o, w->e[i].text);
		m->new_end[m->n] = (unsigned)o.n;
		m->old_end[m->n++] = w->e[i].b;
		pos = w->e[i].b;
	}
	emit_src(w->s, pos, (unsigned)w->s->len, &o);
	bputs(&o, "");
	m->orig = w->s->text;
	m->orig_len = w->s->len;
	m->prev = w->s->wmap;
	w->s->text = o.p;
	w->s->len = o.n;
	w->s->wmap = m;
}

static unsigned old_offset(const struct warp_map *m, unsigned x)
{
	unsigned i, shift_new = 0, shift_old = 0;

	for (i = 0; i < m->n && m->new_a[i] <= x; i++) {
		if (x < m->new_end[i])
			return m->old_a[i];
		shift_new = m->new_end[i];
		shift_old = m->old_end[i];
	}
	return shift_old + (x - shift_new);
}

void warp_map_loc(const struct source *s, CXCursor c, unsigned *line, unsigned *col)
{
	warp_map_sloc(s, clang_getCursorLocation(c), line, col);
}

/* The user's line and column of offset off in the text warp.c rewrote (text it inserted: its start's). */
static void map_offset(const struct warp_map *m, unsigned off, unsigned *line, unsigned *col)
{
	unsigned o, l = 1, k = 1;

	for (;; m = m->prev) {
		off = old_offset(m, off);
		if (!m->prev)
			break;
	}
	for (o = 0; o < off && o < m->orig_len; o++, k++)
		if (m->orig[o] == '\n')
			l++, k = 0;
	*line = l;
	*col = k;
}

void warp_map_sloc(const struct source *s, CXSourceLocation loc, unsigned *line, unsigned *col)
{
	unsigned off;
	CXFile f;

	if (!s->wmap)
		return;
	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	if (!f || !s->file || !clang_File_isEqual(f, s->file))
		return;
	map_offset(s->wmap, off, line, col);
}

unsigned warp_map_line(const struct source *s, unsigned off)
{
	unsigned line = 1, col;

	if (s->wmap) {
		map_offset(s->wmap, off, &line, &col);
		return line;
	}
	for (unsigned i = 0; i < off && i < s->len; i++)
		line += s->text[i] == '\n';
	return line;
}

void warp_map_free(struct source *s)
{
	struct warp_map *m = s->wmap, *p;

	for (; m; m = p) {
		p = m->prev;
		free(m->orig);
		free(m->new_a);
		free(m->new_end);
		free(m->old_a);
		free(m->old_end);
		free(m);
	}
	s->wmap = NULL;
}
