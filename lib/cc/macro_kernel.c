// SPDX-License-Identifier: MIT
/*
 * macro_kernel.c - a kernel whose definition a macro writes (lib/cc/README.md,
 * "The subset of whole programs").
 *
 * `#define KERNEL(NAME, T) template <typename T> __global__ void NAME(T *p)
 * { ... }` then `KERNEL(scale, float)`: every token of the kernel is the
 * macro's, and the file's text at the kernel's offsets is the invocation.
 * The translator writes a kernel anew from its text (thread loops, a fiber
 * namespace around it, a host stub made of its declaration as written), so
 * such a kernel cannot be rewritten: the stub had no declaration, the
 * registration landed in the next function, a second kernel of one
 * invocation was lost, and the C++ did not compile.  Refused here, before
 * anything is written, naming the macro.  So is a template kernel whose
 * `template <...>` header is a macro's (`#define SIG(N) template <typename
 * T> __global__ void N(T *p)`): the stub repeats the header as written.  A
 * macro that writes a non-template kernel's signature only (`SIG(scale) {
 * body }`) is fine: the stub repeats the invocation, the body is file text.
 */
#include "cc.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* The identifier at offset o of the file's text ("KERNEL" of `KERNEL(scale, float)`), in m. */
static void name_at(const struct source *s, unsigned o, char *m, size_t n)
{
	size_t i = 0;

	while (o < s->len && i + 1 < n && (isalnum((unsigned char)s->text[o]) || s->text[o] == '_'))
		m[i++] = s->text[o++];
	m[i] = 0;
}

bool kernel_macro_defined(struct source *s, CXCursor fn)
{
	CXCursor body = cx_body_of(fn);
	unsigned a = c_start(fn);
	char m[128], *n;
	bool bad_body, bad_header;

	if (clang_Cursor_isNull(body) || a >= s->len)
		return false;
	bad_body = in_expansion(body);
	bad_header = !bad_body && clang_getCursorKind(fn) == CXCursor_FunctionTemplate &&
		     strncmp(s->text + a, "template", 8) != 0;
	if (!bad_body && !bad_header)
		return false;
	name_at(s, a, m, sizeof(m));
	n = cx_spelling(fn);
	if (bad_body)
		error_at(s, fn,
			 "kernel '%s' is defined by macro '%s': idxgen-cc rewrites a kernel's own text, which a macro's "
			 "expansion is not; define the kernel outside the macro (a macro may write a non-template "
			 "kernel's signature)",
			 n, *m ? m : "?");
	else
		error_at(s, fn,
			 "the 'template <...>' header of kernel '%s' is written by macro '%s': idxgen-cc repeats a "
			 "template kernel's header as written; write the header outside the macro",
			 n, *m ? m : "?");
	free(n);
	return true;
}
