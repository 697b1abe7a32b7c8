// SPDX-License-Identifier: MIT
/*
 * module.c - idxgen_module_load(): the NVRTC-like path.  Translate a .cu file
 * with idxgen-cc, compile the C with cc into a shared object, dlopen it.
 * The object is cached under a hash of the source text, so a second load
 * of the same source (in this or another process) only dlopens; the cache
 * key covers the source text, the kernel ABI, the translator binary and the
 * compiler and its flags (not local headers the source includes).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <idxgen_cc.h>

#include "compile.h"

#ifndef IDXGEN_CC_INCLUDEDIR
#define IDXGEN_CC_INCLUDEDIR "/usr/local/include"
#endif

struct idxgen_module {
	void *so;
};

/* Where PATH finds prog (or prog itself if it has a '/'); 0 or -ENOENT. */
static int which(const char *prog, char *out, size_t n)
{
	const char *path = getenv("PATH");
	char p[4096], *dir, *save = NULL;

	if (strchr(prog, '/')) {
		snprintf(out, n, "%s", prog);
		return access(out, X_OK) ? -ENOENT : 0;
	}
	snprintf(p, sizeof(p), "%s", path ? path : "/usr/bin:/bin");
	for (dir = strtok_r(p, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
		snprintf(out, n, "%s/%s", dir, prog);
		if (!access(out, X_OK))
			return 0;
	}
	return -ENOENT;
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 1099511628211ull;
	return h;
}

static int cache_dir(char *d, size_t n)
{
	const char *e = getenv("IDXGEN_CC_CACHE"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");

	if (e && *e)
		snprintf(d, n, "%s", e);
	else if (x && *x)
		snprintf(d, n, "%s/idxgen", x);
	else if (h && *h)
		snprintf(d, n, "%s/.cache/idxgen", h);
	else
		snprintf(d, n, "/tmp/idxgen-cache-%u", (unsigned int)getuid());
	if (mkdir(d, 0700) && errno != EEXIST) {
		/* parent missing: one level up, then again */
		char p[4096], *s;

		snprintf(p, sizeof(p), "%s", d);
		s = strrchr(p, '/');
		if (s && s != p) {
			*s = 0;
			mkdir(p, 0700);
		}
		if (mkdir(d, 0700) && errno != EEXIST)
			return -errno;
	}
	return 0;
}

int idxgen_module_load(const char *path, struct idxgen_module **mod)
{
	char dir[4096], so[4200], c[4300], tmp[4300], srcdir[4096], inc[4200], *sl;
	const char *tr = getenv("IDXGEN_CC"), *cc = getenv("CC");
	uint64_t h = 1469598103934665603ull;
	struct idxgen_module *m;
	FILE *f;
	int ch, err;

	if (!path || !mod)
		return -EINVAL;
	*mod = NULL;
	f = fopen(path, "rb");
	if (!f)
		return -errno;
	while ((ch = fgetc(f)) != EOF)
		h = (h ^ (unsigned char)ch) * 1099511628211ull;
	fclose(f);
	/*
	 * The key also covers what turns the source into code: the kernel ABI,
	 * the translator binary (size and time), the compiler and its flags.
	 */
	{
		const char *fl = getenv("IDXGEN_CC_CFLAGS");
		char tp[4200];
		struct stat st;
		unsigned int abi = IDXGEN_RT_ABI_VERSION;

		h = fnv(h, &abi, sizeof(abi));
		if (!which(tr && *tr ? tr : "idxgen-cc", tp, sizeof(tp)) && !stat(tp, &st)) {
			h = fnv(h, &st.st_size, sizeof(st.st_size));
			h = fnv(h, &st.st_mtim, sizeof(st.st_mtim));
		}
		h = fnv(h, cc && *cc ? cc : "", strlen(cc && *cc ? cc : ""));
		h = fnv(h, "/", 1);
		h = fnv(h, fl ? fl : "", strlen(fl ? fl : ""));
	}
	err = cache_dir(dir, sizeof(dir));
	if (err)
		return err;
	snprintf(so, sizeof(so), "%s/%016llx.so", dir, (unsigned long long)h);
	if (access(so, R_OK)) {
		char *tool = (char *)(tr && *tr ? tr : "idxgen-cc");
		char *tav[] = {tool, "--translate", "-o", c, (char *)path, NULL}; /* the C path */

		snprintf(c, sizeof(c), "%s/%016llx.%d.c", dir, (unsigned long long)h, (int)getpid());
		snprintf(tmp, sizeof(tmp), "%s/%016llx.%d.so", dir, (unsigned long long)h, (int)getpid());
		snprintf(srcdir, sizeof(srcdir), "-I%s", path);
		sl = strrchr(srcdir, '/');
		if (sl)
			*sl = 0;
		else
			snprintf(srcdir, sizeof(srcdir), "-I.");
		snprintf(inc, sizeof(inc), "%s", getenv("IDXGEN_CC_INCLUDE") ? getenv("IDXGEN_CC_INCLUDE")
									   : IDXGEN_CC_INCLUDEDIR);
		err = idxgen_cc_run(tav);
		if (!err) {
			/* the same command line as idxgen-cc -c (compile.h) */
			struct idxgen_cc_cmd cmd;

			err = idxgen_cc_cmd_init(&cmd, idxgen_cc_compiler(), idxgen_cc_cflags(0), inc);
			if (!err) {
				const char *more[] = { "-shared", srcdir, "-o", tmp, c, "-lm" };
				size_t i;

				for (i = 0; !err && i < sizeof(more) / sizeof(more[0]); i++)
					err = idxgen_cc_cmd_add(&cmd, more[i]);
				err = err ? err : idxgen_cc_cmd_run(&cmd);
				idxgen_cc_cmd_free(&cmd);
			}
			if (!err && rename(tmp, so))
				err = -errno;
		}
		unlink(c);
		unlink(tmp);
		if (err)
			return err;
	}
	m = calloc(1, sizeof(*m));
	if (!m)
		return -ENOMEM;
	m->so = dlopen(so, RTLD_NOW | RTLD_LOCAL);
	if (!m->so) {
		free(m);
		return -ENOEXEC;
	}
	*mod = m;
	return 0;
}

int idxgen_module_kernel(struct idxgen_module *mod, const char *name, const struct idxgen_rt_kernel **k)
{
	char sym[256];

	if (!mod || !name || !k || strlen(name) > 200)
		return -EINVAL;
	snprintf(sym, sizeof(sym), "idxgen_cc_kernel_%s", name);
	*k = dlsym(mod->so, sym);
	return *k ? 0 : -ENOENT;
}

void idxgen_module_unload(struct idxgen_module *mod)
{
	if (mod) {
		dlclose(mod->so);
		free(mod);
	}
}
