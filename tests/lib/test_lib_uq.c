// SPDX-License-Identifier: MIT
/*
 * test_lib_uq.c - the libidxgen suite (test_lib.c): submission through a
 * user queue (uapi v3) against the ioctl path.
 *
 * Device 0 is opened twice: once as it comes (user queues, where the
 * device has them) and once with IDXGEN_USER_QUEUES=0 (the ioctl path).
 * The same jobs through both give the same results and the same bytes,
 * each checked against tests/common/gen_ref.h.  Which path a handle took
 * is read from the driver, not from the library: the fdinfo line
 * drm-idxgen-user-queues of the handle's file.  Also: batches that wrap
 * the ring, more regions than a queue holds (the ioctl path, in order with
 * the queue's jobs), a region freed under a queue, the device without user
 * queues (device 1 of the VM), a corrupted completion record (the job fails
 * with -EIO / ABORTED, never passes for a success, and the next job runs),
 * a job that hangs (the driver's records: UQ_HUNG, UQ_RESET behind it),
 * a device reset under an idle queue (the next job runs) and a queue that
 * faults (the driver's records: UQ_FAULT).  Last, the device removed
 * (PCI remove) under a process that holds a queue: -ENODEV, no SIGBUS; the
 * device is rescanned for the suites after this one.
 */
#include "test_lib.h"	/* first: it defines _GNU_SOURCE */

#include <dirent.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define UQ_JOBS		300	/* > 256: wraps the ring, two batches of IDXGEN_MAX_BATCH */
#define UQ_REGION	(1u << 20)
/* a hang guard (test_lib.h), far above the slowest run: not a timing assumption */
#define UQ_GONE_HANG_GUARD_MS (LIB_HANG_GUARD_S * 1000)

/* Sum of drm-idxgen-user-queues over this process's files open on node. */
static long uq_count(const char *node)
{
	char path[320], link[128], line[128];
	struct dirent *e;
	long n = 0, v;
	DIR *d = opendir("/proc/self/fd");
	FILE *f;
	ssize_t len;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
		len = readlink(path, link, sizeof(link) - 1);
		if (len < 0)
			continue;
		link[len] = 0;
		if (strcmp(link, node))
			continue;
		snprintf(path, sizeof(path), "/proc/self/fdinfo/%s", e->d_name);
		f = fopen(path, "re");
		while (f && fgets(line, sizeof(line), f))
			if (sscanf(line, "drm-idxgen-user-queues: %ld", &v) == 1)
				n += v;
		if (f)
			fclose(f);
	}
	closedir(d);
	return n;
}

struct uq_run {
	struct idxgen_job_result res[UQ_JOBS];
	uint8_t *bytes[2];		/* the two regions' contents after the jobs */
	int submit_err, wait_err;
	unsigned int bad_output;	/* jobs whose output the reference rejects */
};

/* The job list: shapes, word sizes and offsets that vary, alternating between two regions. */
static void uq_configs(struct idxgen_device *d, struct idxgen_region **regs,
		       struct idxgen_config *cfgs)
{
	static const uint16_t shapes[][3] = { { 32, 1, 1 }, { 7, 5, 3 }, { 64, 16, 1 },
					      { 1, 1, 1 },  { 33, 3, 2 }, { 257, 3, 1 },
					      { 16, 16, 4 } };
	uint64_t off[2] = { 0, 0 };
	unsigned int i;

	for (i = 0; i < UQ_JOBS; i++) {
		const uint16_t *s = shapes[i % (sizeof(shapes) / sizeof(shapes[0]))];
		unsigned int r = i & 1;

		idxgen_config_init(&cfgs[i], d, s[0], s[1], s[2], 0);
		cfgs[i].flags |= IDXGEN_CONFIG_NO_HISTORY;	/* both runs generate */
		cfgs[i].user_tag = 1000 + i;
		if (idxgen_config_target(&cfgs[i], regs[r], off[r]))
			cfgs[i].region = NULL;	/* caught by the submit */
		off[r] += (idxgen_config_bytes(&cfgs[i]) + 7) & ~7ull;
	}
}

/* All jobs on device d (one context, two regions), results and bytes into run. */
static void uq_run_jobs(struct idxgen_device *d, struct uq_run *run, long *queues_seen,
			const char *node)
{
	static struct idxgen_config cfgs[UQ_JOBS];
	idxgen_job_t jobs[UQ_JOBS];
	struct idxgen_region *regs[2] = { NULL, NULL };
	struct idxgen_context *ctx = NULL;
	const void *map;
	unsigned int i;

	memset(run, 0, sizeof(*run));
	run->submit_err = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	for (i = 0; i < 2 && !run->submit_err; i++)
		run->submit_err = idxgen_region_alloc(d, UQ_REGION, &regs[i]);
	if (!run->submit_err) {
		uq_configs(d, regs, cfgs);
		run->submit_err = idxgen_submit(ctx, cfgs, UQ_JOBS, jobs);
	}
	*queues_seen = uq_count(node);
	/* waits from the last: an earlier job is then done already, or its own wait ends it */
	for (i = UQ_JOBS; !run->submit_err && i-- > 0;) {
		int ret = idxgen_wait(ctx, jobs[i], LIB_HANG_GUARD_S * SEC, &run->res[i]);

		if (ret && !run->wait_err)
			run->wait_err = ret;
	}
	for (i = 0; !run->submit_err && i < UQ_JOBS; i++)
		if (!output_ok(&cfgs[i]))
			run->bad_output++;
	for (i = 0; i < 2 && regs[i]; i++) {
		run->bytes[i] = malloc(UQ_REGION);
		if (run->bytes[i] && !idxgen_region_map(regs[i], &map))
			memcpy(run->bytes[i], map, UQ_REGION);
	}
	idxgen_context_destroy(ctx);
	for (i = 0; i < 2; i++)
		idxgen_region_free(regs[i]);
}

static bool uq_results_equal(const struct uq_run *a, const struct uq_run *b)
{
	unsigned int i;

	for (i = 0; i < UQ_JOBS; i++) {
		const struct idxgen_job_result *x = &a->res[i], *y = &b->res[i];

		if (x->error || x->status || x->hit || x->error != y->error ||
		    x->status != y->status || x->hit != y->hit || x->user_tag != y->user_tag ||
		    x->user_tag != 1000 + i || x->warps != y->warps || x->threads != y->threads)
			return false;
	}
	return true;
}

static void uq_run_free(struct uq_run *r)
{
	free(r->bytes[0]);
	free(r->bytes[1]);
}

/* More regions than a queue holds: those jobs take the ioctl path, in order with the queue's. */
static void test_uq_many_regions(struct idxgen_device *d)
{
	struct idxgen_region *regs[10] = { NULL };
	struct idxgen_config cfgs[10];
	struct idxgen_job_result res;
	struct idxgen_context *ctx;
	idxgen_job_t jobs[10], last;
	unsigned int i, good = 0;
	int ret;

	ret = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	for (i = 0; i < 10 && !ret; i++) {
		ret = idxgen_region_alloc(d, 1 << 16, &regs[i]);
		if (!ret)
			ret = idxgen_config_init(&cfgs[i], d, 40 + i, 9, 2, 0);
		if (!ret)
			ret = idxgen_config_target(&cfgs[i], regs[i], 0);
	}
	if (!ret)
		ret = idxgen_submit(ctx, cfgs, 3, jobs);	/* 3 regions: a queue */
	if (!ret)
		ret = idxgen_submit(ctx, cfgs, 10, jobs);	/* 10: the ioctl path */
	if (!ret)
		ret = idxgen_submit(ctx, cfgs + 5, 1, &last);	/* a queue again */
	/* waiting for the last job only: every earlier one is done too (one stream) */
	if (!ret)
		ret = idxgen_wait(ctx, last, LIB_HANG_GUARD_S * SEC, &res);
	for (i = 0; !ret && i < 10; i++)
		good += idxgen_job_result(ctx, jobs[i], &res) == 0 && !res.error &&
			res.status == IDXGEN_CPL_OK && output_ok(&cfgs[i]);
	tap_ok(!ret && good == 10, "10 regions in one batch (the ioctl path) between queue "
	       "batches: in order, all outputs right (%u of 10, %s)", good, idxgen_strerror(ret));

	/* a region freed while a queue holds it: the queue goes, the next job gets a new one */
	idxgen_region_free(regs[5]);
	regs[5] = NULL;
	ret = idxgen_run(ctx, &cfgs[6], &res);
	tap_ok(ret == 0 && output_ok(&cfgs[6]), "a region freed under the queue: next job runs (%s)",
	       idxgen_strerror(ret));
	idxgen_context_destroy(ctx);
	for (i = 0; i < 10; i++)
		idxgen_region_free(regs[i]);
}

/*
 * The library checks a configuration once per context and skips the check
 * for the same one again (uq.c validate_batch, on the user queue and the
 * ioctl path alike): a job that differs from the last good one in any
 * checked field must still be refused (-EINVAL, the same as
 * idxgen_config_validate says), and the good one still runs after.
 */
static void test_valid_cache(struct idxgen_device *d, const char *path)
{
	struct idxgen_region *reg = NULL;
	struct idxgen_config good, bad[3];
	struct idxgen_job_result res;
	struct idxgen_context *ctx = NULL;
	idxgen_job_t job;
	unsigned int refused = 0, i;
	int ret;

	ret = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(d, 1 << 16, &reg);
	if (!ret)
		ret = idxgen_config_init(&good, d, 40, 9, 2, 0);
	if (!ret)
		ret = idxgen_config_target(&good, reg, 0);
	if (!ret)
		ret = idxgen_run(ctx, &good, &res);
	if (!ret && !output_ok(&good))
		ret = -EIO;
	for (i = 0; i < 3; i++)
		bad[i] = good;
	bad[0].mx--;				/* x no longer fits its bits */
	bad[1].offset = (1 << 16) - 2;		/* the output runs past the region */
	bad[2].xc = 0x10000;			/* thread c's x out of range */
	for (i = 0; !ret && i < 3; i++)
		refused += idxgen_config_validate(&bad[i], d) == -EINVAL &&
			   idxgen_submit(ctx, &bad[i], 1, &job) == -EINVAL;
	if (!ret)
		ret = idxgen_run(ctx, &good, &res);
	tap_ok(!ret && refused == 3 && output_ok(&good),
	       "%s: after a good job, 3 jobs differing in one checked field refused (%u), the good "
	       "one runs again (%s)", path, refused, idxgen_strerror(ret));
	idxgen_context_destroy(ctx);
	idxgen_region_free(reg);
}

/* A completion record the device corrupted (debugfs inject_fault): an error, not a success. */
static void test_uq_corrupt(struct idxgen_device *d, const struct idxgen_info *di)
{
	struct idxgen_region *reg = NULL;
	struct idxgen_job_result res = { 0 };
	struct idxgen_context *ctx;
	struct idxgen_config cfg;
	char path[128];
	idxgen_job_t job;
	FILE *f;
	int ret, armed = 0;

	ret = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(d, 1 << 16, &reg);
	if (!ret)
		ret = idxgen_config_init(&cfg, d, 40, 6, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	if (!ret)
		ret = idxgen_run(ctx, &cfg, &res);	/* the context has its queue */
	snprintf(path, sizeof(path), "/sys/kernel/debug/accel/%s/inject_fault", di->pci_addr);
	f = fopen(path, "we");
	if (f) {
		armed = fprintf(f, "%u\n", IDXGEN_FAULT_CORRUPT_CPL) > 0;
		armed &= fclose(f) == 0;
	}
	if (!ret)
		ret = idxgen_submit(ctx, &cfg, 1, &job);
	if (!ret)
		ret = idxgen_wait(ctx, job, LIB_HANG_GUARD_S * SEC, &res);
	tap_ok(armed && !ret && res.error == -EIO && res.status == IDXGEN_CPL_ABORTED,
	       "a corrupted completion record on the user queue: error %d status %s (%s)",
	       res.error, idxgen_status_name(res.status), idxgen_strerror(ret));
	ret = idxgen_run(ctx, &cfg, &res);
	tap_ok(ret == 0 && output_ok(&cfg), "and the next job runs (%s)", idxgen_strerror(ret));
	idxgen_context_destroy(ctx);
	idxgen_region_free(reg);
}

/* Write "val" into the device's debugfs file name; whether it took. */
static bool debugfs_put(const struct idxgen_info *di, const char *name, unsigned int val)
{
	char path[160];
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/accel/%s/%s", di->pci_addr, name);
	f = fopen(path, "we");
	if (!f)
		return false;
	return (fprintf(f, "%u\n", val) > 0) & (fclose(f) == 0);
}

/*
 * A job hangs on the context's queue (inject_fault HANG_JOB) with two behind
 * it: the driver's watchdog resets the device and writes the three records
 * (driver/idxgen_uq_recovery.c): the hung job -ETIMEDOUT / UQ_HUNG, the
 * others -EIO / UQ_RESET.  Then a device reset under an idle queue: the next
 * job gets a new queue and runs (before, it went into the stopped queue and
 * failed with -EIO).  Before the driver wrote the records, the watchdog did
 * not look at user queues and the hung job was never reset (the wait's
 * deadline, 120 s, failed the test).
 */
static void test_uq_reset(struct idxgen_device *d, const struct idxgen_info *di)
{
	struct idxgen_region *reg = NULL;
	struct idxgen_job_result res[3] = { 0 };
	struct idxgen_context *ctx;
	struct idxgen_config cfg[3];
	idxgen_job_t job[3];
	int ret, wret[3] = { -1, -1, -1 };
	unsigned int i;

	ret = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(d, 1 << 16, &reg);
	for (i = 0; !ret && i < 3; i++) {
		ret = idxgen_config_init(&cfg[i], d, 32 + i, 8, 1, 0);
		if (!ret)
			ret = idxgen_config_target(&cfg[i], reg, 0x1000 * i);
		cfg[i].user_tag = 70 + i;
	}
	if (!ret)
		ret = idxgen_run(ctx, &cfg[0], &res[0]);	/* the context has its queue */
	tap_ok(!ret && debugfs_put(di, "inject_fault", IDXGEN_FAULT_HANG_JOB),
	       "arm HANG_JOB under a user queue (%s)", idxgen_strerror(ret));
	if (!ret)
		ret = idxgen_submit(ctx, cfg, 3, job);
	for (i = 0; !ret && i < 3; i++)
		wret[i] = idxgen_wait(ctx, job[i], LIB_HANG_GUARD_S * SEC, &res[i]);
	tap_ok(!ret && !wret[0] && res[0].error == -ETIMEDOUT &&
		       res[0].status == IDXGEN_STATUS_UQ_HUNG && res[0].user_tag == 70,
	       "the hung job: error %d status %s, its tag (%s)", res[0].error,
	       idxgen_status_name(res[0].status), idxgen_strerror(ret ? ret : wret[0]));
	tap_ok(!ret && !wret[1] && !wret[2] && res[1].error == -EIO && res[2].error == -EIO &&
		       res[1].status == IDXGEN_STATUS_UQ_RESET &&
		       res[2].status == IDXGEN_STATUS_UQ_RESET && res[1].user_tag == 71 &&
		       res[2].user_tag == 72,
	       "the two behind it: error %d, %d status %s, %s (the driver's records)", res[1].error,
	       res[2].error, idxgen_status_name(res[1].status), idxgen_status_name(res[2].status));
	ret = idxgen_run(ctx, &cfg[1], &res[1]);
	tap_ok(ret == 0 && output_ok(&cfg[1]), "the next job gets a new queue and runs (%s)",
	       idxgen_strerror(ret));

	tap_ok(debugfs_put(di, "reset", 1), "device reset through debugfs under an idle queue");
	ret = idxgen_submit(ctx, &cfg[2], 1, &job[0]);
	if (!ret)
		ret = idxgen_wait(ctx, job[0], LIB_HANG_GUARD_S * SEC, &res[0]);
	tap_ok(ret == 0 && res[0].error == 0 && res[0].status == IDXGEN_CPL_OK && output_ok(&cfg[2]),
	       "the first job after it reads RESET, gets a new queue and runs: error %d status %s "
	       "(%s)", res[0].error, idxgen_status_name(res[0].status), idxgen_strerror(ret));
	idxgen_context_destroy(ctx);
	idxgen_region_free(reg);
}

/*
 * The queue faults (no reset): three jobs rung at once on a doorbell-only
 * queue, the device fails to fetch the first descriptor (inject_fault
 * FAIL_DMA) and stops the queue.  The first job comes back with the
 * device's DMA_FAULT record (which carries job_id 0: the device could not
 * read the descriptor; before, the library took it for no record of that
 * job: -EIO / ABORTED), the two it had taken behind it with the driver's
 * records, -EIO / UQ_FAULT with their tags; the next job gets a new queue
 * and runs.  Before the driver wrote those records, the library made them
 * up: -EIO / ABORTED.
 */
static void test_uq_fault(const struct idxgen_info *di)
{
	struct idxgen_device *d = NULL;
	struct idxgen_region *reg = NULL;
	struct idxgen_job_result res[3] = { 0 };
	struct idxgen_context *ctx = NULL;
	struct idxgen_config cfg[3];
	idxgen_job_t job[3];
	int ret, wret[3] = { -1, -1, -1 };
	unsigned int i;

	setenv("IDXGEN_USER_QUEUES", "doorbell", 1);
	ret = idxgen_open(0, IDXGEN_OPEN_DRM, &d);
	unsetenv("IDXGEN_USER_QUEUES");
	if (!ret)
		ret = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(d, 1 << 16, &reg);
	for (i = 0; !ret && i < 3; i++) {
		ret = idxgen_config_init(&cfg[i], d, 24 + i, 8, 1, 0);
		if (!ret)
			ret = idxgen_config_target(&cfg[i], reg, 0x1000 * i);
		cfg[i].user_tag = 80 + i;
	}
	if (!ret)
		ret = idxgen_run(ctx, &cfg[0], &res[0]);	/* the context has its queue */
	tap_ok(!ret && debugfs_put(di, "inject_fault", IDXGEN_FAULT_FAIL_DMA),
	       "arm FAIL_DMA under a doorbell-only user queue (%s)", idxgen_strerror(ret));
	if (!ret)
		ret = idxgen_submit(ctx, cfg, 3, job);
	for (i = 0; !ret && i < 3; i++)
		wret[i] = idxgen_wait(ctx, job[i], LIB_HANG_GUARD_S * SEC, &res[i]);
	tap_ok(!ret && !wret[0] && res[0].error == 0 && res[0].status == IDXGEN_CPL_DMA_FAULT &&
		       res[0].user_tag == 80,
	       "the job whose descriptor the device could not fetch: the device's DMA_FAULT record "
	       "(error %d status %s) (%s)",
	       res[0].error, idxgen_status_name(res[0].status),
	       idxgen_strerror(ret ? ret : wret[0]));
	tap_ok(!ret && !wret[1] && !wret[2] && res[1].error == -EIO && res[2].error == -EIO &&
		       res[1].status == IDXGEN_STATUS_UQ_FAULT &&
		       res[2].status == IDXGEN_STATUS_UQ_FAULT && res[1].user_tag == 81 &&
		       res[2].user_tag == 82,
	       "the two behind it: error %d, %d status %s, %s (the driver's records)", res[1].error,
	       res[2].error, idxgen_status_name(res[1].status), idxgen_status_name(res[2].status));
	ret = ret ? ret : idxgen_run(ctx, &cfg[1], &res[1]);
	tap_ok(ret == 0 && output_ok(&cfg[1]), "the next job gets a new queue and runs (%s)",
	       idxgen_strerror(ret));
	idxgen_context_destroy(ctx);
	idxgen_region_free(reg);
	idxgen_close(d);
}

/*
 * A job stored after the queue stopped: the device fails to fetch job A
 * (FAIL_DMA) and stops the queue; A's record is read (no system call, so
 * the state word still says RUNNING), then job B is submitted: stored and
 * rung into the stopped queue, which ignores the doorbell.  B comes back
 * with the driver's record, -EIO / UQ_DROPPED with its tag (the library
 * asks for it, UQ_WAIT DROP_REST, when it learns the queue stopped);
 * before, the library made it up: -EIO / ABORTED.
 */
static int64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void test_uq_dropped(const struct idxgen_info *di)
{
	struct idxgen_device *d = NULL;
	struct idxgen_region *reg = NULL;
	struct idxgen_job_result ra = { 0 }, rb = { 0 };
	struct idxgen_context *ctx = NULL;
	struct idxgen_config cfg[2];
	idxgen_job_t a = 0, b = 0;
	int64_t deadline = mono_ns() + LIB_HANG_GUARD_S * SEC;
	int ret, got = -EBUSY;
	unsigned int i;

	setenv("IDXGEN_USER_QUEUES", "doorbell", 1);
	ret = idxgen_open(0, IDXGEN_OPEN_DRM, &d);
	unsetenv("IDXGEN_USER_QUEUES");
	if (!ret)
		ret = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(d, 1 << 16, &reg);
	for (i = 0; !ret && i < 2; i++) {
		ret = idxgen_config_init(&cfg[i], d, 16 + i, 4, 1, 0);
		if (!ret)
			ret = idxgen_config_target(&cfg[i], reg, 0x2000 * i);
		cfg[i].user_tag = 90 + i;
	}
	if (!ret)
		ret = idxgen_run(ctx, &cfg[1], &rb);	/* the context has its queue */
	tap_ok(!ret && debugfs_put(di, "inject_fault", IDXGEN_FAULT_FAIL_DMA),
	       "dropped: arm FAIL_DMA under a doorbell-only user queue (%s)", idxgen_strerror(ret));
	if (!ret)
		ret = idxgen_submit(ctx, &cfg[0], 1, &a);
	/* the device's record of A: an event the loop waits for, bounded */
	while (!ret && (got = idxgen_job_result(ctx, a, &ra)) == -EBUSY &&
	       mono_ns() < deadline)
		sched_yield();
	tap_ok(!ret && !got && ra.status == IDXGEN_CPL_DMA_FAULT && ra.user_tag == 90,
	       "dropped: A's DMA_FAULT record, read without a system call (status %s, %s)",
	       idxgen_status_name(ra.status), idxgen_strerror(ret ? ret : got));
	if (!ret)
		ret = idxgen_submit(ctx, &cfg[1], 1, &b);
	if (!ret)
		ret = idxgen_wait(ctx, b, LIB_HANG_GUARD_S * SEC, &rb);
	tap_ok(!ret && rb.error == -EIO && rb.status == IDXGEN_STATUS_UQ_DROPPED && rb.user_tag == 91,
	       "dropped: B, stored into the stopped queue: the driver's record, error %d status %s "
	       "tag %u (%s)", rb.error, idxgen_status_name(rb.status), rb.user_tag,
	       idxgen_strerror(ret));
	ret = ret ? ret : idxgen_run(ctx, &cfg[1], &rb);
	tap_ok(ret == 0 && output_ok(&cfg[1]), "dropped: the next job gets a new queue and runs (%s)",
	       idxgen_strerror(ret));
	idxgen_context_destroy(ctx);
	idxgen_region_free(reg);
	idxgen_close(d);
}

/* What the process that holds a queue saw after the removal. */
struct uq_gone_seen {
	int submit, submit_again, run, old_wait, old_error;
};

/*
 * The child: a job through its queue, then (after the parent removed the
 * device) a submission, another, a run, and the wait for the job that
 * finished before.  Before the fix it died of SIGBUS at its first store.
 */
static void uq_gone_child(int ready, int go, int report)
{
	struct uq_gone_seen seen = {1, 1, 1, 1, 1};
	struct idxgen_region *reg = NULL;
	struct idxgen_context *ctx = NULL;
	struct idxgen_device *d = NULL;
	struct idxgen_job_result res;
	struct idxgen_config cfg;
	idxgen_job_t job, first = 0;
	char c = 0;
	int ret;

	ret = idxgen_open(0, IDXGEN_OPEN_DRM, &d);
	if (!ret)
		ret = idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(d, 1 << 16, &reg);
	if (!ret)
		ret = idxgen_config_init(&cfg, d, 32, 8, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	if (!ret)
		ret = idxgen_submit(ctx, &cfg, 1, &first);
	if (!ret)
		ret = idxgen_wait(ctx, first, LIB_HANG_GUARD_S * SEC, &res);
	c = ret || res.error || !(first & (1ull << 62)) ? 'x' : 'r'; /* a queue's job */
	if (write(ready, &c, 1) != 1 || c != 'r' || read(go, &c, 1) != 1)
		_exit(3);
	seen.submit = idxgen_submit(ctx, &cfg, 1, &job);
	seen.submit_again = idxgen_submit(ctx, &cfg, 1, &job);
	seen.run = idxgen_run(ctx, &cfg, &res);
	seen.old_wait = idxgen_wait(ctx, first, 0, &res);
	seen.old_error = res.error;
	if (write(report, &seen, sizeof(seen)) != sizeof(seen))
		_exit(4);
	idxgen_context_destroy(ctx);
	idxgen_region_free(reg);
	idxgen_close(d);
	_exit(0);
}

/*
 * Bound again after the rescan: device 0 opens, on the node it had (every
 * handle of the old one is closed, so its minor is free again).  Hang
 * guard: 600 polls of 100 ms.
 */
static bool uq_gone_back(const char *node)
{
	struct idxgen_device *d;
	struct idxgen_info di;
	int i, ret;

	for (i = 0; i < LIB_HANG_GUARD_S * 10; i++) {
		if (!idxgen_open(0, IDXGEN_OPEN_DRM, &d)) {
			ret = idxgen_get_info(d, &di);
			idxgen_close(d);
			return !ret && !strcmp(di.dev_node, node);
		}
		usleep(100000);
	}
	return false;
}

/*
 * The device removed (PCI remove) under a process holding a queue, then
 * rescanned.  Run after every handle of this process on device 0 is closed.
 */
void test_uq_removed(bool on_device)
{
	struct idxgen_info ii, *di = &ii;
	struct idxgen_device *d = NULL;
	struct uq_gone_seen seen;
	int ready[2], go[2], report[2], st = -1;
	struct pollfd pfd = {.events = POLLIN};
	char path[256], c = 0;
	bool removed = false;
	pid_t pid;
	FILE *f;

	if (!on_device) {
		tap_skip("the emulation backend has no device to remove (suite lib in the VM)",
			 "a device removed under a user queue");
		return;
	}
	c = idxgen_open(0, IDXGEN_OPEN_DRM, &d) != 0;
	c = c || idxgen_get_info(d, di) || !(di->features & IDXGEN_FEAT_USER_QUEUES);
	if (d)
		idxgen_close(d);
	if (!tap_ok(!c, "device 0 opens and has user queues"))
		return;
	if (pipe(ready) || pipe(go) || pipe(report))
		return (void)tap_ok(0, "removed device: pipes");
	memset(&seen, 0, sizeof(seen));
	pid = fork();
	if (pid == 0) {
		close(ready[0]); /* the child's own write end of go would keep its read waiting */
		close(go[1]);
		close(report[0]);
		uq_gone_child(ready[1], go[0], report[1]);
	}
	close(ready[1]);
	close(go[0]);
	close(report[1]);
	if (pid > 0 && read(ready[0], &c, 1) == 1 && c == 'r') {
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", di->pci_addr);
		f = fopen(path, "we");
		removed = f && fputs("1\n", f) >= 0;
		if (f)
			removed &= fclose(f) == 0;
	}
	tap_ok(removed, "a process ran a job through its queue; device %s removed under it",
	       di->pci_addr);
	c = 'g';
	if (write(go[1], &c, 1) != 1) /* the child goes on */
		tap_diag("could not tell the process to go on");
	close(go[1]);
	pfd.fd = report[0];
	if (poll(&pfd, 1, UQ_GONE_HANG_GUARD_MS) != 1) {
		tap_diag("the process did not report within the hang guard: killed");
		kill(pid, SIGKILL);
	}
	if (read(report[0], &seen, sizeof(seen)) != sizeof(seen))
		memset(&seen, 0x7f, sizeof(seen));
	if (pid > 0)
		waitpid(pid, &st, 0);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "the process lives on: no SIGBUS (status %#x%s)", st,
	       WIFSIGNALED(st) ? (WTERMSIG(st) == SIGBUS ? ", SIGBUS" : ", a signal") : "");
	tap_ok(seen.submit == -ENODEV && seen.submit_again == -ENODEV && seen.run == -ENODEV,
	       "submissions after the removal: -ENODEV (%d, %d, run %d)", seen.submit,
	       seen.submit_again, seen.run);
	tap_ok(seen.old_wait == 0 && seen.old_error == 0,
	       "the job finished before the removal keeps its result (wait %d, error %d)",
	       seen.old_wait, seen.old_error);
	close(ready[0]);
	close(report[0]);
	f = fopen("/sys/bus/pci/rescan", "we");
	tap_ok(f && fputs("1\n", f) >= 0 && fclose(f) == 0 && uq_gone_back(di->dev_node),
	       "PCI rescan: device 0 opens again as %s", di->dev_node);
}

/*
 * A user queue rung at every submission (IDXGEN_USER_QUEUES=doorbell, the
 * interface 1.1 way) against run ref, which went through the shadow tail.
 */
static void test_uq_doorbell_only(const struct uq_run *ref, const char *node)
{
	struct idxgen_device *d = NULL;
	struct uq_run r;
	long base = uq_count(node), seen = 0;
	int ret;

	setenv("IDXGEN_USER_QUEUES", "doorbell", 1);
	ret = idxgen_open(0, IDXGEN_OPEN_DRM, &d);
	unsetenv("IDXGEN_USER_QUEUES");
	memset(&r, 0, sizeof(r));
	if (!ret)
		uq_run_jobs(d, &r, &seen, node);
	tap_ok(!ret && seen == base + 1 && !r.submit_err && !r.wait_err && !r.bad_output &&
		       uq_results_equal(ref, &r) && r.bytes[0] && r.bytes[1] &&
		       !memcmp(ref->bytes[0], r.bytes[0], UQ_REGION) &&
		       !memcmp(ref->bytes[1], r.bytes[1], UQ_REGION),
	       "IDXGEN_USER_QUEUES=doorbell: %d jobs through a user queue rung every time, the "
	       "same results and bytes (%s)", UQ_JOBS,
	       idxgen_strerror(ret ? ret : r.submit_err ? r.submit_err : r.wait_err));
	if (!ret)
		uq_run_free(&r);
	idxgen_close(d);
}

void test_user_queues(void)
{
	struct idxgen_device *uq = NULL, *io = NULL, *old = NULL;
	struct idxgen_info ui, oi;
	struct uq_run a, b, c;
	long base, seen_a, seen_b, seen_c;
	int ret;

	if (idxgen_backend_of(dev) != IDXGEN_BACKEND_DRM) {
		tap_skip("the emulation backend has no user queues (suite lib in the VM runs them)",
			 "user queues against the ioctl path");
		return;
	}
	ret = idxgen_open(0, IDXGEN_OPEN_DRM, &uq);
	setenv("IDXGEN_USER_QUEUES", "0", 1);
	if (!ret)
		ret = idxgen_open(0, IDXGEN_OPEN_DRM, &io);
	unsetenv("IDXGEN_USER_QUEUES");
	if (!ret)
		ret = idxgen_get_info(uq, &ui);
	tap_ok(ret == 0, "device 0 opened twice, once with IDXGEN_USER_QUEUES=0 (%s)",
	       idxgen_strerror(ret));
	if (ret)
		goto out;
	tap_ok((ui.features & IDXGEN_FEAT_USER_QUEUES) && (ui.features & IDXGEN_FEAT_UQ_SHADOW),
	       "device 0 has user queues with a shadow tail (features %#x)", ui.features);
	base = uq_count(ui.dev_node);
	uq_run_jobs(uq, &a, &seen_a, ui.dev_node);
	uq_run_jobs(io, &b, &seen_b, ui.dev_node);
	tap_ok(seen_a == base + 1 && seen_b == base && uq_count(ui.dev_node) == base,
	       "the driver saw one user queue for the first handle, none for the second, none "
	       "left (%ld, %ld, %ld over %ld)", seen_a, seen_b, uq_count(ui.dev_node), base);
	tap_ok(!a.submit_err && !a.wait_err && !a.bad_output,
	       "%d jobs through the user queue: outputs match the reference (%u bad, %s)",
	       UQ_JOBS, a.bad_output, idxgen_strerror(a.submit_err ? a.submit_err : a.wait_err));
	tap_ok(!b.submit_err && !b.wait_err && !b.bad_output,
	       "%d jobs through the ioctl path: outputs match the reference (%u bad, %s)",
	       UQ_JOBS, b.bad_output, idxgen_strerror(b.submit_err ? b.submit_err : b.wait_err));
	tap_ok(uq_results_equal(&a, &b), "the same results through both paths (status, tags, "
	       "warps, threads)");
	tap_ok(a.bytes[0] && b.bytes[0] && a.bytes[1] && b.bytes[1] &&
	       !memcmp(a.bytes[0], b.bytes[0], UQ_REGION) &&
	       !memcmp(a.bytes[1], b.bytes[1], UQ_REGION), "the same bytes through both paths");
	if (a.bytes[0] && a.bytes[1])
		test_uq_doorbell_only(&a, ui.dev_node);
	else
		tap_ok(0, "IDXGEN_USER_QUEUES=doorbell: no reference run");
	uq_run_free(&a);
	uq_run_free(&b);

	test_uq_many_regions(uq);
	test_valid_cache(uq, "the user queue");
	test_valid_cache(io, "the ioctl path (IDXGEN_USER_QUEUES=0)");

	/* a device without user queues (the VM's device 1): the ioctl path, the same API */
	ret = idxgen_open(1, IDXGEN_OPEN_DRM, &old);
	if (!ret)
		ret = idxgen_get_info(old, &oi);
	if (ret == -ENODEV) {
		tap_skip("one idxgen device here (the VM has two)", "a device without user queues");
	} else {
		base = ret ? 0 : uq_count(oi.dev_node);
		if (!ret)
			uq_run_jobs(old, &c, &seen_c, oi.dev_node);
		tap_ok(!ret && !(oi.features & IDXGEN_FEAT_USER_QUEUES) && seen_c == base &&
		       !c.submit_err && !c.wait_err && !c.bad_output,
		       "device 1 (no user queues): %d jobs through the ioctl path, outputs match the "
		       "reference (%s)", UQ_JOBS, idxgen_strerror(ret ? ret : c.submit_err));
		if (!ret) {
			uq_run_free(&c);
			test_valid_cache(old, "device 1 (no user queues)");
		}
	}

	test_uq_corrupt(uq, &ui);
	test_uq_reset(uq, &ui);
	test_uq_fault(&ui);
	test_uq_dropped(&ui);
out:
	idxgen_close(old);
	idxgen_close(io);
	idxgen_close(uq);
}
