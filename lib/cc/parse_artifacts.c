// SPDX-License-Identifier: MIT
/*
 * parse_artifacts.c - errors of clang's CUDA host parse that nvcc does not
 * give and that the translated C++ does not have (frontend.c drops them).
 *
 * A new-expression outside any function -- a default member initializer
 * (`std::shared_ptr<F> f_{new F()};`, CLI11.hpp) or a default argument
 * (`A(F *p = new F)`) -- makes clang 16 look up the operator delete that
 * undoes it from the class's or the namespace's context, where it picks the
 * __device__ one of its two implicit declarations (host and device) and
 * then refuses it in the host function that uses the initializer: "reference
 * to __device__ function 'operator delete' in __host__ __device__ function".
 * The same expression in a constructor's body or a function parses.  The
 * parse only reads the syntax tree; the host C++ compiler builds the new
 * and its delete, so such an error is dropped -- only there.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* Is kind a place with a function context (its own body) for a new-expression? */
static bool function_context(enum CXCursorKind k)
{
	return k == CXCursor_FunctionDecl || k == CXCursor_CXXMethod || k == CXCursor_Constructor ||
	       k == CXCursor_Destructor || k == CXCursor_ConversionFunction ||
	       k == CXCursor_FunctionTemplate || k == CXCursor_LambdaExpr;
}

struct around {
	unsigned off; /* the diagnostic's offset in its file */
	CXFile file;
	bool outside_function; /* the innermost context around off is a field or a parameter */
};

static bool contains(CXCursor c, CXFile file, unsigned off)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile f;
	unsigned a, b;

	clang_getExpansionLocation(clang_getRangeStart(r), &f, NULL, NULL, &a);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL, &b);
	return f && clang_File_isEqual(f, file) && a <= off && off < b;
}

static enum CXChildVisitResult find_context(CXCursor c, CXCursor parent, CXClientData data)
{
	struct around *a = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!contains(c, a->file, a->off))
		return CXChildVisit_Continue;
	if (k == CXCursor_FieldDecl || k == CXCursor_ParmDecl)
		a->outside_function = true;
	else if (function_context(k))
		a->outside_function = false;
	return CXChildVisit_Recurse;
}

bool delete_outside_function(CXTranslationUnit tu, CXDiagnostic d)
{
	char *m = cx_string(clang_getDiagnosticSpelling(d));
	bool msg = !strncmp(m, "reference to __device__ function 'operator delete", 49) &&
		   strstr(m, "' in __host__");
	struct around a = {0, NULL, false};

	free(m);
	if (!msg)
		return false;
	clang_getExpansionLocation(clang_getDiagnosticLocation(d), &a.file, NULL, NULL, &a.off);
	if (!a.file)
		return false;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_context, &a);
	return a.outside_function;
}
