// SPDX-License-Identifier: MIT
/*
 * param_names.c - names for the parameters a kernel leaves unnamed.  C++
 * allows `__global__ void k(float *out, std::bool_constant<Atomic>)`, a tag
 * that only picks a template's instantiation (llm.c's matmul_backward_bias);
 * the translation reads every parameter by name (the loop-fission block
 * function's locals, the host stub's argument array), so each such parameter
 * gets one, __idxgen_argN with N its position, written into the kernel's
 * declaration (an edit of the copied text, marked unused: the body never
 * reads it).  A declarator the name would have to go inside (`void (*)(int)`,
 * `int[4]`) stays unnamed and refused.
 */
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Can a name be written after the whole of a parameter declaration of type t? */
static bool name_goes_last(CXType t)
{
	t = clang_getCanonicalType(t);
	if (t.kind == CXType_Pointer || t.kind == CXType_LValueReference || t.kind == CXType_RValueReference) {
		CXType p = clang_getCanonicalType(clang_getPointeeType(t));

		return p.kind != CXType_FunctionProto && p.kind != CXType_FunctionNoProto &&
		       p.kind != CXType_ConstantArray && p.kind != CXType_IncompleteArray;
	}
	return t.kind != CXType_ConstantArray && t.kind != CXType_IncompleteArray &&
	       t.kind != CXType_VariableArray && t.kind != CXType_DependentSizedArray &&
	       t.kind != CXType_MemberPointer && t.kind != CXType_FunctionProto;
}

struct param_walk {
	CXCursor parm;
	unsigned pos;
	bool found;
};

static enum CXChildVisitResult find_param(CXCursor c, CXCursor parent, CXClientData d)
{
	struct param_walk *w = d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ParmDecl)
		return CXChildVisit_Continue;
	if (clang_equalCursors(c, w->parm)) {
		w->found = true;
		return CXChildVisit_Break;
	}
	w->pos++;
	return CXChildVisit_Continue;
}

char *kernel_param_name(CXCursor fn, CXCursor parm)
{
	char *n = cx_spelling(parm);
	struct param_walk w = { parm, 0, false };
	char buf[32];

	if (*n || !name_goes_last(clang_getCursorType(parm)))
		return n;
	clang_visitChildren(fn, find_param, &w);
	if (!w.found)	/* a parameter of a parameter's function type */
		return n;
	free(n);
	snprintf(buf, sizeof(buf), "__idxgen_arg%u", w.pos);
	return cx_strdup(buf);
}

static enum CXChildVisitResult name_param(CXCursor c, CXCursor parent, CXClientData d)
{
	struct source *s = d;
	char *n, *spelled;
	struct buf text = { 0 };

	if (clang_getCursorKind(c) != CXCursor_ParmDecl)
		return CXChildVisit_Continue;
	spelled = cx_spelling(c);
	n = kernel_param_name(parent, c);
	if (!*spelled && *n) {
		bprintf(&text, " %s __attribute__((unused))", n);
		source_edit(s, c_end(c), c_end(c), text.p);	/* the edit keeps a copy */
		buf_free(&text);
	}
	free(n);
	free(spelled);
	return CXChildVisit_Continue;
}

void name_unnamed_params(struct source *s, CXCursor fn)
{
	clang_visitChildren(fn, name_param, s);
}
