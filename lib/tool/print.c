// SPDX-License-Identifier: MIT
/*
 * print.c - text or JSON from one call (print.h).  The JSON writer's
 * state is the tool's output state: one document at a time, on stdout.
 */
#include <ctype.h>
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

static int want(enum print_type t)
{
	return opt_json ? !!(t & PRINT_JSON) : !!(t & PRINT_FP);
}

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

/* fmt is the caller's format for one value of the function's type. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"

void print_uint(enum print_type t, const char *key, const char *fmt, unsigned int v)
{
	if (!want(t))
		return;
	if (!opt_json) {
		printf(fmt, v);
		return;
	}
	json_member(key);
	printf("%u", v);
}

void print_int(enum print_type t, const char *key, const char *fmt, int v)
{
	if (!want(t))
		return;
	if (!opt_json) {
		printf(fmt, v);
		return;
	}
	json_member(key);
	printf("%d", v);
}

void print_u64(enum print_type t, const char *key, const char *fmt, uint64_t v)
{
	if (!want(t))
		return;
	if (!opt_json) {
		printf(fmt, v);
		return;
	}
	json_member(key);
	printf("%llu", (unsigned long long)v);
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
	if (!want(t))
		return;
	if (!opt_json) {
		printf(fmt, v);
		return;
	}
	json_member(key);
	printf("%.*f", fmt_precision(fmt), v);
}

void print_string(enum print_type t, const char *key, const char *fmt, const char *s)
{
	if (!want(t))
		return;
	if (!opt_json) {
		printf(fmt, s);
		return;
	}
	json_member(key);
	json_string(s);
}

#pragma GCC diagnostic pop

void print_bool(enum print_type t, const char *key, const char *fmt, int v)
{
	print_string(t & PRINT_FP, key, fmt, v ? "true" : "false");
	if (want(t) && opt_json) {
		json_member(key);
		fputs(v ? "true" : "false", stdout);
	}
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
