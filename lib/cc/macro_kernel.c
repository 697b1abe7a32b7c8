// SPDX-License-Identifier: MIT
/*
 * macro_kernel.c - a kernel whose definition a macro writes and that
 * macro_kernel_expand.c could not write out (lib/cc/README.md, "Kernels
 * that a macro writes").
 *
 * `#define KERNEL(NAME, T) template <typename T> __global__ void NAME(T *p)
 * { ... }` then `KERNEL(scale, float)`: every token of the kernel is the
 * macro's, and the file's text at the kernel's offsets is the invocation.
 * macro_kernel_expand.c replaces such an invocation by its expansion before
 * the parse; what is still a macro's here it left alone (a macro that calls
 * itself, `__VA_OPT__` beside `#`/`##` or over arguments only macros write,
 * a `#define` outside the main file and the headers it includes with
 * quotes).  The translator
 * writes a kernel anew from its text (thread loops, a fiber namespace
 * around it, a host stub made of its declaration as written), so such a
 * kernel cannot be rewritten: the stub had no declaration and the C++ did
 * not compile.  Refused here, before anything is written, naming the macro.
 * So is a template kernel whose `template <...>` header is a macro's (the
 * stub repeats the header as written).  A macro that writes a non-template
 * kernel's signature only (`SIG(scale) { body }`) is fine: the stub repeats
 * the invocation, the body is file text.
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
			 "kernel '%s' is defined by macro '%s', which idxgen-cc does not write out "
			 "(a macro that calls itself, __VA_OPT__ beside # or ## or over arguments "
			 "that only macros write, or a #define outside the .cu and the headers it "
			 "includes with quotes); define the "
			 "kernel outside the macro",
			 n, *m ? m : "?");
	else
		error_at(
		    s, fn,
		    "the 'template <...>' header of kernel '%s' is written by macro '%s', "
		    "which idxgen-cc does not write out (a macro that calls itself, __VA_OPT__ "
		    "beside # or ## or over arguments that only macros write, or a #define "
		    "outside the .cu and the headers it includes with quotes); write the header "
		    "outside the macro",
		    n, *m ? m : "?");
	free(n);
	return true;
}
