// SPDX-License-Identifier: MIT
/*
 * overlay_mirror.c - the files beside a translated header one folder up
 * (lib/cc/README.md, "Whole programs").
 *
 * A header the main file includes as "../DIR/NAME" that needs translating
 * (its kernels: Learn CUDA Programming's pack_n_split includes
 * "../03_scan/scan_v2.cu") is written to the translation's folder at that
 * place, where the translated main file's quoted include finds it first
 * (whole.c, overlay_name).  Its own `#include "scan.h"` then looks beside
 * the copy, where nothing was: the build stopped.  Every file of the
 * program below the header's original folder is therefore linked at the
 * same place below the copy's, so each quoted include of the header (and of
 * the files linked) resolves as it did in the original tree.  A quoted
 * include the header resolved beside itself to a file outside its folder
 * (`#include "../x.h"`) would still not be found: such a header stays
 * refused.
 */
#define _GNU_SOURCE /* asprintf */
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Is file rf (a real path) below folder rd? The rest of its path, else NULL. */
static const char *below(const char *rf, const char *rd)
{
	size_t n = strlen(rd);

	return !strncmp(rf, rd, n) && rf[n] == '/' ? rf + n + 1 : NULL;
}

char *overlay_dir(CXFile f)
{
	char *name = cx_string(clang_getFileName(f)), *rf = realpath(name, NULL),
	     *sl = rf ? strrchr(rf, '/') : NULL;

	free(name);
	if (sl)
		*sl = 0;
	return rf;
}

/* The quoted name of the #include at offset off of h ("scan.h"), NULL for <...>. */
static char *quoted_name(const struct source *h, unsigned off)
{
	const char *e = memchr(h->text + off, '\n', h->len - off), *q, *q2;

	e = e ? e : h->text + h->len;
	q = memchr(h->text + off, '"', (size_t)(e - h->text) - off);
	q2 = q ? memchr(q + 1, '"', (size_t)(e - q - 1)) : NULL;
	return q2 && q2 > q + 1 ? strndup(q + 1, (size_t)(q2 - q - 1)) : NULL;
}

struct beside {
	CXFile f;		/* the header */
	const struct source *h; /* its text */
	const char *dir;	/* the real path of its folder */
	bool ok;
};

/* An include of the header that it found beside itself: below its folder, or not linkable. */
static void beside_visit(CXFile inc, CXSourceLocation *stack, unsigned n, CXClientData data)
{
	struct beside *b = data;
	CXFile from;
	unsigned off;
	char *name, *cand = NULL, *iname, *rc, *ri;

	if (!b->ok || n == 0)
		return;
	clang_getExpansionLocation(stack[0], &from, NULL, NULL, &off);
	if (!from || !clang_File_isEqual(from, b->f) || off >= b->h->len ||
	    !(name = quoted_name(b->h, off)))
		return;
	if (name[0] != '/' && asprintf(&cand, "%s/%s", b->dir, name) < 0)
		cand = NULL;
	rc = cand ? realpath(cand, NULL) : NULL;
	iname = cx_string(clang_getFileName(inc));
	ri = realpath(iname, NULL);
	if (rc && ri && !strcmp(rc, ri) && !below(ri, b->dir))
		b->ok = false; /* found beside the header, outside its folder */
	free(rc);
	free(ri);
	free(iname);
	free(cand);
	free(name);
}

bool overlay_includes_linkable(CXTranslationUnit tu, CXFile f, const struct source *h)
{
	char *dir = overlay_dir(f);
	struct beside b = {f, h, dir, dir != NULL};

	if (dir)
		clang_getInclusions(tu, beside_visit, &b);
	free(dir);
	return b.ok;
}

char *overlay_rel(const struct program_out *out, CXFile f)
{
	char *name = cx_string(clang_getFileName(f)), *rf = realpath(name, NULL), *r = NULL;

	for (unsigned i = 0; rf && !r && i < out->nhdr; i++) {
		const struct header_out *h = &out->hdr[i];
		const char *rest = h->overlay_of ? below(rf, h->overlay_of) : NULL;
		const char *sl = rest ? strrchr(h->rel, '/') : NULL;

		if (sl && asprintf(&r, "%.*s/%s", (int)(sl - h->rel), h->rel, rest) < 0)
			r = NULL;
	}
	free(rf);
	free(name);
	return r;
}
