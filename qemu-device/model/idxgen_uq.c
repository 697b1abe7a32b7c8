/* SPDX-License-Identifier: MIT */
/*
 * idxgen_uq.c - the window check of user queues: a process's jobs reach
 * only the index memory, word sizes and locks its driver allowed.
 */
#include "idxgen_uq.h"

/* [t, t + len) inside window w, without overflow (len >= 1). */
static int window_holds(const struct igm_uq_window *w, uint64_t t, uint64_t len)
{
	return t >= w->base && len <= w->size && t - w->base <= w->size - len;
}

static int window_allows_word(const struct igm_uq_window *w, const struct igm_job *j)
{
	uint32_t word = j->word_size == 2 ? IDXGEN_UQW_F_WORD16 :
			j->word_size == 4 ? IDXGEN_UQW_F_WORD32 : 0;
	int shared = !!(j->flags & IDXGEN_DESC_F_SHARED);

	return (w->flags & word) && shared == !!(w->flags & IDXGEN_UQW_F_SHARED);
}

int igm_uq_window_check(const struct igm_uq_window *w, unsigned int n,
			const struct igm_job *j, uint32_t held)
{
	uint64_t len = igm_job_bytes(j);
	int best = IDXGEN_CPL_UQ_NO_WINDOW;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!(w[i].flags & IDXGEN_UQW_F_VALID) || !len ||
		    !window_holds(&w[i], j->target, len))
			continue;
		if (!window_allows_word(&w[i], j)) {
			if (best == IDXGEN_CPL_UQ_NO_WINDOW)
				best = IDXGEN_CPL_UQ_WORD_SIZE;
			continue;
		}
		if ((w[i].flags & IDXGEN_UQW_F_LOCK) &&
		    !(held & (1u << IDXGEN_UQW_F_LOCK_OF(w[i].flags)))) {
			best = IDXGEN_CPL_UQ_LOCK;
			continue;
		}
		return IDXGEN_CPL_OK;
	}
	return best;
}
