// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: sysfs, debugfs, fdinfo and the object counters
 * (leaks).
 */
#include "drv_test.h"

static bool wait_counters_zero(const struct dev *d, int sec)
{
	int i;

	for (i = 0; i < sec * 10; i++) {
		if (dbg_value(d, "objects", "regions") == 0 &&
		    dbg_value(d, "objects", "contexts") == 0 &&
		    dbg_value(d, "objects", "jobs") == 0 && dbg_value(d, "objects", "files") == 0)
			return true;
		usleep(100000);
	}
	return false;
}

void test_leaks(int minor)
{
	struct dev d;
	char buf[512];
	char path[256];

	/* the counters of a device with no file open */
	memset(&d, 0, sizeof(d));
	d.minor = minor;
	snprintf(path, sizeof(path), "/sys/class/accel/accel%d/device", minor);
	{
		char link[256], *b;
		ssize_t n = readlink(path, link, sizeof(link) - 1);

		if (n > 0) {
			link[n] = 0;
			b = strrchr(link, '/');
			snprintf(d.pci, sizeof(d.pci), "%s", b ? b + 1 : link);
		}
	}
	snprintf(d.dbg, sizeof(d.dbg), "/sys/kernel/debug/accel/%s", d.pci);
	tap_ok(wait_counters_zero(&d, HANG_GUARD_S), /* a hang guard (was 20 s) */
	       "accel%d: no leaked objects (debugfs counters back to 0)", minor);
	snprintf(path, sizeof(path), "%s/objects", d.dbg);
	if (!read_file(path, buf, sizeof(buf)))
		tap_diag("%s", strtok(buf, "\n"));
}

void test_sysfs_debugfs(struct dev *d)
{
	char path[256], buf[4096];
	const char *attrs[] = {"fw_version", "jobs", "hits", "misses", "busy_time_us"};
	const char *files[] = {"queues", "history", "regions", "objects"};
	unsigned int i;
	bool all = true;

	for (i = 0; i < 5; i++) {
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/%s", d->pci, attrs[i]);
		all &= read_file(path, buf, sizeof(buf)) == 0;
	}
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/hits", d->pci);
	if (read_file(path, buf, sizeof(buf)))
		tap_diag("cannot read %s", path);
	tap_ok(all && atol(buf) > 0, "accel%d: sysfs fw_version jobs hits(%ld) misses busy_time_us",
	       d->minor, atol(buf));
	all = true;
	for (i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "%s/%s", d->dbg, files[i]);
		all &= read_file(path, buf, sizeof(buf)) == 0 && buf[0];
	}
	tap_ok(all, "accel%d: debugfs queues history regions objects", d->minor);
}

/* "key:\tN" of /proc/self/fdinfo/fd; -1 if absent. */
static long long fdinfo_value(int fd, const char *key)
{
	char path[64], buf[4096], *p;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	p = strstr(buf, key);
	if (!p || p[strlen(key)] != ':')
		return -1;
	return strtoll(p + strlen(key) + 1, NULL, 10);
}

/* fdinfo per drm-usage-stats: this file's engine time and cycles. */
void test_fdinfo(struct dev *d)
{
	struct drm_idxgen_config c[4];
	struct drm_idxgen_job_result r[4];
	struct dev d2;
	uint32_t ctx, reg, i;
	uint64_t sum = 0, khz;
	long long cyc0, cyc1, ns1;
	int e;

	if (dev_open(&d2, d->minor)) {
		tap_ok(0, "fdinfo: open");
		return;
	}
	khz = param(d2.fd, DRM_IDXGEN_PARAM_CLOCK_KHZ);
	ctx_create(d2.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d2.fd, 1 << 20, &reg);
	cyc0 = fdinfo_value(d2.fd, "drm-cycles-idxgen");
	tap_ok(cyc0 == 0 && fdinfo_value(d2.fd, "drm-engine-idxgen") == 0,
	       "fdinfo: a new file has drm-cycles-idxgen and drm-engine-idxgen at 0");
	for (i = 0; i < 4; i++)
		cfg_make(&c[i], &d2, reg, (uint64_t)i << 16, 33 + i, 17, 3);
	c[1].flags = c[3].flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	e = run(d2.fd, ctx, c, 4, r);
	for (i = 0; !e && i < 4; i++)
		sum += r[i].cycles;
	cyc1 = fdinfo_value(d2.fd, "drm-cycles-idxgen");
	ns1 = fdinfo_value(d2.fd, "drm-engine-idxgen");
	tap_ok(e == 0 && sum > 0 && cyc1 == (long long)sum,
	       "fdinfo: drm-cycles-idxgen %lld = the jobs' cycles %llu", cyc1,
	       (unsigned long long)sum);
	tap_ok(khz && ns1 == (long long)(sum * 1000000 / khz),
	       "fdinfo: drm-engine-idxgen %lld ns = cycles at %llu kHz", ns1,
	       (unsigned long long)khz);
	tap_ok(fdinfo_value(d->fd, "drm-cycles-idxgen") >= 0 &&
		   fdinfo_value(d2.fd, "drm-client-id") != fdinfo_value(d->fd, "drm-client-id"),
	       "fdinfo: per file (distinct drm-client-id)");
	close(d2.fd);
}
