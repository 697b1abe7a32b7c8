// SPDX-License-Identifier: MIT
/*
 * print.c - text or JSON from one call (print.h).  The JSON writer's
 * state is the tool's output state: one document at a time, on stdout.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "print.h"
#include "tool.h"

/* Where the JSON document is: the text needs no state. */
static struct {
	int depth;
	int first[PRINT_MAX_DEPTH];	/* no member printed yet at this level */
} out;

/* The separator and the key of the next member (or array element). */
static void json_member(const char *key)
{
	if (out.depth > 0 && out.depth <= PRINT_MAX_DEPTH) {
		if (!out.first[out.depth - 1])
			fputs(", ", stdout);
		out.first[out.depth - 1] = 0;
	}
	if (key)
		printf("\"%s\": ", key);
}

static void json_string(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			printf("\\%c", c);
		else if (c < 0x20)
			printf("\\u%04x", c);
		else
			putchar(c);
	}
	putchar('"');
}

/*
 * Where a field goes: 0 nowhere, PRINT_FP text (the caller formats it with
 * fmt), PRINT_JSON the member's separator and key are out, the value next.
 */
static int print_begin(enum print_type t, const char *key)
{
	if (!(t & (opt_json ? PRINT_JSON : PRINT_FP)))
		return 0;
	if (!opt_json)
		return PRINT_FP;
	json_member(key);
	return PRINT_JSON;
}

/* fmt is the caller's format for one value of the function's type. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

void print_uint(enum print_type t, const char *key, const char *fmt, unsigned int v)
{
	int m = print_begin(t, key);

	if (m)
		printf(m == PRINT_FP ? fmt : "%u", v);
}

void print_int(enum print_type t, const char *key, const char *fmt, int v)
{
	int m = print_begin(t, key);

	if (m)
		printf(m == PRINT_FP ? fmt : "%d", v);
}

void print_u64(enum print_type t, const char *key, const char *fmt, uint64_t v)
{
	int m = print_begin(t, key);

	if (m)
		printf(m == PRINT_FP ? fmt : "%" PRIu64, v);
}

/* The precision of the first conversion of fmt ("%9.2f us": 2), else 6. */
static int fmt_precision(const char *fmt)
{
	const char *p = strchr(fmt ? fmt : "", '%');

	if (!p)
		return 6;
	for (p++; *p && (strchr("-+ #0", *p) || isdigit((unsigned char)*p)); p++)
		;
	return *p == '.' ? atoi(p + 1) : 6;
}

void print_float(enum print_type t, const char *key, const char *fmt, double v)
{
	int m = print_begin(t, key);

	if (m == PRINT_FP)
		printf(fmt, v);
	else if (m == PRINT_JSON)
		printf("%.*f", fmt_precision(fmt), v);
}

void print_string(enum print_type t, const char *key, const char *fmt, const char *s)
{
	int m = print_begin(t, key);

	if (m == PRINT_FP)
		printf(fmt, s);
	else if (m == PRINT_JSON)
		json_string(s);
}

#pragma GCC diagnostic pop

void print_bool(enum print_type t, const char *key, const char *fmt, int v)
{
	if (!opt_json)
		print_string(t, key, fmt, v ? "true" : "false");
	else if (print_begin(t, key))
		fputs(v ? "true" : "false", stdout);
}

void print_text(const char *fmt, ...)
{
	va_list ap;

	if (opt_json)
		return;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static void json_open(const char *key, char c)
{
	if (!opt_json)
		return;
	json_member(key);
	putchar(c);
	if (out.depth < PRINT_MAX_DEPTH)
		out.first[out.depth] = 1;
	out.depth++;
}

static void json_close(char c)
{
	if (!opt_json || !out.depth)
		return;
	out.depth--;
	putchar(c);
}

void print_open_object(const char *key)
{
	json_open(key, '{');
}

void print_close_object(void)
{
	json_close('}');
}

void print_open_array(const char *key)
{
	json_open(key, '[');
}

void print_close_array(void)
{
	json_close(']');
}

void print_end(void)
{
	if (opt_json)
		putchar('\n');
}
