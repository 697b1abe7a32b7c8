// SPDX-License-Identifier: MIT
/*
 * `__shared__ alignas(alignof(float4)) float As[32][32];` (cuda-samples
 * globalToShmemAsyncCopy): nvcc takes a memory-space qualifier before
 * alignas, but in the translator's parse the qualifier is a GNU attribute
 * (cuda_whole.h), and clang allows no C++11 attribute after one ("an
 * attribute list cannot appear here").  So before the parse each
 * `__shared__`/`__device__`/`__constant__`/`__managed__` directly followed
 * by `alignas(...)` trades places with it, in place: `alignas(...)
 * __shared__`, the same characters and length (offsets stay the user's;
 * the columns of those two words on that line move).
 */
#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "cc.h"

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

/* The length of the qualifier word at i (0: none). */
static size_t qualifier_at(const char *t, size_t len, size_t i)
{
	static const char *const q[] = { "__shared__", "__device__", "__constant__", "__managed__" };

	if (i > 0 && text_ident_char(t[i - 1]))
		return 0;
	for (unsigned k = 0; k < sizeof(q) / sizeof(q[0]); k++) {
		size_t n = strlen(q[k]);

		if (i + n <= len && !memcmp(t + i, q[k], n) && (i + n == len || !text_ident_char(t[i + n])))
			return n;
	}
	return 0;
}

/* The end of `alignas (...)` at a (past its ')'), or 0. */
static size_t alignas_end(const char *t, size_t len, size_t a)
{
	size_t i = a + 7;
	int depth = 0;

	if (a + 7 > len || memcmp(t + a, "alignas", 7) || (i < len && text_ident_char(t[i])))
		return 0;
	while (i < len && blank(t[i]))
		i++;
	if (i >= len || t[i] != '(')
		return 0;
	for (; i < len; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')' && --depth == 0)
			return i + 1;
		else if (t[i] == ';' || t[i] == '{')
			return 0;
	}
	return 0;
}

/* [i, e): qualifier (n), blanks, alignas(...) -> alignas(...), the blanks, qualifier. */
static void swap_words(char *t, size_t i, size_t n, size_t a, size_t e)
{
	char tmp[256];
	size_t gap = a - (i + n), al = e - a;

	if (e - i > sizeof(tmp))
		return;
	memcpy(tmp, t + a, al);
	memcpy(tmp + al, t + i + n, gap);
	memcpy(tmp + al + gap, t + i, n);
	memcpy(t + i, tmp, e - i);
}

void alignas_order(char *t, size_t len)
{
	size_t i = 0, n, a, e, k;

	while (i < len) {
		if ((k = text_skip(t, len, i)) != i) {
			i = k;
			continue;
		}
		if ((n = qualifier_at(t, len, i)) > 0) {
			for (a = i + n; a < len && blank(t[a]); a++)
				;
			if ((e = alignas_end(t, len, a)) > 0) {
				swap_words(t, i, n, a, e);
				i = e;
				continue;
			}
			i += n;
			continue;
		}
		i++;
	}
}
