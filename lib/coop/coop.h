/* SPDX-License-Identifier: MIT */
/*
 * coop.h - the internal interface of idxgen-coop, shared by its passes.
 *
 * Pipeline (one pass per file, README.md "How the translator is built"):
 *  1. parse.c: libclang parses the input; the entry function (coop_main) and
 *     COOP_WARPS(N) are found.
 *  2. tree.c: the entry's body becomes the schedule tree (constant-trip for
 *     loops, intrinsic calls).
 *  3. loops.c, instance.c: expanding the loops gives the instances p1..,
 *     c1.. in sequential order (eval.c evaluates bounds and arguments).
 *  4. deps.c: per buffer element (segments of the ranges' endpoints): data
 *     edges last writer -> reader, resource edges reader -> next writer;
 *     control edges chain each warp's instances (program order).
 *  5. reduce.c: transitive reduction: a dependence is dropped iff another
 *     path from its source reaches its target (program order included).
 *     The graph is acyclic (every edge goes forward in sequential order), so
 *     dropping all of them at once keeps reachability.  One channel per kept
 *     cross-warp dependence.
 *  6. emit.c: the parallel C; graphs.c: --dump-graphs, --dump-edges.
 *
 * Everything one run knows is in struct coop, which every pass takes
 * explicitly; no mutable file-scope state.  Arrays grow (coop_grow); the
 * limits that remain are the runtime's and the machine's (see below), each
 * with a FILE:LINE:COL diagnostic.
 */
#ifndef IDXGEN_COOP_INTERNAL_H
#define IDXGEN_COOP_INTERNAL_H

#include "cx.h"

#include <clang-c/Index.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* coop_run_warps() (coop_rt.c) runs 1..64 warps. */
#define COOP_MAX_WARPS 64
/*
 * A loop of more trips is rejected ("loop of more than 8192 trips"): it
 * bounds the work of one loop's expansion (the test bad/toomany.c, an empty
 * loop of 2e9 trips).  Programs are not bounded by it: nested loops and any
 * number of loops expand to as many instances as memory allows
 * (set_instance_limit).
 */
#define COOP_MAX_TRIPS 8192
/* Expansion stops after this many errors. */
#define COOP_MAX_ERRORS 20

/* ---- growing arrays and strings (util.c) --------------------------------- */

/* "out of memory" on stderr, exit status 2 (as cx_alloc). */
void coop_out_of_memory(void) __attribute__((noreturn));
/*
 * The array p (elements of size bytes, capacity *cap) with room for element
 * number n: reallocated to twice its capacity when full.  Out of memory, or
 * a size that does not fit in size_t: coop_out_of_memory().
 */
void *coop_grow(void *p, size_t *cap, size_t n, size_t size);
/* cx_alloc(n * size) (zeroed), the product checked. */
void *coop_calloc(size_t n, size_t size);

struct str {
	char *p; /* NUL-terminated once anything was added */
	size_t n, cap;
};

void str_add(struct str *s, const char *t, size_t n);
void str_printf(struct str *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The text built so far (malloc'd, "" when empty); s is empty again. */
char *str_take(struct str *s);
/* printf into a new string (malloc'd). */
char *coop_format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- the program --------------------------------------------------------- */

enum ikind { I_DEV, I_COPY, I_PROD, I_CONS, I_NKINDS };
extern const char *const ikind_name[I_NKINDS];
/* Argument positions: the buffer, lo (hi follows); the number of arguments. */
extern const int arg_buf[I_NKINDS], arg_lo[I_NKINDS], nargs[I_NKINDS];
/* The most arguments an intrinsic takes. */
#define COOP_MAX_ARGS 6

enum ekind { E_CONTROL, E_DATA, E_RESOURCE };
extern const char *const ekind_name[3];

struct buffer {
	char *name, *usr;
	int kind;  /* 1 host, 2 device, 0 unknown */
	long size; /* -1 unknown */
	struct cx_loc where;
};

/* One intrinsic call in one iteration of its loops. */
struct inst {
	enum ikind kind;
	int warp, buf, tree;
	long lo, hi, dx;
	char *label; /* p1.. / c1.. (label_instances) */
	char *text;  /* the call with loop variables replaced by their values */
	char *iter;  /* "i=0 j=2" */
	struct cx_loc where;
};

struct edge {
	int u, v; /* instances, u < v */
	enum ekind kind;
	int removed, chan; /* reduce.c: implied by others; channel number or -1 */
};

/* A node of the schedule tree: a loop or a call, in preorder. */
struct tnode {
	int parent; /* -1: the entry function */
	int is_loop;
	int end; /* one past the last node of its subtree */
	CXCursor cur;
	char *text;
};

/* A loop variable in scope during expansion: name, declaration, value. */
struct loopvar {
	char *name;
	CXCursor decl;
	long val;
};

/* The command line (main.c). */
struct coop_opts {
	const char *out, *graphs, *edges_path, *input, *entry;
	char **cargs; /* clang's arguments, malloc'd */
	size_t ncargs, cap_cargs;
};

/* Error messages printed so far: a call in a loop reports a thing once. */
struct diags {
	int nerrors;
	char **seen;
	size_t nseen, cap_seen;
	bool skip_notes; /* the last error was a repeat: drop its notes */
};

struct coop {
	struct coop_opts opt;
	struct diags diag;
	/* front end (parse.c) */
	CXIndex idx;
	CXTranslationUnit tu;
	char *text; /* the main file's text */
	size_t len;
	CXCursor fn, body; /* the entry function and its body */
	int nwarps;
	struct cx_loc nwarps_where;
	/* schedule tree (tree.c) */
	struct tnode *tree;
	size_t ntree, cap_tree;
	/* expansion (loops.c, instance.c) */
	struct loopvar *env;
	size_t nenv, cap_env;
	struct buffer *bufs;
	size_t cap_bufs;
	int nbufs;
	struct inst *insts;
	size_t cap_insts;
	int ninst, max_inst;
	unsigned long long mem_mib; /* the memory max_inst was computed for */
	/* dependences (deps.c), sorted by (u, v, kind); channels (reduce.c) */
	struct edge *edges;
	size_t nedges, cap_edges;
	int nchan;
};

void coop_init(struct coop *co);
void coop_free(struct coop *co);

/* ---- diagnostics (diag.c) ------------------------------------------------ */

struct cx_loc coop_loc(CXCursor c);
/* "FILE:LINE:COL: SEV: MESSAGE" on stderr; an error repeated is dropped with its notes. */
void diag_at(struct coop *co, struct cx_loc l, const char *sev, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
void error_at(struct coop *co, CXCursor c, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void diags_free(struct diags *d);

/* ---- front end (parse.c) ------------------------------------------------- */

/* Parse the input, print clang's diagnostics, keep the text: -1 to go on, else the exit status. */
int parse_input(struct coop *co);
/* The entry function, its body and COOP_WARPS(N): 0, or 1 after a diagnostic. */
int find_entry(struct coop *co);

/* ---- the source text (source.c) ------------------------------------------ */

void extent_offsets(CXSourceRange r, unsigned *a, unsigned *b);
/* The operator token of an expression (after *lhs when given), malloc'd ("" if none). */
char *op_token(const struct coop *co, CXCursor c, const CXCursor *lhs);
/* Source text of c; with subst, the loop variables it uses replaced by (value). */
char *cursor_text(const struct coop *co, CXCursor c, bool subst);
/* Which intrinsic c calls, or -1. */
int intrinsic_kind(CXCursor call);

/* ---- evaluation (eval.c) ------------------------------------------------- */

/* The loop variable a DeclRefExpr names (its index in co->env), or -1. */
int env_of(const struct coop *co, CXCursor ref);
/* An integer expression of constants and loop variables: true and *v, or false. */
bool eval(const struct coop *co, CXCursor c, long *v);

/* ---- schedule tree (tree.c) ---------------------------------------------- */

void build_tree(struct coop *co, CXCursor c, int parent);

/* ---- expansion (loops.c, instance.c) ------------------------------------- */

/* Expand the children of tree node parent (-1: the whole body) into instances. */
void expand(struct coop *co, int parent);
/* The loop variables' current values, "i=0 j=3". */
char *env_string(const struct coop *co);
/* co->max_inst: the instances memory allows (the reduction needs ninst^2 bits). */
void set_instance_limit(struct coop *co);
/* One call of tree node t in the current iteration: an instance, or a diagnostic. */
void add_instance(struct coop *co, int t);
/* p1, p2, ... (producers) and c1, c2, ... (consumers). */
void label_instances(struct coop *co);
bool is_producer(const struct inst *in);

/* ---- dependences (deps.c) and reduction (reduce.c) ----------------------- */

void dependences(struct coop *co);
/* Marks implied dependences removed, numbers the channels (co->nchan). */
void reduce(struct coop *co);

/* ---- output (graphs.c, emit.c) ------------------------------------------- */

/* --dump-graphs DIR: the four .dot files: 0 or -1 (reported). */
int write_graphs(const struct coop *co, const char *dir);
/* --dump-edges FILE: 0 or -1. */
int write_edges(const struct coop *co, const char *path);
/* The parallel program: 0 or -1 (write error). */
int write_code(const struct coop *co, FILE *f);

#endif
