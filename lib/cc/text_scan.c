// SPDX-License-Identifier: MIT
/*
 * text_scan.c - the source-text scanning that the passes working on text
 * before the parse share (spacing.c, kernel_decls.c, alignas_order.c,
 * cuda_arch.c, macro_launch.c, macro_shared.c, whole.c): what a C identifier
 * is made of, where a comment or a string or character literal ends, and
 * whether a directive's logical line holds something (the macro_*_expand.c
 * passes: only programs whose #defines write what they look for pay for
 * their parse).
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "cc.h"

bool text_ident_char(char c)
{
	return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9');
}

/*
 * Past a comment or a string/character literal at i, else i itself.  A `//`
 * comment runs to the end of its logical line (a backslash-newline carries
 * it on, as the preprocessor does); a literal ends at its closing quote, or
 * at a newline that no backslash escapes (an apostrophe in an #error line or
 * a skipped #if block is no literal to run through the rest of the file).
 */
size_t text_skip(const char *t, size_t len, size_t i)
{
	if (t[i] == '/' && i + 1 < len && t[i + 1] == '/') {
		while (i < len && !(t[i] == '\n' && t[i - 1] != '\\'))
			i++;
	} else if (t[i] == '/' && i + 1 < len && t[i + 1] == '*') {
		for (i += 2; i + 1 < len && !(t[i] == '*' && t[i + 1] == '/'); i++)
			;
		i = i + 2 < len ? i + 2 : len;
	} else if (t[i] == '"' || t[i] == '\'') {
		char q = t[i];

		for (i++; i < len && t[i] != q && t[i] != '\n'; i++)
			if (t[i] == '\\')
				i++;
		i = i < len ? i + 1 : len;
	}
	return i;
}

/* Is there a `<<` or `>>` (or its assignment) at i of [a, e), not a launch's `<<<` or `>>>`? */
bool text_shift_at(const char *t, size_t a, size_t i, size_t e)
{
	return i + 1 < e && (t[i] == '<' || t[i] == '>') && t[i + 1] == t[i] &&
	       !(i + 2 < e && t[i + 2] == t[i]) && !(i > a && t[i - 1] == t[i]);
}

/*
 * Does holds() say yes for one directive line of the text: from its `#` to
 * the end of its logical line (backslash-newlines continue it), a #define's
 * replacement list mostly.
 */
bool text_any_directive(const char *text, size_t len,
			bool (*holds)(const char *text, size_t from, size_t end))
{
	for (size_t i = 0; i < len;) {
		const char *nl = memchr(text + i, '\n', len - i);
		size_t end = nl ? (size_t)(nl - text) : len, k = i;

		while (k < end && (text[k] == ' ' || text[k] == '\t'))
			k++;
		if (k < end && text[k] == '#') {
			while (end < len && end > i && text[end - 1] == '\\' &&
			       (nl = memchr(text + end + 1, '\n', len - end - 1)))
				end = (size_t)(nl - text);
			if (holds(text, k, end))
				return true;
		}
		i = end + 1;
	}
	return false;
}
