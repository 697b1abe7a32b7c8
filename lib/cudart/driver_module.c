// SPDX-License-Identifier: MIT
/*
 * driver_module.c - modules of the driver API: device code loaded at run
 * time (cuModuleLoad, ...LoadData, ...LoadDataEx, ...LoadFatBinary) and
 * its kernels and variables found by name.  Device code here is what
 * `idxgen-cc -fatbin x.cu` (or -cubin, -ptx) writes: an ELF shared object
 * of x.cu's translated kernels, tagged (driver_image.c reads the tag
 * before anything runs).  Loading dlopens a copy of it in a temporary
 * file, removed once open, and its constructors register its
 * kernels and variables with this runtime as a program's own register (the
 * program exports the runtime: idxgen-cc links it with --export-dynamic;
 * for one that does not, driver_exports.c provides it),
 * so a CUfunction of a module is its kernel's host stub, as a program
 * kernel's is, and everything of driver_launch.c applies to it.
 * Each load is a module of its own (its own variables), as in CUDA.  A
 * linked image (cuLinkComplete of several modules, driver_link_image.c) is
 * one module of several shared objects, loaded together so that each finds
 * the functions of the others.
 * NVIDIA's device code (fatbin, cubin, PTX) is CUDA's
 * CUDA_ERROR_NO_BINARY_FOR_GPU, anything else CUDA_ERROR_INVALID_IMAGE,
 * with the reason in the caller's CU_JIT_ERROR_LOG_BUFFER.
 * Kernels are found by the names CUDA gives them: an exported one by its
 * symbol (dlsym), a `static` one or one of an anonymous namespace by its
 * symbol-table name spelled as nvcc spells it (driver_kernel_names.c).
 * cuModuleUnload waits for the device, forgets the module's kernels and
 * variables (a CUfunction the program kept is then CUDA_ERROR_INVALID_HANDLE,
 * as in CUDA) and unmaps its code, unless a graph node keeps one of its
 * kernels (that code stays mapped: the node must never call unmapped code).
 * A library's module (driver_library.c) is the library's to unload.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver_image.h"
#include "driver_int.h"
#include "idxgen_module.h"

/* One shared object of a module: the module, or one of the modules linked into it. */
struct mod_part {
	struct link_map *map;		/* where it lies */
	uintptr_t lo, hi;		/* its segments' addresses */
};

struct CUmod_st {
	struct CUmod_st *next;		/* the context's list */
	void *so;			/* dlopen's handle (linked: of the object that needs the parts) */
	struct mod_part parts[IDXGEN_LINK_MAX];
	unsigned int nparts;
	const void **kernels;		/* the host stubs of its kernels */
	char **names;			/* CUDA's name of each static kernel; NULL: exported */
	unsigned int nkernels;
	const void **vars;		/* its variables of internal linkage (not exported) */
	char **var_names;		/* CUDA's name of each */
	unsigned int nvars, vars_cap;
	bool library;			/* loaded by cuLibraryLoad*: the library's module */
};

/* A load's images (one module, or the parts of a linked image) and their temporary files. */
struct load {
	const void *images[IDXGEN_LINK_MAX];
	size_t sizes[IDXGEN_LINK_MAX];
	char *paths[IDXGEN_LINK_MAX];
	unsigned int n;
};

/*
 * text into the log buffer of the caller's options (buf: CU_JIT_ERROR_LOG_BUFFER
 * or CU_JIT_INFO_LOG_BUFFER) if it gave one, and the bytes written into
 * its size option, as CUDA reports how much of a log it filled.
 */
static void put_log(unsigned int n, const CUjit_option *opts, void *const *vals, CUjit_option buf_opt,
		    CUjit_option size_opt, const char *text)
{
	char *buf = NULL;
	size_t size = 0, len;
	int size_at = -1;

	if (!opts || !vals)
		return;
	for (unsigned int i = 0; i < n; i++) {
		if (opts[i] == buf_opt) {
			buf = vals[i];
		} else if (opts[i] == size_opt) {
			size = (size_t)(uintptr_t)vals[i];
			size_at = (int)i;
		}
	}
	if (!buf || !size)
		return;
	snprintf(buf, size, "%s", text);
	len = strlen(buf);
	((void **)vals)[size_at] = (void *)(uintptr_t)len;
}

void cudart_jit_logs(unsigned int n, const CUjit_option *opts, void *const *vals, const char *error,
		     const char *info)
{
	put_log(n, opts, vals, CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, error);
	put_log(n, opts, vals, CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, info);
}

/* A failure's reason into the error log; the info log (if asked for) empty, never stale. */
static void log_reason(unsigned int n, const CUjit_option *opts, void **vals, const char *why)
{
	cudart_jit_logs(n, opts, vals, why, "");
}

/* A load's logs: no error; what was loaded in the info log. */
static void log_loaded(unsigned int n, const CUjit_option *opts, void **vals, CUmodule m)
{
	char info[160];

	snprintf(info, sizeof(info),
		 "idxgen: a module of %u translated kernel(s) loaded (idxgen-cc's; there is no JIT)",
		 m->nkernels);
	cudart_jit_logs(n, opts, vals, "", info);
}

struct kernel_list {
	CUmodule m;
	struct link_map *map;		/* of the part whose symbols are read */
	unsigned int cap;
};

/* One function of the module's symbol table: kept if it is a registered kernel. */
static void add_kernel(uint64_t value, const char *name, bool local, void *arg)
{
	struct kernel_list *l = arg;
	CUmodule m = l->m;
	const void *stub = (const char *)l->map->l_addr + value;
	const void **more;
	char **more_names;

	if (!cudart_kernel_of(stub))
		return;
	if (m->nkernels == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 8;
		more = realloc(m->kernels, l->cap * sizeof(*more));
		if (more)
			m->kernels = more;
		more_names = realloc(m->names, l->cap * sizeof(*more_names));
		if (more_names)
			m->names = more_names;
		if (!more || !more_names)
			return;	/* the list is short: the kernel is not found by name */
	}
	m->names[m->nkernels] = local ? cudart_kernel_cuda_name(name) : NULL;
	m->kernels[m->nkernels++] = stub;
}

/* One object of the module's symbol table: kept if it is a registered variable of internal linkage. */
static void add_var(uint64_t value, const char *name, bool local, void *arg)
{
	struct kernel_list *l = arg;
	CUmodule m = l->m;
	const void *at = (const char *)l->map->l_addr + value;
	size_t size;
	const void **more;
	char **more_names;

	if (!local || !cudart_var_size(at, &size))
		return;		/* an exported one is dlsym's */
	if (m->nvars == m->vars_cap) {
		m->vars_cap = m->vars_cap ? 2 * m->vars_cap : 8;
		more = realloc(m->vars, m->vars_cap * sizeof(*more));
		if (more)
			m->vars = more;
		more_names = realloc(m->var_names, m->vars_cap * sizeof(*more_names));
		if (more_names)
			m->var_names = more_names;
		if (!more || !more_names)
			return;	/* the list is short: the variable is not found by name */
	}
	m->var_names[m->nvars] = cudart_var_cuda_name(name);
	m->vars[m->nvars++] = at;
}

static CUresult dl_error(unsigned int n, const CUjit_option *opts, void **vals)
{
	const char *e = dlerror();
	char why[512];

	snprintf(why, sizeof(why), "idxgen: the module does not load: %s", e ? e : "?");
	log_reason(n, opts, vals, why);
	return e && strstr(e, "undefined symbol") ? CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND :
						     CUDA_ERROR_SHARED_OBJECT_INIT_FAILED;
}

char *cudart_temp_file(const void *bytes, size_t size)
{
	const char *tmp = getenv("TMPDIR");
	size_t len = strlen(tmp && *tmp ? tmp : "/tmp") + sizeof("/idxgen-module-XXXXXX");
	char *path = malloc(len);
	ssize_t put;
	int fd;

	if (!path)
		return NULL;
	snprintf(path, len, "%s/idxgen-module-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	fd = mkstemp(path);
	if (fd < 0) {
		free(path);
		return NULL;
	}
	put = write(fd, bytes, size);
	close(fd);
	if (put < 0 || (size_t)put != size) {
		unlink(path);
		free(path);
		return NULL;
	}
	return path;
}

/*
 * The shared object to dlopen for ld's files: the one module, or for
 * linked modules an object that needs them all (driver_link_image.c), so
 * that each part's undefined functions are found in the others.
 */
static void *open_parts(const struct load *ld)
{
	size_t size;
	void *glue, *so;
	char *path;

	for (unsigned int i = 0; i < ld->n; i++)
		cudart_provide_runtime(ld->images[i], ld->sizes[i]);	/* driver_exports.c */
	if (ld->n == 1)
		return dlopen(ld->paths[0], RTLD_NOW | RTLD_LOCAL);
	glue = cudart_link_glue(ld->images[0], (const char *const *)ld->paths, ld->n, &size);
	path = glue ? cudart_temp_file(glue, size) : NULL;
	free(glue);
	if (!path)
		return NULL;
	so = dlopen(path, RTLD_NOW | RTLD_LOCAL);
	unlink(path);
	free(path);
	return so;
}

/* The checked images of ld, written to its files, dlopened into a new module. */
static CUresult open_module(CUmodule *mod, const struct load *ld, unsigned int n, CUjit_option *opts,
			    void **vals)
{
	struct cudart_ctx *c = cudart_ctx();
	CUmodule m = calloc(1, sizeof(*m));
	struct kernel_list l = { m, NULL, 0 };
	uint64_t lo, hi;

	if (!m)
		return CUDA_ERROR_OUT_OF_MEMORY;
	m->so = open_parts(ld);
	if (!m->so) {
		free(m);
		return dl_error(n, opts, vals);
	}
	for (unsigned int i = 0; i < ld->n; i++) {
		struct mod_part *p = &m->parts[i];
		/* a part of a linked module: already loaded, as a dependency of m->so */
		void *h = ld->n == 1 ? m->so : dlopen(ld->paths[i], RTLD_NOW | RTLD_NOLOAD);

		if (!h || dlinfo(h, RTLD_DI_LINKMAP, &p->map)) {
			free(m);	/* the code stays mapped: see the head of the file */
			return dl_error(n, opts, vals);
		}
		if (h != m->so)
			dlclose(h);
		cudart_drv_image_span(ld->images[i], ld->sizes[i], &lo, &hi);
		p->lo = p->map->l_addr + lo;
		p->hi = p->map->l_addr + hi;
		l.map = p->map;
		cudart_drv_image_funcs(ld->images[i], ld->sizes[i], add_kernel, &l);
		cudart_drv_image_syms(ld->images[i], ld->sizes[i], STT_OBJECT, add_var, &l);
		m->nparts++;
	}
	pthread_mutex_lock(&c->lock);
	m->next = c->modules;
	c->modules = m;
	pthread_mutex_unlock(&c->lock);
	log_loaded(n, opts, vals, m);
	*mod = m;
	return CUDA_SUCCESS;
}

/* An image of the kind driver_image.c found, other than a module: CUDA's code for it. */
static CUresult refuse(const struct drv_image_info *info, unsigned int n, CUjit_option *opts,
		       void **vals)
{
	char why[256];

	snprintf(why, sizeof(why), "idxgen: %s", info->why);
	log_reason(n, opts, vals, why);
	return info->kind == DRV_IMAGE_NVIDIA ? CUDA_ERROR_NO_BINARY_FOR_GPU : CUDA_ERROR_INVALID_IMAGE;
}

/*
 * An image (known: its length, or 0 for an in-memory one) into a new
 * module: written to a temporary file for dlopen, removed once open.  A
 * file is copied too, so that each load is a module of its own with its
 * own variables, as each of CUDA's loads is (dlopen would share one).
 */
static CUresult load_image(CUmodule *mod, const void *image, size_t known, unsigned int n,
			   CUjit_option *opts, void **vals)
{
	struct drv_image_info info;
	struct load ld = { .n = 1 };
	size_t bytes = 0;
	void *text = cudart_drv_image_text(image, known, &bytes);
	CUresult r = CUDA_SUCCESS;

	if (text) {
		/* idxgen-cc -ptx's form: its bytes (4 at least: none is no module) */
		r = bytes >= 4 ? load_image(mod, text, bytes, n, opts, vals) : CUDA_ERROR_INVALID_IMAGE;
		free(text);
		return r;
	}
	if (cudart_is_link_image(image, known)) {
		if (cudart_link_image_parts(image, known, ld.images, ld.sizes, &ld.n, &info) != DRV_IMAGE_MODULE)
			return refuse(&info, n, opts, vals);
	} else {
		if (cudart_drv_image(image, known, &info) != DRV_IMAGE_MODULE)
			return refuse(&info, n, opts, vals);
		ld.images[0] = image;
		ld.sizes[0] = info.size;
	}
	for (unsigned int i = 0; i < ld.n && !r; i++) {
		ld.paths[i] = cudart_temp_file(ld.images[i], ld.sizes[i]);
		if (!ld.paths[i])
			r = CUDA_ERROR_OPERATING_SYSTEM;
	}
	if (!r)
		r = open_module(mod, &ld, n, opts, vals);
	for (unsigned int i = 0; i < ld.n; i++) {
		if (ld.paths[i])
			unlink(ld.paths[i]);
		free(ld.paths[i]);
	}
	return r;
}

CUresult cudart_module_load(CUmodule *mod, const void *image, size_t known, unsigned int n,
			    CUjit_option *opts, void **vals)
{
	return load_image(mod, image, known, n, opts, vals);
}

/* The whole file at fname, read (its length in *size); NULL with errno. */
static void *read_file(const char *fname, size_t *size)
{
	FILE *f = fopen(fname, "rb");
	struct stat st;
	void *p = NULL;

	if (!f)
		return NULL;
	if (!fstat(fileno(f), &st) && S_ISREG(st.st_mode) && st.st_size > 0) {
		p = malloc((size_t)st.st_size);
		if (p && fread(p, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
			free(p);
			p = NULL;
			errno = EIO;
		}
		*size = (size_t)st.st_size;
	} else {
		errno = S_ISDIR(st.st_mode) ? EISDIR : EINVAL;
	}
	fclose(f);
	return p;
}

CUresult cudart_module_file(const char *fname, void **image, size_t *size)
{
	*size = 0;
	*image = read_file(fname, size);
	if (*image)
		return CUDA_SUCCESS;
	return errno == ENOENT || errno == EACCES || errno == ENOTDIR ?
		       CUDA_ERROR_FILE_NOT_FOUND :
		       CUDA_ERROR_INVALID_IMAGE;	/* empty, a folder, unreadable */
}

CUresult cuModuleLoad(CUmodule *mod, const char *fname)
{
	size_t size = 0;
	void *image;
	CUresult r;

	if (!mod || !fname)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_module_file(fname, &image, &size);
	if (r)
		return r;
	r = load_image(mod, image, size, 0, NULL, NULL);
	free(image);
	return r;
}

CUresult cuModuleLoadDataEx(CUmodule *mod, const void *image, unsigned int n, CUjit_option *opts,
			    void **vals)
{
	if (!mod || !image || (n && (!opts || !vals)))
		return CUDA_ERROR_INVALID_VALUE;
	return load_image(mod, image, 0, n, opts, vals);
}

CUresult cuModuleLoadData(CUmodule *mod, const void *image)
{
	return cuModuleLoadDataEx(mod, image, 0, NULL, NULL);
}

CUresult cuModuleLoadFatBinary(CUmodule *mod, const void *fatbin)
{
	return cuModuleLoadDataEx(mod, fatbin, 0, NULL, NULL);
}

/* Is m a loaded module?  Under the context's lock. */
static bool loaded(struct cudart_ctx *c, CUmodule m)
{
	for (CUmodule i = c->modules; i; i = i->next)
		if (i == m)
			return true;
	return false;
}

bool cudart_is_module(CUmodule m)
{
	struct cudart_ctx *c = cudart_ctx();
	bool yes;

	pthread_mutex_lock(&c->lock);
	yes = m && loaded(c, m);
	pthread_mutex_unlock(&c->lock);
	return yes;
}

void cudart_module_set_library(CUmodule m)
{
	m->library = true;	/* before its handle is the program's */
}

bool cudart_is_library(CUmodule m)
{
	struct cudart_ctx *c = cudart_ctx();
	bool yes;

	pthread_mutex_lock(&c->lock);
	yes = m && loaded(c, m) && m->library;
	pthread_mutex_unlock(&c->lock);
	return yes;
}

CUresult cudart_module_unload(CUmodule mod, bool library)
{
	struct cudart_ctx *c = cudart_ctx();
	bool pinned = false;
	CUmodule *at;
	CUresult r = CUDA_SUCCESS;

	pthread_mutex_lock(&c->lock);
	for (at = &c->modules; mod && *at && *at != mod; at = &(*at)->next)
		;
	if (!mod || !*at)
		r = CUDA_ERROR_INVALID_HANDLE;
	else if (mod->library != library)
		r = library ? CUDA_ERROR_INVALID_HANDLE : CUDA_ERROR_NOT_PERMITTED;
	if (!r) {
		*at = mod->next;
		/* nothing of it may run any more: the device idle first (no error taken, no capture touched) */
		cudart_wait_all(c);
		for (unsigned int i = 0; i < mod->nparts; i++) {
			pinned |= cudart_funcs_forget(c, mod->parts[i].lo, mod->parts[i].hi);
			cudart_vars_forget(c, mod->parts[i].lo, mod->parts[i].hi);
		}
	}
	pthread_mutex_unlock(&c->lock);
	if (r)
		return r;
	if (!pinned)
		dlclose(mod->so);	/* else mapped until exit: a graph node keeps one of its kernels */
	for (unsigned int i = 0; i < mod->nkernels; i++)
		free(mod->names[i]);
	free(mod->names);
	for (unsigned int i = 0; i < mod->nvars; i++)
		free(mod->var_names[i]);
	free(mod->var_names);
	free(mod->vars);
	free(mod->kernels);
	free(mod);
	return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule mod)
{
	return cudart_module_unload(mod, false);
}

/* name's definition in m itself (a part of it, not a library it depends on), or NULL. */
void *cudart_module_symbol(CUmodule m, const char *name)
{
	void *at = dlsym(m->so, name);
	struct link_map *map = NULL;
	Dl_info info;

	if (!at || !dladdr1(at, &info, (void **)&map, RTLD_DL_LINKMAP))
		return NULL;
	for (unsigned int i = 0; i < m->nparts; i++)
		if (map == m->parts[i].map)
			return at;
	return NULL;
}

CUresult cuModuleGetFunction(CUfunction *fn, CUmodule mod, const char *name)
{
	const void *stub;
	char *key;

	if (!fn || !name)
		return CUDA_ERROR_INVALID_VALUE;
	if (!cudart_is_module(mod))
		return CUDA_ERROR_INVALID_HANDLE;
	stub = cudart_module_symbol(mod, name);
	key = stub ? NULL : cudart_kernel_name_key(name);
	if (!stub && !key)
		return CUDA_ERROR_OUT_OF_MEMORY;
	for (unsigned int i = 0; i < mod->nkernels; i++)
		if (stub ? mod->kernels[i] == stub : mod->names[i] && !strcmp(mod->names[i], key)) {
			*fn = (CUfunction)mod->kernels[i];
			free(key);
			return CUDA_SUCCESS;
		}
	free(key);
	return CUDA_ERROR_NOT_FOUND;
}

/* A variable of internal linkage by the name nvcc gives it (driver_kernel_names.c), or NULL. */
static void *internal_var(CUmodule mod, const char *name)
{
	char *key = cudart_kernel_name_key(name);
	void *at = NULL;

	for (unsigned int i = 0; key && i < mod->nvars && !at; i++)
		if (mod->var_names[i] && !strcmp(mod->var_names[i], key))
			at = (void *)mod->vars[i];
	free(key);
	return at;
}

CUresult cuModuleGetGlobal(CUdeviceptr *dptr, size_t *bytes, CUmodule mod, const char *name)
{
	void *at;
	size_t size;

	if (!name || (!dptr && !bytes))
		return CUDA_ERROR_INVALID_VALUE;
	if (!cudart_is_module(mod))
		return CUDA_ERROR_INVALID_HANDLE;
	at = cudart_module_symbol(mod, name);
	if (!at)
		at = internal_var(mod, name);
	if (!at || !cudart_var_size(at, &size))
		return CUDA_ERROR_NOT_FOUND;
	if (dptr)
		*dptr = (CUdeviceptr)(uintptr_t)at;
	if (bytes)
		*bytes = size;
	return CUDA_SUCCESS;
}

CUresult cuModuleGetFunctionCount(unsigned int *count, CUmodule mod)
{
	if (!count)
		return CUDA_ERROR_INVALID_VALUE;
	if (!cudart_is_module(mod))
		return CUDA_ERROR_INVALID_HANDLE;
	*count = mod->nkernels;
	return CUDA_SUCCESS;
}

CUresult cuModuleEnumerateFunctions(CUfunction *fns, unsigned int n, CUmodule mod)
{
	if (!fns || !n)
		return CUDA_ERROR_INVALID_VALUE;
	if (!cudart_is_module(mod))
		return CUDA_ERROR_INVALID_HANDLE;
	for (unsigned int i = 0; i < n && i < mod->nkernels; i++)
		fns[i] = (CUfunction)mod->kernels[i];
	return CUDA_SUCCESS;
}

CUmodule cudart_module_of(const void *stub)
{
	struct cudart_ctx *c = cudart_ctx();
	CUmodule found = NULL;

	pthread_mutex_lock(&c->lock);
	for (CUmodule m = c->modules; m && !found; m = m->next)
		for (unsigned int i = 0; i < m->nkernels && !found; i++)
			if (m->kernels[i] == stub)
				found = m;
	pthread_mutex_unlock(&c->lock);
	return found;
}
