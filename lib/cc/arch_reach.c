// SPDX-License-Identifier: MIT
/*
 * arch_reach.c - which functions of a whole program run as device code:
 * the kernels and the __device__ and __host__ __device__ functions they
 * call, directly or through others (a __device__ function no kernel calls
 * never runs).
 *
 * cuda_arch.c compiles an included header as the host pass sees it.  That is
 * right for host callers and wrong for device callers where a group on
 * __CUDA_ARCH__ takes another branch in the device pass; a
 * __host__ __device__ function of a header is refused only where device
 * code reaches it (host code calling it is common and right).  Device code
 * reaches what it names: the callee of a call expression (templates through
 * their patterns), a function whose address it takes (a pointer called
 * later), what a __device__ or __constant__ variable's initializer names (a
 * table of function pointers), and every override of a virtual method it
 * reaches (a virtual call names the base's).  Where a pointer is called is
 * not known, so naming counts: that may refuse a group device code never
 * runs, never miss one it does.  System headers are left out: their code is
 * not the program's.
 */
#include "cc.h"

#include <stdlib.h>
#include <string.h>

struct reach_fn {
	CXCursor c;
	unsigned q;		/* cuda_quals() */
	bool device;		/* a kernel reaches it */
	unsigned *callee, ncallee;
};

struct reach {
	struct reach_fn *f;
	unsigned n;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent, CXClientData data)
{
	struct reach *r = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (k == CXCursor_VarDecl && clang_isCursorDefinition(c) &&
	    (has_annot(c, "device") || has_annot(c, "constant") || has_annot(c, "managed"))) {
		/* a device variable: its initializer is device code (function pointer tables) */
		r->f = cx_realloc(r->f, (r->n + 1) * sizeof(*r->f));
		r->f[r->n++] = (struct reach_fn){ c, CUDA_Q_DEVICE, true, NULL, 0 };
		return CXChildVisit_Continue;
	}
	if (function_kind(k)) {
		if (clang_isCursorDefinition(c)) {
			unsigned q = cuda_quals(c);

			r->f = cx_realloc(r->f, (r->n + 1) * sizeof(*r->f));
			r->f[r->n++] = (struct reach_fn){ c, q, (q & CUDA_Q_GLOBAL) != 0, NULL, 0 };
		}
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_Namespace || k == CXCursor_LinkageSpec || k == CXCursor_ClassDecl ||
	    k == CXCursor_StructDecl || k == CXCursor_ClassTemplate || k == CXCursor_UnexposedDecl)
		return CXChildVisit_Recurse;
	return CXChildVisit_Continue;
}

static int find(const struct reach *r, CXCursor c)
{
	CXCursor d = clang_getCursorDefinition(c), t;

	if (clang_Cursor_isNull(d) && !clang_Cursor_isNull(t = clang_getSpecializedCursorTemplate(c)))
		d = clang_getCursorDefinition(t);
	if (!clang_Cursor_isNull(d) && !clang_Cursor_isNull(t = clang_getSpecializedCursorTemplate(d)))
		d = t;
	if (clang_Cursor_isNull(d))
		return -1;
	for (unsigned i = 0; i < r->n; i++)
		if (clang_equalCursors(d, r->f[i].c))
			return (int)i;
	return -1;
}

static void add_callee(struct reach_fn *from, unsigned i)
{
	from->callee = cx_realloc(from->callee, (from->ncallee + 1) * sizeof(unsigned));
	from->callee[from->ncallee++] = i;
}

struct calls {
	const struct reach *r;
	struct reach_fn *from;
};

static enum CXChildVisitResult calls_of(CXCursor c, CXCursor parent, CXClientData data)
{
	struct calls *cl = data;
	int i;

	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if ((k == CXCursor_CallExpr || k == CXCursor_DeclRefExpr || k == CXCursor_MemberRefExpr) &&
	    (i = find(cl->r, clang_getCursorReferenced(c))) >= 0)
		add_callee(cl->from, (unsigned)i);
	return CXChildVisit_Recurse;
}

/* A virtual method reaches its overrides: f[i] is reached where a method it overrides is. */
static void override_edges(struct reach *r, unsigned i)
{
	CXCursor *ov = NULL;
	unsigned n = 0;
	int j;

	if (clang_getCursorKind(r->f[i].c) != CXCursor_CXXMethod)
		return;
	clang_getOverriddenCursors(r->f[i].c, &ov, &n);
	for (unsigned k = 0; k < n; k++)
		if ((j = find(r, ov[k])) >= 0)
			add_callee(&r->f[j], i);
	clang_disposeOverriddenCursors(ov);
}

struct reach *reach_build(CXTranslationUnit tu)
{
	struct reach *r = cx_alloc(sizeof(*r));
	bool grew = true;

	memset(r, 0, sizeof(*r));
	clang_visitChildren(clang_getTranslationUnitCursor(tu), collect, r);
	for (unsigned i = 0; i < r->n; i++) {
		struct calls cl = { r, &r->f[i] };

		clang_visitChildren(r->f[i].c, calls_of, &cl);
	}
	for (unsigned i = 0; i < r->n; i++)
		override_edges(r, i);
	/* from the kernels, the callees nvcc compiles for the device (__device__ or __host__ __device__) */
	while (grew) {
		grew = false;
		for (unsigned i = 0; i < r->n; i++)
			for (unsigned j = 0; r->f[i].device && j < r->f[i].ncallee; j++) {
				struct reach_fn *g = &r->f[r->f[i].callee[j]];

				if (!g->device && (g->q & CUDA_Q_DEVICE)) {
					g->device = true;
					grew = true;
				}
			}
	}
	return r;
}

bool reach_device(const struct reach *r, CXCursor fn)
{
	int i = r ? find(r, fn) : -1;

	return i >= 0 && r->f[i].device;
}

bool reach_device_at(const struct reach *r, CXSourceLocation loc)
{
	CXFile f, g;
	unsigned off, a, b;

	clang_getExpansionLocation(loc, &f, NULL, NULL, &off);
	for (unsigned i = 0; r && f && i < r->n; i++) {
		CXSourceRange e = clang_getCursorExtent(r->f[i].c);

		clang_getExpansionLocation(clang_getRangeStart(e), &g, NULL, NULL, &a);
		clang_getExpansionLocation(clang_getRangeEnd(e), NULL, NULL, NULL, &b);
		if (r->f[i].device && g && clang_File_isEqual(f, g) && a <= off && off < b)
			return true;
	}
	return false;
}

void reach_free(struct reach *r)
{
	for (unsigned i = 0; r && i < r->n; i++)
		free(r->f[i].callee);
	if (r)
		free(r->f);
	free(r);
}
