// SPDX-License-Identifier: MIT
/*
 * macro_chevrons.c - launch configurations that a macro writes
 * (lib/cc/README.md, "nvcc's dialect as older code writes it").
 *
 * Code written in Visual Studio keeps its launches out of the IDE's C++
 * parser with `#define KERNEL_ARGS2(grid, block) <<< grid, block >>>` (an
 * empty macro when __CUDACC__ is not defined), launching `add
 * KERNEL_ARGS2(g, b)(d, n)`: the callee and the arguments are the file's
 * text, the chevrons the macro's.  whole.c rewrites a launch where its text
 * is, and macro_launch.c one whose callee, chevrons and arguments are all in
 * one #define; this split one was refused ("a kernel launch <<<...>>>
 * written inside a macro").  Such an invocation is written out before the
 * parse with the invocations that write kernels (macro_kernel_expand.c):
 * one level of its expansion in place, after which the launch is text.
 * Only a macro whose whole replacement list is one launch configuration
 * (`<<<` ... `>>>`) counts, defined in the main file or in a header of the
 * program (macro_headers.c: one that `#include "..."` reaches; a program
 * that keeps its KERNEL_ARGS2 in a `common.h` was refused before).  Its
 * `#define` stays as written; the main file's invocations are written out.
 */
#define _GNU_SOURCE /* memmem */
#include "cc.h"

#include <string.h>

/* The start of the replacement list of the #define whose name starts at p. */
static const char *replacement(const char *p, const char *end)
{
	while (p < end && text_ident_char(*p))
		p++;
	if (p < end && *p == '(') { /* a function-like macro's parameters */
		while (p < end && *p != ')')
			p++;
		p += p < end;
	}
	while (p < end && (*p == ' ' || *p == '\t' || (*p == '\\' && p + 1 < end && p[1] == '\n')))
		p += *p == '\\' ? 2 : 1;
	return p;
}

bool defines_launch_config(const char *text, size_t len)
{
	const char *t = text, *end = text + len;

	for (const char *p = t; p < end && (p = memmem(p, (size_t)(end - p), "define", 6));
	     p += 6) {
		const char *l = p, *e = p + 6;

		/* `#define` at the start of a line, blanks allowed around the `#` */
		while (l > t && (l[-1] == ' ' || l[-1] == '\t'))
			l--;
		if (l == t || l[-1] != '#')
			continue;
		for (l--; l > t && (l[-1] == ' ' || l[-1] == '\t'); l--)
			;
		if (l > t && l[-1] != '\n')
			continue;
		while (e < end && (*e == ' ' || *e == '\t'))
			e++;
		e = replacement(e, end);
		if (end - e > 3 && !strncmp(e, "<<<", 3))
			return true;
	}
	return false;
}

bool macro_is_launch_config(const char *replacement_text)
{
	size_t n = strlen(replacement_text);

	return n >= 6 && !strncmp(replacement_text, "<<<", 3) &&
	       !strcmp(replacement_text + n - 3, ">>>") && !strstr(replacement_text + 3, "<<<");
}
