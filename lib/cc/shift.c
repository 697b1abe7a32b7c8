// SPDX-License-Identifier: MIT
/*
 * shift.c - device code's shifts by a count that is not a constant, as the
 * GPU computes them (include/idxgen_cc_shift.h says why).
 *
 * In kernels, __device__ and __host__ __device__ functions of the file,
 * `a << n` becomes `__idxgen_shl(a , n)` (likewise >>, <<= and >>=) by a
 * group of three edits: an insertion before a, the operator replaced by a
 * comma, `)` after n.  emit_src applies a group only where it copies all of
 * it, so every model's copy of the text (loop fission, fibers, lane loops)
 * gets it whole or not at all.  A count that names no variable, member,
 * call or subscript (a literal, an enumerator, a template parameter,
 * sizeof) is a constant and stays as written: the compiler folds it, and a
 * constant count past the width is the program's own error.  A shift whose
 * operator is in a macro's text has no place in the file to edit: the main
 * file's invocations that write one in device code are written out first
 * (macro_shift_expand.c asks shift_in_macro), a header's macro used in a
 * header stays as written.  Refused: `<<=`/`>>=` of a bit-field by such a count (the
 * helper takes the lvalue by reference).
 */
#include "cc.h"

#include <stdio.h>
#include <string.h>

/*
 * A name of the translator's own (`__idxgen_vt`, a lane of warp_volatile.c's
 * lane loops, shifting a 32-bit mask): what an earlier pass wrote counts
 * below the width by construction, and keeping it as written keeps the
 * pinned loops (tests/cc/golden/warp_volatile.cu) and their speed.
 */
static bool translator_name(CXCursor ref)
{
	CXString n = clang_getCursorSpelling(ref);
	bool own = !strncmp(clang_getCString(n), "__idxgen_", 9);

	clang_disposeString(n);
	return own;
}

/* A count that may vary: it names a variable, parameter or member, or calls or subscripts. */
static enum CXChildVisitResult varies_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_DeclRefExpr) {
		enum CXCursorKind r = clang_getCursorKind(clang_getCursorReferenced(c));

		if (translator_name(c))
			return CXChildVisit_Continue;
		if (r != CXCursor_EnumConstantDecl && r != CXCursor_NonTypeTemplateParameter) {
			*(bool *)d = true;
			return CXChildVisit_Break;
		}
	}
	if (k == CXCursor_MemberRefExpr || k == CXCursor_CallExpr || k == CXCursor_ArraySubscriptExpr ||
	    k == CXCursor_CXXThisExpr) {
		*(bool *)d = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

static bool count_varies(CXCursor n)
{
	bool r = false;

	if (varies_visit(n, clang_getNullCursor(), &r) == CXChildVisit_Break)
		return true;
	clang_visitChildren(n, varies_visit, &r);
	return r;
}

static CXCursor strip_parens(CXCursor e)
{
	CXCursor only;

	while ((clang_getCursorKind(e) == CXCursor_ParenExpr || clang_getCursorKind(e) == CXCursor_UnexposedExpr) &&
	       cx_only_child(e, &only))
		e = only;
	return e;
}

static bool is_bit_field(CXCursor lv)
{
	lv = strip_parens(lv);
	return clang_getCursorKind(lv) == CXCursor_MemberRefExpr &&
	       clang_Cursor_isBitField(clang_getCursorReferenced(lv));
}

/* The operator of c, l OP r, alone in the file's text between l and r: [*o, *oe). */
static bool op_spelled(const struct source *s, CXCursor c, CXCursor l, CXCursor r, unsigned *o, unsigned *oe)
{
	unsigned a = c_start(l), le = c_end(l), ra = c_start(r), b = c_end(r);
	const char *t = s->text;

	if (!(a < le && le <= ra && ra < b && b <= s->len) || c_start(c) != a || c_end(c) != b)
		return false;
	for (*o = le; *o < ra && strchr(" \t\r\n", t[*o]); ++*o)
		;
	if (*o + 2 > ra || !((t[*o] == '<' && t[*o + 1] == '<') || (t[*o] == '>' && t[*o + 1] == '>')))
		return false;
	*oe = *o + 2 + (*o + 2 < ra && t[*o + 2] == '=');
	for (unsigned i = *oe; i < ra; i++)
		if (!strchr(" \t\r\n", t[i]))
			return false;	/* a comment or a macro's text between: not the operator alone */
	return true;
}

struct shift_ctx {
	struct source *s;
	unsigned made;
};

/* The shift c, l OP r: its group of edits when the operator is in the file's text between l and r. */
static void shift_edit(struct shift_ctx *x, CXCursor c, CXCursor l, CXCursor r)
{
	struct source *s = x->s;
	unsigned a = c_start(l), b = c_end(r), o, oe;
	const char *t = s->text, *helper;
	char name[24];

	if (!op_spelled(s, c, l, r, &o, &oe))
		return;
	helper = t[o] == '<' ? "__idxgen_shl" : "__idxgen_shr";
	if (oe == o + 3 && is_bit_field(l)) {
		error_at(s, c, "'%.3s' of a bit-field by a count that is not a constant is not supported (the GPU "
			       "clamps a count past the width, the CPU does not: write 'x = x %.2s n')",
			 t + o, t + o);
		return;
	}
	snprintf(name, sizeof(name), "%s%s(", helper, oe == o + 3 ? "_eq" : "");
	{
		struct edit g[3] = {
			{ a, a, name, a, b, EDIT_OPEN, 0 },
			{ o, oe, ",", a, b, EDIT_REPLACE, 0 },
			{ b, b, ")", a, b, EDIT_CLOSE, 0 },
		};

		x->made += source_edit_group(s, g, 3);
	}
}

static void shift_at(struct shift_ctx *x, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ks;
	CXCursor l, r;
	char op[4];

	if (k == CXCursor_CallExpr) {
		if (dependent_binary(c, op, &l, &r) &&
		    (!strcmp(op, "<<") || !strcmp(op, ">>") || !strcmp(op, "<<=") || !strcmp(op, ">>=")) &&
		    count_varies(r))
			shift_edit(x, c, l, r);
		return;
	}
	if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
		return;
	ks = cx_kids_of(c);
	if (ks.n == 2) {
		op_text(x->s, c, op);
		if ((!strcmp(op, "<<") || !strcmp(op, ">>") || !strcmp(op, "<<=") || !strcmp(op, ">>=")) &&
		    count_varies(ks.c[1]))
			shift_edit(x, c, ks.c[0], ks.c[1]);
	}
	cx_kids_free(&ks);
}

/*
 * Is c a shift by a count that may vary, whose operator a macro's text
 * writes?  The file does not show the operator there (op_text cannot read
 * it, libclang 16 cannot name it): the macro's #define is read for `<<` or
 * `>>` (macro_may_shift), yes where it cannot be read.
 */
bool shift_in_macro(const struct source *s, CXCursor c)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct cx_kids ks;
	unsigned o, oe;
	bool r;

	if (k != CXCursor_BinaryOperator && k != CXCursor_CompoundAssignOperator)
		return false;
	ks = cx_kids_of(c);
	r = ks.n == 2 && !op_spelled(s, c, ks.c[0], ks.c[1], &o, &oe) && count_varies(ks.c[1]) &&
	    macro_may_shift(s, c);
	cx_kids_free(&ks);
	return r;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	(void)parent;
	shift_at(d, c);	/* outer before inner: the order of their insertions (rewrite.c) */
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult file_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct shift_ctx *x = d;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (!in_main(x->s, c))
		return CXChildVisit_Continue;
	if (function_kind(k)) {
		if (clang_isCursorDefinition(c) && (cuda_quals(c) & CUDA_Q_DEVICE))
			clang_visitChildren(c, body_visit, x);
		return CXChildVisit_Continue;
	}
	return CXChildVisit_Recurse;	/* namespaces, classes, templates of classes */
}

void shift_edits(struct source *s, CXTranslationUnit tu)
{
	struct shift_ctx x = { s, 0 };

	clang_visitChildren(clang_getTranslationUnitCursor(tu), file_visit, &x);
}
