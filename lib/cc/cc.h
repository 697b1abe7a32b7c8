/* SPDX-License-Identifier: MIT */
/*
 * cc.h - the internal interface of idxgen-cc, shared by its passes.
 *
 * One translation unit (struct source) holds the input text and counts the
 * diagnostics; each __global__ function gets a struct kernel, the context
 * that every pass takes explicitly: the front end fills the source, the
 * checks and the uniformity analysis (variance) annotate the kernel's
 * variables, planning classifies its statements (thread loops, barriers,
 * once-per-block code) and its variables (per block, per thread, promoted,
 * recomputed, split), and emission writes C from the plan with scratch
 * state of its own (struct emit in emit.c).  Nothing is kept in mutable
 * file-scope variables: translating twice in one process is fine.
 */
#ifndef IDXGEN_CC_H
#define IDXGEN_CC_H

#include "cx.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define IDXGEN_CC_VERSION "1.0"
/* The name of the embedded CUDA prelude (cuda_parse.h) as clang sees it. */
#define PARSE_HDR "/__idxgen_cc__/idxgen_cuda.h"

/* ---- growing text buffers (buf.c) ---------------------------------------- */

struct buf {
	char *p;
	size_t n, cap;
};

void bput(struct buf *b, const char *s, size_t n);
void bputs(struct buf *b, const char *s);
void bprintf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void buf_free(struct buf *b);

/* ---- front end (frontend.c): parse, prelude, locations, diagnostics ------ */

/*
 * A replacement of the main file's text [start, end) in the C (rewrite.c).
 * A group of edits (shift.c: an insertion before an expression, its operator
 * replaced, an insertion after it) applies only where all of [group_a,
 * group_b) is copied, so a copy of part of it gets none of them; a single
 * edit's group is its own range.  An insertion (start == end) opens (before
 * what starts there) or closes (after what ends there).
 */
enum edit_kind { EDIT_CLOSE, EDIT_OPEN, EDIT_REPLACE };	/* their order at one offset */
struct edit {
	unsigned start, end;
	char *text;
	unsigned group_a, group_b;
	enum edit_kind kind;
	unsigned seq;		/* made after the edits of lower numbers (whole.c undoes a failed try's) */
};

/* Execution model of a whole program's kernels (--exec-model; README "Two execution models"). */
enum exec_model { EXEC_AUTO, EXEC_FISSION, EXEC_FIBERS };

/* Names of the functions that suspend a thread (fiber_plan.c): a kernel calling one runs as fibers. */
struct fiber_names {
	char **name;
	char **why;	/* fiber_names_add's: for each name, why (or NULL); NULL: none kept */
	unsigned n;
};

#define KMACRO_MAX 16	/* macros for __global__ kernel_decls.c takes (more: left in the pragma, diagnosed) */

/*
 * edg_compat.c: what nvcc's front end accepts and clang does not, fixed in
 * the translated copy with a warning (README "What nvcc accepts and clang
 * does not"): a `template` keyword inserted at (path, line, col) before
 * `:: name <`.  Kept across the translations of one whole program.
 */
enum edg_kind {
	EDG_TEMPLATE,	/* `template ` inserted before name */
	EDG_SPLIT_INIT,	/* `T name = e;` a case label jumps over: `T name; name = e;` */
	EDG_OPEN,	/* name (text) inserted at (line, col), before what earlier fixes inserted there */
	EDG_CLOSE,	/* name (text) inserted at (line, col), after them ("": a mark) */
	EDG_REPLACE,	/* name (the text there) replaced by text at (line, col) */
};
struct edg_fix {
	char *path;	/* realpath */
	unsigned line, col;
	char *name;
	enum edg_kind kind;
	char *text;	/* EDG_REPLACE: the new text */
};
struct edg_fixes {
	struct edg_fix *fix;
	unsigned n;
	char **warned;		/* "path:line:col" of the warnings shown */
	unsigned nwarned;
	bool headers;		/* the program's headers are translated too (not --emit-cxx) */
	bool again;		/* a parse found a new fix: translate again from the files */
};

struct source {
	const char *path;	/* as given on the command line */
	char *text;		/* the main file's text */
	size_t len;
	CXFile file;
	int nerrors;		/* diagnostics printed so far */
	/* the last error printed (a hash of its text): one statement's text inlined or
	   lowered several times gives the same error at the same place; printed once */
	uint64_t last_error;
	bool mute_notes;	/* the error just counted was not printed: nor are its notes */
	bool cxx;		/* a whole program: parsed as CUDA, C++ written (whole.c) */
	bool tls;		/* whole program whose __device__ functions read threadIdx & co. */
	bool traps;		/* whole program whose code calls __trap() or assert() (whole.c find_traps) */
	bool clock;		/* whole program whose code calls clock() (whole.c find_traps) */
	struct edit *edits;	/* by start, then kind; not overlapping; applied by emit_src */
	unsigned nedits;
	unsigned edit_seq;	/* the next edit's seq */
	struct buf *plan;	/* --dump=plan: the kernels' plans go here */
	struct warp_map *wmap;	/* warp.c rewrote text: where its offsets were (NULL: not) */
	/* whole programs: the execution models (whole.c, fiber_plan.c) */
	enum exec_model model;
	bool no_warp_lower;	/* warp.c left the text alone: kernels with warp operations run as fibers */
	bool thread_fibers;	/* --exec-model=thread-fibers: a fiber per thread, never lane loops */
	bool rdc;		/* -rdc=true: namespace-scope __device__/__constant__ variables link across files */
	bool quiet;		/* trying loop fission: diagnostics counted, not printed */
	bool inlining;		/* warp_inline.c's parse: a barrier in a __device__ function is no error yet */
	char *quiet_msg;	/* the first diagnostic while quiet (why fission cannot run the kernel) */
	bool restart;		/* a kernel warp.c lowered fell back to fibers: translate again without warp.c */
	/* whole programs: kernels that ran as fibers with a barrier helper inlined:
	   its calls stay calls there (whole.c, warp_inline.c; not owned) */
	struct fiber_names *keep_calls;
	struct fiber_names *fnames;	/* not owned */
	/* under auto, the kernels warp.c left as written for the fibers, and why
	   (warp_decline.c) */
	struct fiber_names warp_declined;
	/* launches in device code (dyn_parallel.c): the callee [a, b); self: the kernel's
	   offset where it launches itself, else ~0u */
	struct dl_launch {
		unsigned a, b, self;
	} *dl;
	unsigned ndl;
	/* ... and the launches clang could not resolve (a kernel overloaded, a template's): where */
	struct dl_wait {
		unsigned off, line, col;
	} *dlw;
	unsigned ndlw;
	/* whole programs: the program's headers with kernels, edited as kernel_decls.c says */
	struct kernel_header {
		char *path;	/* realpath */
		char *text;
		size_t len;
	} *khdr;
	unsigned nkhdr;
	bool khdr_done;		/* khdr found */
	char *kmacro[KMACRO_MAX];	/* kernel_decls.c: macros for __global__ of the main file and its headers */
	/* ... its body whole declarations, `;` and all (TeaLeaf's CUDA_PACK_KERNEL_FUNC_DEF): KDECL_* */
	unsigned char kmacro_decl[KMACRO_MAX];
	unsigned nkmacro;
	bool kdecl_all;		/* a kernel is declared before its definition somewhere: wrap every kernel */
	int cuda_arch;		/* __CUDA_ARCH__ of device code (cuda_arch.c; 0: CUDA_ARCH_DEFAULT) */
	bool dyn_shared_ns;	/* whole.c: extern __shared__ at namespace scope: block functions set its pointer */
	bool hd_split;		/* cuda_arch.c kept a __host__ __device__ body twice: block functions set the view */
	struct edg_fixes *edg;	/* whole programs: edg_compat.c's fixes (not owned; NULL: none made) */
	/* lockstep_calls.c: the calls of the parse's program code, what they give __shared__ memory (owned) */
	struct lockstep_memo *lsm;
	struct macro_header_memo *mhm;	/* macro_assign.c: the header each macro's #define is in, for one parse (owned) */
	struct parse_memo *pm;	/* parse_memo.c: the last parse released, for the next one (owned) */
	struct lockstep_stats *lstats;	/* --dump=stats: the lock-step analysis's counts (not owned; NULL: none) */
	char *const *args;	/* whole programs: the parse's options (its -I folders: search_mirror.c) */
	int nargs;
};

/*
 * A parse's diagnostics that edg_compat.c fixes (recorded, warned about:
 * true, the file must be translated again) or shows as warnings.
 */
bool edg_scan(struct source *s, CXTranslationUnit tu);
/* The fixes recorded for h's file, applied to its text (column map kept). */
void edg_apply(const struct edg_fixes *e, struct source *h);
bool edg_has(const struct edg_fixes *e, const char *realpath);
/* May the translation edit file f (the main file, or one below its folder with headers translated)? */
bool edg_may_edit(const struct source *s, CXTranslationUnit tu, CXFile f);
/* old at (line, col) of f replaced by text in every text of f the translation reads or writes: true when new. */
bool edg_replace(struct source *s, CXFile f, unsigned line, unsigned col, const char *old, const char *text);
void edg_free(struct edg_fixes *e);

/* Source text before the parse (text_scan.c): identifier characters; past a comment or literal at i;
   does holds() say yes for a directive's logical line [from, end) of the text. */
bool text_ident_char(char c);
size_t text_skip(const char *t, size_t len, size_t i);
bool text_any_directive(const char *text, size_t len, bool (*holds)(const char *text, size_t from, size_t end));
bool text_shift_at(const char *t, size_t a, size_t i, size_t e);

/* `k<< <g, b>> >(x)` as `k<<<g, b>>> (x)`, in place, offsets kept (spacing.c). */
void launch_spacing(char *text, size_t len);
/*
 * Inline PTX that reads a lane's special register (`asm("mov.u32 %0,
 * %%laneid;" : "=r"(x))`, %lanemask_*) as `(x)=__sreg_laneid`, in place,
 * offsets and lines kept (asm_sreg.c), `asm("trap;")` as `__trap()`, and
 * vabsdiff4 with .add as `__idxgen_vabsdiff4_add(...)`;
 * asm_rewritten_at: does that rewrite the asm statement at offset at?
 */
void asm_special_registers(char *text, size_t len);
bool asm_rewritten_at(const char *text, size_t len, size_t at);
/* `__shared__ alignas(N)` as `alignas(N) __shared__`, in place, offsets kept (alignas_order.c). */
void alignas_order(char *text, size_t len);
/* Kernels declared before their definition: out of the parse's host-device pragma (kernel_decls.c). */
/* A macro for __global__: a kernel's head; whole declarations, every one a kernel's; some not a kernel's. */
enum { KDECL_HEAD, KDECL_KERNELS, KDECL_MIXED };
/* `#include "name"` from the file at path from: beside it, then in the -I folders of args (NULL: not found). */
char *include_resolve(const char *from, const char *name, char *const *args, int nargs);
/* The bits what() gives for the text of any header that `#include "..."` reaches from s (macro_headers.c). */
unsigned program_headers_scan(const struct source *s, char *const *args, int nargs,
			      unsigned (*what)(const char *text, size_t len));
void kernel_decls(struct source *s, char *const *args, int nargs);
/* The same edits in a header h of main's program that the parse read edited. */
void kernel_decls_header(struct source *h, const struct source *main);
void kernel_decls_free(struct source *s);
/* Edits rewriting the launches written in #define bodies (macro_launch.c). */
void macro_launches(struct source *s);
/* What the #define bodies of a text hold: launches macro_launch.c can rewrite there, ones it cannot. */
enum { LAUNCH_WHOLE = 1, LAUNCH_SPLIT = 2 };
unsigned launch_defines(const char *text, size_t len);
/* The main file's offsets of invocations whose expansion holds a launch not rewritten in a #define
   (macro_launch_expand.c); *off to be freed. */
unsigned macro_launch_uses(const struct source *s, CXTranslationUnit tu, unsigned **off);
/* Offsets into a file, each once, in the order first added (offsets.c: macro_*_expand.c). */
struct offsets {
	unsigned *off;
	unsigned n, cap;
};
void offsets_add(struct offsets *o, unsigned a);
/* Each function definition of the file path of tu (through namespaces, classes, their templates): each(fn). */
void main_fn_defs(CXTranslationUnit tu, const char *path, void (*each)(CXCursor fn, void *arg), void *arg);
/* Is call c a kernel's: its callee a __global__ function or template, or a dependent name only kernels bear? */
bool is_kernel_call(CXCursor c);
/* macro_warp_expand.c: does a directive of the text name a warp-level function; the main file's offsets
   of invocations whose expansion holds one that warp.c cannot lower where it is spelled (*off freed by
   the caller). */
bool defines_warp_op(const char *text, size_t len);
unsigned macro_warp_uses(const struct source *s, CXTranslationUnit tu, unsigned **off);
/* macro_lockstep_expand.c: does a directive of the text store to an element (`]` then an assignment); the
   main file's offsets of invocations whose expansion holds a lock-step store lockstep.c cannot rewrite
   where it is spelled (*off freed by the caller). */
bool defines_element_store(const char *text, size_t len);
unsigned macro_lockstep_uses(const struct source *s, CXTranslationUnit tu, unsigned **off);
/* macro_shift_expand.c: does a directive of the text write `<<` or `>>`; the main file's offsets of
   invocations whose expansion holds a shift by a count that is not a constant in device code (*off freed
   by the caller). */
bool defines_shift(const char *text, size_t len);
unsigned macro_shift_uses(const struct source *s, CXTranslationUnit tu, unsigned **off);
/* dyn_parallel.c: edits for the launches in device code; is off in the callee of one, is one at a;
   does kernel fn launch itself? */
void dyn_parallel_edits(struct source *s, CXTranslationUnit tu);
bool dyn_parallel_callee(const struct source *s, unsigned off);
bool dyn_parallel_launch_at(const struct source *s, unsigned a);
bool dyn_parallel_self(const struct source *s, CXCursor fn);
/* frontend.c's parse: clang found no kernel to call at l, in device code; true if a launch is
   written there (dyn_parallel_edits then writes it, or diagnoses it) */
bool dyn_parallel_wait(struct source *s, CXSourceLocation l);
/* Edits rewriting the extern __shared__ declarations written in #define bodies (macro_shared.c). */
void macro_shared_decls(struct source *s);
/* The same for the launches in the arguments of the macro use at offset a; how many. */
unsigned macro_arg_launches(struct source *s, unsigned a);
/* Was the launch in the expansion of the macro invocation at [a, e) rewritten in the #define bodies it reaches? */
bool macro_launch_rewritten(const struct source *s, unsigned a, unsigned e);
/* Read path's text into s; false (errno set) when it cannot be read. */
bool source_read(struct source *s, const char *path);
/*
 * A main file written with CRLF line ends as LF (whole.c): the text passes
 * before the parse read a backslash-newline as a #define's continuation,
 * and clang parses this text, not the file (lines and columns stay).
 */
void source_crlf(struct source *s);
void source_free(struct source *s);
/*
 * Parse s as CUDA: host-side C++ after the CUDA prelude, with the extra
 * clang arguments args (-I, -D).  Prints clang's errors and the launch
 * syntax ones as diagnostics (s->nerrors); NULL when libclang failed.
 */
CXTranslationUnit source_parse(struct source *s, CXIndex idx, char *const *args, int nargs);
/*
 * parse_memo.c: a pass done with a parse of s releases it (source_release)
 * instead of disposing it; source_parse_raw() records each parse with its
 * inputs (parse_memo_issued) and takes the released one back when the next
 * parse has the same inputs (parse_memo_take).  parse_memo_free: before the
 * index is disposed (source_free does it too).
 */
void source_release(struct source *s, CXTranslationUnit tu);
void parse_memo_issued(struct source *s, CXTranslationUnit tu, struct buf *key);
CXTranslationUnit parse_memo_take(struct source *s, const struct buf *key);
void parse_memo_free(struct source *s);
/*
 * The kept unit carried from one round of a translation to the next (the
 * same index): detach it from the old source before source_free(), adopt
 * it into the new one; parse_memo_drop() one that no round adopted.
 */
struct parse_memo *parse_memo_detach(struct source *s);
void parse_memo_adopt(struct source *s, struct parse_memo *m);
void parse_memo_drop(struct parse_memo *m);
/* clang's refusal of operator delete for a new-expression outside any function (parse_artifacts.c) */
bool delete_outside_function(CXTranslationUnit tu, CXDiagnostic d);
/* The parse alone (no diagnostics printed, s->file untouched): define (-D...) added when not NULL. */
CXTranslationUnit source_parse_raw(struct source *s, CXIndex idx, char *const *args, int nargs, const char *define,
				   unsigned flags);
/*
 * cuda_arch.c: nvcc's two passes for __CUDA_ARCH__ (README "__CUDA_ARCH__"):
 * each #if group of s->text whose condition names it is resolved in place
 * as the pass that compiles that code sees it (blanks, offsets kept).
 */
#define CUDA_ARCH_DEFAULT 900
void cuda_arch_resolve(struct source *s, CXIndex idx, char *const *args, int nargs, int arch);
/* Whole programs: a header's __CUDA_ARCH__ group that device code would see as the host pass does: diagnosed. */
void cuda_arch_check_headers(struct source *s, CXTranslationUnit tu, CXIndex idx, char *const *args, int nargs,
			     int arch);
/* thrust_arch.c: a Thrust call on device data that would run a functor's host __CUDA_ARCH__ branch: diagnosed. */
void thrust_arch_check(struct source *s, CXTranslationUnit tu);
/* The __CUDA_ARCH__ an nvcc option selects (-arch, -gencode ...), given the one so far (0: none yet). */
int cuda_arch_option(const char *opt, const char *val, int cur);

/* out_file.c: output paths, '-' standard output */
bool out_is_stdout(const char *path);
FILE *out_open(const char *path, const char *mode);
int out_close(FILE *f);
int out_copy(const char *from, const char *to);

bool in_main(const struct source *s, CXCursor c);
bool in_parse_header(CXCursor c);
bool in_macro(CXCursor c);
bool in_expansion(CXCursor c);
bool in_any_expansion(CXCursor c);
/* frontend.c: ... or a cursor of a macro's body, whose offsets are its invocation's (what compares parts' texts asks) */
bool macro_spelled(CXCursor c);
/* macro_assign.c: may binary operator c, written in a macro, be a plain assignment (its #define's text)? */
bool macro_may_assign(const struct source *s, CXCursor c);
/* macro_assign.c: may binary operator c, written in a macro, be a shift (its #define's text)? */
bool macro_may_shift(const struct source *s, CXCursor c);
/* ... unary_op() of a unary operator of a macro's body, read from its #define: '+' where it may step */
char macro_unary_op(const struct source *s, CXCursor c);
/* ... may a unary operator of a macro's body be a '*' (its #define holds one)? */
bool macro_may_deref(const struct source *s, CXCursor c);
/* ... the body [*a, *e) of the first `#define name` (n characters) of the main file at or after from */
bool macro_define_from(const struct source *s, size_t from, const char *name, size_t n, size_t *a, size_t *e);
unsigned off_of(CXSourceLocation l);
unsigned c_start(CXCursor c);
unsigned c_end(CXCursor c);
/* End of statement c including its ';'. */
unsigned stmt_end(const struct source *s, CXCursor c);
/* Append the source text [a, b) to o, with the edits that lie inside. */
void emit_src(const struct source *s, unsigned a, unsigned b, struct buf *o);
/* Part [a, b) of the node [ga, gb) copied in parts, with the edits of its own group (shift.c). */
void emit_src_of(const struct source *s, unsigned ga, unsigned gb, unsigned a, unsigned b, struct buf *o);

/*
 * Whole programs: #line directives that keep the C++ compiler's file and line
 * the user's (line_marks.c).  begin writes `#line 1 "s->path"`; sync, before
 * text copied from offset pos of s, writes one where the output's line count
 * has drifted from the input's (after text idxgen-cc wrote itself).
 */
struct line_marks {
	bool on;
	size_t o_off;		/* the output counted up to here ... */
	unsigned o_line;	/* ... is at this line for the compiler */
	unsigned s_off, s_line;	/* the input likewise */
};
void line_marks_begin(struct line_marks *lm, const struct source *s, struct buf *o);
void line_marks_sync(struct line_marks *lm, const struct source *s, CXTranslationUnit tu, unsigned pos,
		     struct buf *o);
/* Before statement st of a thread loop: a #line when it reports its place (assert, __LINE__, __FILE__). */
void line_mark_stmt(const struct source *s, CXCursor st, struct buf *o);

/*
 * arch_reach.c: the functions of tu (outside system headers) that run as
 * device code -- kernels and the __device__ and __host__ __device__
 * functions they call, transitively.
 */
struct reach;
struct reach *reach_build(CXTranslationUnit tu);
bool reach_device(const struct reach *r, CXCursor fn);
/* Is loc inside the definition of a function device code reaches? */
bool reach_device_at(const struct reach *r, CXSourceLocation loc);
void reach_free(struct reach *r);

/* ---- C spellings of C++ in the copied text (rewrite.c) ------------------- */

void source_edit(struct source *s, unsigned start, unsigned end, const char *text);
/* The n edits of one group (shift.c), all or none: false when one overlaps an edit made already. */
bool source_edit_group(struct source *s, const struct edit *g, unsigned n);
/* Drop the edits made since seq was s->edit_seq (whole.c: a failed try of loop fission). */
void source_edits_undo(struct source *s, unsigned seq);
/* shift.c: device code's shifts by a count that is not a constant as PTX's (include/idxgen_cc_shift.h). */
void shift_edits(struct source *s, CXTranslationUnit tu);
/* Is c a shift by a count that is not a constant whose operator a macro's text writes (shift.c)? */
bool shift_in_macro(const struct source *s, CXCursor c);
/* shared_index.c: device code's `unsigned int` offsets into __shared__ memory as the GPU's 32-bit sums. */
void shared_index_edits(struct source *s, CXTranslationUnit tu);
/* narrow_cast.c: device code's float -> 8/16-bit integer conversions through 32 bits, as nvcc's. */
void narrow_cast_edits(struct source *s, CXTranslationUnit tu);
/*
 * Edits for what C++ accepts and C spells differently: the C names of the
 * C headers (<cstdio> -> <stdio.h>), 'static' of a static __device__
 * function (__device__ is static inline in the C), array bounds that are
 * const variables (a constant expression in C++ only) written as their
 * value.  Diagnoses C++ headers without a C counterpart.
 */
void plan_rewrites(struct source *s, CXTranslationUnit tu);

void error_at(struct source *s, CXCursor c, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* head_text.c: a copy of a kernel's head [a, b), written by emit, with an #if 1 / #endif for each conditional group it leaves open */
void emit_head_text(struct source *s, CXCursor fn, unsigned a, unsigned b, struct buf *o,
		    void (*emit)(struct source *s, CXCursor fn, unsigned a, unsigned b, struct buf *o));
/* param_names.c: __idxgen_argN for a parameter a kernel leaves unnamed (edits of its declaration) */
char *kernel_param_name(CXCursor fn, CXCursor parm);
void name_unnamed_params(struct source *s, CXCursor fn);
/* kernel_param_class.c: a by-value kernel parameter CUDA copies bitwise (its class copies or destroys) */
bool kernel_param_bitwise(const struct source *s, CXCursor param);
void note_at(const struct source *s, CXCursor c, const char *msg);

/* ---- questions about the syntax tree (syntax.c) -------------------------- */

bool has_annot(CXCursor c, const char *what);	/* annotate("idxgen_<what>") */
/*
 * The CUDA qualifiers of a function (its attributes, as the preludes write
 * __global__, __device__ and __host__): a kernel is also CUDA_Q_DEVICE, since
 * nvcc's device pass compiles it; none of them is host code.
 */
enum { CUDA_Q_DEVICE = 1, CUDA_Q_HOST = 2, CUDA_Q_GLOBAL = 4 };
unsigned cuda_quals(CXCursor fn);
/* "void ns::k(const float *, int)": a kernel as nvcc's assert() names it (no template arguments); malloc'd */
char *kernel_signature(CXCursor fn);
CXCursor strip(CXCursor c);			/* implicit casts, parentheses */
/* clang's value of e where it is an integer constant (`32`, `WARP`, `2 * 32`), in *val */
bool int_constant(CXCursor e, long long *val);
/* syntax.c: a function's cursor kind (free, template, method, constructor, destructor, conversion)? */
bool function_kind(enum CXCursorKind k);
/* ... where e is an integer or floating constant */
bool arith_constant(CXCursor e);
char *builtin_ref(CXCursor c);			/* the prelude's built-in c names */
bool is_call_to(CXCursor c, const char *name);
bool is_barrier_stmt(CXCursor c);
bool block_collective(CXCursor c);	/* warp.c's ballot, warp_agg.c's atomic, warp_tree.c's tree: once per block */
bool warp_leader_collective(CXCursor c);	/* warp_agg.c's: every warp's leader's atomic */
bool block_tree_collective(CXCursor c);	/* warp_tree.c's: the shuffle trees where lanes can be absent */
bool block_sum_collective(CXCursor c);	/* warp_block_sum.c's: the two-level shuffle block sum */
unsigned count_barriers(CXCursor c);
unsigned count_returns(CXCursor c);
unsigned first_return_in(CXCursor c);		/* offset, or ~0u */
bool is_shared_decl(CXCursor c);
CXCursor lvalue_base(CXCursor e);		/* x of x[i][j], x.m */
bool assignment(const struct source *s, CXCursor c, CXCursor *target, CXCursor *value);
bool builtin_dependent_assignment(CXCursor c);
/* A template's binary operator written as an unresolved operator call ("a << n"): its operator and operands. */
bool dependent_binary(CXCursor c, char op[4], CXCursor *l, CXCursor *r);
void op_text(const struct source *s, CXCursor c, char out[4]);
bool is_assign_op(const char *op);
char unary_op(const struct source *s, CXCursor c);	/* '+' (++/--), '&', 0 */
/* Is unary operator c a '*' (a read through a pointer)?  In a macro: where it may be. */
bool unary_deref(const struct source *s, CXCursor c);
void for_parts(const struct source *s, CXCursor f, CXCursor *init, CXCursor *cond, CXCursor *inc,
	       CXCursor *body);
/* The statements of a compound, of a body (a compound's, else b), pragmas unwrapped. */
struct cx_kids stmt_list(const struct source *s, CXCursor compound);
struct cx_kids body_list(const struct source *s, CXCursor b);
bool is_pragma_stmt(const struct source *s, CXCursor c);
CXCursor unwrap_stmt(const struct source *s, CXCursor c);
bool has_effects(const struct source *s, CXCursor e);	/* a pure user call (pure_call.c) has none */
/*
 * A call of a function of the file that computes only from its by-value
 * arguments and blockIdx/blockDim/gridDim (pure_call.c): it may run once
 * per block.  depth: 0 from the caller.
 */
bool pure_user_call(const struct source *s, CXCursor call, int depth);
CXCursor var_init(CXCursor d);		/* as written; null cursor if none */
bool init_at_name(CXCursor d, CXCursor init);	/* "T v(args)": init's text starts at v */
/* A C declaration of name with type t: "int x", "float x[4][3]", "float (*x)[4]". */
char *c_declaration(CXType t, const char *name);
/* The same for a parameter: an array parameter is the pointer it decays to. */
char *c_param_declaration(CXType t, const char *name);
bool is_array_type(CXType t);
bool is_reference_type(CXType t); /* T & or T && */
/* A kernel parameter's slot type: arrays decay, references travel as pointers (syntax.c). */
char *param_slot_type(CXType t);
bool in_list(const char *n, const char *const *l);
extern const char *const cc_ok_builtins[];
bool pure_builtin(CXCursor call);

/* ---- cursor -> index tables (cmap.c) ------------------------------------- */

struct cmap_slot;
struct cmap {
	struct cmap_slot *slot;
	unsigned cap, n;
};

/* Map c to val unless c is mapped already (the first mapping wins). */
void cmap_put(struct cmap *m, CXCursor c, unsigned val);
bool cmap_get(const struct cmap *m, CXCursor c, unsigned *val);
void cmap_free(struct cmap *m);

/* ---- a kernel: its variables, statements and plan ------------------------ */

/*
 * V_LOCAL: declared and used in one thread loop; V_SCALAR: one copy per block
 * (uniform); V_PROMOTED: a per-thread array; V_REMAT: used in several thread
 * loops but cheap and constant per thread (an effect-free initializer of
 * thread and block indices, parameters and constants, never assigned):
 * recomputed at the top of each thread loop that uses it; V_SPLIT: used in
 * several thread loops but not live across any barrier (every thread loop
 * but the declaring one assigns it before reading it): a fresh local in each.
 */
enum vclass { V_LOCAL, V_SCALAR, V_PROMOTED, V_REMAT, V_SPLIT };

struct var {
	CXCursor decl;
	char *name;
	bool param, array, shared;
	/* uniformity analysis */
	bool variant, addr_taken;
	/* planning */
	bool split_decl;	/* declared by a statement of a split list */
	bool header_decl;	/* declared in the header of a loop containing a barrier */
	bool all_writes_uniform_level;
	bool uniform_ref;	/* referenced by code that runs once per block */
	int first_region, nregions;
	enum vclass cls;
	char *pname;		/* V_PROMOTED: the per-thread array's name */
	size_t offset;		/* V_PROMOTED: its offset in the private area */
	char *off_expr;		/* V_PROMOTED of a template-dependent type: the offset, a C++ constant expression */
};

/*
 * S_REGION: runs in a thread loop; S_BARRIER: a __syncthreads(); S_CONTROL:
 * a uniform if/for/while/do/block containing barriers (runs once per block,
 * body split); S_SHARED: a static __shared__ declaration; S_UDECL/S_UEXPR:
 * a declaration/statement run once per block.
 */
enum sclass { S_REGION, S_BARRIER, S_CONTROL, S_SHARED, S_UDECL, S_UEXPR };

struct stmt {
	CXCursor c;
	enum sclass cls;
	bool cand;	/* candidate for S_UDECL/S_UEXPR */
	bool hoisted;	/* S_UDECL/S_UEXPR moved in front of the open thread loop */
	bool stride;	/* S_REGION: a grid-stride loop interchanged, a thread loop of its own (stride.c) */
	int region;
};

struct kernel {
	struct source *src;
	CXCursor fn, body;
	char *name;
	char *cname;	/* what names the block function, descriptor, ...: name, or name__oN for overload N */
	char *addr;	/* C++: the host stub's address, "&name" or "(void (*)(float *, int))&name" */
	struct var *v;
	unsigned nv;
	struct cmap vars;	/* declaration -> index in v */
	struct stmt *s;
	unsigned ns;
	struct cmap stmts;	/* statement -> index in s */
	struct cx_kids top;	/* the body's statements */
	unsigned first_return;	/* offset of the kernel's first return, or ~0u */
	int nregions, nbarriers;
	bool has_return, done_flags, uses_blockIdx, uses_blockDim, uses_gridDim;
	size_t static_shared;
	size_t priv_bytes;	/* promoted variables, then the __done flags */
	size_t done_offset;
	char *priv_expr;	/* with template-dependent promoted variables: priv_bytes as an expression */
	/*
	 * Whole programs: a lock-step proof of line narrow_line counts on
	 * threadIdx.x telling the lanes of a warp apart (lockstep_shape_line);
	 * where a block's rows are shorter than a warp the block function hands
	 * the block to narrow_call, the kernel's fiber body (whole.c).  NULL:
	 * the block function traps there (the C path, --exec-model=fission).
	 */
	unsigned narrow_line;
	char *narrow_call;
	/*
	 * The block function being written is the body for blockDim.x ==
	 * block_width, a constant there (width_body.c); 0: any block width.
	 */
	unsigned block_width;
	bool width_body;	/* it has that body: the descriptor names NAME__block_pick */
};

struct var *var_of(const struct kernel *k, CXCursor ref);	/* the local ref names */
struct var *var_decl(const struct kernel *k, CXCursor decl);
struct stmt *stmt_of(const struct kernel *k, CXCursor c);

/* ---- checks (check.c) ---------------------------------------------------- */

/* Rejects a warp-synchronous volatile store where the lanes run one after another. */
void check_warp_sync_store(struct source *s, CXCursor c, const char *where);
/* check.c: refuse code written for lanes in lock step where they run one after another (lockstep.c) */
void check_lockstep(struct source *s, CXCursor fn);
/* The subset check of a __global__ (kernel) or __device__ function's body. */
void check_subset(struct source *s, CXCursor body, bool kernel, const char *fname);
/* Every __syncthreads() a statement in uniform control flow (after uniformity). */
void check_barriers(struct kernel *k);
/* Sibling statements one macro use expands to: diagnosed (fission writes each one's text). */
void check_macro_statements(struct kernel *k);
/* A file-scope declaration other than a function: diagnosed unless allowed. */
void check_file_scope_decl(struct source *s, CXCursor c);

/* ---- uniformity analysis (uniformity.c) ---------------------------------- */

/* kernel.c: is var of kernel fn uniform (the same for every thread of the block)?  Not for a helper. */
bool kernel_local_uniform(const struct source *s, CXCursor fn, CXCursor var);
/* Mark the kernel's variant locals (fixed point) and those whose address is taken. */
void uniformity_analyse(struct kernel *k);
/* Does e depend on the thread (threadIdx, an atomic's result, a variant local)? */
bool is_variant(const struct kernel *k, CXCursor e);
/* The condition that makes the body of loop or branch c divergent, or a null cursor. */
CXCursor divergent_cond(const struct kernel *k, CXCursor c);

/* ---- accesses (access.c): what a statement reads and writes ------------- */

bool refs_var(const struct kernel *k, CXCursor c, const struct var *v);
bool writes_in(const struct kernel *k, CXCursor c, const struct var *v);
bool written_anywhere(const struct kernel *k, const struct var *v);
bool reads_memory(const struct kernel *k, CXCursor e);
bool writes_memory(const struct kernel *k, CXCursor c);
bool kills(const struct kernel *k, CXCursor c, const struct var *v);	/* "v = e;" */

/*
 * contig.c: the first access of the statements l[0..n) (a thread loop) that
 * is not contiguous in threadIdx.x nor the same for all threads, or a null
 * cursor: then forcing the loop's vectorisation pays (no gathers).  *chunk:
 * contiguous only warp by warp (a lane index tid % 32, a warp index tid / 32).
 */
CXCursor loop_scattered_access(const struct kernel *k, const CXCursor *l, unsigned n, bool *chunk);
/*
 * guard.c: a guard at the top of the kernel's only thread loop l[0..n)
 * that compares thread indices with uniform values: emit_guard_bounds
 * writes the computed-index loops' bounds (__idxgen_lo_x .. __idxgen_hi_z)
 * and returns true, or writes nothing and returns false; dump_guard says
 * so in --dump=plan's words (nothing when there is none).
 */
bool emit_guard_bounds(const struct kernel *k, const CXCursor *l, unsigned n, bool *step, struct buf *o);
void dump_guard(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o);
/*
 * guard.c: the guard's x bound compares a 32-bit index B + threadIdx.x with
 * B not 0 (`i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n)`):
 * writes `const uint32_t __idxgen_gb = (uint32_t)(B);` and returns true
 * (the x loop counted by that global index, emit.c), else nothing and false.
 */
bool emit_guard_x_base(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o);
/*
 * guard.c: does the guard fix threadIdx.x modulo *m (`lane == 0`)?  Then
 * emit_guard_bounds sets *step and the x loop steps by __idxgen_st_x from
 * the first thread of the residue (a strided loop: never forced to vectorise).
 */
bool guard_steps(const struct kernel *k, const CXCursor *l, unsigned n, long long *m);
/*
 * guard.c: the conditions of the thread loop l[0..n) that compare thread
 * indices with uniform values (if, ?:; negated: an `if (C) return;`):
 * emit_cond_flags writes, per block, __idxgen_cond_J = whether condition J
 * holds (negated: fails) for every thread of the loop's iteration box
 * (bounded: the guard's __idxgen_lo/hi, else the block); the emitter writes
 * condition J as (__idxgen_cond_J || (C)), negated (!__idxgen_cond_J && (C)).
 */
#define MAX_LOOP_CONDS 8
struct loop_conds {
	unsigned n;
	CXCursor c[MAX_LOOP_CONDS];
	bool negated[MAX_LOOP_CONDS];
};
void loop_conds(const struct kernel *k, const CXCursor *l, unsigned n, struct loop_conds *lc);
void emit_cond_flags(const struct kernel *k, const CXCursor *l, unsigned n, const struct loop_conds *lc,
		     bool bounded, struct buf *o);
/* Uniform and computable in front of the thread loop l[0..n) (guard.c). */
bool uniform_in_loop(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor e);
/*
 * guard.c: is e (types on the way included) B + threadIdx.a, B uniform in
 * front of the thread loop l[0..n) (null cursor: 0)?  *limit: the smallest
 * maximum of the integer types on the way.
 */
bool thread_index_form(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor e, int *axis,
		       CXCursor *base, uint64_t *limit);
/* guard.c: the largest value of integer type t (64-bit: INT64_MAX), 0 for any other type. */
uint64_t type_max(CXType t);
/* block_atomic.c: an atomic on __shared__ memory, emitted as a plain update (idxgen_cc_block_*). */
bool block_atomic(const struct kernel *k, CXCursor call);
/* The first such atomic in the thread loop l[0..n) (it must not be forced to vectorise), or a null cursor. */
CXCursor loop_block_atomic(const struct kernel *k, const CXCursor *l, unsigned n);
/* aggregate.c: atomicAdds to a uniform address, one add (or one in-order apply) per loop. */
#define MAX_LOOP_AGGS 4
struct loop_aggs {
	unsigned n;
	CXCursor call[MAX_LOOP_AGGS], addr[MAX_LOOP_AGGS], val[MAX_LOOP_AGGS];
};
void loop_aggs(const struct kernel *k, const CXCursor *l, unsigned n, struct loop_aggs *la);
void emit_agg_decls(const struct loop_aggs *la, struct buf *o);
/* After the loop: each nonzero sum in one atomicAdd. */
void emit_agg_flush(const struct kernel *k, const struct loop_aggs *la, struct buf *o);
/* In the loop: the call's text, an add to the loop's sum. */
void emit_agg_add(const struct kernel *k, const struct loop_aggs *la, unsigned j, struct buf *o);
/* A floating add kept in order (its loop must not be forced to vectorise), or a null cursor. */
CXCursor aggs_in_order(const struct loop_aggs *la);
/* --dump=plan: "; atomics: line N's atomicAdd summed per loop" */
void dump_aggs(const struct kernel *k, const CXCursor *l, unsigned n, struct buf *o);
/*
 * stride.c: a grid- or block-stride loop (for or while) of a thread loop
 * that may be interchanged: its rounds once per block, every thread's next
 * iteration in each; its parts (init and inc may be null), or false.
 */
bool stride_loop(const struct kernel *k, CXCursor c, CXCursor *init, CXCursor *cond, CXCursor *inc,
		 CXCursor *body);
/*
 * stride.c: a stride loop whose index the rounds determine: v starts at
 * B + threadIdx.a, only the step S writes it, the condition is v < U (or
 * v <= U: add 1) and nothing reads v after the loop, so round r's index is
 * B + threadIdx.a + r * S and each round's threads are a contiguous range.
 */
struct stride_index {
	struct var *v;
	int axis;		/* 0 x, 1 y, 2 z */
	CXCursor base;		/* B, or a null cursor for 0 */
	CXCursor step;		/* S */
	CXCursor bound;		/* U */
	CXCursor step_stmt;	/* the statement that steps v (a for's inc, a while body's last) */
	CXCursor cond, body;
	CXType cmp;		/* the comparison's type */
	int add;		/* v < U + add */
	bool u64;		/* the comparison is unsigned 64-bit: U may exceed INT64_MAX */
	uint64_t limit;		/* the smallest maximum of the types the index goes through */
};
bool stride_index(const struct kernel *k, CXCursor loop, struct stride_index *si);
/* stride_pair.c: may its rounds run two at a time per thread (the body writes only the thread's own locals)? */
bool stride_pairs(const struct kernel *k, const struct stride_index *ix);
/* tree.c: a halving loop with barriers worth emitting per common block size */
bool tree_loop(const struct kernel *k, CXCursor c);
#define TREE_SIZES 4
/* tree.c: the walk step tree_level.c's statement and tree_fuse.c's load share (pure expressions) */
enum pure_step { PURE_RECURSE, PURE_BAD, PURE_OTHER };
enum pure_step pure_walk_step(CXCursor c);
extern const unsigned tree_sizes[TREE_SIZES];	/* 1-D block sizes a tree is written for */
/*
 * tree_level.c: a reduction tree whose levels are each one loop over the
 * threads that work (`if (tid < s)`, `if (tid % (2 * s) == 0)`), proven
 * independent within a level; for 1-D blocks.  The guard's if, its
 * statement, the loop's variable, the bound written per level (S, or M = 2S).
 */
struct tree_level {
	CXCursor guard, then, var, bound;
	CXType cmp;		/* the guard's comparison type */
	bool doubling;		/* tid % M == 0: every M-th thread; else tid < S */
	unsigned long long extent;	/* the smallest length of the arrays it subscripts */
};
bool tree_level_loop(const struct kernel *k, CXCursor loop, struct tree_level *tl);
void emit_tree_level_bounds(const struct kernel *k, const struct tree_level *tl, struct buf *o);
void dump_tree_level(const struct kernel *k, const struct tree_level *tl, struct buf *o);
/* Is e threadIdx.x in the thread loop l[0..n)? */
bool tree_level_tid(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor e);
/*
 * tree_fuse.c: the thread loop l[0..n) (declarations and one `A[threadIdx.x]
 * = E;`, E reading no __shared__ memory), then barrier, then the halving tree
 * loop over A from blockDim.x / 2: the load fused with the first level
 * (emit.c, 1-D blocks of a common size).  *tl: the tree's level.
 */
bool tree_fuse(const struct kernel *k, const CXCursor *l, unsigned n, CXCursor barrier, CXCursor loop,
	       struct tree_level *tl);
void dump_tree_fuse(const struct kernel *k, const CXCursor *l, unsigned n, const struct tree_level *tl,
		    struct buf *o);
/* unroll.c: are the loops of thread loop l[0..n-1] all of constant count, small: unrolled fully? */
bool unroll_region(const struct kernel *k, CXCursor *l, unsigned n);
/* ---- planning ------------------------------------------------------------ */

/* plan_stmts.c: statements into classes and thread loops (regions). */
void plan_statements(struct kernel *k);
/* plan_vars.c: variable classes, liveness, promotion, recomputation, layout. */
void plan_variables(struct kernel *k);
/* May v be one copy per block (uniform, written only by once-per-block code)? */
bool var_scalar_ok(const struct var *v);
/* Why v (V_PROMOTED) needs a per-thread array, a phrase after its name: "lives across __syncthreads()", ... */
const char *promoted_why(const struct kernel *k, const struct var *v);

/* ---- whole programs (whole.c): C++ for a .cu file with host code -------- */

/* The subset check of whole programs (check_subset calls it when s->cxx). */
void check_whole(struct source *s, CXCursor body, bool kernel, const char *fname);
/* The files a program's .cu file includes that define kernels, translated too (path relative to its folder). */
struct program_out {
	struct header_out {
		char *rel;	/* its place, relative to the main file's folder */
		char *link;	/* NULL: text is the translation; else the original, linked to */
		struct buf text;
		char *overlay_of; /* one folder up: the original's folder (overlay_mirror.c) */
	} *hdr;
	unsigned nhdr;
};
void program_out_free(struct program_out *p);
/*
 * Translate a whole program, parsed with source_parse (s->cxx), into C++ in
 * o, and the included files with kernels into hdrs (NULL: diagnosed): 0 or 1.
 */
int translate_program(struct source *s, CXTranslationUnit tu, struct buf *o, struct program_out *hdrs);
/* macro_kernel.c: is kernel fn's definition (body or template header) a macro's expansion?  Diagnosed. */
bool kernel_macro_defined(struct source *s, CXCursor fn);
/* macro_kernel_expand.c: the invocations that write a kernel replaced by their expansion, before the parse. */
void macro_kernels_expand(struct source *s, CXIndex idx, char *const *args, int nargs);
/* macro_chevrons.c: does a #define of the text have a replacement list starting `<<<`? */
bool defines_launch_config(const char *text, size_t len);
/* macro_chevrons.c: is a substituted replacement list one launch configuration `<<<...>>>`? */
bool macro_is_launch_config(const char *replacement_text);
/* kernel_macros.c: fn's #define lines into defines, its #undef lines into undefs (false: diagnosed). */
bool kernel_macros(struct source *s, CXCursor fn, struct buf *defines, struct buf *undefs);
/* whole.c: the path of f relative to the main file's folder, or NULL when it is not below it. */
char *relative_to_main(const struct source *s, CXFile f);
/* search_mirror.c: __inc_<hash>, the folder of the translation that mirrors -I folder real_dir. */
char *search_mirror_name(const char *real_dir);
/* search_mirror.c: f's path in the mirror of the first -I folder of the parse below which it is, or NULL. */
char *relative_to_search(const struct source *s, CXFile f);
/* overlay_mirror.c: the real path of f's folder (NULL: none). */
char *overlay_dir(CXFile f);
/* overlay_mirror.c: are header f's quoted includes that it found beside itself below its folder? */
bool overlay_includes_linkable(CXTranslationUnit tu, CXFile f, const struct source *h);
/* overlay_mirror.c: f's place beside a translated header one folder up that it lies below, or NULL.
 */
char *overlay_rel(const struct program_out *out, CXFile f);
/* include_mirror.c: the program's other included files beside the translated ones in hdrs. */
void mirror_includes(const struct source *s, CXTranslationUnit tu, struct program_out *hdrs);
/* warp.c: warp-level operations lowered on s->text before translation (0, 1, 2) */
int warp_lower(struct source *s, CXIndex idx, char *const *args, int nargs);
/*
 * warp_decline.c: under --exec-model=auto, kernels warp.c leaves as written for the fibers, one
 * by one: is warp.c declining instead of refusing (auto, quiet)?  decline kernel fn (why: the
 * refusal it spared); why fn was declined (NULL: it was not); the first function of names kernel
 * reaches through the main file's definitions (malloc'd; NULL: none found).
 */
bool warp_declining(const struct source *s);
void warp_decline(struct source *s, CXCursor fn, const char *why);
const char *warp_declined_why(const struct source *s, CXCursor fn);
char *warp_reaches(const struct source *s, CXCursor kernel, const struct fiber_names *names);
/* A location in warp.c's rewritten text as the user's line and column. */
void warp_map_loc(const struct source *s, CXCursor c, unsigned *line, unsigned *col);
void warp_map_sloc(const struct source *s, CXSourceLocation loc, unsigned *line, unsigned *col);
void warp_map_free(struct source *s);
/* The user's line of offset off in s->text (rewritten by warp.c or not). */
unsigned warp_map_line(const struct source *s, unsigned off);
/* Read, parse (as CUDA) and translate path into C++: 0, 1 or 2, as cc_translate_file. */
struct program_opts {
	enum exec_model model;
	struct buf *plan;	/* --dump=plan: each kernel's model and plan here */
	int cuda_arch;		/* __CUDA_ARCH__ of device code (0: CUDA_ARCH_DEFAULT) */
	bool thread_fibers;	/* --exec-model=thread-fibers */
	struct lockstep_stats *stats;	/* --dump=stats: counted here (NULL: not counted) */
	bool rdc;		/* -rdc=true or -dc: device variables link across files (else one per file, as nvcc) */
};
int cc_translate_program(const char *path, char *const *args, int nargs, struct buf *out,
			 struct program_out *hdrs, const struct program_opts *po);
/* fiber_plan.c: which functions suspend (barriers, warp operations, cooperative groups at any depth). */
void fiber_names_find(struct fiber_names *fn, struct source *s, CXTranslationUnit tu);
void fiber_names_free(struct fiber_names *fn);
bool fiber_names_has(const struct fiber_names *fn, const char *name);
/* name added with why (copied; may be NULL) unless it is there */
void fiber_names_add(struct fiber_names *fn, const char *name, const char *why);
/* the why name was added with, or NULL */
const char *fiber_names_why(const struct fiber_names *fn, const char *name);
bool is_fiber_builtin(const char *name, bool with_syncthreads);
/* Is r declared in a library header whose calls suspend (CUB block/warp, WMMA's mma.h, libcu++ barriers)? */
bool in_collective_header(CXCursor r);
/* ... of them, those that name the block (named barriers, sm_20 bool reductions, clusters): fibers always */
bool is_block_builtin(const char *name);
/* Is declaration c in a system header, the parse header or one of ours (include/cuda)? */
bool decl_in_headers(CXCursor c);
/*
 * fn_reach.c: walk kernel and the functions it reaches (calls and references
 * followed through their definitions, each walked once, at most max_depth
 * deep).  ref: a referenced function declaration, followed (GO), not (SKIP),
 * or the walk stopped; def: its definition, walked (GO) or not; visit: each
 * cursor of a walked function fn, STOP ends the walk.  A NULL callback
 * says GO.  True if a callback stopped the walk.
 */
enum fn_reach_step { FN_REACH_GO, FN_REACH_SKIP, FN_REACH_STOP };
struct fn_reach {
	enum fn_reach_step (*ref)(void *ctx, CXCursor decl);
	enum fn_reach_step (*def)(void *ctx, CXCursor def);
	enum fn_reach_step (*visit)(void *ctx, CXCursor c, CXCursor fn);
	void *ctx;
	unsigned max_depth;
};
bool fn_reach(CXCursor kernel, const struct fn_reach *r);
/*
 * fission_reach.c, --exec-model=fission: does kernel reach (calls followed)
 * a dependent warp-level or cooperative-groups call in a function warp.c
 * did not lower?  Diagnosed there; true if so.
 */
bool fission_unlowered_warps(struct source *s, CXCursor kernel);
/* Does fn's own body hold a suspension point (its callees not followed)? */
bool suspends_itself(const struct source *s, CXCursor fn);
/* fiber_plain.c: can no thread of kernel fn ever suspend (callees followed)?  false when unsure. */
bool fiber_never_suspends(const struct source *s, CXCursor fn);
/* Why kernel fn must run as fibers before any analysis, or NULL (a static string or one in *buf). */
const char *fiber_reason(const struct source *s, CXCursor fn, char *buf, size_t len);
/* ... statement c's own suspension point (callees not followed), in buf; NULL: none. */
const char *stmt_suspends(const struct source *s, CXCursor c, char *buf, size_t len);
/* fiber_plain.c: can statement c never suspend (callees followed)?  false when unsure. */
bool fiber_stmt_never_suspends(const struct source *s, CXCursor c);
/*
 * lane_plan.c: a fiber kernel as one fiber per warp whose lanes run as loops
 * between barriers (README "Lane loops").  lane_plan() fills *p and returns
 * true when kernel fn (body its braced body) is in the subset, else false
 * with p->why; whole.c writes the kernel's text with the splices applied
 * (lane_splice_next: the next one within [pos, b), if any).
 */
struct lane_splice {
	unsigned at, skip;	/* the text [at, skip) is replaced */
	unsigned seq;
	int kind;
	char *text;
	char *text2;		/* a warp helper's call: the assignment of its result after it */
};
struct lane_var {
	char *name, *type;
	bool param;		/* a warp helper's parameter: the array is the caller's */
};
/* A __device__ function with warp operations called at statement level: its own lane form. */
struct lane_helper {
	CXCursor fn;
	unsigned id;		/* NAME__idxgen_lanes_ID, unique within the kernel */
	struct lane_plan *plan;
};
struct lane_plan {
	struct lane_splice *sp;
	unsigned nsp, next;	/* next: the first not yet written */
	unsigned nbarriers;
	unsigned nops;		/* warp operations at statement level: computed between two lane loops */
	bool puts;		/* ... some of them hand in a value (__idxgen_cc_lane_put) */
	bool tls;		/* the functions it calls read threadIdx: the thread-local copy set per lane */
	bool exits;		/* a lane may return: the warp's exit mask */
	/*
	 * The line of the first branch on a condition the same across each warp
	 * only where blockDim.x % 32 == 0 (lane_warp_cond()): the lane form runs
	 * such blocks, the kernel's fiber-per-thread body the others (whole.c).
	 * 0: none, the lane form runs every block.
	 */
	unsigned warp_line;
	struct lane_var *pv;	/* promoted: kept across a barrier in a per-warp array */
	unsigned npv;
	/*
	 * Warp helpers called at statement level (`v = warpReduceSum(v);`): the
	 * lane forms whole.c writes before the kernel (lane_helper_write), nested
	 * ones first; decls: the arrays of their calls' arguments and results.
	 */
	struct lane_helper *hp;
	unsigned nhp;
	unsigned ncalls, nids;	/* calls of helpers; ids given (the kernel's plan) */
	char *decls;
	bool helper;		/* the plan of a helper's body */
	char why[256];		/* why not */
};
bool lane_plan(struct source *s, CXCursor fn, CXCursor body, struct lane_plan *p);
/* The signature of helper h's lane form: `static inline void NAME__idxgen_lanes_ID(...)`. */
char *lane_helper_signature(const struct lane_helper *h);
const struct lane_splice *lane_splice_next(struct lane_plan *p, unsigned pos, unsigned b);
void lane_plan_free(struct lane_plan *p);
/*
 * lane_macro.c: is call (a warp operation op, stripped of its statement)
 * the whole expansion of a function-like macro of the file that is one
 * call of op (`#define __shfl(v, d) __shfl_sync(0xffffffff, v, d)`)?  The
 * texts that make op mean its description desc around its statement.
 */
bool lane_op_macro(const struct source *s, CXCursor call, const char *op);
void lane_op_macro_texts(const char *op, const char *desc, char *push, size_t npush, char *pop,
			 size_t npop);
/*
 * lane_warp_cond.c: is condition cond of kernel fn the same in every lane of
 * a warp when blockDim.x % 32 == 0 (`threadIdx.x < 32`, `tid / 32 == 0`)?
 * uniform(ctx, ref): is the variable or parameter ref the same for every
 * thread of the block.
 */
bool lane_warp_cond(const struct source *s, CXCursor fn, CXCursor cond,
		    bool (*uniform)(const void *ctx, CXCursor ref), const void *ctx);
/*
 * lockstep.c: the offsets of the statements of function fn before which the
 * lanes of a warp must meet (a __shared__ store read back, or a read
 * overwritten, with no barrier between: code written for lanes in lock
 * step); the count, *pts malloc'd.  An offset with LOCKSTEP_RMW is an
 * assignment's that reads another lane's element of what it stores (read,
 * meet, write); with LOCKSTEP_TURN a loop condition's, where the lanes
 * meet before each test (`__idxgen_cc_lockstep_turn() && cond`: a turn
 * reads what the turn before stored for another lane, or stores what it
 * read, and the body is no { } block to hold the meeting); with
 * LOCKSTEP_BAD a statement's whose such assignment is written in a macro,
 * or a loop's whose condition cannot take the meeting (refused:
 * check_lockstep()); with LOCKSTEP_BRACE a branch's or loop's body that is
 * one statement, no { } block: the lanes meet before it inside braces the
 * emitter adds (`if (c) { __idxgen_cc_lockstep(); s[t] = v; }`), after the
 * condition it may have read another lane's element in.
 */
#define LOCKSTEP_RMW (1u << 31)
#define LOCKSTEP_BAD (1u << 30)
#define LOCKSTEP_TURN (1u << 29)
#define LOCKSTEP_BRACE (1u << 28)
#define LOCKSTEP_OFFSET(p) ((p) & ~(LOCKSTEP_RMW | LOCKSTEP_BAD | LOCKSTEP_TURN | LOCKSTEP_BRACE))
unsigned lockstep_points(const struct source *s, CXCursor fn, unsigned **pts);
/* branch_depth.c: the if, switch and loop statements of fn around offset at (a lock-step meeting's order). */
unsigned branch_depth(CXCursor fn, unsigned at);
/*
 * ... how many of them loop fission needs too (not those only a loop's
 * later turn finds where its body has a barrier: loop fission ends its
 * thread loops at the back edge), the first's offset in *first
 */
unsigned lockstep_fission_points(const struct source *s, CXCursor fn, unsigned *first);
/* ... the first statement of those in *stmt, why the lanes meet there in *why; false when there is none */
bool lockstep_first(const struct source *s, CXCursor fn, CXCursor *stmt, unsigned *why);
/* why the lanes meet at a point: it reads what another lane stored, stores what another read, or both in one assignment */
#define LOCKSTEP_WHY_READ 1u
#define LOCKSTEP_WHY_WAR 2u
#define LOCKSTEP_WHY_RMW 4u
#define LOCKSTEP_WHY_TURN 8u	/* a turn reads what the last stored for another lane: the lanes meet at the loop's condition */
/* ... the first statement lock step cannot be kept in (LOCKSTEP_BAD) in *stmt; false when none */
bool lockstep_bad(const struct source *s, CXCursor fn, CXCursor *stmt);
/*
 * ... the line of the first statement whose proof counts on threadIdx.x
 * told the lanes apart (a 1-D block or rows of at least a warp: loop
 * fission checks the block at launch, kernel.c); 0: none.  The points of
 * lockstep_points() (fibers) never count on it.
 */
unsigned lockstep_shape_line(const struct source *s, CXCursor fn);
/*
 * What the lock-step analysis did in a translation (--dump=stats; issue 38:
 * a translation that did not end walked every function, and asked of
 * every pointer parameter with a scan of the whole program per call, per
 * argument and per caller): functions asked for their points, those whose
 * statements were walked, scans of the program's code for its calls, and
 * the questions "which parameters of fn does some call give __shared__
 * memory" answered (not those answered before, lockstep_calls.c).
 */
struct lockstep_stats {
	unsigned long asked, walked, scans, questions;
	/* fiber_names_find's fixed point (fiber_plan.c): its rounds, and the walks of a function's
	   body it made (for the names the body refers to, for what suspends by itself) */
	unsigned long fn_rounds, fn_walks;
	/* libclang's parses of the program (frontend.c): made, and taken from parse_memo.c instead */
	unsigned long parses, parses_kept;
	unsigned long macro_searches, macro_memo_hits;	/* macro_assign.c: headers searched for a #define, answers from its memo */
};
/*
 * lockstep_calls.c: the pointer and reference parameters of fn that some
 * call of the program gives __shared__ memory (`helper(&tile[k], t)`, a
 * pointer another helper was given so, LOCKSTEP_CALLER_DEPTH helpers
 * deep), added to *ps; asked once per parse of s (s->lsm); none where the
 * program's code names no __shared__ variable.  lockstep_memo_free: at
 * each new parse and at source_free().
 */
#define LOCKSTEP_CALLER_DEPTH 3
void lockstep_given_params(const struct source *s, CXCursor fn, struct cx_kids *ps);
void lockstep_memo_free(struct source *s);
/* macro_assign.c: free s->mhm */
void macro_header_memo_free(struct source *s);
/* lockstep.c, for lockstep_calls.c: a __shared__ variable of the program; a local pointer or reference */
bool lockstep_shared_var(CXCursor r);
bool lockstep_local_pointer(CXCursor r);
bool lockstep_pointer_or_reference(CXCursor r);
/* does the expression c name a __shared__ variable? */
bool lockstep_names_shared_var(CXCursor c);
/* *ps, and the local pointers of body set from one of them or from __shared__ memory (a fixed point) */
void lockstep_pointers_from(const struct source *s, CXCursor body, struct cx_kids *ps);
/*
 * The blocks where threadIdx.x does not tell the lanes of a warp apart,
 * given the expressions of blockDim.x and of blockDim.y * blockDim.z: a
 * warp is 32 consecutive linear ids, whose x (the linear id modulo
 * blockDim.x) all differ exactly where the rows are at least 32 long or
 * the block has one row.
 */
#define NARROW_ROWS "%s < 32 && %s > 1"
/*
 * What tells the lanes of a warp apart: tid, the function's local that is
 * the block's linear thread index (NULL: none), always; threadIdx.x where
 * x_apart (every block 1-D or its rows at least a warp long: what a kernel
 * counts on is checked at launch, lockstep_shape_line()).
 */
struct lane_ids {
	const char *tid;
	bool x_apart;
};
/*
 * lockstep_guard.c: do the conditions guards (of the if statements around,
 * their then branches) or the function's text fn_text prove that lane a's
 * element `store` is never lane b's element `load` (`if (t < k) s[t] +=
 * s[t + k];`)?  The texts without blanks; NULL: unknown.
 */
bool lockstep_apart(const struct source *s, const struct lane_ids *ids, const CXCursor *guards, unsigned n,
		    const char *fn_text, const char *store, const char *load);
/*
 * lockstep_rows.c: the name of fn's local variable that is the block's
 * linear thread index (`tid = threadIdx.x + blockDim.x * (threadIdx.y +
 * blockDim.y * threadIdx.z)`, nothing writes it; malloc'd, NULL: none);
 * are s[tid + c1] and s[tid + c2] apart for the lanes of one warp
 * (|c1 - c2| >= 32); does a guard prove the row-wise tree `if (threadIdx.x
 * < k) s[tid + c] op= s[tid + k + c]` (k halved from blockDim.x / 2) apart?
 */
char *lockstep_linear_tid(const struct source *s, CXCursor fn);
/*
 * lockstep_pair.c: are local pointers p and q of function body a ping-pong
 * pair, never into one __shared__ array at once (every write of them a run
 * of pointer moves that keeps them two arrays or swaps them)?  *arrays: what
 * they point into (at most 8).
 */
bool lockstep_pair_apart(const struct source *s, CXCursor body, CXCursor p, CXCursor q, CXCursor *arrays,
			 unsigned *narrays);
/*
 * lockstep_slots.c: are store and load (texts without blanks) the two halves
 * of one array, `NAME[1-X]...` and `NAME[X]...` (or X^1)?  X in name.
 * Apart where X is an integer the same in every lane (the caller's proof).
 */
bool lockstep_slot_var(const char *store, const char *load, char *name, size_t size);
/* ... is the first index of text `1-X`, `X^1` (X in name)?  For a refusal's wording. */
bool lockstep_half_index(const char *text, char *name, size_t size);
bool lockstep_warps_apart(const char *tid, const char *store, const char *load);
/*
 * ... are one statement's store s[tid + c1] and load s[tid + c2], s of size elements, apart
 * (c1 > c2, size - c1 <= c1 - c2; or c2 > c1, size - c2 <= c2 - c1 where load_sure: no lane
 * that stores skips the load)?
 */
bool lockstep_bounds_apart(const char *tid, long long size, const char *store, const char *load,
			   bool load_sure);
bool lockstep_tree_apart(const struct source *s, CXCursor fn, const struct lane_ids *ids, const CXCursor *guards,
			 unsigned n, const char *store, const char *load);
/* ... does the condition guard let one lane only run its then branch (`if (threadIdx.x == 0)`)? */
bool lockstep_one_lane(const struct source *s, const struct lane_ids *ids, CXCursor guard);
/* ... do the lanes of a warp see different values of c (ids->tid; threadIdx.x where ids->x_apart)? */
bool lockstep_lanes_apart(const struct source *s, const struct lane_ids *ids, CXCursor c);
/* ... the text from a to e without blanks (malloc'd; NULL where nothing is there) */
char *text_squeezed(const struct source *s, unsigned a, unsigned e);
/*
 * spin.c: loops of function fn that wait for memory another thread writes
 * (a spin lock, a flag): the offsets of their conditions, where
 * `__idxgen_cc_spin() && ` goes (*at malloc'd; the count), and the first
 * such loop's line in *line (0: none; a loop whose condition cannot take
 * the prefix still counts there).
 */
unsigned spin_points(const struct source *s, CXCursor fn, unsigned **at, unsigned *line);
/* in *at: a `for (init; ; inc)` whose empty condition becomes `__idxgen_cc_spin()` (offset: after the ';') */
#define SPIN_BARE (1u << 31)
unsigned spin_line(const struct source *s, CXCursor fn);
/* ... the first loop that waits for memory another thread writes (not for the device clock), 0: none */
unsigned spin_memory_line(const struct source *s, CXCursor fn);
/* ... does kernel fn spin, itself or in a function it calls (its descriptor's IDXGEN_RT_KERNEL_WAITS)? */
bool spin_reaches(const struct source *s, CXCursor fn);
/* ... can a loop's condition take `X && ` in front (no macro, no top-level assignment, comma or ?:)? */
bool cond_can_prefix(const struct source *s, CXCursor cond);
/* ... in `for (init; ; inc)`, the offset just after the header's first ';' (~0u: none) */
unsigned empty_for_cond(const struct source *s, CXCursor f);
/* ... refused in a whole program forced to loop fission (the C path: not yet) */
void check_spin(struct source *s, CXCursor fn);
/* A volatile store of warp-synchronous code (fiber_plan.c): target and value of c. */
bool warp_sync_store(const struct source *s, CXCursor c, CXCursor *target, CXCursor *value);
/* Calls of helpers that reach __activemask()/coalesced_threads() get a path scope (path_scope.c); 0, 1, 2. */
int path_scopes(struct source *s, CXIndex idx, char *const *args, int nargs);

/* driver.c: idxgen-cc as nvcc is used (whole programs); its exit status. */
int driver_main(int argc, char **argv);
/* ccbin_includes.c: add(ctx, dir) for each include folder host compiler cxx adds beyond the C/C++ libraries' */
void ccbin_include_dirs(const char *cxx, void (*add)(void *ctx, const char *dir), void *ctx);

/* optfile.c: argv with nvcc's options files (--options-file, -optf) read in;
 * own keeps the words read (freed with cc_args_free(own, true)); 0 or 2. */
struct cc_args {
	char **v;
	int n, cap;
};
int cc_expand_options_files(int argc, char **argv, struct cc_args *out, struct cc_args *own);
void cc_args_free(struct cc_args *a, bool strings);
/*
 * nvcc_opts.c: args with nvcc's spellings (--long, -opt=value) in the form
 * driver.c reads, GPU-only options dropped; -1 go on, else the exit status
 * (an output idxgen-cc cannot make, --list-gpu-arch).  Strings made are kept in own.
 */
int cc_nvcc_spellings(struct cc_args *args, struct cc_args *own);
/* kernel.c: the passes of one kernel and the parts of its block function. */
struct kernel;
bool analyse_kernel(struct kernel *k);
void emit_prologue(struct kernel *k, struct buf *o);
bool kernel_cluster_dims(const struct kernel *k);	/* declared with __cluster_dims__ */
void emit_private(struct kernel *k, struct buf *o);
unsigned emit_param_sizes(const struct kernel *k, struct buf *o);
/* "op(T0), op(T1), ...": sizeof or alignof of each parameter's type; their count */
unsigned emit_param_traits(const struct kernel *k, const char *op, struct buf *o);
void kernel_init(struct kernel *k, struct source *s, CXCursor fn);
void kernel_params(struct kernel *k);	/* k->v: the parameters only (fibers need no other analysis) */
void kernel_free(struct kernel *k);

/* dump_plan.c: --dump=plan, the plan of a kernel in words. */
void dump_plan(struct kernel *k, struct buf *o);

/* ---- emission (emit.c, kernel.c) ----------------------------------------- */

/* The kernel's statements; true when a thread loop runs by whole warps (x_loop_warps). */
bool emit_kernel_body(struct kernel *k, struct buf *o);
/*
 * width_body.c: the kernel's block function(s) after analyse_kernel, up to
 * its closing brace: prologue, private area, statements.  tmpl: the
 * template header to repeat before a second function and targs its
 * arguments ("<T, N>"), or NULL and "".
 */
void emit_block_functions(struct kernel *k, const char *tmpl, const char *targs, struct buf *o);
/* Translate one __global__ function; o gets its block function and descriptor. */
void translate_kernel(struct source *s, CXCursor fn, struct buf *o);
/* Translate a parsed file into o; 0, or 1 after diagnostics. */
int translate_unit(struct source *s, CXTranslationUnit tu, struct buf *o);
/*
 * Read, parse and translate the file path (extra clang arguments args) into
 * out -- the C, or with CC_DUMP_PLAN the kernels' plans: 0, 1 (diagnostics
 * printed) or 2 (I/O or libclang failure).  Keeps no state between calls.
 */
#define CC_DUMP_PLAN 1u
int cc_translate_file(const char *path, char *const *args, int nargs, unsigned flags, struct buf *out);
/* The same with __CUDA_ARCH__ cuda_arch for the device code (0: CUDA_ARCH_DEFAULT; main.c's -arch). */
int cc_translate_file_arch(const char *path, char *const *args, int nargs, unsigned flags, int cuda_arch,
			   struct buf *out);

#endif
