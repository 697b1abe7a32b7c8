// SPDX-License-Identifier: MIT
/*
 * macro_kernel_expand.c - kernels whose definition a macro writes, written
 * out before the translation (lib/cc/README.md, "Kernels that a macro
 * writes").
 *
 * `#define KERNEL(NAME, T) template <typename T> __global__ void NAME(T *p)
 * { ... }` then `KERNEL(scale, float)`: the translator writes a kernel anew
 * from its text, and such a kernel has none in the file, only the
 * invocation.  An invocation that writes a kernel is ordinary code once
 * expanded, so before the translation the invocation is replaced by its
 * expansion, one level of it: the macro's replacement list with the
 * parameters substituted (`#` and `##` as the preprocessor does them), the
 * other macros it names left for the parse to expand where it expanded them
 * before (their rescan gives what the argument's pre-expansion gave, and the
 * kernel's statements keep naming them).  A macro that writes the invocation
 * of another (X-macro lists, `#define ALL(T) KERNEL(a, T) KERNEL(b, T)`) is
 * written out again in the next round.  The text is written on the
 * invocation's line (no newline added), and the column map of warp_edit.c
 * takes diagnostics in it back to the invocation.
 *
 * Not written out, so refused as before by macro_kernel.c: a macro whose
 * replacement list calls the macro itself (the preprocessor leaves that
 * call alone, a second parse of the text would not), `__VA_OPT__`, and a
 * kernel-writing macro whose `#define` is not in the main file (only files
 * with such a `#define` pay for the extra parse; macro_kernel.c says so).
 */
#define _GNU_SOURCE
#include "cc.h"
#include "warp.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PARAMS 64
#define MAX_ROUNDS 8

/* The tokens of one extent with their file offsets. */
struct toks {
	CXTranslationUnit tu;
	CXToken *t;
	unsigned n;
};

static char *tok_text(const struct toks *k, unsigned i)
{
	return cx_string(clang_getTokenSpelling(k->tu, k->t[i]));
}

static bool tok_is(const struct toks *k, unsigned i, const char *s)
{
	char *t = tok_text(k, i);
	bool r = !strcmp(t, s);

	free(t);
	return r;
}

/* libclang's tokens include the comments: to the preprocessor, blanks. */
static bool comment(const struct toks *k, unsigned i)
{
	return clang_getTokenKind(k->t[i]) == CXToken_Comment;
}

/* The first token after i that is not a comment (k->n: none). */
static unsigned next(const struct toks *k, unsigned i)
{
	for (i++; i < k->n && comment(k, i); i++)
		;
	return i;
}

/* Blank or a comment between tokens i - 1 and i (where the preprocessor keeps one space). */
static bool spaced(const struct toks *k, unsigned i)
{
	return i > 0 && (comment(k, i - 1) ||
			 off_of(clang_getRangeStart(clang_getTokenExtent(k->tu, k->t[i]))) >
				 off_of(clang_getRangeEnd(clang_getTokenExtent(k->tu, k->t[i - 1]))));
}

/* Would the texts a and b run into one token written side by side? */
static bool would_merge(char a, char b)
{
	static const char punct[] = "+-*/%<>=!&|^.:#";

	if (!a || !b)
		return false;
	if (text_ident_char(a) && (text_ident_char(b) || b == '.' || b == '\'' || b == '"'))
		return true;
	if (a == '.' && text_ident_char(b))
		return true;
	return strchr(punct, a) && strchr(punct, b);
}

/*
 * Append text to o.  A space first where the definition had one (sp), or
 * where an argument's text meets a neighbour it would run into (careful:
 * `-NAME` with NAME `-1` is two tokens, not `--1`); none after `##`.
 */
static void put(struct buf *o, const char *text, bool sp, bool glue, bool careful)
{
	char last = o->n ? o->p[o->n - 1] : 0;

	if (!*text)
		return;
	if (!glue && o->n && last != ' ' && (sp || (careful && would_merge(last, text[0]))))
		bputs(o, " ");
	bputs(o, text);
}

/* One argument's tokens [a, b) of k as the preprocessor spells them: single spaces where there were blanks. */
static char *arg_text(const struct toks *k, unsigned a, unsigned b)
{
	struct buf o = { 0 };

	for (unsigned i = a; i < b; i++) {
		char *t;

		if (comment(k, i))
			continue;
		t = tok_text(k, i);
		if (o.n && spaced(k, i))
			bputs(&o, " ");
		bputs(&o, t);
		free(t);
	}
	bputs(&o, "");
	return o.p;
}

/* `#x`: the argument as a string literal, its quotes and backslashes escaped. */
static char *stringify(const char *a)
{
	struct buf o = { 0 };

	bputs(&o, "\"");
	for (; *a; a++) {
		if (*a == '"' || *a == '\\')
			bputs(&o, "\\");
		bput(&o, a, 1);
	}
	bputs(&o, "\"");
	return o.p;
}

/* A function-like macro's parameters, from the definition's tokens; *body: the replacement list's first. */
struct params {
	char *name[MAX_PARAMS];
	unsigned n;
	bool variadic;		/* the last is `...` (__VA_ARGS__) or GNU's `args...` */
};

static bool read_params(const struct toks *d, struct params *p, unsigned *body)
{
	unsigned i = 2;		/* name ( */

	p->n = 0;
	p->variadic = false;
	if (d->n < 3 || !tok_is(d, 1, "("))
		return false;
	for (; i < d->n && !tok_is(d, i, ")"); i++) {
		char *t;

		if (comment(d, i))
			continue;
		t = tok_text(d, i);
		if (!strcmp(t, ",")) {
			free(t);
			continue;
		}
		if (!strcmp(t, "...")) {
			free(t);
			if (p->variadic && p->n)	/* GNU's `args...`: the name before it */
				continue;
			t = cx_strdup("__VA_ARGS__");
			p->variadic = true;
		} else if (next(d, i) < d->n && tok_is(d, next(d, i), "...")) {
			p->variadic = true;
		}
		if (p->n == MAX_PARAMS) {
			free(t);
			return false;
		}
		p->name[p->n++] = t;
	}
	*body = i + 1;
	return i < d->n;
}

static void params_free(struct params *p)
{
	for (unsigned i = 0; i < p->n; i++)
		free(p->name[i]);
	p->n = 0;
}

static int param_of(const struct params *p, const char *t)
{
	for (unsigned i = 0; i < p->n; i++)
		if (!strcmp(p->name[i], t))
			return (int)i;
	return -1;
}

/*
 * The invocation's arguments (its tokens name ( ... )), split at the commas
 * outside parentheses; the variadic ones stay one, commas kept.
 */
static bool read_args(const struct toks *u, const struct params *p, char **arg)
{
	unsigned depth = 0, k = 0, a = 2, i;

	if (u->n < 3 || !tok_is(u, 1, "(") || !tok_is(u, u->n - 1, ")"))
		return false;
	for (i = 2; i < u->n; i++) {
		char *t = tok_text(u, i);
		bool open = !strcmp(t, "("), close = !strcmp(t, ")"), comma = !strcmp(t, ",");

		free(t);
		if (open) {
			depth++;
		} else if (close && depth) {
			depth--;
		} else if ((comma && !depth && !(p->variadic && k + 1 == p->n)) || (close && !depth)) {
			if (k == p->n && !(k == 0 && i == a))
				return false;	/* more arguments than parameters */
			if (k < p->n)
				arg[k++] = arg_text(u, a, i);
			a = i + 1;
		}
	}
	for (; k < p->n; k++)	/* a variadic part left out */
		arg[k] = cx_strdup("");
	return true;
}

/* Is the `##` at d[i] GNU's `, ## __VA_ARGS__` (or `, ## args` of `args...`), the comma last in o? */
static bool gnu_comma(const struct buf *o, const struct toks *d, unsigned i, const struct params *p)
{
	char *n;
	bool r;

	if (!p || !p->variadic || !o->n || o->p[o->n - 1] != ',' || next(d, i) >= d->n)
		return false;
	n = tok_text(d, next(d, i));
	r = param_of(p, n) == (int)p->n - 1;
	free(n);
	return r;
}

/* The replacement list d[body..] with the parameters substituted; NULL where it is not written out. */
static char *substitute(const struct toks *d, unsigned body, const struct params *p, char *const *arg, const char *self)
{
	struct buf o = { 0 };
	bool glue = false, ok = true, was_arg = false;

	for (unsigned i = body; i < d->n && ok; i++) {
		char *t;
		bool sp = i > body && spaced(d, i);
		int k;

		if (comment(d, i))
			continue;
		t = tok_text(d, i);
		if (!strcmp(t, "__VA_OPT__") || (!strcmp(t, self) && (!p || (next(d, i) < d->n && tok_is(d, next(d, i), "("))))) {
			ok = false;
		} else if (!strcmp(t, "##") && gnu_comma(&o, d, i, p)) {
			/* GNU's `, ## __VA_ARGS__`: the comma goes where the variadic arguments are none */
			const char *va = arg[p->n - 1];

			if (*va)
				put(&o, va, true, false, true);
			else
				o.p[--o.n] = 0;
			i = next(d, i);
			glue = was_arg = false;
		} else if (!strcmp(t, "##")) {
			ok = o.n && next(d, i) < d->n;
			glue = true;
		} else if (!strcmp(t, "#") && p && next(d, i) < d->n) {
			char *n = tok_text(d, next(d, i)), *q;

			k = param_of(p, n);
			free(n);
			ok = k >= 0;
			if (ok) {
				q = stringify(arg[k]);
				put(&o, q, sp, glue, was_arg);
				free(q);
				i = next(d, i);
			}
			glue = was_arg = false;
		} else {
			k = p ? param_of(p, t) : -1;
			put(&o, k >= 0 ? arg[k] : t, sp, glue, was_arg || k >= 0);
			glue = false;
			was_arg = k >= 0;
		}
		free(t);
	}
	bputs(&o, "");
	if (!ok || glue) {
		free(o.p);
		return NULL;
	}
	return o.p;
}

/*
 * A function-like macro's name is followed by '(' with no blank between
 * (clang_Cursor_isMacroFunctionLike looks the macro up by name and said no
 * for one #undef'd and defined again: an X-macro list's `T`).
 */
static bool function_like(const struct toks *d)
{
	return d->n > 1 && tok_is(d, 1, "(") && !spaced(d, 1);
}

/* The text of invocation u (a macro expansion cursor's tokens) of macro def, one level expanded; NULL: not. */
static char *expand(CXTranslationUnit tu, CXCursor use, CXCursor def)
{
	struct toks d = { tu, NULL, 0 }, u = { tu, NULL, 0 };
	struct params p = { .n = 0 };
	char *arg[MAX_PARAMS] = { 0 }, *self = cx_spelling(def), *r = NULL;
	unsigned body = 1;

	clang_tokenize(tu, clang_getCursorExtent(def), &d.t, &d.n);
	clang_tokenize(tu, clang_getCursorExtent(use), &u.t, &u.n);
	if (!function_like(&d))
		r = u.n == 1 ? substitute(&d, body, NULL, NULL, self) : NULL;
	else if (read_params(&d, &p, &body) && read_args(&u, &p, arg))
		r = substitute(&d, body, &p, arg, self);
	for (unsigned i = 0; i < p.n; i++)
		free(arg[i]);
	params_free(&p);
	free(self);
	clang_disposeTokens(tu, d.t, d.n);
	clang_disposeTokens(tu, u.t, u.n);
	return r;
}

/* The main file's offsets of the invocations that write a kernel, or its `template <...>` header. */
struct wanted {
	const struct source *s;
	CXFile main;
	unsigned *off;
	unsigned n, cap;
};

static void want(struct wanted *w, unsigned o)
{
	for (unsigned i = 0; i < w->n; i++)
		if (w->off[i] == o)
			return;	/* several kernels of one invocation */
	if (w->n == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 8;
		w->off = cx_realloc(w->off, w->cap * sizeof(*w->off));
	}
	w->off[w->n++] = o;
}

/* Is c's expansion location in the main file (a macro's cursor: where it is invoked)? */
static bool from_main(CXFile main, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && main && clang_File_isEqual(f, main);
}

static enum CXChildVisitResult find_kernels(CXCursor c, CXCursor parent, CXClientData data)
{
	struct wanted *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor body;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	if ((k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) ||
	    !from_main(w->main, c) || !has_annot(c, "global") ||
	    !clang_isCursorDefinition(c))
		return CXChildVisit_Continue;
	body = cx_body_of(c);
	if (clang_Cursor_isNull(body))
		return CXChildVisit_Continue;
	if (in_expansion(body))
		want(w, off_of(clang_getCursorLocation(body)));
	else if (k == CXCursor_FunctionTemplate && c_start(c) < w->s->len &&
		 strncmp(w->s->text + c_start(c), "template", 8) != 0)
		want(w, c_start(c));
	return CXChildVisit_Continue;
}

/* The macro expansions of the main file that start at a wanted offset: edits to w. */
struct uses {
	struct wanted *want;
	struct wlower *w;
};

static enum CXChildVisitResult find_uses(CXCursor c, CXCursor parent, CXClientData data)
{
	struct uses *u = data;
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange r = clang_getCursorExtent(c);
	unsigned a, i;
	CXCursor def;
	char *text;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion || !clang_Location_isFromMainFile(clang_getRangeStart(r)))
		return CXChildVisit_Continue;
	a = off_of(clang_getRangeStart(r));
	for (i = 0; i < u->want->n && u->want->off[i] != a; i++)
		;
	def = clang_getCursorReferenced(c);
	if (i == u->want->n || clang_Cursor_isNull(def) || clang_Cursor_isMacroBuiltin(def))
		return CXChildVisit_Continue;
	text = expand(tu, c, def);
	if (text) {
		CXToken *t;
		unsigned n;

		clang_tokenize(tu, r, &t, &n);
		if (n)
			wl_edit(u->w, a, off_of(clang_getRangeEnd(clang_getTokenExtent(tu, t[n - 1]))), text);
		else
			free(text);
		clang_disposeTokens(tu, t, n);
	}
	return CXChildVisit_Continue;
}

/* Does a `#define` of the main file write `__global__`?  (No parse for the files without.) */
static bool defines_kernel(const struct source *s)
{
	const char *t = s->text, *end = s->text + s->len;

	for (const char *p = t; p < end && (p = memmem(p, (size_t)(end - p), "__global__", 10)); p += 10) {
		const char *l = p;

		/* back to the start of the logical line (backslash-newlines continue it) */
		while (l > t && !(l[-1] == '\n' && !(l - 1 > t && l[-2] == '\\')))
			l--;
		while (l < p && (*l == ' ' || *l == '\t'))
			l++;
		if (*l == '#') {
			for (l++; l < p && (*l == ' ' || *l == '\t'); l++)
				;
			if (!strncmp(l, "define", 6))
				return true;
		}
	}
	return false;
}

void macro_kernels_expand(struct source *s, CXIndex idx, char *const *args, int nargs)
{
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;

	if (!defines_kernel(s))
		return;
	for (unsigned round = 0; round < MAX_ROUNDS; round++) {
		CXTranslationUnit tu = source_parse_raw(s, idx, args, nargs, NULL, flags);
		struct wanted wk = { .s = s, .main = tu ? clang_getFile(tu, s->path) : NULL };
		struct wlower w = { .s = s };
		struct uses u = { &wk, &w };

		if (!tu)
			return;
		clang_visitChildren(clang_getTranslationUnitCursor(tu), find_kernels, &wk);
		if (wk.n)
			clang_visitChildren(clang_getTranslationUnitCursor(tu), find_uses, &u);
		clang_disposeTranslationUnit(tu);
		free(wk.off);
		if (w.ne)
			wl_apply(&w);
		for (unsigned i = 0; i < w.ne; i++)
			free(w.e[i].text);
		free(w.e);
		if (!w.ne)
			return;
	}
}
