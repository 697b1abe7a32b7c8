// SPDX-License-Identifier: MIT
/*
 * offsets.c - a set of offsets into a file, each once, in the order first
 * added: the invocations the macro_*_expand.c passes want written out
 * (several kernels or launches of one invocation name it once); and the
 * walk over the main file's function definitions where those passes look
 * for them.
 */
#include "cc.h"

void offsets_add(struct offsets *o, unsigned a)
{
	for (unsigned i = 0; i < o->n; i++)
		if (o->off[i] == a)
			return;
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 8;
		o->off = cx_realloc(o->off, o->cap * sizeof(*o->off));
	}
	o->off[o->n++] = a;
}

struct fn_walk {
	CXFile main;
	void (*each)(CXCursor fn, void *arg);
	void *arg;
};

static enum CXChildVisitResult fn_def_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct fn_walk *w = data;
	enum CXCursorKind k = clang_getCursorKind(c);
	CXFile f;

	(void)parent;
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_UnexposedDecl ||
	    k == CXCursor_StructDecl || k == CXCursor_ClassDecl || k == CXCursor_ClassTemplate)
		return CXChildVisit_Recurse;
	if (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate && k != CXCursor_CXXMethod)
		return CXChildVisit_Continue;
	clang_getExpansionLocation(clang_getCursorLocation(c), &f, NULL, NULL, NULL);
	if (f && clang_File_isEqual(f, w->main) && clang_isCursorDefinition(c))
		w->each(c, w->arg);
	return CXChildVisit_Continue;
}

void main_fn_defs(CXTranslationUnit tu, const char *path, void (*each)(CXCursor fn, void *arg), void *arg)
{
	struct fn_walk w = { clang_getFile(tu, path), each, arg };

	if (w.main)
		clang_visitChildren(clang_getTranslationUnitCursor(tu), fn_def_visit, &w);
}
