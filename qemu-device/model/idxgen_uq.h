/* SPDX-License-Identifier: MIT */
/*
 * idxgen_uq.h - the window check of user queues (include/idxgen_hw.h,
 * "User queues"): which jobs of a user queue may run.  Pure C11, shared
 * like the rest of model/.
 */
#ifndef IDXGEN_UQ_H
#define IDXGEN_UQ_H

#include <stdint.h>

#include "idxgen_model.h"

/* One window table entry, as the registers hold it (IDXGEN_UQW_*). */
struct igm_uq_window {
	uint32_t base;		/* byte offset in index memory */
	uint32_t size;		/* bytes */
	uint32_t flags;		/* IDXGEN_UQW_F_* */
};

/*
 * IDXGEN_CPL_OK if job j (already validated: its output lies in index
 * memory) may run on a queue with windows w[0..n) and a requester that
 * holds the locks in bitmap held; else UQ_NO_WINDOW, UQ_WORD_SIZE or
 * UQ_LOCK.  With several windows around the output, the job runs if one
 * of them allows it, and the error is the furthest check any of them
 * reached.
 */
int igm_uq_window_check(const struct igm_uq_window *w, unsigned int n,
			const struct igm_job *j, uint32_t held);

#endif /* IDXGEN_UQ_H */
