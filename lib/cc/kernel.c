// SPDX-License-Identifier: MIT
/*
 * kernel.c - the pipeline of idxgen-cc, per translation unit and per
 * kernel: the file-scope walk (kernels translated, __device__ functions
 * checked and passed through, other declarations checked), and for each
 * __global__ function its context (struct kernel) through the passes --
 * subset check, uniformity, barrier check, planning -- then its block
 * function, argument unpacking, private-area pointers and descriptor.
 */
#include "cc.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct var *var_decl(const struct kernel *k, CXCursor d)
{
	unsigned i;

	return cmap_get(&k->vars, d, &i) ? &k->v[i] : NULL;
}

struct var *var_of(const struct kernel *k, CXCursor ref)
{
	CXCursor d = clang_getCursorReferenced(ref);

	return clang_Cursor_isNull(d) ? NULL : var_decl(k, d);
}

struct stmt *stmt_of(const struct kernel *k, CXCursor c)
{
	unsigned i;

	return cmap_get(&k->stmts, c, &i) ? &k->s[i] : NULL;
}

/* Which of the CUDA variables c uses (blockIdx, gridDim, blockDim). */
static enum CXChildVisitResult collect_builtins(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kernel *k = d;
	enum CXCursorKind ck = clang_getCursorKind(c);

	(void)parent;
	if (ck == CXCursor_DeclRefExpr || ck == CXCursor_MemberRefExpr) {
		char *n = builtin_ref(c);

		if (n && !strcmp(n, "blockIdx"))
			k->uses_blockIdx = true;
		if (n && !strcmp(n, "gridDim"))
			k->uses_gridDim = true;
		if (n && !strcmp(n, "blockDim"))
			k->uses_blockDim = true;
		free(n);
	}
	return CXChildVisit_Recurse;
}

/* The kernel's locals and parameters, and which of the CUDA variables it uses. */
static enum CXChildVisitResult collect_vars(CXCursor c, CXCursor parent, CXClientData d)
{
	struct kernel *k = d;
	enum CXCursorKind ck = clang_getCursorKind(c);

	(void)parent;
	if (ck == CXCursor_LambdaExpr) {	/* C++: its parameters and locals are its own */
		clang_visitChildren(c, collect_builtins, k);
		return CXChildVisit_Continue;
	}
	if (ck == CXCursor_VarDecl || ck == CXCursor_ParmDecl) {
		struct var *v;
		CXType t = clang_getCursorType(c);

		k->v = cx_realloc(k->v, (k->nv + 1) * sizeof(*k->v));
		cmap_put(&k->vars, c, k->nv);
		v = &k->v[k->nv++];
		memset(v, 0, sizeof(*v));
		v->decl = c;
		v->param = ck == CXCursor_ParmDecl;
		v->name = v->param ? kernel_param_name(k->fn, c) : cx_spelling(c);
		v->array = t.kind == CXType_ConstantArray || t.kind == CXType_IncompleteArray ||
			   t.kind == CXType_VariableArray;
		v->shared = has_annot(c, "shared");
		v->first_region = -1;
		if (v->shared && t.kind != CXType_IncompleteArray && clang_Type_getSizeOf(t) > 0)
			k->static_shared += (size_t)clang_Type_getSizeOf(t);
		if (v->shared)
			v->array = false;
	}
	collect_builtins(c, parent, d);
	if (ck == CXCursor_ReturnStmt)
		k->has_return = true;
	return CXChildVisit_Recurse;
}

void kernel_free(struct kernel *k)
{
	unsigned i;

	for (i = 0; i < k->nv; i++) {
		free(k->v[i].name);
		free(k->v[i].pname);
		free(k->v[i].off_expr);
	}
	free(k->priv_expr);
	free(k->narrow_call);
	free(k->v);
	free(k->s);
	free(k->name);
	free(k->cname);
	free(k->addr);
	cmap_free(&k->vars);
	cmap_free(&k->stmts);
	cx_kids_free(&k->top);
}

/* The passes; false after diagnostics. */
bool analyse_kernel(struct kernel *k)
{
	struct source *s = k->src;
	int errs0 = s->nerrors;

	if (clang_getCursorKind(k->fn) == CXCursor_FunctionDecl &&
	    clang_getCursorResultType(k->fn).kind != CXType_Void)
		error_at(s, k->fn, "__global__ function '%s' must return void", k->name);
	check_subset(s, k->fn, true, k->name);
	clang_visitChildren(k->fn, collect_vars, k);
	if (s->nerrors > errs0)
		return false;
	uniformity_analyse(k);
	check_barriers(k);
	check_macro_statements(k);
	if (s->nerrors > errs0)
		return false;
	k->top = stmt_list(s, k->body);
	plan_statements(k);
	plan_variables(k);
	if (s->nerrors > errs0)
		return false;
	k->nbarriers = (int)count_barriers(k->body);
	return true;
}

/*
 * Is kernel fn declared with __cluster_dims__ (before its name)?  Then its
 * block function holds an __idxgen_cluster_scope, which makes
 * __clusterDimIsSpecified() 1 (include/cuda/idxgen_cuda_sm90.h).  Whole
 * programs only.
 */
bool kernel_cluster_dims(const struct kernel *k)
{
	unsigned a = c_start(k->fn), b;
	static const char word[] = "__cluster_dims__";

	clang_getExpansionLocation(clang_getCursorLocation(k->fn), NULL, NULL, NULL, &b);	/* its name */
	if (!k->src->cxx || b <= a || b > k->src->len)
		return false;
	for (unsigned i = a; i + sizeof(word) - 1 <= b; i++)
		if (!strncmp(k->src->text + i, word, sizeof(word) - 1))
			return true;
	return false;
}

void emit_prologue(struct kernel *k, struct buf *o)
{
	unsigned i, np = 0;

	if (k->block_width)	/* the second block function (width_body.c) */
		bprintf(o, "/* __global__ %s, its blocks %u threads wide (%s__block_pick) */\n"
			   "__attribute__((noinline)) static void %s__block_w%u(struct idxgen_rt_block *__b)\n{\n",
			k->name, k->block_width, k->cname, k->cname, k->block_width);
	else
		bprintf(o, "/* __global__ %s: called once per block; %d thread loop(s), %d barrier(s) */\n"
			   "static void %s__block(struct idxgen_rt_block *__b)\n{\n",
			k->name, k->nregions, k->nbarriers, k->cname);
	if (k->narrow_call)	/* before any scope: the fiber body opens its own */
		bprintf(o,
			"\tif (" NARROW_ROWS ") {	/* line %u counts on threadIdx.x telling the lanes of a warp apart */\n"
			"\t\t%s(__b);\n\t\treturn;\n\t}\n",
			"__b->block_dim[0]", "__b->block_dim[1] * __b->block_dim[2]", k->narrow_line, k->narrow_call);
	if (k->src->tls)	/* __device__ functions read blockIdx & co. */
		bprintf(o, "\tidxgen_cc_set_block(__b);\n");
	if (k->src->traps) {	/* __trap() and assert() fail the launch (idxgen_cc_program.h), named as nvcc names k */
		char *sig = kernel_signature(k->fn);

		bprintf(o, "\tidxgen_cc_block_scope __idxgen_bs(__b, &::threadIdx, \"%s\");\n", sig);
		free(sig);
	}
	/* __host__ __device__ functions take their device branch (cuda_arch.c), clock() counts
	 * cycles */
	if (k->src->hd_split || k->src->clock)
		bprintf(o, "\tidxgen_cc_device_scope __idxgen_ds;\n");
	if (kernel_cluster_dims(k))
		bprintf(o, "\t__idxgen_cluster_scope __idxgen_cs;\n");
	if (k->src->dyn_shared_ns)	/* extern __shared__ at namespace scope (whole.c file_dyn_shared) */
		bprintf(o, "\tidxgen_cc_dyn_shared = __b->dyn_shared;\n");
	if (k->uses_blockIdx)
		bprintf(o, "\tconst dim3 blockIdx = { __b->block_idx[0], __b->block_idx[1], __b->block_idx[2] };\n");
	if (k->uses_blockDim && k->block_width)
		bprintf(o, "\tconst dim3 blockDim = { %uu, __b->block_dim[1], __b->block_dim[2] };\n", k->block_width);
	else if (k->uses_blockDim)
		bprintf(o, "\tconst dim3 blockDim = { __b->block_dim[0], __b->block_dim[1], __b->block_dim[2] };\n");
	if (k->uses_gridDim)
		bprintf(o, "\tconst dim3 gridDim = { __b->grid_dim[0], __b->grid_dim[1], __b->grid_dim[2] };\n");
	for (i = 0; i < k->nv; i++) {
		struct var *v = &k->v[i];
		char *t;

		if (!v->param)
			continue;
		if (is_array_type(clang_getCursorType(v->decl))) {
			/* passed as the pointer it decays to */
			char *d = c_param_declaration(clang_getCursorType(v->decl), v->name);

			t = c_param_declaration(clang_getCursorType(v->decl), "*");
			bprintf(o, "\t%s = *(%s)__b->args[%u];\n", d, t, np++);
			free(d);
		} else if (is_reference_type(clang_getCursorType(v->decl))) {
			/* the slot holds the address the reference binds to (param_slot_type) */
			char *slot = param_slot_type(clang_getCursorType(v->decl));

			t = cx_string(clang_getTypeSpelling(clang_getCursorType(v->decl)));
			bprintf(o, "\t%s %s = **(%s *)__b->args[%u];\n", t, v->name, slot, np++);
			free(slot);
		} else if (kernel_param_bitwise(k->src, v->decl)) {
			/* CUDA's bitwise argument: no copy constructor or destructor on the device
			 * (kernel_param_class.c) */
			t = cx_string(clang_getTypeSpelling(clang_getCursorType(v->decl)));
			bprintf(o, "\talignas(%s) unsigned char __idxgen_arg_%s[sizeof(%s)];\n"
				   "\t__builtin_memcpy(__idxgen_arg_%s, __b->args[%u], sizeof(%s));\n"
				   "\t%s &%s = *reinterpret_cast<%s *>(__idxgen_arg_%s);\n",
				t, v->name, t, v->name, np++, t, t, v->name, t, v->name);
		} else {
			t = cx_string(clang_getTypeSpelling(clang_getCursorType(v->decl)));
			bprintf(o, "\t%s %s = *(%s *)__b->args[%u];\n", t, v->name, t, np++);
		}
		if (!refs_var(k, k->body, v))
			bprintf(o, "\t(void)%s;\n", v->name);
		free(t);
	}
}

/*
 * C++: a per-thread array lives in raw memory, its elements are assigned but
 * never constructed or destroyed, so their type must be trivial; for a
 * template, only the instantiation knows (a static_assert).
 */
static void emit_trivial_assert(struct buf *o, const char *type, const char *name)
{
	bprintf(o, "\tstatic_assert(std::is_trivial<%s>::value, \"idxgen-cc: '%s' lives across __syncthreads() and its type has constructors or a destructor: not supported\");\n",
		type, name);
}

/* Pointers to the per-thread arrays in the private area (offsets: plan_vars.c). */
void emit_private(struct kernel *k, struct buf *o)
{
	long long al;
	unsigned i, line;

	for (al = 64; al >= 1; al /= 2)
		for (i = 0; i < k->nv; i++) {
			struct var *v = &k->v[i];
			CXType t = clang_getCursorType(v->decl), e;
			struct buf dims = { 0 };
			char *ts;

			if (v->cls != V_PROMOTED || clang_Type_getAlignOf(t) != al)
				continue;
			for (e = t; e.kind == CXType_ConstantArray; e = clang_getArrayElementType(e))
				bprintf(&dims, "[%lld]", clang_getArraySize(e));
			ts = cx_string(clang_getTypeSpelling(clang_getUnqualifiedType(e)));
			if (dims.p && k->src->cxx)	/* C++: no implicit conversion from void * */
				bprintf(o, "\t%s (*const %s)%s = (%s (*)%s)IDXGEN_RT_PRIV(__b, void, %zu);	/* per-thread '%s' */\n",
					ts, v->pname, dims.p, ts, dims.p, v->offset, v->name);
			else if (dims.p)
				bprintf(o, "\t%s (*const %s)%s = IDXGEN_RT_PRIV(__b, void, %zu);	/* per-thread '%s' */\n",
					ts, v->pname, dims.p, v->offset, v->name);
			else
				bprintf(o, "\t%s *const %s = IDXGEN_RT_PRIV(__b, %s, %zu);	/* per-thread '%s' */\n", ts,
					v->pname, ts, v->offset, v->name);
			if (k->src->cxx && strcmp(ts, "dim3"))	/* dim3: see dim3_assigned() */
				emit_trivial_assert(o, ts, v->name);
			free(ts);
			buf_free(&dims);
		}
	for (i = 0; i < k->nv; i++) {
		struct var *v = &k->v[i];
		CXType t = clang_getCursorType(v->decl), e;
		struct buf dims = { 0 };
		char *ts;

		if (v->cls != V_PROMOTED || !v->off_expr)
			continue;
		for (e = t; e.kind == CXType_ConstantArray; e = clang_getArrayElementType(e))
			bprintf(&dims, "[%lld]", clang_getArraySize(e));
		ts = cx_string(clang_getTypeSpelling(clang_getUnqualifiedType(e)));
		bprintf(o, "\t%s (*const %s)%s = (%s (*)%s)IDXGEN_RT_PRIV(__b, void, %s);	/* per-thread '%s' */\n", ts,
			v->pname, dims.p ? dims.p : "", ts, dims.p ? dims.p : "", v->off_expr, v->name);
		emit_trivial_assert(o, ts, v->name);
		free(ts);
		buf_free(&dims);
	}
	if (k->nregions && k->block_width)
		bprintf(o, "\t/* the block's shape and index stream, in locals: stores cannot alias them */\n"
			   "\tconst uint32_t __bdx = %uu, __bdy = __b->block_dim[1], __bdz = __b->block_dim[2];\n",
			k->block_width);
	else if (k->nregions)
		bputs(o, "\t/* the block's shape and index stream, in locals: stores cannot alias them */\n"
			 "\tconst uint32_t __bdx = __b->block_dim[0], __bdy = __b->block_dim[1], __bdz = __b->block_dim[2];\n");
	if (k->nregions)
		bputs(o, "\tconst uint16_t *const __sx __attribute__((unused)) = __b->tid_x;\n"
			 "\tconst uint16_t *const __sy __attribute__((unused)) = __b->tid_y;\n"
			 "\tconst uint16_t *const __sz __attribute__((unused)) = __b->tid_z;\n"
			 "\tconst int __linear = idxgen_cc_linear(__b);\n");
	line = k->nregions && !k->narrow_call ? lockstep_shape_line(k->src, k->fn) : 0;
	if (line)	/* the C path and --exec-model=fission: no fiber body to hand the block to */
		bprintf(o,
			"\tif (" NARROW_ROWS ")	/* lanes (x, y) and (x, y + 1) of a warp share threadIdx.x */\n"
			"\t\tidxgen_rt_trap(__b, \"line %u counts on threadIdx.x telling the lanes of a warp apart; "
			"a %%ux%%ux%%u block does not (lock step)\", __bdx, __bdy, __bdz);\n",
			"__bdx", "__bdy * __bdz", line);
	if (!k->nregions)
		bputs(o, "\t(void)__b;\t/* no thread loop */\n");
	if (k->done_flags)
		bprintf(o, "\tunsigned char *const __done = IDXGEN_RT_PRIV(__b, unsigned char, %zu);	/* returned */\n"
			   "\n\tmemset(__done, 0, __b->nthreads);\n",
			k->done_offset);
}

/* "sizeof(T0), sizeof(T1), ..." of the kernel's parameters; how many (C and C++ descriptors). */
unsigned emit_param_traits(const struct kernel *k, const char *op, struct buf *o)
{
	unsigned i, np = 0;

	for (i = 0; i < k->nv; i++)
		if (k->v[i].param) {
			char *t = param_slot_type(clang_getCursorType(k->v[i].decl));

			bprintf(o, "%s%s(%s)", np++ ? ", " : "", op, t);
			free(t);
		}
	return np;
}

unsigned emit_param_sizes(const struct kernel *k, struct buf *o)
{
	return emit_param_traits(k, "sizeof", o);
}

static void emit_descriptor(struct kernel *k, struct buf *o)
{
	unsigned np;

	bprintf(o, "static const size_t %s__arg_sizes[] = { ", k->name);
	np = emit_param_sizes(k, o);
	if (!np)
		bprintf(o, "0");
	bprintf(o, " };\n");
	bprintf(o, "const struct idxgen_rt_kernel idxgen_cc_kernel_%s = {\n"
		   "\t.abi_version = IDXGEN_RT_ABI_VERSION,\n"
		   "\t.name = \"%s\",\n"
		   "\t.block = %s__block%s,\n"
		   "\t.shared_bytes = 0,	/* static __shared__ (%zu bytes): locals of the block function */\n"
		   "\t.priv_bytes = %zu,\n"
		   "\t.nargs = %u,\n"
		   "\t.arg_sizes = %s__arg_sizes,\n"
		   "};\n",
		k->name, k->name, k->name, k->width_body ? "_pick" : "", k->static_shared, k->priv_bytes, np, k->name);
}

void kernel_init(struct kernel *k, struct source *s, CXCursor fn)
{
	struct cx_kids ks = cx_kids_of(fn);
	unsigned i;

	memset(k, 0, sizeof(*k));
	k->src = s;
	k->fn = fn;
	k->body = clang_getNullCursor();
	k->name = cx_spelling(fn);
	k->cname = cx_strdup(k->name);
	{
		struct buf b = { 0 };

		bprintf(&b, "&%s", k->name);
		k->addr = b.p;
	}
	for (i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_CompoundStmt)
			k->body = ks.c[i];
	cx_kids_free(&ks);
}

/*
 * Is var, a local or parameter of kernel fn, the same for every thread of the
 * block (the uniformity analysis: no write depends on the thread or happens
 * under a condition that does, its address never taken)?  For lockstep.c,
 * which proves a warp's lanes apart by it; its walk is read-only, hence
 * the const source.
 */
bool kernel_local_uniform(const struct source *s, CXCursor fn, CXCursor var)
{
	struct kernel k;
	struct var *v;
	unsigned i;
	bool r;

	if (!has_annot(fn, "global"))
		return false;	/* a helper's parameters are its callers' */
	kernel_init(&k, (struct source *)s, fn);
	clang_visitChildren(k.fn, collect_vars, &k);
	uniformity_analyse(&k);
	for (i = 0, v = NULL; i < k.nv && !v; i++)
		if (clang_equalCursors(k.v[i].decl, var))
			v = &k.v[i];
	r = v && !v->variant && !v->addr_taken && !v->shared && !v->array;
	kernel_free(&k);
	return r;
}

void kernel_params(struct kernel *k)
{
	struct cx_kids ks = cx_kids_of(k->fn);
	unsigned i;

	for (i = 0; i < ks.n; i++)
		if (clang_getCursorKind(ks.c[i]) == CXCursor_ParmDecl)
			collect_vars(ks.c[i], k->fn, k);
	cx_kids_free(&ks);
}

void translate_kernel(struct source *s, CXCursor fn, struct buf *o)
{
	struct kernel k;

	kernel_init(&k, s, fn);
	if (analyse_kernel(&k)) {
		if (s->plan)
			dump_plan(&k, s->plan);
		emit_block_functions(&k, NULL, "", o);
		emit_descriptor(&k, o);
	}
	kernel_free(&k);
}

/* A function at file scope: a kernel is translated, a __device__ function checked and copied. */
static void top_function(struct source *s, CXCursor c, struct buf *o, unsigned *pos, unsigned *nk)
{
	bool g = has_annot(c, "global"), d = has_annot(c, "device");
	char *n = cx_spelling(c);

	if (g && !clang_isCursorDefinition(c)) {
		if (in_main(s, c)) {	/* a prototype: drop it */
			emit_src(s, *pos, c_start(c), o);
			*pos = stmt_end(s, c);
		}
	} else if (g) {
		if (!in_main(s, c)) {
			error_at(s, c, "__global__ function '%s' must be defined in %s itself", n, s->path);
		} else if (!kernel_macro_defined(s, c)) {
			emit_src(s, *pos, c_start(c), o);
			translate_kernel(s, c, o);
			*pos = c_end(c);
			(*nk)++;
		}
	} else if (d) {
		check_subset(s, c, false, n);
	} else {
		error_at(s, c, "function '%s' is neither __global__ nor __device__: host code is outside the subset idxgen-cc translates",
			 n);
	}
	free(n);
}

int translate_unit(struct source *s, CXTranslationUnit tu, struct buf *o)
{
	struct cx_kids ks = cx_kids_of(clang_getTranslationUnitCursor(tu));
	unsigned i, pos = 0, nk = 0;

	bprintf(o, "/* Generated by idxgen-cc %s from %s. */\n#include <idxgen_cc_kernel.h>\n\n", IDXGEN_CC_VERSION,
		s->path);
	for (i = 0; i < ks.n; i++) {
		CXCursor c = ks.c[i];
		enum CXCursorKind ck = clang_getCursorKind(c);

		if (in_parse_header(c) || clang_isPreprocessing(ck) ||
		    clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
			continue;
		if (ck == CXCursor_FunctionDecl)
			top_function(s, c, o, &pos, &nk);
		else
			check_file_scope_decl(s, c);
	}
	emit_src(s, pos, (unsigned)s->len, o);
	cx_kids_free(&ks);
	if (!nk && !s->nerrors)
		fprintf(stderr, "%s: warning: no __global__ function\n", s->path);
	return s->nerrors ? 1 : 0;
}

int cc_translate_file(const char *path, char *const *args, int nargs, unsigned flags, struct buf *out)
{
	return cc_translate_file_arch(path, args, nargs, flags, 0, out);
}

int cc_translate_file_arch(const char *path, char *const *args, int nargs, unsigned flags, int cuda_arch,
			   struct buf *out)
{
	struct buf c = { 0 };
	struct source s;
	CXIndex idx;
	CXTranslationUnit tu;
	int rc;

	if (!source_read(&s, path)) {
		fprintf(stderr, "idxgen-cc: %s: %s\n", path, strerror(errno));
		return 2;
	}
	if (flags & CC_DUMP_PLAN)
		s.plan = out;	/* and the C to a scratch buffer */
	idx = clang_createIndex(0, 0);
	cuda_arch_resolve(&s, idx, args, nargs, cuda_arch);	/* device code only: its view (-arch; 900) */
	if (!s.nerrors)
		macro_kernels_expand(&s, idx, args, nargs);
	rc = s.nerrors ? 1 : warp_lower(&s, idx, args, nargs);
	tu = rc ? NULL : source_parse(&s, idx, args, nargs);
	if (rc) {
		/* diagnosed by warp.c */
	} else if (!tu) {
		fprintf(stderr, "idxgen-cc: %s: libclang could not parse the file\n", path);
		rc = 2;
	} else {
		if (!s.nerrors)
			plan_rewrites(&s, tu);
		rc = s.nerrors ? 1 : translate_unit(&s, tu, s.plan ? &c : out);
	}
	if (tu)
		clang_disposeTranslationUnit(tu);
	parse_memo_free(&s);	/* its units before their index */
	clang_disposeIndex(idx);
	source_free(&s);
	buf_free(&c);
	return rc;
}
