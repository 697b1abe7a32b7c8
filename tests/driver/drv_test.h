/* SPDX-License-Identifier: MIT */
/*
 * drv_test.h - what the files of idxgen-drv-test share: the device under
 * test (struct dev, the context every test gets), the uapi helpers of
 * drv_common.c, the kernel-log helpers of drv_kmsg.c and the tests of each
 * area.  main.c (the modes) says which test runs when.
 *
 *   drv_common.c    device open, ioctl wrappers, job submission and waits,
 *                   read-back against the reference, child processes
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

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "idxgen_accel.h"
#include "idxgen_hw.h"
#define TAP_SHARED
#include "tap.h"
#include "gen_ref.h"

/* The device under test: an open file of one accel minor and what it reported. */
struct dev {
	int fd;
	int minor;
	char pci[64];
	char dbg[192];
	uint64_t lanes, max_threads, queues, imem, shared, features, hist, dedicated_free;
	uint32_t shared_handle;
};

struct shape {
	uint32_t dx, dy, dz;
};

/*
 * The bound of every wait for an event that should come (a debugfs count, a
 * device node, a kernel log line): a hang guard only, far above the slowest
 * run (well under 10 s on the debug kernel under load); a wait ends as soon
 * as its event comes, so the guard costs nothing when the test passes.
 */
#define HANG_GUARD_S 600

/* drv_common.c: files, the device, ioctls */
int xioctl(int fd, unsigned long req, void *arg);
uint64_t param(int fd, uint32_t p);
int read_file(const char *path, char *buf, size_t len);
int write_file(const char *path, const char *s);
int dev_open(struct dev *d, int minor);
int num_devices(void);
int minor_of(const char *pci);
int find_debug_dev(void);
int wait_node(const char *pci);
long dbg_value(const struct dev *d, const char *file, const char *name);
bool dbg_wait(const struct dev *d, const char *file, const char *name, long want);
bool wait_device_busy(const struct dev *d, int fd, uint32_t so, int sec);
int inject(struct dev *d, unsigned int bits);
long timeout_ms(void);
double now_s(void);
int ctx_create(int fd, uint32_t prio, uint32_t *id);
int ctx_destroy(int fd, uint32_t id);
int ctx_query(int fd, uint32_t ctx, struct drm_idxgen_ctx_query *q);
int region_create(int fd, uint64_t size, uint32_t *h);
int region_shared(int fd, uint32_t *h, uint64_t *size);
int gem_close(int fd, uint32_t h);
const void *region_map(int fd, uint32_t h, uint64_t *size);

/* drv_common.c: jobs */
void cfg_make(struct drm_idxgen_config *c, const struct dev *d, uint32_t region, uint64_t off,
	      uint32_t dx, uint32_t dy, uint32_t dz);
uint64_t cfg_bytes(const struct drm_idxgen_config *c);
int submit(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n, uint32_t in,
	   uint32_t out, uint64_t *first);
int submit_syncs(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
		 const struct drm_idxgen_sync *in, uint32_t nin, const struct drm_idxgen_sync *out,
		 uint32_t nout, uint64_t *first);
int64_t abs_timeout(int sec);
int sync_wait(int fd, uint32_t h, int sec);
int job_result(int fd, uint32_t ctx, uint64_t seq, struct drm_idxgen_job_result *r);
int wait_job(int fd, uint32_t ctx, uint64_t seq, int64_t deadline, struct drm_idxgen_job_result *r);
int run(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
	struct drm_idxgen_job_result *res);
bool warps_ok(const struct dev *d, const struct drm_idxgen_config *c,
	      const struct drm_idxgen_job_result *r);
bool output_ok(const void *map, const struct drm_idxgen_config *c);
bool all_zero(const void *map, uint64_t len);
bool job_works(struct dev *d, uint32_t ctx, uint32_t reg, const void *m, uint32_t dx);
bool job_works_fresh(struct dev *d);

/* drv_common.c: child processes and sysfs writes that may not return */
int wait_child(pid_t pid, int sec, double *took);
int write_bounded(const char *path, const char *s, int sec, double *took);

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
