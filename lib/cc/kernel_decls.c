// SPDX-License-Identifier: MIT
/*
 * A __global__ function declared before it is defined, as older code does.
 * The translator's parse makes every function __host__ __device__ (#pragma
 * clang force_cuda_host_device, cuda_whole.h), and clang then rejects a
 * kernel's redeclaration ("'device' and 'global' attributes are not
 * compatible": the first declaration got the implicit __device__); the
 * same for an explicit specialisation of a kernel template (`template <>
 * __global__ void k<float>(...)`, HeCBench fma).  So, when a file has such
 * a declaration, every kernel declaration and
 * definition of it is taken out of the pragma: __idxgen_hd_off before its
 * __global__, __idxgen_hd_on after its ';' or body (the pragma's end and
 * begin in the parse, nothing in the C++ written: idxgen_cc_program.h).
 * Text edits with the column map of warp_edit.c, before the parse.
 */
#define _GNU_SOURCE
#include "warp.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Past a comment, literal (text_skip) or preprocessor line at i, else i itself. */
static size_t skip(const char *t, size_t len, size_t i)
{
	size_t j = i;

	if (t[i] != '#')
		return text_skip(t, len, i);
	while (j > 0 && (t[j - 1] == ' ' || t[j - 1] == '\t'))
		j--;
	if (j == 0 || t[j - 1] == '\n')	/* a directive: to its logical line's end */
		for (; i < len && !(t[i] == '\n' && t[i - 1] != '\\'); i++)
			;
	return i;
}

/* The end of the declaration whose __global__ is at g: past its ';' or body; *fwd if a ';'. */
static size_t decl_end(const char *t, size_t len, size_t g, bool *fwd)
{
	int paren = 0, brace = 0;
	size_t i = g, k;

	while (i < len) {
		if ((k = skip(t, len, i)) != i) {
			i = k;
			continue;
		}
		if (t[i] == '(')
			paren++;
		else if (t[i] == ')')
			paren--;
		else if (t[i] == ';' && paren == 0 && brace == 0) {
			*fwd = true;
			return i + 1;
		} else if (t[i] == '{' && paren == 0) {
			brace++;
		} else if (t[i] == '}' && paren == 0 && --brace == 0) {
			*fwd = false;
			return i + 1;
		}
		i++;
	}
	return 0;
}

/* Is the identifier w (length l) at t[i], alone? */
static bool word_at(const char *t, size_t len, size_t i, const char *w, size_t l)
{
	return i + l <= len && !strncmp(t + i, w, l) && (i == 0 || !text_ident_char(t[i - 1])) &&
	       (i + l == len || !text_ident_char(t[i + l]));
}

/* The length of the identifier at t[i]. */
static size_t word_len(const char *t, size_t len, size_t i)
{
	size_t w = i;

	while (w < len && text_ident_char(t[w]))
		w++;
	return w - i;
}

/* Which of m's macros for __global__ is w (length l)?  -1: none. */
static int macro_index(const struct source *m, const char *w, size_t l)
{
	for (unsigned i = 0; i < m->nkmacro; i++)
		if (strlen(m->kmacro[i]) == l && !strncmp(m->kmacro[i], w, l))
			return (int)i;
	return -1;
}

static bool have_macro(const struct source *m, const char *w, size_t l)
{
	return macro_index(m, w, l) >= 0;
}

/*
 * The end of a use at g of a macro whose body is a whole kernel declaration
 * (`CUDA_PACK_KERNEL_FUNC_DEF(device_pack_left_buffer)`, its ';' in the
 * #define): past the name, and past its argument list if one follows.
 */
static size_t decl_macro_end(const char *t, size_t len, size_t g)
{
	size_t i = g, k;
	int paren = 0;

	while (i < len && text_ident_char(t[i]))
		i++;
	for (k = i; k < len && (t[k] == ' ' || t[k] == '\t' || t[k] == '\n' || t[k] == '\r'); k++)
		;
	if (k >= len || t[k] != '(')
		return i;
	for (i = k; i < len; i++) {
		size_t j = skip(t, len, i);

		if (j != i) {
			i = j - 1;
			continue;
		}
		if (t[i] == '(')
			paren++;
		else if (t[i] == ')' && --paren == 0)
			return i + 1;
	}
	return 0;
}

/*
 * Does the #define body [b, e) hold __global__ and no ';' or braces (a
 * kernel's head, not a whole declaration: decl_end() must find the use's
 * own ';' or body)?
 */
static bool kernel_head(const char *t, size_t b, size_t e)
{
	bool global = false;

	for (size_t j = b; j < e; j++) {
		if (t[j] == ';' || t[j] == '{' || t[j] == '}')
			return false;
		global |= word_at(t, e, j, "__global__", 10);
	}
	return global;
}

/*
 * Is the #define body [b, e) whole declarations, no braces, its last token
 * the last declaration's ';' (`#define DEF(name) __global__ void name(int n,
 * double *a);`, TeaLeaf_CUDA's cuda_common.hpp; `#define PAIR(f) __global__
 * void pack_##f(...); __global__ void unpack_##f(...);`)?  KDECL_KERNELS
 * when each of them holds __global__: its uses are kernel declarations
 * without a ';' of their own, taken out of the pragma whole.  KDECL_MIXED
 * when one does not (a helper's declaration beside a kernel's): taken out
 * with the kernels it would lose the __host__ __device__ its definition
 * gets, so such a use is refused (diag_mixed_use()).  KDECL_HEAD: neither.
 */
static int kernel_decl_macro(const char *t, size_t b, size_t e)
{
	bool global = false, every = true, any = false;
	size_t last = e;

	for (size_t j = b; j < e; j++) {
		if (t[j] == '{' || t[j] == '}')
			return KDECL_HEAD;
		if (t[j] == ';') {
			bool blank = true;	/* `;;`: an empty declaration, no kernel's */

			for (size_t k = last == e ? b : last + 1; k < j && blank; k++)
				blank = t[k] == ' ' || t[k] == '\t' || t[k] == '\\' || t[k] == '\n' || t[k] == '\r';
			every &= global || blank;
			any |= global;
			global = false;
			last = j;
		}
		global |= word_at(t, e, j, "__global__", 10);
	}
	if (last == e || !any || global)
		return KDECL_HEAD;	/* no ';', no kernel, or a kernel's head after the last ';' */
	for (size_t j = last + 1; j < e; j++)
		if (!(t[j] == ' ' || t[j] == '\t' || t[j] == '\\' || t[j] == '\n' || t[j] == '\r'))
			return KDECL_HEAD;
	return every ? KDECL_KERNELS : KDECL_MIXED;
}

/*
 * The names of the macros for a kernel's head (`#define KERNEL __global__`,
 * `#define KERNEL(name) __global__ void name`: __global__ and no ';' or
 * braces) of the text, into m->kmacro (the main file's source: the macros
 * of the main file and of the headers scan_includes() reads).
 */
static void global_macros(struct source *m, const char *t, size_t len)
{
	size_t i = 0, e, a, b;

	while (i < len && m->nkmacro < KMACRO_MAX) {
		for (e = i; e < len && !(t[e] == '\n' && (e == 0 || t[e - 1] != '\\')); e++)
			;
		for (a = i; a < e && (t[a] == ' ' || t[a] == '\t'); a++)
			;
		if (a < e && t[a] == '#') {
			for (a++; a < e && (t[a] == ' ' || t[a] == '\t'); a++)
				;
			if (word_at(t, e, a, "define", 6)) {
				for (a += 6; a < e && (t[a] == ' ' || t[a] == '\t'); a++)
					;
				for (b = a; b < e && text_ident_char(t[b]); b++)
					;
				int decl = b > a ? kernel_decl_macro(t, b, e) : KDECL_HEAD;

				if (b > a && (kernel_head(t, b, e) || decl != KDECL_HEAD) &&
				    !have_macro(m, t + a, b - a)) {
					m->kmacro_decl[m->nkmacro] = (unsigned char)decl;
					m->kmacro[m->nkmacro++] = strndup(t + a, b - a);
				}
			}
		}
		i = e + 1;
	}
}

/*
 * The offsets of the file's __global__ tokens outside comments, literals and
 * directives, and of its macros for __global__ (a kernel declared before its
 * definition through `#define KERNEL __global__`).
 */
static unsigned find_globals(const struct source *s, const struct source *m, unsigned *at, unsigned max)
{
	const char *t = s->text;
	size_t i = 0, k, w;
	unsigned n = 0;

	while (i < s->len && n < max) {
		if ((k = skip(t, s->len, i)) != i) {
			i = k;
			continue;
		}
		for (w = i; w < s->len && text_ident_char(t[w]); w++)
			;
		if (w > i && (i == 0 || !text_ident_char(t[i - 1])) &&
		    ((w - i == 10 && !strncmp(t + i, "__global__", 10)) || (m && have_macro(m, t + i, w - i))))
			at[n++] = (unsigned)i;
		i = w > i ? w : i + 1;
	}
	return n;
}

/* Is the __global__ at g the head of an explicit specialisation (`template <> __global__ ...`)? */
static bool explicit_specialisation(const char *t, size_t g)
{
	static const char *const want[] = { ">", "<", "template" };
	size_t i = g;

	for (int k = 0; k < 3; k++) {
		size_t n = strlen(want[k]);

		while (i > 0 && (t[i - 1] == ' ' || t[i - 1] == '\t' || t[i - 1] == '\n' || t[i - 1] == '\r'))
			i--;
		if (i < n || strncmp(t + i - n, want[k], n))
			return false;
		i -= n;
	}
	return i == 0 || !text_ident_char(t[i - 1]);
}

/*
 * Wrap each kernel declaration and definition of s that can be delimited,
 * when s has a forward declaration (or an explicit specialisation) or wrap
 * says so (never when dry); how many of those s has.
 */
static unsigned wrap_kernels(struct source *s, const struct source *m, bool wrap, bool dry)
{
	enum { MAX = 4096 };
	unsigned *at = cx_alloc(MAX * sizeof(*at)), n = find_globals(s, m, at, MAX), i, nfwd = 0;
	size_t *end = cx_alloc((n + 1) * sizeof(*end));
	struct wlower w = { 0 };

	for (i = 0; i < n; i++) {
		int mi = m ? macro_index(m, s->text + at[i], word_len(s->text, s->len, at[i])) : -1;
		bool fwd = mi >= 0 && m->kmacro_decl[mi] != KDECL_HEAD;

		end[i] = !fwd ? decl_end(s->text, s->len, at[i], &fwd)
			 : m->kmacro_decl[mi] == KDECL_KERNELS ? decl_macro_end(s->text, s->len, at[i])
			 : 0;	/* not a kernel's declaration alone: refused (refuse_mixed_uses()) */
		fwd |= mi >= 0 && m->kmacro_decl[mi] == KDECL_MIXED;
		/* an explicit specialisation redeclares its template as a forward declaration does */
		nfwd += end[i] && (fwd || explicit_specialisation(s->text, at[i]));
	}
	if (!dry && (nfwd || (wrap && n))) {
		w.s = s;
		for (i = 0; i < n; i++) {
			if (!end[i] || (i + 1 < n && end[i] > at[i + 1]))
				continue;	/* not one declaration we can delimit: left in the pragma */
			wl_edit(&w, at[i], at[i], cx_strdup("__idxgen_hd_off "));
			wl_edit(&w, (unsigned)end[i], (unsigned)end[i], cx_strdup(" __idxgen_hd_on"));
		}
		wl_apply(&w);
		for (i = 0; i < w.ne; i++)
			free(w.e[i].text);
		free(w.e);
	}
	free(end);
	free(at);
	return nfwd;
}

/*
 * Refuse each use in t of a macro whose declarations are not all kernels'
 * (KDECL_MIXED), into sink's errors: its line (warp_map_line(): where the
 * user wrote it), its column in t's text.
 */
static void refuse_mixed_uses(struct source *sink, const struct source *t, const struct source *m)
{
	enum { MAX = 4096 };
	unsigned *at = cx_alloc(MAX * sizeof(*at)), n = find_globals(t, m, at, MAX);

	for (unsigned i = 0; i < n; i++) {
		size_t l = word_len(t->text, t->len, at[i]), c = at[i];
		int mi = macro_index(m, t->text + at[i], l);

		if (mi < 0 || m->kmacro_decl[mi] != KDECL_MIXED)
			continue;
		while (c > 0 && t->text[c - 1] != '\n')
			c--;
		fprintf(stderr,
			"%s:%u:%u: error: macro '%.*s' declares a kernel beside a declaration that is not a kernel's: "
			"the translator's parse makes every function __host__ __device__ and takes only a kernel's "
			"declaration out of that; declare the kernels in a macro of their own\n",
			t->path, warp_map_line(t, at[i]), at[i] - (unsigned)c + 1, (int)l, t->text + at[i]);
		sink->nerrors++;
	}
	free(at);
}

char *include_resolve(const char *from, const char *name, char *const *args, int nargs)
{
	const char *slash = strrchr(from, '/');
	char *p = NULL, *r;
	int i;

	if (asprintf(&p, "%.*s%s", slash ? (int)(slash - from + 1) : 0, from, name) >= 0 && (r = realpath(p, NULL))) {
		free(p);
		return r;
	}
	free(p);
	for (i = 0; i < nargs; i++) {
		const char *d = (!strcmp(args[i], "-I") || !strcmp(args[i], "-iquote")) && i + 1 < nargs ? args[i + 1]
				: !strncmp(args[i], "-iquote", 7) ? args[i] + 7
				: !strncmp(args[i], "-I", 2) ? args[i] + 2 : NULL;

		if (!d || asprintf(&p, "%s/%s", d, name) < 0)
			continue;
		r = realpath(p, NULL);
		free(p);
		if (r)
			return r;
	}
	return NULL;
}

static bool have_header(const struct source *s, const char *path)
{
	for (unsigned i = 0; i < s->nkhdr; i++)
		if (!strcmp(s->khdr[i].path, path))
			return true;
	return false;
}

/*
 * The files that `#include "..."` reaches from text (from its path), each
 * read once into s->khdr (depth first, at most 64), *nfwd += its forward
 * declarations of kernels.
 */
static void scan_includes(struct source *s, const char *from, const char *text, size_t len, char *const *args,
			  int nargs, unsigned *nfwd, unsigned depth)
{
	size_t i = 0;

	while (i < len && depth < 16) {
		const char *l = text + i, *e = memchr(l, '\n', len - i), *q, *q2;
		size_t ll = e ? (size_t)(e - l) : len - i;
		char *name, *path;
		struct source h;

		i += ll + 1;
		while (ll && (*l == ' ' || *l == '\t'))
			l++, ll--;
		if (ll < 10 || *l != '#' || !(q = memchr(l, '"', ll)) || !(q2 = memchr(q + 1, '"', ll - (size_t)(q - l) - 1)))
			continue;
		if (!memmem(l, (size_t)(q - l), "include", 7))
			continue;
		name = strndup(q + 1, (size_t)(q2 - q - 1));
		path = include_resolve(from, name, args, nargs);
		free(name);
		if (!path || have_header(s, path) || s->nkhdr >= 64 || !source_read(&h, path)) {
			free(path);
			continue;
		}
		s->khdr = cx_realloc(s->khdr, (s->nkhdr + 1) * sizeof(*s->khdr));
		s->khdr[s->nkhdr].path = path;
		s->khdr[s->nkhdr].text = NULL;
		s->khdr[s->nkhdr++].len = 0;
		global_macros(s, h.text, h.len);
		*nfwd += wrap_kernels(&h, s, false, true);
		scan_includes(s, path, h.text, h.len, args, nargs, nfwd, depth + 1);
		source_free(&h);
	}
}

/* The headers with edg_compat.c's fixes that scan_includes() did not reach (<...>, -I): in s->khdr too. */
static void edg_headers(struct source *s)
{
	char *main_path = s->edg && s->edg->n ? realpath(s->path, NULL) : NULL;

	for (unsigned i = 0; s->edg && i < s->edg->n; i++) {
		const char *p = s->edg->fix[i].path;

		if (have_header(s, p) || s->nkhdr >= 64 || (main_path && !strcmp(p, main_path)))
			continue;
		s->khdr = cx_realloc(s->khdr, (s->nkhdr + 1) * sizeof(*s->khdr));
		s->khdr[s->nkhdr].path = cx_strdup(p);
		s->khdr[s->nkhdr].text = NULL;
		s->khdr[s->nkhdr++].len = 0;
	}
	free(main_path);
}

/*
 * A kernel declared in the program's own header and defined in a .cu
 * (cuda-samples' commonKernels.hpp idiom) is the same redeclaration across
 * files: then every kernel of the headers the main file reaches and of the
 * main file itself is taken out of the pragma, the headers through texts
 * the parse reads instead of the files (s->khdr, frontend.c).
 */
static void header_kernels(struct source *s, char *const *args, int nargs)
{
	unsigned nfwd = 0, i, j;

	s->khdr_done = true;
	global_macros(s, s->text, s->len);
	scan_includes(s, s->path, s->text, s->len, args, nargs, &nfwd, 0);
	if (s->nkhdr)
		nfwd += wrap_kernels(s, s, false, true);
	edg_headers(s);
	for (i = j = 0; i < s->nkhdr; i++) {
		struct source h;

		if ((nfwd || edg_has(s->edg, s->khdr[i].path)) && source_read(&h, s->khdr[i].path)) {
			edg_apply(s->edg, &h);
			refuse_mixed_uses(s, &h, s);
			if (nfwd)
				wrap_kernels(&h, s, true, false);
			if (h.wmap) {	/* it has kernels or edg_compat.c's fixes: the parse reads the edited text */
				s->khdr[i].text = h.text;
				s->khdr[i].len = h.len;
				h.text = NULL;
			}
			source_free(&h);
		}
		if (s->khdr[i].text)
			s->khdr[j++] = s->khdr[i];
		else
			free(s->khdr[i].path);
	}
	s->nkhdr = j;
	s->kdecl_all = nfwd > 0;
}

void kernel_decls(struct source *s, char *const *args, int nargs)
{
	if (s->cxx && !s->khdr_done) {
		header_kernels(s, args, nargs);
		refuse_mixed_uses(s, s, s);
	}
	wrap_kernels(s, s, s->kdecl_all, false);
}

void kernel_decls_header(struct source *h, const struct source *main)
{
	char *r = realpath(h->path, NULL);

	if (r && main->kdecl_all && have_header(main, r))	/* (s->khdr also holds headers edg_compat.c fixed) */
		wrap_kernels(h, main, true, false);
	free(r);
}

void kernel_decls_free(struct source *s)
{
	for (unsigned i = 0; i < s->nkhdr; i++) {
		free(s->khdr[i].path);
		free(s->khdr[i].text);
	}
	free(s->khdr);
	s->khdr = NULL;
	s->nkhdr = 0;
	for (unsigned i = 0; i < s->nkmacro; i++)
		free(s->kmacro[i]);
	s->nkmacro = 0;
	s->khdr_done = false;
}
