// SPDX-License-Identifier: MIT
/*
 * frontend.c - the front end of idxgen-cc: the input file, its parse by
 * libclang after the CUDA prelude (cuda_parse.h, embedded), source
 * locations and offsets, and diagnostics.
 */
#define _GNU_SOURCE
#include "cc.h"
#include "paths.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char parse_header[] =
#include "cuda_parse.inc"
	;
/* The prelude of whole programs (cuda_whole.h): CUDA parse, our headers. */
static const char whole_header[] =
#include "cuda_whole.inc"
	;

bool source_read(struct source *s, const char *path)
{
	FILE *f = fopen(path, "rb");
	struct buf b = { 0 };
	char tmp[65536];
	size_t n;

	if (!f)
		return false;
	while ((n = fread(tmp, 1, sizeof(tmp), f)) > 0)
		bput(&b, tmp, n);
	fclose(f);
	memset(s, 0, sizeof(*s));
	s->path = path;
	/*
	 * A UTF-8 byte-order mark (Windows editors write one) becomes three
	 * spaces: clang skips it at the start of a file, but the translated
	 * copy has our first line above it, where it is an "unexpected
	 * character".  Spaces keep every offset that a parse of the file on
	 * disk gives (a header found through #include is read from disk).
	 */
	if (b.n >= 3 && !memcmp(b.p, "\xef\xbb\xbf", 3))
		memset(b.p, ' ', 3);
	s->len = b.n;
	s->text = b.p ? b.p : cx_strdup("");
	launch_spacing(s->text, s->len);
	alignas_order(s->text, s->len);
	return true;
}

void source_crlf(struct source *s)
{
	size_t i, n = 0;

	for (i = 0; i < s->len; i++)
		if (!(s->text[i] == '\r' && i + 1 < s->len && s->text[i + 1] == '\n'))
			s->text[n++] = s->text[i];
	s->text[n] = 0;
	s->len = n;
}

void source_free(struct source *s)
{
	unsigned i;

	warp_map_free(s);
	fiber_names_free(&s->warp_declined);
	kernel_decls_free(s);
	lockstep_memo_free(s);
	macro_header_memo_free(s);
	parse_memo_free(s);
	for (i = 0; i < s->nedits; i++)
		free(s->edits[i].text);
	free(s->edits);
	free(s->dl);
	s->dl = NULL;
	s->ndl = 0;
	free(s->dlw);
	s->dlw = NULL;
	s->ndlw = 0;
	free(s->text);
	free(s->quiet_msg);
	s->quiet_msg = NULL;
	s->text = NULL;
	s->edits = NULL;
	s->nedits = 0;
}

static void token_error(struct source *s, CXTranslationUnit tu, CXToken t, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
static void token_error(struct source *s, CXTranslationUnit tu, CXToken t, const char *fmt, ...)
{
	unsigned line, col;
	va_list ap;

	clang_getExpansionLocation(clang_getTokenLocation(tu, t), NULL, &line, &col, NULL);
	fprintf(stderr, "%s:%u:%u: error: ", s->path, line, col);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	s->nerrors++;
}

/* Is the token inside a __global__ or __device__ function? */
static bool in_device_code(CXTranslationUnit tu, CXToken t)
{
	CXCursor c = clang_getCursor(tu, clang_getTokenLocation(tu, t));

	while (!clang_Cursor_isNull(c) && !clang_isTranslationUnit(clang_getCursorKind(c)) &&
	       !clang_isInvalid(clang_getCursorKind(c))) {
		if (clang_getCursorKind(c) == CXCursor_FunctionDecl)
			return has_annot(c, "global") || has_annot(c, "device");
		c = clang_getCursorSemanticParent(c);
	}
	return false;
}

/* C++'s alternative tokens, and their C spelling. */
static const char *const alt_tokens[][2] = {
	{ "and", "&&" }, { "and_eq", "&=" }, { "bitand", "&" }, { "bitor", "|" },   { "compl", "~" },
	{ "not", "!" },	 { "not_eq", "!=" }, { "or", "||" },    { "or_eq", "|=" },  { "xor", "^" },
	{ "xor_eq", "^=" },
};

/*
 * Token-level checks (C++ parses a launch as an error, and alternative
 * tokens and constexpr have no cursor of their own): a kernel launch
 * <<<...>>>, C++ spellings that C does not have.
 */
static void check_tokens(struct source *s, CXTranslationUnit tu)
{
	CXToken *t;
	unsigned n, i, j;
	CXSourceRange r = clang_getCursorExtent(clang_getTranslationUnitCursor(tu));

	clang_tokenize(tu, r, &t, &n);
	for (i = 0; i < n; i++) {
		char *a = cx_string(clang_getTokenSpelling(tu, t[i]));
		char *b = i + 1 < n ? cx_string(clang_getTokenSpelling(tu, t[i + 1])) : cx_strdup("");

		if (!strcmp(a, "<<") && !strcmp(b, "<") &&
		    off_of(clang_getTokenLocation(tu, t[i])) + 2 == off_of(clang_getTokenLocation(tu, t[i + 1]))) {
			if (in_device_code(tu, t[i]))
				token_error(s, tu, t[i], "dynamic parallelism (a kernel launch <<<...>>> in device code) is not supported");
			else
				token_error(s, tu, t[i], "a kernel launch <<<...>>> in host code: idxgen-cc translates kernels, not host code (compile the host code as C and launch with idxgen_rt_launch() or idxgen_module_load())");
		}
		if (clang_getTokenKind(t[i]) == CXToken_Keyword) {
			for (j = 0; j < sizeof(alt_tokens) / sizeof(alt_tokens[0]); j++)
				if (!strcmp(a, alt_tokens[j][0]))
					token_error(s, tu, t[i], "'%s' is a C++ alternative token and the output is C: write '%s'",
						    a, alt_tokens[j][1]);
			if (!strcmp(a, "constexpr"))
				token_error(s, tu, t[i], "'constexpr' is C++ and the output is C: use const, an enum or #define");
		}
		free(a);
		free(b);
	}
	clang_disposeTokens(tu, t, n);
}

/* Clang's refusal of a barrier in a (whole programs: implicitly __host__) __device__ function. */
static bool helper_barrier(const struct source *s, CXDiagnostic d)
{
	char *m = cx_string(clang_getDiagnosticSpelling(d));
	bool r = s->cxx && strstr(m, "reference to __device__ function '__syncthreads' in") != NULL;

	free(m);
	return r;
}

/* Everything a parse depends on but the files on disk, which do not change during a translation. */
static void parse_key(struct buf *key, CXIndex idx, const char *const *args, int nargs, const struct CXUnsavedFile *uf,
		      unsigned nuf, unsigned flags)
{
	bput(key, (const char *)&idx, sizeof(idx));
	bput(key, (const char *)&flags, sizeof(flags));
	bput(key, (const char *)&nargs, sizeof(nargs));
	bput(key, (const char *)&nuf, sizeof(nuf));
	for (int i = 0; i < nargs; i++)
		bput(key, args[i], strlen(args[i]) + 1);
	for (unsigned i = 0; i < nuf; i++) {
		bput(key, uf[i].Filename, strlen(uf[i].Filename) + 1);
		bput(key, (const char *)&uf[i].Length, sizeof(uf[i].Length));
		bput(key, uf[i].Contents, uf[i].Length);
	}
}

/*
 * The parse itself: s's text (and its edited kernel headers) after the
 * prelude, with args, then define when not NULL (-D...), clang's flags.
 */
CXTranslationUnit source_parse_raw(struct source *s, CXIndex idx, char *const *args, int nargs, const char *define,
				   unsigned flags)
{
	const char **cargs = cx_alloc(((size_t)nargs + 9) * sizeof(*cargs));
	struct CXUnsavedFile *uf = cx_alloc((2 + (size_t)s->nkhdr) * sizeof(*uf));
	CXTranslationUnit tu;
	unsigned i;
	int nc = 0, j;
	char inc[PATH_MAX + 2], inc_cuda[PATH_MAX + 8];
	struct buf key = { 0 };

	/* what lockstep_calls.c kept of an earlier parse: its cursors die with that parse */
	lockstep_memo_free(s);
	/* the prelude first, as nvcc includes cuda_runtime.h before the user's -include files */
	cargs[nc++] = "-include";
	cargs[nc++] = PARSE_HDR;
	for (j = 0; j < nargs; j++)
		cargs[nc++] = args[j];
	snprintf(inc, sizeof(inc), "-I%s", cc_paths()->include);
	snprintf(inc_cuda, sizeof(inc_cuda), "-I%s/cuda", cc_paths()->include);
	if (s->cxx) {
		/* host-side CUDA: <<<>>> is a kernel call; no CUDA installation used */
		cargs = cx_realloc(cargs, ((size_t)nargs + 20) * sizeof(*cargs));
		cargs[nc++] = "-x";
		cargs[nc++] = "cuda";
		cargs[nc++] = "--cuda-host-only";
		cargs[nc++] = "-nocudainc";
		cargs[nc++] = "-nocudalib";
		cargs[nc++] = "-Wno-unknown-cuda-version";
		cargs[nc++] = "-Xclang";
		cargs[nc++] = "-fcuda-allow-variadic-functions";
		cargs[nc++] = inc_cuda;
		cargs[nc++] = inc;
	} else {
		cargs[nc++] = "-x";
		cargs[nc++] = "c++";
		cargs[nc++] = "-std=c++14";
	}
	cargs[nc++] = "-D__IDXGEN_CC__=1";
	/*
	 * no limit: the parse's artifacts (a __syncthreads() in a __device__
	 * function is a "reference to __device__ function" under the
	 * host-device pragma) are errors that are not reported, and 20 of them
	 * made clang stop the parse ("too many errors emitted"; SHOC's
	 * sort_kernel.cu has 32 in two scans)
	 */
	cargs[nc++] = "-ferror-limit=0";
	if (define)
		cargs[nc++] = define;
	uf[0].Filename = PARSE_HDR;
	uf[0].Contents = s->cxx ? whole_header : parse_header;
	uf[0].Length = s->cxx ? sizeof(whole_header) - 1 : sizeof(parse_header) - 1;
	/* the text as read, or as warp.c rewrote it */
	uf[1].Filename = s->path;
	uf[1].Contents = s->text;
	uf[1].Length = (unsigned long)s->len;
	for (i = 0; i < s->nkhdr; i++) {	/* headers with kernels, as kernel_decls.c edited them */
		uf[2 + i].Filename = s->khdr[i].path;
		uf[2 + i].Contents = s->khdr[i].text;
		uf[2 + i].Length = (unsigned long)s->khdr[i].len;
	}
	parse_key(&key, idx, cargs, nc, uf, 2 + s->nkhdr, flags);
	tu = parse_memo_take(s, &key);
	if (tu && s->lstats)
		s->lstats->parses_kept++;
	else if (s->lstats)
		s->lstats->parses++;
	if (!tu && clang_parseTranslationUnit2(idx, s->path, cargs, nc, uf, 2 + s->nkhdr, flags, &tu) != CXError_Success)
		tu = NULL;
	if (tu)
		parse_memo_issued(s, tu, &key);
	buf_free(&key);
	free(cargs);
	free(uf);
	return tu;
}

static bool diag_has_file(CXDiagnostic d)
{
	CXFile f;

	clang_getExpansionLocation(clang_getDiagnosticLocation(d), &f, NULL, NULL, NULL);
	return f != NULL;
}

/*
 * A diagnostic without a place (clang's "'device' and 'global' attributes
 * are not compatible" is at an implicit attribute): "FILE:LINE:COL: error:
 * TEXT" at the first of its notes that has one, or "error: TEXT".
 */
static char *diag_at_note(CXDiagnostic d)
{
	CXDiagnosticSet ch = clang_getChildDiagnostics(d);
	char *m = cx_string(clang_getDiagnosticSpelling(d)), *r = NULL;
	unsigned i, line, col;

	for (i = 0; ch && i < clang_getNumDiagnosticsInSet(ch) && !r; i++) {
		CXDiagnostic n = clang_getDiagnosticInSet(ch, i);
		CXFile f;

		clang_getExpansionLocation(clang_getDiagnosticLocation(n), &f, &line, &col, NULL);
		if (f) {
			char *fn = cx_string(clang_getFileName(f));

			if (asprintf(&r, "%s:%u:%u: error: %s", fn, line, col, m) < 0)
				r = NULL;
			free(fn);
		}
		clang_disposeDiagnostic(n);
	}
	if (!r && asprintf(&r, "error: %s", m) < 0)
		r = NULL;
	free(m);
	return r ? r : cx_strdup("error: (no text)");
}

/* An error of the parse's own making: a function of a system header that
 * force_cuda_host_device made __host__ __device__ beside a host one. */
static bool host_device_artifact(CXDiagnostic d)
{
	char *m = cx_string(clang_getDiagnosticSpelling(d));
	bool r = strstr(m, "__host__ __device__ function") && strstr(m, "cannot overload");

	free(m);
	return r;
}

/* clang's default -ferror-limit: the parse's errors in system headers that end it */
#define SYSTEM_HEADER_ERRORS 20

/* Print the first error of diagnostics 0..upto-1 that is not an artifact of the parse (file, line, column). */
static void print_first_real_error(CXTranslationUnit tu, unsigned upto)
{
	for (unsigned i = 0; i < upto; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		bool first = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && !host_device_artifact(d);

		if (first) {
			char *f = cx_string(
				clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation | CXDiagnostic_DisplayColumn));

			fprintf(stderr, "%s\n", f);
			free(f);
		}
		clang_disposeDiagnostic(d);
		if (first)
			break;
	}
}

/*
 * clang's "too many errors emitted" after errors that were all in system
 * headers (hidden below): alone it names nothing, so the first of them
 * that is not an artifact of the parse is printed before it -- the header
 * and line where the parse went wrong (a Thrust include order our shims did
 * not expect gave only this line).
 */
static void print_first_system_error(CXTranslationUnit tu, unsigned upto, CXDiagnostic fatal)
{
	char *m = cx_string(clang_getDiagnosticSpelling(fatal));

	if (strstr(m, "too many errors emitted"))
		print_first_real_error(tu, upto);
	free(m);
}

/* Is location l inside the body of a kernel (a visitor over declarations, namespaces entered)? */
struct in_kernel {
	CXSourceLocation l;
	bool found;
};

static enum CXChildVisitResult find_kernel_around(CXCursor c, CXCursor parent, CXClientData data)
{
	struct in_kernel *k = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXSourceRange r;
	CXFile f, lf;
	unsigned b, e, at;

	(void)parent;
	if (kind == CXCursor_Namespace || kind == CXCursor_UnexposedDecl || kind == CXCursor_LinkageSpec)
		return CXChildVisit_Recurse;
	if ((kind != CXCursor_FunctionDecl && kind != CXCursor_FunctionTemplate) || !has_annot(c, "global"))
		return CXChildVisit_Continue;
	r = clang_getCursorExtent(c);
	clang_getFileLocation(clang_getRangeStart(r), &f, NULL, NULL, &b);
	clang_getFileLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &e);
	clang_getFileLocation(k->l, &lf, NULL, NULL, &at);
	k->found = f && lf && clang_File_isEqual(f, lf) && b <= at && at < e;
	return k->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool inside_kernel(CXTranslationUnit tu, CXSourceLocation l)
{
	struct in_kernel k = { l, false };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_kernel_around, &k);
	return k.found;
}

/*
 * Whole programs: a launch inside a kernel (the text made it a call of the
 * kernel) is dynamic parallelism, which whole.c refuses once the parse
 * succeeds; but clang cannot resolve such a call of an overloaded kernel
 * and fails the parse first ("no matching function for call to 'k'"):
 * is diagnostic d that failure?
 */
static bool kernel_called_in_kernel(CXTranslationUnit tu, CXDiagnostic d)
{
	static const char what[] = "no matching function for call to '";
	CXSourceLocation l = clang_getDiagnosticLocation(d);
	CXCursor c = clang_getCursor(tu, l);
	char *m = cx_string(clang_getDiagnosticSpelling(d));
	bool named = !strncmp(m, what, sizeof(what) - 1), kernel = false;

	free(m);
	if (!named)
		return false;
	if (clang_getCursorKind(c) == CXCursor_OverloadedDeclRef)
		for (unsigned i = 0; i < clang_getNumOverloadedDecls(c) && !kernel; i++)
			kernel = has_annot(clang_getOverloadedDecl(c, i), "global");
	else
		kernel = has_annot(clang_getCursorReferenced(c), "global");
	return kernel && inside_kernel(tu, l);
}

CXTranslationUnit source_parse(struct source *s, CXIndex idx, char *const *args, int nargs)
{
	CXTranslationUnit tu = source_parse_raw(s, idx, args, nargs, NULL, CXTranslationUnit_None);
	unsigned i, nd, system_errors = 0;

	if (!tu)
		return NULL;
	s->file = clang_getFile(tu, s->path);
	if (!s->cxx)	/* a whole program's launches are kernel calls (whole.c) */
		check_tokens(s, tu);
	if (s->edg && edg_scan(s, tu)) {
		/* text edg_compat.c fixes: the errors that follow may be its cascade; translated again */
		s->nerrors++;
		return tu;
	}
	nd = clang_getNumDiagnostics(tu);
	for (i = 0; i < nd && !s->nerrors; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (s->cxx && clang_Location_isInSystemHeader(clang_getDiagnosticLocation(d))) {
			/*
			 * An artifact of parsing the host's C++ library with every
			 * function __host__ __device__ (e.g. libstdc++'s what()
			 * overriding <new>'s host-only std::exception::what): the
			 * host compiler builds the real C++ and reports real errors.
			 * As many real ones as clang's default error limit (which
			 * the parse no longer has) is a header that does not parse:
			 * named, as the limit's "too many errors emitted" was.
			 */
			if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && !host_device_artifact(d) &&
			    ++system_errors == SYSTEM_HEADER_ERRORS) {
				print_first_real_error(tu, i + 1);
				fprintf(stderr, "%s: error: too many errors in system headers\n", s->path);
				s->nerrors++;
			}
			clang_disposeDiagnostic(d);
			continue;
		}
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && helper_barrier(s, d) &&
		    (s->model != EXEC_FISSION || s->inlining)) {
			/*
			 * whole programs: every function but a kernel is __host__
			 * __device__ and clang's own __syncthreads is __device__; a
			 * __device__ function with a barrier makes its callers fibers,
			 * unless loop fission is forced -- also when warp.c rewrote
			 * the text (a helper with a barrier and a cooperative group).
			 * Forced: an error, but not in warp_inline.c's parse, which
			 * may inline the helper (a later parse reports it if not).
			 */
			clang_disposeDiagnostic(d);
			continue;
		}
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && s->cxx && delete_outside_function(tu, d)) {
			/* a default member initializer's or argument's new: clang's, not nvcc's (parse_artifacts.c) */
			clang_disposeDiagnostic(d);
			continue;
		}
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && s->cxx && kernel_called_in_kernel(tu, d) &&
		    dyn_parallel_wait(s, clang_getDiagnosticLocation(d))) {
			/* a launch in device code: dyn_parallel.c writes it, or says why it cannot */
			clang_disposeDiagnostic(d);
			continue;
		}
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && s->quiet) {
			/*
			 * trying loop fission (the text warp.c rewrote, in auto
			 * mode): counted, not printed, as error_at does -- the
			 * kernel goes to fibers and the build may well succeed
			 * (an "error:" line printed by a build that exits 0)
			 */
			if (!s->quiet_msg)
				s->quiet_msg = cx_string(clang_getDiagnosticSpelling(d));
			s->nerrors++;
			clang_disposeDiagnostic(d);
			continue;
		}
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && s->cxx && kernel_called_in_kernel(tu, d)) {
			/* whole.c's words for it, the kernel's name from clang's message */
			char *m = cx_string(clang_getDiagnosticSpelling(d)), *name = strchr(m, '\'');
			unsigned line, col;

			clang_getExpansionLocation(clang_getDiagnosticLocation(d), NULL, &line, &col, NULL);
			fprintf(stderr,
				"%s:%u:%u: error: dynamic parallelism (launching or referencing kernel %s from device code) is not supported\n",
				s->path, line, col, name ? name : "?");
			free(m);
			s->nerrors++;
		} else if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error && s->wmap) {
			/* the text warp.c rewrote: the user's line and column */
			CXSourceLocation loc = clang_getDiagnosticLocation(d);
			char *m = cx_string(clang_getDiagnosticSpelling(d));
			unsigned line, col;
			CXFile f;

			if (helper_barrier(s, d)) {
				free(m);
				m = cx_strdup("__syncthreads() in a __device__ function is not supported");
			}
			clang_getExpansionLocation(loc, &f, &line, &col, NULL);
			warp_map_sloc(s, loc, &line, &col);
			fprintf(stderr, "%s:%u:%u: error: %s\n", s->path, line, col, m);
			free(m);
			s->nerrors++;
		} else if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			char *m = cx_string(clang_formatDiagnostic(d, CXDiagnostic_DisplaySourceLocation |
									   CXDiagnostic_DisplayColumn));
			char *hd = helper_barrier(s, d) ? strstr(m, "reference to __device__ function '__syncthreads' in") : NULL;

			if (hd)
				strcpy(hd, "__syncthreads() in a __device__ function is not supported");
			if (!diag_has_file(d)) {
				free(m);
				m = diag_at_note(d);
				if (s->cxx)
					print_first_system_error(tu, i, d);
			}

			fprintf(stderr, "%s\n", m);
			free(m);
			s->nerrors++;
		}
		clang_disposeDiagnostic(d);
	}
	return tu;
}

bool in_main(const struct source *s, CXCursor c)
{
	CXFile f;

	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	return f && clang_File_isEqual(f, s->file);
}

bool in_parse_header(CXCursor c)
{
	CXFile f;
	char *name;
	bool r;

	clang_getSpellingLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (!f)
		return false;
	name = cx_string(clang_getFileName(f));
	r = !strcmp(name, PARSE_HDR);
	/* whole programs: the device functions of our CUDA headers are built-ins too */
	if (!r && cc_our_header(name))
		r = !strncmp(cc_our_header(name), "/cuda/", 6);
	free(name);
	return r;
}

unsigned off_of(CXSourceLocation l)
{
	unsigned o;

	clang_getExpansionLocation(l, NULL, NULL, NULL, &o);
	return o;
}

unsigned c_start(CXCursor c)
{
	return off_of(clang_getRangeStart(clang_getCursorExtent(c)));
}

/*
 * Is l a location inside a macro's expansion whose expansion point is in the
 * main file?  libclang tells a macro's locations from the file's apart only
 * by the file they belong to (clang_getSpellingLocation is the file
 * location).
 */
static bool macro_in_main(CXTranslationUnit tu, CXSourceLocation l)
{
	unsigned o;
	CXFile f;

	clang_getExpansionLocation(l, &f, NULL, NULL, &o);
	return f && !clang_Location_isFromMainFile(l) &&
	       clang_Location_isFromMainFile(clang_getLocationForOffset(tu, f, o));
}

/* The offset just past the parenthesised list that starts at t[o], or o. */
static unsigned skip_parens(const char *t, unsigned len, unsigned o)
{
	unsigned depth = 0, i;
	char quote = 0;

	if (o >= len || t[o] != '(')
		return o;
	for (i = o; i < len; i++) {
		if (quote) {
			if (t[i] == '\\')
				i++;
			else if (t[i] == quote)
				quote = 0;
		} else if (t[i] == '"' || t[i] == '\'') {
			quote = t[i];
		} else if (t[i] == '(') {
			depth++;
		} else if (t[i] == ')' && !--depth) {
			return i + 1;
		}
	}
	return o;
}

/*
 * The end of the macro invocation whose name starts at l: the name and, where
 * a parenthesised list follows it, the list (the arguments of a function-like
 * macro); l's own offset where its file's text is not at hand.
 */
static unsigned invocation_end(CXTranslationUnit tu, CXSourceLocation l)
{
	CXFile f;
	unsigned o, i;
	size_t len = 0;
	const char *t;

	clang_getExpansionLocation(l, &f, NULL, NULL, &o);
	t = f ? clang_getFileContents(tu, f, &len) : NULL;
	if (!t || o >= len)
		return o;
	for (i = o; i < len && (t[i] == '_' || isalnum((unsigned char)t[i])); i++)
		;
	if (i == o)
		return o;
	o = i;
	while (i < len && isspace((unsigned char)t[i]))
		i++;
	i = skip_parens(t, (unsigned)len, i);
	return t[i - 1] == ')' ? i : o;
}

/*
 * The end of c's text.  An extent whose last token a macro argument brought
 * (`k < LOOP_BOUND(NK, nk)` inside another macro, PolyBench's loop bounds)
 * ends, as libclang translates it, at a location inside the expansion (not
 * in the main file although its expansion point is), and that location's
 * expansion point is the invocation's start: the text stopped before the
 * macro (`k < `).  It ends after the whole invocation instead, as an extent
 * whose last token is the macro's own does.
 */
unsigned c_end(CXCursor c)
{
	CXSourceLocation l = clang_getRangeEnd(clang_getCursorExtent(c));
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	unsigned o;

	if (macro_in_main(tu, l))
		return invocation_end(tu, l);
	clang_getExpansionLocation(l, NULL, NULL, NULL, &o);
	return o;
}

/* Is l inside a macro's expansion?  *at: the file position its expansion location names. */
static bool macro_location(CXTranslationUnit tu, CXSourceLocation l, CXSourceLocation *at)
{
	unsigned line, col;
	CXFile f;

	clang_getExpansionLocation(l, &f, &line, &col, NULL);
	if (!f)
		return false;	/* no file: nothing of the file's to read there */
	*at = clang_getLocation(tu, f, line, col);
	return !clang_equalLocations(l, *at);
}

/* How many of the n tokens t spell one macro's invocation: its name, then (...) if there is one. */
static unsigned invocation_tokens(CXTranslationUnit tu, const CXToken *t, unsigned n)
{
	unsigned depth = 0, i;

	if (n < 2 || clang_getTokenKind(t[1]) != CXToken_Punctuation)
		return 1;
	for (i = 1; i < n; i++) {
		CXString p = clang_getTokenSpelling(tu, t[i]);
		const char *ps = clang_getCString(p);
		bool open = !strcmp(ps, "("), close = !strcmp(ps, ")");

		clang_disposeString(p);
		if (i == 1 && !open)
			return 1;
		depth += open;
		depth -= close && depth;
		if (close && !depth)
			return i + 1;
	}
	return n;
}

/* A cursor written inside a macro's expansion (its text is not at its offsets). */
bool in_macro(CXCursor c)
{
	CXSourceLocation l = clang_getCursorLocation(c);
	unsigned a, b;
	CXFile fa, fb;

	clang_getExpansionLocation(l, &fa, NULL, NULL, &a);
	clang_getSpellingLocation(l, &fb, NULL, NULL, &b);
	return a != b || !fa || !fb || !clang_File_isEqual(fa, fb);
}

/*
 * A cursor written inside a macro's expansion of the main file, as an
 * argument (in_macro) or in the macro's own text (`#define AT s[j]`, where
 * in_macro sees the invocation's place): text copied from the invocation
 * does not name it where a rewrite could change it.
 */
bool in_expansion(CXCursor c)
{
	return in_macro(c) || macro_in_main(clang_Cursor_getTranslationUnit(c), clang_getCursorLocation(c));
}

/*
 * in_expansion() wherever the invocation is: also in a file the main file
 * includes, which the translation of a kernel file that a .cu includes
 * (Parboil's lbm.cu includes lbm_kernel.cu) edits as it does the main file.
 */
bool in_any_expansion(CXCursor c)
{
	CXSourceLocation at;

	return in_macro(c) ||
	       macro_location(clang_Cursor_getTranslationUnit(c), clang_getCursorLocation(c), &at);
}

/*
 * in_macro() or a cursor of a macro's body.  libclang 16's
 * clang_getSpellingLocation() gives the file location, which tells only a
 * macro's arguments apart: every cursor of a body has the invocation's
 * offsets (`#define STEP s[t] += s[t + k];`: the assignment, its target and
 * its value all read "STEP").  The invocation spells the outermost of them
 * faithfully, which is why in_macro() keeps taking it for file text (a
 * rewrite may wrap `RECORD` of `#define RECORD 12`); what compares the
 * texts of parts asks this.  A cursor that begins in a body but goes on
 * past the invocation (`C_b * x` with `#define C_b 1.3f`) is file text.
 */
bool macro_spelled(CXCursor c)
{
	CXTranslationUnit tu = clang_Cursor_getTranslationUnit(c);
	CXSourceRange r = clang_getCursorExtent(c);
	CXSourceLocation at;
	unsigned n;
	CXToken *t;
	bool body;

	if (in_macro(c))
		return true;
	if (!macro_location(tu, clang_getRangeStart(r), &at))
		return false;
	/* the file's tokens there (a range that begins at a macro location gives the #define's) */
	clang_tokenize(tu, clang_getRange(at, clang_getRangeEnd(r)), &t, &n);
	body = !n || clang_getTokenKind(t[0]) != CXToken_Identifier || invocation_tokens(tu, t, n) >= n;
	clang_disposeTokens(tu, t, n);
	return body;
}

unsigned stmt_end(const struct source *s, CXCursor c)
{
	unsigned e = c_end(c), o = e;
	const char *t = s->text;

	while (o < s->len && (t[o] == ' ' || t[o] == '\t' || t[o] == '\n' || t[o] == '\r'))
		o++;
	if (o < s->len && t[o] == ';')
		return o + 1;
	return e;
}

/*
 * [a, b) of the node [ga, gb) that is copied in parts (emit.c: between its
 * children): the edits of the node's own group too (shift.c's insertion
 * before it, its operator, the insertion after it), an insertion also in an
 * empty part.  ga == gb: none but those inside [a, b).
 */
void emit_src_of(const struct source *s, unsigned ga, unsigned gb, unsigned a, unsigned b, struct buf *o)
{
	unsigned i, from = a;

	if (!(a <= b && b <= s->len) || (a == b && ga == gb))
		return;
	for (i = 0; i < s->nedits; i++) {
		const struct edit *e = &s->edits[i];
		bool own = ga < gb && e->group_a == ga && e->group_b == gb && e->start >= from && e->end <= b;

		if (!own && (e->group_a < from || e->group_b > b || from == b))
			continue;	/* part of its group is not copied: none of it applies */
		bput(o, s->text + a, e->start - a);
		bputs(o, e->text);
		a = e->end;
	}
	bput(o, s->text + a, b - a);
}

void emit_src(const struct source *s, unsigned a, unsigned b, struct buf *o)
{
	if (a < b)
		emit_src_of(s, 0, 0, a, b, o);
}

static char *format_at(const struct source *s, CXCursor c, const char *sev, const char *fmt, va_list ap)
	__attribute__((format(printf, 4, 0)));
static char *format_at(const struct source *s, CXCursor c, const char *sev, const char *fmt, va_list ap)
{
	struct cx_loc l = cx_loc_of(c, s->path);
	char *m;

	warp_map_loc(s, c, &l.line, &l.col);
	m = cx_vformat(l, sev, fmt, ap);
	cx_loc_free(&l);
	return m;
}

static uint64_t text_hash(const char *m)
{
	uint64_t h = 0xcbf29ce484222325u;	/* FNV-1a */

	for (; *m; m++)
		h = (h ^ (unsigned char)*m) * 0x100000001b3u;
	return h;
}

void error_at(struct source *s, CXCursor c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (!s->quiet) {
		char *m = format_at(s, c, "error", fmt, ap);
		uint64_t h = text_hash(m);

		s->mute_notes = s->nerrors && h == s->last_error;
		if (!s->mute_notes)
			fprintf(stderr, "%s\n", m);
		s->last_error = h;
		free(m);
	} else if (!s->quiet_msg) {	/* trying loop fission: the first reason it cannot */
		char m[400];

		vsnprintf(m, sizeof(m), fmt, ap);
		s->quiet_msg = cx_strdup(m);
	}
	va_end(ap);
	s->nerrors++;
}

static void note_fmt(const struct source *s, CXCursor c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void note_fmt(const struct source *s, CXCursor c, const char *fmt, ...)
{
	va_list ap;

	char *m;

	if (s->quiet || s->mute_notes)
		return;
	va_start(ap, fmt);
	m = format_at(s, c, "note", fmt, ap);
	va_end(ap);
	fprintf(stderr, "%s\n", m);
	free(m);
}

void note_at(const struct source *s, CXCursor c, const char *msg)
{
	note_fmt(s, c, "%s", msg);
}
