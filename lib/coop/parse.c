/* SPDX-License-Identifier: MIT */
/*
 * parse.c - the front end of idxgen-coop: libclang parses the input (C11,
 * the include directory of idxgen_coop.h, -I/-D), clang's warnings and errors
 * are printed, the main file's text is kept; then the entry function, its
 * body and COOP_WARPS(N) are found.
 */
#include "coop.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* Prints clang's warnings and errors; the number of errors. */
static int clang_diagnostics(CXTranslationUnit tu)
{
	int errors = 0;
	unsigned n;

	for (n = 0; n < clang_getNumDiagnostics(tu); n++) {
		CXDiagnostic dg = clang_getDiagnostic(tu, n);
		enum CXDiagnosticSeverity sev = clang_getDiagnosticSeverity(dg);

		if (sev >= CXDiagnostic_Warning) {
			CXString s = clang_formatDiagnostic(dg, CXDiagnostic_DisplaySourceLocation |
									CXDiagnostic_DisplayColumn);

			fprintf(stderr, "%s\n", clang_getCString(s));
			clang_disposeString(s);
		}
		if (sev >= CXDiagnostic_Error)
			errors++;
		clang_disposeDiagnostic(dg);
	}
	return errors;
}

int parse_input(struct coop *co)
{
	const struct coop_opts *o = &co->opt;
	const char *text;
	size_t sz;

	if (o->ncargs > (size_t)INT_MAX ||
	    clang_parseTranslationUnit2(co->idx, o->input, (const char *const *)o->cargs,
					(int)o->ncargs, NULL, 0,
					CXTranslationUnit_DetailedPreprocessingRecord,
					&co->tu) != CXError_Success) {
		fprintf(stderr, "idxgen-coop: cannot parse %s\n", o->input);
		return 2;
	}
	if (clang_diagnostics(co->tu))
		return 1;
	text = clang_getFileContents(co->tu, clang_getFile(co->tu, o->input), &sz);
	if (!text) {
		fprintf(stderr, "idxgen-coop: cannot read %s\n", o->input);
		return 2;
	}
	co->text = cx_alloc(sz + 1);
	memcpy(co->text, text, sz);
	co->len = sz;
	return -1;
}

struct find_ctx {
	const char *entry;
	CXCursor fn, nwarps;
	bool have_fn, have_nwarps;
};

/* The entry's definition and COOP_NWARPS (enumerators of included files count too). */
static enum CXChildVisitResult find_top(CXCursor c, CXCursor parent, CXClientData d)
{
	struct find_ctx *fc = d;
	enum CXCursorKind k = clang_getCursorKind(c);
	char *name;

	(void)parent;
	if (k == CXCursor_EnumDecl)
		return CXChildVisit_Recurse;
	if (k != CXCursor_EnumConstantDecl &&
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	name = cx_spelling(c);
	if (k == CXCursor_FunctionDecl && !strcmp(name, fc->entry) && clang_isCursorDefinition(c)) {
		fc->fn = c;
		fc->have_fn = true;
	} else if (k == CXCursor_EnumConstantDecl && !strcmp(name, "COOP_NWARPS")) {
		fc->nwarps = c;
		fc->have_nwarps = true;
	}
	free(name);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct find_ctx *fc = d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Continue;
	fc->fn = c;
	fc->have_fn = true;
	return CXChildVisit_Break;
}

int find_entry(struct coop *co)
{
	const struct coop_opts *o = &co->opt;
	struct find_ctx fc = { .entry = o->entry };
	long long nwarps;

	clang_visitChildren(clang_getTranslationUnitCursor(co->tu), find_top, &fc);
	if (!fc.have_fn) {
		fprintf(stderr, "%s:1:1: error: no definition of %s() in this file\n", o->input,
			o->entry);
		return 1;
	}
	if (!fc.have_nwarps) {
		fprintf(stderr, "%s:1:1: error: no COOP_WARPS(N) declaration in this file\n",
			o->input);
		return 1;
	}
	co->fn = fc.fn;
	nwarps = clang_getEnumConstantDeclValue(fc.nwarps);
	co->nwarps_where = coop_loc(fc.nwarps);
	if (nwarps < 1 || nwarps > COOP_MAX_WARPS) {
		diag_at(co, co->nwarps_where, "error", "COOP_WARPS(%lld): between 1 and %d warps",
			nwarps, COOP_MAX_WARPS);
		return 1;
	}
	co->nwarps = (int)nwarps;
	fc.have_fn = false;
	clang_visitChildren(co->fn, body_visit, &fc);
	if (!fc.have_fn) {
		error_at(co, co->fn, "%s() has no body", o->entry);
		return 1;
	}
	co->body = fc.fn;
	return 0;
}
