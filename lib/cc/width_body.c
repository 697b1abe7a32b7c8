/*
 * A kernel's block function, and a second one for the common block width.
 *
 * A thread loop whose accesses are not contiguous in threadIdx.x runs by
 * whole warps (emit.c x_loop_warps): loops of 32 threads, then the last
 * partial warp.  The compiler still does not know blockDim.x, so it keeps
 * the warps' loop and the partial one; POCL, which compiles each
 * work-group size apart, knows it.  Such a kernel gets a second block
 * function, NAME__block_w32, the same statements with blockDim.x the
 * constant 32 (`__bdx = 32u`, blockDim's x), and NAME__block_pick, which
 * the descriptor names, runs a block 32 threads wide there and any other
 * in NAME__block: one loop of exactly 32 threads, unrolled.  Transpose's
 * tile read down a column ran 1.45x faster with the width a constant
 * (fifteenth session, lib/README.md).  Other kernels keep one function: a
 * second body doubles their compile time for no gain, and clang stops
 * vectorising small forced loops it unrolls fully
 * (tests/cc/check-vectorize.sh).
 */
#include "cc.h"

#define COMMON_WIDTH 32u

/*
 * The second function is a copy of the first: a warning real to the
 * kernel's code shows in the first, which the picker calls through a
 * volatile pointer, as the runtime did through the descriptor, so that it
 * is compiled as before; the copy is not inlined into the picker.  What
 * only the constant width lets the compiler see is not the kernel's to
 * answer for: GCC's "iteration 9 invokes undefined behavior" for a tile 8
 * wide that a block 32 wide would overrun (golden shared.cu), a warp slot
 * "may be used uninitialized" where the loops filling it might run no
 * thread (warp_ballot.cu).  Those are silenced around the copy.  GCC's
 * "may be used uninitialized" also around the first: the copy's calls of
 * the runtime's warp helpers change which calls GCC inlines in the whole
 * file, and a helper left a call reads its const pointer to the warp's
 * slots as a read of memory that loops running no thread leave unwritten
 * (warp_ballot.cu's first function; without the copy the helper is
 * inlined there).  Directives start a line of their own.
 */
static const char quiet_begin[] = "\n#if defined(__clang__)\n"
				  "#pragma clang diagnostic push\n"
				  "#pragma clang diagnostic ignored \"-Warray-bounds\"\n"
				  "#pragma clang diagnostic ignored \"-Wuninitialized\"\n"
				  "#pragma clang diagnostic ignored \"-Wsometimes-uninitialized\"\n"
				  "#elif defined(__GNUC__)\n"
				  "#pragma GCC diagnostic push\n"
				  "#pragma GCC diagnostic ignored \"-Waggressive-loop-optimizations\"\n"
				  "#pragma GCC diagnostic ignored \"-Wmaybe-uninitialized\"\n"
				  "#pragma GCC diagnostic ignored \"-Wuninitialized\"\n"
				  "#pragma GCC diagnostic ignored \"-Warray-bounds\"\n"
				  "#pragma GCC diagnostic ignored \"-Wstringop-overflow\"\n"
				  "#endif\n";
static const char quiet_first_begin[] = "#if defined(__GNUC__) && !defined(__clang__)\n"
					"#pragma GCC diagnostic push\n"
					"#pragma GCC diagnostic ignored \"-Wmaybe-uninitialized\"\n"
					"#endif\n";
static const char quiet_first_end[] = "#if defined(__GNUC__) && !defined(__clang__)\n"
				      "#pragma GCC diagnostic pop\n"
				      "#endif\n";
static const char quiet_end[] = "#if defined(__clang__)\n"
				"#pragma clang diagnostic pop\n"
				"#elif defined(__GNUC__)\n"
				"#pragma GCC diagnostic pop\n"
				"#endif\n";

/* Prologue, private area, the statements already written (body) and the closing brace. */
static void block_function(struct kernel *k, const char *tmpl, unsigned width, const struct buf *body,
			   struct buf *o)
{
	if (tmpl)
		bputs(o, tmpl);
	k->block_width = width;
	emit_prologue(k, o);
	emit_private(k, o);
	k->block_width = 0;
	bput(o, body->p ? body->p : "", body->n);
	bputs(o, "}\n\n");
}

void emit_block_functions(struct kernel *k, const char *tmpl, const char *targs, struct buf *o)
{
	struct buf body = { 0 };

	k->width_body = emit_kernel_body(k, &body);
	if (k->width_body) {
		bputs(o, quiet_begin);
		block_function(k, tmpl, COMMON_WIDTH, &body, o);
		bputs(o, quiet_end);
	}
	if (k->width_body)
		bputs(o, quiet_first_begin);
	block_function(k, tmpl, 0, &body, o);
	if (k->width_body) {
		bputs(o, quiet_first_end);
		if (tmpl)
			bputs(o, tmpl);
		bprintf(o, "/* __global__ %s: a block %u threads wide runs in %s__block_w%u, "
			   "blockDim.x a constant there */\n"
			   "static void %s__block_pick(struct idxgen_rt_block *__b)\n{\n"
			   "\tvoid (*volatile const any)(struct idxgen_rt_block *) = %s__block%s;"
			   "	/* compiled as before */\n\n"
			   "\tif (__b->block_dim[0] == %uu)\n\t\t%s__block_w%u%s(__b);\n"
			   "\telse\n\t\tany(__b);\n}\n\n",
			k->name, COMMON_WIDTH, k->cname, COMMON_WIDTH, k->cname, k->cname, targs, COMMON_WIDTH,
			k->cname, COMMON_WIDTH, targs);
	}
	buf_free(&body);
}
