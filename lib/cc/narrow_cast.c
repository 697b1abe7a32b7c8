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
 * rewritten; a compound assignment (`c += f`), which has no conversion of
 * its own in the syntax tree, and a template's cast, variable or return of
 * a dependent type go through include/idxgen_cc_narrow.h's helpers.  Left
 * as written: a conversion in a macro's text, an assignment to a dependent
 * lvalue, a conversion from a class (__half: nvcc's own saturating
 * operator).  Same edit groups as shift.c; emit.c applies a group at the
 * innermost node of its extent.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* 8/16-bit integer destinations: 'u' unsigned, 's' signed, 0 other types. */
static char narrow_kind(CXType t)
{
	switch (clang_getCanonicalType(t).kind) {
	case CXType_Char_U:
	case CXType_UChar:
	case CXType_UShort:
	case CXType_Char16:
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

static bool explicit_cast(enum CXCursorKind k)
{
	return k == CXCursor_CStyleCastExpr || k == CXCursor_CXXStaticCastExpr || k == CXCursor_CXXFunctionalCastExpr;
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

/*
 * A conversion from a class (__half's `operator float()`): nvcc's headers
 * convert a half to an 8/16-bit integer with their own saturating operator
 * (__half2uchar_rz), which the saturating conversion of the float already
 * gives.  Found among the nodes of the operand's own extent.
 */
static bool from_class(CXCursor op)
{
	CXCursor only;

	for (;;) {
		if (clang_getCanonicalType(clang_getCursorType(op)).kind == CXType_Record)
			return true;
		if (!cx_only_child(op, &only) || c_start(only) != c_start(op) || c_end(only) != c_end(op))
			return false;
		op = only;
	}
}

/*
 * `c += f` (also -=, *=, /=) of an 8/16-bit c and a floating f: the sum is
 * converted to c's type with no node of its own, so the whole assignment
 * becomes __idxgen_add_eq_via32(c, f) (include/idxgen_cc_narrow.h), c
 * evaluated once, as shift.c's compound shifts.
 */
static void compound_at(struct source *s, CXCursor c)
{
	static const char *const ops[][2] = {
		{ "+=", "__idxgen_add_eq_via32(" },
		{ "-=", "__idxgen_sub_eq_via32(" },
		{ "*=", "__idxgen_mul_eq_via32(" },
		{ "/=", "__idxgen_div_eq_via32(" },
	};
	struct cx_kids ks = cx_kids_of(c);
	const char *t = s->text, *helper = NULL;
	unsigned a, le, ra, b, o;

	if (ks.n != 2 || !narrow_kind(clang_getCursorType(ks.c[0])) || !floating(clang_getCursorType(ks.c[1])) ||
	    macro_spelled(c)) {
		cx_kids_free(&ks);
		return;
	}
	a = c_start(ks.c[0]);
	le = c_end(ks.c[0]);
	ra = c_start(ks.c[1]);
	b = c_end(ks.c[1]);
	cx_kids_free(&ks);
	if (!(a < le && le <= ra && ra < b && b <= s->len) || c_start(c) != a || c_end(c) != b)
		return;
	for (o = le; o < ra && strchr(" \t\r\n", t[o]); o++)
		;
	for (unsigned i = 0; i < sizeof(ops) / sizeof(ops[0]) && o + 2 <= ra; i++)
		if (!strncmp(t + o, ops[i][0], 2))
			helper = ops[i][1];
	if (!helper)
		return;
	for (unsigned i = o + 2; i < ra; i++)
		if (!strchr(" \t\r\n", t[i]))
			return;	/* a comment or a macro's text between: not the operator alone */
	{
		struct edit g[3] = {
			{ a, a, (char *)helper, a, b, EDIT_OPEN, 0 },
			{ o, o + 2, ",", a, b, EDIT_REPLACE, 0 },
			{ b, b, ")", a, b, EDIT_CLOSE, 0 },
		};

		source_edit_group(s, g, 3);
	}
}

/* Is t a template's dependent type (what it is is known only where the template is instantiated)? */
static bool dependent(CXType t)
{
	return clang_getCanonicalType(t).kind == CXType_Unexposed;
}

/*
 * A float or double op converted to a template's dependent type t, its
 * group [ga, gb): op becomes __idxgen_via32<T>(op) (include/idxgen_cc_narrow.h),
 * which converts through 32 bits only when T turns out an 8/16-bit integer.
 * in_text: the type's spelling must be in [ga, op) (a cast's type as written
 * there), or the conversion stays as it is.
 */
static void dependent_at(struct source *s, CXType t, CXCursor op, unsigned ga, unsigned gb, bool in_text)
{
	char *ty = cx_string(clang_getTypeSpelling(t));
	unsigned a = c_start(op), b = c_end(op);
	size_t n = strlen(ty);
	bool named = !in_text;
	char *open;

	for (unsigned i = ga; n && i + n <= a && !named; i++)
		named = !strncmp(s->text + i, ty, n);
	if (n && named && ga <= a && a < b && b <= gb && gb <= s->len && !macro_spelled(op) &&
	    asprintf(&open, "__idxgen_via32<%s>(", ty) > 0) {
		struct edit g[2] = {
			{ a, a, open, ga, gb, EDIT_OPEN, 0 },
			{ b, b, ")", ga, gb, EDIT_CLOSE, 0 },
		};

		source_edit_group(s, g, 2);
		free(open);
	}
	free(ty);
}

/*
 * A template's variable of a dependent type initialised with a float,
 * `T v = f;`, and a return of a float from a function whose result type is
 * dependent: the initialiser, the returned value through __idxgen_via32.
 */
static void dependent_init_at(struct source *s, CXCursor v)
{
	CXCursor init = var_init(v);

	if (clang_Cursor_isNull(init) || !dependent(clang_getCursorType(v)) || init_at_name(v, init) ||
	    !floating(clang_getCursorType(init)) || macro_spelled(v))
		return;
	dependent_at(s, clang_getCursorType(v), init, c_start(init), c_end(init), false);
}

static void dependent_return_at(struct source *s, CXCursor ret, CXType result)
{
	CXCursor op;

	if (!dependent(result) || !cx_only_child(ret, &op) || !floating(clang_getCursorType(op)) || macro_spelled(ret))
		return;
	dependent_at(s, result, op, c_start(op), c_end(op), false);
}

/*
 * The group's extent is the node the emitters copy in parts (emit.c): an
 * explicit cast's own, an implicit conversion's (its operand's, claimed by
 * the innermost node of that extent).
 */
static void narrow_at(struct source *s, CXCursor c)
{
	char kind = narrow_kind(clang_getCursorType(c));
	enum CXCursorKind k = clang_getCursorKind(c);
	CXCursor op;
	unsigned a, b, ga, gb;

	if (explicit_cast(k) && dependent(clang_getCursorType(c)) && operand_of(c, &op) &&
	    floating(clang_getCursorType(op)) && !macro_spelled(c)) {
		dependent_at(s, clang_getCursorType(c), op, c_start(c), c_end(c), true);
		return;
	}
	if (!kind || !(explicit_cast(k) || k == CXCursor_UnexposedExpr) || !operand_of(c, &op) ||
	    !floating(clang_getCursorType(op)) || from_class(op) || macro_spelled(c) || macro_spelled(op))
		return;
	a = c_start(op);
	b = c_end(op);
	ga = explicit_cast(k) ? c_start(c) : a;
	gb = explicit_cast(k) ? c_end(c) : b;
	if (!(ga <= a && a < b && b <= gb && gb <= s->len) || (!explicit_cast(k) && (c_start(c) != a || c_end(c) != b)))
		return;
	{
		struct edit g[2] = {
			{ a, a, kind == 'u' ? "(unsigned)(" : "(int)(", ga, gb, EDIT_OPEN, 0 },
			{ b, b, ")", ga, gb, EDIT_CLOSE, 0 },
		};

		source_edit_group(s, g, 2);
	}
}

struct narrow_ctx {
	struct source *s;
	CXType result;	/* the function's result type (a lambda's returns are its own) */
};

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct narrow_ctx *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_LambdaExpr) {
		struct narrow_ctx in = { x->s, clang_getCursorResultType(c) };

		clang_visitChildren(c, body_visit, &in);
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CompoundAssignOperator)
		compound_at(x->s, c);
	else if (k == CXCursor_VarDecl)
		dependent_init_at(x->s, c);
	else if (k == CXCursor_ReturnStmt)
		dependent_return_at(x->s, c, x->result);
	else
		narrow_at(x->s, c);
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult file_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct source *s = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!in_main(s, c))
		return CXChildVisit_Continue;
	if (function_kind(k)) {
		struct narrow_ctx x = { s, clang_getCursorResultType(c) };

		if (clang_isCursorDefinition(c) && (cuda_quals(c) & CUDA_Q_DEVICE))
			clang_visitChildren(c, body_visit, &x);
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;	/* namespaces, classes, templates of classes */
}

void narrow_cast_edits(struct source *s, CXTranslationUnit tu)
{
	clang_visitChildren(clang_getTranslationUnitCursor(tu), file_visit, s);
}
