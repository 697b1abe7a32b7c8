// SPDX-License-Identifier: MIT
/*
 * include_mirror.c - the included files of a whole program beside its
 * translated ones (lib/cc/README.md, "Whole programs").
 *
 * A file the program includes that defines a kernel is translated and
 * written to the temporary folder at its place relative to the main file
 * (whole.c, translate_headers).  Its own #include "x.h" then looks for x.h
 * beside the copy first, where the untranslated x.h is missing, and the
 * include path (the main file's folder) finds another file or none.  So
 * every other file included from below the main file's folder is linked to
 * at its place too: each quoted include resolves as it did in the original
 * tree.  The same below an -I folder outside the main file's folder whose
 * mirror holds a translated header (search_mirror.c), and below the folder
 * of a header translated one folder up (overlay_mirror.c).
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

struct mirror {
	const struct source *s;
	struct program_out *out;
};

static bool already_there(const struct program_out *out, const char *rel)
{
	unsigned i;

	for (i = 0; i < out->nhdr; i++)
		if (!strcmp(out->hdr[i].rel, rel))
			return true;
	return false;
}

/* Does a translated header (not a link) lie in rel's -I mirror folder (rel "__inc_<hash>/...")? */
static bool mirror_used(const struct program_out *out, const char *rel)
{
	size_t n = strcspn(rel, "/") + 1;

	for (unsigned i = 0; i < out->nhdr; i++)
		if (!out->hdr[i].link && !strncmp(out->hdr[i].rel, rel, n))
			return true;
	return false;
}

/* f's place in the translation's folder, if it is to be linked there (NULL: not). */
static char *mirror_rel(const struct mirror *m, CXFile f)
{
	char *rel = relative_to_main(m->s, f);

	if (!rel) {
		rel = relative_to_search(m->s, f);
		if (rel && !mirror_used(m->out, rel)) {
			free(rel);
			rel = NULL;
		}
	}
	return rel ? rel : overlay_rel(m->out, f);
}

/*
 * A file without declarations that edg_compat.c's fixes edit (a header of
 * #defines whose __CUDA_ARCH__ group became device twins, cuda_arch.c) is
 * written edited, not linked: its text into *text (true).
 */
static bool edited_copy(const struct source *s, const char *real, struct buf *text)
{
	struct source h = { 0 };

	if (!edg_has(s->edg, real) || !source_read(&h, real))
		return false;
	edg_apply(s->edg, &h);
	bput(text, h.text, h.len);
	source_free(&h);
	return true;
}

static void mirror_one(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	struct mirror *m = d;
	struct header_out *h;
	char *rel, *name;

	(void)stack;
	if (depth == 0 || clang_File_isEqual(f, m->s->file))
		return;
	rel = mirror_rel(m, f);
	if (!rel || already_there(m->out, rel)) {
		free(rel);
		return;
	}
	name = cx_string(clang_getFileName(f));
	m->out->hdr = cx_realloc(m->out->hdr, (m->out->nhdr + 1) * sizeof(*m->out->hdr));
	h = &m->out->hdr[m->out->nhdr++];
	memset(h, 0, sizeof(*h));
	h->rel = rel;
	h->link = realpath(name, NULL);
	if (!h->link)
		h->link = cx_strdup(name);
	if (edited_copy(m->s, h->link, &h->text)) {
		free(h->link);
		h->link = NULL;
	}
	free(name);
}

void mirror_includes(const struct source *s, CXTranslationUnit tu, struct program_out *hdrs)
{
	struct mirror m = { s, hdrs };

	clang_getInclusions(tu, mirror_one, &m);
}
