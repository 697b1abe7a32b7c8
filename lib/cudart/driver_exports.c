// SPDX-License-Identifier: MIT
/*
 * driver_exports.c - the runtime's symbols for a module when the program
 * does not export them.
 *
 * A module (driver_module.c) calls this runtime, which is static in the
 * program: idxgen-cc links programs with --export-dynamic so that the
 * module's undefined symbols bind to it.  A program linked by a host
 * compiler against the CUDA folder (`g++ ... -L$(CUDA)/lib64 -lcuda
 * -lnvrtc`, as the samples' Makefiles and CMake's CUDA::nvrtc link NVRTC
 * programs) exports nothing: every module failed to load,
 * CUDA_ERROR_SHARED_OBJECT_SYMBOL_NOT_FOUND.  Before such a module is
 * opened, each of its undefined symbols that the process cannot resolve is
 * looked up in the program's own symbol table (/proc/self/exe's .symtab,
 * plus the program's load address), and an ELF shared object of absolute
 * symbols at those addresses is written and opened RTLD_GLOBAL: the module
 * then binds to the program's runtime as if it were exported (glibc takes
 * an absolute symbol's value as it is).  A stripped program has no symbol
 * table: its modules still fail, as before.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver_image.h"
#include "driver_int.h"

/* The names to provide and their addresses. */
struct provide {
	const char **names;
	uintptr_t *addrs;
	size_t n, cap;
};

/* The section table of an ELF image of size bytes, or NULL if it does not fit. */
static const Elf64_Shdr *sections(const unsigned char *p, size_t size)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)p;

	if (size < sizeof(*eh) || memcmp(p, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh->e_shoff > size || (size - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum)
		return NULL;
	return (const Elf64_Shdr *)(p + eh->e_shoff);
}

/* The symbols and their strings of section i (SHT_SYMTAB or SHT_DYNSYM), or false. */
static bool symbols(const unsigned char *p, size_t size, unsigned int i, const Elf64_Sym **sym, size_t *n,
		    const char **str, size_t *strsz)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)p;
	const Elf64_Shdr *sh = sections(p, size), *s;

	if (!sh || i >= eh->e_shnum || sh[i].sh_link >= eh->e_shnum)
		return false;
	s = &sh[sh[i].sh_link];
	if (sh[i].sh_entsize != sizeof(Elf64_Sym) || sh[i].sh_offset > size ||
	    sh[i].sh_size > size - sh[i].sh_offset || s->sh_offset > size || s->sh_size > size - s->sh_offset)
		return false;
	/* every name ends inside the table: a module's image is the caller's, not to be trusted */
	if (!s->sh_size || p[s->sh_offset + s->sh_size - 1] != '\0')
		return false;
	*sym = (const Elf64_Sym *)(p + sh[i].sh_offset);
	*n = sh[i].sh_size / sizeof(Elf64_Sym);
	*str = (const char *)p + s->sh_offset;
	*strsz = s->sh_size;
	return true;
}

/* name's value among the program's global definitions (its .symtab), or 0. */
static uint64_t program_value(const unsigned char *exe, size_t size, const char *name)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)exe;
	const Elf64_Shdr *sh = sections(exe, size);

	for (unsigned int i = 0; sh && i < eh->e_shnum; i++) {
		const Elf64_Sym *sym;
		const char *str;
		size_t n, strsz;

		if (sh[i].sh_type != SHT_SYMTAB || !symbols(exe, size, i, &sym, &n, &str, &strsz))
			continue;
		for (size_t j = 0; j < n; j++)
			if (sym[j].st_shndx != SHN_UNDEF && ELF64_ST_BIND(sym[j].st_info) != STB_LOCAL &&
			    sym[j].st_name < strsz && !strcmp(str + sym[j].st_name, name))
				return sym[j].st_value;
	}
	return 0;
}

static bool add(struct provide *pv, const char *name, uintptr_t addr)
{
	if (pv->n == pv->cap) {
		size_t cap = pv->cap ? 2 * pv->cap : 64;
		const char **names = realloc(pv->names, cap * sizeof(*names));
		uintptr_t *addrs = names ? realloc(pv->addrs, cap * sizeof(*addrs)) : NULL;

		if (names)
			pv->names = names;
		if (!addrs)
			return false;
		pv->addrs = addrs;
		pv->cap = cap;
	}
	pv->names[pv->n] = name;
	pv->addrs[pv->n++] = addr;
	return true;
}

/* The whole file at path (its length in *size), malloc'd; NULL on failure. */
static unsigned char *slurp(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	unsigned char *p = NULL;
	long len;

	if (f && !fseek(f, 0, SEEK_END) && (len = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET) &&
	    (p = malloc((size_t)len)) && fread(p, 1, (size_t)len, f) != (size_t)len) {
		free(p);
		p = NULL;
	}
	if (f)
		fclose(f);
	if (p)
		*size = (size_t)len;
	return p;
}

/* The program's load address (0 for one that is not position-independent). */
static uintptr_t program_base(void)
{
	struct link_map *map = NULL;
	void *self = dlopen(NULL, RTLD_NOW);
	uintptr_t base = 0;

	if (self && !dlinfo(self, RTLD_DI_LINKMAP, &map) && map)
		base = map->l_addr;
	if (self)
		dlclose(self);
	return base;
}

/* Into pv: the module's undefined symbols the process lacks and the program defines. */
static bool collect(const unsigned char *mod, size_t size, struct provide *pv, unsigned char **exe)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)mod;
	const Elf64_Shdr *sh = sections(mod, size);
	size_t exe_size = 0;
	uintptr_t base = 0;

	for (unsigned int i = 0; sh && i < eh->e_shnum; i++) {
		const Elf64_Sym *sym;
		const char *str, *name;
		size_t n, strsz;
		uint64_t v;

		if (sh[i].sh_type != SHT_DYNSYM || !symbols(mod, size, i, &sym, &n, &str, &strsz))
			continue;
		for (size_t j = 1; j < n; j++) {
			if (sym[j].st_shndx != SHN_UNDEF || ELF64_ST_BIND(sym[j].st_info) != STB_GLOBAL ||
			    sym[j].st_name >= strsz)
				continue;
			name = str + sym[j].st_name;
			if (dlsym(RTLD_DEFAULT, name))
				continue;	/* exported, or a library's */
			if (!*exe) {
				*exe = slurp("/proc/self/exe", &exe_size);
				base = program_base();
				if (!*exe)
					return true;	/* nothing to offer: dlopen says what is missing */
			}
			v = program_value(*exe, exe_size, name);
			if (v && !add(pv, name, base + v))
				return false;
		}
	}
	return true;
}

/*
 * An ELF shared object (like's machine) of absolute symbols: names[i] at
 * addrs[i], found by a hash table of one bucket whose chain holds them all.
 */
static void *absolute_object(const Elf64_Ehdr *like, const struct provide *pv, size_t *size)
{
	const size_t phnum = 3, str = sizeof(Elf64_Ehdr) + phnum * sizeof(Elf64_Phdr);
	size_t strsz = 1, sym, hash, dyn, end, nsym = pv->n + 1;
	unsigned char *out;
	Elf64_Sym *s;
	Elf32_Word *h;

	for (size_t i = 0; i < pv->n; i++)
		strsz += strlen(pv->names[i]) + 1;
	sym = (str + strsz + 7) & ~(size_t)7;
	hash = sym + nsym * sizeof(Elf64_Sym);
	dyn = (hash + (2 + 1 + nsym) * sizeof(Elf32_Word) + 7) & ~(size_t)7;
	end = dyn + 6 * sizeof(Elf64_Dyn);
	out = calloc(1, end);
	if (!out)
		return NULL;
	s = (Elf64_Sym *)(out + sym);
	h = (Elf32_Word *)(out + hash);
	h[0] = 1;			/* one bucket */
	h[1] = (Elf32_Word)nsym;	/* the chain's length: every symbol */
	h[2] = nsym > 1 ? 1 : 0;	/* the bucket: the first symbol */
	strsz = 1;
	for (size_t i = 0; i < pv->n; i++) {
		s[i + 1] = (Elf64_Sym){ .st_name = (Elf64_Word)strsz,
					.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_NOTYPE),
					.st_shndx = SHN_ABS, .st_value = pv->addrs[i] };
		h[3 + i + 1] = i + 2 < nsym ? (Elf32_Word)(i + 2) : 0;	/* the chain */
		memcpy(out + str + strsz, pv->names[i], strlen(pv->names[i]) + 1);
		strsz += strlen(pv->names[i]) + 1;
	}
	cudart_elf_finish(out, like, out + dyn, &(struct cudart_elf_layout){ str, strsz, sym, hash, dyn, end, phnum });
	*size = end;
	return out;
}

void cudart_provide_runtime(const void *image, size_t size)
{
	struct provide pv = { 0 };
	unsigned char *exe = NULL;
	size_t bytes;
	void *obj;
	char *path;

	if (collect(image, size, &pv, &exe) && pv.n &&
	    (obj = absolute_object((const Elf64_Ehdr *)image, &pv, &bytes))) {
		path = cudart_temp_file(obj, bytes);
		if (path) {
			/* kept open: the modules that bind to it may outlive this load */
			dlopen(path, RTLD_NOW | RTLD_GLOBAL);
			unlink(path);
			free(path);
		}
		free(obj);
	}
	free(pv.names);
	free(pv.addrs);
	free(exe);
}
