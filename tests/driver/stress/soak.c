// SPDX-License-Identifier: MIT
/*
 * idxgen-stress soak: PROCS processes submit batches of jobs, each checked
 * against the reference, while a chaos process injects faults (and
 * resets); at least JOBS verified in all, for at least MINSEC, SEC at most
 * (a bound against a run that stops making progress).
 */
#include "stress.h"

static int soak_worker(struct stats *st, int minor, unsigned int idx, unsigned long quota,
		       double tmin, double end)
{
	uint64_t x = rnd_seed(1000 + idx);
	struct dev d;
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	unsigned long done = 0;

	if (dev_open(&d, minor) || ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
	    region_create(d.fd, 1 << 18, &reg) || !(m = region_map(d.fd, reg, &size)))
		return 2;
	while ((done < quota || now_s() < tmin) && now_s() < end) {
		struct drm_idxgen_config c[8];
		struct drm_idxgen_job_result r[8];
		unsigned int n = 1 + rnd(&x) % 8, k;
		uint64_t off = 0;
		int e;

		for (k = 0; k < n; k++) {
			cfg_make(&c[k], &d, reg, off, 1 + rnd(&x) % 48, 1 + rnd(&x) % 24,
				 1 + rnd(&x) % 4);
			c[k].flags = rnd(&x) % 4 ? 0 : DRM_IDXGEN_CONFIG_NO_HISTORY;
			off += (cfg_bytes(&c[k]) + 3) & ~3ull;
		}
		e = run_batch(d.fd, ctx, c, n, r, HANG_GUARD_S);
		count(st, e);
		if (e) {
			tap_diag("soak worker %u: batch failed: %s", idx, strerror(-e));
			return 3;
		}
		for (k = 0; k < n; k++) {
			if (r[k].error || r[k].status) {
				atomic_fetch_add(&st->jobs_failed, 1);
			} else if (output_ok(m, &c[k])) {
				atomic_fetch_add(&st->jobs_verified, 1);
				done++;
			} else {
				atomic_fetch_add(&st->jobs_bad, 1);
			}
		}
	}
	munmap((void *)m, size);
	close(d.fd);
	return 0;
}

int mode_soak(int procs, unsigned long jobs, int secs, int minsecs, bool resets)
{
	pid_t pid[64], chaos;
	int i, status, bad = 0, minor = find_debug_dev();
	double t0 = now_s(), end = t0 + secs;
	struct stats *st = stats_new();
	struct dev d;
	char path[256];

	if (procs > 64)
		procs = 64;
	if (!tap_ok(minor >= 0 && dev_open(&d, minor) == 0, "soak: debug device open (accel%d)",
		    minor))
		return tap_done();
	for (i = 0; i < procs; i++) {
		pid[i] = fork();
		if (pid[i] == 0) {
			_exit(soak_worker(st, minor, i, (jobs + procs - 1) / procs, t0 + minsecs,
					  end));
		}
	}
	/* Faults while they run: hangs, lost interrupts, corrupt completions,
	 * failed DMA, one at a time; with resets, a device reset every 8th. */
	chaos = fork();
	if (chaos == 0) {
		static const unsigned int bits[] = {IDXGEN_FAULT_HANG_JOB, IDXGEN_FAULT_DROP_IRQ,
						    IDXGEN_FAULT_CORRUPT_CPL,
						    IDXGEN_FAULT_FAIL_DMA};
		char v[16];

		char rpath[256];

		snprintf(path, sizeof(path), "%s/inject_fault", d.dbg);
		snprintf(rpath, sizeof(rpath), "%s/reset", d.dbg);
		for (i = 0;; i++) {
			usleep(300000);
			if (resets && i % 8 == 7) {
				if (!write_file(rpath, "1"))
					atomic_fetch_add(&st->resets, 1);
				continue;
			}
			snprintf(v, sizeof(v), "%u", bits[i % 4]);
			write_file(path, v);
		}
	}
	for (i = 0; i < procs; i++)
		if (waitpid(pid[i], &status, 0) != pid[i] || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			bad++;
			tap_diag("soak: worker %d status %#x", i, status);
		}
	kill(chaos, SIGKILL);
	waitpid(chaos, &status, 0);
	snprintf(path, sizeof(path), "%s/inject_fault", d.dbg);
	write_file(path, "0");
	print_stats(st, "soak", now_s() - t0);
	tap_ok(bad == 0, "soak: %d processes ran to the end (%d did not)", procs, bad);
	tap_ok(st->jobs_bad == 0, "soak: no job reported success with a wrong index (%lu wrong)",
	       st->jobs_bad);
	tap_ok(st->jobs_verified >= jobs,
	       "soak: %lu jobs verified against the reference (want >= %lu)", st->jobs_verified,
	       jobs);
	close(d.fd);
	tap_ok(objects_back(&d, (struct counts){0, 0, 0, 0}, HANG_GUARD_S),
	       "soak: no driver object left once every fd is closed");
	return tap_done();
}
