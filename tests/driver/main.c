// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test - in-guest tests of the idxgen DRM accel driver, through
 * its uapi directly (no libidxgen).
 *
 *   idxgen-drv-test [all]   uapi checks, read-back against the reference,
 *                           history, regions, batches, processes, leaks
 *   idxgen-drv-test smoke   one job per device, read back
 *   idxgen-drv-test fault   fault injection (hang, lost irq, corrupt
 *                           completion, DMA failure), PCI reset, hang blame,
 *                           failed dependencies, bad HEAD, reset storm,
 *                           failed reset, AER, suspend/resume (pm_test),
 *                           close + unbind, hot-unplug
 *   idxgen-drv-test one T   one test of the fault suite (faults, hang_blame,
 *                           failed_deps, bad_head, reset_storm, failed_reset,
 *                           aer, suspend, close_unbind, aer_remove)
 *   idxgen-drv-test watchdog  on a throttled device (tests/vm/watchdog.suites):
 *                           a long job that writes warps is not reset, a
 *                           hung one is
 *   idxgen-drv-test sched   a firmware with a malformed schedule table
 *                           (bind -EINVAL), a device misreporting its
 *                           table (x-sched-corrupt: no table, usable)
 *   idxgen-drv-test flood   queue 256 jobs behind a hung one, CTX_DESTROY,
 *                           exit with the fd open (no TAP; for
 *                           idxgen-drv-reload.sh)
 *
 * The tests live in one file per area (drv_test.h lists them); this file
 * holds the modes.
 */
#define TAP_SHARED_DEFINE
#include "drv_test.h"

/* smoke: one job per device, read back. */
static int mode_smoke(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct dev d;
		uint32_t ctx, reg;
		const void *m;

		if (dev_open(&d, i)) {
			tap_ok(0, "accel%d: open", i);
			continue;
		}
		ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
		region_create(d.fd, 1 << 16, &reg);
		m = region_map(d.fd, reg, NULL);
		tap_ok(m && job_works(&d, ctx, reg, m, 31), "accel%d: smoke job", i);
		close(d.fd);
	}
	return tap_done();
}

/* fault: the fault suite on the device with the debug block. */
static int mode_fault(void)
{
	struct dev d;
	int dbg = find_debug_dev();

	if (!tap_ok(dbg >= 0, "a device with the debug block") || dev_open(&d, dbg))
		return tap_done();
	test_faults(&d);
	test_hang_blame(&d);
	test_failed_deps(&d);
	test_bad_head(&d);
	test_reset_storm(&d);
	test_failed_reset(&d);
	test_aer(&d);
	test_suspend(&d);
	close(d.fd);
	test_leaks(dbg);
	/* issue 8 teardown regressions: each returns the minor after a re-probe */
	dbg = test_aer_remove(dbg);
	if (dbg >= 0)
		test_leaks(dbg);
	if (dbg >= 0)
		dbg = test_close_unbind(dbg);
	if (dbg >= 0)
		test_leaks(dbg);
	if (dbg >= 0)
		test_unplug(dbg);
	return tap_done();
}

/* one T: one regression test of the fault suite, for iterating on it. */
static int mode_one(const char *name)
{
	static const struct {
		const char *name;
		void (*fn)(struct dev *d);
	} one[] = {
	    {"faults", test_faults},
	    {"hang_blame", test_hang_blame},
	    {"failed_deps", test_failed_deps},
	    {"bad_head", test_bad_head},
	    {"reset_storm", test_reset_storm},
	    {"failed_reset", test_failed_reset},
	    {"aer", test_aer},
	    {"suspend", test_suspend},
	    {"uq", test_uq},	/* the user-queue checks of mode all, alone */
	    {"sched_table", test_sched_table},	/* mode all's, alone */
	};
	struct dev d;
	int dbg = find_debug_dev();
	unsigned int k;

	if (!tap_ok(dbg >= 0, "a device with the debug block"))
		return tap_done();
	if (!strcmp(name, "close_unbind")) {
		test_close_unbind(dbg);
		return tap_done();
	}
	if (!strcmp(name, "aer_remove")) {
		test_aer_remove(dbg);
		return tap_done();
	}
	if (!strcmp(name, "unplug")) {
		test_unplug(dbg);
		return tap_done();
	}
	/* a name that is no test, or a device that does not open, fails: it passed with nothing run */
	for (k = 0; k < sizeof(one) / sizeof(one[0]) && strcmp(name, one[k].name); k++)
		;
	if (!tap_ok(k < sizeof(one) / sizeof(one[0]), "one %s: a test of that name", name))
		return tap_done();
	if (tap_ok(dev_open(&d, dbg) == 0, "one %s: accel%d opens", name, dbg)) {
		one[k].fn(&d);
		close(d.fd);
	}
	return tap_done();
}

/* all: every device; the uapi checks on the first. */
static int mode_all(int n)
{
	int i;

	for (i = 0; i < n; i++) {
		struct dev d;

		if (!tap_ok(dev_open(&d, i) == 0, "accel%d: open (%s)", i, d.pci))
			continue;
		region_shared(d.fd, &d.shared_handle, NULL);
		test_params(&d);
		if (i == 0) {
			test_invalid(&d);
			test_uapi_v2(&d);
			test_fdinfo(&d);
			test_sync_arrays(&d);
			test_resv(&d);
		}
		test_shapes(&d);
		test_history_example(&d);
		test_history_regions(&d);
		test_batch(&d);
		test_priority_perm(&d);
		test_sysfs_debugfs(&d);
		test_sched_table(&d);
		test_uq(&d);
		close(d.fd);
		test_isolation(i);
		test_many_fds(i);
		test_processes(i);
		test_close_inflight(i);
		test_leaks(i);
	}
	return tap_done();
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	int n = num_devices();

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* for idxgen-drv-reload.sh: queue work behind a hang, exit with the fd open */
	if (!strcmp(mode, "flood")) {
		int dbg = find_debug_dev(), queued = flood_then_exit(dbg >= 0 ? dbg : 0, true);

		printf("flood: %d of %d jobs queued, a context destroyed, exit with the fd open\n",
		       queued, FLOOD_JOBS);
		return queued == FLOOD_JOBS ? 0 : 1;
	}
	if (!tap_ok(n >= 1, "found %d idxgen accel device(s)", n))
		return tap_done();
	if (!strcmp(mode, "smoke"))
		return mode_smoke(n);
	if (!strcmp(mode, "fault"))
		return mode_fault();
	if (!strcmp(mode, "one") && argc > 2)
		return mode_one(argv[2]);
	if (!strcmp(mode, "watchdog")) {
		struct dev d;
		int dbg = find_debug_dev();

		if (tap_ok(dbg >= 0 && !dev_open(&d, dbg), "the throttled device with the debug block")) {
			test_watchdog(&d);
			close(d.fd);
		}
		return tap_done();
	}
	/* drv-sched: malformed firmware table, untrusted device table */
	if (!strcmp(mode, "sched")) {
		test_sched_fw();
		return tap_done();
	}
	return mode_all(n);
}
