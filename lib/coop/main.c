/* SPDX-License-Identifier: MIT */
/*
 * main.c - idxgen-coop: turn a sequential cooperative program
 * (include/idxgen_coop.h) into parallel C: one function per warp, one thread
 * each, joined by one-shot channels.  The command line and the pipeline of
 * passes (coop.h); `idxgen-coop --help` for the options.
 */
#define _GNU_SOURCE
#include "coop.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#ifndef COOP_INCLUDE_DIR
#define COOP_INCLUDE_DIR "/usr/local/include"
#endif

static const char usage[] =
	"Usage: idxgen-coop [OPTIONS] INPUT.c [-- CLANG-ARGS...]\n"
	"\n"
	"Translate a sequential cooperative program into parallel C: one function per\n"
	"cooperative warp, each run on its own thread, joined by one-shot channels.\n"
	"\n"
	"INPUT is C11 that includes <idxgen_coop.h>, declares COOP_WARPS(N), its buffers\n"
	"(COOP_BUFFER / COOP_DEVBUFFER) and a function coop_main() whose body holds only\n"
	"  - for loops with constant trip counts: for (int v = A; v < B; v++ | v += S),\n"
	"    bounds constant expressions of outer loop variables (expanded: each call in\n"
	"    each iteration is an instance; other loops are rejected with an error), and\n"
	"  - intrinsic calls naming their warp and buffer range [LO, HI):\n"
	"      coop_dev_produce(WARP, &BUF, LO, HI, DX)   device job, (DX, (HI-LO)/DX, 1)\n"
	"      coop_copy(WARP, &BUF, LO, HI, SRC)         memory-copy producer\n"
	"      coop_produce(WARP, FN, &BUF, LO, HI, ARG)  user producer\n"
	"      coop_consume(WARP, FN, &BUF, LO, HI, ARG)  user consumer\n"
	"Compiled as is, the program runs sequentially; the output must give the same\n"
	"results.  Producers are numbered p1, p2, ... and consumers c1, c2, ... in\n"
	"sequential order.\n"
	"\n"
	"Dependences (per buffer element): data, from the last producer of an element\n"
	"to each consumer that reads it; resource, from each consumer of an element to\n"
	"the next producer that overwrites it; control, program order inside a warp.\n"
	"A dependence is removed when another path (other dependences and program\n"
	"order) implies it; each remaining cross-warp dependence gets a channel that its\n"
	"source posts after the call and its target awaits before the call.\n"
	"\n"
	"Options:\n"
	"  -o FILE              write the parallel program to FILE (default: stdout)\n"
	"  --dump-graphs DIR    write DIR/schedule-tree.dot, cdfg.dot (control + data),\n"
	"                       cdrfg.dot (+ resource) and reduced.dot (kept edges, with\n"
	"                       channel numbers); render with `dot -Tsvg`\n"
	"  --dump-edges FILE    the graph as text: 'node LABEL WARP ROLE BUF LO HI' and\n"
	"                       'edge KIND U V kept|removed|order' lines\n"
	"  --entry NAME         the sequential function (default: coop_main)\n"
	"  -I DIR, -D NAME[=V]  passed to the C parser (also everything after --)\n"
	"  -h, --help           this text\n"
	"\n"
	"Errors are reported as FILE:LINE:COL: error: MESSAGE (no output is written):\n"
	"a consumer of a range no earlier producer writes, overlapping writes by two\n"
	"warps, a warp number outside 0..N-1, a loop without a constant trip count,\n"
	"any statement other than loops and intrinsic calls, C errors.  The sequential\n"
	"order makes every dependence point forward, so the graph has no cycles.\n"
	"\n"
	"Exit status: 0 success, 1 errors in the input, 2 usage or I/O errors.\n"
	"Link the output with -lidxgen-coop -lidxgen -lpthread; see lib/coop/README.md.\n";

static void add_carg(struct coop_opts *o, char *arg)
{
	o->cargs = coop_grow(o->cargs, &o->cap_cargs, o->ncargs, sizeof(*o->cargs));
	o->cargs[o->ncargs++] = arg;
}

/* Fills co->opt from argv: -1 to go on, else the exit status (0 after --help). */
static int parse_args(struct coop_opts *o, int argc, char **argv)
{
	static const struct option lopts[] = { { "help", no_argument, 0, 'h' },
					       { "dump-graphs", required_argument, 0, 'g' },
					       { "dump-edges", required_argument, 0, 'e' },
					       { "entry", required_argument, 0, 'n' },
					       { 0, 0, 0, 0 } };
	int opt;

	o->entry = "coop_main";
	add_carg(o, cx_strdup("-std=c11"));
	add_carg(o, cx_strdup("-I" COOP_INCLUDE_DIR));
	while ((opt = getopt_long(argc, argv, "ho:I:D:", lopts, NULL)) != -1) {
		switch (opt) {
		case 'h':
			fputs(usage, stdout);
			return 0;
		case 'o':
			o->out = optarg;
			break;
		case 'g':
			o->graphs = optarg;
			break;
		case 'e':
			o->edges_path = optarg;
			break;
		case 'n':
			o->entry = optarg;
			break;
		case 'I':
		case 'D':
			add_carg(o, coop_format("-%c%s", opt, optarg));
			break;
		default:
			fputs(usage, stderr);
			return 2;
		}
	}
	if (optind >= argc) {
		fputs("idxgen-coop: no input file (see --help)\n", stderr);
		return 2;
	}
	o->input = argv[optind++];
	for (; optind < argc; optind++)
		add_carg(o, cx_strdup(argv[optind]));
	return -1;
}

void coop_init(struct coop *co)
{
	*co = (struct coop){ .nwarps = -1 };
	set_instance_limit(co);
}

static void free_program(struct coop *co)
{
	size_t i;

	for (i = 0; i < co->ntree; i++)
		free(co->tree[i].text);
	free(co->tree);
	for (i = 0; i < (size_t)co->nbufs; i++) {
		free(co->bufs[i].name);
		free(co->bufs[i].usr);
		cx_loc_free(&co->bufs[i].where);
	}
	free(co->bufs);
	for (i = 0; i < (size_t)co->ninst; i++) {
		free(co->insts[i].label);
		free(co->insts[i].text);
		free(co->insts[i].iter);
		cx_loc_free(&co->insts[i].where);
	}
	free(co->insts);
	free(co->edges);
	free(co->env);
}

void coop_free(struct coop *co)
{
	size_t i;

	free_program(co);
	for (i = 0; i < co->opt.ncargs; i++)
		free(co->opt.cargs[i]);
	free(co->opt.cargs);
	diags_free(&co->diag);
	cx_loc_free(&co->nwarps_where);
	free(co->text);
	if (co->tu)
		clang_disposeTranslationUnit(co->tu);
	if (co->idx)
		clang_disposeIndex(co->idx);
	*co = (struct coop){ 0 };
}

/* The --dump-graphs and --dump-edges files and the generated C: 0 or 2. */
static int write_outputs(const struct coop *co)
{
	const struct coop_opts *o = &co->opt;
	FILE *f;

	if ((o->graphs && write_graphs(co, o->graphs)) ||
	    (o->edges_path && write_edges(co, o->edges_path)))
		return 2;
	f = o->out ? fopen(o->out, "w") : stdout;
	if (!f) {
		fprintf(stderr, "idxgen-coop: %s: %s\n", o->out, strerror(errno));
		return 2;
	}
	if (write_code(co, f) || (o->out && fclose(f))) {
		fprintf(stderr, "idxgen-coop: writing %s failed\n", o->out ? o->out : "stdout");
		if (o->out)
			remove(o->out);
		return 2;
	}
	return 0;
}

/* The passes after the command line: the exit status. */
static int translate(struct coop *co)
{
	int ret;

	co->idx = clang_createIndex(0, 0);
	if ((ret = parse_input(co)) >= 0)
		return ret;
	if (find_entry(co))
		return 1;
	build_tree(co, co->body, -1);
	if (!co->diag.nerrors)
		expand(co, -1);
	if (co->diag.nerrors)
		return 1;
	label_instances(co);
	dependences(co);
	if (co->diag.nerrors)
		return 1;
	reduce(co);
	if (co->diag.nerrors)
		return 1;
	return write_outputs(co);
}

int main(int argc, char **argv)
{
	struct coop co;
	int ret;

	coop_init(&co);
	ret = parse_args(&co.opt, argc, argv);
	if (ret < 0)
		ret = translate(&co);
	coop_free(&co);
	return ret;
}
