// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: the schedule table (issue 9) - GET_PARAM 32-47 against
 * the firmware file, a malformed table, a device misreporting its table.
 */
#include "drv_test.h"
#include "order_ref.h"

#define SCHED_FW "/lib/firmware/idxgen/idxgen-fw.bin"

struct sched_ent {
	uint32_t order, stride, gran, tw, th;
};

static uint32_t ld16(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8;
}

static uint32_t ld32(const uint8_t *p)
{
	return ld16(p) | ld16(p + 2) << 16;
}

/* The whole firmware file into a malloc'ed buffer; its size, or -errno. */
static long fw_read(const char *path, uint8_t **img)
{
	struct stat st;
	long n = -EIO;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*img = NULL;
	if (fd < 0)
		return -errno;
	if (!fstat(fd, &st) && st.st_size > 64 && st.st_size <= (1 << 20) &&
	    (*img = malloc(st.st_size)) && read(fd, *img, st.st_size) == st.st_size)
		n = st.st_size;
	close(fd);
	return n;
}

/*
 * Offset of the SCHED_TABLE record's data in the image (0: none), parsed
 * here independently of the device's and fw/'s checkers.
 */
static size_t fw_sched_off(const uint8_t *img, size_t len)
{
	size_t off = 64;

	while (off + 4 <= len) {
		uint32_t type = ld16(img + off), rlen = ld16(img + off + 2);

		if (type == IDXGEN_FW_REC_END)
			break;
		if (type == IDXGEN_FW_REC_SCHED_TABLE && off + 4 + rlen <= len)
			return off + 4;
		off += 4 + ((rlen + 3) & ~3u);
	}
	return 0;
}

/* The firmware file's table into e[]; the count, or -1. */
static int fw_sched_table(struct sched_ent *e)
{
	uint8_t *img;
	long len = fw_read(SCHED_FW, &img);
	size_t off = len > 0 ? fw_sched_off(img, len) : 0;
	int n = -1, i;

	if (off) {
		n = ld16(img + off);
		for (i = 0; i < n && i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
			const uint8_t *x = img + off + 4 + 24 * i;

			e[i] = (struct sched_ent){x[0], ld32(x + 4), ld16(x + 2), ld16(x + 8),
						  ld16(x + 10)};
		}
	}
	free(img);
	return n;
}

/* GET_PARAM's table into e[]: count, or a negative errno. */
static int param_sched_table(int fd, struct sched_ent *e)
{
	struct drm_idxgen_get_param a = {.param = DRM_IDXGEN_PARAM_SCHED_COUNT};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a), n, i;

	if (r)
		return r;
	n = (int)a.value;
	for (i = 0; i < n && i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
		struct drm_idxgen_get_param b = {.param = DRM_IDXGEN_PARAM_SCHED_ENTRY(i)};

		r = xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &b);
		if (r)
			return r;
		e[i] = (struct sched_ent){
		    DRM_IDXGEN_SCHED_ORDER(b.value), DRM_IDXGEN_SCHED_STRIDE(b.value),
		    DRM_IDXGEN_SCHED_GRANULARITY(b.value), DRM_IDXGEN_SCHED_TILE_W(b.value),
		    DRM_IDXGEN_SCHED_TILE_H(b.value)};
	}
	return n;
}

static int sched_entry_einval(int fd, uint32_t i)
{
	struct drm_idxgen_get_param a = {.param = DRM_IDXGEN_PARAM_SCHED_ENTRY(i)};

	return xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) == -EINVAL;
}

/* Output of c (an order's job) equals the reference issue order. */
static bool order_output_ok(const void *map, const struct drm_idxgen_config *c)
{
	const uint8_t *p = (const uint8_t *)map + c->offset;
	uint32_t plane = (uint32_t)c->dx * c->dy, *ref = malloc(sizeof(*ref) * plane);
	uint64_t t, n = (uint64_t)plane * c->dz;
	bool good = ref && !idxgen_order_ref_plane(ref, c->order, c->dx, c->dy, c->stride,
						   c->granularity, c->tile_w, c->tile_h);

	for (t = 0; good && t < n; t++) {
		uint32_t lin = ref[t % plane], z = t / plane;
		uint32_t want = lin % c->dx | (lin / c->dx) << c->mx | z << (c->mx + c->my);

		if (idxgen_ref_load(p, t, c->word_size) != want) {
			tap_diag("order %u %ux%ux%u: position %llu is %#x, expected %#x", c->order,
				 c->dx, c->dy, c->dz, (unsigned long long)t,
				 idxgen_ref_load(p, t, c->word_size), want);
			good = false;
		}
	}
	free(ref);
	return good;
}

/*
 * The table GET_PARAM reports is the firmware file's, entry for entry;
 * past the count -EINVAL; a job with each entry's configuration equals the
 * reference (tests/common/order_ref.h) on two shapes.
 */
void test_sched_table(struct dev *d)
{
	static const struct shape sh[] = {{33, 17, 2}, {64, 16, 1}};
	struct sched_ent fw[IDXGEN_SCHED_MAX_ENTRIES], got[IDXGEN_SCHED_MAX_ENTRIES];
	int nfw = fw_sched_table(fw), n = param_sched_table(d->fd, got), i, bad = 0;
	uint32_t ctx, reg;
	const void *map;
	uint64_t size;
	unsigned int k;

	if (!(d->features & IDXGEN_FEAT_SCHED_ORDERS)) {
		tap_ok(n == 0 && sched_entry_einval(d->fd, 0),
		       "accel%d: no schedule orders: SCHED_COUNT 0, entry 0 -EINVAL (%d)", d->minor,
		       n);
		return;
	}
	tap_ok(nfw > 0 && n == nfw && !memcmp(fw, got, sizeof(fw[0]) * n),
	       "accel%d: GET_PARAM schedule table = %s's (%d entries, file %d)", d->minor, SCHED_FW,
	       n, nfw);
	tap_ok(n < 0 || n >= IDXGEN_SCHED_MAX_ENTRIES ||
		   (sched_entry_einval(d->fd, n) &&
		    sched_entry_einval(d->fd, IDXGEN_SCHED_MAX_ENTRIES - 1)),
	       "accel%d: SCHED_ENTRY(%d) (past the count) -EINVAL", d->minor, n);
	if (n <= 0)	/* failed above */
		return;
	/* a failed set-up is a failure: returning in silence dropped the check below */
	if (!tap_ok(!ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx), "accel%d: a context for the entries",
		    d->minor))
		return;
	region_create(d->fd, 1 << 16, &reg);
	map = region_map(d->fd, reg, &size);
	for (i = 0; map && i < n; i++)
		for (k = 0; k < sizeof(sh) / sizeof(sh[0]); k++) {
			struct drm_idxgen_config c;
			struct drm_idxgen_job_result r;
			int e;

			cfg_make(&c, d, reg, 0, sh[k].dx, sh[k].dy, sh[k].dz);
			c.order = got[i].order;
			c.stride = got[i].stride;
			c.granularity = got[i].gran;
			c.tile_w = got[i].tw;
			c.tile_h = got[i].th;
			e = run(d->fd, ctx, &c, 1, &r);
			if (e || r.error || r.status || !warps_ok(d, &c, &r) ||
			    !order_output_ok(map, &c)) {
				tap_diag("entry %d shape %u: e %d error %d status %u", i, k, e,
					 r.error, r.status);
				bad++;
			}
		}
	tap_ok(map && !bad, "accel%d: a job with each of the %d entries on %zu shapes = reference",
	       d->minor, n, sizeof(sh) / sizeof(sh[0]));
	if (map)
		munmap((void *)map, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

static uint32_t sched_crc32(uint32_t crc, const uint8_t *p, size_t len)
{
	crc = ~crc;
	while (len--) {
		int k;

		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static int write_all(const char *path, const uint8_t *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	bool good = fd >= 0 && write(fd, buf, len) == (ssize_t)len;

	if (fd >= 0)
		close(fd);
	return good ? 0 : -EIO;
}

/* Unbind pci from the driver and bind it again: the bind's result. */
static int sched_rebind(const char *pci)
{
	int i, r;

	write_file("/sys/bus/pci/drivers/idxgen/unbind", pci);
	r = write_file("/sys/bus/pci/drivers/idxgen/bind", pci);
	for (i = 0; !r && i < HANG_GUARD_S * 20 && minor_of(pci) < 0; i++)
		usleep(50000);
	return r;
}

/*
 * A device whose table the driver must not trust: x-sched-corrupt (a
 * test-only QEMU property) set through the harness's monitor; its effect
 * shows only at the next probe, so rebind until the warning comes (the
 * monitor runs the command asynchronously).
 */
static bool sched_corrupt_round(int res, const char *pci, int mode, const char *line)
{
	double end;
	int k = kmsg_open();
	bool seen = false;

	dprintf(res, "### hmp qom-set /machine/peripheral/idxgen0 x-sched-corrupt %d\n", mode);
	for (end = now_s() + HANG_GUARD_S; !seen && now_s() < end;) {
		sched_rebind(pci);
		seen = !line || kmsg_wait(k, line, 1);
		if (!line)
			break;
	}
	close(k);
	return seen;
}

/*
 * The host's forwarder sends the monitor command when it reads the guest's
 * line, some time later: rebind (the probe reads the table again) until
 * the table is back, the event itself.  The bound is the hang guard (was
 * 40 rebinds 250 ms apart: 10 s); its expiry is a failure.  Counts the
 * rebinds it took in *rebinds.
 */
static bool sched_table_back(const char *pci, int *rebinds)
{
	struct sched_ent e[IDXGEN_SCHED_MAX_ENTRIES];
	double end = now_s() + HANG_GUARD_S;
	struct dev d;
	int minor, c;

	for (*rebinds = 0; now_s() < end; ++*rebinds) {
		minor = minor_of(pci);
		if (minor >= 0 && !dev_open(&d, minor)) {
			c = param_sched_table(d.fd, e);
			close(d.fd);
			if (c > 0)
				return true;
		}
		sched_rebind(pci);
	}
	return false;
}

static void test_sched_untrusted(const char *pci)
{
	struct sched_ent e[IDXGEN_SCHED_MAX_ENTRIES];
	struct dev d;
	int res = hmp_open("untrusted schedule table"), n, minor;
	bool back;

	if (res < 0)
		return;
	tap_ok(sched_corrupt_round(res, pci, 1, "schedule table: entry 0 unknown order"),
	       "device reports entry 0 with an unknown order: warning at probe");
	minor = minor_of(pci);
	tap_ok(minor >= 0 && !dev_open(&d, minor), "  and the device still binds (accel%d)", minor);
	if (minor >= 0 && d.fd >= 0) {
		n = param_sched_table(d.fd, e);
		tap_ok(n == 0 && sched_entry_einval(d.fd, 0),
		       "  no table: SCHED_COUNT 0, SCHED_ENTRY(0) -EINVAL (%d)", n);
		tap_ok(job_works_fresh(&d), "  the device stays usable: a job works");
		close(d.fd);
	}
	tap_ok(sched_corrupt_round(res, pci, 2, "schedule table: count 16 above 15"),
	       "device reports 16 entries: warning at probe");
	minor = minor_of(pci);
	tap_ok(minor >= 0 && !dev_open(&d, minor) && param_sched_table(d.fd, e) == 0 &&
		   job_works_fresh(&d),
	       "  no table, device usable");
	if (minor >= 0)
		close(d.fd);
	sched_corrupt_round(res, pci, 0, NULL);
	back = sched_table_back(pci, &n);
	tap_ok(back, "x-sched-corrupt off: the table is back after a rebind (%d)", n);
	close(res);
}

/*
 * drv-sched: a firmware image with a malformed schedule table (entry 0 an
 * unknown order, CRC valid) makes the device refuse it (FW_ERR_SCHED):
 * bind fails with -EINVAL, no accel node, the kernel log names the status;
 * the good image restored, the device comes back with its table.  Then
 * the device lying about its table (untrusted device).
 */
void test_sched_fw(void)
{
	struct sched_ent e[IDXGEN_SCHED_MAX_ENTRIES];
	int dbg = find_debug_dev(), r, k, minor;
	uint8_t *img, *bad;
	long len = fw_read(SCHED_FW, &img);
	size_t off = len > 0 ? fw_sched_off(img, len) : 0;
	char pci[64];
	struct dev d;

	if (!tap_ok(dbg >= 0 && off && !dev_open(&d, dbg), "debug device and %s with a table",
		    SCHED_FW)) {
		free(img);
		return;
	}
	snprintf(pci, sizeof(pci), "%s", d.pci);
	close(d.fd);
	bad = malloc(len);
	memcpy(bad, img, len);
	bad[off + 4] = IDXGEN_ORDER_COUNT; /* entry 0's order */
	memset(bad + offsetof(struct idxgen_fw_header, crc32), 0, 4);
	r = (int)sched_crc32(0, bad, len);
	memcpy(bad + offsetof(struct idxgen_fw_header, crc32), &r, 4);
	tap_ok(write_all(SCHED_FW, bad, len) == 0, "malformed table written to %s", SCHED_FW);
	k = kmsg_open();
	r = sched_rebind(pci);
	tap_ok(r == -EINVAL, "rebind with it: bind -EINVAL (%d)", r);
	tap_ok(minor_of(pci) < 0, "  no accel node for %s", pci);
	tap_ok(kmsg_wait(k, "status 10 (bad schedule table)", HANG_GUARD_S),
	       "  kernel log: firmware rejected, status 10 (bad schedule table)");
	close(k);
	tap_ok(write_all(SCHED_FW, img, len) == 0 && sched_rebind(pci) == 0,
	       "good image restored, bind works");
	minor = minor_of(pci);
	tap_ok(minor >= 0 && !dev_open(&d, minor) && param_sched_table(d.fd, e) > 0 &&
		   job_works_fresh(&d),
	       "  device back with its table, a job works");
	if (minor >= 0)
		close(d.fd);
	free(bad);
	free(img);
	test_sched_untrusted(pci);
}
