// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: injected faults, resets and recovery - hang, lost
 * interrupt, corrupt completion, failed DMA, PCI reset, hang blame, failed
 * dependencies, bad HEAD, reset storm, failed reset.
 */
#include "drv_test.h"

/*
 * One try of a PCI function reset with a hung job in flight: the job must be
 * replayed after the reset.  Whether the driver's job timeout fired before
 * the reset (the kernel log read just before it) depends on the speed of
 * the run, not on the driver: then the job was blamed and there is nothing
 * to replay (-1, tried again).  1 or 0: the check, printed.
 */
static int pci_reset_inflight_try(struct dev *d, uint32_t ctx, uint32_t reg, const void *m,
				  const char *path, int try)
{
	struct drm_idxgen_job_result r = {0};
	struct drm_idxgen_config c;
	bool timed_out = false;
	uint64_t first;
	uint32_t so;
	int e, k;

	inject(d, IDXGEN_FAULT_HANG_JOB);
	drmSyncobjCreate(d->fd, 0, &so);
	cfg_make(&c, d, reg, 0, 24, 20, 2);
	k = kmsg_open();
	e = submit(d->fd, ctx, &c, 1, 0, so, &first);
	/* the device runs (and hangs on) it; HANG_GUARD_S: a hang guard */
	if (!e && !wait_device_busy(d, d->fd, so, HANG_GUARD_S))
		tap_diag("the device did not start the job within HANG_GUARD_S");
	timed_out = kmsg_seen(k, "job timeout");
	e = e ?: write_file(path, "1");
	e = e ?: sync_wait(d->fd, so, HANG_GUARD_S);
	e = e ?: job_result(d->fd, ctx, first, &r);
	close(k);
	drmSyncobjDestroy(d->fd, so);
	if (e == 0 && timed_out && r.error == -ETIMEDOUT)
		return -1;
	return tap_ok(e == 0 && r.error == 0 && r.status == 0 && output_ok(m, &c),
		      "PCI reset with a job in flight: job replayed after the reset (%d, %d, try %d)",
		      e, r.error, try);
}

void test_faults(struct dev *d)
{
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result r;
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	char path[256];
	int e;

	tap_ok(inject(d, IDXGEN_FAULT_MASK + 1) == -EINVAL, "inject_fault: unknown bit -> EINVAL");
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	tap_ok(job_works(d, ctx, reg, m, 11), "job before faults");

	/* hung job: times out, device reset, firmware reloaded */
	tap_ok(inject(d, IDXGEN_FAULT_HANG_JOB) == 0, "arm HANG_JOB");
	cfg_make(&c, d, reg, 0, 20, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	tap_ok(e == 0 && r.error == -ETIMEDOUT,
	       "hung job: error -ETIMEDOUT (e %d error %d status %u)", e, r.error, r.status);
	tap_ok(job_works(d, ctx, reg, m, 12), "job after the hang and reset works");

	/* a lost interrupt: the job did complete; no reset needed */
	tap_ok(inject(d, IDXGEN_FAULT_DROP_IRQ) == 0, "arm DROP_IRQ");
	cfg_make(&c, d, reg, 0, 21, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	tap_ok(e == 0 && r.error == 0 && r.status == 0 && output_ok(m, &c),
	       "lost interrupt: job still completes correctly (e %d error %d)", e, r.error);
	tap_ok(job_works(d, ctx, reg, m, 13), "job after the lost interrupt works");

	/* corrupted completion: an error, not a silent success */
	tap_ok(inject(d, IDXGEN_FAULT_CORRUPT_CPL) == 0, "arm CORRUPT_CPL");
	cfg_make(&c, d, reg, 0, 22, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	tap_ok(e == 0 && r.error == -EIO, "corrupted completion: error -EIO (e %d error %d)", e,
	       r.error);
	tap_ok(job_works(d, ctx, reg, m, 14), "job after the corrupted completion works");

	/* failed DMA: descriptor fetch (status) or completion write (error) */
	tap_ok(inject(d, IDXGEN_FAULT_FAIL_DMA) == 0, "arm FAIL_DMA");
	cfg_make(&c, d, reg, 0, 23, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	tap_ok(e == 0 && (r.error || r.status == DRM_IDXGEN_STATUS_DMA_FAULT),
	       "failed DMA reported (e %d error %d status %u)", e, r.error, r.status);
	tap_ok(job_works(d, ctx, reg, m, 15), "job after the DMA failure works");

	/* an innocent job on another context survives a reset */
	{
		uint32_t ctx2, s1, s2;
		uint64_t f1, f2;
		struct drm_idxgen_config c2;
		struct drm_idxgen_job_result r2;

		ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
		drmSyncobjCreate(d->fd, 0, &s1);
		drmSyncobjCreate(d->fd, 0, &s2);
		inject(d, IDXGEN_FAULT_HANG_JOB);
		cfg_make(&c, d, reg, 0, 25, 20, 2);
		cfg_make(&c2, d, reg, 65536, 26, 20, 2);
		e = submit(d->fd, ctx, &c, 1, 0, s1, &f1);
		/* the idle device starts (and hangs on) the first */
		if (!e && !wait_device_busy(d, d->fd, s1, HANG_GUARD_S))
			tap_diag("the device did not start the first job within HANG_GUARD_S");
		e = e ?: submit(d->fd, ctx2, &c2, 1, 0, s2, &f2);
		e = e ?: sync_wait(d->fd, s1, HANG_GUARD_S);
		e = e ?: sync_wait(d->fd, s2, HANG_GUARD_S);
		e = e ?: job_result(d->fd, ctx, f1, &r);
		e = e ?: job_result(d->fd, ctx2, f2, &r2);
		/* strict: the job the device hung on is the one blamed */
		tap_ok(e == 0 && r.error == -ETIMEDOUT && !r2.error && !r2.status &&
			   output_ok(m, &c2),
		       "the hung job is blamed, the other survives the reset (%d: %d/%u, %d/%u)", e,
		       r.error, r.status, r2.error, r2.status);
		drmSyncobjDestroy(d->fd, s1);
		drmSyncobjDestroy(d->fd, s2);
		ctx_destroy(d->fd, ctx2);
	}

	/* PCI function reset from outside, idle and with a hung job */
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/reset", d->pci);
	if (access(path, W_OK)) {
		tap_skip("no reset method for this function", "PCI reset through sysfs");
		tap_skip("no reset method", "PCI reset with a job in flight");
	} else {
		uint64_t seq = param(d->fd, DRM_IDXGEN_PARAM_RESET_SEQ), seq2;
		int try, res = -1;

		tap_ok(write_file(path, "1") == 0 && job_works(d, ctx, reg, m, 16),
		       "PCI reset through sysfs, job after it works");
		/* one reset, begun and ended: odd during it, even again after */
		seq2 = param(d->fd, DRM_IDXGEN_PARAM_RESET_SEQ);
		tap_ok(seq % 2 == 0 && seq2 == seq + 2,
		       "PCI reset through sysfs: PARAM_RESET_SEQ %llu -> %llu (one reset)",
		       (unsigned long long)seq, (unsigned long long)seq2);
		for (try = 1; try <= 3 && res < 0; try++)
			res = pci_reset_inflight_try(d, ctx, reg, m, path, try);
		if (res < 0)
			tap_skip("the job timeout fired before the PCI reset on 3 tries (the kernel log before it)",
				 "PCI reset with a job in flight: job replayed after the reset");
	}
	tap_ok(job_works(d, ctx, reg, m, 17), "job after the resets works");
	/* nothing armed is left over for later suites */
	inject(d, 0);

	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/*
 * Item 2: the device runs one descriptor at a time, so a hang stalls every
 * queue.  The guilty job (started first, on an idle device) must be the one
 * failed although innocent jobs keep arriving on its queue and on another:
 * they arrive until its fence signals (a timeout that each submission
 * re-armed would never fire while they do).  The innocent ones must all
 * succeed.
 */
#define HANG_INNOCENT_MIN 13
#define HANG_INNOCENT_MAX 160

/* Between the test and its submitting child (a shared mapping). */
struct hang_share {
	volatile int signalled;	    /* the guilty job's fence signalled */
	volatile int submitted;	    /* innocent jobs submitted */
	volatile int kept_arriving; /* the child was still submitting when it signalled */
};

/*
 * The child: 3 innocent jobs on another context, then one every 400 ms on
 * the guilty job's own, at least HANG_INNOCENT_MIN in all and on until the
 * guilty job's fence signalled, HANG_GUARD_S at most (a hang never detected); then
 * each is checked.  Its exit status: 0 if all succeeded.
 */
static int hang_innocent(struct dev *d, uint32_t ctx1, uint32_t ctx2, uint32_t reg, const void *m,
			 struct hang_share *sh)
{
	struct drm_idxgen_config ci[HANG_INNOCENT_MAX];
	uint64_t seq[HANG_INNOCENT_MAX];
	uint32_t so[HANG_INNOCENT_MAX];
	double cap = now_s() + HANG_GUARD_S;
	int k, n, bad = 0;

	for (k = 0;
	     k < HANG_INNOCENT_MAX && (k < HANG_INNOCENT_MIN || !sh->signalled) && now_s() < cap;
	     k++) {
		unsigned int slot = k % 15; /* 15 outputs of 64 KiB after the guilty one's */

		cfg_make(&ci[k], d, reg, (uint64_t)(slot + 1) << 16, 17 + slot, 9, 3);
		drmSyncobjCreate(d->fd, 0, &so[k]);
		if (submit(d->fd, k < 3 ? ctx2 : ctx1, &ci[k], 1, 0, so[k], &seq[k]))
			return 2;
		sh->submitted = k + 1;
		usleep(k < 3 ? 100000 : 400000);
	}
	n = k;
	sh->kept_arriving = sh->signalled;
	for (k = 0; k < n; k++) {
		struct drm_idxgen_job_result ri = {0};

		if (sync_wait(d->fd, so[k], HANG_GUARD_S) ||
		    job_result(d->fd, k < 3 ? ctx2 : ctx1, seq[k], &ri) || ri.error || ri.status ||
		    !output_ok(m, &ci[k])) {
			printf("# innocent job %d: error %d status %u\n", k, ri.error, ri.status);
			bad++;
		}
	}
	return bad ? 1 : 0;
}

void test_hang_blame(struct dev *d)
{
	const long tmo = timeout_ms();
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result r;
	struct hang_share *sh;
	uint32_t ctx1, ctx2, reg, sg;
	uint64_t first, size;
	const void *m;
	pid_t pid;
	int e, st = -1;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED) {
		tap_ok(0, "hang: shared mapping");
		return;
	}
	memset(sh, 0, sizeof(*sh));
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx1);
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	drmSyncobjCreate(d->fd, 0, &sg);
	inject(d, IDXGEN_FAULT_HANG_JOB);
	cfg_make(&c, d, reg, 0, 20, 20, 2);
	e = submit(d->fd, ctx1, &c, 1, 0, sg, &first);
	/* the device is running (and hanging on) it */
	if (!e && !wait_device_busy(d, d->fd, sg, HANG_GUARD_S))
		tap_diag("the device did not start the guilty job within HANG_GUARD_S");

	pid = fork();
	if (pid == 0)
		_exit(hang_innocent(d, ctx1, ctx2, reg, m, sh));
	/* longer than the child submits (at most HANG_INNOCENT_MAX jobs 400 ms apart), so a
	 * timeout it re-armed would still fire */
	e = e ?: sync_wait(d->fd, sg, HANG_GUARD_S);
	sh->signalled = 1;
	e = e ?: job_result(d->fd, ctx1, first, &r);
	waitpid(pid, &st, 0);
	tap_ok(e == 0 && r.error == -ETIMEDOUT,
	       "hang: the guilty job fails with -ETIMEDOUT (e %d error %d)", e, r.error);
	tap_ok(e == 0 && sh->kept_arriving,
	       "hang: detected while submissions kept arriving (timeout %ld ms, %d innocent jobs "
	       "submitted)",
	       tmo, sh->submitted);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "hang: the %d innocent jobs on both contexts succeed (status %#x)", sh->submitted,
	       st);
	{
		struct drm_idxgen_ctx_query q1, q2;

		e = ctx_query(d->fd, ctx1, &q1) ?: ctx_query(d->fd, ctx2, &q2);
		tap_ok(e == 0 && q1.guilty == 1 && q1.resets == 1 && q2.guilty == 0 &&
			   q2.resets == 1 && q1.device_resets >= 1,
		       "CTX_QUERY after the hang: guilty context %u/%u, innocent %u/%u "
		       "(guilty/resets)",
		       q1.guilty, q1.resets, q2.guilty, q2.resets);
	}
	drmSyncobjDestroy(d->fd, sg);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx1);
	ctx_destroy(d->fd, ctx2);
	munmap(sh, sizeof(*sh));
}

/*
 * Item 7: a job whose in-fence failed must not run; neither must the jobs
 * that depend on it.  A hangs (-ETIMEDOUT), B waits for A, C for B.
 */
void test_failed_deps(struct dev *d)
{
	struct drm_idxgen_config ca, cb, cc;
	struct drm_idxgen_job_result ra, rb, rc;
	uint32_t ctx, ctx2, reg, sa, sb, sc;
	uint64_t fa, fb, fc, size;
	const uint8_t *m;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	drmSyncobjCreate(d->fd, 0, &sa);
	drmSyncobjCreate(d->fd, 0, &sb);
	drmSyncobjCreate(d->fd, 0, &sc);
	cfg_make(&ca, d, reg, 0, 20, 20, 2);
	cfg_make(&cb, d, reg, 256 << 10, 21, 20, 2);
	cfg_make(&cc, d, reg, 512 << 10, 22, 20, 2);
	inject(d, IDXGEN_FAULT_HANG_JOB);
	e = submit(d->fd, ctx, &ca, 1, 0, sa, &fa);
	e = e ?: submit(d->fd, ctx2, &cb, 1, sa, sb, &fb);
	e = e ?: submit(d->fd, ctx, &cc, 1, sb, sc, &fc);
	e = e ?: sync_wait(d->fd, sc, HANG_GUARD_S);
	e = e ?: job_result(d->fd, ctx, fa, &ra);
	e = e ?: job_result(d->fd, ctx2, fb, &rb);
	e = e ?: job_result(d->fd, ctx, fc, &rc);
	tap_ok(e == 0 && ra.error == -ETIMEDOUT, "failed dependency: A hangs (e %d error %d)", e,
	       ra.error);
	tap_ok(e == 0 && rb.error == -ECANCELED && rc.error == -ECANCELED,
	       "failed dependency: B (in A) and C (in B) fail with -ECANCELED (%d, %d)", rb.error,
	       rc.error);
	tap_ok(m && all_zero(m + (256 << 10), cfg_bytes(&cb)) &&
		   all_zero(m + (512 << 10), cfg_bytes(&cc)),
	       "failed dependency: B and C did not run (their outputs are untouched)");
	drmSyncobjDestroy(d->fd, sa);
	drmSyncobjDestroy(d->fd, sb);
	drmSyncobjDestroy(d->fd, sc);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
	ctx_destroy(d->fd, ctx2);
}

/* Item 4: after a reset, the device reports a HEAD outside the ring. */
void test_bad_head(struct dev *d)
{
	char path[256];
	int i, good = 0;

	snprintf(path, sizeof(path), "%s/reset", d->dbg);
	tap_ok(inject(d, IDXGEN_FAULT_BAD_HEAD) == 0 && write_file(path, "1") == 0,
	       "arm BAD_HEAD, reset the device");
	{
		/* the driver's ring indices after the restart (debugfs queues) */
		char buf[8192], *line;
		unsigned int q, size, head, tail, inside = 0, seen = 0;

		snprintf(buf, sizeof(buf), "%s/queues", d->dbg);
		if (!read_file(buf, buf, sizeof(buf)))
			for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
				if (sscanf(line, "q%u: size %u head %u tail %u", &q, &size, &head,
					   &tail) == 4) {
					seen++;
					inside += head < size && tail < size;
				}
		tap_ok(seen > 0 && inside == seen,
		       "after the restart every ring index is inside its ring (%u of %u queues)",
		       inside, seen);
	}
	for (i = 0; i < 4; i++)
		good += job_works_fresh(d);
	tap_ok(good == 4, "jobs after a reset with an out-of-range Q_HEAD work (%d of 4)", good);
	inject(d, 0);
}

/*
 * Items 1 and 8: a device reset landing between the register writes of a
 * range command (RANGE_BASE/SIZE are cleared by the reset) made a new
 * region's ZERO wipe the start of the shared region instead, or zero
 * nothing and hand out the previous owner's data.  While a child resets
 * the device through debugfs in a loop, one fd fills a region and frees
 * it, another creates regions of the same size (the allocator hands out
 * the same range) and checks they are zero; at the end the shared
 * region's job output written before the storm must be intact.
 */
#define STORM_CREATES 1000
#define STORM_RESETS  200

/* Between the test and its resetting child (a shared mapping). */
struct storm_share {
	volatile int stop;
	volatile unsigned int resets;
};

void test_reset_storm(struct dev *d)
{
	const uint64_t rsize = 64 << 10;
	struct drm_idxgen_config c, cs;
	struct drm_idxgen_job_result r;
	char path[256];
	uint32_t ctx, reg, reg2, sh;
	unsigned int rounds = 0, creates = 0, dirty = 0, jobs_ok = 0, bad_out = 0, k;
	const void *shm;
	uint64_t shsize;
	struct dev d2;
	bool shared_ok;
	struct storm_share *ss;
	double hard_end;
	pid_t pid;
	int st = -1;

	if (dev_open(&d2, d->minor)) {
		tap_ok(0, "reset storm: second fd");
		return;
	}
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_shared(d->fd, &sh, NULL);
	shm = region_map(d->fd, sh, &shsize);
	cfg_make(&cs, d, sh, 0, 64, 64, 4); /* the first 64 KiB of the shared region */
	{
		/* docs/design.md#arbiter: shared-region jobs run only for the holder of lock 0 */
		struct drm_idxgen_lock lk = {.ctx_id = ctx, .lock = 0};

		tap_ok(ioctl(d->fd, DRM_IOCTL_IDXGEN_LOCK, &lk) == 0, "reset storm: LOCK 0");
	}
	tap_ok(shm && run(d->fd, ctx, &cs, 1, &r) == 0 && !r.error && output_ok(shm, &cs),
	       "reset storm: job output in the shared region");

	snprintf(path, sizeof(path), "%s/reset", d->dbg);
	/*
	 * Resets go on until the creating side has done its share, counted,
	 * not timed: STORM_CREATES regions created, STORM_RESETS resets done
	 * meanwhile and a job completed (a fixed time, 8 s, gave a slow
	 * kernel only 200 regions, a fast one 3000).  HANG_GUARD_S bounds it
	 * (20 s more the child, which the parent's stop flag ends) only in
	 * case the storm stops the creating side altogether: about 3 s on the
	 * stock kernel, the whole drv-fault suite 45 s on the debug kernel:
	 * >= 13x.
	 */
	ss = mmap(NULL, sizeof(*ss), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ss == MAP_FAILED) {
		tap_ok(0, "reset storm: shared stop flag");
		return;
	}
	ss->stop = 0;
	ss->resets = 0;
	pid = fork();
	if (pid == 0) {
		double cap = now_s() + HANG_GUARD_S + 20;

		while (!ss->stop && now_s() < cap) {
			if (write_file(path, "1"))
				_exit(1);
			ss->resets++;
		}
		_exit(0);
	}
	hard_end = now_s() + HANG_GUARD_S;
	while ((creates < STORM_CREATES || ss->resets < STORM_RESETS || !jobs_ok) &&
	       now_s() < hard_end) {
		const void *m;

		if (region_create(d->fd, rsize, &reg))
			break;
		m = region_map(d->fd, reg, NULL);
		cfg_make(&c, d, reg, 0, 64, 64, 4); /* the whole region */
		if (m && run(d->fd, ctx, &c, 1, &r) == 0 && !r.error && !r.status) {
			jobs_ok++;
			bad_out += !output_ok(m, &c);
		}
		if (m)
			munmap((void *)m, rsize);
		gem_close(d->fd, reg);

		for (k = 0; k < 50; k++) {
			if (region_create(d2.fd, rsize, &reg2))
				continue;
			creates++;
			m = region_map(d2.fd, reg2, NULL);
			dirty += !m || !all_zero(m, rsize);
			if (m)
				munmap((void *)m, rsize);
			gem_close(d2.fd, reg2);
		}
		rounds++;
	}
	ss->stop = 1;
	waitpid(pid, &st, 0);
	tap_diag("reset storm: %u resets, %u regions created, %u rounds", ss->resets, creates,
		 rounds);
	shared_ok = shm && output_ok(shm, &cs);
	tap_ok(WIFEXITED(st) && !WEXITSTATUS(st) && ss->resets >= STORM_RESETS,
	       "reset storm: debugfs resets throughout");
	munmap(ss, sizeof(*ss));
	tap_ok(creates >= STORM_CREATES && !dirty,
	       "reset storm: %u regions created during resets, %u held another fd's data", creates,
	       dirty);
	tap_ok(shared_ok, "reset storm: no ZERO landed on the shared region");
	tap_ok(jobs_ok > 0 && !bad_out,
	       "reset storm: %u of %u jobs completed, %u with a wrong output", jobs_ok, rounds,
	       bad_out);
	if (shm)
		munmap((void *)shm, shsize);
	gem_close(d->fd, sh);
	ctx_destroy(d->fd, ctx);
	close(d2.fd);
	tap_ok(job_works_fresh(d), "job after the reset storm works");
}

/* Item 6: the firmware is gone when the device is reset. */
void test_failed_reset(struct dev *d)
{
	struct drm_idxgen_config c;
	char path[256], buf[4096];
	uint32_t ctx, reg, reg2;
	uint64_t first;
	DIR *dir;
	struct dirent *de;
	bool dump = false;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 1 << 16, &reg);
	snprintf(path, sizeof(path), "%s/reset", d->dbg);
	tap_ok(inject(d, IDXGEN_FAULT_FW_REJECT) == 0 && write_file(path, "1") == 0,
	       "arm FW_REJECT, reset the device");
	snprintf(buf, sizeof(buf), "%s/queues", d->dbg);
	tap_ok(read_file(buf, buf, sizeof(buf)) == 0 && strstr(buf, "dead 1"),
	       "dead device: debugfs queues says dead");
	cfg_make(&c, d, reg, 0, 8, 8, 8);
	e = submit(d->fd, ctx, &c, 1, 0, 0, &first);
	/* "at once": the SUBMIT itself fails, no job is queued to fail later */
	tap_ok(e == -EIO, "dead device: SUBMIT fails at once with -EIO (%d)", e);
	tap_ok(region_create(d->fd, 4096, &reg2) == -EIO, "dead device: REGION_CREATE -> EIO");
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_DEVICE_STATE) == DRM_IDXGEN_DEVICE_DEAD,
	       "dead device: PARAM_DEVICE_STATE says dead");
	dir = opendir("/sys/class/devcoredump");
	while (dir && (de = readdir(dir))) {
		char p[300];

		if (strncmp(de->d_name, "devcd", 5))
			continue;
		snprintf(p, sizeof(p), "/sys/class/devcoredump/%s/data", de->d_name);
		if (!read_file(p, buf, sizeof(buf)) && strstr(buf, "reset failed") &&
		    strstr(buf, d->pci)) {
			dump = true;
			write_file(p, "1"); /* done with it */
		}
	}
	if (dir)
		closedir(dir);
	if (access("/sys/class/devcoredump", F_OK)) {
		snprintf(buf, sizeof(buf), "the %s kernel has no CONFIG_DEV_COREDUMP",
			 getenv("IDXGEN_KERNEL") ?: "running");
		tap_skip(buf, "dead device: devcoredump");
	} else
		tap_ok(dump, "dead device: a devcoredump names the device and the failed reset");

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/reset", d->pci);
	tap_ok(write_file(path, "1") == 0 && job_works_fresh(d),
	       "dead device: a PCI reset brings it back, jobs work");
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}
