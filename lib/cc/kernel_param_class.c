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

/* Whether the record declared by decl (or one of its bases or fields) has a
 * user-provided destructor or copy constructor. */
static bool record_copy_or_dtor(CXCursor decl, unsigned depth);

static bool type_copy_or_dtor(CXType t, unsigned depth)
{
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
	return s->cxx && type_copy_or_dtor(clang_getCursorType(param), 0);
}
