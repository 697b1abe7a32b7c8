/* SPDX-License-Identifier: MIT */
/*
 * instance.c - one intrinsic call in one iteration of its loops becomes an
 * instance (co->insts): its warp, buffer and range evaluated and checked
 * (warp in 0..N-1, range inside the buffer, device producers only into
 * index memory with a block of 16-bit words, host producers not into it).
 */
#include "coop.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

const char *const ikind_name[I_NKINDS] = { "coop_dev_produce", "coop_copy", "coop_produce",
					   "coop_consume" };
const int arg_buf[I_NKINDS] = { 1, 1, 2, 2 }, arg_lo[I_NKINDS] = { 2, 2, 3, 3 },
	  nargs[I_NKINDS] = { 5, 5, 6, 6 };

bool is_producer(const struct inst *in)
{
	return in->kind != I_CONS;
}

/* The bytes reduce.c needs for n instances: n bit rows of n bits, in 64-bit words. */
static unsigned long long reach_bytes(unsigned long long n)
{
	return (n + 63) / 64 * 8 * n;
}

/* The memory of this machine (or the address-space limit, if lower), in bytes. */
static unsigned long long memory_bytes(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	unsigned long long mem = pages > 0 && page > 0 ? (unsigned long long)pages * page : ~0ull;
	struct rlimit rl;

	if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < mem)
		mem = rl.rlim_cur;
	return mem;
}

void set_instance_limit(struct coop *co)
{
	unsigned long long mem = memory_bytes();
	long lo = 0, hi = INT_MAX, mid;

	/* the largest n <= INT_MAX whose reachability matrix fits */
	while (lo < hi) {
		mid = lo + (hi - lo + 1) / 2;
		if (reach_bytes((unsigned long long)mid) <= mem)
			lo = mid;
		else
			hi = mid - 1;
	}
	co->max_inst = (int)lo;
	co->mem_mib = mem >> 20;
}

/* The buffer argument without &, parentheses and conversions. */
static CXCursor buffer_ref(const struct coop *co, CXCursor c)
{
	for (;;) {
		enum CXCursorKind k = clang_getCursorKind(c);
		CXCursor only;
		bool amp;
		char *op;

		if (!cx_only_child(c, &only))
			return c;
		if (k == CXCursor_UnexposedExpr || k == CXCursor_ParenExpr) {
			c = only;
			continue;
		}
		if (k != CXCursor_UnaryOperator)
			return c;
		op = op_token(co, c, NULL);
		amp = !strcmp(op, "&");
		free(op);
		if (!amp)
			return c;
		c = only;
	}
}

/* A new buffer: the variable ref, kind and size from its COOP_*BUFFER initializer. */
static void buffer_new(struct coop *co, CXCursor ref, const char *usr)
{
	struct cx_kids ch = cx_kids_of(ref), il = { 0 };
	struct buffer *b;
	long v;

	co->bufs = coop_grow(co->bufs, &co->cap_bufs, (size_t)co->nbufs, sizeof(*co->bufs));
	b = &co->bufs[co->nbufs++];
	*b = (struct buffer){ cx_spelling(ref), cx_strdup(usr), 0, -1, coop_loc(ref) };
	if (ch.n >= 1 && clang_getCursorKind(ch.c[ch.n - 1]) == CXCursor_InitListExpr)
		il = cx_kids_of(ch.c[ch.n - 1]);
	if (il.n >= 3 && eval(co, il.c[1], &v))
		b->kind = v == 1 || v == 2 ? (int)v : 0;
	if (il.n >= 3 && eval(co, il.c[2], &v))
		b->size = v;
	cx_kids_free(&il);
	cx_kids_free(&ch);
}

/* The buffer an argument names (&NAME of a COOP_*BUFFER), or -1 after a diagnostic. */
static int buffer_of(struct coop *co, CXCursor arg)
{
	CXCursor c = buffer_ref(co, arg), ref = clang_getCursorReferenced(c);
	char *usr;
	int i;

	if (clang_getCursorKind(c) != CXCursor_DeclRefExpr ||
	    clang_getCursorKind(ref) != CXCursor_VarDecl) {
		error_at(co, arg,
			 "buffer argument must be &NAME of a COOP_BUFFER or COOP_DEVBUFFER");
		return -1;
	}
	usr = cx_string(clang_getCursorUSR(ref));
	for (i = 0; i < co->nbufs; i++)
		if (!strcmp(co->bufs[i].usr, usr))
			break;
	if (i == co->nbufs)
		buffer_new(co, ref, usr);
	free(usr);
	return i;
}

/*
 * coop_dev_produce's block: into a COOP_DEVBUFFER, dx dividing the range,
 * and dx x dy small enough for 16-bit words (the device's index words).
 */
static bool check_dev_block(struct coop *co, struct inst *in, const CXCursor *a)
{
	const struct buffer *b = &co->bufs[in->buf];
	unsigned long d;
	long dy, bits = 0;

	if (b->kind != 2) {
		error_at(co, a[1], "coop_dev_produce writes index memory: '%s' is not a "
				   "COOP_DEVBUFFER",
			 b->name);
		return false;
	}
	if (!eval(co, a[4], &in->dx) || in->dx <= 0 || (in->hi - in->lo) % in->dx) {
		error_at(co, a[4], "dx must be a positive constant dividing the range length %ld",
			 in->hi - in->lo);
		return false;
	}
	dy = (in->hi - in->lo) / in->dx;
	for (d = 1; d < (unsigned long)in->dx; d <<= 1)
		bits++;
	for (d = 1; d < (unsigned long)dy; d <<= 1)
		bits++;
	if (bits > 16) {
		error_at(co, a[4], "a %ld x %ld block needs %ld-bit words; device buffers hold "
				   "16-bit words",
			 in->dx, dy, bits);
		return false;
	}
	return true;
}

/* The warp: a constant in 0..COOP_WARPS-1. */
static bool inst_warp(struct coop *co, struct inst *in, CXCursor a)
{
	long w;

	if (!eval(co, a, &w)) {
		error_at(co, a, "warp number must be a constant expression (of loop variables)");
		return false;
	}
	if (co->nwarps > 0 && (w < 0 || w >= co->nwarps)) {
		error_at(co, a, "warp number %ld out of range: COOP_WARPS(%d) allows 0..%d", w,
			 co->nwarps, co->nwarps - 1);
		diag_at(co, co->nwarps_where, "note", "COOP_WARPS declared here");
		return false;
	}
	in->warp = (int)w;
	return true;
}

/* The buffer and the range [lo, hi) inside it; what the kind of call may do with it. */
static bool inst_range(struct coop *co, struct inst *in, const CXCursor *a)
{
	const int ab = arg_buf[in->kind], al = arg_lo[in->kind];
	const struct buffer *b;

	if ((in->buf = buffer_of(co, a[ab])) < 0)
		return false;
	b = &co->bufs[in->buf];
	if (!eval(co, a[al], &in->lo) || !eval(co, a[al + 1], &in->hi)) {
		error_at(co, a[al], "range bounds must be constant expressions (of loop "
				    "variables)");
		return false;
	}
	if (in->lo < 0 || in->hi < in->lo || (b->size >= 0 && in->hi > b->size)) {
		error_at(co, a[al], "range [%ld, %ld) is outside buffer '%s' of %ld elements",
			 in->lo, in->hi, b->name, b->size);
		return false;
	}
	if (in->kind == I_DEV)
		return check_dev_block(co, in, a);
	if (in->kind != I_CONS && b->kind == 2) {
		error_at(co, a[ab], "%s on device buffer '%s': only the device writes index "
				    "memory",
			 ikind_name[in->kind], b->name);
		return false;
	}
	return true;
}

/* Is there room for one more instance?  Else a diagnostic naming the limit. */
static bool inst_room(struct coop *co, CXCursor c)
{
	if (co->ninst < co->max_inst)
		return true;
	error_at(co, c,
		 "more than %d intrinsic calls after loop expansion: the transitive reduction "
		 "needs N*N/8 bytes for N calls, more than the %llu MiB of memory available",
		 co->max_inst, co->mem_mib);
	return false;
}

void add_instance(struct coop *co, int t)
{
	CXCursor c = co->tree[t].cur, a[COOP_MAX_ARGS];
	struct inst in = { .kind = (enum ikind)intrinsic_kind(c), .tree = t };
	int i, n = clang_Cursor_getNumArguments(c);

	if (n != nargs[in.kind]) {
		error_at(co, c, "%s takes %d arguments", ikind_name[in.kind], nargs[in.kind]);
		return;
	}
	for (i = 0; i < n; i++) /* n <= COOP_MAX_ARGS: nargs[] */
		a[i] = clang_Cursor_getArgument(c, (unsigned)i);
	if (!inst_room(co, c))
		return;
	in.where = coop_loc(c);
	if (!inst_warp(co, &in, a[0]) || !inst_range(co, &in, a)) {
		cx_loc_free(&in.where);
		return;
	}
	in.text = cursor_text(co, c, true);
	in.iter = env_string(co);
	co->insts = coop_grow(co->insts, &co->cap_insts, (size_t)co->ninst, sizeof(*co->insts));
	co->insts[co->ninst++] = in;
}

void label_instances(struct coop *co)
{
	int i, np = 0, nc = 0;

	for (i = 0; i < co->ninst; i++) {
		struct inst *in = &co->insts[i];

		in->label = coop_format("%c%d", is_producer(in) ? 'p' : 'c',
					is_producer(in) ? ++np : ++nc);
	}
}
