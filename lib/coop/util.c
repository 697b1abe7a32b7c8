/* SPDX-License-Identifier: MIT */
/* util.c - growing arrays and strings of idxgen-coop (coop.h). */
#define _GNU_SOURCE
#include "coop.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void coop_out_of_memory(void)
{
	fputs("out of memory\n", stderr);
	exit(2);
}

void *coop_grow(void *p, size_t *cap, size_t n, size_t size)
{
	size_t c = *cap ? *cap : 8, bytes;

	if (n < *cap)
		return p;
	while (c <= n && c <= SIZE_MAX / 2)
		c *= 2;
	if (c <= n || __builtin_mul_overflow(c, size, &bytes))
		coop_out_of_memory();
	p = cx_realloc(p, bytes);
	*cap = c;
	return p;
}

void *coop_calloc(size_t n, size_t size)
{
	size_t bytes;

	if (__builtin_mul_overflow(n, size, &bytes))
		coop_out_of_memory();
	return cx_alloc(bytes);
}

void str_add(struct str *s, const char *t, size_t n)
{
	s->p = coop_grow(s->p, &s->cap, s->n + n, 1);
	memcpy(s->p + s->n, t, n);
	s->n += n;
	s->p[s->n] = 0;
}

void str_printf(struct str *s, const char *fmt, ...)
{
	va_list ap;
	char *t;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&t, fmt, ap);
	va_end(ap);
	if (n < 0)
		coop_out_of_memory();
	str_add(s, t, (size_t)n);
	free(t);
}

char *str_take(struct str *s)
{
	char *p = s->p ? s->p : cx_strdup("");

	*s = (struct str){ 0 };
	return p;
}

char *coop_format(const char *fmt, ...)
{
	va_list ap;
	char *t;

	va_start(ap, fmt);
	if (vasprintf(&t, fmt, ap) < 0)
		coop_out_of_memory();
	va_end(ap);
	return t;
}
