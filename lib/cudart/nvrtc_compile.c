// SPDX-License-Identifier: MIT
/*
 * nvrtc_compile.c - nvrtcCompileProgram's work: the program's source and
 * headers written into a private temporary folder, NVRTC's options turned
 * into idxgen-cc's, and `idxgen-cc -ptx` run on them as a child process.
 * Its output is the module cuModuleLoadData loads (the text form, which
 * NVRTC's PTX stands for; the ELF inside it is the "cubin"), its messages
 * the program's log.  Kernels run on the CPU: the compile is the same one
 * idxgen-cc does ahead of time, so a kernel compiled either way behaves
 * the same.  Which idxgen-cc: $IDXGEN_CC, else IDXGEN_NVRTC_CC where it
 * exists (the build tree's in the build tree's library, $(BINDIR)'s in the
 * installed one: lib/cudart/Makefile), else the one on PATH.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "driver_image.h"
#include "nvrtc_int.h"

#ifndef IDXGEN_NVRTC_CC
#define IDXGEN_NVRTC_CC "idxgen-cc"
#endif

extern char **environ;

#define MAX_ARGS 256

struct args {
	const char *v[MAX_ARGS + 1];
	int n;
	char *owned[MAX_ARGS]; /* strings made here, freed after the run */
	int nowned;
};

static int push(struct args *a, const char *s)
{
	if (a->n >= MAX_ARGS)
		return -1;
	a->v[a->n++] = s;
	a->v[a->n] = NULL;
	return 0;
}

static int push_joined(struct args *a, const char *flag, const char *val)
{
	char *s;

	if (a->nowned >= MAX_ARGS || asprintf(&s, "%s%s", flag, val) < 0)
		return -1;
	a->owned[a->nowned++] = s;
	return push(a, s);
}

/* What an NVRTC option becomes. */
enum opt_kind {
	OPT_ARCH, /* the target: sm_NN real (a cubin), compute_NN virtual (PTX only) */
	OPT_FLAG, /* idxgen-cc's flag + the value: -I, -D, -U, -std=, -include */
	OPT_SAME, /* passed as written: idxgen-cc takes nvcc's spelling */
	OPT_NONE, /* code generation for NVIDIA's GPUs or diagnostics' form: no effect here */
	OPT_DLTO, /* LTO IR, which is never made here */
};

struct opt {
	const char *lng, *shrt; /* --long(=v), -short(=v or next element) */
	enum opt_kind kind;
	const char *flag; /* OPT_FLAG: idxgen-cc's flag */
	int value;	  /* takes a value */
};

static const struct opt opts[] = {
    {"gpu-architecture", "arch", OPT_ARCH, NULL, 1},
    {"include-path", "I", OPT_FLAG, "-I", 1},
    {"define-macro", "D", OPT_FLAG, "-D", 1},
    {"undefine-macro", "U", OPT_FLAG, "-U", 1},
    {"pre-include", "include", OPT_FLAG, "-include", 1},
    {"std", "std", OPT_FLAG, "-std=", 1},
    {"disable-warnings", "w", OPT_SAME, "-w", 0},
    {"dlink-time-opt", "dlto", OPT_DLTO, NULL, 0},
    {"device-c", "dc", OPT_NONE, NULL, 0},
    {"device-w", "dw", OPT_NONE, NULL, 0},
    {"relocatable-device-code", "rdc", OPT_NONE, NULL, 1},
    {"extensible-whole-program", "ewp", OPT_NONE, NULL, 0},
    {"device-debug", "G", OPT_NONE, NULL, 0},
    {"generate-line-info", "lineinfo", OPT_NONE, NULL, 0},
    {"dopt", "dopt", OPT_NONE, NULL, 1},
    {"ptxas-options", "Xptxas", OPT_NONE, NULL, 1},
    {"maxrregcount", "maxrregcount", OPT_NONE, NULL, 1},
    {"ftz", "ftz", OPT_NONE, NULL, 1},
    {"prec-sqrt", "prec-sqrt", OPT_NONE, NULL, 1},
    {"prec-div", "prec-div", OPT_NONE, NULL, 1},
    {"fmad", "fmad", OPT_NONE, NULL, 1},
    {"use_fast_math", "use_fast_math", OPT_NONE, NULL, 0},
    {"extra-device-vectorization", "extra-device-vectorization", OPT_NONE, NULL, 0},
    {"modify-stack-limit", "modify-stack-limit", OPT_NONE, NULL, 1},
    {"device-as-default-execution-space", "default-device", OPT_NONE, NULL, 0},
    {"restrict", "restrict", OPT_NONE, NULL, 0},
    {"builtin-move-forward", "builtin-move-forward", OPT_NONE, NULL, 1},
    {"builtin-initializer-list", "builtin-initializer-list", OPT_NONE, NULL, 1},
    {"device-int128", "device-int128", OPT_NONE, NULL, 0},
    {"optimization-info", "opt-info", OPT_NONE, NULL, 1},
    {"display-error-number", "err-no", OPT_NONE, NULL, 0},
    {"no-display-error-number", "no-err-no", OPT_NONE, NULL, 0},
    {"diag-error", "diag-error", OPT_NONE, NULL, 1},
    {"diag-suppress", "diag-suppress", OPT_NONE, NULL, 1},
    {"diag-warn", "diag-warn", OPT_NONE, NULL, 1},
    {"brief-diagnostics", "brief-diag", OPT_NONE, NULL, 1},
    {"time", "time", OPT_NONE, NULL, 1},
    {"split-compile", "split-compile", OPT_NONE, NULL, 1},
    {"minimal", "minimal", OPT_NONE, NULL, 0},
    {"no-source-include", "no-source-include", OPT_NONE, NULL, 0},
};

/* s names o (--long or -short), followed by its end, "=value" or (short, 1 letter) the value. */
static const char *match(const struct opt *o, const char *s, int *joined)
{
	size_t n;

	*joined = 0;
	if (!strncmp(s, "--", 2) && !strncmp(s + 2, o->lng, n = strlen(o->lng)) &&
	    (s[2 + n] == 0 || s[2 + n] == '='))
		return s + 2 + n;
	if (s[0] == '-' && s[1] != '-' && !strncmp(s + 1, o->shrt, n = strlen(o->shrt))) {
		if (s[1 + n] == 0 || s[1 + n] == '=')
			return s + 1 + n;
		if (n == 1 && o->value) { /* -Ipath, -DNAME=1 */
			*joined = 1;
			return s + 1 + n;
		}
	}
	return NULL;
}

/*
 * options[*i] (and its value, options[*i + 1] where written apart) into a;
 * 0, or NVRTC's error with the reason appended to the log.
 */
static nvrtcResult one_option(struct args *a, int n, const char *const *options, int *i,
			      int *real_arch, struct nvrtc_text *log)
{
	const char *s = options[*i], *rest, *val = NULL;
	size_t k;
	int joined;

	if (!s)
		return NVRTC_ERROR_INVALID_OPTION;
	for (k = 0; k < sizeof(opts) / sizeof(opts[0]); k++) {
		if (!(rest = match(&opts[k], s, &joined)))
			continue;
		if (opts[k].value) {
			if (joined)
				val = rest;
			else if (*rest == '=')
				val = rest + 1;
			else if (*i + 1 < n && options[*i + 1])
				val = options[++*i];
			if (!val || !*val)
				break;
		} else if (*rest) {
			break;
		}
		switch (opts[k].kind) {
		case OPT_ARCH:
			*real_arch = !strncmp(val, "sm_", 3);
			return NVRTC_SUCCESS;
		case OPT_FLAG:
			/* idxgen-cc's -include takes the next word */
			if (!strcmp(opts[k].flag, "-include"))
				return push(a, opts[k].flag) || push(a, val)
					   ? NVRTC_ERROR_OUT_OF_MEMORY
					   : NVRTC_SUCCESS;
			return push_joined(a, opts[k].flag, val) ? NVRTC_ERROR_OUT_OF_MEMORY
								 : NVRTC_SUCCESS;
		case OPT_SAME:
			return push(a, opts[k].flag) ? NVRTC_ERROR_OUT_OF_MEMORY : NVRTC_SUCCESS;
		case OPT_NONE:
			return NVRTC_SUCCESS;
		case OPT_DLTO:
			nvrtc_text_add(
			    log,
			    "idxgen: option '%s': LTO IR is never made here (nvJitLink links "
			    "idxgen-cc's modules: compile without it and add the CUBIN)\n",
			    s);
			return NVRTC_ERROR_INVALID_OPTION;
		}
	}
	nvrtc_text_add(log, "idxgen: unrecognized option '%s'\n", s);
	return NVRTC_ERROR_INVALID_OPTION;
}

static int write_file(const char *dir, const char *name, const char *text)
{
	char *path, *slash;
	int fd, ok;
	size_t len = strlen(text);

	if (asprintf(&path, "%s/%s", dir, name) < 0)
		return -1;
	for (slash = path + strlen(dir) + 1; (slash = strchr(slash, '/')); slash++) {
		*slash = 0;
		if (mkdir(path, 0700) && errno != EEXIST) {
			free(path);
			return -1;
		}
		*slash = '/';
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	free(path);
	if (fd < 0)
		return -1;
	ok = write(fd, text, len) == (ssize_t)len;
	return close(fd) || !ok ? -1 : 0;
}

/* A header's name as #include names it: relative, no "..", so that it stays in the folder. */
static int fair_name(const char *name)
{
	const char *p;

	if (!name || !*name || name[0] == '/')
		return 0;
	for (p = name; (p = strstr(p, "..")); p += 2)
		if ((p == name || p[-1] == '/') && (p[2] == 0 || p[2] == '/'))
			return 0;
	return 1;
}

static int unlink_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void *read_all(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rbe");
	char *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (!fseek(f, 0, SEEK_END) && (n = ftell(f)) >= 0 && !fseek(f, 0, SEEK_SET) &&
	    (buf = malloc((size_t)n + 1))) {
		if (fread(buf, 1, (size_t)n, f) != (size_t)n) {
			free(buf);
			buf = NULL;
		} else {
			buf[n] = 0;
			*size = (size_t)n;
		}
	}
	fclose(f);
	return buf;
}

/* idxgen-cc's path: see the header comment. */
static const char *compiler(void)
{
	const char *env = getenv("IDXGEN_CC");

	if (env && *env)
		return env;
	if (!access(IDXGEN_NVRTC_CC, X_OK))
		return IDXGEN_NVRTC_CC;
	return "idxgen-cc";
}

/* Run a->v with stdout and stderr into logpath; its exit status, or -1 (errno) if it did not start.
 */
static int run(struct args *a, const char *logpath)
{
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int st, err;

	if (posix_spawn_file_actions_init(&fa))
		return -1;
	err =
	    posix_spawn_file_actions_addopen(&fa, 1, logpath, O_WRONLY | O_CREAT | O_TRUNC, 0600) ||
	    posix_spawn_file_actions_adddup2(&fa, 1, 2) ||
	    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	if (!err)
		err = posix_spawnp(&pid, a->v[0], &fa, NULL, (char *const *)a->v, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		errno = err;
		return -1;
	}
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* The compile's outputs into prog; its folder's files are removed by the caller. */
static nvrtcResult compile_in(struct _nvrtcProgram *prog, const char *dir, struct args *a,
			      int real_arch)
{
	char *src, *out, *logpath;
	size_t n;
	void *text;
	int rc = -1, run_errno, i;
	nvrtcResult res = NVRTC_ERROR_OUT_OF_MEMORY;

	if (asprintf(&src, "%s/%s", dir, prog->file) < 0)
		return res;
	if (asprintf(&out, "%s/module.ptx", dir) < 0 || asprintf(&logpath, "%s/log", dir) < 0) {
		free(src);
		return res;
	}
	if (write_file(dir, prog->file, prog->src)) {
		nvrtc_text_add(&prog->log, "idxgen: cannot write the source into %s: %s\n", dir,
			       strerror(errno));
		res = NVRTC_ERROR_INTERNAL_ERROR;
		goto out;
	}
	for (i = 0; i < prog->nheaders; i++) {
		if (!fair_name(prog->header_names[i]) ||
		    write_file(dir, prog->header_names[i], prog->headers[i])) {
			nvrtc_text_add(&prog->log,
				       "idxgen: header '%s': cannot be given a file of that name\n",
				       prog->header_names[i]);
			res = NVRTC_ERROR_COMPILATION;
			goto out;
		}
	}
	if (push(a, "-ptx") || push(a, "-o") || push(a, out) || push(a, src))
		goto out;
	rc = run(a, logpath);
	run_errno = errno; /* why it did not start, before the log's reading changes errno */
	if ((text = read_all(logpath, &n))) {
		nvrtc_text_add(&prog->log, "%s", (char *)text);
		free(text);
	}
	if (rc < 0) {
		nvrtc_text_add(&prog->log,
			       "idxgen: cannot run %s: %s (set IDXGEN_CC to idxgen-cc's path)\n",
			       a->v[0], strerror(run_errno));
		res = NVRTC_ERROR_COMPILATION;
	} else if (rc) {
		res = NVRTC_ERROR_COMPILATION;
	} else if (!(prog->ptx = read_all(out, &prog->ptx_size))) {
		res = NVRTC_ERROR_INTERNAL_ERROR;
	} else {
		prog->ptx_size++; /* NVRTC's PTX size counts the NUL */
		res = NVRTC_SUCCESS;
		if (real_arch && !(prog->cubin = cudart_drv_image_text(
				       prog->ptx, prog->ptx_size - 1, &prog->cubin_size)))
			res = NVRTC_ERROR_INTERNAL_ERROR;
	}
out:
	free(src);
	free(out);
	free(logpath);
	return res;
}

nvrtcResult nvrtc_compile(struct _nvrtcProgram *prog, int n, const char *const *options)
{
	const char *tmp = getenv("TMPDIR");
	struct args a = {.n = 0};
	char dir[4096], *here;
	int i, real_arch = 0;
	nvrtcResult res = NVRTC_SUCCESS;

	/* NVRTC's own definitions: __CUDACC_RTC__, and assert() with no include (its built-in
	 * header) */
	if (push(&a, compiler()) || push(&a, "-D__CUDACC_RTC__") || push(&a, "-include") ||
	    push(&a, "assert.h"))
		return NVRTC_ERROR_OUT_OF_MEMORY;
	for (i = 0; i < n && res == NVRTC_SUCCESS; i++)
		res = one_option(&a, n, options, &i, &real_arch, &prog->log);
	/*
	 * "..." includes of the source: after the headers given (beside the
	 * copy) and the include paths, the folder of the program's name, as
	 * NVRTC searches the current file's folder (the samples' kernels find
	 * their headers beside them so); absolute, idxgen-cc works elsewhere.
	 */
	if (res == NVRTC_SUCCESS && (here = realpath(prog->dir, NULL))) {
		if (push_joined(&a, "-I", here))
			res = NVRTC_ERROR_OUT_OF_MEMORY;
		free(here);
	}
	if (res == NVRTC_SUCCESS) {
		snprintf(dir, sizeof(dir), "%s/idxgen-nvrtc.XXXXXX", tmp && *tmp ? tmp : "/tmp");
		if (!mkdtemp(dir)) {
			nvrtc_text_add(&prog->log,
				       "idxgen: cannot make a folder for the compile: %s\n",
				       strerror(errno));
			res = NVRTC_ERROR_INTERNAL_ERROR;
		} else {
			res = compile_in(prog, dir, &a, real_arch);
			nftw(dir, unlink_one, 16, FTW_DEPTH | FTW_PHYS);
		}
	}
	for (i = 0; i < a.nowned; i++)
		free(a.owned[i]);
	return res;
}
