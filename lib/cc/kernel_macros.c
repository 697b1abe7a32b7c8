// SPDX-License-Identifier: MIT
/*
 * kernel_macros.c - #define and #undef lines written inside a kernel's body
 * (lib/cc/README.md, "Whole programs").
 *
 * Loop fission writes the kernel anew from its statements, so a directive
 * between them (HeCBench's match: `#define NRX 2` inside the kernel, then
 * `float max_score[NRX];`) would be lost and the C++ would not compile.
 * The #defines are written before the block function and the #undefs after
 * its stub: the macro is defined over the kernel's code as it was, and
 * gone after it where the source took it away.  A name defined twice, or
 * taken away and then defined, in one body cannot be laid out that way, nor
 * a directive under #if (the text does not say which branch was taken): the
 * kernel is refused here (by default it then runs as fibers, whose text is
 * the source's own).
 */
#include "cc.h"

#include <ctype.h>
#include <string.h>

/* The end of the logical line at p (past backslash-newline continuations). */
static const char *line_end(const char *p, const char *end)
{
	while (p < end && *p != '\n') {
		if (*p == '\\' && p + 1 < end && p[1] == '\n')
			p++;
		p++;
	}
	return p;
}

/*
 * The directive at p: 1 #define, 2 #undef, 3 a conditional (#if & co.), or
 * 0; *name the macro's name (1, 2).
 */
static int directive(const char *p, const char *end, const char **name, size_t *nlen)
{
	static const char *const kw[] = { "define", "undef", "if", "ifdef", "ifndef", "elif", "else", "endif" };

	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if (p == end || *p != '#')
		return 0;
	for (p++; p < end && (*p == ' ' || *p == '\t'); p++)
		;
	for (int i = 0; i < 8; i++) {
		size_t n = strlen(kw[i]);

		if ((size_t)(end - p) >= n && !strncmp(p, kw[i], n) &&
		    (p + n == end || !(isalnum((unsigned char)p[n]) || p[n] == '_')) && i >= 2)
			return 3;
		if ((size_t)(end - p) > n && !strncmp(p, kw[i], n) && (p[n] == ' ' || p[n] == '\t')) {
			for (p += n; p < end && (*p == ' ' || *p == '\t'); p++)
				;
			*name = p;
			while (p < end && (isalnum((unsigned char)*p) || *p == '_'))
				p++;
			*nlen = (size_t)(p - *name);
			return i + 1;
		}
	}
	return 0;
}

/* Was the name [n, n+len) a #define or #undef (kind) earlier in [start, upto)? */
static bool seen(const char *start, const char *upto, const char *n, size_t len, int kind)
{
	const char *p = start, *e, *m;
	size_t ml;

	while (p < upto) {
		e = line_end(p, upto);
		if (directive(p, e, &m, &ml) == kind && ml == len && !strncmp(m, n, len))
			return true;
		p = e + 1;
	}
	return false;
}

/* Does [p, end) hold a line of the given kind? */
static bool has_kind(const char *p, const char *end, int want)
{
	const char *e, *n;
	size_t len;

	for (; p < end; p = e + 1) {
		e = line_end(p, end);
		if (directive(p, e, &n, &len) == want)
			return true;
	}
	return false;
}

bool kernel_macros(struct source *s, CXCursor fn, struct buf *defines, struct buf *undefs)
{
	const char *start = s->text + c_start(fn), *end = s->text + c_end(fn), *p = start, *e, *n;
	size_t len;
	int kind;

	/* which of them the preprocessor took is not in the text: not laid out */
	if ((has_kind(start, end, 1) || has_kind(start, end, 2)) && has_kind(start, end, 3)) {
		error_at(s, fn, "#define or #undef under #if in this kernel's body is not supported by loop fission");
		return false;
	}
	while (p < end) {
		e = line_end(p, end);
		kind = directive(p, e, &n, &len);
		if (kind == 1 && len && (seen(start, p, n, len, 1) || seen(start, p, n, len, 2))) {
			error_at(s, fn, "the macro '%.*s' is defined twice, or taken away and defined again, in this kernel's body",
				 (int)len, n);
			return false;
		}
		if (kind == 1 || kind == 2) {
			bput(kind == 1 ? defines : undefs, p, (size_t)(e - p));
			bputs(kind == 1 ? defines : undefs, "\n");
		}
		p = e + 1;
	}
	return true;
}
