// SPDX-License-Identifier: MIT
/*
 * nvcc_opts.c - nvcc's spellings of its options, brought to the one form
 * driver.c reads.  nvcc takes every option as -short or --long, and the
 * value of one that has a value after '=' or as the next argument
 * (-x=cu, --x cu, -O=3, --optimize 3, --define-macro=A=1); build scripts
 * use all of these.  Each option of nvcc's --help (CUDA 13) is in the
 * table below with what idxgen-cc does with it:
 *
 *  - SHORT: it has a meaning here; written as -short [value], the form
 *    driver.c reads.
 *  - JOIN: the host compiler's own flag, the value joined to it (-O3,
 *    -ftemplate-depth=N).
 *  - DROP: it steers GPU code generation, the device linker or nvcc's
 *    own tool chain (-Xptxas, --diag-suppress, -keep-dir): nothing
 *    of it applies to CPU code, so it is read (with its value) and left.
 *  - REFUSE: it asks for an output idxgen-cc cannot make (PTX, cubins, a
 *    library): an error with the reason, status 2, never a silent build
 *    of something else.
 *
 * Anything not in the table reaches driver.c unchanged (attached values
 * such as -DX=1, -I/dir, -O3, -lm, and the host compiler's -f/-W/-m
 * flags).  No state outside the caller's arrays.
 */
#define _GNU_SOURCE
#include "cc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum opt_act { SHORT, JOIN, DROP, REFUSE, WERROR, MACHINE, LIST_ARCH };

struct nvcc_opt {
	const char *lng, *shrt; /* either may be NULL */
	bool value;		/* takes a value */
	enum opt_act act;
	const char *to;		/* SHORT: the driver's spelling (NULL: shrt); JOIN: format; REFUSE: why */
};

#define NO_GPU_OUT "idxgen-cc compiles CUDA for the CPU: there is no PTX or GPU binary to write"

static const struct nvcc_opt nvcc_opts[] = {
	/* what to produce */
	{ "--cuda", "-cuda", false, SHORT, "--emit-cxx" },
	{ "--cubin", "-cubin", false, SHORT, NULL },	/* a module of the kernels (module_out.c) */
	{ "--fatbin", "-fatbin", false, SHORT, NULL },	/* a module of the kernels (module_out.c) */
	{ "--ptx", "-ptx", false, SHORT, NULL },	/* a module of the kernels (module_out.c) */
	{ "--optix-ir", "-optix-ir", false, REFUSE, NO_GPU_OUT },
	{ "--ltoir", "-ltoir", false, REFUSE, NO_GPU_OUT },
	{ "--preprocess", "-E", false, SHORT, NULL },
	{ "--generate-dependencies", "-M", false, SHORT, NULL },
	{ "--generate-nonsystem-dependencies", "-MM", false, SHORT, NULL },
	{ "--generate-dependencies-with-compile", "-MD", false, SHORT, NULL },
	{ "--generate-nonsystem-dependencies-with-compile", "-MMD", false, SHORT, NULL },
	{ "--dependency-output", "-MF", true, SHORT, NULL },
	{ "--dependency-target-name", "-MT", true, SHORT, NULL },
	{ "--generate-dependency-targets", "-MP", false, SHORT, NULL },
	{ "--compile", "-c", false, SHORT, NULL },
	{ "--device-c", "-dc", false, SHORT, NULL },
	{ "--device-w", "-dw", false, SHORT, "-c" },
	{ "--device-link", "-dlink", false, DROP, NULL },
	{ "--link", "-link", false, DROP, NULL },
	{ "--lib", "-lib", false, REFUSE,
	  "not supported: build the objects with -c and archive them with ar rcs" },
	{ "--shared", "-shared", false, REFUSE,
	  "not supported: idxgen-cc links programs; its runtime is not built for shared objects" },
	{ "--run", "-run", false, REFUSE, "not supported: build the program, then run it" },
	{ "--run-args", "-run-args", true, DROP, NULL },
	/* files and paths */
	{ "--output-file", "-o", true, SHORT, NULL },
	{ "--output-directory", "-odir", true, SHORT, NULL },
	{ "--objdir-as-tempdir", "-objtemp", false, DROP, NULL },
	{ "--pre-include", "-include", true, SHORT, NULL },
	{ "--library", "-l", true, SHORT, NULL },
	{ "--define-macro", "-D", true, SHORT, NULL },
	{ "--undefine-macro", "-U", true, SHORT, NULL },
	{ "--include-path", "-I", true, SHORT, NULL },
	{ "--system-include", "-isystem", true, SHORT, NULL },
	{ "--library-path", "-L", true, SHORT, NULL },
	{ "--compiler-bindir", "-ccbin", true, SHORT, NULL },
	{ "--allow-unsupported-compiler", "-allow-unsupported-compiler", false, DROP, NULL },
	{ "--archiver-binary", "-arbin", true, DROP, NULL },
	{ "--cudart", "-cudart", true, DROP, NULL },
	{ "--cudadevrt", "-cudadevrt", true, DROP, NULL },
	{ "--libdevice-directory", "-ldir", true, DROP, NULL },
	{ "--target-directory", "-target-dir", true, DROP, NULL },
	{ "--use-local-env", "-use-local-env", false, DROP, NULL },
	{ "--force-cl-env-setup", NULL, false, DROP, NULL },
	/* how to compile */
	{ "--profile", "-pg", false, SHORT, NULL },
	{ "--debug", "-g", false, SHORT, NULL },
	{ "--device-debug", "-G", false, DROP, NULL },
	{ "--generate-line-info", "-lineinfo", false, DROP, NULL },
	{ "--optimization-info", "-opt-info", true, DROP, NULL },
	{ "--optimize", "-O", true, JOIN, "-O%s" },
	{ "--Ofast-compile", "-Ofc", true, DROP, NULL },
	{ "--dopt", "-dopt", true, DROP, NULL },
	{ "--dlink-time-opt", "-dlto", false, DROP, NULL },
	{ "--lto", "-lto", false, DROP, NULL },
	{ "--gen-opt-lto", "-gen-opt-lto", false, DROP, NULL },
	{ "--ftemplate-backtrace-limit", "-ftemplate-backtrace-limit", true, JOIN,
	  "-ftemplate-backtrace-limit=%s" },
	{ "--ftemplate-depth", "-ftemplate-depth", true, JOIN, "-ftemplate-depth=%s" },
	{ "--no-exceptions", "-noeh", false, SHORT, "-fno-exceptions" },
	{ "--x", "-x", true, SHORT, NULL },
	{ "--std", "-std", true, JOIN, "-std=%s" },
	{ "--no-host-device-initializer-list", "-nohdinitlist", false, DROP, NULL },
	{ "--no-host-device-move-forward", "-nohdmoveforward", false, DROP, NULL },
	{ "--expt-relaxed-constexpr", "-expt-relaxed-constexpr", false, DROP, NULL },
	{ "--extended-lambda", "-extended-lambda", false, DROP, NULL },
	{ "--expt-extended-lambda", "-expt-extended-lambda", false, DROP, NULL },
	{ "--machine", "-m", true, MACHINE, NULL },
	{ "--m64", "-m64", false, DROP, NULL },
	{ "--host-relocatable-link", NULL, false, DROP, NULL },
	/* options for the tools under nvcc */
	{ "--compiler-options", "-Xcompiler", true, SHORT, NULL },
	{ "--linker-options", "-Xlinker", true, SHORT, NULL },
	{ "--archive-options", "-Xarchive", true, DROP, NULL },
	{ "--ptxas-options", "-Xptxas", true, DROP, NULL },
	{ "--nvlink-options", "-Xnvlink", true, DROP, NULL },
	{ "--cudafe-options", "-Xcudafe", true, DROP, NULL}, /* EDG's own flags (--diag_suppress=N) */
	{ "--static-global-template-stub", "-static-global-template-stub", true, DROP, NULL },
	{ "--device-entity-has-hidden-visibility", "-device-entity-has-hidden-visibility", true, DROP,
	NULL },
	{ "--forward-unknown-to-host-compiler", "-forward-unknown-to-host-compiler", false, SHORT, NULL },
	{ "--forward-unknown-to-host-linker", "-forward-unknown-to-host-linker", false, SHORT, NULL },
	{ "--forward-unknown-opts", "-forward-unknown-opts", false, SHORT, NULL },
	{ "--dont-use-profile", "-noprof", false, DROP, NULL },
	{ "--threads", "-t", true, DROP, NULL },
	{ "--split-compile", "-split-compile", true, DROP, NULL },
	{ "--split-compile-extended", "-split-compile-extended", true, DROP, NULL },
	{ "--fdevice-syntax-only", "-fdevice-syntax-only", false, DROP, NULL },
	{ "--fdevice-time-trace", "-fdevice-time-trace", true, DROP, NULL },
	/* nvcc's own behaviour */
	{ "--dryrun", "-dryrun", false, SHORT, "--dryrun" },
	{ "--verbose", "-v", false, SHORT, NULL },
	{ "--keep", "-keep", false, DROP, NULL },
	{ "--keep-dir", "-keep-dir", true, DROP, NULL },
	{ "--save-temps", "-save-temps", false, DROP, NULL },
	{ "--clean-targets", "-clean", false, REFUSE,
	  "not supported: remove the files the build wrote with make's clean rule" },
	{ "--time", "-time", true, DROP, NULL },
	{ "--input-drive-prefix", "-idp", true, DROP, NULL },
	{ "--dependency-drive-prefix", "-ddp", true, DROP, NULL },
	{ "--drive-prefix", "-dp", true, DROP, NULL },
	{ "--no-align-double", NULL, false, DROP, NULL },
	{ "--no-device-link", "-nodlink", false, DROP, NULL },
	{ "--relocatable-link", "-r", false, REFUSE, "not supported: link the objects into the program" },
	{ "--host-linker-script", "-hls", true, REFUSE,
	  "not supported: pass a linker script with -Xlinker" },
	{ "--augment-host-linker-script", "-aug-hls", false, DROP, NULL },
	{ "--qpp-config", "-qpp-config", true, DROP, NULL },
	{ "--compile-as-tools-patch", "-astoolspatch", false, REFUSE, NO_GPU_OUT },
	/* CUDA compilation */
	{ "--default-stream", "-default-stream", true, DROP, NULL },
	/* GPU code generation */
	{ "--gpu-architecture", "-arch", true, SHORT, NULL },
	{ "--gpu-code", "-code", true, SHORT, NULL },
	{ "--generate-code", "-gencode", true, SHORT, NULL },
	{ "--relocatable-device-code", "-rdc", true, SHORT, NULL },
	{ "--entries", "-e", true, DROP, NULL },
	{ "--maxrregcount", "-maxrregcount", true, DROP, NULL },
	{ "--use_fast_math", "-use_fast_math", false, DROP, NULL },
	{ "--ftz", "-ftz", true, DROP, NULL },
	{ "--prec-div", "-prec-div", true, DROP, NULL },
	{ "--prec-sqrt", "-prec-sqrt", true, DROP, NULL },
	{ "--fmad", "-fmad", true, DROP, NULL },
	{ "--extra-device-vectorization", "-extra-device-vectorization", false, DROP, NULL },
	{ "--keep-device-functions", "-keep-device-functions", false, DROP, NULL },
	{ "--source-in-ptx", "-src-in-ptx", false, DROP, NULL },
	{ "--restrict", "-restrict", false, DROP, NULL },
	{ "--jump-table-density", "-jtd", true, DROP, NULL },
	{ "--device-stack-protector", "-device-stack-protector", true, DROP, NULL },
	{ "--compress-mode", "-compress-mode", true, DROP, NULL },
	{ "--no-compress", "-no-compress", false, DROP, NULL },
	{ "--extensible-whole-program", "-ewp", false, DROP, NULL },
	{ "--relocatable-ptx", "-reloc-ptx", false, DROP, NULL },
	{ "--frandom-seed", "-frandom-seed", true, JOIN, "-frandom-seed=%s" },
	{ "--sanitize", "-sanitize", true, DROP, NULL },
	{ "--jobserver", "-jobserver", false, DROP, NULL },
	/* warnings and diagnostics (EDG's numbers mean nothing to clang) */
	{ "--disable-warnings", "-w", false, SHORT, NULL },
	{ "--Werror", "-Werror", true, WERROR, NULL },
	{ "--Wreorder", "-Wreorder", false, SHORT, NULL },
	{ "--Wdefault-stream-launch", "-Wdefault-stream-launch", false, DROP, NULL },
	{ "--Wmissing-launch-bounds", "-Wmissing-launch-bounds", false, DROP, NULL },
	{ "--Wext-lambda-captures-this", "-Wext-lambda-captures-this", false, DROP, NULL },
	{ "--Wno-deprecated-declarations", "-Wno-deprecated-declarations", false, SHORT, NULL },
	{ "--Wno-deprecated-gpu-targets", "-Wno-deprecated-gpu-targets", false, DROP, NULL },
	{ "--resource-usage", "-res-usage", false, DROP, NULL },
	{ "--display-error-number", "-err-no", false, DROP, NULL },
	{ "--no-display-error-number", "-no-err-no", false, DROP, NULL },
	{ "--diag-error", "-diag-error", true, DROP, NULL },
	{ "--diag-suppress", "-diag-suppress", true, DROP, NULL },
	{ "--diag-warn", "-diag-warn", true, DROP, NULL },
	{ "--brief-diagnostics", "-brief-diag", true, DROP, NULL },
	{ "--list-gpu-code", "-code-ls", false, LIST_ARCH, NULL },
	{ "--list-gpu-arch", "-arch-ls", false, LIST_ARCH, NULL },
};

/* nvcc's --Werror kinds; all-warnings is the host compiler's -Werror, the others are EDG's. */
static bool werror_kinds(const char *list)
{
	static const char *const kinds[] = { "all-warnings", "cross-execution-space-call", "reorder",
					     "default-stream-launch", "missing-launch-bounds",
					     "ext-lambda-captures-this", "deprecated-declarations", NULL };
	char *s = cx_strdup(list), *save = NULL, *t;
	bool ok = *s != 0;

	for (t = strtok_r(s, ",", &save); t && ok; t = strtok_r(NULL, ",", &save)) {
		int i = 0;

		while (kinds[i] && strcmp(kinds[i], t))
			i++;
		ok = kinds[i] != NULL;
	}
	free(s);
	return ok;
}

/* The entry a names (exactly, or NAME=VALUE for one with a value); *eq: the value after '='. */
static const struct nvcc_opt *find_opt(const char *a, const char **eq)
{
	for (size_t i = 0; i < sizeof(nvcc_opts) / sizeof(nvcc_opts[0]); i++) {
		const struct nvcc_opt *o = &nvcc_opts[i];
		const char *names[2] = { o->lng, o->shrt };

		for (int k = 0; k < 2; k++) {
			size_t n = names[k] ? strlen(names[k]) : 0;

			if (!n || strncmp(a, names[k], n))
				continue;
			if (!a[n]) {
				*eq = NULL;
				return o;
			}
			if (a[n] == '=' && o->value) {
				*eq = a + n + 1;
				return o;
			}
		}
	}
	return NULL;
}

static bool push_arg(struct cc_args *out, char *s)
{
	if (out->n + 1 >= out->cap) {
		int cap = out->cap ? 2 * out->cap : 16;
		char **v = realloc(out->v, (size_t)cap * sizeof(*v));

		if (!v)
			return false;
		out->v = v;
		out->cap = cap;
	}
	out->v[out->n++] = s;
	out->v[out->n] = NULL;
	return true;
}

/* A string made here: kept in own (freed with the words of options files). */
static bool push_own(struct cc_args *out, struct cc_args *own, const char *fmt, const char *v)
{
	char *s;

	if (asprintf(&s, fmt, v) < 0)
		return false;
	if (!push_arg(own, s)) {
		free(s);
		return false;
	}
	return push_arg(out, s);
}

static void list_arch(void)
{
	static const char *const sm[] = { "50", "52", "53", "60", "61", "62", "70", "72",
					  "75", "80", "86", "87", "89", "90", NULL };

	for (int i = 0; sm[i]; i++)
		printf("compute_%s\n", sm[i]);
}

/* One option o (its value v, or NULL) into out; -1 go on, else the exit status. */
static int put_opt(const struct nvcc_opt *o, const char *name, const char *v, struct cc_args *out,
		   struct cc_args *own)
{
	const char *to = o->to ? o->to : o->shrt;

	switch (o->act) {
	case SHORT:
		if (!push_arg(out, (char *)to) || (v && !push_arg(out, (char *)v)))
			return 2;
		return -1;
	case JOIN:
		return push_own(out, own, o->to, v) ? -1 : 2;
	case DROP:
		return -1;
	case REFUSE:
		fprintf(stderr, "idxgen-cc: %s: %s\n", name, o->to);
		return 2;
	case WERROR:
		/* nvcc's kinds: all-warnings is -Werror; other text is the host compiler's
		 * -Werror=... */
		if (werror_kinds(v))
			return strstr(v, "all-warnings") && !push_arg(out, "-Werror") ? 2 : -1;
		return push_own(out, own, "-Werror=%s", v) ? -1 : 2;
	case MACHINE:
		if (!strcmp(v, "64"))
			return -1;
		fprintf(stderr, "idxgen-cc: %s %s: only 64-bit code is made (the host's)\n", name,
			v);
		return 2;
	case LIST_ARCH:
		list_arch();
		return 0;
	}
	return 2;
}

int cc_nvcc_spellings(struct cc_args *args, struct cc_args *own)
{
	struct cc_args out = { 0 };
	int rc = -1;

	if (!push_arg(&out, args->v[0]))
		return 2;
	for (int i = 1; i < args->n && rc < 0; i++) {
		const char *a = args->v[i], *v = NULL;
		const struct nvcc_opt *o = find_opt(a, &v);
		bool next = o && o->value && !v;

		if (o && o->act == WERROR && next &&
		    !(i + 1 < args->n && werror_kinds(args->v[i + 1])))
			o = NULL; /* -Werror alone: the host compiler's */
		if (next && i + 1 >= args->n)
			o = NULL; /* a value missing at the end: the driver says so in its words */
		if (!o) {
			rc = push_arg(&out, args->v[i]) ? -1 : 2;
			continue;
		}
		if (next)
			v = args->v[++i];
		rc = put_opt(o, a, v, &out, own);
	}
	if (rc >= 0) {
		cc_args_free(&out, false);
		return rc;
	}
	cc_args_free(args, false);
	*args = out;
	return -1;
}
