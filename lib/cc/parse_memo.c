// SPDX-License-Identifier: MIT
/*
 * parse_memo.c - the last parse a pass released, kept for the next parse
 * of the same input.
 *
 * The translator's passes parse, edit the text and parse again; a pass that
 * edits nothing (warp_inline.c's last round, warp.c and path_scope.c on a
 * kernel they leave alone) is followed by a parse of the very text it
 * parsed: about a third of the parses of the warp and fiber programs of
 * make check (lib/cc/README.md, "Parses kept for the next pass").  A parse
 * depends only on its inputs (libclang's arguments, the unsaved files'
 * names and contents, the flags, the index; the files on disk do not
 * change during a translation), so the next parse of the same inputs takes
 * the kept translation unit instead, byte for byte what a new parse gives.
 *
 * Every parse is recorded with its inputs when source_parse_raw() makes
 * it (parse_memo_issued); source_release() keeps it, dropping the one kept
 * before; parse_memo_take() hands it out once when the inputs are equal
 * (compared whole, not by a hash).  One is kept at most, and none across
 * two translations: parse_memo_free() before the index is disposed.
 *
 * A translation that starts again from the file as written (whole.c's
 * rounds: a kernel warp.c could not lower, left to the fibers) first parses
 * what the round before parsed last: the kept unit goes on to the next
 * round's source (parse_memo_detach, parse_memo_adopt), under the same
 * index, and is taken only if its inputs are still equal.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

struct parse_memo {
	CXTranslationUnit kept;	/* released, for the next parse of kept_key */
	struct buf kept_key;
	struct issued {
		CXTranslationUnit tu;
		struct buf key;
	} *live;		/* made by source_parse_raw(), not yet released */
	unsigned nlive;
};

static struct parse_memo *memo_of(struct source *s)
{
	if (!s->pm)
		s->pm = cx_alloc(sizeof(*s->pm));
	return s->pm;
}

static void drop_kept(struct parse_memo *m)
{
	if (m->kept)
		clang_disposeTranslationUnit(m->kept);
	m->kept = NULL;
	buf_free(&m->kept_key);
}

/* Forget the record of tu (a unit disposed elsewhere leaves its address free for a new one). */
static bool unrecord(struct parse_memo *m, CXTranslationUnit tu, struct buf *key)
{
	for (unsigned i = 0; i < m->nlive; i++) {
		if (m->live[i].tu != tu)
			continue;
		if (key)
			*key = m->live[i].key;
		else
			buf_free(&m->live[i].key);
		m->live[i] = m->live[--m->nlive];
		return true;
	}
	return false;
}

CXTranslationUnit parse_memo_take(struct source *s, const struct buf *key)
{
	struct parse_memo *m = memo_of(s);
	CXTranslationUnit tu;

	if (!m->kept || m->kept_key.n != key->n || memcmp(m->kept_key.p, key->p, key->n)) {
		drop_kept(m);	/* freed before the new parse, as the pass freed it before */
		return NULL;
	}
	tu = m->kept;
	m->kept = NULL;
	buf_free(&m->kept_key);
	return tu;
}

void parse_memo_issued(struct source *s, CXTranslationUnit tu, struct buf *key)
{
	struct parse_memo *m = memo_of(s);

	unrecord(m, tu, NULL);
	m->live = cx_realloc(m->live, (m->nlive + 1) * sizeof(*m->live));
	m->live[m->nlive].tu = tu;
	m->live[m->nlive++].key = *key;
	*key = (struct buf){ 0 };
}

void source_release(struct source *s, CXTranslationUnit tu)
{
	struct parse_memo *m = memo_of(s);
	struct buf key;

	if (!unrecord(m, tu, &key)) {
		clang_disposeTranslationUnit(tu);
		return;
	}
	drop_kept(m);
	m->kept = tu;
	m->kept_key = key;
}

static void forget_issued(struct parse_memo *m)
{
	for (unsigned i = 0; i < m->nlive; i++)
		buf_free(&m->live[i].key);
	free(m->live);
	m->live = NULL;
	m->nlive = 0;
}

void parse_memo_drop(struct parse_memo *m)
{
	if (!m)
		return;
	drop_kept(m);
	forget_issued(m);
	free(m);
}

void parse_memo_free(struct source *s)
{
	parse_memo_drop(s->pm);
	s->pm = NULL;
}

struct parse_memo *parse_memo_detach(struct source *s)
{
	struct parse_memo *m = s->pm;

	s->pm = NULL;
	if (m)
		forget_issued(m);	/* the old round's units: disposed or dropped with it */
	if (m && !m->kept) {
		parse_memo_drop(m);
		m = NULL;
	}
	return m;
}

void parse_memo_adopt(struct source *s, struct parse_memo *m)
{
	parse_memo_free(s);
	s->pm = m;
}
