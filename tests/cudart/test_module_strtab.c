// SPDX-License-Identifier: MIT
/*
 * test_module_strtab.c - a module image's symbol names are read only
 * inside its string table (lib/cudart/driver_exports.c).
 *
 * Before a module opens, cudart_provide_runtime reads the names of its
 * undefined dynamic symbols and provides those the program defines but
 * does not export.  The image is the caller's (cuModuleLoadData): a
 * string table without its final NUL let a name run past the table, and
 * past the image, into whatever follows.  Here each image ends at a page
 * boundary followed by an inaccessible page, so a read past it is a
 * SIGSEGV in a child process rather than a silent read.
 *
 * Cases: a well-formed image whose one undefined symbol the test program
 * defines (not exported: the test is not linked with --export-dynamic) is
 * provided at the function's own address; the same image with the string
 * table's last byte not a NUL provides nothing and reads nothing past the
 * image; a string table of size 0 likewise.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

void cudart_provide_runtime(const void *image, size_t size);

/* The two symbols the images ask for: global in this program, not exported. */
int idxgen_test_strtab_wanted(void);
int idxgen_test_strtab_wanted(void)
{
	return 42;
}

int idxgen_test_strtab_unterminated(void);
int idxgen_test_strtab_unterminated(void)
{
	return 43;
}

enum { NSEC = 3, NSYM = 2 };

/* The image's layout: header, section table, .dynsym, then .dynstr last. */
struct image {
	Elf64_Ehdr eh;
	Elf64_Shdr sh[NSEC];
	Elf64_Sym sym[NSYM];
};

/*
 * An image asking for name, placed so that it ends exactly at a page
 * boundary followed by a PROT_NONE page; terminated says whether .dynstr
 * ends in a NUL.  *size is the image's length; NULL on failure.
 */
static unsigned char *make_image(const char *name, int terminated, size_t *size)
{
	long page = sysconf(_SC_PAGESIZE);
	size_t strsz = 1 + strlen(name) + (terminated ? 1 : 0);
	size_t total = sizeof(struct image) + strsz;
	unsigned char *map = mmap(NULL, 2 * (size_t)page, PROT_READ | PROT_WRITE,
				  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	unsigned char *p;
	struct image im = {0};

	if (map == MAP_FAILED || total > (size_t)page ||
	    mprotect(map + page, (size_t)page, PROT_NONE))
		return NULL;
	p = map + page - total;
	memcpy(im.eh.e_ident, ELFMAG, SELFMAG);
	im.eh.e_ident[EI_CLASS] = ELFCLASS64;
	im.eh.e_ident[EI_DATA] = ELFDATA2LSB;
	im.eh.e_ident[EI_VERSION] = EV_CURRENT;
	im.eh.e_type = ET_DYN;
	im.eh.e_machine = EM_X86_64;
	im.eh.e_version = EV_CURRENT;
	im.eh.e_ehsize = sizeof(Elf64_Ehdr);
	im.eh.e_shoff = offsetof(struct image, sh);
	im.eh.e_shentsize = sizeof(Elf64_Shdr);
	im.eh.e_shnum = NSEC;
	im.sh[1] = (Elf64_Shdr){.sh_type = SHT_DYNSYM,
				.sh_offset = offsetof(struct image, sym),
				.sh_size = sizeof(im.sym),
				.sh_link = 2,
				.sh_info = 1,
				.sh_entsize = sizeof(Elf64_Sym),
				.sh_addralign = 8};
	im.sh[2] = (Elf64_Shdr){.sh_type = SHT_STRTAB,
				.sh_offset = sizeof(struct image),
				.sh_size = strsz,
				.sh_addralign = 1};
	im.sym[1] = (Elf64_Sym){
	    .st_name = 1, .st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC), .st_shndx = SHN_UNDEF};
	memcpy(p, &im, sizeof(im));
	p[sizeof(im)] = '\0';
	memcpy(p + sizeof(im) + 1, name, strlen(name)); /* the NUL only when terminated */
	if (terminated)
		p[total - 1] = '\0';
	*size = total;
	return p;
}

/*
 * In a child: provide for the image, then report through the exit status
 * whether name is now found (1) or not (0); a signal means a read past it.
 */
static int provide_in_child(const unsigned char *image, size_t size, const char *name, void *expect,
			    int *sig)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		void *found;

		cudart_provide_runtime(image, size);
		found = dlsym(RTLD_DEFAULT, name);
		_exit(found == NULL ? 0 : found == expect ? 1 : 2);
	}
	*sig = 0;
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	if (WIFSIGNALED(status)) {
		*sig = WTERMSIG(status);
		return -1;
	}
	return WEXITSTATUS(status);
}

int main(void)
{
	const char *wanted = "idxgen_test_strtab_wanted", *bad = "idxgen_test_strtab_unterminated";
	unsigned char *img;
	size_t size;
	int sig, r;

	printf("# cudart_provide_runtime reads a module's names inside its string table\n");
	tap_ok(dlsym(RTLD_DEFAULT, wanted) == NULL, "the test program does not export %s", wanted);

	img = make_image(wanted, 1, &size);
	r = img ? provide_in_child(img, size, wanted, (void *)idxgen_test_strtab_wanted, &sig) : -1;
	tap_ok(
	    r == 1,
	    "a terminated table: %s provided at the program's own address (result %d, signal %d)",
	    wanted, r, sig);

	img = make_image(bad, 0, &size);
	r = img ? provide_in_child(img, size, bad, (void *)idxgen_test_strtab_unterminated, &sig)
		: -1;
	tap_ok(r == 0,
	       "a table without its final NUL: nothing provided, nothing read past the image "
	       "(result %d, signal %d)",
	       r, sig);

	img = make_image(bad, 0, &size);
	if (img)
		((Elf64_Shdr *)(img + offsetof(struct image, sh)))[2].sh_size = 0;
	r = img ? provide_in_child(img, size, bad, (void *)idxgen_test_strtab_unterminated, &sig)
		: -1;
	tap_ok(r == 0, "an empty string table: nothing provided (result %d, signal %d)", r, sig);

	return tap_done();
}
