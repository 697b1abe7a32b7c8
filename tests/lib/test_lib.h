// SPDX-License-Identifier: MIT
/*
 * test_lib.h - what the files of the libidxgen suite (idxgen-lib-test, one
 * binary: test_lib.c and test_lib_*.c) share: the device opened by
 * test_basics, its information from test_info, the reference check of a
 * job's output, and one TAP count (tests/common/tap.h, TAP_SHARED).
 */
#ifndef IDXGEN_TEST_LIB_H
#define IDXGEN_TEST_LIB_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen.h"
#include "idxgen_hw.h"
#include "idxgen_lock.h"
#include "gen_ref.h"
#include "hang_guard.h"
#define TAP_SHARED
#include "tap.h"

#define OK(call) ((call) == 0)
#define SEC ((int64_t)1000000000)
/*
 * The bound of a wait for an event (a job's completion, idxgen_wait; a
 * waiter registered with the arbiter; the device back after a rescan): a
 * hang guard only, never a speed guess.
 * The events take milliseconds; the whole lib suite takes 60 s on the debug
 * kernel under TCG at load 23: >= 25x.  The stock kernel's run shortens it
 * (IDXGEN_HANG_GUARD_S, hang_guard.h).
 */
#define LIB_HANG_GUARD_S hang_guard_s(1500)

extern struct idxgen_device *dev;	/* device 0, opened by test_basics */
extern struct idxgen_info info;		/* its information, from test_info */

/* Every thread of cfg's output against the reference (tests/common/gen_ref.h). */
int output_ok(const struct idxgen_config *cfg);

/* The tests, in the order main() runs them, by file. */
void test_basics(void);		/* test_lib_open.c: version, listing, opening, NULL arguments */
void test_info(void);
void test_builder(void);	/* test_lib_jobs.c: configurations, contexts, submission */
void test_contexts(void);
void test_jobs(void);
void test_device_shapes(void);
void test_regions(void);	/* test_lib_regions.c */
void test_unpack(void);		/* test_lib_unpack.c: unpacking, the warp iterator */
void test_iterator(void);
void test_threads(void);	/* test_lib_threads.c: concurrency, lifetime, stats */
void test_lifetime(void);
void test_schedule(void);	/* test_lib_schedule.c: schedule orders (issue 9) */
void test_locks(void);		/* test_lib_locks.c: priority arbitration */
void test_user_queues(void);	/* test_lib_uq.c: user queues against the ioctl path */
void test_uq_removed(bool on_device); /* last: device 0 removed under a queue, then rescanned */

#endif /* IDXGEN_TEST_LIB_H */
