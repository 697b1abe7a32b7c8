/* SPDX-License-Identifier: MIT */
/* driver_image.h - the kind of an image given to cuModuleLoad* (driver_image.c). */
#ifndef IDXGEN_CUDART_DRIVER_IMAGE_H
#define IDXGEN_CUDART_DRIVER_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum drv_image {
	DRV_IMAGE_MODULE,	/* an idxgen module: dlopen it */
	DRV_IMAGE_NVIDIA,	/* NVIDIA device code: CUDA_ERROR_NO_BINARY_FOR_GPU */
	DRV_IMAGE_INVALID,	/* CUDA_ERROR_INVALID_IMAGE */
};

struct drv_image_info {
	enum drv_image kind;
	size_t size;		/* a module's bytes */
	char why[160];		/* for the JIT's error log */
};

/* image's kind; known: its length (a file's), or 0 where the caller gave none. */
enum drv_image cudart_drv_image(const void *image, size_t known, struct drv_image_info *info);
/*
 * each(value, name, local, arg) for every function a module (of size bytes,
 * a checked one) defines: those dlsym finds (local false), then those of
 * internal linkage its symbol table names (local true: `static` kernels).
 */
void cudart_drv_image_funcs(const void *image, size_t size,
			    void (*each)(uint64_t value, const char *name, bool local, void *arg), void *arg);
/* The same for the symbols of an ELF type (STT_FUNC, STT_OBJECT): variables of internal linkage. */
void cudart_drv_image_syms(const void *image, size_t size, unsigned int type,
			   void (*each)(uint64_t value, const char *name, bool local, void *arg), void *arg);
/* Where a module's loaded segments lie, relative to its load address: [*lo, *hi). */
void cudart_drv_image_span(const void *image, size_t size, uint64_t *lo, uint64_t *hi);
/* The bytes of a module written as text (idxgen-cc -ptx), malloc'd (*size of them); NULL: not one. */
void *cudart_drv_image_text(const void *image, size_t known, size_t *size);

/* driver_link_image.c: an image of n modules linked (cuLinkComplete), malloc'd (*size bytes). */
void *cudart_link_image_make(void *const *parts, const size_t *sizes, unsigned int n, size_t *size);
/* driver_link_image.c: does image (known: its length, or 0) start as a linked image? */
bool cudart_is_link_image(const void *image, size_t known);
/*
 * driver_link_image.c: the modules of a linked image: their count, where
 * each lies and its size; DRV_IMAGE_MODULE (info->size the image's bytes),
 * or DRV_IMAGE_INVALID with info->why.
 */
enum drv_image cudart_link_image_parts(const void *image, size_t known, const void **parts, size_t *sizes,
				       unsigned int *count, struct drv_image_info *info);
/* driver_link_image.c: an ELF shared object (like's machine) that needs paths[0..n), malloc'd. */
void *cudart_link_glue(const void *like, const char *const *paths, unsigned int n, size_t *size);

/*
 * Where the parts of a small shared object made here lie (bytes from its
 * start): the ELF header and phnum program headers, the strings at str
 * (strsz bytes), the symbols at sym, the hash table at hash, the dynamic
 * section at dyn up to end.
 */
struct cudart_elf_layout {
	size_t str, strsz, sym, hash, dyn, end, phnum;
};
/*
 * Finish such an object: the dynamic section's fixed entries from d on (the
 * caller wrote any DT_NEEDED before them), the ELF header (like's class,
 * byte order, machine and flags; like is an Elf64_Ehdr) and three program
 * headers: one read-only segment, the dynamic section, PT_GNU_STACK so that
 * it asks for no executable stack.
 */
void cudart_elf_finish(unsigned char *out, const void *like, void *d, const struct cudart_elf_layout *l);

#endif
