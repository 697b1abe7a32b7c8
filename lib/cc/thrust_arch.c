// SPDX-License-Identifier: MIT
/*
 * thrust_arch.c - a Thrust or CUB call that would run a functor's host
 * branch where nvcc runs its device branch: refused.
 *
 * A __host__ __device__ function whose body differs under __CUDA_ARCH__ is
 * kept with both bodies (cuda_arch.c: `{if(!idxgen_cc_device_view())...}`),
 * and the host one runs unless the thread is in device view.  Thrust's
 * device systems here run on host threads; only their for_each shows the
 * functor a grid in device view (include/cuda/thrust/detail/
 * idxgen_virtual_grid.h, declared where the TBB or OpenMP system's for_each
 * is included), and for_each is what generate, transform, transform_if,
 * tabulate and for_each(_n) reach.  Any other Thrust call given such a
 * functor (reduce, sort, scan, copy_if, a transform_iterator's functor, ...)
 * with device data or a device policy, every one of them under the serial
 * C++ system when idxgen chose it (no oneTBB), and CUB's device-wide
 * primitives would run the host branch: a wrong result, so an error naming
 * the functor and the call.  Only where the device system is idxgen's
 * choice (include/cuda/thrust/detail/config/device_system.h declares
 * __idxgen_thrust_default_system): a program that names its own system
 * gets host code under nvcc as well.  "Device" is read from the argument
 * types (device_ptr, device_vector's iterators, thrust::device,
 * thrust::cuda::par); a call with none of them is left alone (host data:
 * the host branch is nvcc's too).  The functor's body is the main file's
 * (only its bodies are split): a class's operator(), a lambda, a function
 * named, and the main file's functions they call, a few calls deep.
 */
#include "cc.h"

#include <stdio.h>
#include <string.h>

#define SPLIT_MARK "idxgen_cc_device_view"
#define CALL_DEPTH 4

struct thrust_ctx {
	struct source *s;
	bool chosen;		/* idxgen chose the device system (the program named none): it stands for CUDA's */
	bool grid;		/* the virtual grid's for_each is in the program */
	bool host_fn;		/* the visit is inside host code */
};

struct split_find {
	const struct source *s;
	unsigned depth;
	bool found;
};

static bool text_has(const struct source *s, unsigned a, unsigned b, const char *what)
{
	size_t n = strlen(what);

	for (unsigned i = a; i + n <= b && i + n <= s->len; i++)
		if (!memcmp(s->text + i, what, n))
			return true;
	return false;
}

static bool body_split(const struct source *s, CXCursor fn, unsigned depth);

static enum CXChildVisitResult callee_split(CXCursor c, CXCursor parent, CXClientData data)
{
	struct split_find *f = data;
	CXCursor d;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	d = clang_getCursorDefinition(clang_getCursorReferenced(c));
	if (!clang_Cursor_isNull(d) && in_main(f->s, d) && body_split(f->s, d, f->depth + 1)) {
		f->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Does definition fn (or a main-file function it calls) keep two bodies? */
static bool body_split(const struct source *s, CXCursor fn, unsigned depth)
{
	struct split_find f = { s, depth, false };

	if (depth > CALL_DEPTH || clang_Cursor_isNull(fn) || !in_main(s, fn))
		return false;
	if (text_has(s, c_start(fn), c_end(fn), SPLIT_MARK))
		return true;
	clang_visitChildren(fn, callee_split, &f);
	return f.found;
}

struct op_find {
	const struct source *s;
	CXCursor hit;
};

static enum CXChildVisitResult split_operator(CXCursor c, CXCursor parent, CXClientData data)
{
	struct op_find *o = data;
	CXString n;
	bool call;

	(void)parent;
	if (!function_kind(clang_getCursorKind(c)))
		return CXChildVisit_Continue;
	n = clang_getCursorSpelling(c);
	call = !strcmp(clang_getCString(n), "operator()");
	clang_disposeString(n);
	if (call && body_split(o->s, clang_getCursorDefinition(c), 0)) {
		o->hit = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

/* The split operator() of class type ty (a functor declared in the main file), or a null cursor. */
static CXCursor split_class(const struct source *s, CXType ty)
{
	CXCursor d = clang_getTypeDeclaration(clang_getCanonicalType(ty));
	struct op_find o = { s, clang_getNullCursor() };

	if (clang_Cursor_isNull(d) || !in_main(s, d))
		return clang_getNullCursor();
	clang_visitChildren(clang_getCursorDefinition(d), split_operator, &o);
	return o.hit;
}

/*
 * The split functor in type ty: the type itself, or one of its template
 * arguments, a few levels down (transform_iterator<F, It> hands F to the
 * algorithm that dereferences it; a zip of them, a pair of them).
 */
static CXCursor split_in_type(const struct source *s, CXType ty, unsigned depth)
{
	CXCursor hit = split_class(s, ty);
	int n = clang_Type_getNumTemplateArguments(clang_getCanonicalType(ty));

	for (int i = 0; i < n && clang_Cursor_isNull(hit) && depth < CALL_DEPTH; i++) {
		CXType a = clang_Type_getTemplateArgumentAsType(clang_getCanonicalType(ty), (unsigned)i);

		if (a.kind != CXType_Invalid)
			hit = split_in_type(s, a, depth + 1);
	}
	return hit;
}

/* The split callable argument a names (a function, a lambda, a functor, one inside an iterator), or a null cursor. */
static CXCursor split_callable(const struct source *s, CXCursor a)
{
	CXCursor e = strip(a), d;
	enum CXCursorKind k;

	if (clang_getCursorKind(e) == CXCursor_LambdaExpr)
		return text_has(s, c_start(e), c_end(e), SPLIT_MARK) ? e : clang_getNullCursor();
	d = clang_getCursorReferenced(e);
	k = clang_getCursorKind(d);
	/* a function named (or its address); a constructor's call names a functor: its type below */
	if (k == CXCursor_FunctionDecl || k == CXCursor_FunctionTemplate)
		return body_split(s, clang_getCursorDefinition(d), 0) ? d : clang_getNullCursor();
	return split_in_type(s, clang_getCursorType(a), 0);
}

/* Does the type of an argument show device data or a device policy? */
static bool device_arg(CXCursor a)
{
	static const char *const marks[] = { "device_ptr", "device_reference", "thrust::detail::device_t",
					     "cuda_cub::", "par_on_t" };
	CXString t = clang_getTypeSpelling(clang_getCanonicalType(clang_getCursorType(a)));
	const char *p = clang_getCString(t);
	bool dev = false;

	for (unsigned i = 0; i < sizeof(marks) / sizeof(marks[0]) && !dev; i++)
		dev = strstr(p, marks[i]) != NULL;
	clang_disposeString(t);
	return dev;
}

/*
 * The library fn belongs to: "thrust" or "cub" (the outermost namespace), or
 * NULL; its name in name ("reduce", "DeviceReduce::Reduce").
 */
static const char *library_of(CXCursor fn, char *name, size_t size)
{
	CXCursor p = clang_getCursorSemanticParent(fn), top = clang_getNullCursor();
	const char *lib = NULL;
	CXString n, cls = { 0 };

	if (clang_getCursorKind(p) == CXCursor_StructDecl || clang_getCursorKind(p) == CXCursor_ClassDecl)
		cls = clang_getCursorSpelling(p);
	for (; !clang_Cursor_isNull(p) && clang_getCursorKind(p) != CXCursor_TranslationUnit;
	     p = clang_getCursorSemanticParent(p))
		if (clang_getCursorKind(p) == CXCursor_Namespace)
			top = p;
	if (!clang_Cursor_isNull(top)) {
		n = clang_getCursorSpelling(top);
		if (!strcmp(clang_getCString(n), "thrust"))
			lib = "thrust";
		else if (!strcmp(clang_getCString(n), "cub"))
			lib = "cub";
		clang_disposeString(n);
	}
	n = clang_getCursorSpelling(fn);
	snprintf(name, size, "%s%s%s", cls.data ? clang_getCString(cls) : "", cls.data ? "::" : "",
		 clang_getCString(n));
	clang_disposeString(n);
	if (cls.data)
		clang_disposeString(cls);
	return lib;
}

/* How the message names callable c: "the lambda", "point_source::operator()", "seed_of" */
static void callable_name(CXCursor c, char *name, size_t size)
{
	CXString n;

	if (clang_getCursorKind(c) == CXCursor_LambdaExpr) {
		snprintf(name, size, "the lambda");
		return;
	}
	if (clang_getCursorKind(c) == CXCursor_FunctionDecl || clang_getCursorKind(c) == CXCursor_FunctionTemplate) {
		n = clang_getCursorSpelling(c);
		snprintf(name, size, "%s", clang_getCString(n));
	} else {
		n = clang_getCursorDisplayName(clang_getCursorSemanticParent(c));
		snprintf(name, size, "%s::operator()", clang_getCString(n));
	}
	clang_disposeString(n);
}

/* Thrust's algorithms whose functor runs in the virtual grid (they reach the device system's for_each) */
static bool grid_algorithm(const char *name)
{
	static const char *const grid[] = { "for_each", "for_each_n", "generate", "generate_n",
					    "transform", "transform_if", "tabulate" };

	for (unsigned i = 0; i < sizeof(grid) / sizeof(grid[0]); i++)
		if (!strcmp(name, grid[i]))
			return true;
	return false;
}

/*
 * Is the call one that runs its functors on the device under nvcc but not
 * in device view here?  Thrust's functions (not members: a constructor or
 * make_transform_iterator only keeps the functor, and the algorithm given
 * the iterator is checked) on device data or with a device policy, except
 * the ones that reach the virtual grid; CUB's device-wide primitives
 * (static members of cub::DeviceReduce, ...: device memory always).
 */
static bool device_call(const struct thrust_ctx *t, CXCursor call, CXCursor fn, const char *lib, const char *name)
{
	enum CXCursorKind k = clang_getCursorKind(fn);
	int n = clang_Cursor_getNumArguments(call);
	bool dev = false;

	if (!strcmp(lib, "cub"))
		return (k == CXCursor_CXXMethod || k == CXCursor_FunctionTemplate) &&
		       !strncmp(name, "Device", 6);
	if (!t->chosen || (k != CXCursor_FunctionDecl && k != CXCursor_FunctionTemplate) ||
	    !strncmp(name, "make_", 5) || (t->grid && grid_algorithm(name)))
		return false;
	for (int i = 0; i < n && !dev; i++)
		dev = device_arg(clang_Cursor_getArgument(call, i));
	return dev;
}

static void check_call(struct thrust_ctx *t, CXCursor call)
{
	CXCursor fn = clang_getCursorReferenced(call), hit = clang_getNullCursor();
	int n = clang_Cursor_getNumArguments(call);
	char name[128], what[256];
	const char *lib, *why;

	if (clang_Cursor_isNull(fn) || !(lib = library_of(fn, name, sizeof(name))) ||
	    !device_call(t, call, fn, lib, name))
		return;
	for (int i = 0; i < n && clang_Cursor_isNull(hit); i++)
		hit = split_callable(t->s, clang_Cursor_getArgument(call, i));
	if (clang_Cursor_isNull(hit))
		return;
	callable_name(hit, what, sizeof(what));
	if (!strcmp(lib, "cub"))
		why = "idxgen's CUB runs its device-wide primitives on host threads, outside device view";
	else if (t->grid)
		why = "idxgen's Thrust runs functors in device view only in for_each, generate, transform and tabulate";
	else
		why = "idxgen's Thrust runs functors in device view only in its TBB and OpenMP systems' for_each";
	error_at(t->s, call,
		 "'%s' differs under __CUDA_ARCH__ and %s::%s would run its host branch where nvcc runs the device "
		 "branch (%s)",
		 what, lib, name, why);
}

static enum CXChildVisitResult visit(CXCursor c, CXCursor parent, CXClientData data)
{
	struct thrust_ctx *t = data;
	enum CXCursorKind k = clang_getCursorKind(c);

	(void)parent;
	if (k == CXCursor_StructDecl) {
		CXString n = clang_getCursorSpelling(c);

		t->grid |= !strcmp(clang_getCString(n), "__idxgen_virtual_grid");
		t->chosen |= !strcmp(clang_getCString(n), "__idxgen_thrust_default_system");
		clang_disposeString(n);
	}
	if (function_kind(k) && clang_isCursorDefinition(c)) {
		unsigned q = cuda_quals(c);
		bool was = t->host_fn;

		if (!in_main(t->s, c))
			return CXChildVisit_Continue;
		t->host_fn = !(q & CUDA_Q_DEVICE) || (q & CUDA_Q_HOST);
		clang_visitChildren(c, visit, t);
		t->host_fn = was;
		return CXChildVisit_Continue;
	}
	if (k == CXCursor_CallExpr && t->host_fn && in_main(t->s, c))
		check_call(t, c);
	return CXChildVisit_Recurse;
}

void thrust_arch_check(struct source *s, CXTranslationUnit tu)
{
	struct thrust_ctx t = { s, false, false, false };

	if (!s->hd_split)
		return;
	/* the marker first: headers come before the program's functions */
	clang_visitChildren(clang_getTranslationUnitCursor(tu), visit, &t);
}
