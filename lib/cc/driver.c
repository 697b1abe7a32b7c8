// SPDX-License-Identifier: MIT
/*
 * driver.c - idxgen-cc as nvcc is used (issue 22): `idxgen-cc -o prog
 * a.cu b.cu c.cpp d.c -I.. -D.. -O2 -g -std=c++17 -L.. -l..` translates each
 * .cu into C++ (whole.c) in a temporary folder, compiles it and the plain
 * C/C++ sources with the host compilers, and links with libidxgen_cudart.a
 * and libidxgen; -c stops at the objects.  nvcc's options are mapped or
 * ignored as the table in lib/cc/README.md says.  The translate-only path
 * (C of the kernels) stays in main.c.
 */
#define _GNU_SOURCE
#include "cc.h"
#include "paths.h"
#include "module_out.h"
#include "pch.h"
#include <dirent.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ftw.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>


/* A growing argument vector. */
struct argv {
	char **v;
	int n, cap;
};

static void av_add(struct argv *a, const char *s)
{
	if (a->n + 2 > a->cap) {
		a->cap = a->cap ? 2 * a->cap : 16;
		a->v = cx_realloc(a->v, (size_t)a->cap * sizeof(*a->v));
	}
	a->v[a->n++] = cx_strdup(s);
	a->v[a->n] = NULL;
}

static void av_addf(struct argv *a, const char *fmt, const char *s)
{
	char *t;

	if (asprintf(&t, fmt, s) < 0) {
		perror("idxgen-cc");
		exit(2);
	}
	av_add(a, t);
	free(t);
}

static void av_cat(struct argv *a, const struct argv *b)
{
	int i;

	for (i = 0; i < b->n; i++)
		av_add(a, b->v[i]);
}

static void av_free(struct argv *a)
{
	int i;

	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* Our CUDA headers, then the runtime's (paths.c): -I before the user's. */
static void add_our_includes(struct argv *a)
{
	av_addf(a, "-I%s/cuda", cc_paths()->include);
	av_addf(a, "-I%s", cc_paths()->include);
}

/*
 * A -I folder whose cuda_runtime.h is ours under another path ($(BUILD)/cuda's
 * include/, links to our headers: README.md, "A CUDA folder for other build
 * systems"): left out, as nvcc's own include folder is redundant on its
 * command line.  Through it the parse would name our headers by that path,
 * and the passes tell ours by path (cc_our_header).
 */
static bool our_cuda_include(const char *dir)
{
	char p[PATH_MAX + 32], *mine, *theirs;
	bool r;

	snprintf(p, sizeof(p), "%s/cuda_runtime.h", dir);
	if (!(theirs = realpath(p, NULL)))
		return false;
	snprintf(p, sizeof(p), "%s/cuda/cuda_runtime.h", cc_paths()->include);
	mine = realpath(p, NULL);
	r = mine && !strcmp(mine, theirs);
	free(mine);
	free(theirs);
	return r;
}

struct drv {
	const char *output;
	bool compile_only, verbose, keep, emit_cxx;
	bool dump_plan;		/* --emit-cxx --dump=plan: each kernel's model and plan instead of the C++ */
	bool dump_stats;	/* --dump=stats: the analyses' counts on stdout after each translation */
	enum exec_model model;	/* --exec-model */
	bool thread_fibers;	/* --exec-model=thread-fibers: fibers, one per thread (no lane loops) */
	bool rdc;		/* -rdc=true or -dc: relocatable device code (device variables link across files) */
	bool opt_given;
	bool kept;		/* an internal error: the temporary folder is kept for the report */		/* an -O option: else .cu files get -O3 (nvcc optimises device code by default) */
	const char *std;
	const char *ccbin;	/* -ccbin: the host C++ compiler, or the folder it is in */
	char *ccbin_path;	/* -ccbin a folder: the compiler found there (d->ccbin points here) */
	struct argv inputs;
	struct argv kinds;	/* per input: "cu" after -x cu, else "" */
	struct argv parse;	/* -I -D -U for the translation (libclang) */
	int cuda_arch;		/* __CUDA_ARCH__ of device code from -arch/-gencode (0: the default) */
	struct argv cflags;	/* for the host compilers: -I -D -U -O -g -Xcompiler ... */
	struct argv ldflags;	/* -L -l -Xlinker, objects and archives given */
	struct argv culibs;	/* CUDA's libraries named with -l (-lcublas): ours, and what they stand on */
	char tmpdir[64];
	bool preprocess;	/* -E: each input preprocessed, to stdout or -o */
	bool dryrun;		/* --dryrun: print the commands, run none */
	enum { DEPS_NONE, DEPS_ONLY, DEPS_WITH_BUILD } deps;	/* -M/-MM, -MD/-MMD */
	bool deps_system;	/* -M, -MD: system headers too (else -MM, -MMD) */
	const char *dep_file;	/* -MF */
	const char *dep_target;	/* -MT */
	const char *odir;	/* -odir: where objects (and -M's targets) go */
	bool deps_phony;	/* -MP: a phony target per header */
	struct argv preinc;	/* -include FILE: after our CUDA headers, as nvcc's come first */
	bool fwd_cc, fwd_ld;	/* -forward-unknown-to-host-compiler/-linker: unknown options go there */
	int zero_locals;	/* the host C++ compiler takes -ftrivial-auto-var-init=zero: 1, -1 not, 0 unasked */
	int sat_casts;	/* ... and -fno-strict-float-cast-overflow: 1, -1 not, 0 unasked */
	const char *module_ext;	/* -fatbin/-cubin/-ptx: ".fatbin" &c., a module per .cu (module_out.c) */
};

enum kind { K_CU, K_C, K_CXX, K_LINK };

static enum kind kind_of(const char *path, bool x_cu)
{
	const char *e = strrchr(path, '.');

	if (x_cu || (e && !strcmp(e, ".cu")))
		return K_CU;
	if (e && !strcmp(e, ".c"))
		return K_C;
	if (e && (!strcmp(e, ".cpp") || !strcmp(e, ".cc") || !strcmp(e, ".cxx") || !strcmp(e, ".C")))
		return K_CXX;
	return K_LINK;
}

/*
 * -ccbin as nvcc takes it: a compiler (g++-12, mpicxx, clang++) or the
 * folder holding one (its g++, else c++, else clang++; g++ if none, which
 * then fails to start and is reported).  Returns it, owned by d.
 */
static const char *ccbin_compiler(struct drv *d, const char *v)
{
	static const char *const names[] = { "g++", "c++", "clang++" };
	size_t n = strlen(v) + sizeof("/clang++");
	struct stat st;
	unsigned i;

	free(d->ccbin_path);
	d->ccbin_path = NULL;
	if (stat(v, &st) || !S_ISDIR(st.st_mode))
		return v;
	d->ccbin_path = cx_alloc(n);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(d->ccbin_path, n, "%s/%s", v, names[i]);
		if (!access(d->ccbin_path, X_OK))
			return d->ccbin_path;
	}
	snprintf(d->ccbin_path, n, "%s/g++", v);
	return d->ccbin_path;
}

/* The file cmd starts (a path, or a name found in $PATH) into buf; false if none. */
static bool command_file(const char *cmd, char *buf, size_t n)
{
	const char *path = getenv("PATH"), *p, *e;

	if (strchr(cmd, '/'))
		return snprintf(buf, n, "%s", cmd) < (int)n && !access(buf, X_OK);
	for (p = path ? path : "/usr/bin:/bin"; *p; p = *e ? e + 1 : e) {
		e = strchr(p, ':');
		if (!e)
			e = p + strlen(p);
		if (snprintf(buf, n, "%.*s/%s", (int)(e - p), p, cmd) < (int)n && !access(buf, X_OK))
			return true;
	}
	return false;
}

/* Can cmd be started: a path that is executable, or a name found in $PATH? */
static bool runnable(const char *cmd)
{
	char buf[4096];

	return command_file(cmd, buf, sizeof(buf));
}

/*
 * Is cmd this very program?  `make CC=idxgen-cc` puts CC=idxgen-cc into the
 * environment of the recipes, and a host compiler taken from it made each
 * .c file start idxgen-cc again, without end (HeCBench's prna, miniDGS).
 */
static bool is_self(const char *cmd)
{
	char file[4096], *a, *b;
	bool same;

	if (!command_file(cmd, file, sizeof(file)))
		return false;
	a = realpath(file, NULL);
	b = realpath("/proc/self/exe", NULL);
	same = a && b && !strcmp(a, b);
	free(a);
	free(b);
	return same;
}

/* -ccbin v: the host C++ compiler from now on; false (reported) if it cannot be started. */
static bool set_ccbin(struct drv *d, const char *v)
{
	d->ccbin = ccbin_compiler(d, v);
	if (is_self(d->ccbin)) {
		fprintf(stderr, "idxgen-cc: %s: -ccbin names idxgen-cc itself, not a host compiler\n", d->ccbin);
		return false;
	}
	if (runnable(d->ccbin))
		return true;
	fprintf(stderr, "idxgen-cc: %s: no such host compiler (-ccbin)\n", d->ccbin);
	return false;
}

static const char *host_cxx_default(void)
{
	const char *c = getenv("CXX");

	if (c && *c && !is_self(c))
		return c;
	/* The project's compiler for emitted C++ is Debian's clang-16. */
	if (!access("/usr/bin/clang++-16", X_OK))
		return "clang++-16";
	return access("/usr/bin/clang++", X_OK) ? "c++" : "clang++";
}

/* The host C++ compiler: -ccbin's, else $CXX, else Debian's clang++-16, clang++, c++. */
static const char *host_cxx(const struct drv *d)
{
	return d->ccbin ? d->ccbin : host_cxx_default();
}

static const char *host_cc(void)
{
	const char *c = getenv("CC");

	if (c && *c && !is_self(c))
		return c;
	return access("/usr/bin/clang", X_OK) ? "cc" : "clang";
}

/* Run av, its standard error into err_path when not NULL; its exit status (127: could not start). */
static int run_to(const struct drv *d, char **av, const char *err_path)
{
	pid_t pid;
	int st, i;

	if (d->verbose || d->dryrun) {
		/* --dryrun as nvcc's: each command on a line of its own after "#$ " */
		fputs(d->dryrun ? "#$ " : "", stderr);
		for (i = 0; av[i]; i++)
			fprintf(stderr, "%s%s", i ? " " : "", av[i]);
		fputc('\n', stderr);
	}
	if (d->dryrun)
		return 0;
	pid = fork();
	if (pid < 0)
		return 127;
	if (pid == 0) {
		if (err_path) {
			FILE *f = freopen(err_path, "w", stderr);

			if (!f)
				_exit(127);
		}
		execvp(av[0], av);
		fprintf(stderr, "idxgen-cc: %s: %s\n", av[0], strerror(errno));
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static int run(const struct drv *d, char **av)
{
	return run_to(d, av, NULL);
}

/* Copy the file at path to stderr; does it contain what? */
static bool show_file(const char *path, const char *what)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	bool found = false;

	while (f && fgets(line, sizeof(line), f)) {
		fputs(line, stderr);
		found = found || strstr(line, what);
	}
	if (f)
		fclose(f);
	return found;
}

/* Does the file at path contain what? */
static bool file_has(const char *path, const char *what)
{
	FILE *f = fopen(path, "r");
	char line[4096];
	bool found = false;

	while (f && !found && fgets(line, sizeof(line), f))
		found = strstr(line, what);
	if (f)
		fclose(f);
	return found;
}

static const char *base_name(const char *p)
{
	const char *b = strrchr(p, '/');

	return b ? b + 1 : p;
}

/* PATH's base name with its extension replaced by ext. */
static char *with_ext(const char *dir, const char *path, const char *ext)
{
	const char *b = base_name(path), *e = strrchr(b, '.');
	char *r;
	int n = e ? (int)(e - b) : (int)strlen(b);

	if (asprintf(&r, "%s%s%.*s%s", dir ? dir : "", dir ? "/" : "", n, b, ext) < 0) {
		perror("idxgen-cc");
		exit(2);
	}
	return r;
}

static bool write_file(const char *path, const struct buf *b)
{
	FILE *f = out_open(path, "w");

	if (!f || fwrite(b->p, 1, b->n, f) != b->n || out_close(f)) {
		fprintf(stderr, "idxgen-cc: %s: %s\n", path, strerror(errno));
		return false;
	}
	return true;
}

/*
 * The input's own folder for "..." includes (-iquote): the emitted C++ lives
 * elsewhere, and nvcc searches that folder for quoted includes only.  As -I
 * it also answered <...>: a file there named like a standard header (a
 * program's binary `random` or `queue` beside its source, a file `new`)
 * replaced the library's (tests/cc/whole/opts/iquote_dir.sh).
 */
static char *input_dir_flag(const char *path)
{
	char *dir = cx_strdup(path), *sl = strrchr(dir, '/'), *r;

	if (sl)
		*sl = 0;
	if (asprintf(&r, "-iquote%s", sl ? dir : ".") < 0)
		r = NULL;
	free(dir);
	return r;
}

/* mkdir -p of path's parent folders. */
static bool make_parents(const char *path)
{
	char *p = cx_strdup(path), *sl;
	bool ok = true;

	for (sl = strchr(p + 1, '/'); sl && ok; sl = strchr(sl + 1, '/')) {
		*sl = 0;
		ok = !mkdir(p, 0700) || errno == EEXIST;
		*sl = '/';
	}
	free(p);
	return ok;
}

/*
 * The translation's files in dir: the .cpp, the included files with kernels
 * (translated) and links to the other included files below the main file's
 * folder, so that the translated files' quoted includes find them.
 */
static bool write_translation(const char *dir, const char *cpp, const struct buf *out, const struct program_out *po)
{
	unsigned i;
	bool ok = write_file(cpp, out);

	for (i = 0; ok && i < po->nhdr; i++) {
		char *path;

		if (asprintf(&path, "%s/%s", dir, po->hdr[i].rel) < 0)
			return false;
		ok = make_parents(path) &&
		     (po->hdr[i].link ? !symlink(po->hdr[i].link, path) : write_file(path, &po->hdr[i].text));
		free(path);
	}
	return ok;
}

/*
 * What nvcc defines for a .cu file's host pass (CUDA 12.0, the version
 * whose API include/cuda follows: CUDART_VERSION): code tests them to pick
 * its CUDA paths (__CUDACC__ for __host__ __device__ qualifiers). Before the
 * user's options, so that -U takes one away.
 */
static void nvcc_macros(struct argv *a)
{
	av_add(a, "-D__CUDACC__=1");
	av_add(a, "-D__NVCC__=1");
	av_add(a, "-D__CUDACC_VER_MAJOR__=12");
	av_add(a, "-D__CUDACC_VER_MINOR__=0");
	av_add(a, "-D__CUDACC_VER_BUILD__=0");
}

/*
 * What nvcc's C++ dialect allows that clang's does not by default: the
 * `register` storage class under C++17 (nvcc's front end accepts it in
 * device code and its host compiler, g++, only warns; clang++ makes it an
 * error); a narrowing conversion of a non-constant in braces.  Before the
 * user's options, so that -Werror=register restores it.
 */
static void nvcc_dialect(struct argv *a, bool parse)
{
	av_add(a, "-Wno-register");
	/*
	 * A narrowing conversion in braces (`dim3 grid{n / 256}`, n a size_t):
	 * a warning, as nvcc's #2361-D.  edg_compat.c shows the parse's with the
	 * user's place; the host compiler, which would show it again at the
	 * translated file's place, is told nothing.
	 */
	av_add(a, parse ? "-Wno-error=c++11-narrowing" : "-Wno-c++11-narrowing");
}

/* Does compiler cxx take every option of opts (NULL-ended)?  Asked with nothing to compile, quietly. */
static bool host_takes(const char *cxx, const char *const *opts)
{
	const char *av[8];
	unsigned n = 0;
	pid_t pid;
	int st;

	av[n++] = cxx;
	while (*opts && n < 3)
		av[n++] = *opts++;
	av[n++] = "-x";
	av[n++] = "c++";
	av[n++] = "-fsyntax-only";
	av[n++] = "/dev/null";
	av[n] = NULL;
	pid = fork();
	if (pid < 0)
		return false;
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
			_exit(127);
		execvp(av[0], (char *const *)av);
		_exit(127);
	}
	return waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0;
}

/* N of a compiler named clang++-N (a path's last part), else 0. */
static unsigned clang_major(const char *cxx)
{
	const char *b = strrchr(cxx, '/');
	unsigned major = 0;
	int end = 0;

	b = b ? b + 1 : cxx;
	if (sscanf(b, "clang++-%u%n", &major, &end) != 1 || b[end])
		return 0;
	return major;
}

#define ZERO_LOCALS_OPT "-ftrivial-auto-var-init=zero"
#define SAT_CASTS_OPT "-fno-strict-float-cast-overflow"

/*
 * Which of the two options below the host compiler takes, once per run.
 * A clang++-N of clang 16 or later takes both (16 dropped the flag that 12-15
 * wanted beside the first; the second is older), so it is not asked: each
 * question is a compiler start, about 0.17 s of CPU, and the two were a
 * fifth of a small program's whole build (tests/cc/whole.sh pins that
 * Debian's clang++-16, the default, is not asked).  Any other compiler is
 * asked for each (gcc 12 takes the first only).
 */
static void host_options(struct drv *d)
{
	static const char *const zero[] = { ZERO_LOCALS_OPT, NULL };
	static const char *const sat[] = { SAT_CASTS_OPT, NULL };
	const char *cxx = host_cxx(d);

	if (d->zero_locals)
		return;
	if (clang_major(cxx) >= 16) {
		d->zero_locals = d->sat_casts = 1;
		return;
	}
	d->zero_locals = host_takes(cxx, zero) ? 1 : -1;
	d->sat_casts = host_takes(cxx, sat) ? 1 : -1;
}

/*
 * Locals of device code that some lanes read unset: CUDA's warp-aggregated
 * increment `int res; if (rank == 0) res = atomicAdd(c, n); res =
 * __shfl_sync(m, res, leader);` hands the other lanes' unset `res` to the
 * shuffle, which never uses it.  In C++ that read is undefined, and clang
 * -O3 took it as proof that every lane is the leader: each lane did the
 * atomicAdd (tests/cuda/progs/warp_agg_uninit.cu).  Zero-initialised locals
 * make it defined (0 is a value a GPU's register may hold), where the host
 * compiler has the option (gcc 12, clang 16; an older clang refuses it).
 */
static void defined_locals(struct drv *d, struct argv *a)
{
	host_options(d);
	if (d->zero_locals > 0)
		av_add(a, ZERO_LOCALS_OPT);
}

/*
 * A float converted to an integer it does not fit: C++ leaves it undefined
 * and x86 gives the "integer indefinite" (0x80000000, so 4294967296.0f -> 0u
 * and NaN -> INT_MIN); PTX's cvt.rzi, which nvcc emits for every such
 * conversion to 32 and 64 bits, saturates to the type's range and gives 0
 * for NaN.  Public code relies on it: HeCBench's quicksort pads a float
 * bitonic sort with UINT_MAX and reads it back as `uint` (the padding became
 * 0 and sorted first).  clang's -fno-strict-float-cast-overflow makes every
 * such conversion saturate as PTX's does (llvm.fpto[su]i.sat), where the
 * host compiler has the option (clang 14 on; gcc has none).  Conversions to
 * 8 and 16 bits then saturate at their own width, where nvcc truncates the
 * 32-bit result (lib/cc/README.md).
 */
static void saturating_casts(struct drv *d, struct argv *a)
{
	host_options(d);
	if (d->sat_casts > 0)
		av_add(a, SAT_CASTS_OPT);
}

/*
 * The host compiler's options for a translation, but for the file's own:
 * what its object depends on besides the file, and so the key of the
 * precompiled prelude (pch.c).
 */
static void translation_flags(struct drv *d, struct argv *f)
{
	if (!d->opt_given)
		av_add(f, "-O3");
	if (d->module_ext)
		av_add(f, "-fPIC");	/* a shared object's code */
	nvcc_macros(f);
	nvcc_dialect(f, false);
	defined_locals(d, f);
	saturating_casts(d, f);
	av_cat(f, &d->cflags);
}

/*
 * The precompiled prelude for this translation, or NULL.  Not where the
 * translation has files of its own beside the .cu.cpp (a header it includes
 * that defines kernels, translated too): its folder comes first in the
 * search and could hold a name the prelude includes; nor with --dryrun,
 * which shows the commands of a build without a cache; nor for a compiler
 * other than clang 16 or later (-include-pch is clang's; gcc's PCHs work
 * otherwise).
 */
static char *translation_pch(const struct drv *d, const char *dir, const struct argv *flags)
{
	struct argv key = { 0 };
	char header[PATH_MAX + 32], cxx_file[PATH_MAX];
	struct dirent *e;
	int files = 0;
	char *pch;
	DIR *dp;
	int i;

	if (d->dryrun || !pch_enabled() || clang_major(host_cxx(d)) < 16)
		return NULL;
	for (i = 0; i < d->cflags.n; i++)
		if (!strncmp(d->cflags.v[i], "-include", 8) || !strncmp(d->cflags.v[i], "-imacros", 8) ||
		    !strcmp(d->cflags.v[i], "-x"))
			return NULL;	/* -Xcompiler's own prelude: it would come before ours in a PCH */
	dp = opendir(dir);
	while (dp && (e = readdir(dp)))
		files += e->d_name[0] != '.';
	if (dp)
		closedir(dp);
	if (files != 1)
		return NULL;
	av_add(&key, host_cxx(d));
	av_addf(&key, "-std=%s", d->std);
	add_our_includes(&key);
	av_cat(&key, flags);
	snprintf(header, sizeof(header), "%s/idxgen_cc_program.h", cc_paths()->include);
	pch = pch_get(header, cc_paths()->include, command_file(key.v[0], cxx_file, sizeof(cxx_file)) ? cxx_file : NULL,
		      key.v, key.n, d->verbose);
	av_free(&key);
	return pch;
}

/*
 * Search folder option opt (`-I<path>` or `-iquote<path>`, prefix pre) for
 * the compile of a translation in dir, which mirrors the input's folder top
 * (write_translation): a folder at or below top is searched in its mirror
 * first.  Else a translated file's include that the search answers finds
 * the untranslated original beside the copy that the .cu.cpp includes, and
 * `#pragma once` sees two files (HeCBench warpsort: cuda/RegisterUtils.cuh
 * includes "cuda/CudaUtils.cuh" by `-I.`, the .cu includes it too).  The
 * mirror holds every file below top that the program includes, so what the
 * mirror does not answer the original does not either.  A folder outside
 * top is searched first in its own mirror (__inc_<hash>, search_mirror.c)
 * where the translation has one: a header with kernels found through it.
 */
static void add_search_dir(struct argv *cc, const char *dir, const char *top, const char *opt, const char *pre)
{
	size_t n = strlen(pre), t = top ? strlen(top) : 0;
	char *rp = strncmp(opt, pre, n) || !top ? NULL : realpath(opt + n, NULL), *m = NULL, *name;

	if (rp && !strncmp(rp, top, t) && (!rp[t] || rp[t] == '/')) {
		if (asprintf(&m, "%s%s%s", pre, dir, rp + t) < 0)
			m = NULL;
	} else if (rp && (name = search_mirror_name(rp))) {
		if (asprintf(&m, "%s%s/%s", pre, dir, name) >= 0 && access(m + n, F_OK)) {
			free(m);	/* no header of that folder translated */
			m = NULL;
		}
		free(name);
	}
	if (m)
		av_add(cc, m);
	free(m);
	free(rp);
	av_add(cc, opt);
}

/* The host compile of a translation, with its prelude precompiled if there is one: run_to's status. */
static int compile_with(const struct drv *d, const char *dir, const char *idir, const struct argv *flags,
			const char *pch, const char *cpp, const char *obj, const char *err)
{
	struct argv cc = { 0 };
	char *top = realpath(idir + strlen("-iquote"), NULL);
	int rc;

	av_add(&cc, host_cxx(d));
	av_addf(&cc, "-std=%s", d->std);
	av_addf(&cc, "-I%s", dir);
	add_our_includes(&cc);
	add_search_dir(&cc, dir, top, idir, "-iquote");
	for (int i = 0; i < flags->n; i++)
		add_search_dir(&cc, dir, top, flags->v[i], "-I");
	free(top);
	if (pch) {
		av_add(&cc, "-include-pch");
		av_add(&cc, pch);
	}
	if (d->preinc.n) {
		/* the translation's own first include, then the user's, as nvcc orders them */
		av_add(&cc, "-include");
		av_add(&cc, "idxgen_cc_program.h");
		av_cat(&cc, &d->preinc);
	}
	av_add(&cc, "-c");
	av_add(&cc, "-o");
	av_add(&cc, obj);
	av_add(&cc, cpp);
	rc = d->dryrun ? run(d, cc.v) : run_to(d, cc.v, err);
	av_free(&cc);
	return rc;
}

/*
 * The translation in cpp compiled to obj: 0, 1 (a static_assert of ours) or
 * 2 (our bug).  A compile with the precompiled prelude that fails is done
 * again without it, which then says what failed: clang refuses a PCH whose
 * system headers changed since, or a broken one (either is dropped); any
 * other failure is reported as the build without one reports it.
 */
static int compile_translation(struct drv *d, const char *src, const char *dir, const char *idir, const char *cpp,
			       const char *obj, const char *err)
{
	struct argv flags = { 0 };
	char *pch;
	int rc;

	translation_flags(d, &flags);
	pch = translation_pch(d, dir, &flags);
	if (pch && compile_with(d, dir, idir, &flags, pch, cpp, obj, err)) {
		if (file_has(err, "precompiled header") || file_has(err, "PCH file"))
			pch_forget(pch);	/* out of date or broken: the next build makes a new one */
		free(pch);
		pch = NULL;
	}
	rc = 0;
	if (!pch && compile_with(d, dir, idir, &flags, NULL, cpp, obj, err)) {
		if (d->dryrun) {
			rc = 0;
		} else if (show_file(err, "\"idxgen-cc: '")) {
			/* a static_assert of ours: a limit only the instantiation shows */
			rc = 1;
		} else {
			/* the input parsed and translated: this is our bug, never the user's */
			fprintf(stderr,
				"idxgen-cc: internal error: the C++ written for %s does not compile with %s and the options given to it (kept in %s)\n",
				src, host_cxx(d), cpp);
			d->kept = true;
			rc = 2;
		}
	} else if (!d->dryrun) {
		show_file(err, "");	/* the compiler's warnings */
	}
	if (!d->dryrun)
		unlink(err);
	free(pch);
	av_free(&flags);
	return rc;
}

/*
 * .cu -> C++ -> obj: 0, 1 (diagnostics) or 2.  The C++ is written to its own
 * folder of the temporary one (index), with the files it includes that
 * define kernels, translated too, at their places relative to it: its
 * #include "..." finds them first.
 */
static int build_cu(struct drv *d, const char *src, int index, const char *obj)
{
	struct argv pa = { 0 };
	struct buf out = { 0 };
	struct program_out po = { 0 };
	char *idir = input_dir_flag(src), dir[96], *cpp, *err;
	int rc;

	snprintf(dir, sizeof(dir), "%s/%d", d->tmpdir, index);
	cpp = with_ext(dir, src, ".cu.cpp");
	err = with_ext(dir, src, ".err");
	nvcc_macros(&pa);
	nvcc_dialect(&pa, true);
	av_cat(&pa, &d->parse);
	av_cat(&pa, &d->preinc);
	av_addf(&pa, "-std=%s", d->std);
	av_add(&pa, idir);
	struct buf plan = { 0 };
	struct lockstep_stats stats = { 0 };
	/* a module's variables are found by their names (cuModuleGetGlobal), as a cubin's: kept as with -rdc */
	struct program_opts popt = { d->model, d->dump_plan ? &plan : NULL, d->cuda_arch, d->thread_fibers,
				     d->dump_stats ? &stats : NULL, d->rdc || d->module_ext };

	if (d->dryrun) {
		/* in process, not a command: said in the same shape */
		fprintf(stderr, "#$ idxgen-cc --emit-cxx -o %s %s\n", cpp, src);
		rc = 0;
	} else {
		rc = cc_translate_program(src, pa.v, pa.n, &out, d->emit_cxx ? NULL : &po, &popt);
	}
	if (d->dump_stats && !d->dryrun) {
		printf("%s: lockstep: %lu functions asked, %lu walked; %lu program scans, %lu parameter questions\n", src,
		       stats.asked, stats.walked, stats.scans, stats.questions);
		printf("%s: suspending functions: %lu rounds, %lu bodies walked\n", src, stats.fn_rounds,
		       stats.fn_walks);
		printf("%s: parses: %lu made, %lu kept from the pass before\n", src, stats.parses, stats.parses_kept);
		printf("%s: header macros: searched %lu times, %lu answers from the memo\n", src,
		       stats.macro_searches, stats.macro_memo_hits);
		fflush(stdout);	/* once: the host compiler's fork would write it again */
	}
	if (d->dryrun) {
		;
	} else if (rc == 0 && d->dump_plan) {
		if (plan.n)
			fwrite(plan.p, 1, plan.n, stdout);
	} else if (rc == 0 && d->emit_cxx) {
		char *o = d->output ? cx_strdup(d->output) : with_ext(NULL, src, ".cu.cpp");

		rc = write_file(o, &out) ? 0 : 2;
		free(o);
	} else if (rc == 0) {
		if (d->module_ext)
			module_mark(&out);
		if (mkdir(dir, 0700) || !write_translation(dir, cpp, &out, &po))
			rc = 2;
		if (rc == 0 && d->keep) {
			char *k = with_ext(NULL, src, ".cu.cpp");

			rc = write_file(k, &out) ? 0 : 2;
			free(k);
		}
	}
	buf_free(&plan);
	if (rc == 0 && !d->emit_cxx)
		rc = compile_translation(d, src, dir, idir, cpp, obj, err);
	program_out_free(&po);
	buf_free(&out);
	av_free(&pa);
	free(idir);
	free(cpp);
	free(err);
	return rc;
}

/* A plain .c or .cpp host file: the host compiler's own diagnostics, status 1. */
static int build_host(const struct drv *d, const char *src, enum kind k, const char *obj)
{
	struct argv cc = { 0 };
	char *idir = input_dir_flag(src);
	int rc;

	av_add(&cc, k == K_C ? host_cc() : host_cxx(d));
	if (k == K_CXX)
		av_addf(&cc, "-std=%s", d->std);
	add_our_includes(&cc);
	av_add(&cc, idir);
	av_cat(&cc, &d->cflags);
	av_cat(&cc, &d->preinc);
	av_add(&cc, "-c");
	av_add(&cc, "-o");
	av_add(&cc, obj);
	av_add(&cc, src);
	rc = run(d, cc.v) ? 1 : 0;
	av_free(&cc);
	free(idir);
	return rc;
}

/*
 * -lNAME of a CUDA library: ours replaces it (lib/cudart for the runtime,
 * lib/cublas, lib/cufft, lib/curand, lib/cusolver, lib/cusparse), followed by the Debian libraries it stands on;
 * false for any other library.
 */
static bool cuda_lib(struct drv *d, const char *name)
{
	static const struct {
		const char *name, *archive, *deps[3];
	} libs[] = {
		{ "cudart", NULL, { NULL } },	/* libidxgen_cudart.a, always linked */
		{ "cudart_static", NULL, { NULL } },
		{ "cuda", NULL, { NULL } },
		{ "culibos", NULL, { NULL } },	/* CUDA's static-library helpers: nothing here */
		{ "cudadevrt", NULL, { NULL } },	/* the device runtime (device-side launches): in libidxgen_cudart.a */
		{ "nvrtc", NULL, { NULL } },	/* NVRTC's calls are in libidxgen_cudart.a */
		{ "nvrtc_static", NULL, { NULL } },
		{ "nvJitLink", NULL, { NULL } },	/* nvJitLink's and libNVVM's calls too */
		{ "nvJitLink_static", NULL, { NULL } },
		{ "nvvm", NULL, { NULL } },
		{ "cublas", "cublas", { "-lopenblas" } },
		{ "cublas_static", "cublas", { "-lopenblas" } },
		{ "cublasLt", "cublas", { "-lopenblas" } },	/* cublasLt.h's calls are there */
		{ "cublasLt_static", "cublas", { "-lopenblas" } },
		{ "cufft", "cufft", { "-lfftw3f", "-lfftw3" } },
		{ "cufft_static", "cufft", { "-lfftw3f", "-lfftw3" } },
		{ "curand", "curand", { NULL } },
		{ "curand_static", "curand", { NULL } },
		{ "cusolver", "cusolver", { "-lopenblas" } },	/* its LAPACK */
		{ "cusolver_static", "cusolver", { "-lopenblas" } },
		{ "cusparse", "cusparse", { NULL } },	/* kernels of its own */
		{ "cusparse_static", "cusparse", { NULL } },
	};

	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++) {
		if (strcmp(name, libs[i].name))
			continue;
		if (libs[i].archive) {
			char *a = cc_archive(libs[i].archive);

			av_add(&d->culibs, a);
			free(a);
		}
		for (int j = 0; j < 3 && libs[i].deps[j]; j++)
			av_add(&d->culibs, libs[i].deps[j]);
		return true;
	}
	return false;
}

#ifdef IDXGEN_CC_TBB_LIBS
/* Each blank-separated word of s (pkg-config's output) as one argument. */
static void add_words(struct argv *a, const char *s)
{
	char *copy = cx_strdup(s), *save = NULL, *t;

	for (t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
		av_add(a, t);
	free(copy);
}
#endif

static int link_program(const struct drv *d, const struct argv *objs)
{
	const char *out = d->output ? d->output : "a.out";
	struct argv ld = { 0 };
	char *cudart, *beside = NULL;
	int rc;

	/* -o -: linked beside, then copied to standard output (out_file.c) */
	if (out_is_stdout(out) && asprintf(&beside, "%s/a.out", d->tmpdir) < 0)
		return 2;
	av_add(&ld, host_cxx(d));
	av_add(&ld, "-o");
	av_add(&ld, beside ? beside : out);
	av_cat(&ld, objs);
	av_cat(&ld, &d->cflags);	/* -fopenmp & co. given with -Xcompiler */
	av_cat(&ld, &d->culibs);	/* before the runtime they call */
	cudart = cc_archive("cudart");
	av_add(&ld, cudart);
	free(cudart);
	av_addf(&ld, "-L%s", cc_paths()->libdir);
	av_addf(&ld, "-Wl,-rpath,%s", cc_paths()->libdir);
	av_add(&ld, "-lidxgen");
	/* modules of kernels (-fatbin) that cuModuleLoad opens resolve the runtime here */
	av_add(&ld, "-Wl,--export-dynamic");
	av_cat(&ld, &d->ldflags);
#ifdef IDXGEN_CC_TBB_LIBS
	/*
	 * Thrust's device system is TBB where oneTBB is installed
	 * (include/cuda/thrust/detail/config/device_system.h), so programs
	 * that use Thrust need its library as nvcc's need none: linked only
	 * when an object calls it (--as-needed), so other programs do not
	 * depend on it.
	 */
	av_add(&ld, "-Wl,--push-state,--as-needed");
	add_words(&ld, IDXGEN_CC_TBB_LIBS);
	av_add(&ld, "-Wl,--pop-state");
#endif
	av_add(&ld, "-lpthread");
	av_add(&ld, "-ldl");
	av_add(&ld, "-lm");
	rc = run(d, ld.v) ? 1 : 0;
	if (rc)
		fprintf(stderr, "idxgen-cc: linking %s failed\n", out);
	else if (beside && !d->dryrun)
		rc = out_copy(beside, out);
	free(beside);
	av_free(&ld);
	return rc;
}

/*
 * -fatbin/-cubin/-ptx: the object of one .cu file linked into a module,
 * a shared object that cuModuleLoad* opens (module_out.c has the why of
 * each option); output: -o's, else src's base name with the extension.
 */
static int link_module(const struct drv *d, const char *src, const char *obj)
{
	struct argv ld = { 0 };
	char *out = d->output ? cx_strdup(d->output) : with_ext(d->odir, src, d->module_ext), *so = NULL;
	bool text = !strcmp(d->module_ext, ".ptx"), piped = out_is_stdout(out);
	int rc;

	/* linked beside, then written: as text (-ptx), or to standard output (-o -) */
	if ((text || piped) && asprintf(&so, "%s/module.so", d->tmpdir) < 0)
		so = NULL;
	av_add(&ld, host_cxx(d));
	for (const char *const *o = module_link_options(); *o; o++)
		av_add(&ld, *o);
	av_add(&ld, "-o");
	av_add(&ld, so ? so : out);
	av_add(&ld, obj);
	av_cat(&ld, &d->cflags);
	av_addf(&ld, "-L%s", cc_paths()->libdir);
	av_addf(&ld, "-Wl,-rpath,%s", cc_paths()->libdir);
	av_add(&ld, "-lidxgen");
	av_cat(&ld, &d->ldflags);
	rc = (text || piped) && !so ? 2 : run(d, ld.v) ? 1 : 0;
	if (rc)
		fprintf(stderr, "idxgen-cc: linking %s failed\n", out);
	else if (text && !d->dryrun)
		rc = module_write_text(so, out, src);	/* a program reads a .ptx as a C string */
	else if (piped && !d->dryrun)
		rc = out_copy(so, out);
	av_free(&ld);
	free(out);
	free(so);
	return rc;
}

/*
 * -Xcompiler a,b,c: each a flag of the host compilers (and of the link).
 * nvcc writes the list into the host compiler's command line, which a shell
 * splits, so `-Xcompiler "-O3 -fopenmp -c -g"` (TeaLeaf_CUDA's and
 * CloverLeaf_CUDA's Makefiles) is four flags there too, not one.
 */
static void add_commas(struct argv *a, const char *list)
{
	char *s = cx_strdup(list), *save = NULL, *t;

	for (t = strtok_r(s, ", \t\n", &save); t; t = strtok_r(NULL, ", \t\n", &save))
		av_add(a, t);
	free(s);
}

static void drv_usage(FILE *f);

/* Is a one of nvcc's -forward-unknown-* options?  With d, what it sets. */
static bool forward_option(const char *a, struct drv *d)
{
	bool cc = !strcmp(a, "-forward-unknown-to-host-compiler"), ld = !strcmp(a, "-forward-unknown-to-host-linker");
	bool both = !strcmp(a, "-forward-unknown-opts");

	if (d) {
		d->fwd_cc = d->fwd_cc || cc || both;
		d->fwd_ld = d->fwd_ld || ld || both;
	}
	return cc || ld || both;
}

/*
 * Where the headers and libraries come from (paths.c), in nvcc -v's shape
 * ("#$ NAME=VALUE"): _HERE_ is the executable's folder, or "(build tree)".
 */
static void show_paths(FILE *f)
{
	const struct cc_paths *p = cc_paths();
	char *cudart = cc_archive("cudart"), *cublas = cc_archive("cublas");

	fprintf(f, "#$ _HERE_=%s\n", p->build_tree ? "(build tree)" : p->exe_dir);
	fprintf(f, "#$ INCLUDES=\"-I%s/cuda\" \"-I%s\"\n", p->include, p->include);
	fprintf(f, "#$ LIBRARIES=\"-L%s\"\n", p->libdir);
	fprintf(f, "#$ CUDART=%s\n", cudart);
	/*
	 * one archive per line, no other word: scripts take the lines that
	 * name LIBRARIES for link flags (SHOC's find_cuda_libs.sh greps nvcc
	 * -dryrun's output), and a line with a comment in parentheses was a
	 * shell syntax error in their link
	 */
	fprintf(f, "#$ CUBLAS=%s\n", cublas);
	free(cudart);
	free(cublas);
}

static int drv_options(int argc, char **argv, struct drv *d)
{
	bool x_cu = false;
	int i;

	d->std = "c++17";
	for (i = 1; i < argc; i++)
		forward_option(argv[i], d);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

#define NEXT_ARG()                                                                       \
	do {                                                                             \
		if (!v) {                                                                \
			fprintf(stderr, "idxgen-cc: option %s needs an argument\n", a); \
			return 2;                                                        \
		}                                                                        \
		i++;                                                                     \
	} while (0)
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			drv_usage(stdout);
			return 0;
		} else if (!strcmp(a, "-V") || !strcmp(a, "--version")) {
			char *ver = cx_string(clang_getClangVersion());

			/* nvcc's shape, whose "release X.Y" build scripts parse: the CUDA version we follow */
			printf("idxgen-cc %s (libclang: %s)\n"
			       "Cuda compilation tools, release 12.0, V12.0.0 (the CUDA API idxgen-cc follows)\n",
			       IDXGEN_CC_VERSION, ver);
			free(ver);
			return 0;
		} else if (!strcmp(a, "-ccbin") || !strcmp(a, "--compiler-bindir")) {
			NEXT_ARG();
			if (!set_ccbin(d, v))
				return 2;
		} else if (!strncmp(a, "-ccbin=", 7) || !strncmp(a, "--compiler-bindir=", 18)) {
			if (!set_ccbin(d, strchr(a, '=') + 1))
				return 2;
		} else if (!strcmp(a, "-o") || !strcmp(a, "--output-file")) {
			NEXT_ARG();
			d->output = v;
		} else if (!strcmp(a, "-odir") || !strcmp(a, "--output-directory")) {
			NEXT_ARG();
			d->odir = v;
		} else if (!strcmp(a, "-E") || !strcmp(a, "--preprocess")) {
			d->preprocess = true;
		} else if (!strcmp(a, "--dryrun") || !strcmp(a, "-dryrun")) {
			d->dryrun = true;
		} else if (!strcmp(a, "-MP")) {
			d->deps_phony = true;
		} else if (!strcmp(a, "-include")) {
			NEXT_ARG();
			av_add(&d->preinc, a);
			av_add(&d->preinc, v);
		} else if (forward_option(a, NULL)) {
			;	/* read before the loop: it applies to options before it too */
		} else if (!strcmp(a, "-M") || !strcmp(a, "--generate-dependencies") ||
			   !strcmp(a, "-MM") || !strcmp(a, "--generate-nonsystem-dependencies")) {
			d->deps = DEPS_ONLY;
			d->deps_system = !strcmp(a, "-M") || !strcmp(a, "--generate-dependencies");
		} else if (!strcmp(a, "-MD") || !strcmp(a, "--generate-dependencies-with-compile") ||
			   !strcmp(a, "-MMD") ||
			   !strcmp(a, "--generate-nonsystem-dependencies-with-compile")) {
			if (d->deps != DEPS_ONLY)
				d->deps = DEPS_WITH_BUILD;
			d->deps_system = !strcmp(a, "-MD") ||
					 !strcmp(a, "--generate-dependencies-with-compile");
		} else if (!strcmp(a, "-MF") || !strcmp(a, "--dependency-output")) {
			NEXT_ARG();
			d->dep_file = v;
		} else if (!strcmp(a, "-MT") || !strcmp(a, "--dependency-target-name")) {
			NEXT_ARG();
			d->dep_target = v;
		} else if (!strcmp(a, "-c") || !strcmp(a, "--compile") || !strcmp(a, "-dc")) {
			d->compile_only = true;
			d->rdc = d->rdc || !strcmp(a, "-dc");
		} else if (!strcmp(a, "-rdc")) {
			/* nvcc_opts.c gives every spelling in this form */
			NEXT_ARG();
			d->rdc = !strcmp(v, "true");
		} else if (!strcmp(a, "-fatbin") || !strcmp(a, "-cubin") || !strcmp(a, "-ptx")) {
			d->module_ext = !strcmp(a, "-fatbin") ? ".fatbin" : !strcmp(a, "-cubin") ? ".cubin" : ".ptx";
		} else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			d->verbose = true;
		} else if (!strcmp(a, "--keep-cxx")) {
			d->keep = true;
		} else if (!strcmp(a, "--emit-cxx")) {
			d->emit_cxx = true;
		} else if (!strcmp(a, "--dump=plan")) {
			d->dump_plan = d->emit_cxx = true;
		} else if (!strcmp(a, "--dump=stats")) {
			d->dump_stats = true;
		} else if (!strncmp(a, "--exec-model=", 13)) {
			if (!strcmp(a + 13, "auto")) {
				d->model = EXEC_AUTO;
				d->thread_fibers = false;
			} else if (!strcmp(a + 13, "fission")) {
				d->model = EXEC_FISSION;
				d->thread_fibers = false;
			} else if (!strcmp(a + 13, "fibers") || !strcmp(a + 13, "thread-fibers")) {
				d->model = EXEC_FIBERS;
				d->thread_fibers = !strcmp(a + 13, "thread-fibers");
			} else {
				fprintf(stderr, "idxgen-cc: --exec-model=%s: auto, fission, fibers or thread-fibers\n", a + 13);
				return 2;
			}
		} else if (!strcmp(a, "-x")) {
			NEXT_ARG();
			x_cu = !strcmp(v, "cu");
		} else if (!strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") || !strcmp(a, "--include-path") ||
			   !strcmp(a, "--define-macro") || !strcmp(a, "-isystem")) {
			char f[3] = { '-', a[1] == '-' ? (a[2] == 'i' ? 'I' : 'D') : a[1], 0 };

			NEXT_ARG();
			if (strcmp(f, "-D") && strcmp(f, "-U") && our_cuda_include(v)) {
				continue;
			} else if (!strcmp(a, "-isystem")) {
				av_add(&d->parse, a), av_add(&d->parse, v);
				av_add(&d->cflags, a), av_add(&d->cflags, v);
			} else {
				av_addf(&d->parse, strcmp(f, "-I") ? (strcmp(f, "-D") ? "-U%s" : "-D%s") : "-I%s", v);
				av_addf(&d->cflags, strcmp(f, "-I") ? (strcmp(f, "-D") ? "-U%s" : "-D%s") : "-I%s", v);
			}
		} else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) {
			if (a[1] == 'I' && our_cuda_include(a + 2))
				continue;
			av_add(&d->parse, a);
			av_add(&d->cflags, a);
		} else if (!strncmp(a, "-std=", 5) || !strncmp(a, "--std=", 6)) {
			d->std = strchr(a, '=') + 1;
		} else if (!strcmp(a, "-std") || !strcmp(a, "--std")) {
			NEXT_ARG();
			d->std = v;
		} else if (!strcmp(a, "-arch") || !strcmp(a, "-gencode") || !strcmp(a, "-code")) {
			/* nvcc_opts.c gives them in this form and drops the other GPU options */
			NEXT_ARG();
			d->cuda_arch = cuda_arch_option(a, v, d->cuda_arch);
		} else if (!strncmp(a, "-O", 2) || !strcmp(a, "-g") || !strncmp(a, "-g", 2) ||
			   !strncmp(a, "-f", 2) || !strncmp(a, "-W", 2) || !strncmp(a, "-m", 2) ||
			   !strcmp(a, "-w") || !strcmp(a, "-pthread") || !strcmp(a, "-pg")) {
			if (strcmp(a, "-m64"))
				av_add(&d->cflags, a);
			d->opt_given = d->opt_given || !strncmp(a, "-O", 2);
		} else if (!strcmp(a, "-Xcompiler") || !strcmp(a, "--compiler-options")) {
			NEXT_ARG();
			add_commas(&d->cflags, v);
		} else if (!strncmp(a, "-Xcompiler=", 11) || !strncmp(a, "--compiler-options=", 19)) {
			add_commas(&d->cflags, strchr(a, '=') + 1);
		} else if (!strcmp(a, "-Xlinker") || !strcmp(a, "--linker-options")) {
			NEXT_ARG();
			av_addf(&d->ldflags, "-Wl,%s", v);
		} else if (!strcmp(a, "-L") || !strcmp(a, "-l") || !strcmp(a, "--library-path") ||
			   !strcmp(a, "--library")) {
			NEXT_ARG();
			if (a[1] == 'L' || !strcmp(a, "--library-path"))
				av_addf(&d->ldflags, "-L%s", v);
			else if (!cuda_lib(d, v))
				av_addf(&d->ldflags, "-l%s", v);
		} else if (!strncmp(a, "-L", 2) || !strncmp(a, "-l", 2) || !strncmp(a, "-Wl,", 4)) {
			if (strncmp(a, "-l", 2) || !cuda_lib(d, a + 2))
				av_add(&d->ldflags, a);
		} else if (a[0] == '-' && a[1] && (d->fwd_cc || d->fwd_ld)) {
			if (d->fwd_cc)
				av_add(&d->cflags, a);
			else
				av_add(&d->ldflags, a);
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "idxgen-cc: unknown option '%s' (try --help)\n", a);
			return 2;
		} else {
			av_add(&d->inputs, a);
			av_add(&d->kinds, x_cu ? "cu" : "");
		}
#undef NEXT_ARG
	}
	if (!d->inputs.n && d->verbose) {
		/* clang's `-v` alone: the version and where the files come from */
		printf("idxgen-cc %s\n", IDXGEN_CC_VERSION);
		show_paths(stdout);
		return 0;
	}
	if (!d->inputs.n) {
		fprintf(stderr, "idxgen-cc: no input file (try --help)\n");
		return 2;
	}
	if ((d->compile_only || d->emit_cxx || d->module_ext) && d->output && d->inputs.n > 1) {
		fprintf(stderr, "idxgen-cc: -o with -c, -fatbin, -cubin, -ptx or --emit-cxx takes one input file\n");
		return 2;
	}
	if (d->module_ext && (d->compile_only || d->emit_cxx)) {
		fprintf(stderr, "idxgen-cc: -fatbin, -cubin and -ptx write a module: not with -c or --emit-cxx\n");
		return 2;
	}
	return -1;
}

/*
 * The host compiler's preprocessor as the build sees src: for a .cu file
 * the C++ compiler with nvcc's macros and cuda_runtime.h included first,
 * as nvcc includes it; our CUDA headers as include folders (nvcc's -MM
 * lists the toolkit's headers too).
 */
static void pre_args(const struct drv *d, const char *src, enum kind k, struct argv *av)
{
	char *idir = input_dir_flag(src);

	av_add(av, k == K_C ? host_cc() : host_cxx(d));
	if (k == K_CU) {
		av_add(av, "-x");
		av_add(av, "c++");
		nvcc_macros(av);
	}
	if (k != K_C)
		av_addf(av, "-std=%s", d->std);
	add_our_includes(av);
	av_add(av, idir);
	av_cat(av, &d->cflags);
	if (k == K_CU) {
		av_add(av, "-include");
		av_add(av, "cuda_runtime.h");
	}
	av_cat(av, &d->preinc);
	free(idir);
}

/* The object file -c writes for src: -o's, else its base name in -odir or here. */
static char *object_of(const struct drv *d, const char *src)
{
	return d->output ? cx_strdup(d->output) : with_ext(d->odir, src, ".o");
}

/* -M/-MM/-MD/-MMD: a make rule "target: src headers..." into file (NULL: stdout). */
static int write_deps(const struct drv *d, const char *src, enum kind k, const char *target,
		      const char *file)
{
	struct argv av = { 0 };
	int rc;

	pre_args(d, src, k, &av);
	av_add(&av, d->deps_system ? "-M" : "-MM");
	if (d->deps_phony)
		av_add(&av, "-MP");
	av_add(&av, "-MT");
	av_add(&av, d->dep_target ? d->dep_target : target);
	if (file) {
		av_add(&av, "-MF");
		av_add(&av, file);
	}
	av_add(&av, src);
	rc = run(d, av.v) ? 1 : 0;
	av_free(&av);
	return rc;
}

/* -E or -M/-MM: each source preprocessed or its rule written; no build. */
static int drv_preprocess(struct drv *d)
{
	int rc = 0;

	for (int i = 0; i < d->inputs.n && rc == 0; i++) {
		const char *src = d->inputs.v[i];
		enum kind k = kind_of(src, d->kinds.v[i][0] != 0);
		struct argv av = { 0 };
		char *target;

		if (k == K_LINK)
			continue;
		if (access(src, R_OK)) {
			fprintf(stderr, "idxgen-cc: %s: %s\n", src, strerror(errno));
			return 2;
		}
		if (!d->preprocess) {
			target = with_ext(d->odir, src, ".o");
			rc = write_deps(d, src, k, target, d->dep_file);
			free(target);
			continue;
		}
		pre_args(d, src, k, &av);
		av_add(&av, "-E");
		if (d->output) {
			av_add(&av, "-o");
			av_add(&av, d->output);
		}
		av_add(&av, src);
		rc = run(d, av.v) ? 1 : 0;
		av_free(&av);
	}
	return rc;
}

/* path with its extension (if any, in its last component) replaced by ext. */
static char *swap_ext(const char *path, const char *ext)
{
	const char *dot = strrchr(base_name(path), '.');
	int n = dot ? (int)(dot - path) : (int)strlen(path);
	char *r;

	if (asprintf(&r, "%.*s%s", n, path, ext) < 0) {
		perror("idxgen-cc");
		exit(2);
	}
	return r;
}

/* -MD/-MMD beside a build: the rule of src's object (or of the program),
 * in -MF's file, else beside the object (nvcc's place): obj.d. */
static int deps_beside(const struct drv *d, const char *src, enum kind k, const char *obj)
{
	const char *target = d->compile_only ? obj : (d->output ? d->output : "a.out");
	char *file = d->dep_file ? cx_strdup(d->dep_file) :
		     d->compile_only ? swap_ext(obj, ".d") : with_ext(d->odir, src, ".d");
	int rc = write_deps(d, src, k, target, file);

	free(file);
	return rc;
}

/* Build everything; 0, 1 (diagnostics) or 2. */
static int drv_build(struct drv *d)
{
	struct argv objs = { 0 };
	int i, rc = 0;

	for (i = 0; i < d->inputs.n && rc == 0; i++) {
		const char *src = d->inputs.v[i];
		enum kind k = kind_of(src, d->kinds.v[i][0] != 0);
		char *obj;

		if (d->module_ext && k != K_CU) {
			fprintf(stderr, "idxgen-cc: %s: -fatbin, -cubin and -ptx take .cu files\n", src);
			rc = 2;
			break;
		}
		if (k == K_LINK) {
			if (d->compile_only)
				continue;
			av_add(&objs, src);
			continue;
		}
		if (access(src, R_OK)) {
			fprintf(stderr, "idxgen-cc: %s: %s\n", src, strerror(errno));
			rc = 2;
			break;
		}
		if (d->compile_only)
			obj = object_of(d, src);
		else if (asprintf(&obj, "%s/%d.o", d->tmpdir, i) < 0)	/* removed with the folder */
			obj = NULL;
		if (!obj) {
			rc = 2;
			break;
		}
		if (d->deps == DEPS_WITH_BUILD && !d->emit_cxx)
			rc = deps_beside(d, src, k, obj);
		if (rc) {
			free(obj);
			break;
		} else if (k == K_CU) {
			rc = build_cu(d, src, i, obj);
			if (rc == 0 && d->module_ext)
				rc = link_module(d, src, obj);
		} else if (!d->emit_cxx) {
			rc = build_host(d, src, k, obj);
		}
		if (!d->compile_only)
			av_add(&objs, obj);
		free(obj);
	}
	if (rc == 0 && !d->compile_only && !d->emit_cxx && !d->module_ext)
		rc = link_program(d, &objs);
	av_free(&objs);
	return rc;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *f)
{
	(void)st, (void)flag, (void)f;
	return remove(path);
}

/* One folder of the -ccbin compiler's search list, for the parse (ccbin_includes.c). */
static void add_parse_isystem(void *ctx, const char *dir)
{
	av_add(ctx, "-isystem");
	av_add(ctx, dir);
}

int driver_main(int argc, char **argv)
{
	struct drv d = { 0 };
	int rc = drv_options(argc, argv, &d);

	/* -ccbin mpicxx: the parse sees <mpi.h> where the wrapper's compiler does */
	if (rc < 0 && d.ccbin)
		ccbin_include_dirs(d.ccbin, add_parse_isystem, &d.parse);

	if (rc < 0 && (d.verbose || d.dryrun))
		show_paths(stderr);
	if (rc < 0 && (d.preprocess || d.deps == DEPS_ONLY)) {
		rc = drv_preprocess(&d);
	} else if (rc < 0) {
		snprintf(d.tmpdir, sizeof(d.tmpdir), "%s/idxgen-cc-XXXXXX",
			 getenv("TMPDIR") && strlen(getenv("TMPDIR")) < 40 ? getenv("TMPDIR") : "/tmp");
		if (!mkdtemp(d.tmpdir)) {
			perror("idxgen-cc: mkdtemp");
			rc = 2;
		} else {
			rc = drv_build(&d);
			if (!d.kept)
				nftw(d.tmpdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
		}
	}
	av_free(&d.inputs);
	av_free(&d.kinds);
	av_free(&d.parse);
	av_free(&d.cflags);
	free(d.ccbin_path);
	av_free(&d.ldflags);
	av_free(&d.culibs);
	av_free(&d.preinc);
	return rc;
}

static void drv_usage(FILE *f)
{
	fprintf(f,
"Usage: idxgen-cc [OPTION]... -o PROG FILE.cu [FILE.cu|FILE.c|FILE.cpp|FILE.o]...\n"
"  or:  idxgen-cc --translate [-c] [-o FILE.c] [-I DIR] [-D NAME] FILE.cu\n"
"Build whole CUDA programs (host code and kernels) into executables that run\n"
"on the CPU with thread indices from the idxgen device, as nvcc builds them\n"
"for a GPU; or (--translate) translate the kernels of a .cu file into C.\n"
"\n"
"Whole programs: each .cu file is parsed as CUDA (libclang), its kernels\n"
"become block functions of the idxgen SPMD runtime with a host stub each, its\n"
"<<<...>>> launches calls of the CUDA runtime of lib/cudart; the C++ that\n"
"results is compiled with $CXX (default clang++-16, else clang++) against\n"
"idxgen's own CUDA headers, .c files with $CC (default clang), .cpp/.cc/.cxx\n"
"files with $CXX, and everything is linked with libidxgen_cudart.a and\n"
"libidxgen.  $CC or $CXX naming idxgen-cc itself (make CC=idxgen-cc exports\n"
"it) is passed over for the default.\n"
"\n"
"Options (whole programs).  Each also as nvcc spells it: its long name\n"
"(--output-file, --define-macro, --x, --optimize, --compiler-options, ...)\n"
"and its value after '=' or as the next argument (-x=cu, --optimize 3).\n"
"  -o FILE          the executable (default a.out); with -c, the object file;\n"
"                   with -E, --emit-cxx, -fatbin, -cubin, -ptx '-' is stdout\n"
"  -c, -dc, -dw     compile each input to an object file only (FILE.o)\n"
"  -I DIR, -D NAME[=VAL], -U NAME, -isystem DIR\n"
"                   preprocessor options, for the translation and the compilers\n"
"  -include FILE    include FILE first (after the CUDA headers, as nvcc)\n"
"  -std=c++11|14|17|20  the language standard (default c++17, as nvcc 12)\n"
"  -O0..-O3, -g, -f..., -W..., -w, -m..., -pthread, -pg, -noeh\n"
"                   passed to the host compilers (without -O, .cu files are\n"
"                   compiled with -O3: nvcc optimises device code by default)\n"
"  -Xcompiler A,B   host compiler options (a list by commas or blanks; also to the link)\n"
"  -L DIR, -l LIB, -Xlinker OPT, -Wl,...\n"
"                   link options (-lcudart, -lcudart_static, -lcuda, -lnvrtc,\n"
"                   -lnvJitLink, -lnvvm: dropped, libidxgen_cudart replaces\n"
"                   them; -lcublas, -lcufft,\n"
"                   -lcurand, -lcusolver, -lcusparse: ours, on OpenBLAS,\n"
"                   FFTW and LAPACK; oneTBB, Thrust's device system,\n"
"                   is linked when a program calls it)\n"
"  -ccbin X         the host C++ compiler (a name or its folder), as nvcc's\n"
"  -x cu            the inputs after it are CUDA whatever their names\n"
"  -forward-unknown-to-host-compiler, -forward-unknown-to-host-linker,\n"
"  -forward-unknown-opts\n"
"                   options idxgen-cc does not know go to the host compiler\n"
"                   or linker instead of being an error\n"
"  -E               preprocess each input as the build would (nvcc's macros,\n"
"                   cuda_runtime.h first for .cu files) to stdout or -o; stop\n"
"  -M, -MM          print a make rule 'X.o: X.cu headers...' per input and\n"
"                   stop (-MM: without system headers; -MP: a phony target\n"
"                   per header)\n"
"  -MD, -MMD        write that rule beside the build: to -MF's file, else\n"
"                   OBJ.d beside the object (-c) or X.d\n"
"  -MF FILE, -MT TARGET\n"
"                   the dependency file, the rule's target\n"
"  -odir DIR        objects of -c (without -o) and -M's targets in DIR\n"
"  --dryrun         print the commands ('#$ ...'), run none\n"
"  --options-file F[,F...], -optf F\n"
"                   read options from files (words, shell-style quotes)\n"
"  -lomp            LLVM's OpenMP runtime (with -Xcompiler -fopenmp)\n"
"  -v               print where the headers and libraries come from and the\n"
"                   commands run; alone, the version and those folders\n"
"  --keep-cxx       keep the C++ written for FILE.cu as FILE.cu.cpp\n"
"  --emit-cxx       write the C++ for one .cu file (-o FILE, default\n"
"                   FILE.cu.cpp) and stop\n"
"  --emit-cxx --dump=plan\n"
"                   print each kernel's execution model and why (and loop\n"
"                   fission's plan) instead of the C++\n"
"  --dump=stats     with a build or --emit-cxx: print what the translator's\n"
"                   analyses did for each .cu file (the lock-step analysis:\n"
"                   functions asked and walked, scans of the program for\n"
"                   calls, questions about them; the search for functions\n"
"                   that suspend: its rounds, the bodies it walked), lines\n"
"                   on stdout\n"
"  --exec-model=auto|fission|fibers|thread-fibers\n"
"                   how kernels run: auto (default) plans loop fission where\n"
"                   its analysis proves it faithful and fibers (every thread\n"
"                   a coroutine, __syncthreads() a switch; one fiber per\n"
"                   warp whose lanes run as loops between barriers where\n"
"                   those sit in uniform control flow) elsewhere; fission\n"
"                   or fibers forces one for every kernel (fission then\n"
"                   diagnoses what it cannot run); thread-fibers forces a\n"
"                   fiber per thread, never lane loops\n"
"  -arch sm_XX, -gencode arch=compute_XX,...\n"
"                   __CUDA_ARCH__ of device code (XX0; default 900, the\n"
"                   device's 9.0; of several -gencode, the highest up to\n"
"                   900); host code sees it undefined, as in nvcc's host pass\n"
"  ignored (GPU code generation has no meaning here): -code,\n"
"                   --use_fast_math, -lineinfo, -G, -rdc, --extended-lambda,\n"
"                   --expt-relaxed-constexpr, -Xptxas, -maxrregcount, -cudart,\n"
"                   -m64, -ftz, -prec-div, -prec-sqrt, -fmad, --keep,\n"
"                   --default-stream, --resource-usage, -t/--threads, -Xcudafe,\n"
"                   -Xnvlink, --diag-suppress/-error/-warn, -keep-dir, -dlto,\n"
"                   the rest of nvcc's device and tool-chain options\n"
"  -fatbin, -cubin, -ptx\n"
"                   write each .cu file's kernels as a module that the driver\n"
"                   API loads at run time (cuModuleLoad, cuModuleLoadData,\n"
"                   ...; cuModuleGetFunction finds a kernel by its mangled\n"
"                   or extern \"C\" name): an ELF shared object of the\n"
"                   translated kernels, not GPU code (-ptx: the same as\n"
"                   text, base64, for programs that read it as a string);\n"
"                   -o FILE, default X.fatbin, X.cubin or X.ptx; it runs\n"
"                   in programs idxgen-cc links, which give it their runtime\n"
"  refused (exit 2, with the reason): -ltoir, -optix-ir (there is no GPU\n"
"                   code), -lib, -shared, -run, -r\n"
"  --list-gpu-arch  the compute_XX values -arch takes\n"
"  -h, --help       print this help and exit\n"
"  -V, --version    print the version and exit\n"
"\n"
"Translate-only (the C path; selected by --translate or --dump=plan, never\n"
"by the output's name: -o app.c links an executable named app.c, as nvcc):\n"
"  -o FILE          write the C to FILE (default: FILE.cu with .c, '-' for\n"
"                   stdout); with -c, the object file (default: FILE.o)\n"
"  -c               also compile the C with $CC (default cc) into an object file\n"
"  -I DIR, -D NAME[=VAL]  for the translation and the C compiler\n"
"  --dump=plan      print each kernel's plan (thread loops, barriers, what\n"
"                   runs once per block, variable classes and why) instead\n"
"                   of the C\n"
"Each __global__ function becomes a C function that the idxgen SPMD runtime\n"
"calls once per thread block and a descriptor 'const struct idxgen_rt_kernel\n"
"idxgen_cc_kernel_NAME' for idxgen_rt_launch(); the subset is C-compatible\n"
"CUDA (lib/cc/README.md).\n"
"\n"
"Whole-program subset (lib/cc/README.md has it in full): host code as C++;\n"
"kernels and __device__ functions in C++ (templates, references, classes,\n"
"auto, constexpr, lambdas, namespaces); threadIdx, blockIdx, blockDim,\n"
"gridDim and static __shared__ also inside __device__ functions; __constant__,\n"
"__device__ and __managed__ variables; vector types; the CUDA math API,\n"
"integer intrinsics, __ldg, atomics (32 and 64 bits), device printf and\n"
"assert; #pragma unroll; __syncthreads(), __syncthreads_count/and/or and\n"
"the warp-level functions anywhere (kernels whose barriers loop fission\n"
"cannot place run as fibers).\n"
"\n"
"Diagnostics (FILE:LINE:COL: error: ..., exit status 1): dynamic\n"
"parallelism, textures, launches written inside macros; with\n"
"--exec-model=fission also what loop fission cannot run.  idxgen-cc never\n"
"emits code it cannot translate faithfully.\n"
"\n"
"Exit status: 0 on success; 1 on a diagnostic, a host compiler's error in a\n"
"plain .c/.cpp file or a failed link; 2 on a usage or system error or an\n"
"internal error (the C or C++ written did not compile).\n"
"\n"
"Environment: CXX, CC (host compilers), CFLAGS (translate-only -c),\n"
"TMPDIR; IDXGEN_CC_CACHE (where the precompiled prelude of the translated\n"
"programs is kept: default ~/.cache/idxgen; IDXGEN_CC_PCH=0: none); at run\n"
"time IDXGEN_SCHEDULE, IDXGEN_NUM_THREADS, IDXGEN_BACKEND (libidxgen).\n"
"\n"
"Examples:\n"
"  idxgen-cc -o prog prog.cu && ./prog\n"
"  idxgen-cc -O2 -std=c++14 -arch=sm_80 -o app main.cpp kernels.cu -lm\n"
"  idxgen-cc --translate -o k.c k.cu && cc -O2 -c -I/usr/include k.c\n"
"\n"
"See also idxgen_module_load() in <idxgen_cc.h> to translate, compile and load\n"
"a .cu file at run time.\n");
}
