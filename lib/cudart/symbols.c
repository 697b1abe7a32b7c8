// SPDX-License-Identifier: MIT
/*
 * symbols.c - __device__ and __constant__ variables.  One address space:
 * a variable is an ordinary global object of the translated program and
 * its "device address" is its host address.  Translated code registers
 * each one with its size (__idxgenRegisterVar), so that the symbol calls
 * can refuse what CUDA refuses: an address that is not a variable
 * (cudaErrorInvalidSymbol), a copy past its end (cudaErrorInvalidValue).
 */
#define _GNU_SOURCE
#include <link.h>
#include <search.h>
#include <stdint.h>
#include <stdlib.h>

#include "cudart.h"

static void register_var(const void *host_var, size_t size, const char *name, bool managed)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_var *v, **node;

	if (!host_var)
		return;
	v = malloc(sizeof(*v));
	if (!v)
		return;	/* from a constructor: its symbol calls will say cudaErrorInvalidSymbol */
	*v = (struct cudart_var){ .host = host_var, .size = size, .name = name, .managed = managed };
	pthread_mutex_lock(&c->lock);
	node = tsearch(v, &c->vars, cudart_ptr_cmp);
	if (node && *node != v) {
		**node = *v;
		free(v);
	} else if (!node) {
		free(v);
	}
	pthread_mutex_unlock(&c->lock);
}

void __idxgenRegisterVar(const void *host_var, size_t size, const char *name)
{
	register_var(host_var, size, name, false);
}

/* A __managed__ variable: one address space makes it a __device__ one, but cuLibraryGetManaged asks */
void __idxgenRegisterManagedVar(const void *host_var, size_t size, const char *name)
{
	register_var(host_var, size, name, true);
}

struct static_range {
	uintptr_t a, e;
	bool in;
};

static int static_range_visit(struct dl_phdr_info *info, size_t size, void *d)
{
	struct static_range *r = d;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum && !r->in; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr;

		r->in = ph->p_type == PT_LOAD && (ph->p_flags & PF_W) && r->a >= lo && r->e <= lo + ph->p_memsz;
	}
	return r->in;
}

/*
 * A symbol named by reference in C++ (cudaMemcpyToSymbol(mask<T>, ...),
 * cuda_runtime.h's templates give its size): registered here when
 * translated code could not register it, an instance of a __device__ or
 * __constant__ variable template (`template <class T> __constant__ T
 * mask[16];`, HeCBench convolution1D): idxgen-cc cannot name every instance
 * a program uses.  Only an object of static storage (in a writable segment
 * of the program or a library, as every variable is), so that a pointer to
 * the stack or the heap still fails with cudaErrorInvalidSymbol.
 */
void __idxgenRegisterVarRef(const void *host_var, size_t size)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_var key = { .host = host_var };
	struct static_range r = { (uintptr_t)host_var, (uintptr_t)host_var + size, false };
	void *node;

	if (!host_var || !size || r.e < r.a)
		return;
	pthread_mutex_lock(&c->lock);
	node = tfind(&key, &c->vars, cudart_ptr_cmp);
	pthread_mutex_unlock(&c->lock);
	if (node)
		return;
	dl_iterate_phdr(static_range_visit, &r);
	if (r.in)
		__idxgenRegisterVar(host_var, size, "(variable template instance)");
}

/* The variable at symbol, checked for [offset, offset + count). */
static cudaError_t find_var(const void *symbol, size_t offset, size_t count, char **addr,
			    size_t *size)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_var key = { .host = symbol }, *v = NULL;
	void *node;

	pthread_mutex_lock(&c->lock);
	node = symbol ? tfind(&key, &c->vars, cudart_ptr_cmp) : NULL;
	if (node)
		v = *(struct cudart_var **)node;
	pthread_mutex_unlock(&c->lock);
	if (!v)
		return cudaErrorInvalidSymbol;
	if (offset > v->size || count > v->size - offset)
		return cudaErrorInvalidValue;
	*addr = (char *)v->host + offset;
	if (size)
		*size = v->size;
	return cudaSuccess;
}

static bool to_device(enum cudaMemcpyKind k)
{
	return k == cudaMemcpyHostToDevice || k == cudaMemcpyDeviceToDevice ||
	       k == cudaMemcpyDefault;
}

static bool from_device(enum cudaMemcpyKind k)
{
	return k == cudaMemcpyDeviceToHost || k == cudaMemcpyDeviceToDevice ||
	       k == cudaMemcpyDefault;
}

cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src, size_t count,
				    size_t offset, enum cudaMemcpyKind kind, cudaStream_t stream)
{
	char *addr;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!to_device(kind))
		return cudart_set_error(cudaErrorInvalidMemcpyDirection);
	err = find_var(symbol, offset, count, &addr, NULL);
	if (err)
		return cudart_set_error(err);
	return cudaMemcpyAsync(addr, src, count, cudaMemcpyDefault, stream);
}

cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol, size_t count, size_t offset,
				      enum cudaMemcpyKind kind, cudaStream_t stream)
{
	char *addr;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!from_device(kind))
		return cudart_set_error(cudaErrorInvalidMemcpyDirection);
	err = find_var(symbol, offset, count, &addr, NULL);
	if (err)
		return cudart_set_error(err);
	return cudaMemcpyAsync(dst, addr, count, cudaMemcpyDefault, stream);
}

/* The device address of [offset, offset + count) of symbol (graph_symbol.c's nodes). */
cudaError_t cudart_symbol_range(const void *symbol, size_t offset, size_t count, char **addr)
{
	return find_var(symbol, offset, count, addr, NULL);
}

bool cudart_kind_to_device(enum cudaMemcpyKind kind)
{
	return to_device(kind);
}

bool cudart_kind_from_device(enum cudaMemcpyKind kind)
{
	return from_device(kind);
}

cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src, size_t count, size_t offset,
			       enum cudaMemcpyKind kind)
{
	return cudaMemcpyToSymbolAsync(symbol, src, count, offset, kind, 0);
}

cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count, size_t offset,
				 enum cudaMemcpyKind kind)
{
	return cudaMemcpyFromSymbolAsync(dst, symbol, count, offset, kind, 0);
}

cudaError_t cudaGetSymbolAddress(void **ptr, const void *symbol)
{
	char *addr;
	cudaError_t err;

	CUDART_STICKY_RETURN();
	if (!ptr)
		return cudart_set_error(cudaErrorInvalidValue);
	err = find_var(symbol, 0, 0, &addr, NULL);
	if (!err)
		*ptr = addr;
	return cudart_set_error(err);
}

void cudart_vars_forget(struct cudart_ctx *c, uintptr_t lo, uintptr_t hi)
{
	void **items;
	size_t n = cudart_span_take(&c->vars, lo, hi, &items);

	for (size_t i = 0; i < n; i++)
		free(items[i]);
	free(items);
}

/* Is addr a registered __managed__ variable?  No error recorded (driver_library.c). */
bool cudart_var_is_managed(const void *addr)
{
	struct cudart_ctx *c = cudart_ctx();
	struct cudart_var key = { .host = addr };
	void *node;
	bool managed;

	pthread_mutex_lock(&c->lock);
	node = addr ? tfind(&key, &c->vars, cudart_ptr_cmp) : NULL;
	managed = node && (*(struct cudart_var **)node)->managed;
	pthread_mutex_unlock(&c->lock);
	return managed;
}

/* Is addr a registered variable, of what size?  No error recorded (driver_module.c). */
bool cudart_var_size(const void *addr, size_t *size)
{
	char *at;

	return find_var(addr, 0, 0, &at, size) == cudaSuccess;
}

cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol)
{
	char *addr;

	CUDART_STICKY_RETURN();
	if (!size)
		return cudart_set_error(cudaErrorInvalidValue);
	return cudart_set_error(find_var(symbol, 0, 0, &addr, size));
}
