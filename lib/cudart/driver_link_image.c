// SPDX-License-Identifier: MIT
/*
 * driver_link_image.c - the image cuLinkComplete gives for two modules or
 * more (include/idxgen_module.h: a tag, the parts' sizes, their ELF
 * images), read back by cuModuleLoadData, and the small ELF shared object
 * that loads the parts together.  Each part is a module of idxgen-cc; a
 * kernel of one may call an `extern __device__` function another defines
 * (nvcc's -rdc=true), which the part leaves undefined.  The dynamic linker
 * resolves a symbol in the global scope and then in the scope of the object
 * dlopen was asked for, which holds that object's dependencies: so the
 * parts are loaded as the dependencies (DT_NEEDED, by absolute path) of an
 * object of their own, written here, with nothing else in it.  The parts
 * then see each other's definitions and nothing of other modules (each
 * load stays a module of its own, with its own variables).
 */
#include <elf.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver_image.h"
#include "idxgen_module.h"

#define ALIGN16(x) (((x) + 15) & ~(size_t)15)

static size_t head_size(unsigned int n)
{
	return ALIGN16(IDXGEN_LINK_TAG_SIZE + 8 + 8 * (size_t)n);
}

void *cudart_link_image_make(void *const *parts, const size_t *sizes, unsigned int n, size_t *size)
{
	size_t at = head_size(n), total = at;
	unsigned char *out;
	uint64_t count = n;

	for (unsigned int i = 0; i < n; i++)
		total += ALIGN16(sizes[i]);
	out = calloc(1, total);
	if (!out)
		return NULL;
	memcpy(out, IDXGEN_LINK_TAG, sizeof(IDXGEN_LINK_TAG));
	memcpy(out + IDXGEN_LINK_TAG_SIZE, &count, 8);
	for (unsigned int i = 0; i < n; i++) {
		uint64_t s = sizes[i];

		memcpy(out + IDXGEN_LINK_TAG_SIZE + 8 + 8 * i, &s, 8);
		memcpy(out + at, parts[i], sizes[i]);
		at += ALIGN16(sizes[i]);
	}
	*size = total;
	return out;
}

bool cudart_is_link_image(const void *image, size_t known)
{
	return (!known || known >= IDXGEN_LINK_TAG_SIZE) &&
	       !memcmp(image, IDXGEN_LINK_TAG, sizeof(IDXGEN_LINK_TAG));
}

static enum drv_image broken(struct drv_image_info *info, const char *why)
{
	info->kind = DRV_IMAGE_INVALID;
	strncpy(info->why, why, sizeof(info->why) - 1);
	return DRV_IMAGE_INVALID;
}

enum drv_image cudart_link_image_parts(const void *image, size_t known, const void **parts, size_t *sizes,
				       unsigned int *count, struct drv_image_info *info)
{
	const unsigned char *p = image;
	uint64_t n, at;

	memset(info, 0, sizeof(*info));
	if (known && known < IDXGEN_LINK_TAG_SIZE + 8)
		return broken(info, "a linked image cut short");
	memcpy(&n, p + IDXGEN_LINK_TAG_SIZE, 8);
	if (n < 2 || n > IDXGEN_LINK_MAX)
		return broken(info, "a linked image of a count of modules it cannot have");
	at = head_size((unsigned int)n);
	if (known && at > known)
		return broken(info, "a linked image cut short");
	for (unsigned int i = 0; i < n; i++) {
		struct drv_image_info part;
		uint64_t s;

		memcpy(&s, p + IDXGEN_LINK_TAG_SIZE + 8 + 8 * i, 8);
		if (s > (1ull << 32) || (known && (at > known || s > known - at)))
			return broken(info, "a linked image whose parts lie outside it");
		if (cudart_drv_image(p + at, (size_t)s, &part) != DRV_IMAGE_MODULE)
			return broken(info, "a linked image with a part that is no idxgen module");
		parts[i] = p + at;
		sizes[i] = (size_t)s;
		at += ALIGN16((size_t)s);
	}
	*count = (unsigned int)n;
	info->kind = DRV_IMAGE_MODULE;
	info->size = (size_t)at;
	return DRV_IMAGE_MODULE;
}

void cudart_elf_finish(unsigned char *out, const void *like, void *dyn_next, const struct cudart_elf_layout *l)
{
	const Elf64_Ehdr *model = like;
	Elf64_Dyn *d = dyn_next;
	Elf64_Ehdr *eh = (Elf64_Ehdr *)out;
	Elf64_Phdr *ph;

	*d++ = (Elf64_Dyn){ .d_tag = DT_HASH, .d_un.d_ptr = l->hash };
	*d++ = (Elf64_Dyn){ .d_tag = DT_STRTAB, .d_un.d_ptr = l->str };
	*d++ = (Elf64_Dyn){ .d_tag = DT_SYMTAB, .d_un.d_ptr = l->sym };
	*d++ = (Elf64_Dyn){ .d_tag = DT_STRSZ, .d_un.d_val = l->strsz };
	*d++ = (Elf64_Dyn){ .d_tag = DT_SYMENT, .d_un.d_val = sizeof(Elf64_Sym) };
	*d = (Elf64_Dyn){ .d_tag = DT_NULL };
	memcpy(eh->e_ident, model->e_ident, EI_NIDENT);
	eh->e_type = ET_DYN;
	eh->e_machine = model->e_machine;
	eh->e_version = EV_CURRENT;
	eh->e_flags = model->e_flags;
	eh->e_phoff = sizeof(Elf64_Ehdr);
	eh->e_ehsize = sizeof(Elf64_Ehdr);
	eh->e_phentsize = sizeof(Elf64_Phdr);
	eh->e_phnum = (Elf64_Half)l->phnum;
	ph = (Elf64_Phdr *)(out + eh->e_phoff);
	ph[0] = (Elf64_Phdr){ .p_type = PT_LOAD, .p_flags = PF_R, .p_filesz = l->end, .p_memsz = l->end,
			      .p_align = 0x1000 };
	ph[1] = (Elf64_Phdr){ .p_type = PT_DYNAMIC, .p_flags = PF_R, .p_offset = l->dyn, .p_vaddr = l->dyn,
			      .p_paddr = l->dyn, .p_filesz = l->end - l->dyn, .p_memsz = l->end - l->dyn, .p_align = 8 };
	ph[2] = (Elf64_Phdr){ .p_type = PT_GNU_STACK, .p_flags = PF_R | PF_W, .p_align = 16 };
}

/*
 * An ELF shared object (of like's class, byte order and machine) whose only
 * content is its dynamic section: paths[0..n) needed, in that order.  One
 * read-only segment; an empty symbol table and its hash table, which the
 * dynamic linker looks up; PT_GNU_STACK so that it asks for no executable
 * stack.
 */
void *cudart_link_glue(const void *like, const char *const *paths, unsigned int n, size_t *size)
{
	const Elf64_Ehdr *model = like;
	const size_t phnum = 3, str = sizeof(Elf64_Ehdr) + phnum * sizeof(Elf64_Phdr);
	size_t strsz = 1, sym, hash, dyn, end;
	size_t name_at[IDXGEN_LINK_MAX];
	unsigned char *out;
	Elf64_Dyn *d;

	if (n > IDXGEN_LINK_MAX)
		return NULL;
	for (unsigned int i = 0; i < n; i++)
		strsz += strlen(paths[i]) + 1;
	sym = (str + strsz + 7) & ~(size_t)7;
	hash = sym + sizeof(Elf64_Sym);
	dyn = hash + 4 * sizeof(Elf32_Word);
	end = dyn + (n + 6) * sizeof(Elf64_Dyn);
	out = calloc(1, end);
	if (!out)
		return NULL;
	strsz = 1;
	for (unsigned int i = 0; i < n; i++) {
		name_at[i] = strsz;
		memcpy(out + str + strsz, paths[i], strlen(paths[i]) + 1);
		strsz += strlen(paths[i]) + 1;
	}
	/* the hash table: one bucket, one chain, both the null symbol */
	((Elf32_Word *)(out + hash))[0] = 1;
	((Elf32_Word *)(out + hash))[1] = 1;
	d = (Elf64_Dyn *)(out + dyn);
	for (unsigned int i = 0; i < n; i++)
		*d++ = (Elf64_Dyn){ .d_tag = DT_NEEDED, .d_un.d_val = name_at[i] };
	cudart_elf_finish(out, model, d, &(struct cudart_elf_layout){ str, strsz, sym, hash, dyn, end, phnum });
	*size = end;
	return out;
}
