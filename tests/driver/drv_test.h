/* SPDX-License-Identifier: MIT */
/*
 * drv_test.h - what the files of idxgen-drv-test share: the device under
 * test (struct dev, the context every test gets), the uapi helpers of
 * drv_common.c (drv_common.h, shared with idxgen-stress), the kernel-log
 * helpers of drv_kmsg.c and the tests of each area.  main.c (the modes)
 * says which test runs when.
 *
 *   drv_common.c    device open, ioctl wrappers, job submission and waits,
 *                   read-back against the reference, the driver's object
 *                   counters, child processes (also idxgen-stress's)
 *   drv_kmsg.c      /dev/kmsg: splats, waiting for a line, notes
 *   drv_uapi.c      GET_PARAM, every ioctl's bad arguments, WAIT, CTX_QUERY
 *   drv_submit.c    shapes, history, batches, sync arrays, processes, fds
 *   drv_regions.c   shared and dedicated regions, isolation, reservations
 *   drv_sysfs.c     sysfs, debugfs, fdinfo, leaks
 *   drv_sched.c     the schedule table (firmware, GET_PARAM, untrusted)
 *   drv_faults.c    injected faults, hang blame, failed dependencies, bad
 *                   HEAD, reset storm, failed reset
 *   drv_aer.c       AER recovery, AER + removal
 *   drv_suspend.c   suspend/resume through pm_test
 *   drv_unplug.c    close + unbind, hot-unplug
 *   drv_uq.c        user queues (uapi v3), a hostile process
 */
#ifndef IDXGEN_DRV_TEST_H
#define IDXGEN_DRV_TEST_H

#include "drv_common.h"

struct shape {
	uint32_t dx, dy, dz;
};

/* drv_kmsg.c */
int kmsg_open(void);
bool kmsg_bad(int fd);
bool kmsg_wait(int fd, const char *s, int sec);
bool kmsg_wait_fast_also(int fd, const char *s, int ms, const char *also, bool *seen);
bool kmsg_wait_fast(int fd, const char *s, int ms);
bool kmsg_seen(int fd, const char *s);
void kmsg_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/*
 * The VM harness's monitor port for the test WHAT: its descriptor, or -1
 * after a skip (not in the harness) or a failure (in it, the port does not
 * open: a broken harness is never a reason to skip).
 */
int hmp_open(const char *what);

/* the tests, by area */
void test_watchdog(struct dev *d);
void test_params(struct dev *d);
void test_invalid(struct dev *d);
void test_uapi_v2(struct dev *d);
void test_shapes(struct dev *d);
void test_history_example(struct dev *d);
void test_batch(struct dev *d);
void test_sync_arrays(struct dev *d);
void test_processes(int minor);
void test_priority_perm(struct dev *d);
void test_many_fds(int minor);
void test_close_inflight(int minor);
void test_history_regions(struct dev *d);
void test_isolation(int minor);
void test_resv(struct dev *d);
void test_leaks(int minor);
void test_sysfs_debugfs(struct dev *d);
void test_fdinfo(struct dev *d);
void test_sched_table(struct dev *d);
void test_sched_fw(void);
void test_faults(struct dev *d);
void test_hang_blame(struct dev *d);
void test_failed_deps(struct dev *d);
void test_bad_head(struct dev *d);
void test_reset_storm(struct dev *d);
void test_failed_reset(struct dev *d);
void test_aer(struct dev *d);
int test_aer_remove(int minor);
void test_suspend(struct dev *d);
int test_close_unbind(int minor);
struct uq;
struct uq *uq_unplug_setup(struct dev *d, uint32_t ctx, uint32_t reg, uint64_t reg_size);
void uq_unplug_check(struct uq *q);
void test_unplug(int minor);
void test_uq(struct dev *d);				/* drv_uq.c */

/* drv_unplug.c: for idxgen-drv-reload.sh (mode flood) and the close/unbind test */
#define FLOOD_JOBS  256
#define FLOOD_BATCH 64
int flood_then_exit(int minor, bool hang);

#endif /* IDXGEN_DRV_TEST_H */
