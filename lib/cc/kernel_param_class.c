// SPDX-License-Identifier: MIT
/*
 * kernel_param_class.c - kernel parameters of a class type whose copy or
 * destruction does something.
 *
 * CUDA passes a kernel's arguments bitwise: the launch copies the object's
 * bytes into the parameter space, and no copy constructor or destructor of
 * the parameter runs on the device (the host's copy is destroyed on the
 * host).  A class such as a lock or an owning array whose destructor frees
 * what it points to (`~Lock() { cudaFree(mutex); }`) relies on that.  The
 * translated kernel must then bind the parameter to a bitwise copy without
 * constructing or destroying it; a copy written `T p = *(T *)arg;` would
 * run both once per block or per thread (the first block's destructor
 * freed the lock the others were spinning on: a hang).
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

/* Whether the record declared by decl (or one of its bases or fields) has a
 * user-provided destructor or copy constructor. */
static bool record_copy_or_dtor(CXCursor decl, unsigned depth);

/*
 * A type that depends on a template's parameters and names a class template
 * (`Vec<T>` in `template <class T> __global__ void k(Vec<T> v)`): what its
 * instantiations copy and destroy is known only per instantiation, and a
 * partial or explicit specialisation may differ from the primary template.
 * Bound bitwise always, as CUDA binds every argument: for a trivially
 * copyable instantiation that is the same copy.
 */
static bool dependent_class_template(CXType t)
{
	enum CXCursorKind k;

	if (clang_getCanonicalType(t).kind != CXType_Unexposed)
		return false;
	k = clang_getCursorKind(clang_getTypeDeclaration(t));
	return k == CXCursor_ClassTemplate || k == CXCursor_ClassTemplatePartialSpecialization;
}

/*
 * A kernel template's bare type parameter passed by value (`template <class
 * F> __global__ void transform(F f, ...)`, a functor): an instantiation may
 * make it any class, one with a copy constructor or destructor of its own
 * included, and one translation serves them all.  Bound bitwise always, as
 * for a dependent class template: for a scalar, a pointer or a trivially
 * copyable class the byte copy is the same copy.
 */
struct tparam_scan {
	const char *name;
	bool found;
};

static enum CXChildVisitResult tparam_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct tparam_scan *ts = data;
	char *n;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_TemplateTypeParameter)
		return CXChildVisit_Continue;
	n = cx_spelling(c);
	ts->found = !strcmp(n, ts->name);
	free(n);
	return ts->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* (libclang 16 has no declaration for a template parameter's type: its name is
 * compared with the template's type parameters, a `const` before it allowed.) */
static bool template_type_parameter(CXCursor param)
{
	CXType t = clang_getCursorType(param);
	CXCursor fn = clang_getCursorSemanticParent(param);
	char *spelled;
	struct tparam_scan ts = { NULL, false };

	if (clang_getCanonicalType(t).kind != CXType_Unexposed ||
	    clang_getCursorKind(fn) != CXCursor_FunctionTemplate)
		return false;
	spelled = cx_string(clang_getTypeSpelling(t));
	ts.name = strncmp(spelled, "const ", 6) ? spelled : spelled + 6;
	clang_visitChildren(fn, tparam_visit, &ts);
	free(spelled);
	return ts.found;
}

static bool type_copy_or_dtor(CXType t, unsigned depth)
{
	if (dependent_class_template(t))
		return true;
	t = clang_getCanonicalType(t);
	while (t.kind == CXType_ConstantArray)
		t = clang_getCanonicalType(clang_getArrayElementType(t));
	if (t.kind != CXType_Record || depth > 16)
		return false;
	return record_copy_or_dtor(clang_getTypeDeclaration(t), depth + 1);
}

struct copy_scan {
	unsigned depth;
	bool found;
};

static enum CXChildVisitResult copy_or_dtor_visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct copy_scan *cs = data;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_Destructor:
		cs->found = !clang_CXXMethod_isDefaulted(c);
		break;
	case CXCursor_Constructor:
		cs->found = clang_CXXConstructor_isCopyConstructor(c) && !clang_CXXMethod_isDefaulted(c) &&
			    !clang_CXXMethod_isDeleted(c);
		break;
	case CXCursor_CXXBaseSpecifier:
	case CXCursor_FieldDecl:
		cs->found = type_copy_or_dtor(clang_getCursorType(c), cs->depth);
		break;
	default:
		break;
	}
	return cs->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

static bool record_copy_or_dtor(CXCursor decl, unsigned depth)
{
	struct copy_scan cs = { depth, false };
	CXCursor def = clang_getCursorDefinition(decl), tmpl;

	if (clang_Cursor_isNull(def))
		return false;
	clang_visitChildren(def, copy_or_dtor_visit, &cs);
	/* an instantiation (DeviceView<float>) shows its members in its template's definition */
	tmpl = clang_getSpecializedCursorTemplate(def);
	if (!cs.found && !clang_Cursor_isNull(tmpl))
		clang_visitChildren(tmpl, copy_or_dtor_visit, &cs);
	return cs.found;
}

bool kernel_param_bitwise(const struct source *s, CXCursor param)
{
	return s->cxx && (template_type_parameter(param) || type_copy_or_dtor(clang_getCursorType(param), 0));
}
