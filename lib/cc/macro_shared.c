// SPDX-License-Identifier: MIT
/*
 * extern __shared__ declared in a macro's body (cuda-samples' pattern
 * `#define BUILD_SHAREDMEMORY_TYPE(t, n)` of SharedMemory<t> specialisations,
 * with `extern __shared__ t n[];` inside a member function).  whole.c rewrites
 * the declaration where it is spelled; inside a macro expansion it cannot,
 * and the name would stay an undefined symbol.  It is rewritten here, in the
 * #define, as whole.c writes it, so every expansion is right:
 *
 *   extern __shared__ T v[]   ->   T *const v = (T *)__idxgen_fiber_block()->dyn_shared
 *
 * (a __device__ function declaring extern __shared__ runs as fibers:
 * fiber_plan.c; loop fission plans a kernel's own declaration from the
 * syntax tree and does not copy its text).  A plain __shared__ in a macro
 * needs no edit: the C++ prelude defines __shared__ as thread_local
 * (idxgen_cc_program.h).  A form this cannot read is left as written: a
 * link error names the symbol, never a wrong result.
 */
#define _GNU_SOURCE
#include <stdbool.h>
#include <string.h>

#include "cc.h"

struct tok {
	unsigned a, b;	/* [a, b) in the text */
};

/* The end of the logical line at i (its final newline, or len). */
static size_t logical_end(const char *t, size_t len, size_t i)
{
	for (; i < len; i++)
		if (t[i] == '\n' && !(i > 0 && t[i - 1] == '\\'))
			break;
	return i;
}

/* The tokens of [i, end): identifiers, literals and single punctuators, no comments. */
static unsigned lex(const char *t, size_t i, size_t end, struct tok *out, unsigned max)
{
	unsigned n = 0;

	while (i < end && n < max) {
		size_t a = i;

		if (t[i] == ' ' || t[i] == '\t' || t[i] == '\\' || t[i] == '\n' || t[i] == '\r') {
			i++;
			continue;
		}
		if (t[i] == '/' && i + 1 < end && t[i + 1] == '/')
			break;
		if (t[i] == '/' && i + 1 < end && t[i + 1] == '*') {
			for (i += 2; i + 1 < end && !(t[i] == '*' && t[i + 1] == '/'); i++)
				;
			i += 2;
			continue;
		}
		if (t[i] == '"' || t[i] == '\'') {
			char q = t[i];

			for (i++; i < end && t[i] != q; i++)
				if (t[i] == '\\')
					i++;
			i++;
		} else if (text_ident_char(t[i])) {
			while (i < end && text_ident_char(t[i]))
				i++;
		} else {
			i++;
		}
		out[n].a = (unsigned)a;
		out[n].b = (unsigned)(i < end ? i : end);
		n++;
	}
	return n;
}

static bool is(const struct source *s, const struct tok *k, const char *w)
{
	size_t l = strlen(w);

	return k->b - k->a == l && !strncmp(s->text + k->a, w, l);
}

/* Past the balanced (...) group opening at token i; i if there is none. */
static unsigned skip_group(const struct source *s, const struct tok *k, unsigned n, unsigned i)
{
	int depth = 0;
	unsigned j;

	if (i >= n || !is(s, &k[i], "("))
		return i;
	for (j = i; j < n; j++) {
		if (is(s, &k[j], "("))
			depth++;
		else if (is(s, &k[j], ")") && --depth == 0)
			return j + 1;
	}
	return i;
}

/*
 * `extern __shared__ TYPE NAME[]` from token e (extern) to the `]`: the
 * pointer to the block's dynamic shared memory; nothing if it is not that form.
 * Alignment attributes are dropped: the dynamic bytes are 64-byte aligned.
 */
/* Is token i the first `#` of a `##` (pasting the name: `extern __shared__ T n##_s[]`)? */
static bool paste_at(const struct source *s, const struct tok *k, unsigned n, unsigned i)
{
	return i + 1 < n && is(s, &k[i], "#") && is(s, &k[i + 1], "#") && k[i].b == k[i + 1].a;
}

static void edit_extern(struct source *s, const struct tok *k, unsigned n, unsigned e)
{
	struct buf type = { 0 }, r = { 0 };
	unsigned i = e + 2, name, first;
	bool ok;

	for (name = i; name + 2 < n && !(is(s, &k[name + 1], "[") && is(s, &k[name + 2], "]")); name++) {
		if (paste_at(s, k, n, name)) {
			name++;
			continue;
		}
		if (is(s, &k[name], ";") || is(s, &k[name], "#") || is(s, &k[name], "["))
			return;
	}
	/* the name: identifiers joined by ## */
	for (first = name; first >= i + 3 && paste_at(s, k, n, first - 2) && text_ident_char(s->text[k[first - 3].a]);)
		first -= 3;
	ok = name + 2 < n && first > i && text_ident_char(s->text[k[name].a]);
	while (ok && i < first) {
		if (is(s, &k[i], "__align__") || is(s, &k[i], "alignas") || is(s, &k[i], "__attribute__")) {
			unsigned j = skip_group(s, k, n, i + 1);

			ok = j > i + 1 && j <= name;
			i = j;
			continue;
		}
		if (type.n)
			bputs(&type, " ");
		bput(&type, s->text + k[i].a, k[i].b - k[i].a);
		i++;
	}
	if (ok && type.n) {
		bprintf(&r, "%s *const %.*s = (%s *)__idxgen_fiber_block()->dyn_shared", type.p,
			(int)(k[name].b - k[first].a), s->text + k[first].a, type.p);
		source_edit(s, k[e].a, k[name + 2].b, r.p);
	}
	buf_free(&type);
	buf_free(&r);
}

/* The extern __shared__ declarations of one #define body [body, end). */
static void define_body(struct source *s, size_t body, size_t end)
{
	struct tok k[512];
	unsigned n = lex(s->text, body, end, k, 512), i;

	/* k[0] is the macro's name */
	for (i = 2; i < n; i++)
		if (is(s, &k[i], "__shared__") && is(s, &k[i - 1], "extern"))
			edit_extern(s, k, n, i - 1);
}

void macro_shared_decls(struct source *s)
{
	const char *t = s->text;
	size_t len = s->len, i = 0;

	while (i < len) {
		size_t j = i, end;

		while (j < len && (t[j] == ' ' || t[j] == '\t'))
			j++;
		end = logical_end(t, len, j);
		if (j < len && t[j] == '#') {
			for (j++; j < end && (t[j] == ' ' || t[j] == '\t'); j++)
				;
			if (end - j > 6 && !strncmp(t + j, "define", 6) && !text_ident_char(t[j + 6]) &&
			    memmem(t + j, end - j, "__shared__", 10))
				define_body(s, j + 6, end);
		}
		i = end + 1;
	}
}
