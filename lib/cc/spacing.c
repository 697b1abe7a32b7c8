// SPDX-License-Identifier: MIT
/*
 * Launch chevrons written with spaces, as old code does (`k<< <g, b>> >(x)`,
 * which nvcc takes): clang knows only `<<<` and `>>>`, so before the parse
 * each `<<`, blanks, `<` becomes `<<<`, blanks (the same length: every offset
 * and column stays the user's), and so does the `>>`, blanks, `>` that closes
 * it.  `<< <` is never C++ outside a launch (`<` is no prefix operator), so it
 * alone starts one; its `>> >` is the first one outside brackets after it
 * (`A<B<int>> >` elsewhere is a template's and stays).
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "cc.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* At i, `c c`, blanks, `c` with at least one blank: its length, else 0. */
static size_t spaced_chevron(const char *t, size_t len, size_t i, char c)
{
	size_t j = i + 2;

	if (i + 3 >= len || t[i] != c || t[i + 1] != c || !blank(t[j]))
		return 0;
	while (j < len && blank(t[j]))
		j++;
	return j < len && t[j] == c && (j + 1 >= len || t[j + 1] != c) ? j + 1 - i : 0;
}

/* The chevron of n characters at i as three chevrons, then its blanks. */
static void close_up(char *t, size_t i, size_t n, char c)
{
	memset(t + i, c, 3);
	memset(t + i + 3, ' ', n - 3);
}

/* The `>> >` closing the launch that opens before `from`: its length, where at *at. */
static size_t closing(const char *t, size_t len, size_t from, size_t *at)
{
	int depth = 0;
	size_t i = from, n;

	while (i < len) {
		size_t k = text_skip(t, len, i);

		if (k != i) {
			i = k;
			continue;
		}
		if (t[i] == '(' || t[i] == '[' || t[i] == '{')
			depth++;
		else if ((t[i] == ')' || t[i] == ']' || t[i] == '}') && --depth < 0)
			return 0;
		else if (t[i] == ';')
			return 0;
		else if (depth == 0 && i + 3 <= len && !memcmp(t + i, ">>>", 3)) {
			*at = i;
			return 3;	/* `k<< <g, b>>>(x)`: closed as it is */
		} else if (depth == 0 && (n = spaced_chevron(t, len, i, '>')) > 0) {
			*at = i;
			return n;
		}
		i++;
	}
	return 0;
}

void launch_spacing(char *t, size_t len)
{
	size_t i = 0, n, m, at;

	while (i < len) {
		size_t k = text_skip(t, len, i);

		if (k != i) {
			i = k;
			continue;
		}
		if ((n = spaced_chevron(t, len, i, '<')) > 0 && (m = closing(t, len, i + n, &at)) > 0) {
			close_up(t, i, n, '<');
			close_up(t, at, m, '>');
			i = at + m;
			continue;
		}
		i++;
	}
}
