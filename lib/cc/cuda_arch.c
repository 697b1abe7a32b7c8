// SPDX-License-Identifier: MIT
/*
 * cuda_arch.c - __CUDA_ARCH__ as nvcc's two passes see it.  nvcc compiles a
 * .cu file twice: the device pass with __CUDA_ARCH__ defined (its -arch,
 * e.g. 800 for sm_80) keeps the kernels and __device__ functions, the host
 * pass without it keeps the host code.  idxgen-cc parses and compiles the
 * file once, so before the parse every #if group of the main file whose
 * condition names __CUDA_ARCH__ is resolved in place, as the pass that
 * compiles the code around it would see it:
 *
 *  - inside a kernel or a __device__ (not __host__) function: the device
 *    pass;
 *  - inside any other function: the host pass (a __host__ __device__
 *    function keeps its host code for every caller: one copy only);
 *  - outside functions: what one pass has and the other has not is kept
 *    (the device pass's when the host pass has nothing there, as for
 *    `#if __CUDA_ARCH__ >= 700` around a device function); where both have
 *    different text, the host pass's (but the device pass's where the host
 *    pass's is device code alone: stubs, host_stubs_only), and the device
 *    pass's #defines as twins that device code names (below, "Device twins").
 *
 * The C path (--translate) has device code only: the device pass's view
 * everywhere.
 *
 * Clang evaluates the conditions: the file is parsed once per pass (only
 * when its text names __CUDA_ARCH__) and the preprocessor's skipped ranges
 * say which branch each pass took.  The branches not taken and the group's
 * directives become blanks (newlines kept), so offsets, lines and columns
 * stay the user's.
 */
#define _GNU_SOURCE
#include "warp.h"
#include "paths.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum pass { PASS_HOST, PASS_DEVICE };

/* A directive of a conditional group: [start, end) is its logical line (end at its '\n'). */
struct cond_dir {
	size_t start, end;
	int group;
	bool opens;	/* #if, #ifdef, #ifndef */
	bool closes;	/* #endif */
	bool arch;	/* its condition names __CUDA_ARCH__ */
};

struct cond_dirs {
	struct cond_dir *d;
	unsigned n, cap;
};

/* Where the preprocessor skipped text, per pass (offsets in the main file). */
struct skipped {
	unsigned *start, *end;
	unsigned n;
};

struct arch_ctx {
	struct source *s;
	struct cond_dirs dirs;
	struct skipped skip[2];
	CXTranslationUnit tu;	/* the device pass's parse: where functions are */
	CXFile file;		/* s's file in tu; NULL: the main file */
	CXTranslationUnit host;	/* the host pass's parse (bodies skipped; NULL: none) */
};

static bool blank_char(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}

/* The end of the logical line at i (its '\n', or len). */
static size_t line_end(const char *t, size_t len, size_t i)
{
	while (i < len && !(t[i] == '\n' && (i == 0 || t[i - 1] != '\\')))
		i++;
	return i;
}

static bool names_arch(const char *t, size_t a, size_t b)
{
	const char *m = memmem(t + a, b - a, "__CUDA_ARCH__", 13);

	return m != NULL;
}

/* The directive at '#' h (line starting at ls) into dirs, with the group stack. */
static void add_directive(struct cond_dirs *dirs, const char *t, size_t len, size_t ls, size_t h, int *stack,
			  int *depth, int *ngroups)
{
	size_t i = h + 1, e = line_end(t, len, h), w;
	struct cond_dir d = { ls, e, -1, false, false, false };

	while (i < e && (t[i] == ' ' || t[i] == '\t'))
		i++;
	for (w = i; w < e && ((t[w] >= 'a' && t[w] <= 'z')); w++)
		;
	if ((w - i == 2 && !strncmp(t + i, "if", 2)) || (w - i == 5 && !strncmp(t + i, "ifdef", 5)) ||
	    (w - i == 6 && !strncmp(t + i, "ifndef", 6))) {
		d.opens = true;
		if (*depth < 256)
			stack[*depth] = (*ngroups)++;
		(*depth)++;
	} else if (!((w - i == 4 && (!strncmp(t + i, "elif", 4) || !strncmp(t + i, "else", 4))) ||
		     (w - i == 5 && !strncmp(t + i, "endif", 5)) || (w - i == 7 && !strncmp(t + i, "elifdef", 7)) ||
		     (w - i == 8 && !strncmp(t + i, "elifndef", 8)))) {
		return;	/* not a conditional */
	}
	if (*depth <= 0 || *depth > 256)
		return;	/* unbalanced or too deep: clang says so; left alone */
	d.group = stack[*depth - 1];
	d.closes = w - i == 5 && !strncmp(t + i, "endif", 5);
	d.arch = !d.closes && names_arch(t, w, e);
	if (dirs->n == dirs->cap) {
		dirs->cap = dirs->cap ? 2 * dirs->cap : 32;
		dirs->d = cx_realloc(dirs->d, dirs->cap * sizeof(*dirs->d));
	}
	dirs->d[dirs->n++] = d;
	if (d.closes)
		(*depth)--;
}

/* Every conditional directive of the text, in order, with its group. */
static void find_directives(struct cond_dirs *dirs, const char *t, size_t len)
{
	int stack[256], depth = 0, ngroups = 0;
	bool line_start = true;
	size_t i = 0, ls = 0, k;

	while (i < len) {
		if (t[i] == '\n') {
			line_start = true;
			ls = ++i;
			continue;
		}
		if (line_start && t[i] == '#') {
			add_directive(dirs, t, len, ls, i, stack, &depth, &ngroups);
			i = line_end(t, len, i);
			continue;
		}
		if (!blank_char(t[i]))
			line_start = false;
		if ((k = text_skip(t, len, i)) != i)
			i = k;
		else
			i++;
	}
}

static void skipped_of(struct skipped *sk, CXTranslationUnit tu, CXFile f)
{
	CXSourceRangeList *l = clang_getSkippedRanges(tu, f);
	unsigned i;

	sk->n = 0;
	if (!l)
		return;
	sk->start = cx_alloc((l->count + 1) * sizeof(unsigned));
	sk->end = cx_alloc((l->count + 1) * sizeof(unsigned));
	for (i = 0; i < l->count; i++) {
		sk->start[i] = off_of(clang_getRangeStart(l->ranges[i]));
		sk->end[i] = off_of(clang_getRangeEnd(l->ranges[i]));
	}
	sk->n = l->count;
	clang_disposeSourceRangeList(l);
}

/*
 * Did the pass skip the branch whose text starts at p (the line after its
 * directive)?  Its own skip starts at a directive before p (its own, or an
 * enclosing group's); one starting at p is a group nested in it.
 */
static bool skipped_at(const struct skipped *sk, size_t p)
{
	for (unsigned i = 0; i < sk->n; i++)
		if (sk->start[i] < p && p < sk->end[i])
			return true;
	return false;
}

/* Only blanks and comments in [a, b)? */
static bool empty_text(const char *t, size_t a, size_t b)
{
	size_t i = a, k;

	while (i < b) {
		if ((k = text_skip(t, b, i)) != i && t[i] == '/') {
			i = k;
			continue;
		}
		if (!blank_char(t[i]))
			return false;
		i++;
	}
	return true;
}

static void blank(char *t, size_t a, size_t b)
{
	for (size_t i = a; i < b; i++)
		if (t[i] != '\n')
			t[i] = ' ';
}

/* The branch after directive j: [its line's end + 1, the next directive of the group). */
static void branch_of(const struct arch_ctx *c, unsigned j, size_t *a, size_t *b)
{
	unsigned k;

	for (k = j + 1; k < c->dirs.n && c->dirs.d[k].group != c->dirs.d[j].group; k++)
		;
	*a = c->dirs.d[j].end < c->s->len ? c->dirs.d[j].end + 1 : c->s->len;
	*b = k < c->dirs.n ? c->dirs.d[k].start : c->s->len;
	if (*b < *a)
		*b = *a;
}

/* Does the pass keep some text of the group that starts at directive j? */
static bool pass_has_text(const struct arch_ctx *c, unsigned j, enum pass p)
{
	size_t a, b;

	for (unsigned k = j; k < c->dirs.n && !c->dirs.d[k].closes; k++) {
		if (c->dirs.d[k].group != c->dirs.d[j].group)
			continue;
		branch_of(c, k, &a, &b);
		if (!skipped_at(&c->skip[p], a) && !empty_text(c->s->text, a, b))
			return true;
	}
	return false;
}

struct fn_find {
	unsigned off;
	CXCursor best;
	unsigned best_len;
	CXFile file;	/* NULL: the main file */
};

/* Is c written in f (NULL: the main file)? */
static bool in_file(CXCursor c, CXFile f)
{
	CXFile cf;

	if (!f)
		return clang_Location_isFromMainFile(clang_getCursorLocation(c)) != 0;
	clang_getExpansionLocation(clang_getCursorLocation(c), &cf, NULL, NULL, NULL);
	return cf && clang_File_isEqual(cf, f);
}

/* The innermost function definition of the main file around f->off. */
static enum CXChildVisitResult find_fn(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fn_find *f = data;
	unsigned a = c_start(c), b = c_end(c);

	(void)parent;
	if (!in_file(c, f->file) || a > f->off || f->off >= b)
		return CXChildVisit_Continue;
	if (function_kind(clang_getCursorKind(c)) && clang_isCursorDefinition(c) && b - a < f->best_len) {
		f->best = c;
		f->best_len = b - a;
	}
	return CXChildVisit_Recurse;
}

/*
 * The innermost function definition around off (null: none) and its
 * qualifiers: CUDA_Q_DEVICE and CUDA_Q_HOST (a kernel is device code).
 */
static CXCursor fn_at(const struct arch_ctx *c, unsigned off, unsigned *q)
{
	struct fn_find f = { off, clang_getNullCursor(), ~0u, c->file };

	*q = 0;
	if (!c->tu)
		return f.best;
	clang_visitChildren(clang_getTranslationUnitCursor(c->tu), find_fn, &f);
	if (!clang_Cursor_isNull(f.best))
		*q = cuda_quals(f.best) & (CUDA_Q_DEVICE | CUDA_Q_HOST);
	return f.best;
}

/* The pass that compiles the code at off: -1 outside any function. */
static int pass_at(const struct arch_ctx *c, unsigned off)
{
	unsigned q;

	if (clang_Cursor_isNull(fn_at(c, off, &q)))
		return -1;
	return q == CUDA_Q_DEVICE ? PASS_DEVICE : PASS_HOST;
}

/* __CUDA_ARCH__ in [a, b) (code, not comments or literals) as the number, blanks after it. */
static void arch_value(char *t, size_t a, size_t b, int arch)
{
	size_t i = a, k;
	char num[16];

	snprintf(num, sizeof(num), "%d", arch);
	while (i < b) {
		if ((k = text_skip(t, b, i)) != i) {
			i = k;
		} else if (i + 13 <= b && !memcmp(t + i, "__CUDA_ARCH__", 13) && (i == 0 || !text_ident_char(t[i - 1])) &&
			   (i + 13 == b || !text_ident_char(t[i + 13]))) {
			memset(t + i, ' ', 13);
			memcpy(t + i, num, strlen(num));
			i += 13;
		} else {
			i++;
		}
	}
}

/*
 * Resolve the group opened at directive j in t (the main file's text or a
 * copy of it, offsets the same) as pass p sees it (arch: the device pass's
 * value).
 */
static void resolve_group(struct arch_ctx *c, char *t, unsigned j, enum pass p, int arch)
{
	size_t a, b;
	unsigned k;

	for (k = j; k < c->dirs.n; k++) {
		if (c->dirs.d[k].group != c->dirs.d[j].group)
			continue;
		blank(t, c->dirs.d[k].start, c->dirs.d[k].end);
		if (c->dirs.d[k].closes)
			break;
		branch_of(c, k, &a, &b);
		if (skipped_at(&c->skip[p], a))
			blank(t, a, b);
		else if (p == PASS_DEVICE)	/* the device pass's code may use the value */
			arch_value(t, a, b, arch);
	}
}

/* What the host pass declares in [a, b) of a group at file scope: device code only? */
struct host_decls {
	size_t a, b;
	bool device, other;
};

static enum CXChildVisitResult host_decls_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct host_decls *h = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	unsigned o = c_start(c);

	(void)parent;
	if (!in_file(c, NULL) || o < h->a || o >= h->b || k == CXCursor_MacroExpansion)
		return CXChildVisit_Continue;
	if ((function_kind(k) && (cuda_quals(c) & (CUDA_Q_DEVICE | CUDA_Q_HOST)) == CUDA_Q_DEVICE) ||
	    (k == CXCursor_VarDecl && (has_annot(c, "device") || has_annot(c, "constant")))) {
		h->device = true;
		return CXChildVisit_Continue;
	}
	h->other = true;
	return CXChildVisit_Break;
}

/*
 * Is the host pass's text of the group at directive j (file scope) device
 * code alone -- kernels, __device__ functions, __device__ and __constant__
 * variables -- while the device pass has text of its own?  Such a branch
 * only gives the host pass declarations (SHOC's BFS: its kernels under
 * `#if __CUDA_ARCH__ >= 120`, empty-bodied stubs of them in `#else`); nvcc
 * runs the device pass's kernels and functions and keeps the device pass's
 * variables, so the device branch is the faithful one.
 */
static bool host_stubs_only(const struct arch_ctx *c, unsigned j)
{
	struct host_decls h = { 0, 0, false, false };
	size_t a, b;

	if (!c->host || !pass_has_text(c, j, PASS_DEVICE))
		return false;
	for (unsigned k = j; k < c->dirs.n && !c->dirs.d[k].closes; k++) {
		if (c->dirs.d[k].group != c->dirs.d[j].group)
			continue;
		branch_of(c, k, &a, &b);
		if (skipped_at(&c->skip[PASS_HOST], a) || empty_text(c->s->text, a, b))
			continue;
		h.a = a;
		h.b = b;
		clang_visitChildren(clang_getTranslationUnitCursor(c->host), host_decls_visit, &h);
		for (size_t i = a; i < b && !h.other; i = line_end(c->s->text, b, i) + 1) {
			size_t f = i;

			while (f < b && (c->s->text[f] == ' ' || c->s->text[f] == '\t'))
				f++;
			h.other = f < b && c->s->text[f] == '#';	/* a directive: not a declaration */
		}
	}
	return h.device && !h.other;
}

/* Which pass's view the group opened at directive j takes. */
static enum pass pass_of_group(const struct arch_ctx *c, unsigned j)
{
	int in_fn;

	if (!c->s->cxx)	/* the C path (--translate): kernels and what they call, all device code */
		return PASS_DEVICE;
	in_fn = pass_at(c, (unsigned)c->dirs.d[j].start);

	if (in_fn >= 0)
		return (enum pass)in_fn;
	return pass_has_text(c, j, PASS_HOST) && !host_stubs_only(c, j) ? PASS_HOST : PASS_DEVICE;
}

/* Does the group opened at directive j name __CUDA_ARCH__ in one of its conditions? */
static bool arch_group(const struct arch_ctx *c, unsigned j)
{
	for (unsigned k = j; k < c->dirs.n && !(c->dirs.d[k].closes && c->dirs.d[k].group == c->dirs.d[j].group); k++)
		if (c->dirs.d[k].group == c->dirs.d[j].group && c->dirs.d[k].arch)
			return true;
	return false;
}

/*
 * __host__ __device__ functions with __CUDA_ARCH__ groups in their body are
 * compiled twice by nvcc, and a kernel calling one runs its device branch.
 * Here the body [lb, rb] ('{' to '}') is kept twice in one function:
 *
 *	{if(!idxgen_cc_device_view()){host body}else{device body}}
 *
 * idxgen_cc_device_view() (include/idxgen_cc_program.h) is true while a
 * block function runs on the OS thread (every kernel's block function sets
 * it when the file has such a function: s->hd_split), so kernels, __device__
 * functions, member functions, templates and H/D functions reached through
 * others all take the device branch and host code the host branch.  The
 * device copy is written on the line of the closing brace, so every line
 * of the file keeps its number.
 */
struct hd_bodies {
	unsigned *lb, *rb;
	unsigned n;
};

/* The directive closing the group opened at directive j. */
static unsigned group_close(const struct arch_ctx *c, unsigned j)
{
	unsigned k = j;

	while (k + 1 < c->dirs.n && !(c->dirs.d[k].closes && c->dirs.d[k].group == c->dirs.d[j].group))
		k++;
	return k;
}

static enum CXChildVisitResult body_of(CXCursor c, CXCursor parent, CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/*
 * The body of the __host__ __device__ function around [lo, hi] (an #if group,
 * a name) into hb; false when there is none or [lo, hi] is not inside it.
 */
static bool hd_body_add(const struct arch_ctx *c, size_t lo, size_t hi, struct hd_bodies *hb)
{
	unsigned q, lb, rb, i;
	CXCursor f = fn_at(c, (unsigned)lo, &q), body = clang_getNullCursor();

	if (clang_Cursor_isNull(f) || q != (CUDA_Q_DEVICE | CUDA_Q_HOST) || !c->s->cxx)
		return false;
	clang_visitChildren(f, body_of, &body);
	if (clang_Cursor_isNull(body))
		return false;
	lb = c_start(body);
	rb = c_end(body) - 1;
	if (lb >= c->s->len || rb >= c->s->len || c->s->text[lb] != '{' || c->s->text[rb] != '}' || lo <= lb ||
	    hi >= rb)
		return false;	/* a group around the body or in the declaration: the host view, as before */
	for (i = 0; i < hb->n; i++)
		if (hb->lb[i] == lb)
			return true;
	hb->lb = cx_realloc(hb->lb, (hb->n + 1) * sizeof(unsigned));
	hb->rb = cx_realloc(hb->rb, (hb->n + 1) * sizeof(unsigned));
	hb->lb[hb->n] = lb;
	hb->rb[hb->n++] = rb;
	return true;
}

/* The body of the __host__ __device__ function whose #if group opens at directive j, into hb. */
static bool hd_body_of_group(const struct arch_ctx *c, unsigned j, struct hd_bodies *hb)
{
	return hd_body_add(c, c->dirs.d[j].start, c->dirs.d[group_close(c, j)].end, hb);
}

static void error_at_off(struct source *s, size_t off, const char *msg)
{
	unsigned line = 1, col = 1;

	for (size_t i = 0; i < off && i < s->len; i++, col++)
		if (s->text[i] == '\n')
			line++, col = 0;
	fprintf(stderr, "%s:%u:%u: error: %s\n", s->path, line, col, msg);
	s->nerrors++;
}

/* `#pragma X` at t[h] (its line ends at e) as _Pragma("X"); false for another directive. */
static bool pragma_operator(const char *t, size_t h, size_t e, struct buf *o)
{
	size_t i = h + 1;

	while (i < e && blank_char(t[i]))
		i++;
	if (e - i < 6 || strncmp(t + i, "pragma", 6) || text_ident_char(t[i + 6]))
		return false;
	bputs(o, "_Pragma(\"");
	for (i += 6; i < e; i++) {
		if (t[i] == '\\' && i + 1 < e && t[i + 1] == '\n') {
			i++;
			continue;
		}
		if (t[i] == '"' || t[i] == '\\')
			bput(o, "\\", 1);
		bput(o, t[i] == '\n' || t[i] == '\r' ? " " : t + i, 1);
	}
	bputs(o, "\") ");
	return true;
}

/*
 * The text t[a..b] on one line: newlines as blanks, `//` comments blanked,
 * #pragma as _Pragma.  Another directive left in the body (its #if groups
 * are resolved already) cannot be on one line: an error.
 */
static bool one_line(struct arch_ctx *c, const char *t, size_t a, size_t b, struct buf *o)
{
	bool line_start = false;
	size_t i = a, k;

	while (i <= b) {
		if (t[i] == '\n' || (t[i] == '\\' && i < b && t[i + 1] == '\n')) {
			line_start = t[i] == '\n';
			bput(o, " ", 1);
			i += t[i] == '\n' ? 1 : 2;
		} else if (line_start && t[i] == '#') {
			k = line_end(t, b + 1, i);
			if (!pragma_operator(t, i, k, o)) {
				error_at_off(c->s, i, "a preprocessor directive other than #pragma in the body of a "
					     "__host__ __device__ function whose code depends on __CUDA_ARCH__ "
					     "(the translator keeps a device copy of that body; move the directive "
					     "out of the function)");
				return false;
			}
			i = k;
		} else if ((k = text_skip(t, b + 1, i)) != i) {
			bool comment = t[i] == '/' && t[i + 1] == '/';

			for (line_start = false; i < k; i++)
				bput(o, comment || t[i] == '\n' ? " " : t + i, 1);
		} else {
			if (!blank_char(t[i]))
				line_start = false;
			bput(o, t + i++, 1);
		}
	}
	return true;
}

/*
 * Does t[a..b] have an asm statement with instructions (PTX: `asm("mov.u32
 * %0, %%laneid;" ...)`; `asm volatile("" ::: "memory")` is none)?  No CPU
 * runs PTX: such a body keeps its host branch for every caller, as it did
 * before bodies were kept twice (the host branch is the function's own
 * fallback; a __device__ function's PTX is diagnosed as such).
 */
static bool has_ptx(const char *t, size_t a, size_t b)
{
	size_t i = a, k, w;

	while (i <= b) {
		if ((k = text_skip(t, b + 1, i)) != i) {
			i = k;
			continue;
		}
		for (w = i; w <= b && text_ident_char(t[w]); w++)
			;
		if (w == i) {
			i++;
			continue;
		}
		if ((w - i == 3 && !strncmp(t + i, "asm", 3)) || (w - i == 5 && !strncmp(t + i, "__asm", 5)) ||
		    (w - i == 7 && !strncmp(t + i, "__asm__", 7))) {
			const char *q = memchr(t + w, '"', b + 1 - w);

			if (q && q + 1 <= t + b && q[1] != '"')
				return true;
		}
		i = w;
	}
	return false;
}

/* Is body i inside another of hb (a local class's member in an H/D function: the outer copy has it)? */
static bool nested_body(const struct hd_bodies *hb, unsigned i)
{
	for (unsigned k = 0; k < hb->n; k++)
		if (k != i && hb->lb[k] < hb->lb[i] && hb->rb[i] < hb->rb[k])
			return true;
	return false;
}

/* Is offset off inside one of the bodies? */
static bool in_hd_body(const struct hd_bodies *hb, size_t off)
{
	for (unsigned i = 0; i < hb->n; i++)
		if (hb->lb[i] < off && off < hb->rb[i])
			return true;
	return false;
}

/*
 * The main file's text with each body of hb twice (above): the host copy is
 * s->text as resolved, the device copy dev (the text with every #if group of
 * those bodies resolved as the device pass sees it).
 */
struct twins;
static void twin_rename(const struct twins *tw, const struct buf *d, struct buf *o);

static void hd_split(struct arch_ctx *c, const char *dev, struct hd_bodies *hb, const struct twins *tw)
{
	struct buf o = { 0 }, d = { 0 };
	size_t pos = 0;
	unsigned i, k;

	for (i = 1; i < hb->n; i++)	/* by position (few: insertion sort) */
		for (k = i; k > 0 && hb->lb[k - 1] > hb->lb[k]; k--) {
			unsigned l = hb->lb[k], r = hb->rb[k];

			hb->lb[k] = hb->lb[k - 1], hb->rb[k] = hb->rb[k - 1];
			hb->lb[k - 1] = l, hb->rb[k - 1] = r;
		}
	for (i = 0; i < hb->n; i++) {
		if (nested_body(hb, i) || has_ptx(dev, hb->lb[i], hb->rb[i]))
			continue;
		bput(&o, c->s->text + pos, hb->lb[i] - pos);
		bputs(&o, "{if(!idxgen_cc_device_view())");
		bput(&o, c->s->text + hb->lb[i], hb->rb[i] + 1 - hb->lb[i]);
		bputs(&o, "else");
		d.n = 0;
		if (!one_line(c, dev, hb->lb[i], hb->rb[i], &d)) {
			buf_free(&o);
			buf_free(&d);
			return;
		}
		twin_rename(tw, &d, &o);
		bputs(&o, "}");
		pos = hb->rb[i] + 1;
	}
	bput(&o, c->s->text + pos, c->s->len - pos);
	buf_free(&d);
	free(c->s->text);
	c->s->text = o.p;
	c->s->len = o.n;
	c->s->hd_split = true;
}

/* Every #if group of the main file resolved as the pass of the code around it sees it (the header). */
/*
 * Device twins of file-scope macros.  A group at file scope whose branches
 * differ between the passes (`#ifdef __CUDA_ARCH__ #define X a #else #define
 * X b #endif`) keeps the host pass's text for host code, as before; the
 * #defines of the branch only the device pass takes are kept too, as
 * `#define __idxgen_dev_X a` on their own lines, and the kernels and
 * __device__ functions of the main file name X as __idxgen_dev_X -- nvcc's
 * device pass would have expanded the device text there.  Only a branch
 * of #defines (and comments): any other directive there leaves the group
 * as before.  A __host__ __device__ body that names X is kept twice, as
 * one with groups of its own, its device copy naming __idxgen_dev_X
 * (twin_uses, hd_split).  Not renamed: X inside other macros' bodies
 * (derived_uses refuses their uses in device code).
 */
#define DEV_PREFIX "__idxgen_dev_"

struct twin_edit {
	unsigned line, col;	/* where, in the user's lines (hd_split() moves offsets, not lines) */
	size_t len;		/* the text replaced: a directive's logical line, or a name */
	char *text;
};

struct twins {
	struct twin_edit *e;
	unsigned n;
	char **names;
	unsigned nnames;
	bool hd_uses;	/* a __host__ __device__ body names one: its device copy does (hd_split) */
};

static void twin_add(struct twins *tw, const char *t, size_t off, size_t len, char *text)
{
	unsigned line = 1, col = 1;

	for (size_t i = 0; i < off; i++, col++)
		if (t[i] == '\n')
			line++, col = 0;
	tw->e = cx_realloc(tw->e, (tw->n + 1) * sizeof(*tw->e));
	tw->e[tw->n++] = (struct twin_edit){ line, col, len, text };
}

/* The #defines of [a, b) as twins (false, nothing added, when it holds another directive). */
static bool twin_defines(struct twins *tw, const char *t, size_t a, size_t b)
{
	size_t i = a, e, d, n, k;
	unsigned n0 = tw->n, nn0 = tw->nnames;
	bool ok = true;

	while (i < b && ok) {
		for (d = i; d < b && (t[d] == ' ' || t[d] == '\t'); d++)
			;
		e = line_end(t, b, i);
		if (d < e && t[d] == '#') {
			for (d++; d < e && (t[d] == ' ' || t[d] == '\t'); d++)
				;
			ok = e - d > 6 && !strncmp(t + d, "define", 6) && (t[d + 6] == ' ' || t[d + 6] == '\t');
			for (n = d + 6; ok && n < e && (t[n] == ' ' || t[n] == '\t'); n++)
				;
			for (k = n; ok && k < e && text_ident_char(t[k]); k++)
				;
			ok = ok && k > n;
			if (ok) {
				char *text = NULL;

				if (asprintf(&text, "%.*s" DEV_PREFIX "%.*s", (int)(n - i), t + i, (int)(e - n), t + n) < 0)
					text = NULL;
				twin_add(tw, t, i, e - i, text);
				tw->names = cx_realloc(tw->names, (tw->nnames + 1) * sizeof(*tw->names));
				tw->names[tw->nnames++] = strndup(t + n, k - n);
			}
		}
		i = e + 1;
	}
	if (!ok) {
		while (tw->n > n0)
			free(tw->e[--tw->n].text);
		while (tw->nnames > nn0)
			free(tw->names[--tw->nnames]);
	}
	return ok;
}

/* Is [i, i + l) one of the twins' names? */
static bool twin_name(const struct twins *tw, const char *t, size_t i, size_t l)
{
	for (unsigned k = 0; k < tw->nnames; k++)
		if (strlen(tw->names[k]) == l && !strncmp(tw->names[k], t + i, l))
			return true;
	return false;
}

/* d, a device copy of a body, into o with the twins' names as their device twins'. */
static void twin_rename(const struct twins *tw, const struct buf *d, struct buf *o)
{
	size_t i = 0, k, w;

	while (i < d->n) {
		if ((k = text_skip(d->p, d->n, i)) != i) {
			bput(o, d->p + i, k - i);
			i = k;
			continue;
		}
		for (w = i; w < d->n && text_ident_char(d->p[w]); w++)
			;
		if (w == i) {
			bput(o, d->p + i++, 1);
			continue;
		}
		if ((i == 0 || !text_ident_char(d->p[i - 1])) && twin_name(tw, d->p, i, w - i))
			bputs(o, DEV_PREFIX);
		bput(o, d->p + i, w - i);
		i = w;
	}
}

/* The twins of the file-scope group opened at directive j, whose host view is kept. */
static void group_twins(struct arch_ctx *c, unsigned j, struct twins *tw)
{
	size_t a, b;

	if (pass_at(c, (unsigned)c->dirs.d[j].start) >= 0 || !pass_has_text(c, j, PASS_DEVICE))
		return;
	for (unsigned k = j; k < c->dirs.n && !c->dirs.d[k].closes; k++) {
		if (c->dirs.d[k].group != c->dirs.d[j].group)
			continue;
		branch_of(c, k, &a, &b);
		if (!skipped_at(&c->skip[PASS_DEVICE], a) && skipped_at(&c->skip[PASS_HOST], a))
			twin_defines(tw, c->s->text, a, b);
	}
}

/*
 * The uses of the twins' names in the main file's device code (text as
 * written); a __host__ __device__ body that names one is kept twice (hb), its
 * device copy naming the twins (hd_split).
 */
static void twin_uses(struct arch_ctx *c, struct twins *tw, struct hd_bodies *hb)
{
	const char *t = c->s->text;
	size_t len = c->s->len, i = 0, k, w;
	unsigned nd = tw->n;

	while (i < len) {
		if (t[i] == '#') {	/* a directive (another macro's body keeps the name) */
			size_t h = i;

			while (h > 0 && (t[h - 1] == ' ' || t[h - 1] == '\t'))
				h--;
			if (h == 0 || t[h - 1] == '\n') {
				i = line_end(t, len, i);
				continue;
			}
		}
		if ((k = text_skip(t, len, i)) != i) {
			i = k;
			continue;
		}
		for (w = i; w < len && text_ident_char(t[w]); w++)
			;
		if (w > i && (i == 0 || !text_ident_char(t[i - 1])) && twin_name(tw, t, i, w - i)) {
			char *text = NULL;

			if (pass_at(c, (unsigned)i) == PASS_DEVICE) {
				if (asprintf(&text, DEV_PREFIX "%.*s", (int)(w - i), t + i) >= 0)
					twin_add(tw, t, i, w - i, text);
			} else if (hd_body_add(c, i, w, hb)) {
				tw->hd_uses = true;
			}
		}
		i = w > i ? w : i + 1;
	}
	if (tw->n == nd && !tw->hd_uses) {	/* no device code uses them: nothing to keep */
		for (unsigned e = 0; e < tw->n; e++)
			free(tw->e[e].text);
		tw->n = 0;
	}
}

/*
 * Macros whose bodies name a twin (`#define LANES(n) ((n) / WARP)`, WARP a
 * twin), directly or through another such macro: nvcc's device pass expands
 * the device text there, and nothing here renames inside a macro's body.  A
 * use of one in a kernel or __device__ function would take the host's text:
 * diagnosed at the use, never wrong code.
 */
struct derived {
	char **names, **via;
	unsigned n;
};

static bool derived_has(const struct derived *dm, const char *t, size_t i, size_t l, unsigned *k)
{
	for (*k = 0; *k < dm->n; (*k)++)
		if (strlen(dm->names[*k]) == l && !strncmp(dm->names[*k], t + i, l))
			return true;
	return false;
}

/* The macro defined by the #define at '#' h (its name [n, k), body [k, e)); false if none. */
static bool define_at(const char *t, size_t len, size_t h, size_t *n, size_t *k, size_t *e)
{
	size_t d = h + 1;

	*e = line_end(t, len, h);
	while (d < *e && (t[d] == ' ' || t[d] == '\t'))
		d++;
	if (*e - d <= 6 || strncmp(t + d, "define", 6) || (t[d + 6] != ' ' && t[d + 6] != '\t'))
		return false;
	for (*n = d + 6; *n < *e && (t[*n] == ' ' || t[*n] == '\t'); (*n)++)
		;
	for (*k = *n; *k < *e && text_ident_char(t[*k]); (*k)++)
		;
	return *k > *n;
}

/* Does [a, b) name a twin or a derived macro?  The twin into *via. */
static bool names_twin(const struct twins *tw, const struct derived *dm, const char *t, size_t a, size_t b,
		       const char **via)
{
	size_t i = a, w, k;
	unsigned m;

	while (i < b) {
		if ((k = text_skip(t, b, i)) != i) {
			i = k;
			continue;
		}
		for (w = i; w < b && text_ident_char(t[w]); w++)
			;
		if (w > i && !text_ident_char(t[i - 1])) {
			for (m = 0; m < tw->nnames; m++)
				if (strlen(tw->names[m]) == w - i && !strncmp(tw->names[m], t + i, w - i)) {
					*via = tw->names[m];
					return true;
				}
			if (derived_has(dm, t, i, w - i, &m)) {
				*via = dm->via[m];
				return true;
			}
		}
		i = w > i ? w : i + 1;
	}
	return false;
}

static void derived_uses(struct arch_ctx *c, const struct twins *tw)
{
	const char *t = c->s->text, *via;
	size_t len = c->s->len, i, n, k, e, w, ls;
	struct derived dm = { NULL, NULL, 0 };
	unsigned m, before;
	char msg[400];

	do {	/* a macro naming a derived one is derived too */
		before = dm.n;
		for (i = 0, ls = 0; i < len; i = e + 1, ls = i) {
			e = line_end(t, len, i);
			for (i = ls; i < e && (t[i] == ' ' || t[i] == '\t'); i++)
				;
			if (i >= e || t[i] != '#' || !define_at(t, len, i, &n, &k, &e) || twin_name(tw, t, n, k - n) ||
			    derived_has(&dm, t, n, k - n, &m) || !names_twin(tw, &dm, t, k, e, &via))
				continue;
			dm.names = cx_realloc(dm.names, (dm.n + 1) * sizeof(*dm.names));
			dm.via = cx_realloc(dm.via, (dm.n + 1) * sizeof(*dm.via));
			dm.names[dm.n] = strndup(t + n, k - n);
			dm.via[dm.n++] = strdup(via);
		}
	} while (dm.n > before && dm.n < 64);
	for (i = 0; dm.n && i < len; i = w > i ? w : i + 1) {
		if (t[i] == '#') {
			for (ls = i; ls > 0 && (t[ls - 1] == ' ' || t[ls - 1] == '\t'); ls--)
				;
			if (ls == 0 || t[ls - 1] == '\n') {
				w = line_end(t, len, i);
				continue;
			}
		}
		if ((k = text_skip(t, len, i)) != i) {
			w = k;
			continue;
		}
		for (w = i; w < len && text_ident_char(t[w]); w++)
			;
		if (w > i && (i == 0 || !text_ident_char(t[i - 1])) && derived_has(&dm, t, i, w - i, &m) &&
		    pass_at(c, (unsigned)i) == PASS_DEVICE) {
			snprintf(msg, sizeof(msg),
				 "macro '%s' expands '%s', which nvcc's device pass defines otherwise (#if on "
				 "__CUDA_ARCH__): in device code it would take the host pass's text; not supported "
				 "(define '%s' in both branches of that #if)",
				 dm.names[m], dm.via[m], dm.names[m]);
			error_at_off(c->s, i, msg);
		}
	}
	for (m = 0; m < dm.n; m++) {
		free(dm.names[m]);
		free(dm.via[m]);
	}
	free(dm.names);
	free(dm.via);
}

/* The twins' edits on the text as it is now (lines as written). */
static void twin_apply(struct source *s, struct twins *tw)
{
	struct wlower w = { .s = s };
	unsigned line = 1;
	size_t i = 0, ls = 0;

	for (unsigned k = 0; k < tw->n; k++) {
		struct twin_edit *e = &tw->e[k];

		if (e->line < line) {
			line = 1;
			i = ls = 0;
		}
		for (; i < s->len && line < e->line; i++)
			if (s->text[i] == '\n')
				line++, ls = i + 1;
		if (e->text && ls + e->col - 1 + e->len <= s->len) {
			wl_edit(&w, (unsigned)(ls + e->col - 1), (unsigned)(ls + e->col - 1 + e->len), e->text);
			e->text = NULL;
		}
	}
	if (w.ne)
		wl_apply(&w);
	for (unsigned k = 0; k < w.ne; k++)
		free(w.e[k].text);
	free(w.e);
}

static void twins_free(struct twins *tw)
{
	for (unsigned k = 0; k < tw->n; k++)
		free(tw->e[k].text);
	for (unsigned k = 0; k < tw->nnames; k++)
		free(tw->names[k]);
	free(tw->e);
	free(tw->names);
}

static void resolve_all(struct arch_ctx *c, int arch)
{
	enum pass *view = cx_alloc(c->dirs.n * sizeof(*view));
	struct hd_bodies hb = { NULL, NULL, 0 };
	struct twins tw = { 0 };
	char *dev = NULL;
	unsigned j;

	/* every decision from the text as written; then the blanks */
	for (j = 0; j < c->dirs.n; j++) {
		view[j] = PASS_HOST;
		if (c->dirs.d[j].opens && arch_group(c, j) && !hd_body_of_group(c, j, &hb))
			view[j] = pass_of_group(c, j);
		if (c->s->cxx && c->dirs.d[j].opens && arch_group(c, j) && view[j] == PASS_HOST)
			group_twins(c, j, &tw);
	}
	if (tw.nnames) {
		twin_uses(c, &tw, &hb);
		derived_uses(c, &tw);
	}
	if (hb.n) {
		dev = cx_alloc(c->s->len + 1);
		memcpy(dev, c->s->text, c->s->len + 1);
		for (j = 0; j < c->dirs.n; j++)
			if (c->dirs.d[j].opens && in_hd_body(&hb, c->dirs.d[j].start))
				resolve_group(c, dev, j, PASS_DEVICE, arch);
	}
	for (j = 0; j < c->dirs.n; j++)
		if (c->dirs.d[j].opens && arch_group(c, j))
			resolve_group(c, c->s->text, j, view[j], arch);
	if (hb.n)
		hd_split(c, dev, &hb, &tw);
	if (tw.n)
		twin_apply(c->s, &tw);
	twins_free(&tw);
	free(dev);
	free(hb.lb);
	free(hb.rb);
	free(view);
}

static bool parse_pass(struct arch_ctx *c, CXIndex idx, char *const *args, int nargs, const char *define,
		       enum pass p)
{
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
	CXTranslationUnit tu;

	if (p == PASS_HOST)
		flags |= CXTranslationUnit_SkipFunctionBodies;
	tu = source_parse_raw(c->s, idx, args, nargs, define, flags);
	if (!tu)
		return false;
	skipped_of(&c->skip[p], tu, clang_getFile(tu, c->s->path));
	if (p == PASS_DEVICE)
		c->tu = tu;
	else
		c->host = tu;
	return true;
}

void cuda_arch_resolve(struct source *s, CXIndex idx, char *const *args, int nargs, int arch)
{
	struct arch_ctx c = { s, { 0 }, { { 0 } }, NULL, NULL, NULL };
	char define[40];
	unsigned j;

	arch = arch > 0 ? arch : CUDA_ARCH_DEFAULT;
	if (!memmem(s->text, s->len, "__CUDA_ARCH__", 13))
		return;
	find_directives(&c.dirs, s->text, s->len);
	snprintf(define, sizeof(define), "-D__CUDA_ARCH__=%d", arch);
	if (c.dirs.n && parse_pass(&c, idx, args, nargs, NULL, PASS_HOST) &&
	    parse_pass(&c, idx, args, nargs, define, PASS_DEVICE))
		resolve_all(&c, arch);
	if (c.tu)
		clang_disposeTranslationUnit(c.tu);
	if (c.host)
		clang_disposeTranslationUnit(c.host);
	for (j = 0; j < 2; j++) {
		free(c.skip[j].start);
		free(c.skip[j].end);
	}
	free(c.dirs.d);
}

/* The number of "sm_80", "compute_90a", "arch=compute_80,code=sm_80" (0: none). */
static int arch_number(const char *v)
{
	const char *p = strstr(v, "compute_");

	p = p ? p + 8 : (strstr(v, "sm_") ? strstr(v, "sm_") + 3 : NULL);
	if (!p || *p < '1' || *p > '9')
		return 0;
	return atoi(p) * 10;
}

int cuda_arch_option(const char *opt, const char *val, int cur)
{
	const char *v = val ? val : strchr(opt, '=') ? strchr(opt, '=') + 1 : "";
	int n;

	if (strncmp(opt, "-arch", 5) && strncmp(opt, "--gpu-architecture", 18) && strncmp(opt, "-gencode", 8) &&
	    strncmp(opt, "--generate-code", 15))
		return cur;
	n = arch_number(v);
	if (!n)	/* native, all, all-major: the device's own */
		n = CUDA_ARCH_DEFAULT;
	/* several: the runtime runs the highest the device (9.0) can, as CUDA picks a kernel image */
	if (!cur || (n <= CUDA_ARCH_DEFAULT && (n > cur || cur > CUDA_ARCH_DEFAULT)))
		return n;
	return cur;
}

/*
 * Headers.  An included header is compiled as written, without
 * __CUDA_ARCH__: the host pass's view (its groups are not resolved like the
 * main file's).  Inside a kernel or a __device__ function of a header, a
 * group whose branch nvcc's device pass takes differs from the host pass's
 * would run the host's code where nvcc runs the device's: refused, never
 * wrong code (a device branch with PTX keeps the host branch, as in the main
 * file), and unless the oldest architecture's device pass takes the host's
 * branch too (passes_differ).  __host__ __device__ functions and groups
 * outside functions keep the host view, as before.  Only headers that name
 * __CUDA_ARCH__ cost three more parses.
 */
struct arch_headers {
	CXTranslationUnit tu;
	const char *own;	/* our include folder: not the program's */
	char **names;
	unsigned n;
};

static void arch_header(CXFile f, CXSourceLocation *stack, unsigned depth, CXClientData d)
{
	struct arch_headers *h = d;
	CXString n = clang_getFileName(f);
	const char *name = clang_getCString(n), *t;
	size_t len = 0, ol = strlen(h->own);
	unsigned i;

	(void)stack;
	if (depth && name && strncmp(name, h->own, ol) &&
	    !clang_Location_isInSystemHeader(clang_getLocation(h->tu, f, 1, 1)) &&
	    (t = clang_getFileContents(h->tu, f, &len)) && memmem(t, len, "__CUDA_ARCH__", 13)) {
		for (i = 0; i < h->n && strcmp(h->names[i], name); i++)
			;
		if (i == h->n) {
			h->names = cx_realloc(h->names, (h->n + 1) * sizeof(*h->names));
			h->names[h->n++] = strdup(name);
		}
	}
	clang_disposeString(n);
}

/*
 * Do the passes keep different branches of the group opened at directive j,
 * and does a device pass for the oldest architecture (old: its skipped
 * ranges) too?  A group on the architecture's number (`#if __CUDA_ARCH__ >=
 * 350` around __ldg and a plain load) has the host pass take the oldest
 * GPU's branch, a device implementation the program needs correct anyway;
 * one that tells device from host (`#ifdef __CUDA_ARCH__`) has no such.
 */
static bool passes_differ(const struct arch_ctx *c, const struct skipped *old, unsigned j, bool *ptx)
{
	size_t a, b;
	bool differ = false;

	*ptx = false;
	for (unsigned k = j; k < c->dirs.n && !c->dirs.d[k].closes; k++) {
		if (c->dirs.d[k].group != c->dirs.d[j].group)
			continue;
		branch_of(c, k, &a, &b);
		if (empty_text(c->s->text, a, b))
			continue;
		if (skipped_at(&c->skip[PASS_HOST], a) != skipped_at(&c->skip[PASS_DEVICE], a) &&
		    skipped_at(&c->skip[PASS_HOST], a) != skipped_at(old, a))
			differ = true;
		if (!skipped_at(&c->skip[PASS_DEVICE], a) && has_ptx(c->s->text, a, b))
			*ptx = true;
	}
	return differ;
}

struct macro_use {
	const char *name;	/* a macro a header's group defines otherwise for the device pass, or one using it */
	const char *group_name;	/* the one the group defines */
	const char *header;
	unsigned line;		/* of the group */
	const struct reach *r;
	struct source *s;
};

/* Expansions of u->name in code that device code reaches: refused at the use. */
static enum CXChildVisitResult device_macro_use(CXCursor c, CXCursor parent, CXClientData data)
{
	struct macro_use *u = data;
	CXSourceLocation loc = clang_getCursorLocation(c);
	char *n, *fname;
	unsigned line, col;
	CXFile f;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroExpansion || clang_Location_isInSystemHeader(loc))
		return CXChildVisit_Continue;
	n = cx_spelling(c);
	if (!strcmp(n, u->name) && reach_device_at(u->r, loc)) {
		clang_getExpansionLocation(loc, &f, &line, &col, NULL);
		fname = cx_string(clang_getFileName(f));
		if (clang_Location_isFromMainFile(loc)) {
			free(fname);
			fname = cx_strdup(u->s->path);
		}
		if (strcmp(n, u->group_name))
			fprintf(stderr, "%s:%u:%u: error: macro '%s' expands macro '%s', which ", fname, line, col, n,
				u->group_name);
		else
			fprintf(stderr, "%s:%u:%u: error: macro '%s' ", fname, line, col, n);
		fprintf(stderr,
			"is defined by a group on __CUDA_ARCH__ of %s:%u that nvcc's device "
			"pass resolves otherwise than its host pass; idxgen-cc compiles headers as the host pass sees them, "
			"so device code here would get the host's definition: not supported (in the .cu file it is)\n",
			u->header, u->line);
		u->s->nerrors++;
		free(fname);
	}
	free(n);
	return CXChildVisit_Continue;
}

/*
 * The macros whose definitions expand u's, directly or through others
 * (`#define SIDE_WEIGHT (PASS_SIDE * 2 + 1)`): a use of one in device code
 * expands the group's definition too.  Macros of system headers are left out.
 */
struct macro_set {
	char **names;
	unsigned n;
	bool grew;
};

static bool in_set(const struct macro_set *m, const char *name)
{
	for (unsigned i = 0; i < m->n; i++)
		if (!strcmp(m->names[i], name))
			return true;
	return false;
}

static void set_add(struct macro_set *m, const char *name)
{
	m->names = cx_realloc(m->names, (m->n + 1) * sizeof(*m->names));
	m->names[m->n++] = cx_strdup(name);
	m->grew = true;
}

struct macro_scan {
	CXTranslationUnit tu;
	struct macro_set *set;
};

static enum CXChildVisitResult macro_users(CXCursor c, CXCursor parent, CXClientData data)
{
	struct macro_scan *ms = data;
	CXToken *t = NULL;
	unsigned nt = 0;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition ||
	    clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	name = cx_spelling(c);
	if (!in_set(ms->set, name)) {
		clang_tokenize(ms->tu, clang_getCursorExtent(c), &t, &nt);
		for (unsigned i = 1; i < nt; i++) {	/* token 0 is the name */
			char *w;

			if (clang_getTokenKind(t[i]) != CXToken_Identifier)
				continue;
			w = cx_string(clang_getTokenSpelling(ms->tu, t[i]));
			if (in_set(ms->set, w)) {
				set_add(ms->set, name);
				i = nt;
			}
			free(w);
		}
		clang_disposeTokens(ms->tu, t, nt);
	}
	free(name);
	return CXChildVisit_Continue;
}

/* u->group_name's uses, and those of every macro that expands it, checked in code device code reaches. */
static void macro_uses(const struct arch_ctx *c, struct macro_use *u)
{
	struct macro_set set = { NULL, 0, true };
	struct macro_scan ms = { c->tu, &set };

	set_add(&set, u->group_name);
	while (set.grew) {
		set.grew = false;
		clang_visitChildren(clang_getTranslationUnitCursor(c->tu), macro_users, &ms);
	}
	for (unsigned i = 0; i < set.n; i++) {
		u->name = set.names[i];
		clang_visitChildren(clang_getTranslationUnitCursor(c->tu), device_macro_use, u);
		free(set.names[i]);
	}
	free(set.names);
}

/*
 * Device twins in the program's own headers (UK-MAC CloverLeaf_CUDA's
 * ftocmacros.h: `#ifdef __CUDA_ARCH__ #define SIGN(a,b) copysign(a,b) #else
 * #define SIGN(a,b) ... #endif`, expanded by the kernels of the headers its
 * .cu files include).  As in the main file ("Device twins" above): the
 * group keeps the host pass's text, the #defines of the branch only the
 * device pass takes stay as `#define __idxgen_dev_SIGN(a,b) ...` on their
 * own lines, and each use in a kernel or __device__ function becomes
 * __idxgen_dev_SIGN.  Here they are edits of the program's files
 * (edg_compat.c's replacements, applied to the texts the parse reads and to
 * the copies the translation writes), and the program is translated again
 * from them.  Only where every use that device code reaches is spelled in a
 * kernel or __device__ function of a file the translation may edit and no
 * other macro's body names the macro; otherwise each such use is refused
 * (group_macros), as is every use once the edits were made and the group is
 * still seen (they did not apply).
 */
struct twin_use {
	CXFile f;
	unsigned line, col;
	const char *name;	/* a twin's (struct twins' names) */
};

struct twin_scan {
	const struct arch_ctx *c;
	const struct twins *tw;
	const struct macro_set *derived;	/* other macros naming a twin: none may be used in device code */
	const struct reach *r;
	struct source *s;
	struct twin_use *u;
	unsigned n;
	bool ok;
};

/* The innermost function definition around offset off of f, and its CUDA qualifiers. */
static unsigned quals_at(CXTranslationUnit tu, CXFile f, unsigned off)
{
	struct fn_find ff = { off, clang_getNullCursor(), ~0u, f };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_fn, &ff);
	return clang_Cursor_isNull(ff.best) ? 0 : cuda_quals(ff.best) & (CUDA_Q_DEVICE | CUDA_Q_HOST);
}

/* Is the file's own text at (line, col) the name (the file as read, before any pass edits it)? */
static bool spelled_at(CXFile f, unsigned line, unsigned col, const char *name)
{
	struct source fs = { 0 };
	char *path = cx_string(clang_getFileName(f));
	size_t i = 0, l = strlen(name);
	bool r = false;

	if (source_read(&fs, path)) {
		for (unsigned ln = 1; i < fs.len && ln < line; i++)
			ln += fs.text[i] == '\n';
		i += col - 1;
		r = i + l <= fs.len && !strncmp(fs.text + i, name, l) && (i == 0 || !text_ident_char(fs.text[i - 1])) &&
		    (i + l == fs.len || !text_ident_char(fs.text[i + l]));
		source_free(&fs);
	}
	free(path);
	return r;
}

static enum CXChildVisitResult twin_use_scan(CXCursor cur, CXCursor parent, CXClientData data)
{
	struct twin_scan *ts = data;
	CXSourceLocation loc = clang_getCursorLocation(cur);
	unsigned line, col, off, k;
	CXFile f;
	char *n;

	(void)parent;
	if (clang_getCursorKind(cur) != CXCursor_MacroExpansion || clang_Location_isInSystemHeader(loc))
		return CXChildVisit_Continue;
	n = cx_spelling(cur);
	for (k = 0; k < ts->tw->nnames && strcmp(n, ts->tw->names[k]); k++)
		;
	if ((k < ts->tw->nnames || in_set(ts->derived, n)) && reach_device_at(ts->r, loc)) {
		clang_getExpansionLocation(loc, &f, &line, &col, &off);
		if (k == ts->tw->nnames || !f || quals_at(ts->c->tu, f, off) != CUDA_Q_DEVICE ||
		    !edg_may_edit(ts->s, ts->c->tu, f) || !spelled_at(f, line, col, n)) {
			ts->ok = false;	/* another macro's, a __host__ __device__ function's, or not ours to edit */
		} else {
			ts->u = cx_realloc(ts->u, (ts->n + 1) * sizeof(*ts->u));
			ts->u[ts->n++] = (struct twin_use){ f, line, col, ts->tw->names[k] };
		}
	}
	free(n);
	return ts->ok ? CXChildVisit_Continue : CXChildVisit_Break;
}

/* The group opened at directive j as the translation keeps it: the host pass's text and the twins' #defines. */
static void twin_group_text(const struct arch_ctx *c, unsigned j, unsigned close, const struct twins *tw,
			    struct buf *o)
{
	const char *t = c->s->text;
	size_t a, b, pos = c->dirs.d[j].start;

	for (unsigned k = j; k <= close; k++) {
		if (c->dirs.d[k].group != c->dirs.d[j].group)
			continue;
		for (size_t i = pos; i < c->dirs.d[k].end; i++)	/* the directive: blanks, its lines kept */
			bputs(o, t[i] == '\n' ? "\n" : " ");
		if (k == close)
			break;
		branch_of(c, k, &a, &b);
		if (!skipped_at(&c->skip[PASS_HOST], a)) {
			bput(o, t + c->dirs.d[k].end, b - c->dirs.d[k].end);
		} else if (!skipped_at(&c->skip[PASS_DEVICE], a)) {
			struct buf d = { 0 };

			bput(&d, t + c->dirs.d[k].end, b - c->dirs.d[k].end);
			twin_rename(tw, &d, o);
			buf_free(&d);
		} else {
			for (size_t i = c->dirs.d[k].end; i < b; i++)
				bputs(o, t[i] == '\n' ? "\n" : " ");
		}
		pos = b;
	}
}

/* The (line, col) of offset off of text t. */
static void line_col(const char *t, size_t off, unsigned *line, unsigned *col)
{
	*line = 1;
	*col = 1;
	for (size_t i = 0; i < off; i++, (*col)++)
		if (t[i] == '\n')
			(*line)++, *col = 0;
}

/* Group j of header f made device twins with edits of the program's files (true), or left to be refused. */
static bool header_twins(const struct arch_ctx *c, unsigned j, struct source *s, const struct reach *r)
{
	struct twins tw = { 0 };
	struct macro_set set = { NULL, 0, true };
	struct macro_scan ms = { c->tu, &set };
	struct twin_scan ts = { c, &tw, &set, r, s, NULL, 0, true };
	struct buf old = { 0 }, text = { 0 };
	unsigned close = j, line, col, nnew = 0;
	size_t a, b;

	if (!s->edg || !s->edg->headers || !edg_may_edit(s, c->tu, c->file))
		return false;
	for (unsigned k = j; k < c->dirs.n && ts.ok; k++) {
		if (c->dirs.d[k].group != c->dirs.d[j].group)
			continue;
		close = k;
		if (c->dirs.d[k].closes)
			break;
		branch_of(c, k, &a, &b);
		if (!skipped_at(&c->skip[PASS_DEVICE], a) && skipped_at(&c->skip[PASS_HOST], a))
			ts.ok = twin_defines(&tw, c->s->text, a, b);	/* #defines alone */
	}
	ts.ok = ts.ok && tw.nnames && c->dirs.d[close].closes;
	for (unsigned k = 0; ts.ok && k < tw.nnames; k++)
		set_add(&set, tw.names[k]);
	while (ts.ok && set.grew) {
		set.grew = false;
		clang_visitChildren(clang_getTranslationUnitCursor(c->tu), macro_users, &ms);
	}
	if (ts.ok)
		clang_visitChildren(clang_getTranslationUnitCursor(c->tu), twin_use_scan, &ts);
	if (ts.ok && ts.n) {
		bput(&old, c->s->text + c->dirs.d[j].start, c->dirs.d[close].end - c->dirs.d[j].start);
		twin_group_text(c, j, close, &tw, &text);
		line_col(c->s->text, c->dirs.d[j].start, &line, &col);
		ts.ok = spelled_at(c->file, line, col, old.p);
		nnew += ts.ok && edg_replace(s, c->file, line, col, old.p, text.p);
		for (unsigned k = 0; ts.ok && k < ts.n; k++) {
			char *dev = NULL;

			if (asprintf(&dev, DEV_PREFIX "%s", ts.u[k].name) > 0)
				nnew += edg_replace(s, ts.u[k].f, ts.u[k].line, ts.u[k].col, ts.u[k].name, dev);
			free(dev);
		}
	}
	for (unsigned k = 0; k < set.n; k++)
		free(set.names[k]);
	free(set.names);
	free(ts.u);
	buf_free(&old);
	buf_free(&text);
	twins_free(&tw);
	if (nnew)
		s->edg->again = true;	/* translated again from the edited files */
	return nnew > 0;
}

/* The #defines of the branches of group j the device pass keeps, each checked for uses in device code. */
static void group_macros(const struct arch_ctx *c, unsigned j, struct macro_use *u)
{
	size_t a, b, n, k, e;

	for (unsigned i = j; i < c->dirs.n && !c->dirs.d[i].closes; i++) {
		if (c->dirs.d[i].group != c->dirs.d[j].group)
			continue;
		branch_of(c, i, &a, &b);
		if (skipped_at(&c->skip[PASS_DEVICE], a))
			continue;
		for (size_t h = a; h < b; h = line_end(c->s->text, b, h) + 1) {
			size_t ws = h;
			char *name;

			while (ws < b && blank_char(c->s->text[ws]))
				ws++;
			if (ws >= b || c->s->text[ws] != '#' || !define_at(c->s->text, b, ws, &n, &k, &e))
				continue;
			name = strndup(c->s->text + n, k - n);
			u->group_name = name;
			macro_uses(c, u);
			free(name);
		}
	}
}

/* The groups of header name that device code would see wrong, diagnosed. */
static void check_header(struct source *s, CXTranslationUnit host, CXTranslationUnit dev, CXTranslationUnit oldest,
			 const char *name, int arch, const struct reach *r)
{
	CXFile fh = clang_getFile(host, name), fd = clang_getFile(dev, name), fo = clang_getFile(oldest, name);
	struct skipped old = { 0 };
	struct source hs = { .path = name };
	struct arch_ctx c = { &hs, { 0 }, { { 0 } }, dev, fd, NULL };
	const char *t;
	size_t len = 0;
	unsigned q;
	bool ptx;

	if (!fh || !fd || !fo || !(t = clang_getFileContents(dev, fd, &len)))
		return;
	hs.text = (char *)t;
	hs.len = len;
	find_directives(&c.dirs, hs.text, hs.len);
	skipped_of(&c.skip[PASS_HOST], host, fh);
	skipped_of(&c.skip[PASS_DEVICE], dev, fd);
	skipped_of(&old, oldest, fo);
	for (unsigned j = 0; j < c.dirs.n; j++) {
		char msg[400];
		CXCursor fn;

		if (!c.dirs.d[j].opens || !arch_group(&c, j) || !passes_differ(&c, &old, j, &ptx) || ptx)
			continue;
		fn = fn_at(&c, (unsigned)c.dirs.d[j].start, &q);
		if (clang_Cursor_isNull(fn)) {
			/* file scope: its #defines, where device code expands them */
			unsigned line = 1;
			struct macro_use u = { NULL, NULL, name, 0, r, s };

			for (size_t i = 0; i < c.dirs.d[j].start; i++)
				line += hs.text[i] == '\n';
			u.line = line;
			if (!header_twins(&c, j, s, r))
				group_macros(&c, j, &u);
			continue;
		}
		if (q == CUDA_Q_DEVICE)
			snprintf(msg, sizeof(msg),
				 "in device code of an included header, this group on __CUDA_ARCH__ takes another branch in "
				 "nvcc's device pass (__CUDA_ARCH__ %d) than in its host pass; idxgen-cc compiles headers as the "
				 "host pass sees them, so it is not supported here (in the .cu file it is)", arch);
		else if (q == (CUDA_Q_DEVICE | CUDA_Q_HOST) && reach_device(r, fn))
			snprintf(msg, sizeof(msg),
				 "in a __host__ __device__ function of an included header that device code calls, this group on "
				 "__CUDA_ARCH__ takes another branch in nvcc's device pass (__CUDA_ARCH__ %d) than in its host "
				 "pass; idxgen-cc compiles headers as the host pass sees them, so it is not supported here (in "
				 "the .cu file it is)", arch);
		else
			continue;	/* host code only: the host pass's view is right */
		error_at_off(&hs, c.dirs.d[j].start, msg);
		s->nerrors++;
	}
	for (unsigned j = 0; j < 2; j++) {
		free(c.skip[j].start);
		free(c.skip[j].end);
	}
	free(old.start);
	free(old.end);
	free(c.dirs.d);
}

void cuda_arch_check_headers(struct source *s, CXTranslationUnit tu, CXIndex idx, char *const *args, int nargs,
			     int arch)
{
	struct arch_headers h = { tu, cc_paths()->include, NULL, 0 };
	unsigned flags = CXTranslationUnit_DetailedPreprocessingRecord | CXTranslationUnit_KeepGoing;
	CXTranslationUnit host = NULL, dev = NULL, oldest = NULL;
	char define[40];

	if (!s->cxx)
		return;	/* the C path: every header takes the device view of its -arch (cuda_arch_resolve) */
	arch = arch > 0 ? arch : CUDA_ARCH_DEFAULT;
	clang_getInclusions(tu, arch_header, &h);
	if (!h.n)
		return;
	snprintf(define, sizeof(define), "-D__CUDA_ARCH__=%d", arch);
	host = source_parse_raw(s, idx, args, nargs, NULL, flags | CXTranslationUnit_SkipFunctionBodies);
	dev = source_parse_raw(s, idx, args, nargs, define, flags);
	/* sm_10, the oldest: skipped ranges only */
	oldest = source_parse_raw(s, idx, args, nargs, "-D__CUDA_ARCH__=100",
				  flags | CXTranslationUnit_SkipFunctionBodies);
	struct reach *r = dev ? reach_build(dev) : NULL;

	for (unsigned i = 0; i < h.n; i++) {
		if (host && dev && oldest)
			check_header(s, host, dev, oldest, h.names[i], arch, r);
		free(h.names[i]);
	}
	reach_free(r);
	free(h.names);
	if (host)
		clang_disposeTranslationUnit(host);
	if (dev)
		clang_disposeTranslationUnit(dev);
	if (oldest)
		clang_disposeTranslationUnit(oldest);
}
