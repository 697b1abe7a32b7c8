/* SPDX-License-Identifier: MIT */
/*
 * idxgen-coop - turn a sequential cooperative program (include/idxgen_coop.h)
 * into parallel C: one function per warp, one thread each, joined by
 * one-shot channels.  Run `idxgen-coop --help` for the pipeline and options.
 *
 * Pipeline:
 *  1. libclang parses the input; coop_main()'s body becomes the schedule
 *     tree (constant-trip for loops, intrinsic calls).
 *  2. Expanding the loops gives the instances p1.., c1.. in sequential
 *     order; control edges chain each warp's instances (program order).
 *  3. Per buffer element (segments of the ranges' endpoints): data edges
 *     last writer -> reader (control-data flow graph), resource edges
 *     reader -> next writer (control-data-resource flow graph).
 *  4. Transitive reduction: a dependence is dropped iff another path from
 *     its source reaches its target (program order included).  The graph is
 *     acyclic (every edge goes forward in sequential order), so dropping all
 *     of them at once keeps reachability.
 *  5. One channel per kept cross-warp dependence; code generation.
 */
#define _GNU_SOURCE
#include "cx.h"

#include <clang-c/Index.h>
#include <errno.h>
#include <limits.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef COOP_INCLUDE_DIR
#define COOP_INCLUDE_DIR "/usr/local/include"
#endif

#define MAX_INSTANCES 8192
#define MAX_DEPTH     32

enum ikind { I_DEV, I_COPY, I_PROD, I_CONS };
static const char *const ikind_name[] = { "coop_dev_produce", "coop_copy", "coop_produce",
					  "coop_consume" };
/* Argument positions: warp, buffer, lo, hi (and dx for I_DEV). */
static const int arg_buf[] = { 1, 1, 2, 2 }, arg_lo[] = { 2, 2, 3, 3 }, nargs[] = { 5, 5, 6, 6 };

enum ekind { E_CONTROL, E_DATA, E_RESOURCE };
static const char *const ekind_name[] = { "control", "data", "resource" };


struct buffer {
	char *name, *usr;
	int kind;  /* 1 host, 2 device, 0 unknown */
	long size; /* -1 unknown */
	struct cx_loc where;
};

struct inst {
	enum ikind kind;
	int warp, buf, tree;
	long lo, hi, dx;
	char label[16];
	char *text; /* the call with loop variables replaced by their values */
	char *iter; /* "i=0 j=2" */
	struct cx_loc where, warp_where;
};

struct edge {
	int u, v;
	enum ekind kind;
	int removed, chan;
};

/* Schedule tree: a root, loops and calls. */
struct tnode {
	int parent;
	int is_loop;
	CXCursor cur;
	char *text;
};

static CXTranslationUnit tu;
static char *src_text;
static unsigned long src_len;
static CXFile main_file;
static int nerrors, nwarps = -1;
static struct cx_loc nwarps_where;

static struct buffer bufs[256];
static int nbufs;
static struct inst *insts;
static int ninst;
static struct edge *edges;
static int nedges, cap_edges;
static struct tnode tree[4096];
static int ntree;

/* The loop variables in scope: name, declaration, current value. */
static struct {
	const char *name;
	CXCursor decl;
	long val;
} env[MAX_DEPTH];
static int nenv;

static struct cx_loc cursor_loc(CXCursor c)
{
	return cx_loc_of(c, "<input>");
}

static void diag_at(struct cx_loc l, const char *sev, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void diag_at(struct cx_loc l, const char *sev, const char *fmt, ...)
{
	/* A call in a loop reports the same thing once, not once per iteration. */
	static char *seen[64];
	static int nseen, skip_notes;
	char *msg;
	va_list ap;
	int i;

	if (!strcmp(sev, "error"))
		nerrors++;
	else if (skip_notes)
		return;
	va_start(ap, fmt);
	msg = cx_vformat(l, sev, fmt, ap);
	va_end(ap);
	if (strcmp(sev, "error"))
		goto print;
	for (i = 0; i < nseen; i++)
		if (!strcmp(seen[i], msg)) {
			skip_notes = 1;
			free(msg);
			return;
		}
	skip_notes = 0;
	if (nseen < 64)
		seen[nseen++] = cx_strdup(msg);
print:
	fprintf(stderr, "%s\n", msg);
	free(msg);
}

#define error_at(c, ...) diag_at(cursor_loc(c), "error", __VA_ARGS__)

/* The loop variable a DeclRefExpr names, or -1. */
static int env_of(CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);
	int k;

	for (k = nenv - 1; k >= 0; k--)
		if (clang_equalCursors(d, env[k].decl))
			return k;
	return -1;
}

static void extent_offsets(CXSourceRange r, unsigned *a, unsigned *b)
{
	clang_getSpellingLocation(clang_getRangeStart(r), NULL, NULL, NULL, a);
	clang_getSpellingLocation(clang_getRangeEnd(r), NULL, NULL, NULL, b);
}

struct refs {
	unsigned *at; /* start, end, env index: triples */
	int n, cap;
};

static enum CXChildVisitResult ref_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct refs *r = d;
	unsigned ta, tb;
	int k;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr || (k = env_of(c)) < 0)
		return CXChildVisit_Recurse;
	if (r->n == r->cap) {
		r->cap = r->cap ? 2 * r->cap : 16;
		r->at = realloc(r->at, sizeof(unsigned) * 3 * (size_t)r->cap);
		if (!r->at) {
			fprintf(stderr, "idxgen-coop: out of memory\n");
			exit(2);
		}
	}
	extent_offsets(clang_getCursorExtent(c), &ta, &tb);
	r->at[3 * r->n] = ta;
	r->at[3 * r->n + 1] = tb;
	r->at[3 * r->n + 2] = (unsigned)k;
	r->n++;
	return CXChildVisit_Continue;
}

static int cmp_ref(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	return x < y ? -1 : x > y;
}

/* Source text of a cursor; with subst, the loop variables it uses replaced by (value). */
static char *cursor_text(CXCursor c, int subst)
{
	struct refs r = { NULL, 0, 0 };
	unsigned a, b, pos;
	size_t len = 0;
	char *out;
	int i;

	extent_offsets(clang_getCursorExtent(c), &a, &b);
	if (b > src_len || a > b)
		return cx_strdup("?");
	if (subst)
		clang_visitChildren(c, ref_visit, &r);
	if (r.n)
		qsort(r.at, (size_t)r.n, 3 * sizeof(unsigned), cmp_ref);
	out = cx_alloc((b - a) + (size_t)r.n * 24 + 1);
	pos = a;
	for (i = 0; i < r.n; i++) {
		unsigned ta = r.at[3 * i], tb = r.at[3 * i + 1];

		if (ta < pos || tb > b || tb < ta) /* macro-expanded: leave the text */
			continue;
		memcpy(out + len, src_text + pos, ta - pos);
		len += ta - pos;
		len += (size_t)sprintf(out + len, "(%ld)", env[r.at[3 * i + 2]].val);
		pos = tb;
	}
	memcpy(out + len, src_text + pos, b - pos);
	len += b - pos;
	out[len] = 0;
	free(r.at);
	return out;
}

struct kids {
	CXCursor c[16];
	int n;
};

/*
 * The first 16 children of c, attributes left out (cx_kids_of), as a value:
 * the callers look at a few and pass them around.
 */
static struct kids kids_of(CXCursor c)
{
	struct cx_kids all = cx_kids_of(c);
	struct kids k = { .n = 0 };
	unsigned i;

	for (i = 0; i < all.n && k.n < 16; i++)
		k.c[k.n++] = all.c[i];
	cx_kids_free(&all);
	return k;
}

/* The operator token of a unary/binary expression: the first token after
 * the left operand (binary) or the first token (unary prefix). */
static void op_token(CXCursor c, const CXCursor *lhs, char op[4])
{
	CXToken *toks;
	unsigned ntoks, i, after = 0, ta;
	CXString s;

	op[0] = 0;
	if (lhs)
		extent_offsets(clang_getCursorExtent(*lhs), NULL, &after);
	clang_tokenize(tu, clang_getCursorExtent(c), &toks, &ntoks);
	for (i = 0; i < ntoks; i++) {
		extent_offsets(clang_getTokenExtent(tu, toks[i]), &ta, NULL);
		if (lhs && ta < after)
			continue;
		if (clang_getTokenKind(toks[i]) != CXToken_Punctuation)
			break;
		s = clang_getTokenSpelling(tu, toks[i]);
		snprintf(op, 4, "%s", clang_getCString(s));
		clang_disposeString(s);
		break;
	}
	clang_disposeTokens(tu, toks, ntoks);
}

static int eval_clang(CXCursor c, long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(c);
	int ok = 0;

	if (r) {
		if (clang_EvalResult_getKind(r) == CXEval_Int) {
			*v = (long)clang_EvalResult_getAsLongLong(r);
			ok = 1;
		}
		clang_EvalResult_dispose(r);
	}
	return ok;
}

/* Evaluate an integer expression of constants and loop variables. */
static int eval(CXCursor c, long *v)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ch = kids_of(c);
	long a, b;
	char op[4];

	switch (k) {
	case CXCursor_IntegerLiteral:
		return eval_clang(c, v);
	case CXCursor_ParenExpr:
	case CXCursor_UnexposedExpr:
	case CXCursor_CStyleCastExpr:
		if (ch.n >= 1 && ch.n <= 2 && eval(ch.c[ch.n - 1], v))
			return 1;
		return eval_clang(c, v);
	case CXCursor_DeclRefExpr: {
		int i = env_of(c);

		if (i >= 0) {
			*v = env[i].val;
			return 1;
		}
		return eval_clang(c, v);
	}
	case CXCursor_UnaryOperator:
		op_token(c, NULL, op);
		if (ch.n != 1 || !eval(ch.c[0], &a))
			return 0;
		if (!strcmp(op, "-") && a != LONG_MIN)
			*v = -a;
		else if (!strcmp(op, "+"))
			*v = a;
		else if (!strcmp(op, "~"))
			*v = ~a;
		else if (!strcmp(op, "!"))
			*v = !a;
		else
			return 0;
		return 1;
	case CXCursor_BinaryOperator:
		if (ch.n != 2 || !eval(ch.c[0], &a) || !eval(ch.c[1], &b))
			return 0;
		op_token(c, &ch.c[0], op);
#define OP(s, e)                                                                                   \
	if (!strcmp(op, s)) {                                                                      \
		*v = (e);                                                                          \
		return 1;                                                                          \
	}
		if (!strcmp(op, "+"))
			return !__builtin_add_overflow(a, b, v);
		if (!strcmp(op, "-"))
			return !__builtin_sub_overflow(a, b, v);
		if (!strcmp(op, "*"))
			return !__builtin_mul_overflow(a, b, v);
		if (b >= 0 && b < 63 && a >= 0 && a <= (LONG_MAX >> b))
			OP("<<", a << b);
		if (b >= 0 && b < 63)
			OP(">>", a >> b);
		OP("&", a & b) OP("|", a | b) OP("^", a ^ b);
		OP("<", a < b) OP(">", a > b) OP("<=", a <= b) OP(">=", a >= b);
		OP("==", a == b) OP("!=", a != b) OP("&&", a && b) OP("||", a || b);
		if (b && !(a == LONG_MIN && b == -1) && !strcmp(op, "/")) {
			*v = a / b;
			return 1;
		}
		if (b && !(a == LONG_MIN && b == -1) && !strcmp(op, "%")) {
			*v = a % b;
			return 1;
		}
#undef OP
		return 0;
	default:
		return 0;
	}
}

/* ---- schedule tree from coop_main's body ---- */

static int tree_add(int parent, int is_loop, CXCursor c, char *text)
{
	if (ntree == (int)(sizeof(tree) / sizeof(tree[0]))) {
		error_at(c, "program too large (more than %d statements)", ntree);
		return -1;
	}
	tree[ntree] = (struct tnode){ parent, is_loop, c, text };
	return ntree++;
}

static int intrinsic_kind(CXCursor call)
{
	char *name = cx_spelling(call);
	int i;

	for (i = 0; i < 4; i++)
		if (!strcmp(name, ikind_name[i]))
			break;
	free(name);
	return i < 4 ? i : -1;
}

struct stmts {
	CXCursor *c;
	int n, cap;
};

static enum CXChildVisitResult stmt_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct stmts *st = d;

	(void)parent;
	if (st->n == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 16;
		st->c = realloc(st->c, sizeof(*st->c) * (size_t)st->cap);
		if (!st->c) {
			fprintf(stderr, "idxgen-coop: out of memory\n");
			exit(2);
		}
	}
	st->c[st->n++] = c;
	return CXChildVisit_Continue;
}

static void build_tree(CXCursor c, int parent)
{
	enum CXCursorKind k = clang_getCursorKind(c);
	struct kids ch;
	int i, me;

	switch (k) {
	case CXCursor_CompoundStmt: {
		struct stmts st = { NULL, 0, 0 };

		clang_visitChildren(c, stmt_visit, &st);
		for (i = 0; i < st.n; i++)
			build_tree(st.c[i], parent);
		free(st.c);
		return;
	}
	case CXCursor_NullStmt:
		return;
	case CXCursor_ForStmt:
		ch = kids_of(c);
		if (ch.n != 4) {
			error_at(c, "for loop needs an init, a condition and an increment: "
				    "cooperative warps need constant trip counts");
			return;
		}
		{
			/* The tree shows the loop's header as written. */
			unsigned a, b;
			char *h;

			extent_offsets(clang_getCursorExtent(c), &a, NULL);
			extent_offsets(clang_getCursorExtent(ch.c[3]), &b, NULL);
			if (b > src_len || a > b)
				a = b = 0;
			while (b > a && (src_text[b - 1] == ' ' || src_text[b - 1] == '\t' ||
					 src_text[b - 1] == '\n'))
				b--;
			h = cx_alloc(b - a + 1);
			memcpy(h, src_text + a, b - a);
			me = tree_add(parent, 1, c, h);
		}
		if (me < 0)
			return;
		build_tree(ch.c[3], me);
		return;
	case CXCursor_CallExpr:
		if (intrinsic_kind(c) < 0) {
			char *n = cx_spelling(c);

			error_at(c,
				 "call of '%s' in a cooperative program: only the coop_* "
				 "intrinsics may be called here (move it into a producer or "
				 "consumer function)",
				 n);
			free(n);
			return;
		}
		tree_add(parent, 0, c, cursor_text(c, 0));
		return;
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		error_at(c, "%s loop: cooperative warps need for loops with constant trip "
			    "counts (other loops are rejected)",
			 k == CXCursor_WhileStmt ? "while" : "do");
		return;
	default: {
		CXString s = clang_getCursorKindSpelling(k);

		error_at(c,
			 "statement (%s) not allowed in a cooperative program: only constant-trip "
			 "for loops and coop_* intrinsic calls",
			 clang_getCString(s));
		clang_disposeString(s);
		return;
	}
	}
}

/* for (int v = A; v < B; v++ | ++v | v += S) with A, B, S constant. */
static int loop_bounds(CXCursor c, char **var, CXCursor *decl, long *lo, long *hi, long *step)
{
	struct kids ch = kids_of(c), k2;
	CXCursor init = ch.c[0], cond = ch.c[1], inc = ch.c[2];
	char op[4], cop[4];
	long b;

	*var = NULL;
	if (clang_getCursorKind(init) == CXCursor_DeclStmt) {
		k2 = kids_of(init);
		if (k2.n != 1 || clang_getCursorKind(k2.c[0]) != CXCursor_VarDecl)
			goto bad_init;
		*var = cx_spelling(k2.c[0]);
		*decl = k2.c[0];
		k2 = kids_of(k2.c[0]);
		if (k2.n < 1 || !eval(k2.c[k2.n - 1], lo))
			goto bad_init;
	} else {
		goto bad_init;
	}
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		goto bad_cond;
	k2 = kids_of(cond);
	if (k2.n != 2)
		goto bad_cond;
	{
		CXCursor l = k2.c[0];

		while (clang_getCursorKind(l) == CXCursor_UnexposedExpr && kids_of(l).n == 1)
			l = kids_of(l).c[0];
		if (clang_getCursorKind(l) != CXCursor_DeclRefExpr ||
		    !clang_equalCursors(clang_getCursorReferenced(l), *decl))
			goto bad_cond;
	}
	op_token(cond, &k2.c[0], cop);
	if (!eval(k2.c[1], &b)) {
		error_at(k2.c[1], "loop bound is not a compile-time constant: cooperative "
				  "warps need constant trip counts (such loops are rejected)");
		return 0;
	}
	if (!strcmp(cop, "<") || !strcmp(cop, "!="))
		*hi = b;
	else if (!strcmp(cop, "<=") && b < LONG_MAX)
		*hi = b + 1;
	else
		goto bad_cond;
	if (clang_getCursorKind(inc) == CXCursor_UnaryOperator) {
		op_token(inc, NULL, op);
		if (!strcmp(op, "++")) {
			*step = 1;
		} else {
			k2 = kids_of(inc);
			op_token(inc, &k2.c[0], op);
			if (strcmp(op, "++"))
				goto bad_inc;
			*step = 1;
		}
	} else if (clang_getCursorKind(inc) == CXCursor_CompoundAssignOperator) {
		k2 = kids_of(inc);
		op_token(inc, &k2.c[0], op);
		if (k2.n != 2 || strcmp(op, "+=") || !eval(k2.c[1], step) || *step <= 0)
			goto bad_inc;
	} else {
		goto bad_inc;
	}
	if (!strcmp(cop, "!=") && (*hi < *lo || (*hi - *lo) % *step)) {
		error_at(cond, "loop never reaches its bound");
		return 0;
	}
	if (*hi > *lo && (*hi - *lo) / *step > MAX_INSTANCES) {
		error_at(cond, "loop of more than %d trips: too many instances to expand",
			 MAX_INSTANCES);
		return 0;
	}
	return 1;
bad_init:
	error_at(init, "loop must start 'for (int v = CONSTANT; ...': cooperative warps need "
		       "constant trip counts");
	return 0;
bad_cond:
	error_at(cond, "loop condition must be 'v < CONSTANT' (or <=, !=) on the loop variable");
	return 0;
bad_inc:
	error_at(inc, "loop increment must be v++, ++v or v += POSITIVE_CONSTANT");
	return 0;
}

static int buffer_of(CXCursor arg)
{
	CXCursor c = arg, ref;
	struct kids ch;
	CXString usr;
	char op[4];
	int i;

	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);

		ch = kids_of(c);
		if ((k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) && ch.n == 1) {
			c = ch.c[0];
			continue;
		}
		if (k == CXCursor_UnaryOperator && ch.n == 1) {
			op_token(c, NULL, op);
			if (strcmp(op, "&"))
				break;
			c = ch.c[0];
			continue;
		}
		break;
	}
	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr)
		goto bad;
	ref = clang_getCursorReferenced(c);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl)
		goto bad;
	usr = clang_getCursorUSR(ref);
	for (i = 0; i < nbufs; i++)
		if (!strcmp(bufs[i].usr, clang_getCString(usr)))
			break;
	if (i == nbufs) {
		if (nbufs == 256) {
			clang_disposeString(usr);
			error_at(arg, "more than 256 buffers");
			return -1;
		}
		bufs[i].usr = cx_strdup(clang_getCString(usr));
		bufs[i].name = cx_spelling(ref);
		bufs[i].where = cursor_loc(ref);
		bufs[i].kind = 0;
		bufs[i].size = -1;
		ch = kids_of(ref);
		if (ch.n >= 1 && clang_getCursorKind(ch.c[ch.n - 1]) == CXCursor_InitListExpr) {
			struct kids il = kids_of(ch.c[ch.n - 1]);
			long v;

			if (il.n >= 3 && eval(il.c[1], &v))
				bufs[i].kind = (int)v;
			if (il.n >= 3 && eval(il.c[2], &v))
				bufs[i].size = v;
		}
		nbufs++;
	}
	clang_disposeString(usr);
	return i;
bad:
	error_at(arg, "buffer argument must be &NAME of a COOP_BUFFER or COOP_DEVBUFFER");
	return -1;
}

/*
 * coop_dev_produce's block: into a COOP_DEVBUFFER, dx dividing the range,
 * and dx x dy small enough for 16-bit words: 0, or -1 after a diagnostic.
 */
static int check_dev_block(struct inst *in, const CXCursor *a)
{
	long dy, bits = 0, d;

	if (bufs[in->buf].kind != 2) {
		error_at(a[1], "coop_dev_produce writes index memory: '%s' is not a "
			       "COOP_DEVBUFFER",
			 bufs[in->buf].name);
		return -1;
	}
	if (!eval(a[4], &in->dx) || in->dx <= 0 || (in->hi - in->lo) % in->dx) {
		error_at(a[4], "dx must be a positive constant dividing the range length %ld",
			 in->hi - in->lo);
		return -1;
	}
	dy = (in->hi - in->lo) / in->dx;
	for (d = 1; d < in->dx; d <<= 1)
		bits++;
	for (d = 1; d < dy; d <<= 1)
		bits++;
	if (bits > 16) {
		error_at(a[4], "a %ld x %ld block needs %ld-bit words; device buffers hold "
			       "16-bit words",
			 in->dx, dy, bits);
		return -1;
	}
	return 0;
}

/* The loop variables' current values, "i=0 j=3" (an instance's iteration). */
static char *env_string(void)
{
	size_t len = 0;
	char *str;
	int i;

	for (i = 0; i < nenv; i++)
		len += strlen(env[i].name) + 24;
	str = cx_alloc(len + 1);
	for (i = 0, len = 0; i < nenv; i++)
		len += (size_t)sprintf(str + len, "%s%s=%ld", i ? " " : "", env[i].name,
				       env[i].val);
	return str;
}

static void add_instance(int t)
{
	CXCursor c = tree[t].cur;
	enum ikind kind = (enum ikind)intrinsic_kind(c);
	struct inst *in;
	CXCursor a[6];
	long w;
	int i, n = clang_Cursor_getNumArguments(c);

	if (n != nargs[kind]) {
		error_at(c, "%s takes %d arguments", ikind_name[kind], nargs[kind]);
		return;
	}
	for (i = 0; i < n; i++)
		a[i] = clang_Cursor_getArgument(c, (unsigned)i);
	if (ninst == MAX_INSTANCES) {
		error_at(c, "more than %d intrinsic calls after loop expansion", MAX_INSTANCES);
		return;
	}
	in = &insts[ninst];
	memset(in, 0, sizeof(*in));
	in->kind = kind;
	in->tree = t;
	in->where = cursor_loc(c);
	in->warp_where = cursor_loc(a[0]);
	if (!eval(a[0], &w)) {
		error_at(a[0], "warp number must be a constant expression (of loop variables)");
		return;
	}
	if (nwarps > 0 && (w < 0 || w >= nwarps)) {
		error_at(a[0], "warp number %ld out of range: COOP_WARPS(%d) allows 0..%d", w,
			 nwarps, nwarps - 1);
		diag_at(nwarps_where, "note", "COOP_WARPS declared here");
		return;
	}
	in->warp = (int)w;
	in->buf = buffer_of(a[arg_buf[kind]]);
	if (in->buf < 0)
		return;
	if (!eval(a[arg_lo[kind]], &in->lo) || !eval(a[arg_lo[kind] + 1], &in->hi)) {
		error_at(a[arg_lo[kind]], "range bounds must be constant expressions (of loop "
					  "variables)");
		return;
	}
	if (in->lo < 0 || in->hi < in->lo ||
	    (bufs[in->buf].size >= 0 && in->hi > bufs[in->buf].size)) {
		error_at(a[arg_lo[kind]], "range [%ld, %ld) is outside buffer '%s' of %ld elements",
			 in->lo, in->hi, bufs[in->buf].name, bufs[in->buf].size);
		return;
	}
	if (kind == I_DEV) {
		if (check_dev_block(in, a))
			return;
	} else if (kind != I_CONS && bufs[in->buf].kind == 2) {
		error_at(a[arg_buf[kind]], "%s on device buffer '%s': only the device writes index "
					   "memory",
			 ikind_name[kind], bufs[in->buf].name);
		return;
	}
	in->text = cursor_text(c, 1);
	in->iter = env_string();
	ninst++;
}

static void expand(int parent)
{
	int t;

	for (t = parent + 1; t < ntree; t++) {
		char *var;
		CXCursor decl;
		long lo, hi, step, v;

		if (tree[t].parent != parent)
			continue;
		if (!tree[t].is_loop) {
			add_instance(t);
			continue;
		}
		if (!loop_bounds(tree[t].cur, &var, &decl, &lo, &hi, &step))
			continue;
		if (nenv == MAX_DEPTH) {
			error_at(tree[t].cur, "loops nested deeper than %d", MAX_DEPTH);
			continue;
		}
		env[nenv].name = var;
		env[nenv].decl = decl;
		for (v = lo; v < hi && nerrors < 20; v += step) {
			env[nenv].val = v;
			nenv++;
			expand(t);
			nenv--;
		}
	}
}

/* ---- dependences ---- */

static void add_edge(int u, int v, enum ekind k)
{
	if (nedges == cap_edges) {
		cap_edges = cap_edges ? 2 * cap_edges : 1024;
		edges = realloc(edges, sizeof(*edges) * (size_t)cap_edges);
		if (!edges) {
			fprintf(stderr, "idxgen-coop: out of memory\n");
			exit(2);
		}
	}
	edges[nedges++] = (struct edge){ u, v, k, 0, -1 };
}

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

static int cmp_edge(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->u != y->u)
		return x->u - y->u;
	if (x->v != y->v)
		return x->v - y->v;
	return (int)x->kind - (int)y->kind;
}

static int is_producer(const struct inst *in)
{
	return in->kind != I_CONS;
}

static void dependences(void)
{
	int b, i, j, s;

	for (b = 0; b < nbufs; b++) {
		long *pts = cx_alloc(sizeof(long) * (size_t)(2 * ninst + 1));
		int npts = 0, nseg;
		int *writer, **readers, *nread;

		for (i = 0; i < ninst; i++)
			if (insts[i].buf == b) {
				pts[npts++] = insts[i].lo;
				pts[npts++] = insts[i].hi;
			}
		qsort(pts, (size_t)npts, sizeof(long), cmp_long);
		for (i = 0, j = 0; i < npts; i++)
			if (!j || pts[j - 1] != pts[i])
				pts[j++] = pts[i];
		npts = j;
		nseg = npts > 0 ? npts - 1 : 0;
		writer = cx_alloc(sizeof(int) * (size_t)(nseg + 1));
		nread = cx_alloc(sizeof(int) * (size_t)(nseg + 1));
		readers = cx_alloc(sizeof(int *) * (size_t)(nseg + 1));
		for (s = 0; s < nseg; s++) {
			writer[s] = -1;
			readers[s] = cx_alloc(sizeof(int) * (size_t)ninst);
		}
		for (i = 0; i < ninst; i++) {
			struct inst *in = &insts[i];
			int reported = 0;

			if (in->buf != b || in->lo == in->hi)
				continue;
			s = (int)((long *)bsearch(&in->lo, pts, (size_t)npts, sizeof(long),
						  cmp_long) -
				  pts);
			for (; s < nseg && pts[s] < in->hi; s++) {
				if (!is_producer(in)) {
					if (writer[s] < 0) {
						if (!reported++)
							diag_at(in->where, "error",
								"%s reads %s[%ld, %ld), which no "
								"earlier producer writes",
								in->label, bufs[b].name, pts[s],
								pts[s + 1]);
						continue;
					}
					add_edge(writer[s], i, E_DATA);
					readers[s][nread[s]++] = i;
					continue;
				}
				if (writer[s] >= 0 && insts[writer[s]].warp != in->warp) {
					if (!reported++) {
						diag_at(in->where, "error",
							"%s (warp %d) writes %s[%ld, %ld), which %s "
							"(warp %d) also writes: overlapping writes by "
							"two warps",
							in->label, in->warp, bufs[b].name, pts[s],
							pts[s + 1], insts[writer[s]].label,
							insts[writer[s]].warp);
						diag_at(insts[writer[s]].where, "note",
							"%s is here", insts[writer[s]].label);
					}
					continue;
				}
				for (j = 0; j < nread[s]; j++)
					add_edge(readers[s][j], i, E_RESOURCE);
				/* A same-warp earlier writer is ordered by program order. */
				writer[s] = i;
				nread[s] = 0;
			}
		}
		for (s = 0; s < nseg; s++)
			free(readers[s]);
		free(readers);
		free(nread);
		free(writer);
		free(pts);
	}
	/* Program order: consecutive instances of a warp. */
	for (i = 0; i < ninst; i++)
		for (j = i + 1; j < ninst; j++)
			if (insts[j].warp == insts[i].warp) {
				add_edge(i, j, E_CONTROL);
				break;
			}
	qsort(edges, (size_t)nedges, sizeof(*edges), cmp_edge);
	for (i = 0, j = 0; i < nedges; i++)
		if (!j || cmp_edge(&edges[j - 1], &edges[i]))
			edges[j++] = edges[i];
	nedges = j;
}

/* Transitive reduction; returns the number of channels. */
static int reduce(void)
{
	size_t words = ((size_t)ninst + 63) / 64;
	uint64_t *reach = cx_alloc(words * 8 * (size_t)(ninst ? ninst : 1));
	int *first = cx_alloc(sizeof(int) * (size_t)(ninst + 1));
	int u, e, f, nchan = 0;

	/* Sequential semantics: every edge points forward, so the graph is acyclic. */
	for (e = 0; e < nedges; e++)
		if (edges[e].u >= edges[e].v) {
			fprintf(stderr, "idxgen-coop: internal error: backward edge %s -> %s\n",
				insts[edges[e].u].label, insts[edges[e].v].label);
			exit(2);
		}
	/* edges are sorted by u: first[u] .. first[u+1] */
	for (u = 0, e = 0; u <= ninst; u++) {
		while (e < nedges && edges[e].u < u)
			e++;
		first[u] = e;
	}
	/* reach[u] = nodes reachable from u by one or more edges (u < v always). */
	for (u = ninst - 1; u >= 0; u--) {
		uint64_t *r = reach + words * (size_t)u;

		for (e = first[u]; e < first[u + 1]; e++) {
			int v = edges[e].v;
			size_t w;

			r[v / 64] |= 1ull << (v % 64);
			for (w = 0; w < words; w++)
				r[w] |= reach[words * (size_t)v + w];
		}
	}
	for (e = 0; e < nedges; e++) {
		struct edge *d = &edges[e];

		if (d->kind == E_CONTROL)
			continue;
		for (f = first[d->u]; f < first[d->u + 1]; f++) {
			int w = edges[f].v;

			if (w == d->v ? edges[f].kind == E_CONTROL
				      : !!(reach[words * (size_t)w + (size_t)d->v / 64] &
					   (1ull << (d->v % 64)))) {
				d->removed = 1;
				break;
			}
		}
		if (!d->removed)
			d->chan = nchan++;
	}
	free(reach);
	free(first);
	return nchan;
}

/* ---- output ---- */

static void dot_node(FILE *f, int i)
{
	const struct inst *in = &insts[i];

	fprintf(f, "    %s [label=\"%s\\n%s %s[%ld,%ld)%s%s\"%s];\n", in->label, in->label,
		ikind_name[in->kind] + 5, bufs[in->buf].name, in->lo, in->hi, *in->iter ? "\\n" : "",
		in->iter, is_producer(in) ? ", shape=box" : ", shape=ellipse");
}

static int write_dot(const char *dir, const char *name, const char *title, int kinds, int reduced)
{
	char path[4096];
	FILE *f;
	int w, i, e;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "idxgen-coop: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "// %s, generated by idxgen-coop\ndigraph \"%s\" {\n", title, title);
	fprintf(f, "  label=\"%s\"; labelloc=t; rankdir=TB; node [fontsize=10];\n", title);
	for (w = 0; w < (nwarps > 0 ? nwarps : 1); w++) {
		fprintf(f, "  subgraph cluster_warp%d {\n    label=\"warp %d\";\n", w, w);
		for (i = 0; i < ninst; i++)
			if (insts[i].warp == w)
				dot_node(f, i);
		fprintf(f, "  }\n");
	}
	for (e = 0; e < nedges; e++) {
		const struct edge *d = &edges[e];

		if (!(kinds & (1 << d->kind)) || (reduced && d->removed))
			continue;
		fprintf(f, "  %s -> %s [%s", insts[d->u].label, insts[d->v].label,
			d->kind == E_CONTROL ? "color=black"
			: d->kind == E_DATA  ? "color=blue, label=\"data\""
					     : "color=red, style=dashed, label=\"resource\"");
		if (d->chan >= 0 && reduced)
			fprintf(f, ", taillabel=\"ch%d\"", d->chan);
		fprintf(f, "];\n");
	}
	fprintf(f, "}\n");
	return fclose(f) ? -1 : 0;
}

static int write_tree_dot(const char *dir, const char *entry)
{
	char path[4096];
	FILE *f;
	int t;

	snprintf(path, sizeof(path), "%s/schedule-tree.dot", dir);
	f = fopen(path, "w");
	if (!f) {
		fprintf(stderr, "idxgen-coop: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "// schedule tree, generated by idxgen-coop\ndigraph \"schedule tree\" {\n");
	fprintf(f, "  node [fontsize=10, shape=box];\n  root [label=\"%s()\"];\n", entry);
	for (t = 0; t < ntree; t++) {
		const char *s = tree[t].text ? tree[t].text : "?";

		fprintf(f, "  t%d [label=\"", t);
		for (; *s; s++) {
			int sp = *s == ' ' || *s == '\n' || *s == '\t';

			if (sp && (s[1] == ' ' || s[1] == '\n' || s[1] == '\t'))
				continue; /* one blank for a run of them */
			if (*s == '"' || *s == '\\')
				fputc('\\', f);
			fputc(sp ? ' ' : *s, f);
		}
		fprintf(f, "\"%s];\n", tree[t].is_loop ? ", shape=ellipse" : "");
		if (tree[t].parent < 0)
			fprintf(f, "  root -> t%d;\n", t);
		else
			fprintf(f, "  t%d -> t%d;\n", tree[t].parent, t);
	}
	fprintf(f, "}\n");
	return fclose(f) ? -1 : 0;
}

static int write_edges(const char *path)
{
	FILE *f = fopen(path, "w");
	int i, e;

	if (!f) {
		fprintf(stderr, "idxgen-coop: %s: %s\n", path, strerror(errno));
		return -1;
	}
	fprintf(f, "# idxgen-coop graph: node LABEL WARP ROLE BUFFER LO HI; edge KIND U V "
		   "kept|removed|order\n");
	for (i = 0; i < ninst; i++)
		fprintf(f, "node %s %d %s %s %ld %ld\n", insts[i].label, insts[i].warp,
			is_producer(&insts[i]) ? "produce" : "consume", bufs[insts[i].buf].name,
			insts[i].lo, insts[i].hi);
	for (e = 0; e < nedges; e++)
		fprintf(f, "edge %s %s %s %s\n", ekind_name[edges[e].kind], insts[edges[e].u].label,
			insts[edges[e].v].label,
			edges[e].kind == E_CONTROL ? "order"
			: edges[e].removed	   ? "removed"
						   : "kept");
	return fclose(f) ? -1 : 0;
}

static int write_code(FILE *f, const char *in_name, CXCursor fn, CXCursor body, int nchan)
{
	unsigned fa, fb, ba, bb;
	int w, i, e, ndeps = 0, nremoved = 0;

	extent_offsets(clang_getCursorExtent(fn), &fa, &fb);
	extent_offsets(clang_getCursorExtent(body), &ba, &bb);
	for (e = 0; e < nedges; e++)
		if (edges[e].kind != E_CONTROL) {
			ndeps++;
			nremoved += edges[e].removed;
		}
	fprintf(f,
		"/*\n * Generated by idxgen-coop from %s: do not edit.\n"
		" * %d intrinsic calls in %d warps; %d dependences, %d implied by the others "
		"and\n * program order (removed), %d channels.\n */\n",
		in_name, ninst, nwarps, ndeps, nremoved, nchan);
	fwrite(src_text, 1, fa, f);
	fprintf(f, "/* ---- cooperative warps, generated by idxgen-coop ---- */\n\n");
	if (nchan) {
		fprintf(f, "static struct coop_chan coop_ch[%d] = {\n", nchan);
		for (i = 0; i < nchan; i++)
			fprintf(f, "\t{ 0, %d },\n", i);
		fprintf(f, "};\n\n");
	}
	for (w = 0; w < nwarps; w++) {
		fprintf(f, "static void *coop_warp%d(void *unused)\n{\n\t(void)unused;\n", w);
		for (i = 0; i < ninst; i++) {
			const struct inst *in = &insts[i];

			if (in->warp != w)
				continue;
			fprintf(f, "\n\t/* %s: %s:%u%s%s */\n", in->label, in_name, in->where.line,
				*in->iter ? ", " : "", in->iter);
			for (e = 0; e < nedges; e++)
				if (edges[e].v == i && edges[e].chan >= 0)
					fprintf(f, "\tcoop_chan_wait(&coop_ch[%d]);\t/* %s %s -> %s */\n",
						edges[e].chan, ekind_name[edges[e].kind],
						insts[edges[e].u].label, in->label);
			fprintf(f, "\t%s;\n", in->text);
			for (e = 0; e < nedges; e++)
				if (edges[e].u == i && edges[e].chan >= 0)
					fprintf(f, "\tcoop_chan_post(&coop_ch[%d]);\t/* %s %s -> %s */\n",
						edges[e].chan, ekind_name[edges[e].kind], in->label,
						insts[edges[e].v].label);
		}
		fprintf(f, "\treturn 0;\n}\n\n");
	}
	fwrite(src_text + fa, 1, ba - fa, f);
	fprintf(f, "{\n\tstatic void *(*const warps[%d])(void *) = {", nwarps);
	for (w = 0; w < nwarps; w++)
		fprintf(f, "%s coop_warp%d", w ? "," : "", w);
	fprintf(f, " };\n\n");
	if (nchan) /* channels are one-shot: rearm them for every call */
		fprintf(f, "\tcoop_chan_reset(coop_ch, %d);\n", nchan);
	fprintf(f, "\tcoop_run_warps(%d, warps);\n}", nwarps);
	fwrite(src_text + bb, 1, src_len - bb, f);
	return ferror(f) ? -1 : 0;
}

/* ---- driver ---- */

static const char usage[] =
	"Usage: idxgen-coop [OPTIONS] INPUT.c [-- CLANG-ARGS...]\n"
	"\n"
	"Translate a sequential cooperative program into parallel C: one function per\n"
	"cooperative warp, each run on its own thread, joined by one-shot channels.\n"
	"\n"
	"INPUT is C11 that includes <idxgen_coop.h>, declares COOP_WARPS(N), its buffers\n"
	"(COOP_BUFFER / COOP_DEVBUFFER) and a function coop_main() whose body holds only\n"
	"  - for loops with constant trip counts: for (int v = A; v < B; v++ | v += S),\n"
	"    bounds constant expressions of outer loop variables (expanded: each call in\n"
	"    each iteration is an instance; other loops are rejected with an error), and\n"
	"  - intrinsic calls naming their warp and buffer range [LO, HI):\n"
	"      coop_dev_produce(WARP, &BUF, LO, HI, DX)   device job, (DX, (HI-LO)/DX, 1)\n"
	"      coop_copy(WARP, &BUF, LO, HI, SRC)         memory-copy producer\n"
	"      coop_produce(WARP, FN, &BUF, LO, HI, ARG)  user producer\n"
	"      coop_consume(WARP, FN, &BUF, LO, HI, ARG)  user consumer\n"
	"Compiled as is, the program runs sequentially; the output must give the same\n"
	"results.  Producers are numbered p1, p2, ... and consumers c1, c2, ... in\n"
	"sequential order.\n"
	"\n"
	"Dependences (per buffer element): data, from the last producer of an element\n"
	"to each consumer that reads it; resource, from each consumer of an element to\n"
	"the next producer that overwrites it; control, program order inside a warp.\n"
	"A dependence is removed when another path (other dependences and program\n"
	"order) implies it; each remaining cross-warp dependence gets a channel that its\n"
	"source posts after the call and its target awaits before the call.\n"
	"\n"
	"Options:\n"
	"  -o FILE              write the parallel program to FILE (default: stdout)\n"
	"  --dump-graphs DIR    write DIR/schedule-tree.dot, cdfg.dot (control + data),\n"
	"                       cdrfg.dot (+ resource) and reduced.dot (kept edges, with\n"
	"                       channel numbers); render with `dot -Tsvg`\n"
	"  --dump-edges FILE    the graph as text: 'node LABEL WARP ROLE BUF LO HI' and\n"
	"                       'edge KIND U V kept|removed|order' lines\n"
	"  --entry NAME         the sequential function (default: coop_main)\n"
	"  -I DIR, -D NAME[=V]  passed to the C parser (also everything after --)\n"
	"  -h, --help           this text\n"
	"\n"
	"Errors are reported as FILE:LINE:COL: error: MESSAGE (no output is written):\n"
	"a consumer of a range no earlier producer writes, overlapping writes by two\n"
	"warps, a warp number outside 0..N-1, a loop without a constant trip count,\n"
	"any statement other than loops and intrinsic calls, C errors.  The sequential\n"
	"order makes every dependence point forward, so the graph has no cycles.\n"
	"\n"
	"Exit status: 0 success, 1 errors in the input, 2 usage or I/O errors.\n"
	"Link the output with -lidxgen-coop -lidxgen -lpthread; see lib/coop/README.md.\n";

struct find_ctx {
	const char *entry;
	CXCursor fn, nwarps;
	int have_fn, have_nwarps;
};

static enum CXChildVisitResult find_top(CXCursor c, CXCursor parent, CXClientData d)
{
	struct find_ctx *fc = d;
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_EnumDecl)
		return CXChildVisit_Recurse;
	if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl &&
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	name = cx_spelling(c);
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl && !strcmp(name, fc->entry) &&
	    clang_isCursorDefinition(c)) {
		fc->fn = c;
		fc->have_fn = 1;
	} else if (clang_getCursorKind(c) == CXCursor_EnumDecl) {
		free(name);
		return CXChildVisit_Recurse;
	} else if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl &&
		   !strcmp(name, "COOP_NWARPS")) {
		fc->nwarps = c;
		fc->have_nwarps = 1;
	}
	free(name);
	return CXChildVisit_Continue;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kids *k = d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return CXChildVisit_Continue;
	k->c[0] = c;
	k->n = 1;
	return CXChildVisit_Break;
}

/* The command line: options, the input file and the compiler arguments. */
struct coop_args {
	const char *out, *graphs, *edges_path, *input, *entry;
	const char *cargs[256];
	int ncargs;
};

/* Fills *a from argv: -1 to go on, else the exit status (0 after --help). */
static int parse_args(int argc, char **argv, struct coop_args *a)
{
	static const struct option lopts[] = { { "help", no_argument, 0, 'h' },
					       { "dump-graphs", required_argument, 0, 'g' },
					       { "dump-edges", required_argument, 0, 'e' },
					       { "entry", required_argument, 0, 'n' },
					       { 0, 0, 0, 0 } };
	int opt;

	a->entry = "coop_main";
	a->cargs[a->ncargs++] = "-std=c11";
	a->cargs[a->ncargs++] = "-I" COOP_INCLUDE_DIR;
	while ((opt = getopt_long(argc, argv, "ho:I:D:", lopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			fputs(usage, stdout);
			return 0;
		case 'o':
			a->out = optarg;
			break;
		case 'g':
			a->graphs = optarg;
			break;
		case 'e':
			a->edges_path = optarg;
			break;
		case 'n':
			a->entry = optarg;
			break;
		case 'I':
		case 'D':
			if (a->ncargs < 250) {
				char *s = cx_alloc(strlen(optarg) + 3);

				sprintf(s, "-%c%s", opt, optarg);
				a->cargs[a->ncargs++] = s;
			}
			break;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		fputs("idxgen-coop: no input file (see --help)\n", stderr);
		return 2;
	}
	a->input = argv[optind++];
	for (; optind < argc && a->ncargs < 250; optind++)
		a->cargs[a->ncargs++] = argv[optind];
	return -1;
}

/*
 * Parses the input into tu, prints clang's warnings and errors, and keeps the
 * main file's text in src_text: -1 to go on, else the exit status.
 */
static int parse_input(CXIndex idx, const struct coop_args *a)
{
	int diag_errors = 0;
	const char *text;
	size_t sz;
	unsigned n;

	if (clang_parseTranslationUnit2(idx, a->input, a->cargs, a->ncargs, NULL, 0,
					CXTranslationUnit_DetailedPreprocessingRecord,
					&tu) != CXError_Success) {
		fprintf(stderr, "idxgen-coop: cannot parse %s\n", a->input);
		return 2;
	}
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
			diag_errors++;
		clang_disposeDiagnostic(dg);
	}
	if (diag_errors)
		return 1;
	main_file = clang_getFile(tu, a->input);
	text = clang_getFileContents(tu, main_file, &sz);
	if (!text) {
		fprintf(stderr, "idxgen-coop: cannot read %s\n", a->input);
		return 2;
	}
	src_text = cx_alloc(sz + 1);
	memcpy(src_text, text, sz);
	src_len = sz;
	return -1;
}

/*
 * Finds the entry function, its body and COOP_WARPS(N) (sets nwarps): 0, or
 * 1 after a diagnostic.
 */
static int find_entry(const struct coop_args *a, struct find_ctx *fc, struct kids *body)
{
	fc->entry = a->entry;
	clang_visitChildren(clang_getTranslationUnitCursor(tu), find_top, fc);
	if (!fc->have_fn) {
		fprintf(stderr, "%s:1:1: error: no definition of %s() in this file\n", a->input,
			a->entry);
		return 1;
	}
	if (!fc->have_nwarps) {
		fprintf(stderr, "%s:1:1: error: no COOP_WARPS(N) declaration in this file\n",
			a->input);
		return 1;
	}
	nwarps = (int)clang_getEnumConstantDeclValue(fc->nwarps);
	nwarps_where = cursor_loc(fc->nwarps);
	if (nwarps < 1 || nwarps > 64) {
		diag_at(nwarps_where, "error", "COOP_WARPS(%d): between 1 and 64 warps", nwarps);
		return 1;
	}
	body->n = 0;
	clang_visitChildren(fc->fn, body_visit, body);
	if (!body->n) {
		error_at(fc->fn, "%s() has no body", a->entry);
		return 1;
	}
	return 0;
}

/* Names the instances p1, p2, ... (producers) and c1, c2, ... (consumers). */
static void label_instances(void)
{
	int i, np = 0, nc = 0;

	for (i = 0; i < ninst; i++)
		snprintf(insts[i].label, sizeof(insts[i].label), "%c%d",
			 is_producer(&insts[i]) ? 'p' : 'c', is_producer(&insts[i]) ? ++np : ++nc);
}

/* The --dump-graphs and --dump-edges files and the generated C: 0 or 2. */
static int write_outputs(const struct coop_args *a, const struct find_ctx *fc,
			 const struct kids *body, int nchan)
{
	FILE *f;

	if (a->graphs) {
		mkdir(a->graphs, 0777);
		if (write_tree_dot(a->graphs, a->entry) ||
		    write_dot(a->graphs, "cdfg.dot", "control-data flow graph", 3, 0) ||
		    write_dot(a->graphs, "cdrfg.dot", "control-data-resource flow graph", 7, 0) ||
		    write_dot(a->graphs, "reduced.dot", "reduced control-data-resource flow graph",
			      7, 1))
			return 2;
	}
	if (a->edges_path && write_edges(a->edges_path))
		return 2;
	f = a->out ? fopen(a->out, "w") : stdout;
	if (!f) {
		fprintf(stderr, "idxgen-coop: %s: %s\n", a->out, strerror(errno));
		return 2;
	}
	if (write_code(f, a->input, fc->fn, body->c[0], nchan) || (a->out && fclose(f))) {
		fprintf(stderr, "idxgen-coop: writing %s failed\n", a->out ? a->out : "stdout");
		if (a->out)
			remove(a->out);
		return 2;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct coop_args a = { 0 };
	struct find_ctx fc = { 0 };
	struct kids body;
	CXIndex idx;
	int ret;

	ret = parse_args(argc, argv, &a);
	if (ret >= 0)
		return ret;
	idx = clang_createIndex(0, 0);
	ret = parse_input(idx, &a);
	if (ret >= 0)
		return ret;
	if (find_entry(&a, &fc, &body))
		return 1;
	build_tree(body.c[0], -1);
	insts = cx_alloc(sizeof(*insts) * MAX_INSTANCES);
	if (!nerrors)
		expand(-1);
	if (nerrors)
		return 1;
	label_instances();
	dependences();
	if (nerrors)
		return 1;
	ret = write_outputs(&a, &fc, &body, reduce());
	if (ret)
		return ret;
	clang_disposeTranslationUnit(tu);
	clang_disposeIndex(idx);
	return 0;
}
