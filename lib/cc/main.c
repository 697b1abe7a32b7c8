// SPDX-License-Identifier: MIT
/*
 * main.c - the driver of idxgen-cc: options, the front end, the
 * translation (kernel.c), then the C written out or compiled (-c).  The
 * passes are described in cc.h and README.md.
 */
#define _GNU_SOURCE
#include "cc.h"
#include "paths.h"
#include "compile.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void usage(FILE *f)
{
	fprintf(f,
"Usage: idxgen-cc [OPTION]... FILE.cu\n"
"Translate the CUDA C kernels of FILE.cu into C for the idxgen CPU runtime.\n"
"\n"
"Each __global__ function becomes a C function that the idxgen SPMD runtime\n"
"calls once per thread block: the kernel is split at its __syncthreads()\n"
"barriers into barrier-free regions, each region runs as a loop over the\n"
"block's threads, variables that live across a barrier become per-thread\n"
"arrays, and code that does not depend on the thread index runs once per\n"
"block.  The output includes <idxgen_cc_kernel.h> and defines, per kernel,\n"
"a descriptor 'const struct idxgen_rt_kernel idxgen_cc_kernel_NAME' for\n"
"idxgen_rt_launch() (<idxgen_rt.h>).\n"
"\n"
"Options:\n"
"  -o FILE        write the C to FILE (default: FILE.cu with .c, '-' for stdout);\n"
"                 with -c, the object file (default: FILE.o)\n"
"  -c             also compile the C with $CC (default cc) into an object file\n"
"  -I DIR         add DIR to the include path (also passed to the C compiler)\n"
"  -D NAME[=VAL]  define a macro (also passed to the C compiler)\n"
"  -arch=sm_XY, -arch sm_XY, --gpu-architecture=..., -gencode ...\n"
"                 the __CUDA_ARCH__ of the device code (XY0; default 900; of\n"
"                 several, the highest up to 900, as nvcc's options pick)\n"
"  --dump=plan    instead of the C, print each kernel's plan (to stdout, or -o):\n"
"                 its thread loops with their source lines, barriers, code run\n"
"                 once per block, and every variable's class -- per block\n"
"                 (uniform), per-thread local, promoted to a per-thread array\n"
"                 (with its offset in the private area), recomputed in each\n"
"                 thread loop, or split into a local per thread loop -- and why\n"
"  -h, --help     print this help and exit\n"
"  -V, --version  print the version and exit\n"
"\n"
"Supported subset: __global__ and __device__ functions; threadIdx, blockIdx,\n"
"blockDim, gridDim (x, y, z); int, unsigned, long, float, double arithmetic;\n"
"pointers to global memory; local scalars and arrays; if, for, while, do,\n"
"switch, break, continue; return before or between barriers; static\n"
"__shared__ arrays (multi-dimensional) and extern __shared__ dynamic shared\n"
"memory; __syncthreads() at top level or inside if/for/while/do statements\n"
"whose conditions do not depend on the thread index, at any depth; atomicAdd,\n"
"atomicSub, atomicMin, atomicMax, atomicExch, atomicCAS, atomicAnd/Or/Xor,\n"
"atomicInc/Dec with CUDA's overloads (int, unsigned, unsigned long long, long\n"
"long min/max, float and double add, float exch) and their _block/_system\n"
"forms; __device__ function calls;\n"
"#define and #include of local headers; min, max, abs and the common math\n"
"functions; warpSize and the warp-level functions (__shfl*_sync, __ballot_sync,\n"
"__any/__all_sync, __activemask, __syncwarp, __match_*_sync, __reduce_*_sync)\n"
"in kernels, in control flow that does not depend on the thread (a warp is\n"
"32 consecutive linear thread ids under every schedule order).  The code must\n"
"be C as well as CUDA C++.\n"
"\n"
"Diagnostics (FILE:LINE:COL: error: ..., exit status 1): a barrier or a warp\n"
"operation in divergent control flow, warp operations in __device__ functions,\n"
"dynamic parallelism, textures, __constant__ memory, C++ constructs and\n"
"anything else outside the subset.  idxgen-cc never emits code it cannot\n"
"translate faithfully.\n"
"\n"
"Exit status: 0 on success, 1 on a diagnostic, 2 on a usage or system error.\n"
"\n"
"Environment (-c): CC, the C compiler (default clang if in PATH, else cc);\n"
"IDXGEN_CC_CFLAGS, else CFLAGS: its flags, split into words as the shell does\n"
"(default -O3 -march=native; the same compiler, flags and default as the JIT,\n"
"idxgen_module_load()).\n"
"\n"
"Example:\n"
"  idxgen-cc --translate -o k.c k.cu && cc -O2 -c -I/usr/include k.c\n"
"  idxgen-cc --translate -c -o k.o k.cu\n"
"\n"
"See also idxgen_module_load() in <idxgen_cc.h> to translate, compile and load\n"
"a .cu file at run time.\n");
}

struct options {
	const char *input, *output;
	bool compile, dump_plan;
	int cuda_arch;		/* -arch & co. (cuda_arch_option; 0: CUDA_ARCH_DEFAULT) */
	char **clang_args;	/* -I/-D for the parse, then -I of the input's folder */
	char **cc_args;		/* the same for the C compiler (-c) */
	int nclang, ncc;
};

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *r;

	va_start(ap, fmt);
	if (vasprintf(&r, fmt, ap) < 0) {
		perror("idxgen-cc");
		exit(2);
	}
	va_end(ap);
	return r;
}

static void add_arg(struct options *o, const char *arg)
{
	o->clang_args[o->nclang++] = cx_strdup(arg);
	o->cc_args[o->ncc++] = cx_strdup(arg);
}

static void print_version(void)
{
	char *v = cx_string(clang_getClangVersion());

	printf("idxgen-cc %s (libclang: %s)\n", IDXGEN_CC_VERSION, v);
	free(v);
}

/* Does a is nvcc's option naming the device code's architecture (cuda_arch_option)? */
static bool arch_option(const char *a)
{
	static const char *const names[] = { "-arch", "--gpu-architecture", "-gencode", "--generate-code" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i]);

		if (!strncmp(a, names[i], n) && (a[n] == 0 || a[n] == '='))
			return true;
	}
	return false;
}

/*
 * nvcc's -arch & co. (one dash, a value with '=' or as the next word, which
 * getopt cannot read) into o->cuda_arch, taken out of argv: the new argc,
 * or -1 (diagnosed) when a value is missing.
 */
static int arch_options(int argc, char **argv, struct options *o)
{
	int i, j;

	for (i = j = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;

		if (!strcmp(a, "--")) {
			while (i < argc)
				argv[j++] = argv[i++];
			break;
		}
		if (!arch_option(a)) {
			argv[j++] = argv[i];
			continue;
		}
		if (!strchr(a, '=')) {
			if (i + 1 >= argc) {
				fprintf(stderr, "idxgen-cc: %s needs a value (e.g. %s sm_80)\n", a, a);
				return -1;
			}
			v = argv[++i];
		}
		o->cuda_arch = cuda_arch_option(a, v, o->cuda_arch);
	}
	argv[j] = NULL;
	return j;
}

/* -1: go on; else the exit status. */
static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option lopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "dump", required_argument, NULL, 'P' },
		{ NULL, 0, NULL, 0 },
	};
	char *dir, *slash, *a;
	int opt;

	o->clang_args = cx_alloc(((size_t)argc + 2) * sizeof(char *));
	o->cc_args = cx_alloc(((size_t)argc + 2) * sizeof(char *));
	argc = arch_options(argc, argv, o);
	if (argc < 0)
		return 2;
	while ((opt = getopt_long(argc, argv, "o:cI:D:hV", lopts, NULL)) != -1) {
		switch (opt) {
		case 'o':
			o->output = optarg;
			break;
		case 'c':
			o->compile = true;
			break;
		case 'I':
		case 'D':
			a = xasprintf("-%c%s", opt, optarg);
			add_arg(o, a);
			free(a);
			break;
		case 'P':
			if (strcmp(optarg, "plan")) {
				fprintf(stderr, "idxgen-cc: --dump=%s: only --dump=plan is known%s\n", optarg,
					!strcmp(optarg, "stats") ? " to the C path (--dump=stats: whole programs)" : "");
				return 2;
			}
			o->dump_plan = true;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			print_version();
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (o->dump_plan && o->compile) {
		fprintf(stderr, "idxgen-cc: --dump=plan and -c do not go together\n");
		return 2;
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "idxgen-cc: expected one input file (try --help)\n");
		return 2;
	}
	o->input = argv[optind];
	dir = cx_strdup(o->input);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = 0;
	else
		strcpy(dir, ".");
	a = xasprintf("-I%s", dir);
	add_arg(o, a);
	free(a);
	free(dir);
	return -1;
}

static void options_free(struct options *o)
{
	int i;

	for (i = 0; i < o->nclang; i++)
		free(o->clang_args[i]);
	for (i = 0; i < o->ncc; i++)
		free(o->cc_args[i]);
	free(o->clang_args);
	free(o->cc_args);
}

/* The object file for -c without -o: the input's base name with .o. */
static char *default_object(const char *input)
{
	const char *b = strrchr(input, '/');
	char *obj;

	b = b ? b + 1 : input;
	obj = cx_alloc(strlen(b) + 3);
	strcpy(obj, b);
	if (strrchr(obj, '.'))
		*strrchr(obj, '.') = 0;
	strcat(obj, ".o");
	return obj;
}

/* -c: compile the C in out into the object file, as the JIT does (compile.h). */
static int compile_object(const struct options *o, const struct buf *out)
{
	char *obj = o->output ? cx_strdup(o->output) : default_object(o->input);
	const char *flags = idxgen_cc_cflags(1);
	char tmpl[] = "/tmp/idxgen-cc-XXXXXX.c";
	struct idxgen_cc_cmd cmd;
	int fd = mkstemps(tmpl, 2), err, j;

	if (fd < 0 || write(fd, out->p, out->n) != (ssize_t)out->n) {
		perror("idxgen-cc");
		if (fd >= 0) {
			close(fd);
			unlink(tmpl);
		}
		free(obj);
		return 2;
	}
	close(fd);
	err = idxgen_cc_cmd_init(&cmd, idxgen_cc_compiler(), flags, cc_paths()->include);
	if (err == -EINVAL)
		fprintf(stderr, "idxgen-cc: the C compiler's flags '%s' cannot be split into words\n", flags);
	for (j = 0; !err && j < o->ncc; j++)
		err = idxgen_cc_cmd_add(&cmd, o->cc_args[j]);
	if (!err) {
		const char *more[] = { "-c", "-o", obj, tmpl };
		size_t i;

		for (i = 0; !err && i < sizeof(more) / sizeof(more[0]); i++)
			err = idxgen_cc_cmd_add(&cmd, more[i]);
		err = err ? err : idxgen_cc_cmd_run(&cmd);
		if (err && err != -ENOMEM)
			fprintf(stderr, "idxgen-cc: the C compiler failed on the translation of %s\n", o->input);
	}
	idxgen_cc_cmd_free(&cmd);
	unlink(tmpl);
	free(obj);
	return err ? 2 : 0;
}

/* Write the C to -o FILE, '-' (stdout), or the input's name with .c. */
static int write_c(const struct options *o, const struct buf *out)
{
	char *cpath = NULL;
	const char *outp = o->output;
	FILE *f;
	int rc = 0;

	if (!outp && o->dump_plan)
		outp = "-";	/* the plan is for reading */
	if (!outp) {
		cpath = cx_alloc(strlen(o->input) + 3);
		strcpy(cpath, o->input);
		if (strrchr(cpath, '.') && strrchr(cpath, '.') > strrchr(cpath, '/') + (strrchr(cpath, '/') == NULL))
			*strrchr(cpath, '.') = 0;
		strcat(cpath, ".c");
		outp = cpath;
	}
	f = out_open(outp, "w");
	if (!f || fwrite(out->p, 1, out->n, f) != out->n || out_close(f)) {
		fprintf(stderr, "idxgen-cc: %s: %s\n", outp, strerror(errno));
		rc = 2;
	}
	free(cpath);
	return rc;
}

/*
 * The translate-only command line (C of the kernels, this file): --translate,
 * or --dump=... (but --dump=stats, the driver's).  Options alone choose it,
 * as options alone choose nvcc's phases (-cuda, -E, -c, ...): the name given
 * to -o is only a name, so `-o app.c prog.cu` links an executable named
 * app.c and `-o - prog.cu` one written to standard output, as nvcc does.
 * Anything else is the nvcc-like driver of whole programs (driver.c).
 * --translate is taken out of argv.
 */
static bool translate_only(int *argc, char **argv)
{
	bool r = false;
	int i, j;

	for (i = 1; i < *argc; i++)
		if (!strcmp(argv[i], "--emit-cxx"))
			return false;	/* whole programs; with --dump=plan, their kernels' models */
	for (i = 1; i < *argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--translate") || (!strncmp(a, "--dump", 6) && strcmp(a, "--dump=stats")))
			r = true;
	}
	for (i = j = 1; i < *argc; i++)
		if (strcmp(argv[i], "--translate"))
			argv[j++] = argv[i];
	argv[j] = NULL;
	*argc = j;
	return r;
}

static int run_main(int argc, char **argv)
{
	struct options o = { 0 };
	struct buf out = { 0 };
	int rc;

	if (!translate_only(&argc, argv))
		return driver_main(argc, argv);
	rc = parse_options(argc, argv, &o);

	if (rc < 0)
		rc = cc_translate_file_arch(o.input, o.clang_args, o.nclang, o.dump_plan ? CC_DUMP_PLAN : 0, o.cuda_arch,
					    &out);
	if (rc == 0 && o.input)
		rc = o.compile ? compile_object(&o, &out) : write_c(&o, &out);
	buf_free(&out);
	options_free(&o);
	return rc;
}

int main(int argc, char **argv)
{
	struct cc_args args = { 0 }, words = { 0 };
	int rc = cc_expand_options_files(argc, argv, &args, &words);

	if (rc == 0)
		rc = cc_nvcc_spellings(&args, &words);
	if (rc < 0)
		rc = run_main(args.n, args.v);
	cc_args_free(&args, false);
	cc_args_free(&words, true);
	return rc;
}
