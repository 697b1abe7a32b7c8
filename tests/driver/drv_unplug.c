// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: teardown - a process exiting with jobs queued and the
 * driver unbound at once, the PCI function removed under an open fd.
 */
#include "drv_test.h"

/*
 * Items 3 and 9: an fd that goes away with hundreds of jobs queued behind
 * a hung one.  Two contexts, 256 jobs of 64 configurations (16384
 * descriptors; the ring holds 511), one context destroyed (CTX_DESTROY: its
 * entity is flushed on the driver's context workqueue) and the region's
 * handle closed.  The fd is left to the caller's exit: an explicit close()
 * flushes the remaining context inline and waits until every job reached
 * the ring, whereas an exiting process waits at most 1 s and the scheduler
 * then kills the rest (drm_sched_entity_fini()), whose jobs are freed
 * later, from a work item.  Whatever tears the device down right after the
 * exit (unbind, rmmod) finds jobs still holding regions.  Returns the
 * number of jobs queued.  (FLOOD_JOBS, FLOOD_BATCH: drv_test.h.)
 */
int flood_then_exit(int minor, bool hang)
{
	static struct drm_idxgen_config c[FLOOD_BATCH];
	struct dev d;
	uint32_t ctx, ctx2, reg;
	int i, queued = 0;

	if (dev_open(&d, minor))
		return 0;
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
	region_create(d.fd, 2 << 20, &reg);
	for (i = 0; i < FLOOD_BATCH; i++)
		cfg_make(&c[i], &d, reg, (i % 8) * (256 << 10), 64, 64, 16);
	if (hang && (d.features & IDXGEN_FEAT_DEBUG))
		inject(&d, IDXGEN_FAULT_HANG_JOB);
	for (i = 0; i < FLOOD_JOBS; i++)
		queued += submit(d.fd, i % 2 ? ctx : ctx2, c, FLOOD_BATCH, 0, 0, NULL) == 0;
	ctx_destroy(d.fd, ctx2);
	gem_close(d.fd, reg);
	return queued; /* d.fd stays open: the exit closes it */
}

/*
 * Items 3 and 9: a process exits with jobs queued behind a hung one, then
 * the driver is unbound at once.  Before the fix drmm took the region
 * allocator down before the schedulers had drained (drmm actions run
 * newest first): "WARNING ... drm_mm.c:964 drm_mm_takedown", and a job
 * alive after that touched freed memory.  Each round reads /dev/kmsg and
 * fails on any splat (WARNING, BUG, lockdep, KASAN, hung task...).
 * Returns the device's minor after the rebind (-1 if it did not come back).
 */
#define CLOSE_UNBIND_ROUNDS 4

int test_close_unbind(int minor)
{
	char pci[64], unbind[] = "/sys/bus/pci/drivers/idxgen/unbind";
	char bind[] = "/sys/bus/pci/drivers/idxgen/bind";
	double took;
	struct dev d;
	int k, round, queued, e, st;
	pid_t pid;

	if (dev_open(&d, minor)) {
		tap_ok(0, "close/unbind: open accel%d", minor);
		return minor;
	}
	snprintf(pci, sizeof(pci), "%s", d.pci);
	close(d.fd);
	for (round = 1; round <= CLOSE_UNBIND_ROUNDS; round++) {
		k = kmsg_open();
		kmsg_note("close/unbind round %d: flood, exit, unbind", round);
		pid = fork();
		if (pid == 0)
			_exit(flood_then_exit(minor, true) == FLOOD_JOBS ? 0 : 1);
		st = pid > 0 ? wait_child(pid, 60, &took) : -1;
		if (st == -ETIMEDOUT) {
			tap_ok(
			    0,
			    "close/unbind round %d: the flooding process did not exit within 60 s",
			    round);
			return -1;
		}
		queued = st == 0;
		e = write_bounded(unbind, pci, 60, &took);
		tap_ok(queued && e == 0,
		       "close/unbind round %d: %s %d jobs queued behind a hung one, CTX_DESTROY, "
		       "exit, "
		       "unbind at once (%d, %.1f s)",
		       round, queued ? "all" : "not all", FLOOD_JOBS, e, took);
		tap_ok(!kmsg_bad(k),
		       "close/unbind round %d: no WARNING/BUG/lockdep splat in the kernel log",
		       round);
		if (e == -ETIMEDOUT) {
			tap_diag("unbind of %s did not return within 60 s: giving up", pci);
			return -1;
		}
		e = write_file(bind, pci);
		minor = e ? -1 : wait_node(pci);
		tap_ok(minor >= 0, "close/unbind round %d: bound again (accel%d, %d)", round, minor,
		       e);
		if (minor < 0)
			return -1;
	}
	tap_ok(!dev_open(&d, minor) && job_works_fresh(&d),
	       "close/unbind: job after the rounds works");
	close(d.fd);
	return minor;
}

static sigjmp_buf bus_jmp;

static void on_sigbus(int sig)
{
	siglongjmp(bus_jmp, 1);
}

/*
 * Read the output of c (in the first page of a mapping the parent already
 * faulted in) in a child process.  Returns the child's wait status: it exits 0 if it read the
 * output of c, 2 if it read zeroes, 1 if it read something else, or dies of a signal.
 */
static int child_read(const volatile uint8_t *m, const struct drm_idxgen_config *c)
{
	uint8_t buf[4096];
	int st = -1;
	size_t i, n = cfg_bytes(c);
	pid_t pid;

	if (n > sizeof(buf) || c->offset)
		return -1;
	pid = fork();
	if (pid == 0) {
		signal(SIGBUS, SIG_DFL);
		for (i = 0; i < n; i++)
			buf[i] = m[i];
		if (all_zero(buf, n))
			_exit(2);
		_exit(idxgen_ref_check(buf, c->dx, c->dy, c->dz, c->mx, c->my, c->word_size) < 0
			  ? 0
			  : 1);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

/*
 * Remove the PCI function under an open fd, then rescan.  The region's
 * mapping must not keep pointing at the BAR of a removed device (whose
 * physical range may be given to another device): a page that was faulted in
 * before the removal reads zeroes (a dummy page) afterwards, neither stale
 * data nor SIGBUS (drm-uapi.rst forbids SIGBUS).
 */
void test_unplug(int minor)
{
	struct dev d;
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result res;
	uint32_t ctx, reg, reg2;
	const volatile uint8_t *m;
	struct uq *q;
	uint64_t size, first;
	char path[256];
	volatile int faulted = 0;
	int i, e, st;

	if (dev_open(&d, minor)) {
		tap_ok(0, "unplug: open");
		return;
	}
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d.fd, 1 << 16, &reg);
	m = region_map(d.fd, reg, &size);
	cfg_make(&c, &d, reg, 0, 8, 8, 8);
	tap_ok(m && run(d.fd, ctx, &c, 1, &res) == 0 && !res.error &&
		   output_ok((const void *)m, &c),
	       "unplug: mapped region shows a job's output (page faulted in)");
	st = child_read(m, &c);
	tap_ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "unplug: a child reads the same output through the inherited mapping (status %#x)",
	       st);
	submit(d.fd, ctx, &c, 1, 0, 0, &first);
	q = uq_unplug_setup(&d, ctx, reg, size);

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", d.pci);
	tap_ok(write_file(path, "1") == 0, "accel%d: PCI device removed with an fd open", minor);
	tap_ok(submit(d.fd, ctx, &c, 1, 0, 0, &first) == -ENODEV, "SUBMIT after unplug -> ENODEV");
	tap_ok(region_create(d.fd, 4096, &reg2) == -ENODEV, "REGION_CREATE after unplug -> ENODEV");
	st = child_read(m, &c);
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) != 2)
		tap_diag("child read %s data from the removed device's BAR",
			 WEXITSTATUS(st) ? "other" : "the stale");
	tap_ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 2,
	       "page mapped before unplug: reads zeroes after unplug, no SIGBUS (status %#x)", st);
	signal(SIGBUS, on_sigbus);
	if (sigsetjmp(bus_jmp, 1) == 0)
		faulted = m[4096] ? 2 : 0;
	else
		faulted = 1;
	signal(SIGBUS, SIG_DFL);
	tap_ok(!faulted, "a page of a removed device first touched after unplug reads zero (%d)",
	       faulted);
	uq_unplug_check(q);
	munmap((void *)m, size);
	e = close(d.fd);
	tap_ok(e == 0, "close after unplug");

	tap_ok(write_file("/sys/bus/pci/rescan", "1") == 0, "PCI rescan");
	/* the rescan probes it before it returns: a poll, HANG_GUARD_S its hang guard (was 10 s) */
	for (i = 0; i < HANG_GUARD_S * 10 && minor_of(d.pci) < 0; i++)
		usleep(100000);
	minor = minor_of(d.pci);
	tap_ok(minor >= 0, "device %s back after rescan (accel%d)", d.pci, minor);
	if (minor >= 0 && !dev_open(&d, minor)) {
		uint32_t r2;
		const void *mm;

		ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
		region_create(d.fd, 1 << 16, &r2);
		mm = region_map(d.fd, r2, &size);
		tap_ok(mm && job_works(&d, ctx, r2, mm, 10), "job on the re-probed device works");
		if (mm)
			munmap((void *)mm, size);
		close(d.fd);
		test_leaks(minor);
	} else {
		tap_ok(0, "job on the re-probed device works");
	}
}
