// SPDX-License-Identifier: MIT
/*
 * macro_assign.c - may a binary operator written in a macro be a plain
 * assignment?  libclang 16 has no clang_getCursorBinaryOperatorKind, and
 * op_text() reads the operator from the main file's text, where a macro's
 * expansion shows only its call: `#define SHIFT(s, t) s[t] = s[t - 1]`
 * then `SHIFT(sm, i)` looked like no assignment at all, so lockstep.c saw no
 * store (issue 38).  The answer here is read from the #define of the macro
 * called at the expansion, in the main file: an `=` that is not part of
 * `==`, `!=`, `<=` or `>=` in its body, or in the body of a macro of the
 * file it calls (a few deep), or a macro not defined in the main file (a
 * header's): yes, it may.  Compound assignments are cursors of their own.
 * The same reading answers what unary operator of a body may be there
 * (macro_unary_op: `#define NEXT i++`), which unary_op() cannot read either,
 * and whether a binary operator of a body may be a shift (macro_may_shift,
 * for macro_shift_expand.c: Parboil mri-gridding's CONFLICT_FREE_OFFSET).
 */
#include <stdlib.h>
#include <string.h>

#include "cc.h"

#define MACRO_DEPTH 4

/* Is the '=' at i of t an assignment's (not ==, !=, <=, >=; <<= and >>= are)? */
static bool assign_eq(const char *t, size_t a, size_t i, size_t e)
{
	if (i + 1 < e && t[i + 1] == '=')
		return false;
	if (i > a && t[i - 1] == '=')
		return false;
	if (i > a && t[i - 1] == '!')
		return false;
	if (i > a && (t[i - 1] == '<' || t[i - 1] == '>'))
		return i > a + 1 && t[i - 2] == t[i - 1];	/* <<= >>= */
	return true;
}

/*
 * The body [*a, *e) of the first `#define name` (n characters) of the main
 * file at or after offset from; false when there is none.
 */
bool macro_define_from(const struct source *s, size_t from, const char *name, size_t n, size_t *a, size_t *e)
{
	const char *t = s->text, *h;

	/* from one '#' to the next (memchr: this runs for every name a body holds) */
	for (size_t i = from; i < s->len && (h = memchr(t + i, '#', s->len - i)); i = (size_t)(h - t) + 1) {
		size_t j = (size_t)(h - t), b = j;

		while (b && (t[b - 1] == ' ' || t[b - 1] == '\t'))
			b--;
		if (b && t[b - 1] != '\n')
			continue;	/* not the first of its line */
		j++;
		while (j < s->len && (t[j] == ' ' || t[j] == '\t'))
			j++;
		if (s->len - j < 7 || strncmp(t + j, "define", 6) || (t[j + 6] != ' ' && t[j + 6] != '\t'))
			continue;
		j += 6;
		while (j < s->len && (t[j] == ' ' || t[j] == '\t'))
			j++;
		if (s->len - j < n || strncmp(t + j, name, n) || (j + n < s->len && text_ident_char(t[j + n])))
			continue;
		*a = j + n;
		for (*e = *a; *e < s->len && !(t[*e] == '\n' && t[*e - 1] != '\\'); (*e)++)
			;
		return true;
	}
	return false;
}

static bool define_of(const struct source *s, const char *name, size_t n, size_t *a, size_t *e)
{
	return macro_define_from(s, 0, name, n, a, e);
}

/* What a macro's body is searched for: an assignment's '=', "++"/"--", a unary '&', a '*', a shift. */
enum macro_op { MO_ASSIGN, MO_STEP, MO_ADDR, MO_DEREF, MO_SHIFT };

/* Is there the operator op at i of the body [a, e) of t? */
static bool op_at(const char *t, size_t a, size_t i, size_t e, enum macro_op op)
{
	switch (op) {
	case MO_ASSIGN:
		return t[i] == '=' && assign_eq(t, a, i, e);
	case MO_STEP:
		return i + 1 < e && (t[i] == '+' || t[i] == '-') && t[i + 1] == t[i];
	case MO_DEREF:	/* a product counts too: taken for a read through a pointer, safe */
		return t[i] == '*';
	case MO_SHIFT:	/* `<<`, `>>` (and their assignments), not a launch's `<<<`, `>>>` */
		return text_shift_at(t, a, i, e);
	default:	/* '&' that is not "&&" nor "&=" (a binary '&' counts: taken for an address, safe) */
		return t[i] == '&' && !(i + 1 < e && (t[i + 1] == '&' || t[i + 1] == '=')) &&
		       !(i > a && t[i - 1] == '&');
	}
}

/* Does the body of macro name (n characters) hold op, or call a macro of the file that may? */
static bool body_has(const struct source *s, const char *name, size_t n, unsigned depth, enum macro_op op)
{
	const char *t = s->text;
	size_t a, e;
	char quote = 0;

	if (!define_of(s, name, n, &a, &e))
		return true;	/* a header's macro: not read here */
	for (size_t i = a; i < e; i++) {
		if (quote) {
			if (t[i] == '\\')
				i++;
			else if (t[i] == quote)
				quote = 0;
			continue;
		}
		if (t[i] == '"' || t[i] == '\'') {
			quote = t[i];
		} else if (op_at(t, a, i, e, op)) {
			return true;
		} else if (text_ident_char(t[i]) && (i == a || !text_ident_char(t[i - 1]))) {
			size_t j = i, m, b, f;

			while (j < e && text_ident_char(t[j]))
				j++;
			m = j - i;
			if (depth < MACRO_DEPTH && !(m == n && !strncmp(t + i, name, n)) && define_of(s, t + i, m, &b, &f) &&
			    body_has(s, t + i, m, depth + 1, op))
				return true;
			i = j - 1;
		}
	}
	return false;
}

/* The first header of the program (no system header) whose text has `#define name`, as a source. */
struct header_text {
	CXTranslationUnit tu;
	const char *name;
	size_t n;
	struct source src;	/* text and len only: the parse's, not owned; len 0: none found */
};

static void find_header_define(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
	struct header_text *h = data;
	struct source in = { 0 };
	size_t len = 0, a, e;
	const char *t;

	(void)stack;
	if (h->src.len || !depth || clang_Location_isInSystemHeader(clang_getLocationForOffset(h->tu, f, 0)))
		return;	/* found already, the main file, or a system header */
	if (!(t = clang_getFileContents(h->tu, f, &len)))
		return;
	in.text = (char *)t;
	in.len = len;
	if (macro_define_from(&in, 0, h->name, h->n, &a, &e))
		h->src = in;
}

/*
 * The header found for each macro name asked about, for the parse tu: a
 * search walks every inclusion of the parse, system headers too, and a
 * kernel file that writes a header's macro on every line asks it hundreds
 * of times (TeaLeaf_CUDA's THARR2D: over 20 minutes of idxgen-cc at load 20
 * for tea_leaf_kernel_cuda.cu).  The texts are the parse's.
 */
struct macro_header_memo {
	CXTranslationUnit tu;
	unsigned n;
	struct macro_header_entry {
		char *name;
		struct source src;	/* text and len only (len 0: none) */
	} *e;
};

void macro_header_memo_free(struct source *s)
{
	struct macro_header_memo *m = s->mhm;

	for (unsigned i = 0; m && i < m->n; i++)
		free(m->e[i].name);
	if (m)
		free(m->e);
	free(m);
	s->mhm = NULL;
}

/* The memo of s for the parse tu, made or emptied (another parse) as needed. */
static struct macro_header_memo *header_memo(const struct source *s, CXTranslationUnit tu)
{
	struct source *own = (struct source *)s;	/* the memo only: what it answers does not change */

	if (own->mhm && own->mhm->tu != tu)
		macro_header_memo_free(own);
	if (!own->mhm) {
		own->mhm = cx_alloc(sizeof(*own->mhm));
		memset(own->mhm, 0, sizeof(*own->mhm));
		own->mhm->tu = tu;
	}
	return own->mhm;
}

static bool header_with_define(const struct source *s, CXTranslationUnit tu, const char *name, size_t n,
			       struct header_text *h)
{
	struct macro_header_memo *m = header_memo(s, tu);
	unsigned i;

	memset(h, 0, sizeof(*h));
	for (i = 0; i < m->n; i++)
		if (strlen(m->e[i].name) == n && !strncmp(m->e[i].name, name, n)) {
			if (s->lstats)
				s->lstats->macro_memo_hits++;
			h->src = m->e[i].src;
			return h->src.len != 0;
		}
	h->tu = tu;
	h->name = name;
	h->n = n;
	clang_getInclusions(tu, find_header_define, h);
	if (s->lstats)
		s->lstats->macro_searches++;
	m->e = cx_realloc(m->e, (m->n + 1) * sizeof(*m->e));
	m->e[m->n].name = strndup(name, n);
	m->e[m->n++].src = h->src;
	return h->src.len != 0;
}

/*
 * Does the #define of the macro whose name is at c's offset hold op (true where unknown)?  A macro
 * of a header of the program (Altis lavaMD's `#define DOT(A,B) ((A.x)*(B.x)+...)` in lavaMD.h, used
 * in the kernel file kernel_gpu_cuda.cu) is read from that header's text: taken for one that may
 * assign, its products over __shared__ elements were lock-step stores and the kernel was refused.
 */
static bool macro_has(const struct source *s, CXCursor c, enum macro_op op)
{
	unsigned a = c_start(c), e = a;
	struct header_text ht;

	if (!macro_spelled(c) || a >= s->len || !text_ident_char(s->text[a]))
		return macro_spelled(c);	/* not at a macro's name: say it may */
	while (e < s->len && text_ident_char(s->text[e]))
		e++;
	if (define_of(s, s->text + a, e - a, &(size_t){ 0 }, &(size_t){ 0 }))
		return body_has(s, s->text + a, e - a, 0, op);
	if (!header_with_define(s, clang_Cursor_getTranslationUnit(c), s->text + a, e - a, &ht))
		return true;	/* defined nowhere we can read: say it may */
	return body_has(&ht.src, s->text + a, e - a, 0, op);
}

/* May binary operator c, written in a macro, be a shift (macro_shift_expand.c)? */
bool macro_may_shift(const struct source *s, CXCursor c)
{
	return macro_has(s, c, MO_SHIFT);
}

bool macro_may_assign(const struct source *s, CXCursor c)
{
	return macro_has(s, c, MO_ASSIGN);
}

/*
 * unary_op() of a unary operator of a macro's body, whose text is not at its
 * offsets: '+' where the #define may step a value (`#define NEXT i++`), else
 * '&' where it may take an address, else 0.  A body with both answers '+'.
 */
bool macro_may_deref(const struct source *s, CXCursor c)
{
	return macro_has(s, c, MO_DEREF);
}

char macro_unary_op(const struct source *s, CXCursor c)
{
	if (macro_has(s, c, MO_STEP))
		return '+';
	return macro_has(s, c, MO_ADDR) ? '&' : 0;
}
