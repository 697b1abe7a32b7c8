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
 * parameters substituted (`#`, `##` and `__VA_OPT__` as the preprocessor
 * does them), the
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
 * call alone, a second parse of the text would not), `__VA_OPT__` next to
 * `#` or `##` or over variable arguments that only macros write (va_opt),
 * and a kernel-writing macro whose `#define` is neither in the main file
 * nor in a header that `#include "..."` reaches from it (macro_headers.c:
 * only programs with such a `#define` pay for the extra parse;
 * macro_kernel.c says so).  The main file's invocations of a macro of the
 * main file or of those headers that writes a launch configuration alone
 * (`<<< g, b >>>`, macro_chevrons.c) are written out the same way.
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
 * outside parentheses; the variadic ones stay one, commas kept, their tokens
 * u[*va_a, *va_b) (empty when left out).
 */
static bool read_args(const struct toks *u, const struct params *p, char **arg, unsigned *va_a,
		      unsigned *va_b)
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
			if (k < p->n && p->variadic && k + 1 == p->n) {
				*va_a = a;
				*va_b = i;
			}
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

/* One expansion: the definition's tokens, its parameters and the invocation's arguments. */
struct subst {
	const struct toks *d;
	const struct params *p; /* NULL: an object-like macro */
	char *const *arg;
	const char *self; /* the macro's name: a call of it is not written out */
	int va_tokens;	  /* the variable arguments: 1 tokens, 0 none, -1 known once expanded */
};

/* The text written so far, and whether its last piece was `##` or an argument. */
struct subst_out {
	struct buf o;
	bool glue, was_arg;
};

static bool substitute_range(const struct subst *x, unsigned from, unsigned to, bool lead_sp,
			     struct subst_out *st);

/* The `)` that closes the `(` at d[i] (d->n: none). */
static unsigned closing(const struct toks *d, unsigned i)
{
	unsigned depth = 0;

	for (; i < d->n; i = next(d, i)) {
		depth += tok_is(d, i, "(");
		depth -= tok_is(d, i, ")");
		if (!depth)
			return i;
	}
	return d->n;
}

/*
 * `__VA_OPT__(content)` at d[*i] (C++20; clang and nvcc take it in C++17):
 * the content, substituted, where the variable arguments have tokens,
 * nothing where they have none; *i is left at its `)`.  False (not written
 * out) for a `##` beside it (the placemarker rules of its concatenation),
 * and for variable arguments whose every token comes from a macro: whether
 * they are empty is known only once expanded, which the parse does.  (A `#`
 * before it is refused with the other stringified non-parameters.)
 */
static bool va_opt(const struct subst *x, unsigned *i, bool sp, struct subst_out *st)
{
	const struct toks *d = x->d;
	unsigned lp = next(d, *i), rp;

	if (!x->p || !x->p->variadic || st->glue || x->va_tokens < 0 || lp >= d->n ||
	    !tok_is(d, lp, "("))
		return false;
	rp = closing(d, lp);
	if (rp >= d->n || (next(d, rp) < d->n && tok_is(d, next(d, rp), "##")))
		return false;
	*i = rp;
	return !x->va_tokens || substitute_range(x, next(d, lp), rp, sp, st);
}

/* The replacement list's tokens d[from, to) with the parameters substituted, appended to st; false:
 * not written out. */
static bool substitute_range(const struct subst *x, unsigned from, unsigned to, bool lead_sp,
			     struct subst_out *st)
{
	const struct toks *d = x->d;
	const struct params *p = x->p;
	struct buf *o = &st->o;
	bool ok = true;

	for (unsigned i = from; i < to && ok; i++) {
		char *t;
		bool sp = i == from ? lead_sp : spaced(d, i);
		int k;

		if (comment(d, i))
			continue;
		t = tok_text(d, i);
		if (!strcmp(t, x->self) &&
		    (!p || (next(d, i) < d->n && tok_is(d, next(d, i), "(")))) {
			ok = false;
		} else if (!strcmp(t, "__VA_OPT__")) {
			ok = va_opt(x, &i, sp, st);
		} else if (!strcmp(t, "##") && gnu_comma(o, d, i, p)) {
			/* GNU's `, ## __VA_ARGS__`: the comma goes where the variadic arguments are none */
			const char *va = x->arg[p->n - 1];

			if (*va)
				put(o, va, true, false, true);
			else
				o->p[--o->n] = 0;
			i = next(d, i);
			st->glue = st->was_arg = false;
		} else if (!strcmp(t, "##")) {
			ok = o->n && next(d, i) < to;
			st->glue = true;
		} else if (!strcmp(t, "#") && p && next(d, i) < to) {
			char *n = tok_text(d, next(d, i)), *q;

			k = param_of(p, n);
			free(n);
			ok = k >= 0;
			if (ok) {
				q = stringify(x->arg[k]);
				put(o, q, sp, st->glue, st->was_arg);
				free(q);
				i = next(d, i);
			}
			st->glue = st->was_arg = false;
		} else {
			k = p ? param_of(p, t) : -1;
			put(o, k >= 0 ? x->arg[k] : t, sp, st->glue, st->was_arg || k >= 0);
			st->glue = false;
			st->was_arg = k >= 0;
		}
		free(t);
	}
	return ok;
}

/* The replacement list d[body..] with the parameters substituted; NULL where it is not written out.
 */
static char *substitute(const struct subst *x, unsigned body)
{
	struct subst_out st = {.o = {0}};
	bool ok = substitute_range(x, body, x->d->n, false, &st);

	bputs(&st.o, "");
	if (!ok || st.glue) {
		free(st.o.p);
		return NULL;
	}
	return st.o.p;
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

/* The extents [a, b) of the main file's macro expansions, in file offsets. */
struct spans {
	unsigned (*ab)[2];
	unsigned n, cap;
};

static enum CXChildVisitResult find_spans(CXCursor c, CXCursor parent, CXClientData data)
{
	struct spans *sp = data;
	CXSourceRange r = clang_getCursorExtent(c);

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion ||
	    !clang_Location_isFromMainFile(clang_getRangeStart(r)))
		return CXChildVisit_Continue;
	if (sp->n == sp->cap) {
		sp->cap = sp->cap ? 2 * sp->cap : 64;
		sp->ab = cx_realloc(sp->ab, sp->cap * sizeof(*sp->ab));
	}
	sp->ab[sp->n][0] = off_of(clang_getRangeStart(r));
	sp->ab[sp->n++][1] = off_of(clang_getRangeEnd(r));
	return CXChildVisit_Continue;
}

/* Is offset o inside an expansion that starts after offset use (one in its arguments)? */
static bool in_nested(const struct spans *nested, unsigned use, unsigned o)
{
	for (unsigned j = 0; j < nested->n; j++)
		if (nested->ab[j][0] > use && nested->ab[j][0] <= o && o < nested->ab[j][1])
			return true;
	return false;
}

/*
 * Whether the variable arguments u[a, b) of the invocation at offset use
 * have tokens (1), none (0), or only tokens of macros expanded within them
 * (-1: `F(k, EXTRA)`; empty or not once expanded, as clang tests them).
 */
static int va_tokens(const struct toks *u, unsigned a, unsigned b, unsigned use,
		     const struct spans *nested)
{
	int r = 0;

	for (unsigned i = a; i < b; i++) {
		if (comment(u, i))
			continue;
		if (!in_nested(nested, use,
			       off_of(clang_getRangeStart(clang_getTokenExtent(u->tu, u->t[i])))))
			return 1; /* a token no macro writes */
		r = -1;
	}
	return r;
}

/* The text of invocation u (a macro expansion cursor's tokens) of macro def, one level expanded; NULL: not. */
static char *expand(CXTranslationUnit tu, CXCursor use, CXCursor def, const struct spans *nested)
{
	struct toks d = { tu, NULL, 0 }, u = { tu, NULL, 0 };
	struct params p = { .n = 0 };
	char *arg[MAX_PARAMS] = { 0 }, *self = cx_spelling(def), *r = NULL;
	unsigned body = 1, va_a = 0, va_b = 0;
	struct subst x = {&d, NULL, arg, self, 0};

	clang_tokenize(tu, clang_getCursorExtent(def), &d.t, &d.n);
	clang_tokenize(tu, clang_getCursorExtent(use), &u.t, &u.n);
	if (!function_like(&d)) {
		r = u.n == 1 ? substitute(&x, body) : NULL;
	} else if (read_params(&d, &p, &body) && read_args(&u, &p, arg, &va_a, &va_b)) {
		x.p = &p;
		x.va_tokens =
		    va_tokens(&u, va_a, va_b, off_of(clang_getCursorLocation(use)), nested);
		r = substitute(&x, body);
	}
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
	struct offsets at; /* each once: several kernels of one invocation */
};

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
		offsets_add(&w->at, off_of(clang_getCursorLocation(body)));
	else if (k == CXCursor_FunctionTemplate && c_start(c) < w->s->len &&
		 strncmp(w->s->text + c_start(c), "template", 8) != 0)
		offsets_add(&w->at, c_start(c));
	return CXChildVisit_Continue;
}

/* The macro expansions of the main file that start at a wanted offset: edits to w. */
struct uses {
	struct wanted *want;
	struct wlower *w;
	struct spans nested; /* every expansion of the main file (va_tokens) */
	bool chevrons;	     /* the program defines a launch configuration (macro_chevrons.c) */
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
	for (i = 0; i < u->want->at.n && u->want->at.off[i] != a; i++)
		;
	def = clang_getCursorReferenced(c);
	if (clang_Cursor_isNull(def) || clang_Cursor_isMacroBuiltin(def) ||
	    (i == u->want->at.n &&
	     !(u->chevrons && !clang_Location_isInSystemHeader(clang_getCursorLocation(def)))))
		return CXChildVisit_Continue;
	text = expand(tu, c, def, &u->nested);
	if (text && i == u->want->at.n && !macro_is_launch_config(text)) {
		free(text); /* only a launch configuration (macro_chevrons.c) besides the kernels */
		text = NULL;
	}
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

/* Does a `#define` of the text write `__global__`?  (No parse for the programs without.) */
static bool defines_kernel(const char *text, size_t len)
{
	const char *t = text, *end = text + len;

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

/*
 * What the #defines of a text write: MACRO_KERNEL, MACRO_CHEVRONS, and
 * MACRO_LAUNCH: a launch that macro_launch.c does not rewrite where the
 * invocation is translated (any in a header, which is not; in the main file
 * one whose callee, chevrons and arguments are not all in the body);
 * MACRO_WARP, forced to fission: a warp operation in a main file's #define;
 * MACRO_LOCKSTEP: a store to an element, which may be a lock-step store
 * lockstep.c cannot rewrite in the #define (macro_lockstep_expand.c);
 * MACRO_SHIFT: a shift, which may be by a count shift.c cannot rewrite in
 * the #define (macro_shift_expand.c).
 */
enum { MACRO_KERNEL = 1, MACRO_CHEVRONS = 2, MACRO_LAUNCH = 4, MACRO_WARP = 8, MACRO_LOCKSTEP = 16, MACRO_SHIFT = 32 };

static unsigned macro_kinds(const char *text, size_t len)
{
	return (defines_kernel(text, len) ? MACRO_KERNEL : 0) |
	       (defines_launch_config(text, len) ? MACRO_CHEVRONS : 0) |
	       (launch_defines(text, len) & LAUNCH_SPLIT ? MACRO_LAUNCH : 0) |
	       (defines_element_store(text, len) ? MACRO_LOCKSTEP : 0) |
	       (defines_shift(text, len) ? MACRO_SHIFT : 0);
}

static unsigned header_macro_kinds(const char *text, size_t len)
{
	return macro_kinds(text, len) | (launch_defines(text, len) ? MACRO_LAUNCH : 0);
}

/*
 * The invocations whose expansion holds a launch not rewritten in its
 * #define (macro_launch_expand.c), or, forced to fission, a warp operation
 * warp.c cannot lower where it is spelled (macro_warp_expand.c), or a
 * lock-step store lockstep.c cannot rewrite there (macro_lockstep_expand.c),
 * or a shift by a count that is not a constant (macro_shift_expand.c).
 */
static void want_uses(struct wanted *w, CXTranslationUnit tu,
		      unsigned (*uses)(const struct source *, CXTranslationUnit, unsigned **))
{
	unsigned *off, n = uses(w->s, tu, &off);

	for (unsigned i = 0; i < n; i++)
		offsets_add(&w->at, off[i]);
	free(off);
}

void macro_kernels_expand(struct source *s, CXIndex idx, char *const *args, int nargs)
{
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;

	unsigned kinds = macro_kinds(s->text, s->len) | program_headers_scan(s, args, nargs, header_macro_kinds);
	bool chevrons = kinds & MACRO_CHEVRONS;

	if (s->model == EXEC_FISSION && defines_warp_op(s->text, s->len))
		kinds |= MACRO_WARP;	/* forced to fission: warp operations of macros written out */

	if (!kinds)
		return;
	for (unsigned round = 0; round < MAX_ROUNDS; round++) {
		CXTranslationUnit tu = source_parse_raw(s, idx, args, nargs, NULL, flags);
		struct wanted wk = { .s = s, .main = tu ? clang_getFile(tu, s->path) : NULL };
		struct wlower w = { .s = s };
		struct uses u = {&wk, &w, {NULL, 0, 0}, chevrons};

		if (!tu)
			return;
		clang_visitChildren(clang_getTranslationUnitCursor(tu), find_kernels, &wk);
		if (kinds & MACRO_LAUNCH)
			want_uses(&wk, tu, macro_launch_uses);
		if (kinds & MACRO_WARP)
			want_uses(&wk, tu, macro_warp_uses);
		if (kinds & MACRO_LOCKSTEP)
			want_uses(&wk, tu, macro_lockstep_uses);
		if (kinds & MACRO_SHIFT)
			want_uses(&wk, tu, macro_shift_uses);
		if (wk.at.n || chevrons) {
			clang_visitChildren(clang_getTranslationUnitCursor(tu), find_spans,
					    &u.nested);
			clang_visitChildren(clang_getTranslationUnitCursor(tu), find_uses, &u);
		}
		clang_disposeTranslationUnit(tu);
		free(u.nested.ab);
		free(wk.at.off);
		if (w.ne)
			wl_apply(&w);
		for (unsigned i = 0; i < w.ne; i++)
			free(w.e[i].text);
		free(w.e);
		if (!w.ne)
			return;
	}
}
