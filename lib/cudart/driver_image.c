// SPDX-License-Identifier: MIT
/*
 * driver_image.c - what kind of device code an image handed to
 * cuModuleLoad* is, before anything of it runs.  A module here is the ELF
 * shared object `idxgen-cc -fatbin` writes, tagged in its section
 * IDXGEN_MODULE_SECTION (include/idxgen_module.h); NVIDIA's device code
 * (a fatbin, a cubin: ELF for EM_CUDA, PTX text) has nothing this device
 * can run: CUDA's answer for an image without code for the device,
 * CUDA_ERROR_NO_BINARY_FOR_GPU; anything else CUDA_ERROR_INVALID_IMAGE.
 * An in-memory image has no length (cuModuleLoadData): an ELF image's is
 * where its section headers end, as ld.so and CUDA read it.  `idxgen-cc
 * -ptx` writes the module as text (base64 after a head line), as programs
 * read .ptx files into C strings: cudart_drv_image_text decodes it.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver_image.h"
#include "idxgen_module.h"

#define FATBIN_MAGIC 0xba55ed50u	/* a fatbin file (nvcc -fatbin) */
#define FATBIN_WRAPPER_MAGIC 0x466243b1u	/* the fatbin wrapper of a program's image */
#define ELF_MAX (1ull << 32)		/* no image is 4 GiB: a header that says so is garbage */
#define PTX_SCAN 4096

#ifndef EM_CUDA
#define EM_CUDA 190
#endif

#if defined(__x86_64__)
#define EM_HOST EM_X86_64
#elif defined(__aarch64__)
#define EM_HOST EM_AARCH64
#else
#error "the host's ELF machine"
#endif

static enum drv_image fail(struct drv_image_info *info, enum drv_image kind, const char *why)
{
	snprintf(info->why, sizeof(info->why), "%s", why);
	return info->kind = kind;
}

/* PTX as ptxas reads it: comments and directives, a .version and a .target up front. */
static bool is_ptx(const char *p, size_t known)
{
	size_t n = known ? (known < PTX_SCAN ? known : PTX_SCAN) : strnlen(p, PTX_SCAN);
	char head[PTX_SCAN + 1];
	size_t i = 0;

	memcpy(head, p, n);
	head[n] = 0;
	while (i < n && (head[i] == ' ' || head[i] == '\t' || head[i] == '\n' || head[i] == '\r'))
		i++;
	if (head[i] != '/' && head[i] != '.')
		return false;
	return strstr(head, ".version") && strstr(head, ".target");
}

/* Our tag in the section of its name, if the section table holds one. */
static enum drv_image read_elf_tag(const unsigned char *p, const Elf64_Ehdr *eh,
				   struct drv_image_info *info)
{
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(p + eh->e_shoff);
	const Elf64_Shdr *names = &sh[eh->e_shstrndx];
	static const char tag[] = IDXGEN_MODULE_TAG;

	for (unsigned int i = 0; i < eh->e_shnum; i++) {
		const char *name;
		const char *body;

		if ((uint64_t)sh[i].sh_name + sizeof(IDXGEN_MODULE_SECTION) > names->sh_size ||
		    names->sh_offset + names->sh_size > info->size)
			continue;
		name = (const char *)p + names->sh_offset + sh[i].sh_name;
		if (memcmp(name, IDXGEN_MODULE_SECTION, sizeof(IDXGEN_MODULE_SECTION)))
			continue;
		if (sh[i].sh_offset + sh[i].sh_size > info->size || sh[i].sh_size < sizeof(tag))
			return fail(info, DRV_IMAGE_INVALID, "an idxgen module whose tag is cut short");
		body = (const char *)p + sh[i].sh_offset;
		if (memcmp(body, tag, sizeof(tag)))
			return fail(info, DRV_IMAGE_INVALID,
				    "an idxgen module of another version: build it again with this idxgen-cc");
		return info->kind = DRV_IMAGE_MODULE;
	}
	return fail(info, DRV_IMAGE_INVALID,
		    "a shared object that is not an idxgen module (idxgen-cc -fatbin writes those)");
}

static enum drv_image read_elf(const unsigned char *p, size_t known, struct drv_image_info *info)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)p;
	uint64_t end;

	if (known && known < sizeof(*eh))
		return fail(info, DRV_IMAGE_INVALID, "an ELF image cut short");
	if (eh->e_machine == EM_CUDA)
		return fail(info, DRV_IMAGE_NVIDIA,
			    "a cubin: NVIDIA GPU code, which this device cannot run "
			    "(idxgen-cc -cubin writes a module of the kernels)");
	if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_machine != EM_HOST)
		return fail(info, DRV_IMAGE_NVIDIA, "an ELF image for another machine");
	if (eh->e_type != ET_DYN)
		return fail(info, DRV_IMAGE_INVALID,
			    "an ELF image that is not a shared object (idxgen-cc -fatbin writes modules)");
	if (eh->e_shentsize != sizeof(Elf64_Shdr) || !eh->e_shnum || eh->e_shstrndx >= eh->e_shnum)
		return fail(info, DRV_IMAGE_INVALID, "an ELF image without a section table");
	end = eh->e_shoff + (uint64_t)eh->e_shnum * eh->e_shentsize;
	if (eh->e_shoff < sizeof(*eh) || end > ELF_MAX || (known && end > known))
		return fail(info, DRV_IMAGE_INVALID, "an ELF image whose section table lies outside it");
	info->size = known ? known : (size_t)end;
	return read_elf_tag(p, eh, info);
}

enum drv_image cudart_drv_image(const void *image, size_t known, struct drv_image_info *info)
{
	const unsigned char *p = image;
	uint32_t magic;

	memset(info, 0, sizeof(*info));
	if (known && known < 4)
		return fail(info, DRV_IMAGE_INVALID, "an image of less than 4 bytes");
	memcpy(&magic, p, sizeof(magic));
	if (!memcmp(p, ELFMAG, SELFMAG))
		return read_elf(p, known, info);
	if (magic == FATBIN_MAGIC || magic == FATBIN_WRAPPER_MAGIC)
		return fail(info, DRV_IMAGE_NVIDIA,
			    "a fatbin of NVIDIA GPU code, which this device cannot run "
			    "(idxgen-cc -fatbin writes a module of the kernels)");
	if (is_ptx((const char *)p, known))
		return fail(info, DRV_IMAGE_NVIDIA,
			    "PTX: NVIDIA's JIT compiles it for NVIDIA GPUs only "
			    "(idxgen-cc -ptx writes a module of the kernels)");
	return fail(info, DRV_IMAGE_INVALID, "not device code: no fatbin, cubin, PTX or idxgen module");
}

void cudart_drv_image_funcs(const void *image, size_t size,
			    void (*each)(uint64_t value, const char *name, bool local, void *arg), void *arg)
{
	cudart_drv_image_syms(image, size, STT_FUNC, each, arg);
}

void cudart_drv_image_syms(const void *image, size_t size, unsigned int type,
			   void (*each)(uint64_t value, const char *name, bool local, void *arg), void *arg)
{
	const unsigned char *p = image;
	const Elf64_Ehdr *eh = image;
	const Elf64_Shdr *sh = (const Elf64_Shdr *)(p + eh->e_shoff);

	for (unsigned int i = 0; i < eh->e_shnum; i++) {
		const Elf64_Shdr *str = &sh[sh[i].sh_link < eh->e_shnum ? sh[i].sh_link : 0];
		const Elf64_Sym *sym = (const Elf64_Sym *)(p + sh[i].sh_offset);

		bool dyn = sh[i].sh_type == SHT_DYNSYM;

		if ((!dyn && sh[i].sh_type != SHT_SYMTAB) || sh[i].sh_entsize != sizeof(*sym) ||
		    sh[i].sh_offset + sh[i].sh_size > size || str->sh_offset + str->sh_size > size)
			continue;
		for (size_t j = 0; j < sh[i].sh_size / sizeof(*sym); j++) {
			bool local = ELF64_ST_BIND(sym[j].st_info) == STB_LOCAL;

			if (ELF64_ST_TYPE(sym[j].st_info) != type || sym[j].st_shndx == SHN_UNDEF ||
			    sym[j].st_name >= str->sh_size || dyn == local)
				continue;	/* the dynamic table's globals, the full table's locals */
			each(sym[j].st_value, (const char *)p + str->sh_offset + sym[j].st_name, local, arg);
		}
	}
}

void cudart_drv_image_span(const void *image, size_t size, uint64_t *lo, uint64_t *hi)
{
	const Elf64_Ehdr *eh = image;
	const Elf64_Phdr *ph = (const Elf64_Phdr *)((const unsigned char *)image + eh->e_phoff);
	unsigned int n = eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(*ph) <= size ? eh->e_phnum : 0;

	*lo = UINT64_MAX;
	*hi = 0;
	for (unsigned int i = 0; i < n; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		if (ph[i].p_vaddr < *lo)
			*lo = ph[i].p_vaddr;
		if (ph[i].p_vaddr + ph[i].p_memsz > *hi)
			*hi = ph[i].p_vaddr + ph[i].p_memsz;
	}
	if (*lo > *hi)
		*lo = *hi = 0;
}

/* A base64 character's value, -1 for one of no value (line ends, '='). */
static int b64_value(unsigned char ch)
{
	static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	const char *at = ch ? strchr(alphabet, ch) : NULL;

	return at ? (int)(at - alphabet) : -1;
}

void *cudart_drv_image_text(const void *image, size_t known, size_t *size)
{
	static const char head[] = IDXGEN_MODULE_TEXT_HEAD;
	const char *p = image, *end;
	unsigned char *out;
	unsigned long bits = 0;
	int nbits = 0;
	size_t n = 0;

	if ((known && known < sizeof(head) - 1) || strncmp(p, head, sizeof(head) - 1))
		return NULL;
	end = p + (known ? known : strlen(p));
	out = malloc((size_t)(end - p) / 4 * 3 + 3);
	while (out && p < end) {
		/* the comment lines before the base64 ('/' is a base64 character too) */
		bool line_start = p == (const char *)image || p[-1] == '\n';

		if (!n && !nbits && line_start && p[0] == '/' && p + 1 < end && p[1] == '/') {
			while (p < end && *p != '\n')
				p++;
			continue;
		}
		int v = b64_value((unsigned char)*p++);

		if (v < 0)
			continue;
		bits = bits << 6 | (unsigned long)v;
		nbits += 6;
		if (nbits >= 8) {
			nbits -= 8;
			out[n++] = (unsigned char)(bits >> nbits);
			bits &= (1ul << nbits) - 1;
		}
	}
	*size = n;
	return out;
}
