// SPDX-License-Identifier: MIT
/*
 * builtins.c - the built-ins emitted code calls (idxgen_rt.h part 3): trap
 * (longjmp out of the block, the launch fails with the message) and printf
 * (per-block buffer, written in one piece).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

void rt_flush_printf(struct idxgen_rt *rt, struct idxgen_rt_worker *w)
{
	if (!w->plen)
		return;
	pthread_mutex_lock(&rt->out_lock);
	fwrite(w->pbuf, 1, w->plen, stdout);
	if (w->poverflow)
		fputs("[idxgen-rt: kernel printf output of this block truncated]\n", stdout);
	fflush(stdout);
	pthread_mutex_unlock(&rt->out_lock);
	w->plen = 0;
	w->poverflow = false;
}

/* Run one block; false if it trapped. */
/* ------------------------------------------------------------------ */
/* Built-ins                                                           */
/* ------------------------------------------------------------------ */

/*
 * Translated whole programs define it (include/idxgen_cc_program.h): a block
 * left by a trap jumps past the end of its block function's scopes, one of
 * which says that device code runs on this OS thread (the view of
 * __host__ __device__ functions whose bodies differ under __CUDA_ARCH__);
 * the thread that waits for a launch runs blocks too and goes back to host
 * code.  Weak: other programs (C kernels, the JIT) have none.
 */
extern void idxgen_cc_block_trapped(void) __attribute__((weak));

static void trap_leave(void)
{
	if (idxgen_cc_block_trapped)
		idxgen_cc_block_trapped();
}

void idxgen_rt_trap(struct idxgen_rt_block *blk, const char *fmt, ...)
{
	struct idxgen_rt_worker *w = blk->worker;
	struct idxgen_rt_launch *l = w->l;
	int z = 0;

	if (atomic_compare_exchange_strong(&l->trapped, &z, 1)) {
		char msg[120];
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		snprintf(l->info.error, sizeof(l->info.error), "%s: trap in block (%u,%u,%u): %s",
			 l->k->name ? l->k->name : "kernel", blk->block_idx[0], blk->block_idx[1],
			 blk->block_idx[2], msg);
	}
	rt_fiber_trap(w);	/* on a fiber: back to the block's stack, which comes here again */
	trap_leave();
	longjmp(w->jb, 1);
}

void rt_trap_resume(struct idxgen_rt_block *blk)
{
	trap_leave();
	longjmp(blk->worker->jb, 1);
}

#define RT_PRINTF_MAX	(1u << 20)	/* per block */

int idxgen_rt_printf(struct idxgen_rt_block *blk, const char *fmt, ...)
{
	struct idxgen_rt_worker *w = blk->worker;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return n;
	if (w->plen + (size_t)n + 1 > w->pcap) {
		size_t cap = w->pcap ? w->pcap : 256;
		char *p;

		while (cap < w->plen + (size_t)n + 1)
			cap *= 2;
		if (cap > RT_PRINTF_MAX || !(p = realloc(w->pbuf, cap))) {
			w->poverflow = true;
			return -1;
		}
		w->pbuf = p;
		w->pcap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(w->pbuf + w->plen, (size_t)n + 1, fmt, ap);
	va_end(ap);
	w->plen += (size_t)n;
	return n;
}
