// SPDX-License-Identifier: MIT
/*
 * lane_macro.c - a warp operation that a function-like macro of the file
 * spells, taken by lane loops with the macro's call kept in the text
 * (issue 38; lib/cc/README.md "Lane loops").
 *
 * Public code names the old warp functions with macros
 * (`#define __shfl(v, d) __shfl_sync(0xffffffff, v, d)`, HeCBench
 * shuffle), then writes `int out_v = __shfl(value, 0);`.  lane_plan.c's
 * op_stmt() turns a warp operation's statement into the description each
 * lane hands in by renaming the call (`__shfl_sync(` ->
 * `__idxgen_cc_d_shfl_sync(`), but here the name is not in the file's text:
 * libclang gives every cursor of a macro's body the invocation's offsets
 * (frontend.c macro_spelled()).  So the invocation stays as written, and
 * around its statement the preprocessor is told that the operation's name
 * means its description:
 *
 *   #pragma push_macro("__shfl_sync")
 *   #undef __shfl_sync
 *   #define __shfl_sync __idxgen_cc_d_shfl_sync
 *   __idxgen_cc_lane_put(__idxgen_wo, __idxgen_l, &(out_v),
 *                        __idxgen_cc_as_set(), __shfl(value, 0));
 *   #pragma pop_macro("__shfl_sync")
 *
 * The expansion then calls the description with the arguments it always
 * passed (directives, not a local name hiding the function: the C++ may be
 * C++11, which has no generic lambdas).  That is faithful only where the
 * expansion is that call and nothing more, which lane_op_macro() checks
 * from the #define's text; anything else keeps a fiber per thread.
 */
#include "cc.h"

#include <stdio.h>
#include <string.h>

/* t[i] past spaces, tabs, newlines and backslash-newlines, below e. */
static size_t skip_space(const char *t, size_t i, size_t e)
{
	while (i < e && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r' ||
			 (t[i] == '\\' && i + 1 < e && t[i + 1] == '\n')))
		i++;
	return i;
}

/* The offset after the `)` that closes the `(` at i (quotes skipped), or e when none does. */
static size_t close_paren(const char *t, size_t i, size_t e)
{
	unsigned depth = 0;

	for (; i < e; i++) {
		if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];

			for (i++; i < e && t[i] != q; i++)
				i += t[i] == '\\';
			continue;
		}
		depth += t[i] == '(';
		if (t[i] == ')' && !--depth)
			return i + 1;
	}
	return e;
}

/* The length of the identifier at t[i], 0 when none starts there. */
static size_t ident_len(const char *t, size_t i, size_t e)
{
	size_t j = i;

	if (i < e && t[i] >= '0' && t[i] <= '9')
		return 0;
	while (j < e && text_ident_char(t[j]))
		j++;
	return j - i;
}

/*
 * Is the body [a, e) of a function-like macro `(params) op(...)` and
 * nothing after it but spaces or a // comment?
 */
static bool body_is_call(const char *t, size_t a, size_t e, const char *op)
{
	size_t n = strlen(op), i;

	if (a >= e || t[a] != '(')
		return false; /* an object-like macro */
	i = skip_space(t, close_paren(t, a, e), e);
	if (ident_len(t, i, e) != n || strncmp(t + i, op, n))
		return false;
	i = skip_space(t, i + n, e);
	if (i >= e || t[i] != '(')
		return false;
	i = skip_space(t, close_paren(t, i, e), e);
	return i == e || (i + 1 < e && t[i] == '/' && t[i + 1] == '/');
}

bool lane_op_macro(const struct source *s, CXCursor call, const char *op)
{
	const char *t = s->text;
	size_t cs = c_start(call), ce = c_end(call), n, a, e, a2, e2, i;

	/* the call is its macro's body (an argument's call has its own offsets: not this) */
	if (in_macro(call) || !macro_spelled(call) || ce > s->len || cs >= ce)
		return false;
	/* the extent is one invocation `NAME(...)`, NAME not the operation's own name */
	n = ident_len(t, cs, ce);
	if (!n || (n == strlen(op) && !strncmp(t + cs, op, n)))
		return false;
	i = skip_space(t, cs + n, ce);
	if (i >= ce || t[i] != '(' || close_paren(t, i, ce) != ce)
		return false;
	/* defined once in the file (a second #define could mean something else here) */
	if (!macro_define_from(s, 0, t + cs, n, &a, &e) ||
	    macro_define_from(s, e, t + cs, n, &a2, &e2))
		return false;
	return body_is_call(t, a, e, op);
}

void lane_op_macro_texts(const char *op, const char *desc, char *push, size_t npush, char *pop,
			 size_t npop)
{
	snprintf(push, npush, "\n#pragma push_macro(\"%s\")\n#undef %s\n#define %s %s\n", op, op,
		 op, desc);
	snprintf(pop, npop, "\n#pragma pop_macro(\"%s\")\n", op);
}
