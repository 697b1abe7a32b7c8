// SPDX-License-Identifier: MIT
/*
 * edg_compat.c - what nvcc's front end (EDG) accepts and clang rejects, in
 * whole programs (README "What nvcc accepts and clang does not").  A short,
 * named list; everything else clang rejects stays an error.
 *
 *  - A dependent member template named without `template`
 *    (`vec_cast<T, S>::cast<N>(d, s)`, HeCBench attentionMultiHeadKVCache):
 *    EDG takes `<` as the start of template arguments, clang as a less-than
 *    and reports "missing 'template' keyword prior to dependent template
 *    name" when it instantiates the function.  The keyword is inserted in
 *    the translated copy (the main file, or a header of the program's folder,
 *    which is translated too) and a warning says where; then the file is
 *    translated again from the start (cc_translate_program), since the parse
 *    that found it read `<` as an operator.
 *  - A narrowing conversion of a non-constant in braces (`dim3 grid{n /
 *    256}` with a size_t n): EDG warns (#2361-D), clang errors unless told
 *    otherwise (driver.c passes -Wno-error=c++11-narrowing to both the parse
 *    and the host compiler); the warning is shown here, once, with the
 *    user's place, as nvcc shows its own.
 *  - A case label that jumps over a variable's initialisation (`case 0: int
 *    x = f(); ... case 1:`): EDG warns (#546-D) and x is uninitialised in
 *    the later cases; clang errors.  Where x is a scalar or a pointer, not
 *    const, not static, not auto, declared alone (`int x = e;`), the
 *    declaration is split into `int x; x = e;` (what EDG's code does; a
 *    jump over a declaration without initialiser is valid C++), with a
 *    warning at the user's place; any other case stays clang's error.
 *  - Arithmetic on `void *` (`(float *)(buf + i * 4)`): EDG warns (#1143-D)
 *    and counts in bytes, as GNU C does; clang++ errors.  A `+` or `-` of a
 *    (cv) `void *` and an integer becomes `((void *)(((char *)(buf)) + i *
 *    4))` -- the same address, the same type; on a variable, `p +=
 *    n` becomes `p = ((void *)(((char *)(p)) + (n)))`.  Where the types
 *    are a template's (`T *p; p + n` with T = void in one instantiation)
 *    or the updated lvalue is not a variable (`s.p += 4`), a call of
 *    include/idxgen_cc_edg.h's helpers instead (`__idxgen_edg_add(p, n)`,
 *    `__idxgen_edg_add_assign(s.p, 4)`), which count bytes for a void *
 *    and are the operator for other types.  An operand a macro spells keeps
 *    clang's error, as do `++`/`--` on a `void *` and the difference of
 *    two (errors in nvcc too).
 *
 *  - `main()` defined without its return type, as C of the K&R era writes
 *    it: EDG warns (#938-D) and takes int, clang++ errors ("a type
 *    specifier is required for all declarations").  `int ` goes before
 *    `main` where the name is followed by `(`, with a warning at the user's
 *    place; every other declaration without a type stays an error (EDG
 *    rejects those too: "explicit type is missing").
 *
 * A fix is kept as (file, line, name), not as an offset: the same file is
 * read again by several passes, some of which edit it first (kernel_decls.c
 * wraps kernels of a header), and those edits keep lines.
 */
#define _GNU_SOURCE
#include "paths.h"
#include "warp.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char missing_template[] =
    "missing 'template' keyword prior to dependent template name '";
static const char unresolved[] = "reference to overloaded function could not be resolved";
/* `(float)Q<T>::offset<3>(i)`: the cast's operand read as the overload set `offset` */
static const char overloaded_address[] = "address of overloaded function '";
static const char member_call[] = "reference to non-static member function must be called";
static const char narrowing[] = "cannot be narrowed from type";
static const char case_jump[] = "cannot jump from switch statement to this case label";
static const char bypass_init[] = "jump bypasses variable initialization";
static const char void_arith[] = "arithmetic on a pointer to void";
static const char no_type[] = "a type specifier is required for all declarations";

/* The place of d: its file's name as clang spells it and as realpath() does (NULL: none). */
static char *diag_place(CXDiagnostic d, CXFile *f, unsigned *line, unsigned *col, char **real)
{
	char *name;

	clang_getExpansionLocation(clang_getDiagnosticLocation(d), f, line, col, NULL);
	if (!*f)
		return NULL;
	name = cx_string(clang_getFileName(*f));
	*real = realpath(name, NULL);
	if (!*real) {
		free(name);
		return NULL;
	}
	return name;
}

/* Has "real:line:col" been warned about? Remember it when not. */
static bool warned_before(struct edg_fixes *e, const char *real, unsigned line, unsigned col)
{
	char *key;

	if (asprintf(&key, "%s:%u:%u", real, line, col) < 0)
		return true;
	for (unsigned i = 0; i < e->nwarned; i++)
		if (!strcmp(e->warned[i], key)) {
			free(key);
			return true;
		}
	e->warned = cx_realloc(e->warned, (e->nwarned + 1) * sizeof(*e->warned));
	e->warned[e->nwarned++] = key;
	return false;
}

/* May file f be edited: the main file, or (headers translated) one below its folder that is not
 * ours? */
static bool editable(const struct source *s, CXFile f, CXSourceLocation loc)
{
	char *rel;
	bool r;

	if (clang_Location_isInSystemHeader(loc))
		return false;
	if (s->file && clang_File_isEqual(f, s->file))
		return true;
	if (!s->edg->headers)
		return false;
	rel = relative_to_main(s, f);
	r = rel != NULL;
	free(rel);
	if (r) {
		char *name = cx_string(clang_getFileName(f));

		r = !cc_our_header(name);
		free(name);
	}
	return r;
}

/* The name between the quote at q and the next one (NULL: none). */
static char *quoted_name(const char *q)
{
	const char *e = *q == '\'' ? strchr(q + 1, '\'') : NULL;

	return e && e > q + 1 ? strndup(q + 1, (size_t)(e - q - 1)) : NULL;
}

/* Past spaces, tabs and newlines from i. */
static size_t skip_space(const char *t, size_t len, size_t i)
{
	while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
		i++;
	return i;
}

/* Does `template` (and spaces) end just before i? */
static bool template_before(const char *t, size_t i)
{
	while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '\n'))
		i--;
	return i >= 8 && !strncmp(t + i - 8, "template", 8) &&
	       (i == 8 || !text_ident_char(t[i - 9]));
}

/* The length of the `::`, `->` or `.` at t[i], or 0. */
static size_t member_op(const char *t, size_t len, size_t i)
{
	if (i + 1 < len && ((t[i] == ':' && t[i + 1] == ':') || (t[i] == '-' && t[i + 1] == '>')))
		return 2;
	return t[i] == '.';
}

/*
 * The next `:: NAME <`, `. NAME <` or `-> NAME <` without `template` in t
 * from i to the statement's end (the first ';' or '{' outside comments and
 * literals): NAME's offset, or len when there is none.
 */
static size_t next_use(const char *t, size_t len, size_t i, const char *name)
{
	size_t nl = strlen(name), k, op, a, c, ls = i;
	bool directive;

	while (ls > 0 && t[ls - 1] != '\n')
		ls--;
	ls = skip_space(t, len, ls);
	directive = ls < len && t[ls] == '#'; /* a #define body: to its last line */
	while (i < len && t[i] != ';' && t[i] != '{' &&
	       !(directive && t[i] == '\n' && i > 0 && t[i - 1] != '\\')) {
		if ((k = text_skip(t, len, i)) != i) {
			i = k;
			continue;
		}
		op = member_op(t, len, i);
		if (!op) {
			i++;
			continue;
		}
		a = skip_space(t, len, i + op);
		if (a + nl < len && !strncmp(t + a, name, nl) && !text_ident_char(t[a + nl]) &&
		    (c = skip_space(t, len, a + nl)) < len && t[c] == '<' && !template_before(t, a))
			return a;
		i += op;
	}
	return len;
}

/*
 * The name of the missing-`template` fix from the text at d: the first
 * `:: NAME <`, `. NAME <` or `-> NAME <` from its place to the statement's
 * end.  Clang reports `Q<T>::cast<N>(x)` with more than one candidate `cast`
 * as "reference to overloaded function could not be resolved", and
 * `v.get<2>(x)` as "reference to non-static member function must be called"
 * (its `<` read as less-than after a function's name: never valid C++), not
 * as a missing keyword.
 */
static char *name_from_text(CXTranslationUnit tu, CXDiagnostic d)
{
	CXFile f;
	unsigned off;
	size_t len, i, a, b, op;
	const char *t;

	clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, &off);
	if (!f || !(t = clang_getFileContents(tu, f, &len)))
		return NULL;
	for (i = off; i + 1 < len && t[i] != ';' && t[i] != '{'; i += op ? op : 1) {
		op = member_op(t, len, i);
		if (!op)
			continue;
		a = skip_space(t, len, i + op);
		for (b = a; b < len && text_ident_char(t[b]); b++)
			;
		if (b > a && !(t[a] >= '0' && t[a] <= '9') && skip_space(t, len, b) < len &&
		    t[skip_space(t, len, b)] == '<')
			return strndup(t + a, b - a);
	}
	return NULL;
}

/*
 * Is name written where loc is, at its expansion (spelling false) or in the
 * #define body it was spelled in?  Its file and the offset to scan from in
 * *f, *off.
 */
static bool written_at(CXTranslationUnit tu, CXSourceLocation loc, bool spelling, const char *name,
		       CXFile *f, unsigned *off)
{
	const char *t;
	size_t len = 0;

	if (spelling)
		clang_getSpellingLocation(loc, f, NULL, NULL, off);
	else
		clang_getExpansionLocation(loc, f, NULL, NULL, off);
	if (!*f || !(t = clang_getFileContents(tu, *f, &len)) || *off > len)
		return false;
	/* clang's place is the qualifier's start (`Q<T>::cast<N>(x)`) or the name after `.`/`->` */
	for (unsigned k = 0; k < 4 && *off > 0 && strchr(" \t.:->", t[*off - 1]); k++)
		(*off)--;
	return next_use(t, len, *off, name) < len;
}

/*
 * The macro used at offset off of the file f (a name), and name written in
 * its #define body in the same file: the body's offset in *off.
 */
static bool in_macro_body(CXTranslationUnit tu, CXFile f, const char *name, unsigned *off)
{
	size_t len = 0, i, m, b;
	const char *t = clang_getFileContents(tu, f, &len), *d;

	if (!t || *off >= len)
		return false;
	*off = (unsigned)skip_space(t, len, *off); /* (written_at() went back over spaces) */
	for (m = *off; m < len && text_ident_char(t[m]); m++)
		;
	if (m == *off)
		return false;
	for (i = 0; i < len && (d = memmem(t + i, len - i, "define", 6)); i = (size_t)(d - t) + 6) {
		size_t h = (size_t)(d - t);

		while (h > 0 && (t[h - 1] == ' ' || t[h - 1] == '\t'))
			h--;
		if (!h || t[h - 1] != '#')
			continue;
		b = skip_space(t, len, (size_t)(d - t) + 6);
		if (b + (m - *off) < len && !strncmp(t + b, t + *off, m - *off) &&
		    !text_ident_char(t[b + m - *off]) && next_use(t, len, b, name) < len) {
			*off = (unsigned)b;
			return true;
		}
	}
	return false;
}

/* A missing `template` before name (owned) at d: recorded (true) when new and editable. */
static bool template_fix(struct source *s, CXTranslationUnit tu, CXDiagnostic d, char *name)
{
	struct edg_fixes *e = s->edg;
	CXSourceLocation loc = clang_getDiagnosticLocation(d), at;
	unsigned line, col, off, dline, dcol;
	char *real = NULL, *shown = NULL, *fname;
	CXFile f, df;

	if (name && !written_at(tu, loc, false, name, &f, &off) &&
	    !written_at(tu, loc, true, name, &f, &off)) {
		clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
		if (!f || !in_macro_body(tu, f, name, &off)) {
			free(name);
			name = NULL;
		}
	}
	if (!name)
		return false;
	at = clang_getLocationForOffset(tu, f, off);
	fname = cx_string(clang_getFileName(f));
	real = realpath(fname, NULL);
	free(fname);
	if (!real || !editable(s, f, at) || !(shown = diag_place(d, &df, &dline, &dcol, &fname))) {
		free(real);
		free(name);
		return false;
	}
	free(fname);
	clang_getExpansionLocation(at, NULL, &line, &col, NULL);
	if (clang_File_isEqual(f, s->file))
		warp_map_sloc(s, at, &line, &col);
	for (unsigned i = 0; i < e->n; i++)
		if (e->fix[i].line == line && e->fix[i].col == col &&
		    !strcmp(e->fix[i].path, real) && !strcmp(e->fix[i].name, name)) {
			free(name);
			free(real);
			free(shown);
			return false; /* applied already and still reported: the error stands */
		}
	if (clang_File_isEqual(df, s->file)) {
		free(shown);
		shown = cx_strdup(s->path);
		warp_map_sloc(s, loc, &dline, &dcol);
	}
	fprintf(stderr,
		"%s:%u:%u: warning: '%s' names a member template of a dependent type without the "
		"'template' keyword; nvcc accepts it, clang does not: 'template' inserted before "
		"it%s\n",
		shown, dline, dcol, name,
		clang_File_isEqual(f, df) && line == dline ? "" : " (in the macro's definition)");
	e->fix = cx_realloc(e->fix, (e->n + 1) * sizeof(*e->fix));
	e->fix[e->n++] = (struct edg_fix){ real, line, col, name, EDG_TEMPLATE, NULL };
	free(shown);
	return true;
}

/* A narrowing conversion clang now warns about: shown once, as nvcc shows its own. */
static void narrowing_warning(struct source *s, CXDiagnostic d, const char *msg)
{
	unsigned line, col;
	char *real = NULL, *shown;
	CXFile f;

	shown = diag_place(d, &f, &line, &col, &real);
	if (shown && !clang_Location_isInSystemHeader(clang_getDiagnosticLocation(d)) &&
	    !warned_before(s->edg, real, line, col)) {
		if (clang_File_isEqual(f, s->file)) {
			free(shown);
			shown = cx_strdup(s->path);
			warp_map_sloc(s, clang_getDiagnosticLocation(d), &line, &col);
		}
		fprintf(stderr, "%s:%u:%u: warning: %s (nvcc warns too: #2361-D)\n", shown, line,
			col, msg);
	}
	free(shown);
	free(real);
}

/* The first token of c's text (owned; NULL: none). */
static char *first_token(CXTranslationUnit tu, CXCursor c)
{
	CXToken *toks = NULL;
	unsigned n = 0;
	char *r = NULL;

	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &n);
	if (n)
		r = cx_string(clang_getTokenSpelling(tu, toks[0]));
	clang_disposeTokens(tu, toks, n);
	return r;
}

/* May the declaration of v be split into a declaration and an assignment (EDG_SPLIT_INIT)? */
static bool splittable(CXTranslationUnit tu, CXCursor v, CXFile f)
{
	CXType ty = clang_getCanonicalType(clang_getCursorType(v));
	unsigned e, len_ok;
	size_t len = 0;
	const char *t = clang_getFileContents(tu, f, &len);
	char *first;

	if (clang_getCursorKind(v) != CXCursor_VarDecl || !t || in_macro(v) || clang_isConstQualifiedType(ty) ||
	    clang_Cursor_getStorageClass(v) != CX_SC_None)
		return false;
	if (!((ty.kind >= CXType_Bool && ty.kind <= CXType_LongDouble) || ty.kind == CXType_Pointer ||
	      ty.kind == CXType_Enum))
		return false;
	first = first_token(tu, v);
	len_ok = first && strcmp(first, "auto") && strcmp(first, "decltype");
	free(first);
	e = c_end(v);
	while (e < len && (t[e] == ' ' || t[e] == '\t' || t[e] == '\n'))
		e++;
	return len_ok && e < len && t[e] == ';';	/* declared alone: `int a = 1, b = 2;` has a ',' here */
}

/* A case label that jumps over an initialisation (note n of d): recorded (true) when new and splittable. */
static bool split_fix(struct source *s, CXTranslationUnit tu, CXDiagnostic d, CXDiagnostic n)
{
	struct edg_fixes *e = s->edg;
	CXSourceLocation loc = clang_getDiagnosticLocation(n);
	CXCursor v = clang_getCursor(tu, loc);
	unsigned line, col, dline, dcol, off;
	char *real = NULL, *shown, *name, *fname;
	CXFile f, df;
	size_t len = 0;
	const char *t;

	clang_getExpansionLocation(loc, &f, &line, &col, &off);
	if (!f || !editable(s, f, loc) || !splittable(tu, v, f) || !(t = clang_getFileContents(tu, f, &len)))
		return false;
	name = cx_spelling(v);
	if (off + strlen(name) > len || strncmp(t + off, name, strlen(name)) ||
	    !(shown = diag_place(d, &df, &dline, &dcol, &fname))) {
		free(name);
		return false;
	}
	free(fname);
	fname = cx_string(clang_getFileName(f));
	real = realpath(fname, NULL);
	free(fname);
	if (clang_File_isEqual(f, s->file))
		warp_map_sloc(s, loc, &line, &col);
	for (unsigned i = 0; real && i < e->n; i++)
		if (e->fix[i].kind == EDG_SPLIT_INIT && e->fix[i].line == line && e->fix[i].col == col &&
		    !strcmp(e->fix[i].path, real)) {
			free(real);
			real = NULL;	/* applied already and still reported: the error stands */
		}
	if (!real) {
		free(name);
		free(shown);
		return false;
	}
	if (clang_File_isEqual(df, s->file)) {
		free(shown);
		shown = cx_strdup(s->path);
		warp_map_sloc(s, clang_getDiagnosticLocation(d), &dline, &dcol);
	}
	fprintf(stderr,
		"%s:%u:%u: warning: this case label jumps over the initialisation of '%s'; nvcc accepts it "
		"(#546-D: '%s' is uninitialised here), clang does not: its declaration (line %u) is split into "
		"a declaration and an assignment\n",
		shown, dline, dcol, name, name, line);
	free(shown);
	e->fix = cx_realloc(e->fix, (e->n + 1) * sizeof(*e->fix));
	e->fix[e->n++] = (struct edg_fix){ real, line, col, name, EDG_SPLIT_INIT, NULL };
	return true;
}

/* The notes of d that name an initialisation it jumps over, each split where it can be. */
static bool case_fixes(struct source *s, CXTranslationUnit tu, CXDiagnostic d)
{
	CXDiagnosticSet notes = clang_getChildDiagnostics(d);
	unsigned n = clang_getNumDiagnosticsInSet(notes);
	bool fixed = false;

	for (unsigned i = 0; i < n; i++) {
		CXDiagnostic x = clang_getDiagnosticInSet(notes, i);
		char *m = cx_string(clang_getDiagnosticSpelling(x));

		if (!strncmp(m, bypass_init, sizeof(bypass_init) - 1))
			fixed |= split_fix(s, tu, d, x);
		free(m);
		clang_disposeDiagnostic(x);
	}
	return fixed;
}

/* The user's line and column of loc in f (the main file's through warp.c's map). */
static void user_place(struct source *s, CXFile f, CXSourceLocation loc, unsigned *line, unsigned *col)
{
	clang_getExpansionLocation(loc, NULL, line, col, NULL);
	if (clang_File_isEqual(f, s->file))
		warp_map_sloc(s, loc, line, col);
}

/* Is c's type a pointer to (cv) void?  *cv: "const ", "volatile ", both or "". */
static bool void_pointer(CXCursor c, const char **cv)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c)), p;

	if (t.kind != CXType_Pointer)
		return false;
	p = clang_getPointeeType(t);
	*cv = clang_isConstQualifiedType(p) ? (clang_isVolatileQualifiedType(p) ? "const volatile " : "const ")
					    : (clang_isVolatileQualifiedType(p) ? "volatile " : "");
	return clang_getCanonicalType(p).kind == CXType_Void;
}

struct kids2 {
	CXCursor k[2];
	unsigned n;
};

static enum CXChildVisitResult two_kids(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kids2 *k = d;

	(void)parent;
	if (k->n < 2)
		k->k[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

/* An insertion of text at (line, col) of file real as a fix. */
static void insert_fix(struct source *s, const char *real, unsigned line, unsigned col, const char *text,
		       enum edg_kind kind)
{
	struct edg_fixes *e = s->edg;

	e->fix = cx_realloc(e->fix, (e->n + 1) * sizeof(*e->fix));
	e->fix[e->n++] = (struct edg_fix){ cx_strdup(real), line, col, cx_strdup(text), kind, NULL };
}

/* A replacement of old by text at (line, col) of file real as a fix. */
static void replace_fix(struct source *s, const char *real, unsigned line, unsigned col, const char *old,
			const char *text)
{
	insert_fix(s, real, line, col, old, EDG_REPLACE);
	s->edg->fix[s->edg->n - 1].text = cx_strdup(text);
}

/*
 * The call form (include/idxgen_cc_edg.h): `A op B` as `__idxgen_edg_F(A,
 * B)`, the operator at offset off of f replaced by a comma -- for operands
 * whose types only an instantiation knows (a template's `T *`: void * in
 * one, float * in another) and updates of lvalues other than a variable
 * (`s.p += 4`: written once, evaluated once).  The helpers count bytes for
 * a void * and are the operator itself for any other type.
 */
static void call_fix(struct source *s, CXTranslationUnit tu, CXFile f, const char *real, const CXCursor k[2],
		     const char *t, unsigned off)
{
	const bool upd = t[off + 1] == '=';
	const char old[3] = { t[off], upd ? '=' : 0, 0 };
	char text[48];
	unsigned al, ac, ol, oc, el, ec;

	snprintf(text, sizeof(text), "__idxgen_edg_%s%s(", t[off] == '+' ? "add" : "sub", upd ? "_assign" : "");
	user_place(s, f, clang_getRangeStart(clang_getCursorExtent(k[0])), &al, &ac);
	insert_fix(s, real, al, ac, text, EDG_OPEN);
	user_place(s, f, clang_getLocationForOffset(tu, f, off), &ol, &oc);
	replace_fix(s, real, ol, oc, old, ",");
	user_place(s, f, clang_getRangeEnd(clang_getCursorExtent(k[1])), &el, &ec);
	insert_fix(s, real, el, ec, ")", EDG_CLOSE);
}

static bool in_template(CXTranslationUnit tu, CXFile f, unsigned off);
static CXCursor template_op(CXTranslationUnit tu, CXFile f, unsigned off, CXCursor op);

/* Does the type of c depend on a template parameter (its canonical type not known)? */
static bool dependent_type(CXCursor c)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(c));

	if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	return t.kind == CXType_Unexposed || t.kind == CXType_Dependent || t.kind == CXType_Invalid;
}

/*
 * `p += n`, `p -= n` on a (cv) void * (op, its operator at offset off of
 * f): on a variable p, p = ((void *)(((char *)(p)) + (n))), as EDG counts;
 * on another lvalue or one whose type a template gives, the call form.
 * False when an operand is a macro's (nothing recorded).
 */
static bool void_update(struct source *s, CXTranslationUnit tu, CXFile f, const char *real, CXCursor op,
			const char *t, unsigned off, bool *call)
{
	struct kids2 k = { { clang_getNullCursor(), clang_getNullCursor() }, 0 };
	char *name, text[400];
	const char old[3] = { t[off], t[off + 1], 0 };
	const char *cv;
	unsigned el, ec, ol, oc;
	CXCursor v;

	clang_visitChildren(op, two_kids, &k);
	if (k.n != 2)
		return false;
	v = k.k[0];
	if (in_macro(v) || in_macro(k.k[1]))
		return false;
	if (clang_getCursorKind(v) != CXCursor_DeclRefExpr || !void_pointer(v, &cv) || in_template(tu, f, off)) {
		if (!void_pointer(v, &cv) && !dependent_type(v) && !in_template(tu, f, off))
			return false;
		call_fix(s, tu, f, real, k.k, t, off);
		*call = true;
		return true;
	}
	name = cx_spelling(v);
	user_place(s, f, clang_getLocationForOffset(tu, f, off), &ol, &oc);
	snprintf(text, sizeof(text), "= ((%svoid *)(((%schar *)(%s)) %c (", cv, cv, name, t[off]);
	replace_fix(s, real, ol, oc, old, text);
	user_place(s, f, clang_getRangeEnd(clang_getCursorExtent(k.k[1])), &el, &ec);
	insert_fix(s, real, el, ec, ")))", EDG_CLOSE);
	free(name);
	return true;
}

/* The void * operands of a binary + or - (false: not one) and their qualifiers. */
static bool void_operands(CXCursor op, struct kids2 *k, bool v[2], const char *cv[2])
{
	if (clang_getCursorKind(op) != CXCursor_BinaryOperator && clang_getCursorKind(op) != CXCursor_UnexposedExpr)
		return false;
	clang_visitChildren(op, two_kids, k);
	if (k->n != 2 || in_macro(k->k[0]) || in_macro(k->k[1]))
		return false;
	v[0] = void_pointer(k->k[0], &cv[0]);
	v[1] = void_pointer(k->k[1], &cv[1]);
	return v[0] || v[1];
}

struct tmpl_find {
	CXFile f;
	unsigned off;
	bool found;
	CXCursor tmpl;
};

static enum CXChildVisitResult tmpl_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct tmpl_find *t = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXSourceRange e = clang_getCursorExtent(c);
	unsigned a, b;
	CXFile f;

	(void)parent;
	clang_getExpansionLocation(clang_getRangeStart(e), &f, NULL, NULL, &a);
	clang_getExpansionLocation(clang_getRangeEnd(e), NULL, NULL, NULL, &b);
	if (!f || !clang_File_isEqual(f, t->f) || t->off < a || t->off >= b)
		return CXChildVisit_Continue;
	if (k == CXCursor_FunctionTemplate || k == CXCursor_ClassTemplate ||
	    k == CXCursor_ClassTemplatePartialSpecialization) {
		t->found = true;
		t->tmpl = c;
		return CXChildVisit_Break;
	}
	return k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl ||
			       k == CXCursor_StructDecl || k == CXCursor_UnexposedDecl
		       ? CXChildVisit_Recurse
		       : CXChildVisit_Continue;
}

/*
 * Is offset off of f inside a template?  There an operator's operands may be
 * void * in one instantiation and not in another (and libclang's cursor at
 * the place may be either's), so the fix is the call form, right for all.
 */
static bool in_template(CXTranslationUnit tu, CXFile f, unsigned off)
{
	struct tmpl_find t = { f, off, false, clang_getNullCursor() };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), tmpl_visit, &t);
	return t.found;
}

struct op_find {
	unsigned off, best_len;
	CXCursor best;
};

static enum CXChildVisitResult op_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct op_find *o = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned a = c_start(c), b = c_end(c);

	(void)parent;
	if (o->off < a || o->off >= b)
		return CXChildVisit_Continue;
	if ((k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator) && b - a < o->best_len) {
		o->best = c;
		o->best_len = b - a;
	}
	return CXChildVisit_Recurse;
}

/*
 * The operator at offset off of f when libclang's cursor there is not one
 * (in a template instantiated more than once it gives the function): the
 * innermost binary or compound assignment operator of the template's
 * pattern around off, or the cursor as it was.
 */
static CXCursor template_op(CXTranslationUnit tu, CXFile f, unsigned off, CXCursor op)
{
	struct tmpl_find t = { f, off, false, clang_getNullCursor() };
	struct op_find o = { off, ~0u, clang_getNullCursor() };
	enum CXCursorKind k = clang_getCursorKind(op);

	if (k == CXCursor_BinaryOperator || k == CXCursor_CompoundAssignOperator || k == CXCursor_UnexposedExpr)
		return op;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), tmpl_visit, &t);
	if (!t.found)
		return op;
	clang_visitChildren(t.tmpl, op_visit, &o);
	return clang_Cursor_isNull(o.best) ? op : o.best;
}

/* A binary + or - whose operands' types a template gives: the call form. */
static bool dependent_operands(CXTranslationUnit tu, CXFile f, unsigned off, CXCursor op, struct kids2 *k)
{
	if (clang_getCursorKind(op) != CXCursor_BinaryOperator && clang_getCursorKind(op) != CXCursor_UnexposedExpr)
		return false;
	if (k->n == 0)
		clang_visitChildren(op, two_kids, k);
	return k->n == 2 && !in_macro(k->k[0]) && !in_macro(k->k[1]) &&
	       (dependent_type(k->k[0]) || dependent_type(k->k[1]) || in_template(tu, f, off));
}

/*
 * `void *` arithmetic at d: the + or - at the diagnostic's place (an
 * unexposed recovery expression over its two operands), its void * operand
 * cast to char * and the result back to void *; or an update of a void * variable
 * (void_update).  A later round's operator encloses an earlier one's
 * (`base + i * 12 + 4`): its openings go before theirs (EDG_OPEN), its
 * closings after (EDG_CLOSE).  True when the fix is new.
 */
static bool void_fix(struct source *s, CXTranslationUnit tu, CXDiagnostic d)
{
	CXSourceLocation loc = clang_getDiagnosticLocation(d);
	CXCursor op = clang_getCursor(tu, loc);
	struct kids2 k = { { clang_getNullCursor(), clang_getNullCursor() }, 0 };
	const char *cv[2] = { "", "" }, *shown_cv = "", *t;
	bool v[2] = { false, false }, update, call = false;
	unsigned line, col, i, off, ol, oc, el, ec, kl[2], kc[2];
	char *real, *fname, *shown, text[120];
	size_t len = 0;
	CXFile f, df;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	if (!f || in_macro(op) || !editable(s, f, loc) || !(t = clang_getFileContents(tu, f, &len)) ||
	    off + 1 >= len || (t[off] != '+' && t[off] != '-'))
		return false;
	update = t[off + 1] == '=';	/* ++ and -- on a void *: nvcc's errors too */
	if (t[off + 1] == t[off])
		return false;
	op = template_op(tu, f, off, op);
	/* nvcc rejects the difference of two void * too ("a pointer to a complete object type") */
	if (!update && (!void_operands(op, &k, v, cv) || in_template(tu, f, off)))
		call = dependent_operands(tu, f, off, op, &k);
	if (!update && ((!v[0] && !v[1] && !call) || (v[0] && v[1])))
		return false;
	fname = cx_string(clang_getFileName(f));
	real = realpath(fname, NULL);
	free(fname);
	user_place(s, f, loc, &line, &col);
	for (i = 0; real && i < s->edg->n; i++)
		if (s->edg->fix[i].kind == EDG_CLOSE && !*s->edg->fix[i].name && s->edg->fix[i].line == line &&
		    s->edg->fix[i].col == col && !strcmp(s->edg->fix[i].path, real)) {
			free(real);	/* fixed already and still reported: the error stands */
			real = NULL;
		}
	if (!real || !(shown = diag_place(d, &df, &line, &col, &fname))) {
		free(real);
		return false;
	}
	free(fname);
	if (update) {
		if (!void_update(s, tu, f, real, op, t, off, &call)) {
			free(shown);
			free(real);
			return false;
		}
	} else if (call) {
		call_fix(s, tu, f, real, k.k, t, off);
	} else {
		shown_cv = v[0] ? cv[0] : cv[1];
		user_place(s, f, clang_getRangeStart(clang_getCursorExtent(op)), &ol, &oc);
		user_place(s, f, clang_getRangeEnd(clang_getCursorExtent(op)), &el, &ec);
		for (i = 0; i < 2; i++)
			user_place(s, f, clang_getRangeStart(clang_getCursorExtent(k.k[i])), &kl[i], &kc[i]);
		/* the openings at one place in one string, outermost first */
		if (!(v[0] && kl[0] == ol && kc[0] == oc)) {
			snprintf(text, sizeof(text), "((%svoid *)(", shown_cv);
			insert_fix(s, real, ol, oc, text, EDG_OPEN);
		}
		for (i = 0; i < 2; i++) {
			unsigned cl, cc;

			if (!v[i])
				continue;
			if (kl[i] == ol && kc[i] == oc)
				snprintf(text, sizeof(text), "((%svoid *)(((%schar *)(", shown_cv, cv[i]);
			else
				snprintf(text, sizeof(text), "((%schar *)(", cv[i]);
			insert_fix(s, real, kl[i], kc[i], text, EDG_OPEN);
			user_place(s, f, clang_getRangeEnd(clang_getCursorExtent(k.k[i])), &cl, &cc);
			insert_fix(s, real, cl, cc, "))", EDG_CLOSE);
		}
		insert_fix(s, real, el, ec, "))", EDG_CLOSE);
	}
	user_place(s, f, loc, &ol, &oc);
	insert_fix(s, real, ol, oc, "", EDG_CLOSE);	/* the mark: this operator is fixed */
	if (clang_File_isEqual(df, s->file)) {
		free(shown);
		shown = cx_strdup(s->path);
		warp_map_sloc(s, loc, &line, &col);
	}
	fprintf(stderr,
		"%s:%u:%u: warning: arithmetic on a pointer to void; nvcc accepts it (#1143-D) and counts bytes, "
		"clang does not: %s\n",
		shown, line, col,
		call ? "a helper counts bytes where the operand is a 'void *' (idxgen_cc_edg.h)"
		: update ? "the variable is updated through its 'char *' cast"
			 : "the pointer is cast to 'char *' for it and the result back to 'void *'");
	free(shown);
	free(real);
	return true;
}

/* Is `main` followed by `(` at offset off of t (len bytes), a name of its own? */
static bool main_at(const char *t, size_t len, unsigned off)
{
	if (off + 4 > len || strncmp(t + off, "main", 4) || (off && text_ident_char(t[off - 1])) ||
	    (off + 4 < len && text_ident_char(t[off + 4])))
		return false;
	return skip_space(t, len, off + 4) < len && t[skip_space(t, len, off + 4)] == '(';
}

/* `main(...)` without a type: `int ` inserted before it (nvcc's #938-D), a warning at the user's place. */
static bool main_type_fix(struct source *s, CXTranslationUnit tu, CXDiagnostic d)
{
	CXSourceLocation loc = clang_getDiagnosticLocation(d);
	unsigned line, col, off, dline, dcol;
	char *fname, *real, *shown;
	const char *t;
	size_t len = 0;
	CXFile f, df;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	if (!f || !editable(s, f, loc) || !(t = clang_getFileContents(tu, f, &len)) || !main_at(t, len, off))
		return false;
	fname = cx_string(clang_getFileName(f));
	real = realpath(fname, NULL);
	free(fname);
	user_place(s, f, loc, &line, &col);
	for (unsigned i = 0; real && i < s->edg->n; i++)
		if (s->edg->fix[i].kind == EDG_REPLACE && s->edg->fix[i].line == line && s->edg->fix[i].col == col &&
		    !strcmp(s->edg->fix[i].path, real)) {
			free(real);	/* fixed already and still reported: the error stands */
			real = NULL;
		}
	if (!real || !(shown = diag_place(d, &df, &dline, &dcol, &fname))) {
		free(real);
		return false;
	}
	free(fname);
	if (clang_File_isEqual(df, s->file)) {
		free(shown);
		shown = cx_strdup(s->path);
		warp_map_sloc(s, loc, &dline, &dcol);
	}
	fprintf(stderr,
		"%s:%u:%u: warning: return type 'int' omitted in the declaration of 'main'; nvcc takes int "
		"(#938-D), clang does not: 'int' inserted\n",
		shown, dline, dcol);
	replace_fix(s, real, line, col, "main", "int main");
	free(shown);
	free(real);
	return true;
}

bool edg_scan(struct source *s, CXTranslationUnit tu)
{
	unsigned nd = clang_getNumDiagnostics(tu), i;
	bool fixed = false;

	for (i = 0; s->edg && i < nd; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		char *m = cx_string(clang_getDiagnosticSpelling(d));
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(d);

		if (sev >= CXDiagnostic_Error &&
		    !strncmp(m, missing_template, sizeof(missing_template) - 1))
			fixed |=
			    template_fix(s, tu, d, quoted_name(m + sizeof(missing_template) - 2));
		else if (sev >= CXDiagnostic_Error &&
			 !strncmp(m, overloaded_address, sizeof(overloaded_address) - 1))
			fixed |=
			    template_fix(s, tu, d, quoted_name(m + sizeof(overloaded_address) - 2));
		else if (sev >= CXDiagnostic_Error &&
			 (!strncmp(m, unresolved, sizeof(unresolved) - 1) ||
			  !strncmp(m, member_call, sizeof(member_call) - 1)))
			fixed |= template_fix(s, tu, d, name_from_text(tu, d));
		else if (sev == CXDiagnostic_Warning && strstr(m, narrowing))
			narrowing_warning(s, d, m);
		else if (sev >= CXDiagnostic_Error && !strncmp(m, case_jump, sizeof(case_jump) - 1))
			fixed |= case_fixes(s, tu, d);
		else if (sev >= CXDiagnostic_Error &&
			 !strcmp(m, void_arith))
			fixed |= void_fix(s, tu, d);
		else if (sev >= CXDiagnostic_Error && !strcmp(m, no_type))
			fixed |= main_type_fix(s, tu, d);
		free(m);
		clang_disposeDiagnostic(d);
	}
	if (fixed)
		s->edg->again = true;
	return fixed;
}

static unsigned scan_from(struct wlower *w, const struct edg_fix *x, size_t i);

/*
 * The fix in w->s's text: from its place to the statement's end (the first
 * ';' or '{' outside comments and literals), each `:: NAME <` without
 * `template` gets it.
 */
static void apply_one(struct wlower *w, const struct edg_fix *x)
{
	const struct source *h = w->s;
	const char *t = h->text;
	size_t i = 0, len = h->len, k, start;
	unsigned line = 1, n0 = w->ne;

	while (i < len && line < x->line)
		line += t[i++] == '\n';
	start = i;
	/* from the column (a pass may have moved it: then from the line's start) */
	for (k = 1; k < x->col && i < len && t[i] != '\n'; k++)
		i++;
	for (k = 0; k < 4 && i > start && strchr(" \t.:->", t[i - 1]); k++)
		i--;
	for (;;) {
		if (scan_from(w, x, i) > n0 || i == start)
			return;
		i = start;
	}
}

/* apply_one() from offset i: how many edits w has then. */
static unsigned scan_from(struct wlower *w, const struct edg_fix *x, size_t i)
{
	size_t a;

	while ((a = next_use(w->s->text, w->s->len, i, x->name)) < w->s->len) {
		unsigned k;

		for (k = 0; k < w->ne && w->e[k].a != a; k++)
			;
		if (k == w->ne) /* (two fixes may reach the same name) */
			wl_edit(w, (unsigned)a, (unsigned)a, cx_strdup("template "));
		i = a + strlen(x->name);
	}
	return w->ne;
}

/* `T name = e;` at the fix's place as `T name; name = e;`: the '=' after the name becomes "; name =". */
static void apply_split(struct wlower *w, const struct edg_fix *x)
{
	const char *t = w->s->text;
	size_t i = 0, len = w->s->len, l = strlen(x->name);
	unsigned line = 1;
	char *text;

	while (i < len && line < x->line)
		line += t[i++] == '\n';
	for (unsigned k = 1; k < x->col && i < len && t[i] != '\n'; k++)
		i++;
	if (i + l > len || strncmp(t + i, x->name, l))
		return;	/* not where it was: clang's error stands */
	for (i += l; i < len && (t[i] == ' ' || t[i] == '\t'); i++)
		;
	if (i + 1 >= len || t[i] != '=' || t[i + 1] == '=' || asprintf(&text, "; %s =", x->name) < 0)
		return;
	wl_edit(w, (unsigned)i, (unsigned)i + 1, text);
}

/* The fix's name (the text there) replaced by its text; nothing when the name is not there. */
static void apply_replace(struct wlower *w, const struct edg_fix *x)
{
	const char *t = w->s->text;
	size_t i = 0, len = w->s->len, l = strlen(x->name);
	unsigned line = 1, k;

	while (i < len && line < x->line)
		line += t[i++] == '\n';
	for (k = 1; k < x->col && i < len && t[i] != '\n'; k++)
		i++;
	if (k == x->col && i + l <= len && !strncmp(t + i, x->name, l))
		wl_edit(w, (unsigned)i, (unsigned)(i + l), cx_strdup(x->text));
}

/* The fix's text at its place exactly (after what an earlier fix inserted there). */
static void apply_insert(struct wlower *w, const struct edg_fix *x)
{
	const char *t = w->s->text;
	size_t i = 0, len = w->s->len;
	unsigned line = 1, k;

	while (i < len && line < x->line)
		line += t[i++] == '\n';
	for (k = 1; k < x->col && i < len && t[i] != '\n'; k++)
		i++;
	if (k == x->col && *x->name)
		wl_edit(w, (unsigned)i, (unsigned)i, cx_strdup(x->name));
}

void edg_apply(const struct edg_fixes *e, struct source *h)
{
	struct wlower w = {.s = h};
	char *real;

	if (!e || !e->n || !(real = realpath(h->path, NULL)))
		return;
	for (unsigned i = e->n; i-- > 0;)	/* openings: a later fix's enclose an earlier one's */
		if (!strcmp(e->fix[i].path, real) && e->fix[i].kind == EDG_OPEN)
			apply_insert(&w, &e->fix[i]);
	for (unsigned i = 0; i < e->n; i++) {
		const struct edg_fix *x = &e->fix[i];

		if (strcmp(x->path, real))
			continue;
		if (x->kind == EDG_TEMPLATE)
			apply_one(&w, x);
		else if (x->kind == EDG_SPLIT_INIT)
			apply_split(&w, x);
		else if (x->kind == EDG_CLOSE)
			apply_insert(&w, x);
		else if (x->kind == EDG_REPLACE)
			apply_replace(&w, x);
	}
	free(real);
	if (w.ne)
		wl_apply(&w);
	for (unsigned i = 0; i < w.ne; i++)
		free(w.e[i].text);
	free(w.e);
}

bool edg_may_edit(const struct source *s, CXTranslationUnit tu, CXFile f)
{
	return s->edg && f && editable(s, f, clang_getLocation(tu, f, 1, 1));
}

bool edg_replace(struct source *s, CXFile f, unsigned line, unsigned col, const char *old, const char *text)
{
	char *name = cx_string(clang_getFileName(f)), *real = realpath(name, NULL);
	bool added = false;
	unsigned i;

	for (i = 0; real && i < s->edg->n; i++) {
		const struct edg_fix *x = &s->edg->fix[i];

		if (x->kind == EDG_REPLACE && x->line == line && x->col == col && !strcmp(x->path, real) &&
		    !strcmp(x->name, old))
			break;
	}
	if (real && i == s->edg->n) {
		replace_fix(s, real, line, col, old, text);
		added = true;
	}
	free(real);
	free(name);
	return added;
}

bool edg_has(const struct edg_fixes *e, const char *real)
{
	for (unsigned i = 0; e && i < e->n; i++)
		if (!strcmp(e->fix[i].path, real))
			return true;
	return false;
}

void edg_free(struct edg_fixes *e)
{
	for (unsigned i = 0; i < e->n; i++) {
		free(e->fix[i].path);
		free(e->fix[i].name);
		free(e->fix[i].text);
	}
	for (unsigned i = 0; i < e->nwarned; i++)
		free(e->warned[i]);
	free(e->fix);
	free(e->warned);
	memset(e, 0, sizeof(*e));
}
