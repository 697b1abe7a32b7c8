/* SPDX-License-Identifier: MIT */
/*
 * drv_common.h - what the driver's two in-guest test programs share
 * (idxgen-drv-test, tests/driver; idxgen-stress, tests/driver/stress): the
 * device under test (struct dev), the hang guard of every wait, and the
 * helpers of drv_common.c (files, device open, the uapi wrappers, jobs and
 * their read-back against tests/common/gen_ref.h, the driver's object
 * counters, child processes with a bounded wait).  Each program's own
 * header (drv_test.h, stress/stress.h) adds its tests or modes.
 */
#ifndef IDXGEN_DRV_COMMON_H
#define IDXGEN_DRV_COMMON_H

#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
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
#include "hang_guard.h"
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

/*
 * The bound of every wait for an event that should come (a debugfs count, a
 * device node, a kernel log line): a hang guard only, far above the slowest
 * run (an event takes seconds; the slowest whole driver suite, drv-reload,
 * 121 s of guest clock on the debug kernel at load 23: >= 12x, tests/README.md);
 * a wait ends as soon as its event comes, so the guard costs nothing when
 * the test passes.  Below the guest's suite guard (run-vm.sh), so that a
 * hang fails the test that hung, named.  The stock kernel's run shortens it
 * (IDXGEN_HANG_GUARD_S, hang_guard.h).
 */
#define HANG_GUARD_S hang_guard_s(1500)

/* drv_common.c: files, the device, ioctls */
int xioctl(int fd, unsigned long req, void *arg);
/* One ioctl, no retry: fail-nth must see exactly one call. */
int ioctl1(int fd, unsigned long req, void *arg);
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
void cfg_make_lanes(struct drm_idxgen_config *c, uint32_t lanes, uint32_t region, uint64_t off,
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
int run_batch(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
	      struct drm_idxgen_job_result *res, int sec);
bool warps_ok(const struct dev *d, const struct drm_idxgen_config *c,
	      const struct drm_idxgen_job_result *r);
bool output_ok(const void *map, const struct drm_idxgen_config *c);
bool all_zero(const void *map, uint64_t len);
bool job_works(struct dev *d, uint32_t ctx, uint32_t reg, const void *m, uint32_t dx);
bool job_works_fresh(struct dev *d);

/* drv_common.c: child processes and sysfs writes that may not return */
int wait_child(pid_t pid, int sec, double *took);
int write_bounded(const char *path, const char *s, int sec, double *took);

/* drv_common.c: the driver's live objects (debugfs "objects"), the kernel's taint */
struct counts {
	long regions, contexts, jobs, files;
	long uqs; /* user queues (-1 where the driver has none to count) */
};
struct counts objects(const struct dev *d);
bool objects_back(const struct dev *d, struct counts want, int sec);
#define TAINT_WARN (1u << 9)
#define TAINT_DIE  (1u << 7)
unsigned int taint(void);

#endif /* IDXGEN_DRV_COMMON_H */
