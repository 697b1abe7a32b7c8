/* SPDX-License-Identifier: MIT */
/*
 * print.h - one call prints a field as text or as JSON, as iproute2's
 * print_uint(PRINT_ANY, key, fmt, v) does: with --json the key and the
 * value go into the current JSON object or array, without it the value is
 * formatted with fmt (opt_json, tool.h, says which).  PRINT_FP prints only as text (labels, tables),
 * PRINT_JSON only as JSON (fields the text leaves out).
 *
 * A document is print_open_object(PRINT_JSON, NULL) ... print_close_object()
 * and print_end(); objects and arrays nest up to PRINT_MAX_DEPTH.  The
 * output is one line: {"key": value, "key": [1, 2]}.
 */
#ifndef IDXGEN_TOOL_PRINT_H
#define IDXGEN_TOOL_PRINT_H

#include <stdint.h>

enum print_type {
	PRINT_FP = 1,			/* text only */
	PRINT_JSON = 2,			/* JSON only */
	PRINT_ANY = PRINT_FP | PRINT_JSON,
};

#define PRINT_MAX_DEPTH 8

void print_uint(enum print_type t, const char *key, const char *fmt, unsigned int v);
void print_int(enum print_type t, const char *key, const char *fmt, int v);
void print_u64(enum print_type t, const char *key, const char *fmt, uint64_t v);
/* JSON: the number with fmt's precision (%.3f: three decimals) */
void print_float(enum print_type t, const char *key, const char *fmt, double v);
void print_string(enum print_type t, const char *key, const char *fmt, const char *s);
/* JSON true/false; text: fmt with "true"/"false", or the string given */
void print_bool(enum print_type t, const char *key, const char *fmt, int v);
/* text only, printf-style */
void print_text(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* JSON structure: key NULL inside an array or for the document itself */
void print_open_object(const char *key);
void print_close_object(void);
void print_open_array(const char *key);
void print_close_array(void);
/* The end of a JSON document: its newline. */
void print_end(void);

#endif /* IDXGEN_TOOL_PRINT_H */
