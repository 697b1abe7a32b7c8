/* SPDX-License-Identifier: MIT */
/*
 * diag.c - diagnostics of idxgen-coop: FILE:LINE:COL: SEVERITY: MESSAGE on
 * stderr.  A call in a loop reports the same thing once, not once per
 * iteration: an error already printed is dropped, and so are its notes.
 */
#include "coop.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

struct cx_loc coop_loc(CXCursor c)
{
	return cx_loc_of(c, "<input>");
}

/* Was msg printed before?  If not, remember it. */
static bool seen_before(struct diags *d, const char *msg)
{
	size_t i;

	for (i = 0; i < d->nseen; i++)
		if (!strcmp(d->seen[i], msg))
			return true;
	d->seen = coop_grow(d->seen, &d->cap_seen, d->nseen, sizeof(*d->seen));
	d->seen[d->nseen++] = cx_strdup(msg);
	return false;
}

static void vdiag_at(struct coop *co, struct cx_loc l, const char *sev, const char *fmt,
		     va_list ap) __attribute__((format(printf, 4, 0)));
static void vdiag_at(struct coop *co, struct cx_loc l, const char *sev, const char *fmt,
		     va_list ap)
{
	struct diags *d = &co->diag;
	bool error = !strcmp(sev, "error");
	char *msg;

	if (error)
		d->nerrors++;
	else if (d->skip_notes)
		return;
	msg = cx_vformat(l, sev, fmt, ap);
	if (error) {
		d->skip_notes = seen_before(d, msg);
		if (d->skip_notes) {
			free(msg);
			return;
		}
	}
	fprintf(stderr, "%s\n", msg);
	free(msg);
}

void diag_at(struct coop *co, struct cx_loc l, const char *sev, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdiag_at(co, l, sev, fmt, ap);
	va_end(ap);
}

void error_at(struct coop *co, CXCursor c, const char *fmt, ...)
{
	struct cx_loc l = coop_loc(c);
	va_list ap;

	va_start(ap, fmt);
	vdiag_at(co, l, "error", fmt, ap);
	va_end(ap);
	cx_loc_free(&l);
}

void diags_free(struct diags *d)
{
	size_t i;

	for (i = 0; i < d->nseen; i++)
		free(d->seen[i]);
	free(d->seen);
	*d = (struct diags){ 0 };
}
