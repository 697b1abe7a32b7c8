// SPDX-License-Identifier: MIT
/*
 * narrow_cast.c - device code's conversions of a floating value to an 8- or
 * 16-bit integer, as the GPU computes them.
 *
 * nvcc converts through a 32-bit register: `(unsigned char)f` is
 * cvt.rzi.u32.f32 (saturating to 0 .. 2^32 - 1, NaN 0) then a store of the
 * low byte, so 300.0f gives 44 and -1.0f gives 0; `(short)f` is
 * cvt.rzi.s32.f32 then the low 16 bits.  The host compile of a .cu file
 * saturates float->integer conversions as PTX does
 * (-fno-strict-float-cast-overflow, driver.c), but at the destination's own
 * width: 300.0f would give 255.  So the operand of such a conversion is
 * converted to int (signed destinations) or unsigned (unsigned ones) first,
 * `(unsigned char)(unsigned)(f)`, and the narrowing is then an integer
 * truncation, the GPU's.  Explicit casts (C, static_cast, functional) and
 * implicit conversions (assignment, initialisation, argument, return) are
 * rewritten; a compound assignment (`c += f`) has no conversion of its own
 * in the syntax tree and stays as written, as does a conversion in a
 * macro's text or of a dependent type.  Same edit groups as shift.c.
 */
#include "cc.h"

#include <stdbool.h>

/* 8/16-bit integer destinations: 'u' unsigned, 's' signed, 0 other types. */
static char narrow_kind(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
		return 'u';
	case CXType_Char_S:
	case CXType_SChar:
	case CXType_Short:
		return 's';
	default:
		return 0;
	}
}

static bool floating(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Float:
	case CXType_Double:
	case CXType_LongDouble:
	case CXType_Half:
	case CXType_Float16:
		return true;
	default:
		return false;
	}
}

static bool conversion_kind(enum CXCursorKind k)
{
	return k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr ||
	       k == CXCursor_CXXFunctionalCastExpr || k == CXCursor_UnexposedExpr;
}

/* The converted operand of c: its last child that is an expression (a cast's type may come first). */
static bool operand_of(CXCursor c, CXCursor *op)
{
	struct cx_kids ks = cx_kids_of(c);
	bool found = false;

	for (unsigned i = ks.n; i-- > 0 && !found;)
		if (clang_isExpression(clang_getCursorKind(ks.c[i]))) {
			*op = ks.c[i];
			found = true;
		}
	cx_kids_free(&ks);
	return found;
}

static void narrow_at(struct source *s, CXCursor c)
{
	char kind = narrow_kind(clang_getCursorType(c));
	CXCursor op;
	unsigned a, b;

	if (!kind || !conversion_kind(clang_getCursorKind(c)) || !operand_of(c, &op) ||
	    !floating(clang_getCursorType(op)) || macro_spelled(c) || macro_spelled(op))
		return;
	a = c_start(op);
	b = c_end(op);
	if (!(a < b && b <= s->len))
		return;
	{
		struct edit g[2] = {
			{ a, a, kind == 'u' ? "(unsigned)(" : "(int)(", a, b, EDIT_OPEN, 0 },
			{ b, b, ")", a, b, EDIT_CLOSE, 0 },
		};

		source_edit_group(s, g, 2);
	}
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	narrow_at(d, c);
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult file_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct source *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!in_main(s, c))
		return CXChildVisit_Continue;
	if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate || k == CXCursor_CXXMethod ||
	    k == CXCursor_Constructor || k == CXCursor_Destructor || k == CXCursor_ConversionFunction) {
		if (clang_isCursorDefinition(c) && (cuda_quals(c) & CUDA_Q_DEVICE))
			clang_visitChildren(c, body_visit, s);
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;	/* namespaces, classes, templates of classes */
}

void narrow_cast_edits(struct source *s, CXTranslationUnit tu)
{
	clang_visitChildren(clang_getTranslationUnitCursor(tu), file_visit, s);
}
