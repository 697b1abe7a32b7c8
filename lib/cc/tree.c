// SPDX-License-Identifier: MIT
/*
 * tree.c - the block reduction tree, run with the block's size as a constant.
 *
 * `for (s = blockDim.x / 2; s > 0; s >>= 1) { if (tid < s) sdata[tid] +=
 * sdata[tid + s]; __syncthreads(); }` (and the halving `while` of teaching
 * code) is emitted as a loop once per block whose levels are thread loops
 * over [0, s) (guard.c).  With the block's size known only at run time the
 * compiler cannot unroll the levels, and the short ones (s < the vector
 * width) run as scalar remainder loops with each level's bounds and
 * vector prologue around them.  emit.c writes such a loop once more, in a
 * branch per common 1-D block size (128, 256, 512, 1024 threads) in which
 * the block's shape (__bdx, __bdy, __bdz, blockDim) is redeclared as that
 * constant: the same statements, the same order of operations, every value
 * bit for bit the general code's (the branch is taken only when the
 * constants are the block's values), and the compiler unrolls the levels
 * and keeps the short ones in registers.  Nothing is assumed of the
 * operator or the type: floating sums are exact here because nothing is
 * reordered.
 *
 * This file only decides where the copies pay and where writing the loop
 * several times could change its meaning: a loop whose header halves a
 * variable started from blockDim (`s >>= 1`, `s /= 2`, `s = s >> 1`,
 * `s = s / 2`) and that contains no label, goto or return (labels are the
 * function's own: a second copy would declare them again), no static or
 * __shared__ declaration (each copy would be a variable of its own) and no
 * inner loop with barriers (copies of copies).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"

/* The 1-D block sizes a reduction tree is written for, the likeliest first. */
const unsigned tree_sizes[TREE_SIZES] = { 256, 128, 512, 1024 };

/* The text of [a, b) without white space, at most n - 1 characters; false if longer. */
static bool squeezed(const struct source *s, unsigned a, unsigned b, char *out, size_t n)
{
	size_t j = 0;

	for (; a < b && a < s->len; a++) {
		if (isspace((unsigned char)s->text[a]))
			continue;
		if (j + 1 >= n)
			return false;
		out[j++] = s->text[a];
	}
	out[j] = 0;
	return j > 0;
}

/* Is the statement or expression c a halving of one variable?  Its name in v. */
static bool halving(const struct source *s, CXCursor c, char *v, size_t n)
{
	char t[160], *op;
	size_t len;
	static const char *const steps[] = { ">>=1", "/=2" };

	if (clang_Cursor_isNull(c) || in_macro(c) || !squeezed(s, c_start(c), c_end(c), t, sizeof(t)))
		return false;
	len = strlen(t);
	if (len && t[len - 1] == ';')
		t[--len] = 0;
	for (unsigned i = 0; i < sizeof(steps) / sizeof(*steps); i++) {
		size_t sl = strlen(steps[i]);

		if (len > sl && !strcmp(t + len - sl, steps[i])) {
			t[len - sl] = 0;
			goto name;
		}
	}
	op = strchr(t, '=');	/* v = v >> 1, v = v / 2 */
	if (!op || op == t)
		return false;
	*op = 0;
	if (strlen(op + 1) != strlen(t) + 3 || strncmp(op + 1, t, strlen(t)) ||
	    (strcmp(op + 1 + strlen(t), ">>1") && strcmp(op + 1 + strlen(t), "/2")))
		return false;
name:
	for (const char *p = t; *p; p++)
		if (!text_ident_char(*p))
			return false;
	if (strlen(t) + 1 > n || !*t)
		return false;
	strcpy(v, t);
	return true;
}

struct tree_scan {
	const struct kernel *k;
	CXCursor loop;
	const char *var;	/* the halved variable */
	bool bad, from_blockdim;
};

static bool has_blockdim(const struct source *s, CXCursor c)
{
	unsigned a = c_start(c), b = c_end(c);

	for (; a + 8 <= b && a + 8 <= s->len; a++)
		if (!memcmp(s->text + a, "blockDim", 8))
			return true;
	return false;
}

static enum CXChildVisitResult scan(CXCursor c, CXCursor parent, CXClientData d)
{
	struct tree_scan *t = d;
	enum CXCursorKind ck = clang_getCursorKind(c);

	(void)parent;
	switch (ck) {
	case CXCursor_LabelStmt:
	case CXCursor_GotoStmt:
	case CXCursor_IndirectGotoStmt:
	case CXCursor_ReturnStmt:
	case CXCursor_LambdaExpr:
	case CXCursor_AsmStmt:
		t->bad = true;
		return CXChildVisit_Break;
	case CXCursor_VarDecl:
		if (clang_Cursor_getStorageClass(c) == CX_SC_Static || is_shared_decl(c)) {
			t->bad = true;
			return CXChildVisit_Break;
		}
		break;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		if (!clang_equalCursors(c, t->loop) && count_barriers(c)) {
			t->bad = true;
			return CXChildVisit_Break;
		}
		break;
	case CXCursor_DeclRefExpr: {
		/* the halved variable's declaration outside the loop: its initializer */
		CXCursor d2 = clang_getCursorReferenced(c), init;
		CXString sp = clang_getCursorSpelling(c);

		if (!strcmp(clang_getCString(sp), t->var) && clang_getCursorKind(d2) == CXCursor_VarDecl) {
			init = var_init(d2);
			if (!clang_Cursor_isNull(init) && has_blockdim(t->k->src, init))
				t->from_blockdim = true;
		}
		clang_disposeString(sp);
		break;
	}
	default:
		break;
	}
	return CXChildVisit_Recurse;
}

bool tree_loop(const struct kernel *k, CXCursor c)
{
	enum CXCursorKind ck = clang_getCursorKind(c);
	CXCursor init, cond, inc, body;
	char v[64];
	bool ok = false;
	struct tree_scan t = { .k = k, .loop = c, .var = v };

	if (in_macro(c) || !count_barriers(c))
		return false;
	if (ck == CXCursor_ForStmt) {
		for_parts(k->src, c, &init, &cond, &inc, &body);
		ok = halving(k->src, inc, v, sizeof(v));
		if (ok && !clang_Cursor_isNull(init) && has_blockdim(k->src, init))
			t.from_blockdim = true;
	} else if (ck == CXCursor_WhileStmt || ck == CXCursor_DoStmt) {
		struct cx_kids ks = cx_kids_of(c), b;

		if (ks.n == 2) {
			b = body_list(k->src, ks.c[ck == CXCursor_DoStmt ? 0 : 1]);
			for (unsigned i = 0; i < b.n && !ok; i++)
				ok = halving(k->src, unwrap_stmt(k->src, b.c[i]), v, sizeof(v));
			cx_kids_free(&b);
		}
		cx_kids_free(&ks);
	}
	if (!ok)
		return false;
	clang_visitChildren(c, scan, &t);
	return !t.bad && t.from_blockdim;
}

/*
 * The first step of tree_level.c's and tree_fuse.c's walks over a level's
 * statement and a load: in a macro, a static or __shared__ declaration
 * (one variable for every thread) or a call of anything but a pure math
 * built-in, PURE_BAD; literals, parentheses, casts, ?:, declarations of
 * plain locals and pure calls, PURE_RECURSE (their parts are walked);
 * anything else the caller's own question.
 */
enum pure_step pure_walk_step(CXCursor c)
{
	if (in_macro(c))
		return PURE_BAD;
	switch (clang_getCursorKind(c)) {
	case CXCursor_DeclStmt:
	case CXCursor_IntegerLiteral:
	case CXCursor_FloatingLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_CXXBoolLiteralExpr:
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
	case CXCursor_ConditionalOperator:
	case CXCursor_TypeRef:
		return PURE_RECURSE;
	case CXCursor_VarDecl:
		return clang_Cursor_getStorageClass(c) == CX_SC_Static || is_shared_decl(c)
			   ? PURE_BAD
			   : PURE_RECURSE;
	case CXCursor_CallExpr:
		return pure_builtin(c) ? PURE_RECURSE : PURE_BAD;
	default:
		return PURE_OTHER;
	}
}
